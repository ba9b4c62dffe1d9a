"""The golden-model simulator: launch, scheduler, step records, results."""
from __future__ import annotations

import contextlib
import gc
import json
import os
import re
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator, Mapping, Sequence

import numpy as np

from ..errors import Coord, Diagnostic, ModelError, UsageError
from ..asm.disassembler import decode_one
from ..asm.instruction import per_database
from ..fsutil import atomic_open
from .context import UNSET, Exec
from .fastpath import gp_plans
from .fastpath.gp_plans import plan_for
from .registry import check_complete, is_user_opcode, lookup, user_opcodes_without_semantics
from .cluster import Clusters
from .state import check_register_files
from .watchdog import Watchdog
from .state import (DEFAULT_LOCAL, BARRIER, CTA, Barrier, EXITED, INST_SIZE, MASK32, READY, SLEEPING, STOPPED, WARP_SIZE,
                    ConstantBanks, Fault, LocalMemory, Memory, Warp, mask2array)

TRACE_FORMAT = "gpuisa-trace"
TRACE_VERSION = 2  # 2: "stores" and barrier/sleep/yield events (docs/trace-format.md); readers accept 1
GLOBAL_BASE = 0x1000_0000
DEFAULT_SHARED = 48 * 1024
#: default step limit, the same for ``gpuisa run --max-steps`` and the API: at least
#: DEFAULT_MAX_STEPS warp-instructions, DEFAULT_STEPS_PER_WARP per warp of larger grids
#: (so that 1,024 CTAs running a 200-iteration loop do not hit it)
DEFAULT_MAX_STEPS = 10_000_000
DEFAULT_STEPS_PER_WARP = 100_000


def default_max_steps(n_warps: int) -> int:
    """The step limit when none is given: grows with the grid."""
    return max(DEFAULT_MAX_STEPS, DEFAULT_STEPS_PER_WARP * int(n_warps))


def warp_bytes(nregs: int) -> int:
    """The memory a warp of a program naming *nregs* registers takes: 128 bytes per register and
    :data:`WARP_BASE_BYTES` (the grid limit, its message, decision D13-5)."""
    return nregs * WARP_SIZE * 4 + WARP_BASE_BYTES


def default_max_warps(nregs: int) -> int:
    """The largest grid accepted without ``max_warps=``: as many warps as fit in
    :data:`DEFAULT_GRID_BYTES` with *nregs* registers each (decision D13-5)."""
    return DEFAULT_GRID_BYTES // warp_bytes(nregs)


#: threads per CTA at most (CUDA's limit)
MAX_BLOCK_THREADS = 1024
#: the state a grid may take without ``max_warps=`` (:func:`default_max_warps`; decision D13-5).
#: Registers are allocated by use: each warp holds only the GPRs the program names (up to its
#: highest register number, 128 bytes each) and about 3 KiB more (:data:`WARP_BASE_BYTES`), so
#: the default admits 838,860 warps of a kernel using 16 registers, about 120,000 of one using all 255
#: (shared memory is allocated per CTA at its first use, local memory by pages at their first store)
DEFAULT_GRID_BYTES = 4 << 30
#: distinct warning events kept in Result.events (one per kind/cta/warp/pc, with a count)
MAX_EVENTS = 256
#: per-warp state besides the registers (Warp object, masks, RPC, the D7-simt-3 park records, the
#: batched engine's arrays), bytes: measured, 5.1 KiB per warp for a 16-register kernel (D13-5)
WARP_BASE_BYTES = 3072
#: registers past the highest one named by an instruction that it may touch (quad accesses)
_REG_MARGIN = 3
ENGINES = ("batched", "reference")


@dataclass
class StepRecord:
    """One executed warp-instruction (for co-simulation and traces)."""

    step: int
    cta: int
    warp: int
    pc: int
    word: int
    text: str
    before: dict
    after: dict
    writes: list = field(default_factory=list)   # [(reg, lane mask or None, value(s))]
    events: list = field(default_factory=list)
    fault: dict | None = None
    clock: int = 0
    stores: list = field(default_factory=list)   # [{"space", "size", "lanes", "address", "value"}] (trace v2)

    def to_json(self) -> dict:
        d = {"format": TRACE_FORMAT, "version": TRACE_VERSION, "step": self.step, "clock": self.clock,
             "cta": self.cta, "warp": self.warp, "pc": self.pc, "word": f"0x{self.word:032x}", "text": self.text,
             "before": self.before, "after": self.after,
             "writes": [{"reg": r, "mask": m, "value": v} if m is not None else {"reg": r, "value": v}
                        for r, m, v in self.writes],
             "events": self.events, "stores": self.stores}
        if self.fault:
            d["fault"] = self.fault
        return d


@dataclass(eq=False)
class WarpResult:
    cta: int
    warp: int
    ctaid: tuple
    regs: np.ndarray   # (registers allocated, 32) uint32: R0.. up to the highest the program names
    P: np.ndarray      # (7, 32) bool
    UR: np.ndarray     # (63,) uint32
    UP: np.ndarray     # (7,) bool
    B: np.ndarray      # (16,) uint32
    valid: int          # ValidMask at the end
    pc: int
    state: str

    @property
    def R(self) -> np.ndarray:
        """``(255, 32)`` uint32: R0-R254 (registers the program never names read 0;
        built at the first access)."""
        r = self.__dict__.get("_R")
        if r is None:
            r = np.zeros((255, WARP_SIZE), np.uint32)
            n = min(255, self.regs.shape[0])
            r[:n] = self.regs[:n]
            self.__dict__["_R"] = r
        return r

    def __eq__(self, other) -> bool:
        """Same warp, same final state (register and predicate arrays compared by value)."""
        if not isinstance(other, WarpResult):
            return NotImplemented
        return ((self.cta, self.warp, tuple(self.ctaid), self.valid, self.pc, self.state)
                == (other.cta, other.warp, tuple(other.ctaid), other.valid, other.pc, other.state)
                and all(np.array_equal(a, b) for a, b in ((self.regs, other.regs), (self.P, other.P),
                                                          (self.UR, other.UR), (self.UP, other.UP), (self.B, other.B))))

    __hash__ = None     # type: ignore[assignment]  # mutable arrays

    def reg(self, name: str):
        from .initexpr import parse_reg
        kind, n = parse_reg(name)
        return {"R": self.R, "UR": self.UR, "P": self.P, "UP": self.UP, "B": self.B}[kind][n]


class ArrayWarpResults(Sequence):
    """``Result.warps`` of a batched run: a sequence of :class:`WarpResult` built on access from
    the engine's arrays (a 32,768-warp grid's result costs nothing until a warp is read).
    Equal to the list the one-warp path builds (``==`` compares element by element)."""

    def __init__(self, arrays: tuple):
        (self._R, self._P, self._UR, self._UP, self._B, self._valid, self._pc, self._state, self._names,
         self._cta, self._widx, self._ctaid) = arrays
        self._index: dict | None = None

    def __len__(self) -> int:
        return int(self._valid.shape[0])

    def _one(self, i: int) -> WarpResult:
        return WarpResult(int(self._cta[i]), int(self._widx[i]), tuple(int(v) for v in self._ctaid[i]),
                          self._R[:, i], mask2array(self._P[:7, i].copy()), self._UR[:63, i].copy(),
                          self._UP[:7, i].copy(), self._B[:, i].copy(), int(self._valid[i]), int(self._pc[i]),
                          self._names[self._state[i]])

    def __getitem__(self, i):
        if isinstance(i, slice):
            return [self._one(k) for k in range(*i.indices(len(self)))]
        n = len(self)
        if i < 0:
            i += n
        if not 0 <= i < n:
            raise IndexError(i)
        return self._one(i)

    def ids(self) -> list[tuple[int, int]]:
        """Every warp's (cta, warp) (without building the results: ``gpuisa run --json``'s
        ``"warps"`` list of a grid of 100,000 warps with no register dumped, D12-L-2)."""
        return list(zip(self._cta.tolist(), self._widx.tolist()))

    def states(self) -> list[str]:
        """Every warp's final state name (without building the results)."""
        names = self._names
        return [names[c] for c in self._state.tolist()]

    def find(self, cta: int, warp: int) -> WarpResult:
        if self._index is None:
            self._index = {(c, w): k for k, (c, w) in enumerate(zip(self._cta.tolist(), self._widx.tolist()))}
        k = self._index.get((cta, warp))
        if k is None:
            raise KeyError((cta, warp))
        return self._one(k)

    def __eq__(self, other) -> bool:
        return isinstance(other, (list, Sequence)) and len(self) == len(other) and all(a == b for a, b in zip(self, other))

    def __repr__(self) -> str:
        return f"<{len(self)} warp results>"


@dataclass
class Result:
    status: str                 # "ok" or a fault kind
    steps: int
    clock: int
    warps: Sequence[WarpResult]     # a list, or ArrayWarpResults after a batched run
    fault: dict | None = None
    events: list = field(default_factory=list)
    buffers: dict = field(default_factory=dict)
    events_dropped: int = 0     # occurrences at places beyond the first MAX_EVENTS (not in events)
    #: optypes the batched engine replayed one warp at a time (right but slow: speed code to add)
    fallbacks: frozenset = frozenset()

    @property
    def ok(self) -> bool:
        return self.status == "ok"

    def warp(self, cta: int = 0, warp: int = 0) -> WarpResult:
        find = getattr(self.warps, "find", None)    # a lazy sequence finds it without building the others
        if find is not None:
            return find(cta, warp)
        for w in self.warps:
            if w.cta == cta and w.warp == warp:
                return w
        raise KeyError((cta, warp))


def _store_records(log) -> list:
    """Trace v2 ``stores`` of one step: per store, the lanes and their addresses and values."""
    out = []
    for space, addrs, values, size, mask in log or ():
        if space == "barrier":
            continue
        if mask is None:  # a uniform (scalar) store
            out.append({"space": space, "size": size, "lanes": None, "address": [int(addrs)],
                        "value": [int(values) & ((1 << (8 * size)) - 1)]})
            continue
        if isinstance(mask, np.ndarray):  # a lane-mask array (one warp)
            mask = sum(1 << int(i) for i in np.flatnonzero(mask.reshape(-1)[:WARP_SIZE]))
        lanes = [i for i in range(WARP_SIZE) if mask >> i & 1]
        a = np.broadcast_to(np.asarray(addrs), (WARP_SIZE,)).astype(np.uint64)
        v = np.broadcast_to(np.asarray(values), (WARP_SIZE,)).astype(np.uint64) & np.uint64((1 << (8 * size)) - 1)
        out.append({"space": space, "size": size, "lanes": mask, "address": [int(a[i]) for i in lanes],
                    "value": [int(v[i]) for i in lanes]})
    return out


def _state_events(w, before: dict, log) -> list:
    """Trace v2 events derived from the warp's state after a step: barrier, sleep, yield."""
    ev = [{"kind": "barrier", "cta": c, "warp": i, "released": rel}
          for space, c, i, rel, _ in log or () if space == "barrier"]
    if w.state == SLEEPING or w.sleep & ~before["sleep"]:
        ev.append({"kind": "sleep", "lanes": w.sleep, "until": w.timer, "warp_sleeps": w.state == SLEEPING})
    if w.yield_mask & ~before["yield"]:
        ev.append({"kind": "yield", "lanes": w.yield_mask & ~before["yield"]})
    return ev


def _dims(v, name: str) -> tuple[int, int, int]:
    if isinstance(v, int):
        v = (v,)
    v = tuple(int(x) for x in v)
    if not 1 <= len(v) <= 3 or any(x < 1 for x in v):
        raise UsageError(f"{name} must be 1-3 positive integers, got {v}")
    return (v + (1, 1))[:3]


def _program_words(program) -> tuple[list[int], int]:
    base = int(getattr(program, "base", 0) or 0)
    if isinstance(program, (bytes, bytearray, memoryview)):
        data = bytes(program)
    elif hasattr(program, "words"):
        return [int(w) for w in program.words], base
    elif hasattr(program, "data"):
        data = bytes(program.data)
    elif isinstance(program, (list, tuple)):
        return [int(w) for w in program], base
    else:
        raise UsageError(f"cannot simulate a {type(program).__name__}: expected a Program, bytes or a list of words")
    if len(data) % INST_SIZE:
        raise UsageError(f"program size {len(data)} is not a multiple of {INST_SIZE} bytes")
    return [int.from_bytes(data[i:i + INST_SIZE], "little") for i in range(0, len(data), INST_SIZE)], base


_SYMBOL_CHARS = r"[\w.$@]"


def _symbol_column(line: str, symbol: str) -> int:
    """1-based column of *symbol* as a whole name in *line* (its first use in a
    backquoted label expression when there is one); 1 if not found."""
    pat = re.compile(rf"(?<!{_SYMBOL_CHARS}){re.escape(symbol)}(?!{_SYMBOL_CHARS})")
    tick = line.find("`")
    m = pat.search(line, tick if tick >= 0 else 0) or pat.search(line)
    return m.start() + 1 if m else 1


def check_relocations(program, text: str | None = None, filename: str | None = None, *, api: bool = True,
                      note: str | None = None) -> None:
    """Raise :class:`UsageError` if *program* has unresolved relocations
    (references to symbols it does not define): the simulator would run the
    field's addend as if the symbol were 0.  One diagnostic per relocation,
    at ``file:line:col`` of the reference (the column when *text*, the
    program's source, is given); *note* replaces the closing note (a CUDA input's symbols are data
    its listing does not carry, not labels to write)."""
    relocs = list(getattr(program, "relocations", None) or ())
    if not relocs:
        return
    lines = text.split("\n") if text is not None else None
    fname = filename or "<program>"
    diags = []
    for r in sorted(relocs, key=lambda r: (r.line, r.address)):
        src = lines[r.line - 1] if lines is not None and 1 <= r.line <= len(lines) else None
        col = _symbol_column(src, r.symbol) if src is not None else 1
        diags.append(Diagnostic(
            "error", f"undefined symbol '{r.symbol}' (relocation of field '{r.field}' of the instruction at "
                     f"0x{r.address:x}): the simulator cannot run a program with unresolved symbols",
            Coord(fname, r.line, col) if r.line else None, src, max(len(r.symbol), 1)))
    names = sorted({r.symbol for r in relocs})
    hint = ", or pass allow_relocations=True to run with the fields' addends (as if the symbols were 0)" \
        if api else ""
    diags.append(Diagnostic("note", note.format(names=", ".join(names)) if note else
                            f"define {', '.join(names)} in the program (a label){hint}"))
    raise UsageError(diags)


def sparse_zeros(shape: tuple[int, int]) -> np.ndarray:
    """A zeroed uint8 array whose pages become resident only where written, at 4 KiB
    granularity: an anonymous mapping of its own.  ``np.zeros`` of a large array asks the kernel
    for transparent huge pages (numpy madvises arrays of 4 MiB and more), so a CTA's first
    shared store made a whole 2 MiB resident: 8,192 CTAs of 48 KiB, each using 512 bytes, took
    384 MiB instead of 32 MiB."""
    n = shape[0] * shape[1]
    if n < (4 << 20):
        return np.zeros(shape, np.uint8)
    import mmap
    return np.frombuffer(mmap.mmap(-1, n), np.uint8).reshape(shape)


#: decoded instructions by (word, address, plans on), per database, shared by every simulator of
#: the process (what they hold depends only on the word, its address and the database)
_decoded = per_database(lambda db: {})
#: per database: an opcode's GPR fields and how many registers past the first each may span
_reg_field_spans = per_database(lambda db: {})
#: the highest register each word names (-1: none, or not an instruction), for every launch's
#: register-file size (Simulator._registers_used); emptied when it holds _DECODED_MAX words
_word_highest = per_database(lambda db: {})
_DECODED_MAX = 1 << 16


def buffer_addresses(buffers: Mapping) -> dict[str, int]:
    """Where a launch places its *buffers* in global memory: in order from GLOBAL_BASE, each at a
    multiple of 256 with at least 256 bytes after the one before (Simulator.addresses)."""
    out, addr = {}, GLOBAL_BASE
    for name, arr in buffers.items():
        out[name] = addr
        addr = (addr + getattr(arr, "nbytes", 0) + 256 + 255) & ~255
    return out


def word_padded(arr: np.ndarray) -> np.ndarray:
    """*arr*, or for a buffer whose size is not a multiple of 4 bytes a zero-padded copy of its
    bytes (decision D14-H-2): nvcc performs an 8- or 16-bit atomic (``atomicCAS(unsigned short *)``,
    ``cuda::atomic_ref<short>``) as a 32-bit CAS loop on the aligned word holding it (the cubin's
    EIATTR_ATOM16_EMUL_INSTR_REG_MAP), and cudaMalloc's allocations are 256-byte granules, so that
    word is there on a GPU even for a 1- or 2-byte buffer."""
    if arr.nbytes % 4 == 0:
        return arr
    pad = np.zeros(arr.nbytes + (-arr.nbytes) % 4, np.uint8)
    pad[:arr.nbytes] = arr.reshape(-1).view(np.uint8)
    return pad


class Simulator:
    """The golden model running one grid launch of *program*.

    ``Simulator(isa, program, grid=1, block=32, init=None, const=None,
    buffers=None, params=None, strict=False, max_steps=None,
    shared_size=49152, trap_handler=None, syscall=None, entry=None,
    max_warps=None, allow_relocations=False)``

    * *isa*: a :class:`gpuisa.api.ISA` or a :class:`gpuisa.spec.Database`.
    * *program*: an assembled Program (``.data``), bytes, or a list of 128-bit words.
    * *grid*: CTAs (int or (x, y, z)); *block*: threads per CTA (int or tuple,
      flattened) giving ceil(block/32) warps, the last one partial.
    * *init*: ``{"R1": v, "P0": v, "UR4": v, "B0": v}``; *v* is an int, a
      sequence/array of 32 lane values, a callable ``f(lane, warp, cta, tid)``
      or an expression string (see :mod:`gpuisa.sim.initexpr`).
    * *const*: ``{bank: bytes | array | [32-bit words]}``; bank 0 is the kernel
      parameter bank.  *params*: alternatively, a list packed into bank 0:
      ints (4 bytes) and buffer names (their 8-byte address, 8-aligned).
    * *buffers*: ``{name: numpy array}`` placed in global memory (256-byte
      aligned from 0x10000000; addresses in :attr:`addresses`); programs read and
      write them in place.
    * *strict*: SHFL from an inactive lane is a fault instead of a warning event.
    * *trap_handler*: ``f(sim, warp, index) -> None`` called by TRAP (execution
      continues after the TRAP), or an int program address: TRAP jumps there
      and RTT returns.  Default: TRAP stops the run with status ``trap``.
    * *syscall*: ``f(sim, warp) -> None`` called by SYSCALL; default: fault.
    * *max_steps*: stop with a ``step-limit`` fault after this many
      warp-instructions of the whole grid; default (None, the same as ``gpuisa run``)
      :func:`default_max_steps`: 10,000,000, or 100,000 per warp for larger grids.
      The fault lists every unfinished warp (``fault["unfinished"]``).
    * *max_warps*: the largest grid accepted, in warps; default (None)
      :func:`default_max_warps`: as many as fit in 4 GiB (DEFAULT_GRID_BYTES);
      *block* is at most 1024 threads.
    * *cluster*: ``(X, Y, Z)`` (or X) launches thread-block clusters of that shape (the grid a
      multiple of it; at most 16 CTAs): ``SR_CgaCtaId`` is a CTA's rank in its cluster, shared
      addresses' bits 24..31 name a CTA of the cluster, UCGABAR_ARV/WAIT are the cluster
      barrier (``sim/cluster.py``, decisions D10-C-4 .. D10-C-6). Default None: each CTA is a
      cluster of one and shared addresses are plain offsets.
    * *allow_relocations*: run a program with unresolved relocations (the
      relocated fields hold their addends, as if the symbols were 0); by
      default such a program is refused with a :class:`UsageError` naming the
      symbols (:func:`check_relocations`).

    Raises :class:`UsageError` for bad arguments, for a program with
    unresolved symbols, and for a program containing an instruction of a
    user-supplied description file that has no semantics function;
    :class:`ModelError` when an opcode of the shipped ISA has none (a bug).
    """

    #: the kernel-parameter layout of bank 0, set by a front end that packed it (gpuisa.cuda)
    param_layout: Any = None
    #: the SYSCALL callback a front end runs device-runtime functions with (gpuisa.cuda.runtime:
    #: printf's text in its ``output``), set by that front end
    device_runtime: Any = None
    #: a CUDA kernel's device globals (``__device__`` variables) by name -> address (D8-6)
    symbol_addresses: dict[str, int] = {}
    #: a CUDA launch's arrays named like device globals -> (array, the variable's view) (D16-4)
    bound_globals: dict[str, tuple] = {}

    def __init__(self, isa, program, *, grid=1, block=32, init: Mapping | None = None,
                 const: Mapping | None = None, buffers: Mapping | None = None, params=None,
                 strict: bool = False, max_steps: int | None = None, shared_size: int = DEFAULT_SHARED,
                 trap_handler=None, syscall: Callable | None = None, entry: int | None = None,
                 record: bool = False, max_warps: int | None = None, allow_relocations: bool = False,
                 engine: str = "batched", local_size: int = DEFAULT_LOCAL, cluster=None):
        self.isa = isa
        self.db = getattr(isa, "db", isa)
        check_complete(self.db)
        bad = check_register_files(self.db)
        if bad:
            raise UsageError("the database's register types differ from the simulator's register files: "
                             + "; ".join(bad))
        self.words, self.base = _program_words(program)
        self.end = self.base + INST_SIZE * len(self.words)
        self.program = program
        if not allow_relocations:
            check_relocations(program)
        self._unsupported = user_opcodes_without_semantics(self.db)
        if self._unsupported:
            self._check_supported()
        self.grid = _dims(grid, "grid")
        self.block = _dims(block, "block")
        #: the launch's thread-block clusters (sim/cluster.py); None: CTAs are clusters of one
        self.clusters = Clusters(self.grid, _dims(cluster, "cluster")) if cluster is not None else None
        if engine not in ENGINES:
            raise UsageError(f"engine must be one of {', '.join(ENGINES)}, not {engine!r}")
        self.engine = engine
        self._engine = None     # the batched engine while it runs
        self._final_arrays = None
        self.nregs = self._registers_used(init)
        self._check_size(None if max_warps is None else int(max_warps))
        self.strict = strict
        self.local_size = int(local_size)   # bytes of local memory per thread (LDL/STL)
        self.max_steps: int = int(max_steps) if max_steps is not None else None  # type: ignore[assignment]  # None: default_max_steps(warps), set with the warps
        self.trap_handler = trap_handler
        self.syscall = syscall
        self.record = record
        self.steps = 0
        self.clock = 0
        #: reads of the clock (SR_CLOCK*, %globaltimer): the watchdog's digest holds it, so a run
        #: whose future may depend on the time never counts as repeating (decision D12-1)
        self.time_reads = 0
        self.status: str | None = None
        self.fault: dict | None = None
        #: where a PC comes from, for fault reports: ``origin(pc)`` gives fields added to a fault at
        #: that PC (a CUDA kernel's name and listing line: decision D11-B-8); None for plain programs
        self.origin: Callable[[int], dict] | None = None
        self.events: list = []
        self._event_at: dict = {}   # (kind, cta, warp, pc) -> its entry in self.events
        self.events_dropped = 0
        self.fallbacks: set[str] = set()     # the batched engine's per-warp replays (Result.fallbacks)
        self._cache: dict[int, Exec] = {}
        self._texts: dict[int, str] = {}
        self._trace_file = None
        self._pending_events: list | None = None
        # memories
        self.gmem = Memory("global")
        self.const = ConstantBanks()
        self.addresses: dict[str, int] = {}
        self.buffers: dict[str, np.ndarray] = {}
        #: (the caller's array, ``buffers[name]``) of the buffers whose size is not a multiple of 4
        #: bytes: memory holds them padded (``word_padded``), ``buffers[name]`` is a view of the memory
        #: and result() copies it into the caller's array too (decision D14-H-2)
        self._padded: list[tuple[np.ndarray, np.ndarray]] = []
        for (name, arr), addr in zip((buffers or {}).items(), buffer_addresses(buffers or {}).values()):
            if not isinstance(arr, np.ndarray):
                raise UsageError(f"buffer {name!r} must be a numpy array")
            if not arr.flags.c_contiguous:
                raise UsageError(f"buffer {name!r} must be C-contiguous")
            held = word_padded(arr)
            self.gmem.add(name, addr, held)
            self.addresses[name] = addr
            self.buffers[name] = arr
            if held is not arr:     # its entry is a view of the memory, live during the run
                self.buffers[name] = held[:arr.nbytes].view(arr.dtype).reshape(arr.shape)
                self._padded.append((arr, self.buffers[name]))
        for bank, data in (const or {}).items():
            self.const.set(int(bank), data)
        if params is not None:
            if 0 in (const or {}):
                raise UsageError("give kernel parameters either as params= or as const={0: ...}, not both")
            self.const.set(0, self._pack_params(params))
        # grid: the registers of every warp in one (registers, warps, 32) array (a warp's
        # register file is a view), RPC in one (warps, 32) array
        nthreads = self.block[0] * self.block[1] * self.block[2]
        nwarps = (nthreads + WARP_SIZE - 1) // WARP_SIZE
        entry = self.base if entry is None else entry
        self.entry = entry
        self.shared_size = shared_size
        self._shared_pool: np.ndarray | None = None
        gx, gy, gz = self.grid
        total = gx * gy * gz * nwarps
        self._pending = None        # a finished batched engine whose state is not yet in the Warp objects
        self._ctas: list[CTA] = []
        self._warps: list[Warp] = []
        # the collector is off while the grid's objects are made (decision D12-L-2): each of its
        # passes scanned every Warp made so far, 2.6 s for 65,536 warps against 0.7 s without
        collect = gc.isenabled()
        gc.disable()
        try:
            # zeroed here, page by page (decision E8): a run starts on a resident register file
            # whatever the allocator's history (calloc zeroes recycled heap memory at once but
            # leaves fresh pages to fault inside the run: a process's first grid ran 1.5x slower)
            self.R = np.empty((self.nregs, total, WARP_SIZE), np.uint32)
            self.R.fill(0)
            self.RPC = np.full((total, WARP_SIZE), entry, np.int64)
            self.DEPTH = np.zeros((total, WARP_SIZE), np.int32)    # call depth per lane (GA-11)
            self.RPCREG = np.zeros((total, 2, WARP_SIZE), np.uint32)  # Rpc.LO/.HI per lane (RPCMOV, D11-1)
            self.PARKPC = np.full((total, WARP_SIZE), -1, np.int64)   # failed sync per lane (D7-simt-3)
            self.PARKREG = np.full((total, WARP_SIZE), -1, np.int8)
            self.PARKWAIT = np.zeros((total, WARP_SIZE), np.uint32)
            #: every thread's local memory, in pages allocated on first use (decision D13-M-1)
            self.local = LocalMemory(total, self.local_size)
            for lin in range(gx * gy * gz):
                cta = CTA(lin, (lin % gx, (lin // gx) % gy, lin // (gx * gy)), shared_size)
                cta.pool = self._shared_row
                cta.local = self.local
                if self.clusters is not None:
                    cta.peers = self.clusters.peers[lin].tolist()
                for wi in range(nwarps):
                    n = min(WARP_SIZE, nthreads - wi * WARP_SIZE)
                    g = len(self._warps)
                    w = Warp(cta, wi, g, n, entry, R=self.R[:, g], rpc=self.RPC[g], depth=self.DEPTH[g],
                             park=(self.PARKPC[g], self.PARKREG[g], self.PARKWAIT[g]), rpcreg=self.RPCREG[g])
                    cta.warps.append(w)
                    self._warps.append(w)
                self._ctas.append(cta)
        except MemoryError:
            self._ctas, self._warps = [], []
            per = warp_bytes(self.nregs)
            raise UsageError(f"not enough memory for {total} warps (about {per // 1024 + 1} KiB each, "
                             f"{total * per // 2**20} MiB in all); launch a smaller grid") from None
        finally:
            if collect:
                gc.enable()
        if self.max_steps is None:
            self.max_steps = default_max_steps(len(self._warps))
        self._live = list(self._warps)
        self._rr = 0
        self._next_wake: int | None = None
        #: True while every Warp object still holds its launch values (apart from GPRs, which live
        #: in self.R): the batched engine then builds its arrays from the launch shape instead of
        #: reading 1,000s of objects; reading ``warps``/``ctas`` or stepping clears it
        self._pristine = True
        if init:
            self._apply_init(init)
            from .initexpr import parse_reg
            self._pristine = all(parse_reg(r)[0] == "R" for r in init)   # GPRs live in self.R

    # -- warp objects (the batched engine defers writing its final state into them) -------
    @property
    def warps(self) -> list[Warp]:
        """Every warp of the grid, in launch order (CTA, then warp)."""
        self._touch()
        return self._warps

    @property
    def ctas(self) -> list[CTA]:
        self._touch()
        return self._ctas

    def _touch(self) -> None:
        """The Warp objects are about to be read (and maybe changed) from outside the engines."""
        self._pristine = False
        if self._pending is not None:
            self._flush()

    def _flush(self) -> None:
        """Write a finished batched run's state into the Warp objects (on first use of them)."""
        eng, self._pending = self._pending, None
        if eng is not None:
            eng.store()

    # -- launch helpers --------------------------------------------------------------------
    def _registers_used(self, init) -> int:
        """Rows of the register file to allocate: the highest GPR number named by an
        instruction of the program or by *init*, plus the registers a pair/quad
        access may touch (memory by use; :meth:`fetch` grows the file if an
        instruction reached later names more)."""
        from ..asm.instruction import decode_word
        from .initexpr import parse_reg
        hi = -1
        known = _word_highest(self.db)
        for i, word in enumerate(self.words):
            h = known.get(word)
            if h is None:
                try:
                    inst = decode_word(self.db, word, self.base + INST_SIZE * i)
                except Exception:  # noqa: BLE001 - data words are checked at fetch
                    inst = None
                h = -1 if inst is None else self._highest_reg(inst)
                if len(known) >= _DECODED_MAX:
                    known.clear()
                known[word] = h
            if h > hi:
                hi = h
        for reg in (init or {}):
            try:
                kind, n = parse_reg(reg)
            except Exception:  # noqa: BLE001 - reported by _apply_init
                continue
            if kind == "R":
                hi = max(hi, n)
        return self._rows_for(hi)

    @staticmethod
    def _rows_for(hi: int) -> int:
        return max(1, min(255, hi + 1 + _REG_MARGIN if hi >= 0 else 0))

    def _highest_reg(self, inst, cache: dict | None = None) -> int:
        op = inst.opcode
        if cache is None:
            cache = _reg_field_spans(self.db)
        names = cache.get(op.name)
        if names is None:
            names = cache[op.name] = self._reg_fields(op)
        hi = -1
        for n, extra in names:
            v = inst.fields.get(n, 255) & 0xFF
            if v < 255 and v + extra > hi:
                hi = v + extra
        return hi

    def _reg_fields(self, op) -> list[tuple[str, int]]:
        """(field, registers beyond the first that its operand may span) of *op*'s GPR operands:
        GPRs, and half- or byte-selected GPRs (HReg, SelReg: the register number in the low 8
        bits), IMMA's `.ROW`/`.COL` sources (RowReg, ColReg), I2IP's `R6.24` (PackReg24/28,
        D10-N-5), FFMA2's `R4.F32x2.HI_LO` (F2Reg, D20-2).  The span is the widest the
        operand's Bitwidth allows over the enumeration values of the fields it names (a tensor-core
        operand of up to 16 registers; the margin above the highest register covers quads)."""
        fields = {f.name: f for f in op.fields}
        out = []
        for f in op.fields:
            if f.type not in ("Reg", "HReg", "SelReg", "RowReg", "ColReg", "PackReg24", "PackReg28", "F2Reg"):
                continue
            width = 32
            for o in op.operands:
                if o.field.name == f.name and o.bitwidth is not None:
                    width = max(width, self._max_width(o, fields))
            out.append((f.name, max(0, (width + 31) // 32 - 1)))
        return out

    def _max_width(self, o, fields: dict) -> int:
        """The largest value of operand *o*'s Bitwidth over the enumeration values of the fields
        it names (at most 4096 combinations; else 32 bits)."""
        import itertools
        names = [n for n in o.bitwidth.names() if n in fields]
        choices = []
        for n in names:
            t = self.db.types.get(fields[n].type)
            choices.append(list(t.by_value.values()) if t is not None and t.is_enum else [fields[n].default or 0])
        combos = 1
        for c in choices:
            combos *= len(c)
        if combos > 4096:
            return 32
        return max((o.width_for(dict(zip(names, vals))) for vals in itertools.product(*choices)), default=32)

    def _ensure_rows(self, rows: int) -> None:
        """Grow the register file to *rows* registers (every warp's view is rebound)."""
        if rows <= self.nregs:
            return
        R = np.zeros((rows, self.R.shape[1], WARP_SIZE), np.uint32)
        R[:self.nregs] = self.R
        self.R = R
        self.nregs = rows
        for w in self._warps:
            w.bind_registers(R[:, w.gid])

    @property
    def shared_stride(self) -> int:
        """Bytes between two CTAs' shared memories in the pool: the size rounded up to 16, so
        that every CTA's memory starts aligned for the widest access (the batched engine
        indexes the pool as one array of 2-, 4-, 8- or 16-byte elements; decision D6-cl-4)."""
        return -(-self.shared_size // 16) * 16

    def _shared_row(self, linear: int) -> np.ndarray:
        """Shared memory of CTA *linear* (``shared_size`` bytes): a row of one (CTAs,
        shared_stride) byte array, allocated at the first shared access of any CTA (zero
        pages cost no RSS until written)."""
        pool = self._shared_pool
        if pool is None:
            pool = self._shared_pool = sparse_zeros((len(self._ctas), self.shared_stride))
        return pool[linear, :self.shared_size]

    def _check_supported(self) -> None:
        """Refuse a program containing instructions of user-supplied opcodes
        that have no semantics function."""
        from ..asm.instruction import decode_word
        records = getattr(self.program, "records", None)
        found: dict[str, list[str]] = {}
        for i, word in enumerate(self.words):
            inst = decode_word(self.db, word, self.base + INST_SIZE * i)
            if inst is None or inst.opcode.name not in self._unsupported:
                continue
            where = f"0x{self.base + INST_SIZE * i:x}"
            if records is not None and i < len(records) and getattr(records[i], "line", None):
                where += f" (line {records[i].line})"
            found.setdefault(inst.opcode.name, []).append(where)
        if found:
            diags = []
            for name, wheres in sorted(found.items()):
                op = self._unsupported[name]
                at = f", defined at {op.coord.file}:{op.coord.line}" if op.coord else ""
                more = f" and {len(wheres) - 3} more" if len(wheres) > 3 else ""
                diags.append(Diagnostic("error", f"the simulator has no semantics for {name} (optype {op.optype}"
                                                 f"{at}; used at {', '.join(wheres[:3])}{more})"))
            diags.append(Diagnostic("note", "opcodes added by a user-supplied description file can be assembled "
                                            "but not simulated: register a semantics function with "
                                            "@gpuisa.sim.registry.semantics(<optype>) (docs/sim-semantics-api.md)"))
            raise UsageError(diags)

    def _check_size(self, max_warps: int | None) -> None:
        bx, by, bz = self.block
        nthreads = bx * by * bz
        if nthreads > MAX_BLOCK_THREADS:
            raise UsageError(f"--block {','.join(map(str, self.block))}: a block of {nthreads} threads, but a CTA has "
                             f"at most {MAX_BLOCK_THREADS} threads")
        gx, gy, gz = self.grid
        nctas = gx * gy * gz
        total = nctas * ((nthreads + WARP_SIZE - 1) // WARP_SIZE)
        limit = default_max_warps(self.nregs) if max_warps is None else max_warps
        if total > limit:
            per = warp_bytes(self.nregs)
            which = f"the default limit of {limit:,} warps (as many as fit in {DEFAULT_GRID_BYTES >> 30} GiB)" \
                if max_warps is None else f"the limit of {limit:,} warps"
            raise UsageError(f"grid of {nctas} CTAs x {(nthreads + WARP_SIZE - 1) // WARP_SIZE} warps = {total:,} "
                             f"warps: more than {which} (this program: {self.nregs} "
                             f"registers, about {max(1, per // 1024)} KiB per warp, "
                             f"{max(1, total * per // 2**20):,} MiB for the grid); raise it with --max-warps / max_warps=")

    def _pack_params(self, params) -> bytes:
        out = bytearray()
        for p in params:
            if isinstance(p, str):
                if p not in self.addresses:
                    raise UsageError(f"params: unknown buffer {p!r}")
                out += bytes((-len(out)) % 8) + self.addresses[p].to_bytes(8, "little")
            else:
                out += bytes((-len(out)) % 4) + (int(p) & MASK32).to_bytes(4, "little")
        return bytes(out)

    def _apply_init(self, init: Mapping) -> None:
        """Initial register values (see the class docstring and
        ``docs/simulator-run.md``).  Every value is taken modulo 2^32; a
        predicate (``Pn``, ``UPn``) must be 0 or 1 in every lane; a warp-wide
        register (``URn``, ``UPn``, ``Bn``) must have the same value in every
        lane of a warp (it may differ between warps)."""
        from .initexpr import InitExpr, parse_reg
        for reg, value in init.items():
            kind, n = parse_reg(reg)
            reg = f"{kind}{n}"
            if isinstance(value, str):
                value = InitExpr(value, label=f"{reg}={value}", offset=len(reg) + 1)
            if isinstance(value, InitExpr):
                reg = f"{reg}={value.text.strip()[:60]}"
            for w in self._warps:
                if isinstance(value, InitExpr) and not value.uses & {"lane", "tid"}:
                    lanes = [value(0, w.index, w.cta.linear, w.index * WARP_SIZE)] * WARP_SIZE
                elif callable(value):
                    lanes = [int(value(l, w.index, w.cta.linear, w.index * WARP_SIZE + l)) & MASK32
                             for l in range(WARP_SIZE)]
                elif isinstance(value, (int, np.integer)):
                    lanes = [int(value) & MASK32] * WARP_SIZE
                else:
                    arr = np.asarray(value).reshape(-1)
                    if arr.size != WARP_SIZE:
                        raise UsageError(f"init {reg}: expected 32 lane values, got {arr.size}")
                    lanes = [int(v) & MASK32 for v in arr.tolist()]
                if kind in ("P", "UP"):
                    bad = next((l for l, v in enumerate(lanes) if v > 1), None)
                    if bad is not None:
                        raise UsageError(f"init {reg}: a predicate is 0 or 1, got {lanes[bad]} (lane {bad}, "
                                         f"warp {w.index}, cta {w.cta.linear})")
                if kind in ("UR", "UP", "B") and lanes.count(lanes[0]) != WARP_SIZE:
                    bad = next(l for l, v in enumerate(lanes) if v != lanes[0])
                    raise UsageError(f"init {reg}: a {'uniform' if kind != 'B' else 'B'} register has one value "
                                     f"per warp, but lane 0 gives {lanes[0]} and lane {bad} gives {lanes[bad]} "
                                     f"(warp {w.index}, cta {w.cta.linear}); use warp, cta or constants only")
                if kind == "R":
                    if n >= self.nregs:
                        self._ensure_rows(self._rows_for(n))
                    w.R[n] = np.asarray(lanes, dtype=np.uint32)
                elif kind == "P":
                    w.P[n] = sum(1 << l for l, v in enumerate(lanes) if v)
                elif kind == "UR":
                    w.UR[n] = lanes[0]
                elif kind == "UP":
                    w.UP[n] = bool(lanes[0])
                else:
                    w.B[n] = lanes[0]

    # -- decode once per address ---------------------------------------------------------
    def text_at(self, pc: int) -> str:
        t = self._texts.get(pc)
        if t is None:
            t = self._disasm(pc)
            self._texts[pc] = t
        return t

    def _disasm(self, pc: int) -> str:
        idx = (pc - self.base) // INST_SIZE
        if pc % INST_SIZE or not 0 <= idx < len(self.words):
            return "<outside program>"
        return decode_one(self.db, self.words[idx], pc=pc).text.strip()

    def fetch(self, pc: int) -> Exec:
        x = self._cache.get(pc)
        if x is not None:
            return x
        inst, entry, rows, shared = self.decoded(pc)
        x = Exec(self, inst, entry.fn, entry.control, "")
        # caches that depend only on the word and its address: shared by every simulator of the
        # process (a regression runs the same program many times; the batched engine's run of a
        # short kernel on a large grid costs little more than this decoding)
        x._desc, x._mods, x._imms = shared[0], shared[1], shared[2]
        x.shared = shared
        plan = shared[3]
        if plan is UNSET:
            plan = shared[3] = plan_for(x)      # the one-warp engine's specialisation (sim/fastpath), if any
        if plan is not None:
            x.fn = plan
        self._cache[pc] = x
        return x

    def decoded(self, pc: int) -> tuple:
        """``(instruction, semantics entry, register rows, shared caches)`` of the word at *pc*
        (a Fault for an address outside the program or a word that cannot run), from the
        process-wide cache of decoded words; the register file grows to the rows it needs."""
        idx = (pc - self.base) // INST_SIZE
        if pc % INST_SIZE or not 0 <= idx < len(self.words):
            raise Fault("pc-out-of-range", f"PC 0x{pc:x} is outside the program "
                        f"[0x{self.base:x}, 0x{self.end:x}) or not 16-byte aligned")
        word = self.words[idx]
        key = (word, pc, gp_plans.FAST)
        cached = _decoded(self.db)
        tpl = cached.get(key)
        if tpl is None:
            tpl = self._decode_at(word, pc)
            while len(cached) >= _DECODED_MAX:  # full: the oldest entries go (a long-lived process
                del cached[next(iter(cached))]  # kept its first 65,536 words and shared no new one)
            cached[key] = tpl
        if tpl[2] > self.nregs:
            self._ensure_rows(tpl[2])
        return tpl

    def _decode_at(self, word: int, pc: int) -> tuple:
        """``(instruction, semantics entry, register rows it needs, shared caches)`` of a word at
        *pc*, or the fault of a word that cannot run."""
        from ..asm.instruction import decode_word
        inst = decode_word(self.db, word, pc)
        if inst is None:
            raise Fault("invalid-instruction", f"word 0x{word:032x} at 0x{pc:x} is not a valid instruction")
        op = inst.opcode
        env = None
        for ex in op.exceptions:
            if env is None:
                env = self._field_env(op, inst.fields)
            if ex.violated(env):
                raise Fault("invalid-instruction", f"{op.name} at 0x{pc:x}: {ex.message}")
        entry = lookup(op.optype)
        if entry is None:
            if is_user_opcode(self.db, op):   # reached although the program check did not see it (data)
                raise Fault("invalid-instruction", f"the simulator has no semantics for {op.name} "
                            f"(an opcode of a user-supplied description file) at 0x{pc:x}")
            raise ModelError(f"no semantics for {op.name}")  # pragma: no cover - check_complete guarantees it
        rows = self._rows_for(self._highest_reg(inst))
        # [descriptors, modifiers, immediates, one-warp plan, batch plan]
        return inst, entry, rows, [{}, {}, {}, UNSET, UNSET, None]

    def _field_env(self, op, fields) -> dict:
        env: dict[str, Any] = {}
        for f in op.fields:
            t = self.db.types.get(f.type)
            v = fields[f.name]
            env[f.name] = t.by_value.get(v, v) if t is not None and t.is_enum else v
        return env

    # -- scheduling ------------------------------------------------------------------------------
    @property
    def done(self) -> bool:
        return self.status is not None

    def _stop(self, kind: str, message: str, w: Warp | None, pc: int | None) -> None:
        self.status = "ok" if kind == "ok" else kind
        if kind == "ok":
            return
        self.fault = {"kind": kind, "message": message}
        if w is not None:
            self.fault.update(cta=w.cta.linear, warp=w.index)
        if pc is not None:
            self.fault.update(pc=pc, instruction=self.text_at(pc))
            if self.origin is not None:
                self.fault.update(self.origin(pc))

    def _stop_unfinished(self, kind: str, message: str) -> None:
        """Stop the grid with a fault that belongs to no one warp: *message* (``{n}``: how many
        warps are unfinished, ``{first}``: where the first stood), and ``unfinished``: where every
        warp that has not exited stood (cta, warp, pc, instruction, state)."""
        left = [w for w in self.warps if w.state != EXITED]
        first = (f" (the first: cta {left[0].cta.linear}, warp {left[0].index} ({left[0].state}), pc 0x{left[0].pc:x}: "
                 f"{self.text_at(left[0].pc)})") if left else ""
        self._stop(kind, message.format(n=f"{len(left)} of {len(self.warps)}", first=first), None, None)
        assert self.fault is not None   # set by _stop
        self.fault["unfinished"] = [{"cta": w.cta.linear, "warp": w.index, "pc": w.pc,
                                     "instruction": self.text_at(w.pc), "state": w.state} for w in left]

    def _step_limit(self) -> None:
        """The step limit belongs to the grid, not to one warp (what to do: decision D11-B-7; the
        program loops forever, or it needs more steps)."""
        self._stop_unfinished("step-limit", f"step limit of {self.max_steps} warp-instructions reached with "
                              "{n} warps unfinished{first}; either the program never ends (an endless loop, a "
                              "spin-wait on memory no thread writes) or it needs more steps: raise the limit with "
                              "--max-steps N (max_steps=N in the Python API)")

    def _state_repeats(self, since: int) -> None:
        """The watchdog found the whole state of step *since* again (decision D12-1): the run
        repeats for ever.  A ``deadlock`` fault listing the unfinished warps, with ``repeats``."""
        self._stop_unfinished("deadlock", f"the run can never end: at step {self.steps} the grid's whole state "
                              "(registers, memories, barriers, every warp's PC and masks) is again what it was at "
                              f"step {since}, so the steps between repeat for ever; {{n}} warps are "
                              "unfinished{first}: a spin-wait on memory no thread writes, warps waiting for each "
                              "other, or a loop that changes nothing")
        assert self.fault is not None
        self.fault["repeats"] = {"step": self.steps, "since": since}

    def _wake(self) -> None:
        nxt = None
        for w in self._live:
            if w.timer is not None:
                if w.timer <= self.clock:
                    w.timer = None
                    w.sleep = 0  # the single timer clears every SleepMask bit at once
                    if w.state == SLEEPING:
                        w.state = READY
                elif nxt is None or w.timer < nxt:
                    nxt = w.timer
        self._next_wake = nxt

    def _pick(self) -> Warp | None:
        live = self._live
        if self._next_wake is not None and self.clock >= self._next_wake:
            self._wake()
        n = len(live)
        while True:
            if not n:
                self._stop("ok", "", None, None)
                return None
            rr = self._rr
            for k in range(n):
                i = (rr + k) % n
                w = live[i]
                if w.state == READY:
                    self._rr = i + 1
                    return w
            # nobody ready: jump the clock to the next timer, or deadlock
            self._wake()
            if self._next_wake is not None:
                self.clock = self._next_wake
                self._wake()
                continue
            for w in live:
                if w.state == SLEEPING:  # sleeping without a timer: wake at once
                    w.state = READY
                    w.sleep = 0
                    break
            else:
                w = live[0]
                self._stop("deadlock", "no warp can progress (every live warp waits at a barrier)", w, w.pc)
                return None

    def warps_exited(self) -> int:
        """Warps that have exited so far (also while the batched engine runs, whose
        warp states live in its arrays)."""
        eng = self._engine if self._engine is not None else self._pending
        if eng is not None:
            return eng.exited()
        return sum(w.state == EXITED for w in self._warps)

    def _retire(self, w: Warp) -> None:
        w.state = EXITED
        if self._engine is not None:     # the batched engine accounts for it after the call
            return
        i = self._live.index(w)
        del self._live[i]
        if i < self._rr:
            self._rr -= 1
        self._check_barrier(w.cta)

    def _barrier_arrive(self, w: Warp, bid: int, count: int | None, wait: bool, red: tuple | None = None) -> None:
        """Warp *w* arrives at barrier *bid* of its CTA (``BAR``, decisions NB-1..NB-4): *count* is
        the expected thread count (None: every non-exited warp), *wait* blocks the warp until the
        barrier completes (``BAR.SYNC``/``.RED``; not ``BAR.ARV``), *red* = (op, true lanes, lanes)
        is ``BAR.RED``'s part of the reduction (decision AT-2)."""
        cta = w.cta
        bar = cta.bars.get(bid)
        if bar is None:
            bar = cta.bars[bid] = Barrier()
        bar.threads += WARP_SIZE
        bar.warps.add(w.index)
        bar.expected = count
        if red is not None:
            op, p, lanes = red
            acc = bar.red
            if acc is None or acc[2] != op:
                acc = bar.red = [0, op == "AND", op]
            acc[0] += bin(p).count("1")
            acc[1] = acc[1] and p == lanes if op == "AND" else acc[1] or p != 0
        if wait:
            w.state = BARRIER
            bar.waiting.append(w)
        if bar.complete(self._live_of(cta)):
            self._release(cta, bid, bar)
        if wait and self._engine is None and Memory.log is not None:  # recording a step: trace v2 barrier event
            Memory.log.append(("barrier", cta.linear, w.index, w.state != BARRIER, None))

    def _live_of(self, cta: CTA) -> set[int]:
        """Indices of the CTA's warps that have not exited."""
        eng = self._engine
        if eng is not None:
            return eng.live_of(cta.linear)
        return {w.index for w in cta.warps if w.state != EXITED}

    def _release(self, cta: CTA, bid: int, bar: Barrier) -> None:
        """Barrier *bid* completed: its waiting warps go on and it starts over."""
        del cta.bars[bid]
        res = (bar.red[0], bar.red[1], bar.red[2]) if bar.red is not None else (0, False, "POPC")
        eng = self._engine
        for v in bar.waiting:
            v.state = READY
            v.bar_result = res
            if eng is not None:
                eng.release(v.gid)

    def _check_barrier(self, cta: CTA) -> None:
        """After a warp of *cta* exited: the barriers without a count that now hold every live warp complete."""
        cl = self._cluster_state
        if cl is not None and cl.bars:
            self._cluster_release(cl.check(cta.linear, self._live_gids))
        if not cta.bars:
            return
        live = self._live_of(cta)
        for bid, bar in list(cta.bars.items()):
            if bar.expected is None and bar.complete(live):
                self._release(cta, bid, bar)

    # -- thread-block clusters (sim/cluster.py) -------------------------------------------------
    _cluster_state: Clusters | None = None

    def _clusters_for_barrier(self) -> Clusters:
        """The launch's clusters; without a cluster launch, each CTA a cluster of one (CUDA's implicit
        1x1x1 cluster: the cluster barrier is then the CTA's), made at the first cluster barrier."""
        cl = self._cluster_state
        if cl is None:
            cl = self._cluster_state = self.clusters or Clusters(self.grid, (1, 1, 1), explicit=False)
        return cl

    def _live_gids(self, c: int) -> dict[int, int]:
        """The warps of CTA *c* that have not exited: grid-wide number -> ValidMask."""
        wpc = len(self._ctas[0].warps)
        eng = self._engine
        if eng is not None:
            return {c * wpc + i: int(eng.valid[c * wpc + i]) for i in eng.live_of(c)}
        return {w.gid: w.valid for w in self._ctas[c].warps if w.state != EXITED}

    def _cluster_release(self, warps: list) -> None:
        eng = self._engine
        for v in warps:
            v.state = READY
            if eng is not None:
                eng.release(v.gid)

    def cluster_arrive(self, w: Warp, lanes: int) -> None:
        """Lanes *lanes* of warp *w* arrive at its cluster's barrier (``UCGABAR_ARV``); the barrier
        may complete."""
        self._cluster_release(self._clusters_for_barrier().arrive(w, lanes, self._live_gids))

    def cluster_wait(self, w: Warp, lanes: int) -> bool:
        """Lanes *lanes* of warp *w* wait for its cluster's barrier (``UCGABAR_WAIT``): True if the
        phase they arrived in has completed, else the warp waits (state BARRIER) until it does."""
        if self._clusters_for_barrier().wait_done(w, lanes):
            return True
        w.state = BARRIER
        return False

    def warp_sleep(self, w: Warp) -> None:
        """The seed's ``warpSleep()``: remove *w* from scheduling until its timer ends."""
        w.state = SLEEPING
        if w.timer is not None and (self._next_wake is None or w.timer < self._next_wake):
            self._next_wake = w.timer

    def warp_exit(self, w: Warp) -> None:
        """The seed's ``warpExit()``."""
        self._retire(w)

    def set_timer(self, w: Warp, cycles: int) -> None:
        """The seed's ``setTimer``: one timer per warp; the earliest deadline wins."""
        t = self.clock + int(cycles)
        if w.timer is None or t < w.timer:
            w.timer = t
        if self._next_wake is None or w.timer < self._next_wake:
            self._next_wake = w.timer

    def _event(self, x: Exec, kind: str, message: str) -> None:
        ev = self.record_event(kind, message, x.w.cta.linear, x.w.index, x.pc)
        if x.events is not None:
            x.events.append(ev)

    def record_event(self, kind: str, message: str, cta: int, warp: int, pc: int) -> dict:
        """Add a warning event of warp *warp* of CTA *cta* at *pc* to the run's events (both
        engines); returns the event."""
        ev = {"kind": kind, "message": message, "cta": cta, "warp": warp, "pc": pc}
        # bounded (a loop repeating one warning would otherwise grow without limit): one entry per
        # place with a count of its occurrences; places beyond MAX_EVENTS are only counted
        key = (kind, cta, warp, pc)
        first = self._event_at.get(key)
        if first is not None:
            first["count"] += 1
        elif len(self.events) < MAX_EVENTS:
            self._event_at[key] = first = dict(ev, count=1)
            self.events.append(first)
        else:
            self.events_dropped += 1
        return ev

    # -- execution ---------------------------------------------------------------------------------
    def _issue(self, w: Warp, record: bool) -> StepRecord | None:
        """Issue one warp-instruction of *w* (the step API; :meth:`_run_fast`
        is the same sequence without the record)."""
        pc = w.pc
        rec = None
        try:
            x = self._cache.get(pc)
            if x is None:
                x = self.fetch(pc)
            x.w = w
            x.pmask = x.eval_guard()
            if record:
                x.writes = []
                x.events = []
                before = w.masks()
                Memory.log = []
            self.steps += 1
            self.clock += 1
            w.issued += 1
            x.fn(x)
            if not x.control:
                w.pc = x.next_pc
            if record:
                rec = StepRecord(self.steps, w.cta.linear, w.index, pc, x.word, self.text_at(pc), before,
                                 w.masks(), x.writes or [], (x.events or []) + _state_events(w, before, Memory.log),
                                 None, self.clock, _store_records(Memory.log))
                x.writes = x.events = None
                Memory.log = None
        except Fault as f:
            Memory.log = None
            self._fault_in(w, pc, f)
            if record:
                rec = StepRecord(self.steps, w.cta.linear, w.index, pc, self.words[(pc - self.base) // INST_SIZE]
                                 if self.base <= pc < self.end and pc % INST_SIZE == 0 else 0,
                                 self.text_at(pc), w.masks(), w.masks(), [], [], self.fault, self.clock)
        return rec

    def _fault_in(self, w: Warp, pc: int, f: Fault) -> None:
        self._stop(f.kind, f.message, w, pc)
        w.state = STOPPED if w.state != EXITED else w.state

    def step(self) -> StepRecord | None:
        """Execute one warp-instruction; returns its :class:`StepRecord`, or None
        when the run is over (see :attr:`status`)."""
        if self.status is not None:
            return None
        self._touch()
        if self.steps >= self.max_steps:
            self._step_limit()
            return None
        w = self._pick()
        if w is None:
            return None
        with np.errstate(all="ignore"):     # float semantics define their special values themselves
            rec = self._issue(w, True)
        if self._trace_file is not None and rec is not None:
            self._trace_file.write(json.dumps(rec.to_json()) + "\n")
        return rec

    def run(self, trace=None) -> Result:
        """Run to completion (or fault) and return the :class:`Result`.
        *trace*: a path or text file receiving one JSON line per warp-instruction."""
        with contextlib.ExitStack() as files:
            if trace is not None:
                if isinstance(trace, (str, bytes)) or hasattr(trace, "__fspath__"):
                    # renamed into place when the run ends; removed if it raises (gpuisa.fsutil)
                    trace = files.enter_context(atomic_open(os.fsdecode(trace), "w"))
                self._trace_file = trace
            try:
                if self._trace_file is not None or self.record:
                    for _ in self.run_steps():
                        pass
                else:
                    if self._pending is not None:
                        self._flush()
                    with np.errstate(all="ignore"):   # as in step(): no numpy warnings from float semantics
                        if self.engine == "batched" and len(self._live) > 1:
                            from .engine_batched import BatchedEngine
                            eng = BatchedEngine(self)
                            try:
                                eng.run()
                            finally:
                                self.fallbacks |= eng.fallbacks
                        else:
                            self._run_fast()
            finally:
                self._trace_file = None
        return self.result()

    def run_steps(self) -> Iterator[StepRecord]:
        """The step records (:meth:`step`) of the run from here to its end, the watchdog's
        checkpoints included: a run whose whole state repeats ends with a ``deadlock`` fault at
        the same step as :meth:`run` without records ends it (decision D13-3)."""
        wd = Watchdog(self)
        while True:
            if self.status is None and wd.next <= self.steps < self.max_steps:
                self._touch()
                since = wd.check()
                if since is not None:   # the whole state repeats: the run can never end (D12-1)
                    self._state_repeats(since)
                    return
            rec = self.step()
            if rec is None:
                return
            yield rec

    def _run_fast(self) -> None:
        """:meth:`run` without step records: the same scheduling and issue
        sequence as :meth:`step`/:meth:`_issue`, inlined.

        * The round-robin pick takes the warp at the rotation index when it is
          ready and no timer is due (the usual case); otherwise :meth:`_pick`.
        * With a single live warp and no timer pending, round robin picks the
          same warp again, so it is issued back to back until its state changes
          (exit, sleep, barrier, fault), a timer is set or the step limit is hit.
        * The guard is specialised per address (``Exec.guard``): ``@PT`` costs
          no mask work."""
        self._pristine = False
        live = self._live
        cache = self._cache
        fetch = self.fetch
        pick = self._pick
        max_steps = self.max_steps
        w: Warp | None
        wd = Watchdog(self)
        while self.status is None:
            if self.steps >= max_steps:
                self._step_limit()
                break
            if self.steps >= wd.next:
                since = wd.check()
                if since is not None:   # the whole state repeats: the run can never end (D12-1)
                    self._state_repeats(since)
                    break
            # -- pick (round robin over the ready warps) --
            n = len(live)
            if n and self._next_wake is None:
                i = self._rr
                if i >= n:
                    i = 0
                w = live[i]
                if w.state == READY:
                    self._rr = i + 1
                else:
                    w = pick()
                    if w is None:
                        break
            else:
                w = pick()
                if w is None:
                    break
            # back-to-back issue of a lone warp: round robin would pick it again
            burst = len(live) == 1 and self._next_wake is None
            pc = w.pc
            try:
                while True:
                    x = cache.get(pc)
                    if x is None:
                        x = fetch(pc)
                    x.w = w
                    g = x.guard
                    if g == 0:      # G_ALWAYS (@PT)
                        x.pmask = w.active
                    elif g == 1:    # G_PRED
                        x.pmask = w.active & w.P[x.pg]
                    elif g == 2:    # G_NOT_PRED
                        x.pmask = w.active & ~w.P[x.pg]
                    elif g == 3:    # G_NEVER (@!PT)
                        x.pmask = 0
                    else:           # G_UPRED, G_NOT_UPRED (@{!}UPg of a uniform instruction)
                        x.pmask = x.eval_guard()
                    self.steps += 1
                    self.clock += 1
                    w.issued += 1
                    x.fn(x)
                    if x.control:
                        pc = w.pc
                    else:
                        pc = w.pc = x.next_pc
                    if not burst or w.state != READY or self._next_wake is not None or self.steps >= max_steps \
                            or self.steps >= wd.next:
                        break
            except Fault as f:
                self._fault_in(w, pc, f)

    def result(self) -> Result:
        """The state now.  Registers are copies while the run can still go on;
        once it is over (the state cannot change any more) they are views of
        the warps' register files, which halves the peak memory of large grids."""
        for arr, held in self._padded:      # the padded buffers' values back (D14-H-2)
            arr[...] = held
        done = self.status is not None
        eng = self._pending
        if eng is not None and done:      # a finished batched run: from its arrays, built on access
            return Result(self.status or "running", self.steps, self.clock, ArrayWarpResults(eng.results()),
                          self.fault, [dict(e) for e in self.events], dict(self.buffers), self.events_dropped,
                          frozenset(self.fallbacks))
        ws = self.warps
        fin = self._final_arrays
        self._final_arrays = None
        if fin is not None and done:    # the batched engine's arrays (the Warp objects hold the same values)
            P, UR, UP, B = fin
        elif ws:
            P = mask2array(np.array([w.P[:7] for w in ws], np.uint32))             # (warps, 7, 32), one call
            UR = np.array([w.UR[:63] for w in ws], np.uint32)
            UP = np.array([w.UP[:7] for w in ws], bool)
            B = np.array([w.B for w in ws], np.uint32)
        warps = [WarpResult(w.cta.linear, w.index, w.cta.ctaid, w.R if done else w.R.copy(), P[i], UR[i], UP[i], B[i],
                            w.valid, w.pc, w.state) for i, w in enumerate(ws)]
        return Result(self.status or "running", self.steps, self.clock, warps, self.fault,
                      [dict(e) for e in self.events], dict(self.buffers), self.events_dropped, frozenset(self.fallbacks))
