"""Generic-address memory instructions (issue 11, ``isa/generic.isa``): LD, ST, ATOM, QSPC.

A generic 64-bit address lies in the shared window (``state.SHARED_WINDOW``: an offset into
the CTA's shared memory), in the local window (``state.LOCAL_WINDOW``: an offset into the
thread's own local memory) or elsewhere (a global address) -- decision GA-1.  LD/ST/ATOM
split the executing lanes by window and reuse the loads, stores, checks and lane-ordered
atomics of LDG/LDS/LDL through :class:`GenericMemory`, which routes each lane to its memory.

LDGSTS (``cp.async``) copies global to shared memory when it executes (decision GA-2).

LD and ST run at a batch's width (each warp's lanes split by window, each part one access of
its memory for the whole batch); ATOM is ``per_warp`` (lanes in order, on Python ints), its
integer and float forms having a batch plan (``sim/fastpath/atomics.py``, decisions D13-M-3, D13-7).
"""
from __future__ import annotations

from typing import Any

import numpy as np

from ..cluster import RANK_SHIFT
from ..context import Exec
from ..registry import semantics
from ..state import (LOCAL_LANE_SHIFT, LOCAL_WINDOW, MASK32, SHARED_WINDOW, WARP_SIZE, WINDOW_SIZE, any_lane, array2mask,
                     lanes_of, mask2array)
from .gp import (_U32, _U64, _atomic, _global_addrs, _load, _mem_load, _mem_store, _raw, _shared_addrs, _store,
                 mbarrier_arrive)
from .nv_mbarrier import arrive as mbarrier_tx_arrive
from .nv_mbarrier import update as mbarrier_update

_LANE_BASE = (np.arange(WARP_SIZE, dtype=np.uint64) << np.uint64(LOCAL_LANE_SHIFT))


def _in_window(a: np.ndarray, base: int) -> np.ndarray:
    return (a >= _U64(base)) & (a < _U64(base + WINDOW_SIZE))


class GenericMemory:
    """The generic address space of one warp or of each warp of a batch: the memory API of
    :class:`gpuisa.sim.state.Memory` (``load``/``store`` of lane-shaped addresses under a mask:
    an int, or one per warp of a batch), each lane sent to the shared, local or global memory of
    its address, translated to that memory's addresses (decision D13-M-2)."""

    space = "generic"

    def __init__(self, x: Exec):
        self.x = x

    @property
    def segments(self) -> list:
        """The global buffers, for fault messages (a generic address outside the shared and
        local windows is a global address)."""
        return self.x.gmem.segments

    def _parts(self, addrs, mask):
        x = self.x
        a = np.broadcast_to(np.asarray(addrs, dtype=_U64), x.lane_shape())
        sh, lo = _in_window(a, SHARED_WINDOW), _in_window(a, LOCAL_WINDOW)
        ms, ml = array2mask(sh) & mask, array2mask(lo) & mask
        mg = mask & ~(ms | ml)
        parts: list[tuple[Any, Any, np.ndarray]] = []
        if any_lane(mg):
            parts.append((x.gmem, mg, a))
        if any_lane(ms):
            parts.append((x.smem, ms, a - _U64(SHARED_WINDOW)))
        if any_lane(ml):
            parts.append((x.lmem, ml, _LANE_BASE + (a - _U64(LOCAL_WINDOW))))
        return parts

    def keys(self, addrs) -> list:
        """Per lane of one warp, the identity of the word at its address: the address itself,
        except in the local window, where each lane has its own word (for the lane-ordered atomics)."""
        a = np.broadcast_to(np.asarray(addrs, dtype=_U64), (WARP_SIZE,)).tolist()
        lo = _in_window(np.asarray(a, dtype=_U64), LOCAL_WINDOW).tolist()
        return [(lane, v) if lo[lane] else v for lane, v in enumerate(a)]

    def load(self, addrs, mask, size: int = 4) -> np.ndarray:
        parts = self._parts(addrs, mask)
        vals = [(m, mem.load(ad, m, size)) for mem, m, ad in parts]    # every part checked first
        if len(vals) == 1 and _same(vals[0][0], mask):
            return vals[0][1]
        out = np.zeros(self.x.lane_shape(), vals[0][1].dtype if vals else np.uint32)
        for m, v in vals:
            out = np.where(mask2array(m), v, out)
        return out

    def store(self, addrs, values, mask, size: int = 4) -> None:
        parts = self._parts(addrs, mask)
        if len(parts) > 1:
            for mem, m, ad in parts:             # the checks of every part before any store
                mem.load(ad, m, size)
        for mem, m, ad in parts:
            mem.store(ad, values, m, size)


def _same(a, b) -> bool:
    """Masks *a* and *b* (ints or arrays of one per warp) are equal."""
    return bool(np.all(np.asarray(a) == np.asarray(b)))


@semantics("LD")
def LD(x: Exec) -> None:
    """LD: pseudo code in the database (``__Semantics``, generic.isa; appended here by the registry)."""
    _load(x, GenericMemory(x), _global_addrs(x))


@semantics("ST")
def ST(x: Exec) -> None:
    """ST: pseudo code in the database (``__Semantics``, generic.isa; appended here by the registry)."""
    _store(x, GenericMemory(x), _global_addrs(x))


@semantics("ATOM", per_warp=True)  # lanes in order, on Python ints
def ATOM(x: Exec) -> None:
    """ATOM: pseudo code in the database (``__Semantics``, generic.isa; appended here by the registry)."""
    mem, addrs = GenericMemory(x), _global_addrs(x)
    mask = x.pmask
    if x.mod("type") in ("F16x2", "BF16x2", "F32x2", "F32x4"):   # on global addresses only (GA-7, D7-style-1)
        a = np.broadcast_to(np.asarray(addrs, dtype=_U64), (WARP_SIZE,))
        mask &= ~array2mask(_in_window(a, SHARED_WINDOW) | _in_window(a, LOCAL_WINDOW))
    _atomic(x, mem, addrs, True, mem.keys(addrs), mask)
    x.write("pu", mask)


@semantics("QSPC")
def QSPC(x: Exec) -> None:
    """QSPC: pseudo code in the database (``__Semantics``, generic.isa; appended here by the registry)."""
    a = _global_addrs(x)
    sh, lo = _in_window(a, SHARED_WINDOW), _in_window(a, LOCAL_WINDOW)
    space = x.mod("space")
    cl = x.sim.clusters
    if cl is not None and space in ("S", "D"):     # a cluster launch: bits 24..31 name the CTA (D10-C-5)
        rank = ((a - _U64(SHARED_WINDOW)) >> _U64(RANK_SHIFT)).astype(np.int64)
        own = cl.rank[x.w.cta.linear]
        sh &= (rank == own) if space == "S" else (rank < cl.size)
    hit = sh if space in ("S", "D") else lo if space == "L" else ~(sh | lo)    # .D = .S: clusters of one CTA
    x.write("pu", x.mask_of(hit))


@semantics("LDGSTS")
def LDGSTS(x: Exec) -> None:
    """LDGSTS: pseudo code in the database (``__Semantics``, generic.isa; appended here by the registry).
    The copy completes at issue (decision GA-2): LDGDEPBAR and DEPBAR have nothing to wait for."""
    s = x.mod("size") or "32"
    n = {"32": 4, "64": 8, "128": 16}[s]
    if not x.any_lane():
        return
    g = _global_addrs(x, "rb")
    sh = ((_raw(x, "ra") + _U32(x.imm("soffset") & MASK32)) & _U32(MASK32)).astype(_U64)
    src = x.pmask & x.pred("pp")          # the source predicate: a false lane writes zeros (D7-tut-1)
    if x.mod("zfill") == "ZFILL":
        parts = _zfill_load(x, g, src, n)
    else:
        parts = _mem_load(x, x.gmem, g, src, n)
        keep = mask2array(src)
        parts = [np.where(keep, p.astype(_U64), _U64(0)) for p in parts]
    _mem_store(x, x.smem, sh, x.pmask, n, parts)


def _zfill_load(x: Exec, g: np.ndarray, src, n: int) -> list[np.ndarray]:
    """LDGSTS.ZFILL's source (decision D7-tut-1): the address's low bits z = g % n are the
    bytes to zero-fill; the n - z bytes from g - z are read (only they are checked), the last
    z bytes of the destination are zeros. As *n* bytes in uint64 parts (two for 16 bytes)."""
    n_u = _U64(n)
    z = g % n_u
    base = g - z
    on = mask2array(src)
    acc = [np.zeros(g.shape, _U64) for _ in range((n + 7) // 8)]
    for j in range(n):
        lanes = on & (z < _U64(n - j))                 # byte j lies before the zero-filled tail
        if not lanes.any():
            continue
        m: Any = x.mask_of(lanes)                       # an int, or one mask per warp of a batch (as pmask)
        b = _mem_load(x, x.gmem, base + _U64(j), m, 1)[0].astype(_U64) & _U64(0xFF)
        acc[j // 8] |= np.where(lanes, b, _U64(0)) << _U64(8 * (j % 8))
    return acc


@semantics("LDGDEPBAR")
def LDGDEPBAR(x: Exec) -> None:
    """LDGDEPBAR: pseudo code in the database (``__Semantics``, generic.isa; appended here by the registry)."""


@semantics("ARRIVES", per_warp=True)  # lanes in order, on Python ints, as ATOMS
def ARRIVES(x: Exec) -> None:
    """ARRIVES: pseudo code in the database (``__Semantics``, generic.isa; appended here by the registry).
    Every LDGSTS has completed at issue (decision GA-2): each lane arrives at once (D7-tut-2)."""
    mask = x.pmask
    if not mask:
        return
    if x.mod("trans") == "TRANSCNT":        # the sm_90 mbarrier: the tx-count goes down by 1 (D8-sync-2)
        mbarrier_update(x, "mbarrier arrival", lambda w, lanes: mbarrier_tx_arrive(w, 0, -len(lanes)))
        return
    addrs = _shared_addrs(x)
    olds = _mem_load(x, x.smem, addrs, mask, 8, "mbarrier arrival")[0].tolist()     # checks every lane first
    alist = np.asarray(addrs, dtype=_U64).tolist()
    cur: dict[int, int] = {}
    for lane in lanes_of(mask):
        a = alist[lane]
        cur[a] = mbarrier_arrive(cur.get(a, olds[lane]))
    x.smem.store(addrs, np.array([cur.get(a, 0) for a in alist], _U64), mask, 8)
