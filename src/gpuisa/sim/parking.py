"""Spinning warps park until a word they poll changes (decision D25-1; speed code of the batched
engine: a schedule, never a result).

A warp that waits for another CTA's flag (``while (flag[b - 1] == 0);``: a chained scan, a
decoupled look-back) spins: each trip loads the word, finds it unchanged, and branches back.  With
every CTA of the grid resident (D12-L-5), every waiting warp made a trip for every hand-over, so a
chain of G CTAs cost O(G^2) warp-instructions.

A trip ends at a *boundary*: a YIELD (nvcc's mark of a spin loop in divergent code), or the
backward branch of a loop without YIELD of at most ``BODY`` instructions that are all of
``TRIP_OK`` and load with LDG (a whole warp polling, or one lane whose others have exited: nvcc
emits no YIELD there).  At a boundary of a warp the engine compares the warp's whole
state (registers, predicates, uniform and B registers, masks, PC, call stack, the lanes parked at
a failed BSYNC/WARPSYNC, the failed-switch count, and what its Warp object alone holds: BSYNC's
owed passes and patience, special registers, trap stack) with its state at its previous boundary at
the same address, taken then.  That copy is made only for a warp whose trip loaded the same words
and values as its trip before (a fingerprint of the recorded loads: a loop over an array never
pays for it); the warp is *armed* while its trip is recorded.  A warp whose comparison fails lets 1, 3, 7 ...
up to ``MAX_BACKOFF`` boundaries pass before it arms again, so that a spin whose word keeps changing
(a ticket lock's) or an ordinary loop costs little.  When the states are equal, and the trip between them did
nothing but compute in the warp's own registers and load from global memory through LDG (at most
``LOADS`` loads of 1 to 8 bytes; the whitelist ``TRIP_OK``), the trip would repeat exactly as long
as the words it loaded keep the values it read: the warp *parks*.  A parked warp is not picked;
it goes on (from the instruction after its boundary, its registers as they were) once one of those
words holds another value, which the engine checks when no warp is ready and every ``CHECK``
batches.  When no warp is ready and no parked warp's word has changed, no warp can progress: the
run stops with a ``deadlock`` fault that names the polled word.

Parking delays a warp, as a GPU's scheduler may; it never changes what a warp computes (a parked
warp's next trip would have stored nothing and loaded the same values), so a race-free program's
results are those of the reference engine.  The checks are exact (whole states compared, not
hashes), so a warp that would have made progress by itself is never parked; a warp with a sleep
timer running is never parked.  While a warp is parked, the engine's continuation of a batch
(the same warps at the next instruction, without a pick) stops every ``CHECK`` batches for the
check, so that a lone warp that runs on cannot keep a parked one from its word.
"""
from __future__ import annotations

import numpy as np

from .semantics.gp import _global_addrs, _size
from .state import S_READY, Fault, ffs, mask2array

#: batches between checks of the parked warps' words (a countdown, in the watchdog's digest)
CHECK = 32
#: loads a parkable trip may make
LOADS = 2
#: the most boundaries a warp lets pass between two comparisons (after failed ones)
MAX_BACKOFF = 63
#: the longest loop without YIELD whose backward branch ends a trip (instructions)
BODY = 16
#: a trip's state snapshots may use at most this many bytes (else parking stays off for the run)
SNAP_LIMIT = 512 << 20

#: optypes a parkable trip may execute: they change nothing but the warp's own registers,
#: predicates, masks and PC, and read nothing another warp writes but global memory (LDG, watched)
TRIP_OK = frozenset("""
    BMSK BREV DADD DFMA DMUL DSETP F2F F2FP F2I F2IP FADD FADD2 FCHK FFMA FFMA2 FLO FMNMX FMNMX3 FMUL
    FMUL2 FRND FSEL FSET FSETP HADD2 HFMA2 HMNMX2 HMUL2 HSET2 HSETP2 I2F I2FP I2I I2IP IABS IADD IADD3
    IDP IMAD IMNMX ISETP LEA LOP3 MOV MUFU P2R PLOP3 POPC PRMT R2P SEL SGXT SHF VABSDIFF VABSDIFF4
    VIADD VIADDMNMX VIMNMX VIMNMX3
    R2UR UBMSK UBREV UF2F UF2I UFADD UFFMA UFLO UFMUL UFRND UFSEL UFSETP UI2F UI2FP UI2IP UIADD3 UIMAD
    UIMNMX UISETP ULEA ULOP3 UMOV UP2UR UPLOP3 UPOPC UPRMT USEL USGXT USHF UVIMNMX
    LDC LDCU ULDC S2R S2UR CS2R
    SHFL VOTE VOTEU REDUX REDUXU MATCH ELECT ELECTU
    BRA BSSY BSYNC BREAK BMOV WARPSYNC YIELD NOP DEPBAR CCTL ERRBAR MEMBAR
    LDG
""".split())

_U64 = np.uint64
_NONE = _U64(0xFFFFFFFFFFFFFFFF)
#: warps whose states are built at once (a bound on the temporaries: rows of a few KiB each)
CHUNK = 1024


def _chunks(a: np.ndarray):
    """*a* in pieces of at most CHUNK (none when empty)."""
    for k in range(0, a.size, CHUNK):
        yield a[k:k + CHUNK]


class SpinParking:
    """The parking state of one batched run (arrays allocated at the run's first boundary)."""

    def __init__(self, eng) -> None:
        self.eng = eng
        self.on = False
        self.off = False        # the snapshots would not fit SNAP_LIMIT: never on for this run
        self.count = 0          # warps parked now
        self.countdown = CHECK
        self.loops: dict[int, int | None] = {}      # spin_target's cache

    # -- state --------------------------------------------------------------------------------
    def start(self) -> bool:
        e = self.eng
        sim = e.sim
        N = e.N
        width = self._row_width()
        if N * (width * 4 + LOADS * 32 * 16) > SNAP_LIMIT:
            self.off = True
            return False
        self.on = True
        self.ypc = np.full(N, _NONE, _U64)          # address of the warp's last boundary (none: _NONE)
        self.clean = np.zeros(N, bool)               # the trip since then is parkable so far
        self.snap = np.zeros((N, width), np.uint32)  # the warp's state at that boundary (when armed)
        self.armed = np.zeros(N, np.int8)            # the trip is recorded; 2: the state at its start is in snap
        self.fprev = np.zeros(N, _U64)               # the fingerprint of the warp's last recorded trip
        self.coef = np.array([0x9E3779B97F4A7C15, 0xC2B2AE3D27D4EB4F, 0x165667B19E3779F9], _U64)
        self.objs: dict[int, object] = {}            # ... and of the state its Warp object alone holds
        self.skip = np.zeros(N, np.int8)             # boundaries to let pass before arming again
        self.backoff = np.zeros(N, np.int8)          # the last skip (doubles after each failed comparison)
        self.nld = np.zeros(N, np.int8)              # loads of the trip
        self.addr = np.zeros((N, LOADS, 32), _U64)
        self.val = np.zeros((N, LOADS, 32), _U64)
        self.mask = np.zeros((N, LOADS), np.uint32)
        self.nbytes = np.zeros((N, LOADS), np.int8)
        self.parked = np.zeros(N, bool)
        self.gmem = sim.gmem
        return True

    def _row_width(self) -> int:
        e = self.eng
        sim = e.sim
        return (sim.R.shape[0] * 32 + e.P.shape[0] + e.UP.shape[0] + e.B.shape[0] + e.UR.shape[0]
                + 2 + 5 + 64 + 32 + 64 + 64 + 32 + 32 + 2 + 1)

    def _objects(self, idx: np.ndarray) -> list:
        """The state the Warp objects of *idx* alone hold (BSYNC's owed passes and patience, the
        writable special registers, the trap stack, the last barrier's result), as comparable
        values; None for a warp with a timer running (its sleeping lanes wake by themselves)."""
        ws = self.eng.warps
        out: list = []
        for i in idx.tolist():
            w = ws[i]
            if w.timer is not None:
                out.append(None)
                continue
            out.append((tuple(sorted(w.owed.items())), tuple(sorted(w.patience.items())),
                        tuple(sorted(w.sreg.items())), tuple(w.trap_stack), w.bar_result))
        return out

    def _rows(self, idx: np.ndarray) -> np.ndarray:
        """The whole state of the warps *idx* as rows of uint32 (exact; compared, never hashed)."""
        e = self.eng
        sim = e.sim
        n = idx.size
        u32 = np.uint32
        parts = [
            sim.R[:, idx, :].transpose(1, 0, 2).reshape(n, -1),
            e.P[:, idx].T.astype(u32), e.UP[:, idx].T.astype(u32), e.B[:, idx].T.astype(u32),
            np.asarray(e.UR)[:, idx].T.astype(u32),
            e.pc[idx].view(u32).reshape(n, 2),
            np.stack([e.active[idx], e.valid[idx], e.yld[idx], e.sleep[idx], e.switch[idx]], axis=1).astype(u32),
            np.ascontiguousarray(sim.RPC[idx]).view(u32).reshape(n, 64),
            sim.DEPTH[idx].view(u32).reshape(n, 32),
            np.ascontiguousarray(e.rpcreg[idx]).astype(u32).reshape(n, 64),
            # the lanes parked at a failed BSYNC / WARPSYNC and what they wait for (D7-simt-3)
            np.ascontiguousarray(sim.PARKPC[idx]).view(u32).reshape(n, 64),
            sim.PARKREG[idx].astype(u32), sim.PARKWAIT[idx].astype(u32),
            # the consecutive failed switches and whether the last instruction was one (bru._failed_sync)
            np.ascontiguousarray(e.fail_n[idx]).astype(np.int64).view(u32).reshape(n, 2),
            (e.fail_at[idx] == e.issued[idx] - 1).astype(u32)[:, None],
        ]
        return np.concatenate(parts, axis=1)

    # -- the engine's hooks ---------------------------------------------------------------------
    def before(self, x, idx: np.ndarray, sel, n: int) -> None:
        """Before a batch of *x* issues (parking on): a trip that executes anything but TRIP_OK is
        not parkable; an LDG's words and the values it will read are recorded."""
        op = x.optype
        if op == "LDG":
            self._record(x, idx, sel, n)
        elif op not in TRIP_OK:
            self.clean[idx] = False

    def _record(self, x, idx: np.ndarray, sel, n: int) -> None:
        track = self.clean[idx] & (self.armed[idx] > 0)
        if not track.any():
            return
        k = self.nld[idx]
        e = self.eng
        try:
            nb = _size(x)[1]
        except Fault:
            nb = 0
        if nb not in (1, 2, 4, 8) or x.mod("size") == "256":
            self.clean[idx] = False
            return
        full = track & (k >= LOADS)
        if full.any():
            self.clean[idx[full]] = False
            track &= ~full
            if not track.any():
                return
        x.bind(sel, n, e._guard(x, sel, n))
        masks = x.pmask
        try:
            addrs = np.broadcast_to(np.asarray(_global_addrs(x), _U64), (n, 32))
            vals = np.asarray(self.gmem.load(addrs, masks, nb)).astype(_U64)
        except Fault:       # the load faults: the run stops there
            self.clean[idx] = False
            return
        rows = np.flatnonzero(track)
        w, kk = idx[rows], k[rows]
        self.addr[w, kk] = addrs[rows]
        self.val[w, kk] = vals[rows]
        self.mask[w, kk] = masks[rows]
        self.nbytes[w, kk] = nb
        self.nld[w] = kk + 1

    def spin_target(self, x) -> int | None:
        """The target of the BRA *x* when it closes a loop that may be a spin without YIELD (the
        whole warp polls, or its other lanes have exited): backward, at most ``BODY`` instructions,
        all of ``TRIP_OK`` and one an LDG, none a YIELD (a YIELD loop's boundary is its YIELD).
        Cached per address; None for every other branch."""
        pc = x.pc
        t = self.loops.get(pc, False)
        if t is not False:
            return t
        t = None
        try:
            target = None if x.has("ura") or not x.has("offset") else pc + 16 + x.imm("offset") * 16
        except (Fault, KeyError, ValueError):
            target = None
        if target is not None and target <= pc and pc - target < BODY * 16:
            try:
                ops = [self.eng._bexec(a).optype for a in range(target, pc, 16)]
            except (Fault, KeyError, ValueError, IndexError):     # not code: no loop of ours
                ops = ["?"]
            if "LDG" in ops and "YIELD" not in ops and all(o in TRIP_OK for o in ops):
                t = target
        self.loops[pc] = t
        return t

    def after_branch(self, pc: int, target: int, idx: np.ndarray) -> bool:
        """After a batch of the spin-loop BRA at *pc* (:meth:`spin_target`): the warps that went
        back to *target* end a trip there, as at a YIELD."""
        e = self.eng
        back = idx[(e.pc[idx] == _U64(target)) & (e.state[idx] == S_READY)]
        return bool(back.size) and self.after_yield(pc, back)

    def after_yield(self, pc: int, idx: np.ndarray) -> bool:
        """The warps *idx* at a boundary at *pc* (a YIELD, or a spin loop's BRA).  A warp armed
        here (phase 1: its trip's loads recorded) whose parkable trip loaded what its trip before
        did (:meth:`_fingerprint`) is armed again with its whole state (phase 2: a row of
        ``snap``, so that only the warps that look like spinning fill one); a phase-2 warp whose state equals that row after
        a parkable trip whose words still hold what it read parks.  The others back off (they
        arm again after 1, 3, 7 ... ``MAX_BACKOFF`` boundaries, so that a spin whose word keeps
        changing, a ticket lock's, or an ordinary loop costs little).  True when a warp parked."""
        e = self.eng
        ok = e.state[idx] == S_READY
        armed = self.armed[idx]
        judged = (armed > 0) & (self.ypc[idx] == _U64(pc))     # they park, go on to phase 2 or back off
        base = judged & ok & self.clean[idx] & (self.nld[idx] > 0)
        parks = np.zeros(idx.size, bool)
        promote = np.zeros(idx.size, bool)
        h1 = base & (armed == 1)
        if h1.any():
            c = np.flatnonzero(h1)
            w = idx[c]
            fp = self._fingerprint(w)
            eq = fp == self.fprev[w]
            self.fprev[w] = fp
            for cc in _chunks(c[eq]):
                promote[cc] = True
                self.snap[idx[cc]] = self._rows(idx[cc])
                self.objs.update(zip(idx[cc].tolist(), self._objects(idx[cc])))
        h2 = base & (armed == 2)
        for c in _chunks(np.flatnonzero(h2)):
            c = c[(self._rows(idx[c]) == self.snap[idx[c]]).all(axis=1)]
            if c.size:
                objs = self.objs
                now = self._objects(idx[c])
                c = c[np.array([v is not None and v == objs.get(int(idx[k])) for k, v in zip(c.tolist(), now)], bool)]
            if c.size:
                c = c[~self._changed(idx[c])]
                parks[c] = True
        fail = idx[judged & ~parks & ~promote]
        if fail.size:
            b = np.minimum(self.backoff[fail] * 2 + 1, MAX_BACKOFF).astype(np.int8)
            self.backoff[fail] = b
            self.skip[fail] = b
        waiting = ~judged & ok
        dec = waiting & (self.skip[idx] > 0)
        if dec.any():
            self.skip[idx[dec]] -= 1
        arm = waiting & ~dec
        self.armed[idx] = np.where(promote, 2, np.where(arm, 1, 0)).astype(np.int8)
        self.ypc[idx] = _U64(pc)
        self.clean[idx] = True
        if not parks.any():
            self.nld[idx] = 0
            return False
        w = idx[parks]
        self.parked[w] = True
        self.backoff[w] = 0
        self.count += int(w.size)
        # a parked warp keeps its trip's words and values (what wake() compares) until it wakes
        self.nld[idx[~parks]] = 0
        return True

    def _fingerprint(self, w: np.ndarray) -> np.ndarray:
        """Per warp of *w*, a 64-bit fingerprint of its trip's loads (the lanes' addresses and the
        values read: a random linear form modulo 2^64).  Phase 1 only chooses the warps that
        phase 2 compares exactly: a trip that loads other words or other values than the trip
        before (a loop over an array) never costs a snapshot of the warp's state."""
        loaded = np.arange(LOADS)[None, :] < self.nld[w][:, None]                  # (n, LOADS)
        lanes = (mask2array(self.mask[w]) & loaded[:, :, None]).astype(_U64)       # (n, LOADS, 32)
        mix = self.addr[w] * self.coef[0] + self.val[w] * self.coef[1] + self.nbytes[w].astype(_U64)[:, :, None]
        return (mix * lanes).sum(axis=(1, 2), dtype=_U64) + self.nld[w].astype(_U64) * self.coef[2]

    def _changed(self, w: np.ndarray) -> np.ndarray:
        """Per warp of *w*: a word its trip loaded holds another value now."""
        out = np.zeros(w.size, bool)
        nld = self.nld[w]
        for k in range(LOADS):
            has = nld > k
            if not has.any():
                continue
            for nb in np.unique(self.nbytes[w[has], k]).tolist():
                sub = np.flatnonzero(has & (self.nbytes[w, k] == nb))
                ws = w[sub]
                m = self.mask[ws, k]
                now = np.asarray(self.gmem.load(self.addr[ws, k], m, nb)).astype(_U64)
                out[sub] |= ((now != self.val[ws, k]) & mask2array(m)).any(axis=1)
        return out

    def tick(self) -> bool:
        """A batch issues while warps are parked: every ``CHECK`` batches, look at their words
        (:meth:`wake`) and return True (the engine then picks the next batch afresh)."""
        self.countdown -= 1
        if self.countdown > 0:
            return False
        self.countdown = CHECK
        self.wake()
        return True

    def wake(self) -> int:
        """Unpark the parked warps whose words changed; how many."""
        w = np.flatnonzero(self.parked)
        if not w.size:
            self.count = 0
            return 0
        ch = self._changed(w)
        go = w[ch]
        if go.size:
            self.parked[go] = False
            self.nld[go] = 0            # their next trip starts
            self.count -= int(go.size)
            self.eng._cont = None
        return int(go.size)

    def describe(self) -> str:
        """The first parked warp and the word it polls (for the deadlock message)."""
        w = np.flatnonzero(self.parked)
        if not w.size:
            return ""
        i = int(w[0])
        lane = max(ffs(int(self.mask[i, 0])), 0)
        e = self.eng
        return (f"; cta {int(e.cta_of[i])}, warp {int(e.widx[i])} waits at 0x{int(self.ypc[i]):x} for the "
                f"{int(self.nbytes[i, 0])}-byte global word at 0x{int(self.addr[i, 0, lane]):x} to change")
