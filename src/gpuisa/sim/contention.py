"""Contended compare-and-swap loops at grid scale: the batched engine's hold policy (decision D19-1).

A CAS retry loop -- ``do { assumed = old; old = atomicCAS(p, assumed, f(assumed)); } while (old
!= assumed)``, CUDA's recipe for an atomic operation the hardware lacks (a double ``atomicAdd``
before sm_60, a float ``atomicMax``) -- run by the warps of a grid in lockstep stores once per
round on a word they all use: one lane of the grid wins, every other lane reads the new value
and tries again.  The loop then costs rounds x warps, quadratic in the grid (262,144 threads on
one word: about 10^9 warp-instructions, a step-limit fault where CUDA takes milliseconds).

Every interleaving of the warps is a schedule the hardware may choose; this one keeps the cost
linear.  After a batch of a global CAS (:func:`~gpuisa.sim.fastpath.atomics.cas_probe`) in which
some warps stored on a word and others only failed on it, the failed ones are **held** (not
issued) and the word's winners, its *holders*, go on without them.  A holder that fails twice in
a row on its word (it waits for something else -- a lock a held warp owns) releases every warp
held on the word.  When the holders have left the loop -- exited, or issued ``HOLD_AWAY``
instructions without coming back to the CAS -- the lowest ``HOLD_RELEASE`` warps held on the word
are released together: their next round on the word holds its losers again, so each hand-over
costs one small batch and moves a whole warp's lanes through the loop.  When no other warp can be
issued, held warps of every word go on (:meth:`CasHolds.look` with *force*): holding never makes a
deadlock the program does not have, and the watchdog (D12-1) does not take its checkpoints while a warp is held (the policy's
clocks are issue counts, which its digest leaves out).

Decision D23-1: a word's holders are the warps that stored on it at any CAS instruction, in any
batch (a lone warp's too), and a warp that fails on a word a holder that has not gone keeps -- in
its own batch, at another instruction -- is held as well.  Without that, a warp losing at one loop
to a warp that stores at other loops (and yields seldom, so the scheduler prefers it: D14-W-4)
lost every round, its BSYNC's patience ran out (D7-simt-6) and the warp left the loop split into
single lanes.  The watchdog's checkpoints forget the records (:meth:`CasHolds.clear`), so that
the state it digests decides the future.
"""
from __future__ import annotations

import numpy as np

from .fastpath.atomics import runs
from .state import S_EXITED

#: instructions a holder may issue after its last CAS on the word before it counts as gone
HOLD_AWAY = 128
#: the held warps of a word released together when its holders have gone (the lowest ones)
HOLD_RELEASE = 64
#: batches between two looks for holders that have gone (a look costs a few passes over the warps)
HOLD_CHECK = 64
#: the longest a warp stays held, in warp-instructions of the grid (at least; decision D23-1) ...
HOLD_LONGEST = 1 << 20
#: ... or this many per warp of the grid, if more
HOLD_LONGEST_PER_WARP = 1024


class CasHolds:
    """The held warps of a batched run and the holders of the words they wait on."""

    def __init__(self, n: int) -> None:
        self.held = np.zeros(n, bool)
        #: the word (a group number) each warp holds or waits on; -1: none
        self.group = np.full(n, -1, np.int64)
        #: a holder's issue count at its last CAS on its word
        self.at = np.zeros(n, np.int64)
        #: a holder's CAS batches in a row on its word in which no lane of it stored
        self.miss = np.zeros(n, np.int8)
        #: the grid's step count when a held warp was held
        self.since = np.zeros(n, np.int64)
        #: warps released for having been held too long: not held again until they store (D23-1)
        self.free = np.zeros(n, bool)
        self.longest = max(HOLD_LONGEST, HOLD_LONGEST_PER_WARP * n)
        #: word address -> group number
        self.ids: dict[int, int] = {}
        #: warps held
        self.count = 0
        #: the batch number of the next look for holders that have gone
        self.due = 0

    def after_cas(self, idx: np.ndarray, won: np.ndarray, word: np.ndarray, issued: np.ndarray,
                  state: np.ndarray | None = None, steps: int = 0) -> bool:
        """After a batch *idx* of a CAS: *won* (per warp: a lane of it stored) and *word*
        (per warp: the one word all its active lanes used, or -1).  Holds the warps that failed on
        a word another warp stored on: a warp of the batch, or a holder of the word from an earlier
        batch that has not gone (decision D23-1: at any CAS instruction on the word; *state*, the
        warps' states, tells the exited ones; *steps*, the grid's step count, dates the holds).
        True when a warp was held or released."""
        if idx.size == 1:
            return self._alone(int(idx[0]), bool(won[0]), int(word[0]), issued, state, steps)
        rows = np.flatnonzero(word >= 0)
        if not rows.size:
            return False
        keys, inv = np.unique(word[rows], return_inverse=True)
        gid = np.array([self.ids.setdefault(k, len(self.ids)) for k in keys.tolist()], np.int64)
        g, w, warps = gid[inv], won[rows], idx[rows]
        stored = np.bincount(inv, weights=w, minlength=keys.size) > 0      # the words a warp stored on
        winners = warps[w]
        self.group[winners] = g[w]
        self.at[winners] = issued[winners]
        self.miss[winners] = 0
        self.free[winners] = False
        hold = ~w & stored[inv] & ~self.free[warps]
        gone: list[int] = []
        idle = np.flatnonzero(~w & ~stored[inv])
        if idle.size:           # failed where no warp of the batch stored: on a live holder's word, held
            sw, sg = warps[idle], g[idle]
            live = self._live(issued, state)
            holders = np.bincount(self.group[live], minlength=len(self.ids))
            mine = live[sw] & (self.group[sw] == sg)
            other = (holders[sg] - mine > 0) & ~self.free[sw]
            hold[idle[other]] = True
            miss = mine & ~other            # a holder that failed with no other holder about
            if miss.any():
                hw = sw[miss]
                self.at[hw] = issued[hw]
                self.miss[hw] += 1
                gone = np.unique(self.group[hw][self.miss[hw] >= 2]).tolist()
        if hold.any():
            hw = warps[hold]
            self.held[hw] = True
            self.group[hw] = g[hold]
            self.since[hw] = steps
            self.count += hw.size
        for k in gone:
            self._release_word(k)
        return bool(hold.any()) or bool(gone)

    def _live(self, issued: np.ndarray, state: np.ndarray | None) -> np.ndarray:
        """The holders that have not gone (exited, or ``HOLD_AWAY`` instructions since their last
        CAS on the word)."""
        live = (self.group >= 0) & ~self.held & (issued - self.at <= HOLD_AWAY)
        if state is not None:
            live &= state != S_EXITED
        return live

    def _alone(self, i: int, won: bool, word: int, issued: np.ndarray, state: np.ndarray | None,
               steps: int) -> bool:
        """:meth:`after_cas` for a batch of one warp *i* (a holder's round, or a warp that failed
        on a word another warp holds: decision D23-1)."""
        if word < 0:
            return False
        k = self.ids.get(word)
        if won:
            if k is None:
                k = self.ids[word] = len(self.ids)
            self.group[i] = k
            self.at[i] = issued[i]
            self.miss[i] = 0
            self.free[i] = False
            return False
        if k is None or self.free[i]:
            return False
        live = self._live(issued, state)
        mine = bool(live[i]) and self.group[i] == k
        if np.count_nonzero(live & (self.group == k)) > mine:     # another warp holds the word: wait
            self.held[i] = True
            self.group[i] = k
            self.since[i] = steps
            self.count += 1
            return True
        if mine:
            self.at[i] = issued[i]
            self.miss[i] += 1
            if self.miss[i] >= 2:
                self._release_word(k)
                return True
        return False

    def _release_word(self, k: int) -> None:
        m = self.group == k
        self.count -= int(np.count_nonzero(self.held & m))
        self.held[m] = False
        self.group[m] = -1
        self.miss[m] = 0
        if not self.count:
            self.clear()

    def clear(self) -> None:
        """No warp is held: forget the holders too (the watchdog's digests see none of this)."""
        self.group[:] = -1
        self.miss[:] = 0
        self.at[:] = 0
        self.since[:] = 0
        self.ids.clear()
        self.due = 0

    def look(self, state: np.ndarray, issued: np.ndarray, force: bool, steps: int = 0) -> None:
        """Release the lowest ``HOLD_RELEASE`` held warps of every word whose holders have all
        gone: exited, or ``HOLD_AWAY`` instructions issued since their last CAS on it, or (*force*:
        no other warp can be issued) simply not ready to run.  They go on together (their next
        round holds the losers again): a loop in which most lanes leave after one failure (a CAS
        ``atomicMax`` once the maximum is known) is not run one warp at a time, and a hand-over
        costs a batch of at most ``HOLD_RELEASE`` warps, not of every waiting one.

        Decision D23-1: a warp held for ``longest`` steps of the grid goes on in any case, and is
        not held again until it stores: a holder that keeps storing on the word until the held
        warp does something (a counter it increments while it waits) would hold it for ever."""
        stale = np.flatnonzero(self.held & (steps - self.since > self.longest))
        if stale.size:
            self.held[stale] = False
            self.group[stale] = -1
            self.free[stale] = True
            self.count -= stale.size
            if not self.count:
                self.clear()
                return
        holder = (self.group >= 0) & ~self.held
        gone = holder if force else holder & ~self._live(issued, state)
        self.group[gone] = -1
        self.miss[gone] = 0
        live = np.unique(self.group[holder & ~gone])
        waiting = np.flatnonzero(self.held)
        waiting = waiting[~np.isin(self.group[waiting], live)]
        order = np.argsort(self.group[waiting], kind="stable")     # by word, each word's warps in order
        starts, seg = runs(self.group[waiting][order])
        rel = waiting[order[np.arange(order.size) - starts[seg] < HOLD_RELEASE]]
        if rel.size:
            self.held[rel] = False
            self.group[rel] = -1
            self.count -= rel.size
            if not self.count:
                self.clear()
