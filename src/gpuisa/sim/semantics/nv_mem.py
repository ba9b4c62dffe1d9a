"""Local memory (issue 11, ``isa/nv.isa``): LDL and STL.

Each thread has a private local memory of ``Simulator.local_size`` bytes (default
16 KiB, allocated for a warp on its first local access): addresses are per-thread
offsets 0 .. local_size - 1, the CUDA stack through R1 (the launch ABI starts R1 at
the top, ``c[0x0][0x28]``).  ``x.lmem`` is the local memory of the warp (or of each warp
of a batch) with the :class:`~gpuisa.sim.state.Memory` interface, lane i's bytes at
``(i << 32) + offset`` (:class:`gpuisa.sim.state.LocalAccess` on the grid's paged
:class:`~gpuisa.sim.state.LocalMemory`, decision D13-M-1), so the accesses reuse the loads,
stores, checks and faults of LDS/STS, at one warp's width or a batch's.
"""
from __future__ import annotations

import numpy as np

from ..context import Exec
from ..registry import semantics
from ..state import LOCAL_LANE_SHIFT, MASK32, WARP_SIZE
from .gp import _U32, _U64, _load, _raw, _store, _ur_addr

_LANE_BASE = (np.arange(WARP_SIZE, dtype=np.uint64) << np.uint64(LOCAL_LANE_SHIFT))


def _local_addrs(x) -> np.ndarray:
    """``(lane << 32) + ((Ra + URb + sext(offset)) mod 2^32)`` per lane."""
    ra = _raw(x, "ra")
    u = _ur_addr(x, 32)
    if not isinstance(u, int) or u:      # `[R19+UR10]` (issue 11)
        ra = ra + np.asarray(u, dtype=_U32)
    off = (ra + _U32(x.imm("offset") & MASK32)).astype(_U64)
    return _LANE_BASE + off


@semantics("LDL")
def LDL(x: Exec) -> None:
    """LDL: pseudo code in the database (``__Semantics``, nv.isa; appended here by the registry)."""
    _load(x, x.lmem, _local_addrs(x))


@semantics("STL")
def STL(x: Exec) -> None:
    """STL: pseudo code in the database (``__Semantics``, nv.isa; appended here by the registry)."""
    _store(x, x.lmem, _local_addrs(x))


@semantics("REDG", per_warp=True)
def REDG(x: Exec) -> None:
    """REDG: pseudo code in the database (``__Semantics``, nv.isa; appended here by the registry).
    RED under its sm_90+ name: the same function."""
    from .gp import RED
    RED(x)
