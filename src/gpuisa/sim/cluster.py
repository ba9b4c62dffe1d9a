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
``.wait``): a warp arrives for its threads; the barrier completes when every warp of the
cluster that has not exited has arrived; a warp waits for the completion of the phase it
arrived in.  A launch without clusters runs each CTA as a cluster of one (CUDA's implicit
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
    """One cluster's barrier: its phase (completions so far), the warps (gids) that arrived
    in the current phase and the warps waiting for it to complete."""

    __slots__ = ("phase", "arrived", "waiting")

    def __init__(self) -> None:
        self.phase = 0
        self.arrived: set[int] = set()
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
        #: warp gid -> the phase of its cluster's barrier it arrived in and has not waited for
        self.pending: dict[int, int] = {}

    def key(self, cta: int) -> int:
        """The cluster of CTA *cta*, named by its rank-0 CTA."""
        return int(self.peers[cta, 0])

    # -- the barrier ---------------------------------------------------------------------------
    def arrive(self, w, live) -> list:
        """Warp *w* arrives at its cluster's barrier; returns the warps to release (the barrier
        completed). *live(cta)*: the gids of the CTA's warps that have not exited."""
        if w.gid in self.pending:
            raise Fault("invalid-operand", "UCGABAR_ARV: the warp arrives at the cluster barrier again before waiting "
                                   "for the phase it arrived in (barrier.cluster.arrive twice without .wait)")
        k = self.key(w.cta.linear)
        bar = self.bars.get(k)
        if bar is None:
            bar = self.bars[k] = ClusterBarrier()
        self.pending[w.gid] = bar.phase
        bar.arrived.add(w.gid)
        return self._complete(k, bar, live)

    def wait_done(self, w) -> bool:
        """Whether the phase warp *w* arrived in has completed (then it no longer waits for it)."""
        phase = self.pending.get(w.gid)
        if phase is None:
            raise Fault("invalid-operand", "UCGABAR_WAIT: the warp waits at the cluster barrier without having "
                                   "arrived (barrier.cluster.wait without .arrive)")
        bar = self.bars[self.key(w.cta.linear)]
        if bar.phase > phase:
            del self.pending[w.gid]
            return True
        bar.waiting.append(w)
        return False

    def check(self, cta: int, live) -> list:
        """After a warp of CTA *cta* exited: the warps its cluster's barrier releases, if it is now complete."""
        k = self.key(cta)
        bar = self.bars.get(k)
        if bar is None or not bar.arrived:
            return []
        return self._complete(k, bar, live)

    def _complete(self, k: int, bar: ClusterBarrier, live) -> list:
        for c in self.peers[k].tolist():
            if not live(c) <= bar.arrived:
                return []
        bar.phase += 1
        bar.arrived = set()
        out, bar.waiting = bar.waiting, []
        for v in out:
            del self.pending[v.gid]
        return out
