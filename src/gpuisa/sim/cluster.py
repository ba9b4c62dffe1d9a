"""Thread-block clusters (sm_90 and later; decisions D10-C-4 .. D10-C-7).

A cluster launch (``Simulator(cluster=(X, Y, Z))``, ``gpuisa run --cluster``) groups the grid's
CTAs into clusters of X x Y x Z CTAs (the grid a multiple of it in every dimension).  A CTA's
rank in its cluster (``SR_CgaCtaId``, PTX ``%cluster_ctarank``) counts x fastest:
``rank = cx + X * (cy + Y * cz)`` for its coordinates ``(cx, cy, cz)`` in the cluster.

Shared memory: in a cluster launch the shared address space of every CTA is the cluster's
(PTX's ``shared::cluster`` window): bits 24..31 of an address name the CTA by its rank, bits
0..23 the offset in that CTA's shared memory.  nvcc's sm_90+ code forms every shared address
so (``(SR_CgaCtaId << 24) + offset``), and ``mapa`` / ``cluster.map_shared_rank`` replace the
rank byte (``PRMT Rd, rank, 0x654, Ra``).  A launch without clusters keeps plain offsets.

The cluster barrier (``UCGABAR_ARV`` / ``UCGABAR_WAIT``, PTX ``barrier.cluster.arrive`` /
``.wait``) counts threads: the executing lanes of a warp arrive (all of them for the aligned
forms; a divergent warp's halves one after the other for the others, which nvcc brackets with
``WARPSYNC.COLLECTIVE``); the barrier completes when every thread of the cluster that has not
exited has arrived; lanes wait for the completion of the phase they arrived in (the whole warp
is held meanwhile).  A launch without clusters runs each CTA as a cluster of one (CUDA's implicit
1x1x1 cluster), so the barrier is then the CTA's.
"""
from __future__ import annotations

import numpy as np

from ..errors import UsageError
from .state import Fault

#: bits 24..31 of a shared address in a cluster launch: the CTA's rank in the cluster
RANK_SHIFT = 24
#: the largest cluster (CUDA: 8 CTAs portable, 16 with cudaFuncAttributeNonPortableClusterSizeAllowed)
MAX_CLUSTER = 16


class ClusterBarrier:
    """One cluster's barrier: its phase (completions so far), the lanes of each warp (gid -> lane
    mask) that arrived in the current phase, and the warps waiting for it to complete."""

    __slots__ = ("phase", "arrived", "waiting")

    def __init__(self) -> None:
        self.phase = 0
        self.arrived: dict[int, int] = {}
        self.waiting: list = []


class Clusters:
    """The clusters of a launch: each CTA's rank and its cluster's CTAs (linear CTA numbers
    by rank), and the cluster barriers' state."""

    def __init__(self, grid: tuple[int, int, int], dims: tuple[int, int, int], explicit: bool = True):
        self.dims = dims
        self.size = dims[0] * dims[1] * dims[2]
        self.explicit = explicit
        if self.size > MAX_CLUSTER:
            raise UsageError(f"cluster of {dims[0]}x{dims[1]}x{dims[2]} = {self.size} CTAs: a cluster has at most "
                             f"{MAX_CLUSTER} CTAs (8 portably)")
        bad = [f"{'xyz'[i]}: {grid[i]} is not a multiple of {dims[i]}" for i in range(3) if grid[i] % dims[i]]
        if bad:
            raise UsageError(f"grid {grid[0]}x{grid[1]}x{grid[2]} is not a whole number of clusters of "
                             f"{dims[0]}x{dims[1]}x{dims[2]} ({'; '.join(bad)})")
        gx, gy, _ = grid
        lin = np.arange(grid[0] * grid[1] * grid[2], dtype=np.int64)
        pos = (lin % gx, lin // gx % gy, lin // (gx * gy))
        loc = [p % d for p, d in zip(pos, dims)]
        base = [p - q for p, q in zip(pos, loc)]
        #: rank of each CTA in its cluster (SR_CgaCtaId)
        self.rank = loc[0] + dims[0] * (loc[1] + dims[1] * loc[2])
        #: (CTAs, cluster size): the linear CTA number of each rank of the CTA's cluster
        self.peers = np.empty((lin.size, self.size), np.int64)
        for r in range(self.size):
            rx, ry, rz = r % dims[0], r // dims[0] % dims[1], r // (dims[0] * dims[1])
            self.peers[:, r] = (base[0] + rx) + gx * ((base[1] + ry) + gy * (base[2] + rz))
        self.bars: dict[int, ClusterBarrier] = {}
        #: warp gid -> [the phase its lanes arrived in, the lanes that arrived and have not waited]
        self.pending: dict[int, list[int]] = {}

    def key(self, cta: int) -> int:
        """The cluster of CTA *cta*, named by its rank-0 CTA."""
        return int(self.peers[cta, 0])

    # -- the barrier (threads arrive, decision D10-C-6) ------------------------------------------
    def _bar(self, cta: int) -> ClusterBarrier:
        k = self.key(cta)
        bar = self.bars.get(k)
        if bar is None:
            bar = self.bars[k] = ClusterBarrier()
        return bar

    def problem(self, w, lanes: int, arrive: bool) -> str | None:
        """Why lanes *lanes* of warp *w* may not arrive (*arrive*) / wait now, or None."""
        p = self.pending.get(w.gid)
        if arrive:
            if p is None:
                return None
            if p[1] & lanes:
                return ("UCGABAR_ARV: threads arrive at the cluster barrier again before waiting for the phase "
                        "they arrived in (barrier.cluster.arrive twice without .wait)")
            if p[0] != self._bar(w.cta.linear).phase:
                return ("UCGABAR_ARV: threads of the warp arrive for a new phase of the cluster barrier while "
                        "others have not waited for the last one (not modelled)")
            return None
        if p is None or lanes & ~p[1]:
            return ("UCGABAR_WAIT: threads wait at the cluster barrier without having arrived "
                    "(barrier.cluster.wait without .arrive)")
        return None

    def arrive(self, w, lanes: int, live) -> list:
        """Lanes *lanes* of warp *w* arrive at its cluster's barrier; returns the warps to release
        (the barrier completed). *live(cta)*: gid -> ValidMask of the CTA's warps that have not exited."""
        why = self.problem(w, lanes, True)
        if why:
            raise Fault("invalid-operand", why)
        bar = self._bar(w.cta.linear)
        p = self.pending.setdefault(w.gid, [bar.phase, 0])
        p[1] |= lanes
        bar.arrived[w.gid] = bar.arrived.get(w.gid, 0) | lanes
        return self._complete(self.key(w.cta.linear), bar, live)

    def wait_done(self, w, lanes: int) -> bool:
        """Whether the phase lanes *lanes* of warp *w* arrived in has completed (then they no longer
        wait for it); else the warp waits."""
        why = self.problem(w, lanes, False)
        if why:
            raise Fault("invalid-operand", why)
        p = self.pending[w.gid]
        bar = self._bar(w.cta.linear)
        if bar.phase > p[0]:
            self._done(w.gid, lanes)
            return True
        bar.waiting.append((w, lanes))
        return False

    def _done(self, gid: int, lanes: int) -> None:
        p = self.pending[gid]
        p[1] &= ~lanes
        if not p[1]:
            del self.pending[gid]

    def check(self, cta: int, live) -> list:
        """After a warp of CTA *cta* exited: the warps its cluster's barrier releases, if it is now complete."""
        k = self.key(cta)
        bar = self.bars.get(k)
        if bar is None or not bar.arrived:
            return []
        return self._complete(k, bar, live)

    def _complete(self, k: int, bar: ClusterBarrier, live) -> list:
        got = bar.arrived
        for c in self.peers[k].tolist():
            for gid, valid in live(c).items():
                if valid & ~got.get(gid, 0):
                    return []
        bar.phase += 1
        bar.arrived = {}
        out, bar.waiting = bar.waiting, []
        for v, lanes in out:
            self._done(v.gid, lanes)
        return [v for v, _ in out]
