"""Machine state of the golden model: warps, CTAs, memories, faults.

Conventions (see ``docs/sim-semantics-api.md``):

* Lane masks (ValidMask, ActiveMask, YieldMask, SleepMask, SwitchMask,
  predicates P0-P6/PT, B registers) are Python ints, bit *i* = lane *i*.
* GPRs are a ``(256, 32)`` ``numpy.uint32`` array per warp (row 255 is RZ and
  stays 0); uniform registers and uniform predicates are Python lists.
* RPC is a ``(32,)`` ``numpy.int64`` array of byte addresses.
"""
from __future__ import annotations

import bisect
from typing import Callable
from dataclasses import dataclass, field

import numpy as np

FULL = 0xFFFFFFFF
MASK32 = 0xFFFFFFFF
MASK64 = (1 << 64) - 1
WARP_SIZE = 32
INST_SIZE = 16

@dataclass(frozen=True)
class RegisterFile:
    """One register file as the database's register type describes it: the
    number of registers (``2**width``) and the index of its constant register
    (the value named ``RZ``/``URZ``, ``PT``/``UPT``)."""

    type: str
    count: int
    constant: str
    index: int


#: The register files this model implements (array shapes, the constant
#: registers).  :func:`check_register_files` verifies at simulator build that
#: the database defines exactly these; the values below are read from the
#: shipped ``base.isa`` (``RZ = 255;`` ...), and a test compares them.
REGISTER_FILES = (RegisterFile("Reg", 256, "RZ", 255), RegisterFile("UReg", 64, "URZ", 63),
                  RegisterFile("Pred", 8, "PT", 7), RegisterFile("UPred", 8, "UPT", 7))
RZ, URZ, PT, UPT = (f.index for f in REGISTER_FILES)


def register_files(db) -> tuple[RegisterFile, ...]:
    """The register files *db* defines (those of :data:`REGISTER_FILES` whose type it has)."""
    out = []
    for f in REGISTER_FILES:
        t = db.types.get(f.type)
        if t is None or not t.is_enum:
            continue
        out.append(RegisterFile(f.type, 1 << t.width, f.constant, t.by_name.get(f.constant, -1)))
    return tuple(out)


def check_register_files(db) -> list[str]:
    """Differences between *db*'s register types and the model's register
    files (empty when they agree; the simulator refuses a database that differs)."""
    model = {f.type: f for f in REGISTER_FILES}
    out = []
    for f in register_files(db):
        m = model[f.type]
        if f.count != m.count:
            out.append(f"{f.type} has {f.count} registers; the simulator models {m.count}")
        if f.index != m.index:
            got = f"is {f.index}" if f.index >= 0 else "is not defined"
            out.append(f"{f.type}.{f.constant} {got}; the simulator models {f.constant} = {m.index}")
    return out

LANES = np.arange(WARP_SIZE, dtype=np.uint32)
_LANE_BITS = np.uint64(1) << np.arange(WARP_SIZE, dtype=np.uint64)

# warp scheduling states
READY, SLEEPING, BARRIER, EXITED, STOPPED = "ready", "sleeping", "barrier", "exited", "stopped"
#: their codes in the batched engine's per-warp state array (engine_batched, sim/fastpath)
S_READY, S_SLEEPING, S_BARRIER, S_EXITED, S_STOPPED = range(5)
#: failed synchronisations in a row (a warp switching between lane groups that each wait for the
#: other) before a deadlock, in both engines (semantics/bru.py)
DEADLOCK_SWITCHES = 2 * WARP_SIZE + 2


#: every fault kind (the run's status after a fault); docs/simulator-run.md lists them
FAULT_KINDS = ("invalid-instruction", "pc-out-of-range", "memory", "misaligned", "trap", "syscall",
               "special-register", "invalid-operand", "shfl-inactive", "deadlock", "step-limit")


class Fault(Exception):
    """An architectural fault raised inside the model.  The simulator catches it
    and reports it as the run's status (with cta/warp/pc/instruction); it never
    escapes to the user of :class:`~gpuisa.sim.Simulator`.

    Kinds: ``invalid-instruction``, ``pc-out-of-range``, ``memory``,
    ``misaligned``, ``trap``, ``syscall``, ``special-register``,
    ``shfl-inactive`` (strict mode), ``deadlock``, ``step-limit``,
    ``invalid-operand``.
    """

    def __init__(self, kind: str, message: str, **info):
        super().__init__(message)
        self.kind = kind
        self.message = message
        self.info = info


# -- mask <-> array helpers -------------------------------------------------
_MASK_CACHE: dict[int, np.ndarray] = {}


def mask2array(mask) -> np.ndarray:
    """Lanes of a mask as bools: a Python int gives a read-only ``(32,)`` array
    (cached; do not modify); an array of masks of shape ``S`` (e.g. ``(n,)``,
    one mask per warp of a batch) gives a fresh ``S + (32,)`` array."""
    if isinstance(mask, np.ndarray):
        return ((mask.astype(np.uint32, copy=False)[..., None] >> LANES) & 1).astype(bool)
    a = _MASK_CACHE.get(mask)
    if a is None:
        a = ((mask >> LANES) & 1).astype(bool) if mask else np.zeros(WARP_SIZE, bool)
        a.setflags(write=False)
        if len(_MASK_CACHE) > 4096:
            _MASK_CACHE.clear()
        _MASK_CACHE[mask] = a
    return a


def array2mask(arr):
    """Lane mask of bools over lanes (the last axis): a ``(32,)`` array gives a
    Python int; an ``S + (32,)`` array gives a ``uint32`` array of shape ``S``
    (one mask per warp of a batch)."""
    a = np.asarray(arr, dtype=bool)
    if a.ndim <= 1:
        return int.from_bytes(np.packbits(a, bitorder="little").tobytes(), "little")
    p = np.ascontiguousarray(np.packbits(a, axis=-1, bitorder="little"))
    return p.view("<u4")[..., 0].astype(np.uint32, copy=False)


def any_lane(mask) -> bool:
    """True if *mask* (an int, or an array of per-warp masks) has a lane in any warp
    (the batch-safe form of ``if mask:``)."""
    if isinstance(mask, np.ndarray):
        return bool(mask.any())
    return bool(mask)


def all_lanes(mask, of=0xFFFFFFFF) -> bool:
    """True if every warp's *mask* holds all the lanes of *of* (default: all 32)."""
    if isinstance(mask, np.ndarray) or isinstance(of, np.ndarray):
        return bool(np.all((np.asarray(mask) & of) == of))
    return mask & of == of


def ffs_lanes(mask):
    """:func:`ffs` of an int, or of each mask of an array (``int64``, -1 for 0)."""
    if not isinstance(mask, np.ndarray):
        return ffs(mask)
    m = mask.astype(np.int64) & 0xFFFFFFFF
    low = m & -m
    out = np.full(m.shape, -1, np.int64)
    nz = low != 0
    out[nz] = np.log2(low[nz].astype(np.float64)).astype(np.int64)
    return out


def ffs(mask: int) -> int:
    """Index of the lowest set bit (the seed's ``ffs``), -1 for 0."""
    return (mask & -mask).bit_length() - 1


def lanes_of(mask: int):
    """Iterate over the lane numbers in *mask*."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


# -- memories -----------------------------------------------------------------
_DT = {1: np.uint8, 2: np.uint16, 4: np.uint32, 8: np.uint64}
_SHIFT = {1: 0, 2: 1, 4: 2, 8: 3, 16: 4}


def _all_lanes(mask) -> bool:
    """Every lane of every warp of *mask* (an int, or an array of per-warp masks)."""
    if isinstance(mask, np.ndarray):
        return bool((mask == FULL).all())
    return mask == FULL


@dataclass
class Segment:
    name: str
    base: int
    data: np.ndarray  # uint8, 1-D (a view of the user's buffer when possible)
    views: dict = field(default_factory=dict)

    @property
    def end(self) -> int:
        return self.base + self.data.size

    def view(self, size: int) -> np.ndarray:
        v = self.views.get(size)
        if v is None:
            n = self.data.size // size * size
            v = self.data[:n].view(_DT[size])
            self.views[size] = v
        return v


#: Bytes of local memory per thread (LDL/STL; ``Simulator(local_size=...)``), allocated
#: for a warp when it first uses local memory.
DEFAULT_LOCAL = 16 * 1024
#: Lane i's local memory starts at address i << LOCAL_LANE_SHIFT of the warp's local Memory.
LOCAL_LANE_SHIFT = 32

#: The generic-address windows (generic.isa, decision GA-1): a generic address in
#: [SHARED_WINDOW, SHARED_WINDOW + WINDOW_SIZE) is a shared-memory offset of the CTA, one in
#: [LOCAL_WINDOW, LOCAL_WINDOW + WINDOW_SIZE) a local-memory offset of the thread, any other
#: a global address.  SR_SWINHI / SR_LWINHI read their high words; the CUDA ABI puts them in
#: constant bank 0 (gpuisa.cuda.abi).
SHARED_WINDOW = 0x7F00_0000_0000
LOCAL_WINDOW = 0x7E00_0000_0000
WINDOW_SIZE = 1 << 32


def local_memory(warp, size: int) -> "LocalAccess":
    """The warp's local memory: the :class:`Memory` interface over addresses ``(i << 32) + k``
    (lane i's byte k), on the grid's :class:`LocalMemory` (``warp.cta.local``).  A warp made
    outside a simulator gets a private one of *size* bytes per thread on first use."""
    pool = getattr(warp.cta, "local", None)
    if pool is None:
        m = getattr(warp, "local_mem", None)
        if m is None:
            m = warp.local_mem = LocalMemory(1, size).access(0)
        return m
    return pool.access(warp.gid)


#: smallest page of local memory per lane (bytes; a multiple of 16: an aligned access of up to
#: 16 bytes never spans two pages) and the most pages a thread's local memory is cut into
LOCAL_PAGE_MIN = 128
LOCAL_PAGES_MAX = 128


class LocalMemory:
    """The local memory of every thread of a grid (decision D13-M-1): ``size`` bytes per thread,
    cut into pages of ``page`` bytes; a warp's page k (32 lanes' bytes, lane-major) is allocated
    in ``data`` when a store first touches it (``table[warp, k]``: its slot; 0 is a page of zeros
    that is never written, what a load of an untouched page reads).  One warp's access and a
    batch's are then one gather or scatter, and memory grows with the pages the threads use (the
    stack's top frames), not with the warps times ``size``."""

    space = "local"

    def __init__(self, nwarps: int, size: int):
        self.nwarps = nwarps
        self.size = size
        page = LOCAL_PAGE_MIN
        while page * LOCAL_PAGES_MAX < size:
            page *= 2
        self.page = page
        self.shift = page.bit_length() - 1
        self.npages = max(1, -(-size // page))
        self.table: np.ndarray | None = None    # (nwarps, npages) int32, allocated at the first access
        self.data = np.zeros((1, WARP_SIZE * page), np.uint8)   # slot 0: the zero page
        self.used = 1                           # slots in use (data may hold more rows)

    def access(self, warps) -> "LocalAccess":
        """The memory API for one warp (an int) or a batch (an array of warp numbers)."""
        return LocalAccess(self, warps)

    def _table(self) -> np.ndarray:
        t = self.table
        if t is None:
            t = self.table = np.zeros((self.nwarps, self.npages), np.int32)
        return t

    def _grow(self, k: int) -> None:
        need = self.used + k
        if need > self.data.shape[0]:
            cap = max(need, 2 * self.data.shape[0])
            new = np.zeros((cap, self.data.shape[1]), np.uint8)
            new[:self.used] = self.data[:self.used]
            self.data = new

    def index(self, warps, addrs, mask, size: int, store: bool) -> tuple[np.ndarray, np.ndarray | None]:
        """``(element indices into data viewed as the unsigned type of *size*, bools of the lanes
        accessed or None for every lane)`` of the lanes of *mask*; *addrs* ``(i << 32) + offset``
        per lane.  Faults before anything changes: misaligned (the first such lane, in lane
        order), then out of bounds (the first such lane) -- the address is reported.  A store
        allocates the pages it touches."""
        shape = np.shape(mask) + (WARP_SIZE,)
        a = np.broadcast_to(np.asarray(addrs), shape)
        m = None if _all_lanes(mask) else mask2array(mask)
        w = np.asarray(warps, np.int64).reshape(np.shape(mask) + (1,))
        if m is None:
            a = a.reshape(-1)
            w = np.broadcast_to(w, shape).reshape(-1)
        else:
            a = a[m]
            w = np.broadcast_to(w, shape)[m]
        a = a.astype(np.int64, copy=False)     # below 2^37: (lane << 32) + a 32-bit offset
        off = a & MASK32
        if size > 1 and (off & (size - 1)).any():
            v = int(a[(off & (size - 1)) != 0][0])
            raise Fault("misaligned", f"local memory access of {size} bytes at 0x{v:x} is misaligned", address=v)
        lane = a >> LOCAL_LANE_SHIFT
        bad = (off > self.size - size) | (lane >= WARP_SIZE)
        if bad.any():
            v = int(a[bad][0])
            raise Fault("memory", f"local memory access of {size} bytes at 0x{v:x} is out of bounds", address=v)
        key = w * self.npages + (off >> self.shift)
        t = self._table().reshape(-1)
        slot = t[key]
        if store:
            new = slot == 0
            if new.any():       # allocate each (warp, page) pair once, in order of first touch
                uk, first = np.unique(key[new], return_index=True)
                uk = uk[np.argsort(first, kind="stable")]
                self._grow(uk.size)
                t[uk] = np.arange(self.used, self.used + uk.size, dtype=np.int32)
                self.used += uk.size
                slot = t[key]
        byte = (((slot.astype(np.int64) << 5) + lane) << self.shift) + (off & (self.page - 1))
        return byte >> _SHIFT[size], m

    def view(self, size: int) -> np.ndarray:
        return self.data.reshape(-1).view(_DT[size])


class LocalAccess:
    """:class:`Memory`'s ``load``/``store`` on local memory for one warp (*warps* an int: ``(32,)``
    addresses and an int mask) or a batch (*warps* ``(n,)``: ``(n, 32)`` addresses, ``(n,)`` masks);
    an address is ``(lane << 32) + offset``."""

    space = "local"
    segments: list = []

    def __init__(self, pool: LocalMemory, warps):
        self.pool = pool
        self.warps = warps

    @property
    def size(self) -> int:
        """Bytes of local memory per thread."""
        return self.pool.size

    def load(self, addrs, mask, size: int = 4) -> np.ndarray:
        shape = np.shape(mask) + (WARP_SIZE,)
        if not any_lane(mask):
            return np.zeros(shape, _DT[size])
        idx, m = self.pool.index(self.warps, addrs, mask, size, False)
        v = self.pool.view(size)[idx]
        if m is None:
            return v.reshape(shape)
        out = np.zeros(shape, _DT[size])
        out[m] = v
        return out

    def store(self, addrs, values, mask, size: int = 4) -> None:
        """As :meth:`Memory.store`: colliding lanes cannot occur (each lane has its own bytes)."""
        if not any_lane(mask):
            return
        if Memory.log is not None:
            Memory.log.append(("local", addrs, values, size, mask))
        idx, m = self.pool.index(self.warps, addrs, mask, size, True)
        if np.ndim(values):
            v = np.broadcast_to(np.asarray(values), np.shape(mask) + (WARP_SIZE,))
            v = (v if m is None else v[m]).reshape(-1).astype(_DT[size], copy=False)
        else:
            v = np.full(idx.size, int(values) & ((1 << (8 * size)) - 1), _DT[size])
        self.pool.view(size)[idx] = v


class Memory:
    """A byte-addressed memory made of segments (numpy buffers).  Accesses are
    vectorised over lanes; an address outside every segment is a ``memory``
    fault, an address not a multiple of the access size a ``misaligned`` one.

    ``Memory.log``: while the simulator records a step (trace, ``step()``), a
    list receiving every store as ``(space, addresses, values, size, lanes)``;
    None otherwise (a class attribute: one recorder for every memory)."""

    log: list | None = None

    def __init__(self, space: str):
        self.space = space
        self.segments: list[Segment] = []
        self._bases: list[int] = []

    def add(self, name: str, base: int, data: np.ndarray) -> Segment:
        buf = np.ascontiguousarray(data)
        if buf is not data and isinstance(data, np.ndarray):
            pass
        u8 = buf.reshape(-1).view(np.uint8)
        seg = Segment(name, base, u8)
        i = bisect.bisect(self._bases, base)
        self._bases.insert(i, base)
        self.segments.insert(i, seg)
        return seg

    def _segment(self, addr: int, size: int) -> Segment:
        i = bisect.bisect(self._bases, addr) - 1
        if i >= 0:
            s = self.segments[i]
            if addr + size <= s.end:
                return s
        raise Fault("memory", f"{self.space} memory access of {size} bytes at 0x{addr:x} is out of bounds",
                    address=addr)

    def _check(self, addrs: np.ndarray, size: int) -> Segment | None:
        """The one segment holding every address (None if they span several)."""
        if size > 1:
            bad = (addrs & np.uint64(size - 1)) != 0
            if bad.any():
                a = int(addrs[bad][0])
                raise Fault("misaligned", f"{self.space} memory access of {size} bytes at 0x{a:x} is misaligned",
                            address=a)
        lo, hi = int(addrs.min()), int(addrs.max())
        s = self._segment(lo, size)
        if hi + size <= s.end:
            return s
        for a in addrs.tolist():
            self._segment(int(a), size)
        return None

    def _whole(self, addrs, mask, size: int):
        """(segment, element indices, lane shape) when every lane of every warp of *mask* accesses
        one segment (aligned, in bounds); None when the lanes span several."""
        shape = np.shape(mask) + (WARP_SIZE,)
        a = np.broadcast_to(np.asarray(addrs), shape).astype(np.uint64).reshape(-1)
        s = self._check(a, size)
        if s is None:
            return None
        a -= np.uint64(s.base)
        a >>= np.uint64(_SHIFT[size])
        return s, a.view(np.int64), shape

    def load(self, addrs, mask, size: int = 4) -> np.ndarray:
        """Per-lane load of *size* bytes at *addrs* in the lanes of *mask*; other
        lanes read 0.  One warp: *mask* an int, *addrs* ``(32,)`` integers (or one
        int), result ``(32,)``; a batch: *mask* ``(n,)`` masks, *addrs* ``(n, 32)``
        (or broadcastable), result ``(n, 32)``; of the unsigned type of *size*."""
        if not isinstance(mask, np.ndarray) and not mask:
            return np.zeros(WARP_SIZE, _DT[size])
        if np.ndim(addrs) and _all_lanes(mask):     # speed: every lane of every warp, one gather
            hit = self._whole(addrs, mask, size)
            if hit is not None:
                s, idx, shape = hit
                return s.view(size)[idx].reshape(shape)
        m = mask2array(mask)
        out = np.zeros(m.shape, _DT[size])
        a = np.broadcast_to(np.asarray(addrs), m.shape)[m].astype(np.uint64) if np.ndim(addrs) \
            else np.full(int(m.sum()), int(addrs) & MASK64, np.uint64)
        if not a.size:
            return out
        s = self._check(a, size)
        if s is not None:
            out[m] = s.view(size)[((a - np.uint64(s.base)) // np.uint64(size)).astype(np.int64)]
        else:
            vals = []
            for ai in a.tolist():
                sg = self._segment(ai, size)
                vals.append(sg.view(size)[(ai - sg.base) // size])
            out[m] = vals
        return out

    def store(self, addrs, values, mask, size: int = 4) -> None:
        """Per-lane store (shapes as :meth:`load`); when lanes collide the highest
        lane wins (in a batch: the last warp of the batch, then the highest lane)."""
        if not isinstance(mask, np.ndarray) and not mask:
            return
        if Memory.log is not None:
            Memory.log.append((self.space, addrs, values, size, mask))
        if np.ndim(addrs) and np.ndim(values) and _all_lanes(mask):   # speed: every lane, one scatter
            hit = self._whole(addrs, mask, size)
            if hit is not None:
                s, idx, shape = hit
                s.view(size)[idx] = np.broadcast_to(np.asarray(values), shape).reshape(-1).astype(_DT[size], copy=False)
                return
        m = mask2array(mask)
        a = np.broadcast_to(np.asarray(addrs), m.shape)[m].astype(np.uint64) if np.ndim(addrs) \
            else np.full(int(m.sum()), int(addrs) & MASK64, np.uint64)
        if not a.size:
            return
        v = np.broadcast_to(np.asarray(values), m.shape)[m].astype(_DT[size]) if np.ndim(values) \
            else np.full(int(m.sum()), int(values) & ((1 << (8 * size)) - 1), _DT[size])
        s = self._check(a, size)
        if s is not None:
            s.view(size)[((a - np.uint64(s.base)) // np.uint64(size)).astype(np.int64)] = v
        else:
            for ai, vi in zip(a.tolist(), v.tolist()):
                sg = self._segment(ai, size)
                sg.view(size)[(ai - sg.base) // size] = vi

    def read_scalar(self, addr: int, size: int = 4) -> int:
        if size > 1 and addr % size:
            raise Fault("misaligned", f"{self.space} memory access of {size} bytes at 0x{addr:x} is misaligned",
                        address=addr)
        s = self._segment(addr, size)
        return int(s.view(size)[(addr - s.base) // size])

    def write_scalar(self, addr: int, value: int, size: int = 4) -> None:
        if size > 1 and addr % size:
            raise Fault("misaligned", f"{self.space} memory access of {size} bytes at 0x{addr:x} is misaligned",
                        address=addr)
        s = self._segment(addr, size)
        s.view(size)[(addr - s.base) // size] = value & ((1 << (8 * size)) - 1)
        if Memory.log is not None:
            Memory.log.append((self.space, addr, value, size, None))


class ConstantBanks:
    """Constant memory: up to 64 banks of up to 64 KiB, read-only for programs.
    Bank 0 holds the kernel parameters."""

    def __init__(self):
        self.banks: dict[int, np.ndarray] = {}

    def set(self, bank: int, data) -> None:
        if isinstance(data, (bytes, bytearray, memoryview)):
            arr = np.frombuffer(bytes(data), np.uint8).copy()
        elif isinstance(data, np.ndarray):
            arr = np.ascontiguousarray(data).reshape(-1).view(np.uint8).copy()
        else:  # sequence of 32-bit words
            arr = np.asarray([int(v) & MASK32 for v in data], dtype=np.uint32).view(np.uint8).copy()
        self.banks[bank] = arr

    def read(self, bank: int, offset: int, size: int = 4) -> int:
        arr = self.banks.get(bank)
        if offset % size:
            raise Fault("misaligned", f"constant access c[0x{bank:x}][0x{offset:x}] of {size} bytes is misaligned")
        if arr is None or offset + size > arr.size or offset < 0:
            raise Fault("memory", f"constant access c[0x{bank:x}][0x{offset:x}] of {size} bytes is out of bounds")
        return int.from_bytes(arr[offset:offset + size].tobytes(), "little")

    def read_lanes(self, bank: int, offsets, mask, size: int = 4) -> np.ndarray:
        """Per-lane reads (``LDC`` with a register offset); shapes as
        :meth:`Memory.load`.  The first faulting lane (in lane order) faults."""
        m = mask2array(mask)
        out = np.zeros(m.shape, _DT[size])
        offs = np.broadcast_to(np.asarray(offsets, dtype=np.int64), m.shape)[m]
        if not offs.size:
            return out
        arr = self.banks.get(bank)
        n = 0 if arr is None else arr.size
        bad = (offs % size != 0) | (offs < 0) | (offs + size > n)
        if bad.any():
            self.read(bank, int(offs[bad][0]), size)   # raises the fault of the first bad lane
        assert arr is not None   # no bank: every lane is out of range (faulted above)
        out[m] = arr[:n // size * size].view(_DT[size])[offs // size]
        return out


class Barrier:
    """One use of a CTA's named barrier (decision NB-1): the arrivals since it last completed."""

    __slots__ = ("expected", "threads", "warps", "waiting", "red")

    def __init__(self) -> None:
        self.expected: int | None = None   # threads of the latest arrival's count; None: every live warp
        self.threads = 0                   # threads arrived, 32 per arriving warp
        self.warps: set[int] = set()       # indices of the warps that arrived
        self.waiting: list[Warp] = []      # warps waiting for completion (BAR.SYNC, BAR.RED)
        self.red: list | None = None       # BAR.RED: [count, truth, op] (decision AT-2)

    def complete(self, live: set[int]) -> bool:
        """Whether the arrivals complete the barrier, *live* the CTA's non-exited warps."""
        if self.expected is None:
            return bool(self.warps) and live <= self.warps
        return self.threads >= self.expected


class CTA:
    """One CTA: its warps and its shared memory, allocated at the first access
    (a large grid of CTAs that never use shared memory costs no memory for it)."""

    def __init__(self, linear: int, ctaid: tuple[int, int, int], shared_size: int):
        self.linear = linear
        self.ctaid = ctaid
        self.shared_size = shared_size
        self._shared: Memory | None = None
        self.warps: list[Warp] = []
        #: the named barriers 0..15 that warps have arrived at (decisions NB-1..NB-4)
        self.bars: dict[int, Barrier] = {}
        #: ``f(linear) -> uint8 array`` giving this CTA's shared bytes (the simulator's pool)
        self.pool: "Callable[[int], np.ndarray] | None" = None
        #: in a cluster launch, the linear numbers of the CTAs of this CTA's cluster by rank
        #: (sim/cluster.py); None without clusters
        self.peers: list[int] | None = None
        #: the grid's local memory (the simulator's; LDL/STL, generic local addresses)
        self.local: LocalMemory | None = None

    @property
    def shared(self) -> Memory:
        """The CTA's shared memory from offset 0; in a cluster launch, the cluster's shared window:
        rank r's memory from ``r << 24`` (decision D10-C-5)."""
        m = self._shared
        if m is None:
            m = self._shared = Memory("shared")
            if self.peers is not None and self.pool is not None:
                for r, lin in enumerate(self.peers):
                    m.add("shared", r << 24, self.pool(lin))
            else:
                m.add("shared", 0, self.pool(self.linear) if self.pool is not None
                      else np.zeros(self.shared_size, np.uint8))
        return m


class Warp:
    """Per-warp architectural state, named as in the branch-unit page."""

    def __init__(self, cta: CTA, index: int, gid: int, nlanes: int, entry: int, R=None, rpc=None, depth=None,
                 park=None, rpcreg=None):
        self.cta = cta
        self.index = index  # warp index within the CTA (SR_WARPID)
        self.gid = gid      # linear index over the grid (scheduling order)
        # R: (registers, 32), usually a view of the simulator's (registers, warps, 32) array;
        # only the registers the program names are allocated (RZ is never stored)
        self.bind_registers(np.zeros((RZ, WARP_SIZE), np.uint32) if R is None else R)
        self.P = [0] * PT + [FULL]           # lane masks; P[7] is PT
        self.UR = [0] * (URZ + 1)            # UR[63] is URZ
        self.UP = [False] * UPT + [True]     # UP[7] is UPT
        self.B = [0] * 16
        # lanes a BSYNC released the others past (YIELD, asleep), by (B register, address of the
        # BSYNC, call depth): they pass that BSYNC without waiting (decision D7-simt-1)
        self.owed: dict[tuple[int, int, int], int] = {}
        # per (B register, BSYNC address): the YIELD members still missing, the attempts that
        # found them missing (decision D7-simt-6), their state then and the attempts in a row
        # that found it unchanged (decision D10-I-1)
        self.patience: dict[tuple[int, int], tuple[int, int, bytes, int]] = {}
        self.pc = entry                      # ActivePC
        self.rpc = np.full(WARP_SIZE, entry, np.int64) if rpc is None else rpc
        # per-lane call depth (CALL +1, RET -1): which activation a lane parked at a BSYNC belongs to
        # (recursion; decision GA-11)
        self.depth = np.zeros(WARP_SIZE, np.int32) if depth is None else depth
        # per lane, the return-PC register Rpc's two 32-bit halves (LO, HI): RPCMOV's spill slot (D11-1)
        self.rpcreg = np.zeros((2, WARP_SIZE), np.uint32) if rpcreg is None else rpcreg
        # per lane, where it last failed a BSYNC or WARPSYNC, and what it waits for there: the B
        # register of a BSYNC (its current value), else (-1) the member mask of a WARPSYNC
        # (decision D7-simt-3: a BSYNC does not wait for lanes that wait for it)
        if park is None:
            park = (np.full(WARP_SIZE, -1, np.int64), np.full(WARP_SIZE, -1, np.int8), np.zeros(WARP_SIZE, np.uint32))
        self.parkpc: np.ndarray = park[0]
        self.parkreg: np.ndarray = park[1]
        self.parkwait: np.ndarray = park[2]
        valid = (1 << nlanes) - 1
        self.valid = valid                   # ValidMask
        self.active = valid                  # ActiveMask
        self.yield_mask = 0                  # YieldMask
        self.sleep = 0                       # SleepMask
        self.switch = 0                      # SwitchMask
        self.timer: int | None = None        # model clock at which SleepMask clears
        self.state = READY
        self.issued = 0                      # warp-instructions issued by this warp
        self.bar_result = (0, False, "POPC")  # B2R.RESULT: the reduction of the last barrier waited at
        self.sreg: dict[int, int] = {}       # writable special registers (SETREG)
        self.trap_stack: list[tuple[int, int, int]] = []  # (return PC, saved ActiveMask, trapping lanes)

    def bind_registers(self, R: np.ndarray) -> None:
        self.R = R

    @property
    def Rs(self) -> np.ndarray:
        """The registers read as int32 (a view, no copy)."""
        return self.R.view(np.int32)

    @property
    def Rf(self) -> np.ndarray:
        """The registers read as float32 (a view, no copy)."""
        return self.R.view(np.float32)

    @property
    def exited(self) -> bool:
        return self.state == EXITED

    def masks(self) -> dict:
        return {"pc": self.pc, "valid": self.valid, "active": self.active, "yield": self.yield_mask,
                "sleep": self.sleep, "switch": self.switch}

    def __repr__(self) -> str:
        return (f"<Warp cta={self.cta.linear} warp={self.index} pc=0x{self.pc:x} valid=0x{self.valid:08x} "
                f"active=0x{self.active:08x} {self.state}>")
