"""The batched execution engine (the default of ``gpuisa run`` and ``Simulator.run()``).

Warps whose ActivePC is the same execute that instruction **together**: one
semantics call per (instruction, batch), over lane state stacked as ``(n, 32)``
arrays (``docs/sim-semantics-api.md``, "One semantics, two widths").  The
one-warp engine (``engine="reference"``, ``step()``, traces) issues one warp at
a time in round robin; both end in the same state on every race-free program
(``tests/sim/test_engines.py``).

State, structure of arrays (``N`` warps of the grid):

* registers: the simulator's ``R`` ``(registers, N, 32)`` and ``RPC`` ``(N, 32)``
  arrays, shared with the ``Warp`` objects (a warp's ``R`` is a view), so a
  batch of consecutive warps reads and writes contiguous views;
* ``pc`` (uint64), ``active``/``valid``/``yld``/``sleep``/``switch`` (uint32
  masks), ``state`` (int8), ``issued``: ``(N,)``; ``P`` ``(8, N)``, ``UR`` ``(64, N)``,
  ``UP`` ``(8, N)``, ``B`` ``(16, N)`` (a predicate of a batch is ``P[i][sel]``).

The ``Warp`` objects' own mask/PC fields are brought up to date only around a
per-warp call (:meth:`BatchedEngine.sync_in` / :meth:`sync_out`) and at the end.

Batch policy (deterministic): each step issues the **lowest ActivePC among the
ready warps**, every ready warp at that PC in one batch (in warp order), except
that a ready warp which has not issued for ``STARVE`` batches -- or one batch per ready
warp, when more are ready (decision D15-S-1) -- goes first (its
PC is issued; a spin loop at a low PC cannot starve the warp it waits for), and that
the warps which issued more YIELDs or NANOSLEEPs (the hints of a spin loop) than the ready
warp that issued fewest go after it (decisions D10-I-4, D14-W-4, D15-S-1: counted, bounded by
YIELD_LEAD, so that a lock's holder, which yielded once before it won, runs before the
waiters that spin again), and that warps held back from a contended CAS loop are not
ready until the policy of :mod:`gpuisa.sim.contention` releases them (decision D19-1).
After a data-path batch that held every ready warp, the next batch is the same
warps at the next PC (no search); so is a lone ready warp's next instruction after a
per-warp replay.

Per-warp execution within a batch: semantics registered ``control=True`` or
``per_warp=True`` run one warp at a time (warp order) with the same one-warp
``Exec`` as the reference engine, except BRA, BSSY, BREAK, BSYNC, EXIT, BAR, YIELD,
WARPSYNC, BRX, NANOSLEEP, CALL and RET, which have batched kernels here and in
``sim/fastpath`` (:data:`KERNELS`) for their common cases (no sleeping lanes, no release by
the S21 rule); a warp outside those cases runs the reference function.  A fault in a batch call is reported
by replaying the batch one warp at a time (the first faulting warp stops the
run; warps before it complete the instruction).
"""
from __future__ import annotations

from typing import Any

import numpy as np

from .cluster import RANK_SHIFT
from .contention import HOLD_CHECK, CasHolds
from .parking import SpinParking
from .fastpath.atomics import batch_plan
from .fastpath.calls import call_kernel
from .fastpath.control import (arrived_rows, brx_kernel, bsync_yield_rows, nanosleep_kernel, warpsync_kernel,
                               yield_kernel)
from .fastpath.gp_plans import plan_for
from .semantics.bru import pp_mask
from .watchdog import Watchdog
from .context import G_ALWAYS, G_NEVER, G_NOT_PRED, G_NOT_UPRED, G_PRED, UNSET, BatchExec, PerWarp
from .state import (BARRIER, DEADLOCK_SWITCHES, EXITED, FULL, INST_SIZE, MASK32, MASK64, PT, READY, S_BARRIER,
                    S_EXITED, S_READY, S_SLEEPING, S_STOPPED, SLEEPING, STOPPED, UPT, URZ, WARP_SIZE, Fault, Segment,
                    array2mask, ffs, ffs_lanes, mask2array)
#: a Warp's list-valued registers at launch (state.Warp) and their array types, rows per warp
_LAUNCH: dict[str, tuple[list, Any]] = {"P": ([0] * PT + [FULL], np.uint32), "UR": ([0] * (URZ + 1), np.uint32),
           "UP": ([False] * UPT + [True], bool), "B": ([0] * 16, np.uint32)}
#: a batched kernel's answer "every warp of the batch is ready at the next instruction"
ADVANCED = np.zeros(0, np.int64)
_UR_ZERO = np.zeros((URZ + 1, 1), np.uint32)
_UR_ZERO.setflags(write=False)
_CODE = {READY: S_READY, SLEEPING: S_SLEEPING, BARRIER: S_BARRIER, EXITED: S_EXITED, STOPPED: S_STOPPED}
_NAME = (READY, SLEEPING, BARRIER, EXITED, STOPPED)
#: batches a ready warp may wait before its PC is issued first: STARVE, or one batch per ready warp
#: when more warps than that are ready (decision D15-S-1)
STARVE = 64
#: the most YIELDs a warp is counted ahead of (or behind) the ready warp that issued fewest (D14-W-4)
YIELD_LEAD = 8
#: the instructions counted as a spin loop's hint (D14-W-4; NANOSLEEP: D15-S-1)
_SPIN_HINTS = frozenset({"YIELD", "NANOSLEEP"})
#: control instructions whose batch of one warp runs the reference function rather than the
#: batched kernel (decision D23-2: a kernel's numpy passes cost more than the Warp object's round
#: trip when there is one row; BSSY, BMOV and the cluster barrier keep their kernels, cheap either way)
_SOLO_BY_REFERENCE = frozenset({"BRA", "BREAK", "EXIT", "BSYNC", "BAR", "YIELD", "WARPSYNC", "CALL", "RET",
                                "BRX", "BRXU", "NANOSLEEP"})
#: instructions a lone warp's burst (_burst) leaves to the loop: the spin hints (the schedule counts
#: them) and the batched kernels a batch of one keeps (the cluster barrier's)
_BURST_STOP = frozenset({"YIELD", "NANOSLEEP", "UCGABAR_ARV", "UCGABAR_WAIT"})
_U32 = np.uint32
_U64 = np.uint64
_DT = {1: np.uint8, 2: np.uint16, 4: np.uint32, 8: np.uint64}
#: exceptions of a batch call that send the batch to per-warp replay (a semantics
#: function that does not follow the two-widths rules; it reads before it writes)
_REPLAY = (PerWarp, ValueError, TypeError, AttributeError, IndexError, OverflowError)


_MALLOC_TUNED = False


def tune_malloc() -> bool:
    """Keep the C heap's freed blocks for reuse (glibc ``mallopt``; once per process; False
    elsewhere).  A batch instruction's numpy temporaries are ``(n, 32)`` arrays of 128 KiB to
    8 MiB: above glibc's default mmap threshold (128 KiB) each one is a fresh ``mmap`` whose
    every page faults on first touch and is unmapped when freed, which cost more than the
    arithmetic (a 64-bit address of 1,024 warps: 190 us instead of 26 us).  With the
    threshold at its maximum (32 MiB) and no trimming of the heap top, they reuse the same
    pages.  Peak memory is unchanged (what is freed is reused, not added); the process keeps
    its peak heap until it exits."""
    global _MALLOC_TUNED
    if _MALLOC_TUNED:
        return True
    _MALLOC_TUNED = True
    try:
        import ctypes
        libc = ctypes.CDLL(None)
        mallopt = libc.mallopt
    except (OSError, AttributeError):
        return False
    M_TRIM_THRESHOLD, M_TOP_PAD, M_MMAP_THRESHOLD = -1, -2, -3
    ok = mallopt(M_MMAP_THRESHOLD, 32 << 20) == 1
    ok &= mallopt(M_TRIM_THRESHOLD, 1 << 30) == 1
    ok &= mallopt(M_TOP_PAD, 16 << 20) == 1     # grow the heap in large steps
    return bool(ok)


def _sel_of(idx: np.ndarray):
    """A slice when the warp numbers are consecutive (views instead of gathers)."""
    n = idx.size
    a = int(idx[0])
    if int(idx[-1]) - a + 1 == n:
        return slice(a, a + n)
    return idx


class BatchShared:
    """Shared memory of each warp's CTA for a batch: the same ``load``/``store``
    as :class:`~gpuisa.sim.state.Memory` over ``(n, 32)`` addresses, on the
    simulator's ``(CTAs, shared_stride)`` pool (the same bytes the one-warp
    engine's per-CTA memories use).  Each CTA's row starts at a multiple of 16 bytes, so an
    element index ``(base + address) // size`` is exact for every access size; a size that
    is not a multiple of 16 (dynamic shared memory of 244 bytes) would make it a misaligned,
    wrong element for every CTA but the first (decision D6-cl-4)."""

    space = "shared"

    def __init__(self, sim, ctas: np.ndarray):
        sim._shared_row(0)
        pool = sim._shared_pool
        self.size = sim.shared_size
        self.flat = pool.reshape(-1)
        self.stride = sim.shared_stride
        self.base = (ctas.astype(np.int64) * self.stride)[:, None]
        #: a cluster launch: each warp's cluster's CTAs by rank (an address's bits 24..31; sim/cluster.py)
        cl = sim.clusters
        self.peers = cl.peers[ctas] if cl is not None else None
        self.segments = [Segment("shared", 0, pool[0, :self.size])]

    def _offsets(self, addrs, m: np.ndarray, size: int) -> np.ndarray:
        a = np.broadcast_to(np.asarray(addrs), m.shape)[m].astype(np.uint64)
        rank = None
        if self.peers is not None:
            rank = (a >> np.uint64(RANK_SHIFT)).astype(np.int64)
            off = a & np.uint64((1 << RANK_SHIFT) - 1)
            bad = (rank >= self.peers.shape[1]) | (off + np.uint64(size) > np.uint64(self.size))
        else:
            off = a
            bad = a + np.uint64(size) > np.uint64(self.size)
        bad |= (a & np.uint64(size - 1)) != 0
        if bad.any():
            v = int(a[bad][0])
            kind = "misaligned" if v % size else "memory"
            raise Fault(kind, f"shared memory access of {size} bytes at 0x{v:x} is "
                        f"{'misaligned' if kind == 'misaligned' else 'out of bounds'}", address=v)
        if rank is None or self.peers is None:
            return (np.broadcast_to(self.base, m.shape)[m] + a.astype(np.int64)) // size
        peers = np.broadcast_to(self.peers[:, None, :], m.shape + (self.peers.shape[1],))[m]
        target = peers[np.arange(rank.size), rank]
        return (target * self.stride + off.astype(np.int64)) // size

    def flat_keys(self, addrs) -> np.ndarray:
        """Each lane's address as a byte offset in the pool (the identity of the word it names: an
        mbarrier of another CTA of the cluster is the same word for every CTA that names it)."""
        a = np.broadcast_to(np.asarray(addrs), (self.base.shape[0], WARP_SIZE)).astype(np.int64)
        if self.peers is None:
            return a + self.base
        rank = np.minimum(a >> RANK_SHIFT, self.peers.shape[1] - 1)
        return np.take_along_axis(self.peers, rank, axis=1) * self.stride + (a & ((1 << RANK_SHIFT) - 1))

    def _view(self, size: int) -> np.ndarray:
        return self.flat.view(_DT[size])

    def load(self, addrs, mask, size: int = 4) -> np.ndarray:
        m = mask2array(mask)
        out = np.zeros(m.shape, _DT[size])
        if not m.any():
            return out
        out[m] = self._view(size)[self._offsets(addrs, m, size)]
        return out

    def store(self, addrs, values, mask, size: int = 4) -> None:
        m = mask2array(mask)
        if not m.any():
            return
        off = self._offsets(addrs, m, size)
        v = np.broadcast_to(np.asarray(values), m.shape)[m].astype(_DT[size]) if np.ndim(values) \
            else np.full(off.size, int(values) & ((1 << (8 * size)) - 1), _DT[size])
        self._view(size)[off] = v


class BatchedEngine:
    """Runs a :class:`~gpuisa.sim.Simulator` to completion in batches (see the module doc)."""

    _ur: np.ndarray | None

    def __init__(self, sim):
        tune_malloc()
        self.sim = sim
        ws = sim._warps             # not sim.warps: reading that marks the Warp objects as touched
        self.warps = ws
        self.N = N = len(ws)
        self.wpc = len(sim._ctas[0].warps) if sim._ctas else 1
        self._stored = False
        if sim._pristine:
            self._launch_arrays(sim, N)
        else:
            self._gather_all(ws, N)
        sim._pristine = False       # from now on the state is this engine's (then the objects')
        self.rpc = sim.RPC
        self.rpcreg = sim.RPCREG     # (warps, 2, 32): Rpc.LO/.HI per lane (RPCMOV, D11-1)
        self.last = np.zeros(N, np.int64)
        # decisions D10-I-4, D14-W-4: how many YIELDs (a spin loop's hint) each warp issued more
        # than the ready warp that issued fewest (bounded by YIELD_LEAD); the fewest go first
        self.spun = np.zeros(N, np.int16)
        self.batchno = 0
        self.bx: dict[int, BatchExec] = {}
        #: per address, the batch-width plan of a per_warp instruction (sim/fastpath/atomics.py) or None
        self.batch_plans: dict[int, Any] = {}
        #: decision D19-1: the warps held back from a contended CAS loop; what a CAS batch's plan
        #: saw (sim/fastpath/atomics.py: per warp, a lane stored, the one word its lanes used)
        self.holds = CasHolds(N)
        self.cas_seen: tuple[np.ndarray, np.ndarray] | None = None
        #: decision D25-1: warps whose spin loop repeats park until a word they poll changes
        self.park = SpinParking(self)
        self._trip_end: tuple[int, np.ndarray, int | None] | None = None
        self.fallbacks: set[str] = set()     # optypes replayed per warp after a batch-width failure
        self.batches = 0                     # statistics: semantics calls made for batches
        self._cont = None
        self.released = 0       # warps released from barriers (_solo: did another warp become ready?)
        #: inside run(): another engine then does not rebind the BatchExecs this one uses
        self.running = False
        #: checkpoints of the whole state: a repeated one ends the run (decision D12-1)
        # the largest starvation bound _pick can use (D15-S-1): the watchdog's clamp of the ages
        self.watchdog = Watchdog(sim, self, max(STARVE, N))

    @property
    def UR(self) -> np.ndarray:
        """The uniform registers ``(64, N)`` for reading: read-only zeros until an instruction
        writes one (:meth:`ur_rows`); a grid whose program names none never allocates them
        (256 KiB for 1,024 warps that a new grid's first run would otherwise touch)."""
        u = self._ur
        if u is None:
            return np.broadcast_to(_UR_ZERO, (URZ + 1, self.N))
        return u

    def ur_rows(self) -> np.ndarray:
        """The uniform registers for writing (allocated at the first write)."""
        if self._ur is None:
            self._ur = np.zeros((URZ + 1, self.N), _U32)
        return self._ur

    def _launch_arrays(self, sim, N: int) -> None:
        """The arrays of a grid that has not run yet, from the launch shape (every Warp object
        still holds its launch values: ``Simulator._pristine``), without reading the objects."""
        wpc = self.wpc
        nctas = N // wpc if wpc else 0
        nthreads = sim.block[0] * sim.block[1] * sim.block[2]
        per_cta = [(1 << min(WARP_SIZE, nthreads - wi * WARP_SIZE)) - 1 for wi in range(wpc)]
        self.valid = np.empty(N, _U32)
        self.valid.reshape(nctas, wpc)[:] = per_cta     # (np.tile's Python costs more than this)
        self.active = self.valid.copy()
        self.pc = np.full(N, sim.entry & MASK64, _U64)
        self.yld = np.zeros(N, _U32)
        self.sleep = np.zeros(N, _U32)
        self.switch = np.zeros(N, _U32)
        self.P, self.UP, self.B = (self._gather([], name, N) for name in ("P", "UP", "B"))
        self._ur = None         # no uniform register written yet: reads see zeros (UR)
        self.state = np.full(N, S_READY, np.int8)
        self.issued = np.zeros(N, np.int64)
        self.fail_at = np.full(N, -2, np.int64)
        self.fail_n = np.zeros(N, np.int64)
        self.gid = np.arange(N, dtype=np.int64)
        self.widx = self.gid % wpc
        self.cta_of = self.gid // wpc
        gx, gy = sim.grid[0], sim.grid[1]
        ct = self.ctaid_all = np.empty((N, 3), np.int64)
        np.remainder(self.cta_of, gx, out=ct[:, 0])
        np.floor_divide(self.cta_of, gx, out=ct[:, 1])
        np.floor_divide(ct[:, 1], gy, out=ct[:, 2])
        np.remainder(ct[:, 1], gy, out=ct[:, 1])
        self.timed: set[int] = set()
        self.owing: set[int] = set()

    def _gather_all(self, ws, N: int) -> None:
        """The arrays from the Warp objects (a grid that has run or been changed)."""
        self.pc = np.array([w.pc & MASK64 for w in ws], _U64)
        self.active = np.array([w.active for w in ws], _U32)
        self.valid = np.array([w.valid for w in ws], _U32)
        self.yld = np.array([w.yield_mask for w in ws], _U32)
        self.sleep = np.array([w.sleep for w in ws], _U32)
        self.switch = np.array([w.switch for w in ws], _U32)
        # P, UR, UP, B: (rows, N); only warps whose lists differ from the launch values are read
        self.P, self._ur, self.UP, self.B = (self._gather(ws, name, N) for name in ("P", "UR", "UP", "B"))
        self.state = np.array([_CODE[w.state] for w in ws], np.int8)
        self.issued = np.array([w.issued for w in ws], np.int64)
        self.fail_at = np.array([getattr(w, "_fail_at", -2) for w in ws], np.int64)
        self.fail_n = np.array([getattr(w, "_fail_n", 0) for w in ws], np.int64)
        self.widx = np.array([w.index for w in ws], np.int64)
        self.gid = np.arange(N, dtype=np.int64)
        self.cta_of = np.array([w.cta.linear for w in ws], np.int64)
        self.ctaid_all = np.array([w.cta.ctaid for w in ws], np.int64).reshape(N, 3)
        self.timed = {i for i, w in enumerate(ws) if w.timer is not None}
        self.owing = {i for i, w in enumerate(ws) if w.owed}

    @staticmethod
    def _gather(ws, name: str, N: int) -> np.ndarray:
        """The ``(rows, N)`` array of the Warp objects' *name* lists: launch values, then the
        warps of *ws* whose lists differ from them (none: the launch shape)."""
        default, dt = _LAUNCH[name]
        if any(default):
            out = np.empty((len(default), N), dt)
            out[:] = np.array(default, dt)[:, None]
        else:   # all zero (UR, B): calloc, no fill of our own
            out = np.zeros((len(default), N), dt)
        odd = [i for i, w in enumerate(ws) if getattr(w, name) != default]
        if odd:
            out[:, odd] = np.array([getattr(ws[i], name) for i in odd], dt).T
        return out

    def _scatter(self, name: str, arr: np.ndarray) -> None:
        """Warp objects' *name* lists from the (rows, N) array *arr* (default lists shared
        read-only by value: a list is built only for a warp whose values differ)."""
        default = _LAUNCH[name][0]
        dflt = np.array(default, arr.dtype)[:, None]
        odd = np.flatnonzero((arr != dflt).any(axis=0))
        ws = self.warps
        for w in ws:
            setattr(w, name, list(default))
        if odd.size:
            vals = arr[:, odd].T.tolist()
            for k, i in enumerate(odd.tolist()):
                setattr(ws[i], name, vals[k])

    # -- warp objects <-> arrays --------------------------------------------------------------
    def sync_in(self, i: int):
        """The Warp object of warp *i* with the arrays' values (before a per-warp call)."""
        w = self.warps[i]
        w.pc = self.pc.item(i)
        w.active = self.active.item(i)
        w.valid = self.valid.item(i)
        w.yield_mask = self.yld.item(i)
        w.sleep = self.sleep.item(i)
        w.switch = self.switch.item(i)
        w.P = self.P[:, i].tolist()
        w.UR = self.UR[:, i].tolist()
        w.UP = self.UP[:, i].tolist()
        w.B = self.B[:, i].tolist()
        w.state = _NAME[self.state.item(i)]
        w.issued = self.issued.item(i)
        w._fail_at = self.fail_at.item(i)
        w._fail_n = self.fail_n.item(i)
        return w

    def sync_out(self, i: int, w) -> None:
        """The arrays of warp *i* from its Warp object (after a per-warp call).  A register
        list equal to the arrays' column is not written back (decision D13-S-3: the
        listcomps and list-to-array stores were a third of a per-warp replay's cost)."""
        self.pc[i] = w.pc & MASK64
        self.active[i] = w.active & MASK32
        self.valid[i] = w.valid & MASK32
        self.yld[i] = w.yield_mask & MASK32
        self.sleep[i] = w.sleep & MASK32
        self.switch[i] = w.switch & MASK32
        if w.P != self.P[:, i].tolist():
            self.P[:, i] = w.P
        if w.UR != self.UR[:, i].tolist():
            ur = [v & MASK32 for v in w.UR]
            if self._ur is not None or any(ur):
                self.ur_rows()[:, i] = ur
        if w.UP != self.UP[:, i].tolist():
            self.UP[:, i] = w.UP
        if w.B != self.B[:, i].tolist():
            self.B[:, i] = [v & MASK32 for v in w.B]
        self.issued[i] = w.issued
        self.fail_at[i] = getattr(w, "_fail_at", -2)
        self.fail_n[i] = getattr(w, "_fail_n", 0)
        old = self.state[i]
        new = _CODE[w.state]
        if w.timer is not None:
            self.timed.add(i)
        if w.owed:      # decision D7-simt-1: BSYNC and BREAK of this warp run the reference function
            self.owing.add(i)
        else:
            self.owing.discard(i)
        if new != old:
            self.state[i] = new
            if new in (S_EXITED, S_BARRIER):
                self._check_barrier(int(self.cta_of[i]))

    def store(self) -> None:
        """Every Warp object with the arrays' values (the simulator calls it when the Warp objects
        are first used after the run: ``Simulator._flush``; a run's result does not need them)."""
        self._stored = True
        cols = [a.tolist() for a in (self.pc, self.active, self.valid, self.yld, self.sleep, self.switch,
                                     self.state, self.issued, self.fail_at, self.fail_n)]
        P = self.P.T.tolist()
        names = _NAME
        for i, w in enumerate(self.warps):
            w.pc, w.active, w.valid, w.yield_mask, w.sleep, w.switch = (cols[0][i], cols[1][i], cols[2][i],
                                                                        cols[3][i], cols[4][i], cols[5][i])
            w.state = names[cols[6][i]]
            w.issued = cols[7][i]
            w._fail_at, w._fail_n = cols[8][i], cols[9][i]
            w.P = P[i]
        self._scatter("UR", self.UR)
        self._scatter("UP", self.UP)
        self._scatter("B", self.B)
        # the result's arrays straight from the engine's (Simulator.result)
        self.sim._final_arrays = (mask2array(np.ascontiguousarray(self.P[:7].T)), np.ascontiguousarray(self.UR[:63].T),
                                  np.ascontiguousarray(self.UP[:7].T), np.ascontiguousarray(self.B.T))

    # -- scheduling -------------------------------------------------------------------------------
    def _check_barrier(self, c: int) -> None:
        """A warp of CTA *c* exited or waits: complete the barriers it completes (the simulator's rules)."""
        self.sim._check_barrier(self.sim._ctas[c])

    def live_of(self, c: int) -> set[int]:
        """Indices within CTA *c* of its warps that have not exited."""
        a = c * self.wpc
        return {k for k, st in enumerate(self.state[a:a + self.wpc].tolist()) if st != S_EXITED}

    def release(self, i: int) -> None:
        """Warp *i* leaves its barrier (it completed)."""
        self.state[i] = S_READY
        self._cont = None
        self.released += 1

    def exited(self) -> int:
        return int((self.state == S_EXITED).sum())

    def _first_live(self):
        live = np.flatnonzero(self.state != S_EXITED)
        if not live.size:
            return None
        return int(live[0])

    def _stop_at(self, kind: str, message: str, i) -> None:
        sim = self.sim
        if i is None:
            sim._stop(kind, message, None, None)
            return
        w = self.sync_in(i)
        sim._stop(kind, message, w, w.pc)

    def _wake(self) -> None:
        sim = self.sim
        nxt = None
        for i in sorted(self.timed):
            w = self.warps[i]
            if w.timer is None:
                self.timed.discard(i)
                continue
            if w.timer <= sim.clock:
                w.timer = None
                self.timed.discard(i)
                self.sleep[i] = 0   # the single timer clears every SleepMask bit at once
                if self.state[i] == S_SLEEPING:
                    self.state[i] = S_READY
            elif nxt is None or w.timer < nxt:
                nxt = w.timer
        sim._next_wake = nxt
        self._cont = None

    def _pick(self):
        """``(pc, idx)`` of the next batch, or None when the run is over."""
        sim = self.sim
        if sim._next_wake is not None and sim.clock >= sim._next_wake:
            self._wake()
        while True:
            ready = self._ready()
            if ready.size:
                break
            if not (self.state != S_EXITED).any():
                sim._stop("ok", "", None, None)
                return None
            self._wake()
            if sim._next_wake is not None:
                sim.clock = sim._next_wake
                self._wake()
                continue
            sl = np.flatnonzero(self.state == S_SLEEPING)
            if sl.size:     # sleeping without a timer: wake at once
                i = int(sl[0])
                self.state[i] = S_READY
                self.sleep[i] = 0
                continue
            if self.park.count and self.park.wake():     # D25-1: a polled word changed
                continue
            if self.holds.count:    # D19-1: a held warp goes on rather than none
                self.holds.look(self.state, self.issued, True, self.sim.steps)
                continue
            if self.park.count:     # D25-1: like the watchdog's fault, with every unfinished warp
                self.store()
                sim._stop_unfinished("deadlock", "no warp can progress: {n} warps are unfinished{first}; each waits "
                                     "at a barrier or spins on global memory that no other warp will write"
                                     + self.park.describe().replace("{", "{{").replace("}", "}}"))
                return None
            i = self._first_live()
            self._stop_at("deadlock", "no warp can progress (every live warp waits at a barrier)", i)
            return None
        self.batchno += 1
        pcs = self.pc[ready]
        chosen = pcs.min()
        if ready.size > 1:
            y = self.spun[ready]
            lo = y.min()
            if lo:      # decision D14-W-4: counted from the ready warp that yielded least
                sp = self.spun
                np.clip(sp - lo, -YIELD_LEAD, YIELD_LEAD, out=sp)
                y = y - lo
            if y.any():     # decision D10-I-4 / D14-W-4: the warps that yielded least go first
                chosen = pcs[y == 0].min()
            old = self.last[ready]
            j = int(old.argmin())
            # decision D15-S-1: the bound is one batch per ready warp when more than STARVE are ready
            if self.batchno - old[j] > max(STARVE, ready.size):
                chosen = pcs[j]
        m = pcs == chosen
        idx = ready if m.all() else ready[m]
        return int(chosen), idx, idx.size == ready.size

    def _look_due(self) -> bool:
        """A pick would look for held warps to release now (decision D19-1): no continuation."""
        h = self.holds
        return bool(h.count) and self.batchno >= h.due

    def _ready(self) -> np.ndarray:
        """The ready warps that are not held (decision D19-1) nor parked (D25-1), in warp order."""
        h = self.holds
        pk = self.park
        if pk.count:        # decision D25-1: parked warps wait for their words (checked now and then)
            pk.tick()
        if not h.count and not pk.count:
            return np.flatnonzero(self.state == S_READY)
        ok = self.state == S_READY
        if pk.count:
            ok &= ~pk.parked
        if h.count:
            if self._look_due():
                h.look(self.state, self.issued, False, self.sim.steps)
                h.due = self.batchno + HOLD_CHECK
            ok &= ~h.held
        return np.flatnonzero(ok)

    # -- execution ------------------------------------------------------------------------------
    def _bexec(self, pc: int) -> BatchExec:
        x = self.bx.get(pc)
        if x is not None:
            return x
        sim = self.sim
        shared = sim.decoded(pc)[3]
        x = shared[5]       # this word's BatchExec, shared by the batched runs of the process
        if x is None or (x.eng is not None and x.eng is not self and x.eng.running):
            one = sim.fetch(pc)
            x = BatchExec.of(one, self)
            plan: Any = shared[4]
            if plan is UNSET:
                plan = shared[4] = plan_for(x)   # the speed code's specialisation (sim/fastpath), batch-capable
            if plan is not None:
                x.fn = plan
            if shared[5] is None:
                shared[5] = x
        elif x.per_warp and not x.ref_per_warp:
            self.fallbacks.add(x.optype)    # replayed per warp in an earlier run (see _loop)
        x.sim = sim         # what a BatchExec holds beyond the word: rebound for this run
        x.eng = self
        self.bx[pc] = x
        return x

    def shared_for(self, sel):
        return BatchShared(self.sim, self.cta_of[sel])

    def batch_event(self, x, kind: str, message: str, m: np.ndarray) -> None:
        sim = self.sim
        idx = np.arange(self.N)[x.sel]
        for i, mi in zip(idx.tolist(), np.broadcast_to(m, idx.shape).tolist()):
            if mi:
                sim.record_event(kind, message, int(self.cta_of[i]), int(self.widx[i]), x.pc)

    def _per_warp(self, pc: int, idx) -> None:
        """Issue the instruction at *pc* for the warps *idx* one at a time (warp order),
        with the one-warp Exec (as the reference engine)."""
        sim = self.sim
        self._cont = None
        for i in np.asarray(idx).tolist():
            if sim.status is not None:
                return
            if sim.steps >= sim.max_steps:
                return
            w = self.sync_in(i)
            sim._issue(w, False)        # a fault stops the run there (sim.status)
            self.sync_out(i, w)
            self.last[i] = self.batchno

    def _guard(self, x: BatchExec, sel, n: int) -> np.ndarray:
        g = x.guard
        if g == G_ALWAYS:
            return self.active[sel]
        if g == G_PRED:
            return self.active[sel] & self.P[x.pg][sel]
        if g == G_NOT_PRED:
            return self.active[sel] & ~self.P[x.pg][sel]
        if g > G_NEVER:     # G_UPRED, G_NOT_UPRED: a uniform predicate, all active lanes or none
            return np.where(self.UP[x.pg][sel] != (g == G_NOT_UPRED), self.active[sel], _U32(0))
        return np.zeros(n, _U32)

    def run(self) -> None:
        sim = self.sim
        sim._engine = self
        self.running = True
        try:
            self._loop()
        finally:
            self.running = False
            sim._engine = None
            for x in self.bx.values():      # the shared BatchExecs must not keep this grid alive
                x.sim = x.eng = x.sel = x.pmask = None
                x.w = None      # type: ignore[assignment]
            self.bx = {}
            if not self._stored:
                sim._pending = self     # written into the Warp objects when they are used (Simulator.warps)

    def results(self):
        """The run's per-warp results straight from the arrays, built on access
        (:class:`~gpuisa.sim.simulator.ArrayWarpResults`)."""
        return (self.sim.R, self.P, self.UR, self.UP, self.B, self.valid, self.pc, self.state, _NAME,
                self.cta_of, self.widx, self.ctaid_all)

    def _loop(self) -> None:
        sim = self.sim
        max_steps = sim.max_steps
        kernels = KERNELS
        wd = self.watchdog
        while sim.status is None:
            if self._trip_end is not None:       # a spin loop's YIELD or BRA issued (D25-1)
                self._boundary()
            if sim.steps >= max_steps:
                self.store()            # the fault lists every unfinished warp from the Warp objects
                sim._step_limit()
                break
            if sim.steps >= wd.next and not self.holds.count and self._repeats():    # D19-1: none held
                break
            cont = self._cont
            if cont is not None and self._may_continue():
                pc, idx, sel = cont
                all_ready = True
                self.batchno += 1
            else:
                picked = self._pick()
                if picked is None:
                    break
                pc, idx, all_ready = picked
                sel = None
            self._cont = None
            n = idx.size
            left = max_steps - sim.steps
            if n > left:
                idx = idx[:left]
                n = left
                sel = None
                all_ready = False
            if sel is None:
                sel = _sel_of(idx)
            try:
                x = self.bx.get(pc)
                if x is None:
                    x = self._bexec(pc)
            except Fault as f:
                w = self.sync_in(int(idx[0]))
                sim._fault_in(w, pc, f)
                self.sync_out(int(idx[0]), w)
                break
            self.last[sel] = self.batchno
            if x.optype in _SPIN_HINTS:
                self.spun[sel] = np.minimum(self.spun[sel] + 1, YIELD_LEAD)
            if self._tripping(x.optype):     # D25-1
                self._trip(x, pc, idx, sel, n)
            kern = kernels.get(x.optype)
            if kern is not None and (n > 1 or x.optype not in _SOLO_BY_REFERENCE):
                self._kernel(kern, x, pc, idx, sel, all_ready)
                continue
            if x.per_warp or n == 1:
                # an atomic's plan also for one warp (D15-S-2: a contended CAS loop's warps run alone)
                if not self._batch_plan(x, pc, idx, sel, all_ready):
                    self._solo(pc, idx, sel, all_ready and n == 1)
                elif self.cas_seen is not None:     # a CAS's plan saw its winners (D19-1)
                    self._cas_holds(idx)
                continue
            x.bind(sel, n, self._guard(x, sel, n))
            sim.steps += n
            sim.clock += n
            self.issued[sel] += 1
            try:
                x.fn(x)
            except Fault:
                self._undo(sel, n)
                self._per_warp(pc, idx)
                continue
            except _REPLAY:
                self._undo(sel, n)
                x.per_warp = True
                self.fallbacks.add(x.optype)
                self._per_warp(pc, idx)
                continue
            self.batches += 1
            self.pc[sel] = x.next_pc
            if all_ready:
                self._cont = (x.next_pc, idx, sel)

    def _may_continue(self) -> bool:
        """The last batch's warps may go on at their next instruction without a pick: no sleeper's
        timer, no held warp to look at, and (decision D25-1) with warps parked, not the batch
        every CHECK batches at which their words are looked at (then a pick)."""
        return self.sim._next_wake is None and not self._look_due() and not (self.park.count and self.park.tick())

    def _tripping(self, op: str) -> bool:
        """A batch of *op* goes through the parking hook :meth:`_trip`: every one while parking is
        on, and a YIELD or BRA, which may start it (D25-1)."""
        pk = self.park
        return pk.on or op == "YIELD" or (op == "BRA" and not pk.off)

    def _trip(self, x: BatchExec, pc: int, idx: np.ndarray, sel, n: int) -> None:
        """Decision D25-1, before a batch issues: what the trips of spin loops did (sim/parking.py);
        a YIELD, or the BRA of a spin loop without YIELD, ends a trip once the batch has issued."""
        pk = self.park
        if x.optype == "BRA":
            t = pk.spin_target(x)
            if t is not None and (pk.on or pk.start()):
                self._trip_end = (pc, idx, t)
            return
        if not pk.on and (pk.off or not pk.start()):    # a YIELD: parking starts at the run's first
            return
        pk.before(x, idx, sel, n)
        if x.optype == "YIELD":
            self._trip_end = (pc, idx, None)

    def _boundary(self) -> None:
        """The batch of a trip's end issued: the warps whose spin repeats park (D25-1)."""
        assert self._trip_end is not None
        pc, idx, target = self._trip_end
        self._trip_end = None
        if self.park.after_yield(pc, idx) if target is None else self.park.after_branch(pc, target, idx):
            self._cont = None

    def _repeats(self) -> bool:
        """A watchdog checkpoint (decision D12-1): True when the whole state repeats an earlier
        one, and the run is stopped (it can never end).  The holders' records go first (D23-1:
        they hold issue counts, which the digest leaves out), so that the digest decides the future."""
        self.holds.clear()
        since = self.watchdog.check()
        if since is None:
            return False
        self.store()
        self.sim._state_repeats(since)
        return True

    def _solo(self, pc: int, idx: np.ndarray, sel, alone: bool) -> None:
        """Replay the batch warp by warp; *alone*: it is the only ready warp, which then goes on
        at its next instruction without a pick when it is still the only one (decision D19-1:
        the same warp _pick would choose)."""
        before = self.released
        self._per_warp(pc, idx)
        if alone and self.released == before and self.sim.status is None:
            i = int(idx[0])
            if self.state[i] == S_READY:
                self._cont = (int(self.pc[i]), idx, sel)
                if self._trip_end is None:
                    self._burst(i, idx, sel)

    def _burst(self, i: int, idx: np.ndarray, sel) -> None:
        """The lone ready warp *i* goes on (``_cont`` set) at its next instructions back to back
        with its Warp object, copied in and out of the arrays once, not per instruction: each is
        the iteration of :meth:`_loop` that takes the continuation and issues a batch of one
        warp by the reference function (:meth:`_solo`), with the same checks in the same order,
        so the schedule is the loop's.  It stops, leaving the loop to go on, before an
        instruction that needs the loop's own work -- YIELD or NANOSLEEP, an LDG
        while parking records loads (D25-1), the cluster barrier's kernel, an instruction with a
        batch plan (an atomic: CAS holds, D19-1) -- at the step limit or a watchdog checkpoint,
        when the continuation is not allowed (a pick is due), and after an instruction that
        leaves the warp not ready, starts a timer, releases a barrier or ends a spin loop's trip
        (the loop then calls _boundary, as after any batch)."""
        sim = self.sim
        pk = self.park
        bx = self.bx
        max_steps = sim.max_steps
        wd_next = self.watchdog.next
        w = self.sync_in(i)
        pc = w.pc
        cont = True
        while sim.steps < max_steps and sim.steps < wd_next:
            x = bx.get(pc)
            if x is None:
                try:
                    x = self._bexec(pc)
                except Fault as f:      # not an instruction: the run stops there, as in the loop
                    sim._fault_in(w, pc, f)
                    break
            op = x.optype
            if op in _BURST_STOP or (op == "LDG" and pk.on) or self._plan_of(pc, x) is not None:
                break
            if not self._may_continue():
                cont = False
                break
            self.batchno += 1
            self.last[i] = self.batchno
            if self._tripping(op):      # as the loop (an LDG's record, which needs the arrays, stopped above)
                self._trip(x, pc, idx, sel, 1)
            before = self.released
            sim._issue(w, False)        # a fault stops the run (sim.status, checked below)
            pc = w.pc
            if w.state != READY or w.timer is not None or self.released != before or sim.status is not None:
                cont = False
                break
            if self._trip_end is not None:      # a spin loop's BRA: the loop ends the trip (D25-1)
                break
        self.sync_out(i, w)
        if cont and self.state[i] == S_READY and sim.status is None:
            self._cont = (int(self.pc[i]), idx, sel)
        else:
            self._cont = None

    def _cas_holds(self, idx: np.ndarray) -> None:
        """After a batch of a global CAS: hold the warps that failed on a word another warp stored
        on, in the batch or as a holder that has not gone (decisions D19-1, D23-1: sim/contention.py)."""
        seen, self.cas_seen = self.cas_seen, None
        assert seen is not None
        won, word = seen
        if self.holds.after_cas(idx, won, word, self.issued, self.state, self.sim.steps):
            self._cont = None

    def _plan_of(self, pc: int, x: BatchExec):
        """The batch plan of the instruction *x* at *pc* (sim/fastpath/atomics.py: a per-warp reference
        function issued at batch width), or None."""
        plan = self.batch_plans.get(pc, UNSET)
        if plan is UNSET:
            plan = self.batch_plans[pc] = batch_plan(x) if x.ref_per_warp and not x.control else None
        return plan

    def _batch_plan(self, x: BatchExec, pc: int, idx: np.ndarray, sel, all_ready: bool) -> bool:
        """Issue a batch of a ``per_warp`` instruction at batch width through its speed plan
        (sim/fastpath/atomics.py: the integer atomic additions, D12-L-3); False, nothing done,
        when it has none or the plan declines the batch (the caller replays it warp by warp)."""
        plan = self._plan_of(pc, x)
        if plan is None:
            return False
        n = idx.size
        sim = self.sim
        x.bind(sel, n, self._guard(x, sel, n))
        if not plan(x):
            return False
        sim.steps += n
        sim.clock += n
        self.issued[sel] += 1
        self.batches += 1
        self.pc[sel] = x.next_pc
        if all_ready:
            self._cont = (x.next_pc, idx, sel)
        return True

    def _kernel(self, kern, x: BatchExec, pc: int, idx: np.ndarray, sel, all_ready: bool) -> None:
        """Issue the batch through a batched control kernel; the warps it leaves run the
        reference function one at a time."""
        sim = self.sim
        n = idx.size
        x.bind(idx, n, self._guard(x, idx, n))
        sim.steps += n
        sim.clock += n
        self.issued[idx] += 1
        rest = kern(self, x, idx)
        self.batches += 1
        if rest is ADVANCED:    # every warp went on to the next instruction, still ready
            if all_ready:
                self._cont = (x.next_pc, idx, sel)
            return
        if rest is not None and rest.size:
            sim.steps -= rest.size
            sim.clock -= rest.size
            self.issued[rest] -= 1
            self._per_warp(pc, rest)

    def _undo(self, sel, n: int) -> None:
        self.sim.steps -= n
        self.sim.clock -= n
        self.issued[sel] -= 1


# =============================================================================================
# Batched kernels of the common control instructions (speed code: each is tested equal to the
# reference function of semantics/bru.py by tests/sim/test_engines.py).  A kernel handles the
# warps of its common cases and returns the warp numbers it left to the reference function.
# =============================================================================================
_COND = {"NoCond": "", "U": ".U", "DIV": ".DIV", "CONV": ".CONV"}


def _i64(v: int) -> int:
    v &= MASK64
    return v - (1 << 64) if v >> 63 else v


def _set_rpc_rows(e: BatchedEngine, idx: np.ndarray, masks: np.ndarray, value: int) -> None:
    """``RPC[lanes of masks[k]] = value`` for warp ``idx[k]``."""
    if not idx.size:
        return
    rows = e.rpc[idx]
    rows[mask2array(masks)] = _i64(value)
    e.rpc[idx] = rows


def _switch_to(e: BatchedEngine, idx: np.ndarray, cmask: np.ndarray, within: np.ndarray) -> None:
    """``lid = ffs(cmask); ActivePC = RPC[lid]; ActiveMask = (RPC == RPC[lid]) & within``."""
    rows = e.rpc[idx]
    lid = ffs_lanes(cmask)
    target = rows[np.arange(idx.size), lid]
    e.active[idx] = array2mask(rows == target[:, None]) & within
    e.pc[idx] = target.view(_U64)


def _k_bra(e: BatchedEngine, x: BatchExec, idx: np.ndarray):
    m = x.memo
    if m is None:
        m = x.memo = (_COND.get(x.mod("cond") or "NoCond") if x.mod("any") != "ANY" else
                      (".U.ANY" if x.mod("cond") == "U" else None), "pp" in x.f, "ura" in x.f,
                      (x.pc + INST_SIZE + x.imm("offset") * INST_SIZE))
    cond, has_pp, has_ura, target = m
    if cond is None or (has_ura and cond not in (".DIV", ".CONV")):    # the reference's faults
        return idx
    active = e.active[idx]
    g = e.P[x.pg][idx]
    pg = ~g if x.pg_not else g
    if has_pp:
        pg = pg & x.pred("pp")
    if "upp" in x.f:    # BRA_X_UP: a uniform predicate per warp (false: no lane branches)
        pg = np.where(x.upred("upp")[:, 0], pg, _U32(0))
    pgv = pg & active
    if has_ura:         # BRA.DIV/.CONV URm (decision D18-11): golden_branch_mask's thread-mask arm
        b = _bra_ur(x, e.valid[idx], active, pg, pgv, cond == ".DIV")
    elif cond == "":
        b = pgv
    elif cond == ".U":
        b = np.where(pgv == active, active, _U32(0))
    elif cond == ".U.ANY":          # decision D8-sync-8
        b = np.where(pgv != 0, active, _U32(0))
    else:
        div = (pgv ^ e.valid[idx]) != 0
        b = np.where(div if cond == ".DIV" else ~div, pgv, _U32(0))
    nz = b != 0
    full = nz & (b == active)
    e.pc[idx] = np.where(full, _U64(target & MASK64), _U64(x.next_pc))
    part = nz & ~full
    if part.any():
        pi = idx[part]
        pb = b[part]
        e.active[pi] = active[part] & ~pb
        _set_rpc_rows(e, pi, pb, target)
    return None


def _bra_ur(x: BatchExec, valid, active, pg, pgv, div: bool) -> np.ndarray:
    """``bru.golden_branch_mask`` with a thread mask in a uniform register, per warp of a batch:
    diverged when a lane of the mask is valid but not active, or when the guard splits the active
    lanes and one of the mask's active lanes has it false; `.DIV` jumps (every active lane) when
    diverged and some lane's guard is true, `.CONV` when not diverged."""
    ur = np.broadcast_to(np.asarray(x.src("ura")).reshape(-1), active.shape).astype(_U32)
    split = (pgv != active) & (pgv != 0)
    is_div = (((valid ^ active) & ur) != 0) | (split & ((active & ~pg & ur) != 0))
    return np.where((pgv != 0) & (is_div if div else ~is_div), active, _U32(0))


def _k_bssy(e: BatchedEngine, x: BatchExec, idx: np.ndarray):
    b = x.reg_index("breg")
    e.B[b][idx] |= x.pmask
    e.pc[idx] = x.next_pc
    return None


def _k_bmov(e: BatchedEngine, x: BatchExec, idx: np.ndarray):
    """BMOV at batch width (decision D18-7): what ``bru.BMOV`` does with each warp's B register --
    to a GPR (``.CLEAR`` empties it), from another B register or an immediate (D6-3), or from
    the first executing lane's GPR -- on the engine's B arrays; a warp without an executing lane
    changes nothing."""
    pm = x.pmask & pp_mask(x)
    B = e.B[x.reg_index("breg")]
    on = idx[pm != 0]
    if "rd" in x.f:         # BMOV_X: BReg to Reg
        x.write("rd", np.broadcast_to(B[idx][:, None], (idx.size, WARP_SIZE)), mask=pm)
        if x.mod("clear") == "CLEAR":
            B[on] = 0
    elif "bd" in x.f:       # BMOV_RR: BReg to BReg
        e.B[x.reg_index("bd")][on] = B[on]
        if x.mod("clear") == "CLEAR":
            B[on] = 0
    elif "vb" in x.f:       # BMOV_I: an immediate to BReg
        B[on] = x.imm("vb") & MASK32
    else:                   # BMOV_R: the first executing lane's Reg to BReg
        ra = np.broadcast_to(x.src_lanes("ra"), (idx.size, WARP_SIZE))
        B[on] = ra[np.arange(idx.size), ffs_lanes(pm)][pm != 0]
    e.pc[idx] = x.next_pc
    return None


def _owing(e: BatchedEngine, idx: np.ndarray) -> np.ndarray | None:
    """The warps of *idx* with lanes that owe a BSYNC a pass (decision D7-simt-1: their BSYNC
    and BREAK run the reference function), as a boolean mask; None when there is none."""
    if not e.owing:
        return None
    o = np.isin(idx, np.fromiter(e.owing, np.int64, len(e.owing)))
    return o if o.any() else None


def _k_break(e: BatchedEngine, x: BatchExec, idx: np.ndarray):
    b = x.reg_index("breg")
    pm = x.pmask & pp_mask(x)
    o = _owing(e, idx)
    if o is not None:
        if isinstance(pm, np.ndarray):
            pm = pm[~o]
        idx, rest = idx[~o], idx[o]
    e.B[b][idx] &= ~pm
    e.pc[idx] = x.next_pc
    return None if o is None else rest


def _k_exit(e: BatchedEngine, x: BatchExec, idx: np.ndarray):
    pm = x.pmask & pp_mask(x)
    if not pm.any():            # no lane exits (``@P0 EXIT`` with P0 false): the next instruction
        e.pc[idx] = x.next_pc
        return ADVANCED
    active = e.active[idx]
    valid = e.valid[idx]
    if (pm == active).all() and (valid == active).all():
        _exited(e, idx)     # every warp of the batch leaves whole (no lane waits elsewhere)
        return None
    mask_np = active & ~pm
    partial = mask_np != 0
    left = valid & ~active
    done = ~partial & (left == 0)
    switch = ~partial & ~done
    quiet = (e.sleep[idx] == 0) & (e.yld[idx] == 0)
    slow = switch & ~quiet
    if partial.any():
        pi = idx[partial]
        e.valid[pi] = valid[partial] & ~pm[partial]
        e.active[pi] = mask_np[partial]
        e.pc[pi] = x.next_pc
    sw = switch & quiet
    if sw.any():
        si = idx[sw]
        e.valid[si] = left[sw]
        _switch_to(e, si, left[sw], left[sw])
    if done.any():
        _exited(e, idx[done])
    return idx[slow] if slow.any() else None


def _exited(e: BatchedEngine, di: np.ndarray) -> None:
    """The warps *di* have exited: no lane left; a CTA barrier may now be complete."""
    e.valid[di] = 0
    e.active[di] = 0
    e.state[di] = S_EXITED
    e._cont = None
    if (e.state == S_BARRIER).any():
        for c in np.unique(e.cta_of[di]).tolist():
            e._check_barrier(c)


def _owed_here(e: BatchedEngine, idx: np.ndarray, owing: np.ndarray, active: np.ndarray, b: int,
               pc: int) -> np.ndarray:
    """Of the warps *owing* a pass to some BSYNC (D7-simt-1), those whose executing lanes owe one to
    this BSYNC (B register *b* at *pc*, their call depth): ``bru._owed_pass`` lets them pass, so
    the reference function runs them (decision D18-8); for the others it changes nothing and the
    batch-width arms take them."""
    here = np.zeros(idx.size, bool)
    depth = e.sim.DEPTH
    for k in np.flatnonzero(owing).tolist():
        i, act = int(idx[k]), int(active[k])
        here[k] = bool(act) and bool(e.warps[i].owed.get((b, pc, int(depth[i, ffs(act)])), 0) & act)
    return here


def _k_bsync(e: BatchedEngine, x: BatchExec, idx: np.ndarray):
    pc = x.pc
    b = x.reg_index("breg")
    # no sleeping lane, no owed pass; yielding lanes only for the guard-false lanes and the
    # complete sync (D14-W-8: the released lanes leave YieldMask), not for a switch or a release
    quiet = e.sleep[idx] == 0
    active = e.active[idx]
    o = _owing(e, idx)
    if o is not None:
        quiet &= ~_owed_here(e, idx, o, active, b, pc)
    valid = e.valid[idx]
    pm = x.pmask & pp_mask(x)
    mask_np = active & ~pm
    partial = (mask_np != 0) & quiet
    if partial.any():
        pi = idx[partial]
        _set_rpc_rows(e, pi, (active & pm)[partial], pc)
        e.active[pi] = mask_np[partial]
        e.pc[pi] = x.next_pc
    rest = quiet & (mask_np == 0)
    slow = ~quiet
    if rest.any():
        ri = idx[rest]
        act = active[rest]
        val = valid[rest]
        bm = e.B[b][ri] & val & ~act
        arrive = arrived_rows(e, ri, act, val, e.rpc[ri], pc)
        cmask = val & ~arrive
        done = bm == 0
        cand = cmask & bm
        yl = e.yld[ri]
        yielding = yl != 0
        switch = ~done & (cand != 0) & ~yielding
        # every lane of the barrier still expected has arrived (parked here: the lanes that
        # skipped an if's body) or none is a candidate: the release of decision S21 / of "no
        # candidate" (quiet warps: no yield mask to clear), like a complete one, except that
        # the B register keeps the lanes that have not arrived
        release = ~done & ~switch & ~yielding
        fail_n = np.where(e.fail_at[ri] == e.issued[ri] - 1, e.fail_n[ri] + 1, 1)
        timed = np.array([e.warps[i].timer is not None for i in ri.tolist()]) if e.timed else np.zeros(ri.size, bool)
        deadlock = switch & (fail_n > DEADLOCK_SWITCHES) & ~timed
        if switch.any():    # decision D7-simt-3: a candidate that may wait for us at a BSYNC/WARPSYNC: the reference
            parked = array2mask(e.rpc[ri] == e.sim.PARKPC[ri])     # a candidate parked at a sync it failed
            deadlock |= switch & ((parked & cand) != 0)
        switch &= ~deadlock
        # every member still missing is a YIELD lane (no other candidate): the patience arm (D18-5)
        ypat = ~done & yielding & ((val & ~arrive & ~yl) == 0)
        other = deadlock | (~done & yielding & ~ypat)   # the reference reports it (or releases, D7-simt-3)
        ok = done | switch
        e.B[b][ri[ok]] = bm[ok]
        if release.any():
            li = ri[release]
            e.B[b][li] = bm[release] & ~arrive[release]
            e.active[li] = arrive[release]
            e.pc[li] = x.next_pc
        if done.any():
            di = ri[done]
            e.active[di] = arrive[done]
            e.pc[di] = x.next_pc
            e.yld[di] = yl[done] & ~arrive[done]
        if switch.any():
            si = ri[switch]
            _set_rpc_rows(e, si, act[switch], pc)
            parked = mask2array(act[switch])            # decision D7-simt-3: where they wait, for whom
            e.sim.PARKPC[si] = np.where(parked, _i64(pc), e.sim.PARKPC[si])
            e.sim.PARKREG[si] = np.where(parked, b, e.sim.PARKREG[si])
            e.sim.PARKWAIT[si] = np.where(parked, _U32(0), e.sim.PARKWAIT[si])     # as park_waiting: no mask
            e.fail_n[si] = fail_n[switch]
            e.fail_at[si] = e.issued[si]
            _switch_to(e, si, cand[switch], cand[switch])
        if ypat.any():
            bsync_yield_rows(e, x, ri[ypat], bm[ypat], arrive[ypat], yl[ypat], val[ypat], act[ypat],
                             np.broadcast_to(pm, idx.shape)[rest][ypat])
        if other.any():
            slow = slow.copy()
            slow[np.flatnonzero(rest)[other]] = True
    return idx[slow] if slow.any() else None


def _k_bar(e: BatchedEngine, x: BatchExec, idx: np.ndarray):
    """BAR.SYNC / BAR.ARV with an immediate barrier number (and count, if any), no reduction:
    for the warps whose every valid lane is active and executes (nothing to park, no lane
    asleep or yielding) the warp arrives at the barrier in warp order, as the reference function
    does (``Simulator._barrier_arrive``, decisions NB-1..NB-4); the others run the function."""
    m = x.memo
    if m is None:
        f = x.f
        op = x.mod("barop")
        bid, count = f.get("vb", 16), f.get("vc")
        ok = ("ra" not in f and "rb" not in f and op in (None, "SYNC", "ARV") and bid <= 15
              and (count is None or (count and count % WARP_SIZE == 0)))
        m = x.memo = (ok, bid, count, op != "ARV")
    ok, bid, count, wait = m
    if not ok:
        return idx
    active = e.active[idx]
    common = (active == e.valid[idx]) & (x.pmask == active) & (active != 0) & (e.sleep[idx] == 0) & (e.yld[idx] == 0)
    if not common.any():
        return idx
    ci = idx[common]
    e.pc[ci] = x.next_pc
    ws = e.warps
    if wait and count is None:
        ci = _bar_whole_ctas(e, ci, bid)    # CTAs whose every live warp arrives here: done at once
    arrive = e.sim._barrier_arrive
    for i in ci.tolist():
        if wait:
            e.state[i] = S_BARRIER      # before the arrival: a release sets it ready again
        arrive(ws[i], bid, count, wait)
    e._cont = None
    rest = idx[~common]
    return rest if rest.size else None


_NO_RED = (0, False, "POPC")


def _bar_whole_ctas(e: BatchedEngine, ci: np.ndarray, bid: int) -> np.ndarray:
    """A BAR.SYNC without a count completes at once for a CTA whose every live warp is among
    the arriving warps *ci* and which has no arrival at that barrier yet: the arrivals one by
    one would leave each warp waiting until the last one releases them all, ending where this
    ends (every warp ready after the BAR, the barrier unused, no reduction).  Returns the warps
    of the other CTAs (they arrive one by one)."""
    ctas = e.cta_of[ci]
    uniq, first, counts = np.unique(ctas, return_index=True, return_counts=True)
    live = (e.state.reshape(-1, e.wpc)[uniq] != S_EXITED).sum(1)
    whole = counts == live
    sim_ctas = e.sim._ctas
    for k in np.flatnonzero(whole).tolist():
        if bid in sim_ctas[int(uniq[k])].bars:
            whole[k] = False
    if not whole.any():
        return ci
    done = np.repeat(whole, counts)          # ci is in warp order, so grouped by CTA
    ws = e.warps
    for i in ci[done].tolist():
        ws[i].bar_result = _NO_RED
    return ci[~done]


def _k_cgabar(e: BatchedEngine, x: BatchExec, idx: np.ndarray):
    """UCGABAR_ARV / UCGABAR_WAIT (the cluster barrier, sim/cluster.py): the executing lanes of each
    warp arrive / wait in warp order, as the reference functions do; a warp that would fault (lanes
    arriving twice, waiting without arriving) runs the reference function, which reports it."""
    sim = e.sim
    cl = sim._clusters_for_barrier()
    arrive = x.optype == "UCGABAR_ARV"
    lanes = np.broadcast_to(x.pmask, idx.shape).tolist()
    ws = e.warps
    bad = np.array([m != 0 and cl.problem(ws[i], m, arrive) is not None for i, m in zip(idx.tolist(), lanes)])
    ci = idx[~bad]
    e.pc[ci] = x.next_pc
    for i, m in zip(ci.tolist(), np.asarray(lanes)[~bad].tolist()):
        if not m:
            continue
        if arrive:
            sim.cluster_arrive(ws[i], m)
        elif not cl.wait_done(ws[i], m):
            e.state[i] = S_BARRIER
            sim._cluster_release(cl.check(int(e.cta_of[i]), sim._live_gids))
    e._cont = None
    rest = idx[bad]
    return rest if rest.size else None


KERNELS = {"BMOV": _k_bmov, "UCGABAR_ARV": _k_cgabar, "UCGABAR_WAIT": _k_cgabar, "BRA": _k_bra, "BSSY": _k_bssy, "BREAK": _k_break, "EXIT": _k_exit, "BSYNC": _k_bsync, "BAR": _k_bar,
           "YIELD": yield_kernel, "WARPSYNC": warpsync_kernel, "CALL": call_kernel, "RET": call_kernel,
           "BRX": brx_kernel, "BRXU": brx_kernel, "NANOSLEEP": nanosleep_kernel}
