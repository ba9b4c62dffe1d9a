"""Warp-synchronous unit (SYNCOp): SHFL, MOVM, VOTE, VOTEU, REDUX, REDUXU,
MATCH, ELECTU, ELECT (seed ``000_*``).  Participating lanes are the active
lanes whose guard is true (``x.pmask``)."""
from __future__ import annotations

import numpy as np

from ..context import Exec
from ..cover import cover
from ..registry import semantics
from ..state import FULL, MASK32, WARP_SIZE, Fault, array2mask, ffs_lanes, lanes_of, mask2array

_LANES64 = np.arange(WARP_SIZE, dtype=np.int64)


def shfl_lanes(mode: str, b, c):
    """The SHFL pseudo code on lane vectors: returns ``(j, pu)`` (int64 source
    lane per lane, bool validity) for *b* (SrcB) and *c* (SrcC)."""
    lane = _LANES64
    bval = np.asarray(b, dtype=np.int64) & 31
    c = np.asarray(c, dtype=np.int64)
    cval = c & 31
    segmask = (c >> 8) & 31
    maxLane = (lane & segmask) | (cval & ~segmask & 31)
    minLane = lane & segmask
    if mode == "UP":
        cover("SHFL.UP")
        j = lane - bval
        pu = j >= maxLane
    elif mode == "DOWN":
        cover("SHFL.DOWN")
        j = lane + bval
        pu = j <= maxLane
    elif mode == "BFLY":
        cover("SHFL.BFLY")
        j = lane ^ bval
        pu = j <= maxLane
    elif mode == "IDX":
        cover("SHFL.IDX")
        j = minLane | (bval & ~segmask & 31)
        pu = j <= maxLane
    else:
        raise Fault("invalid-instruction", f"invalid SHFL mode {mode!r}")
    j = np.where(pu, j, lane)
    shape = np.broadcast_shapes(np.shape(j), (WARP_SIZE,))     # (32,), or (n, 32) for a batch's lanes
    return np.broadcast_to(j, shape), np.broadcast_to(pu, shape)


def _outside_message(jl: list, pmask: int) -> str:
    """The ``shfl-inactive`` message when lanes of *pmask* read (lane map *jl*) lanes outside
    *pmask*, else ``""``."""
    bad = sorted({jl[l] for l in lanes_of(pmask) if not (pmask >> jl[l]) & 1})
    return f"SHFL reads lane(s) {bad} outside the participating lanes 0x{pmask:08x}" if bad else ""


def _active(x):
    """The executing warp's active lanes (an int), or a batch's (one mask per warp)."""
    return x.eng.active[x.sel] if x.batched else x.w.active


def _outside_zero(vals, j, amask):
    """SHFL's values *vals* (lane map *j*) with 0 where the source lane is not active
    (*amask*: an int, or one mask per warp of a batch; diverged away, exited, not in the block):
    decision D9-S-2.  An active lane whose guard is false still offers its register."""
    pm = np.asarray(amask, dtype=np.uint64)
    if pm.ndim:
        pm = pm[:, None]
    inside = (pm >> np.asarray(j).astype(np.uint64)) & np.uint64(1)
    return np.where(inside != 0, vals, 0).astype(vals.dtype)


class _ShflMap:
    """A SHFL lane map: source lane ``j`` per lane, ``pu`` as a lane mask, and
    (memoised per participating mask) the ``shfl-inactive`` message."""

    __slots__ = ("j", "pu_mask", "_jl", "_outside")

    def __init__(self, j, pu):
        self.j = j
        self.pu_mask = array2mask(pu)
        self._jl = j.tolist()
        self._outside: dict[int, str] = {}

    def outside(self, pmask: int) -> str:
        """The ``shfl-inactive`` message when lanes of *pmask* read lanes outside
        *pmask*, else ``""``."""
        r = self._outside.get(pmask)
        if r is None:
            r = _outside_message(self._jl, pmask)
            if len(self._outside) > 1024:
                self._outside.clear()
            self._outside[pmask] = r
        return r


_SHFL_CACHE: dict = {}


def _shfl_map(mode: str, b: int, c: int) -> _ShflMap:
    """The lane map of uniform SrcB/SrcC values (cached)."""
    key = (mode, b, c)
    hit = _SHFL_CACHE.get(key)
    if hit is None:
        if len(_SHFL_CACHE) > 4096:
            _SHFL_CACHE.clear()
        hit = _SHFL_CACHE[key] = _ShflMap(*shfl_lanes(mode, b, c))
    return hit


def _one_warp_value(v):
    """A SHFL lane operand of a batch (an int, ``(n, 1)`` uniform registers or ``(n, 32)``
    lanes) as one warp's value (an int or ``(32,)`` lanes) when every warp of the batch has the
    same, else None."""
    if isinstance(v, int):
        return v
    a = np.asarray(v)
    if a.ndim == 2:
        if a.shape[0] > 1 and not (a == a[:1]).all():
            return None
        a = a[0]
    return int(a[0]) if a.shape == (1,) else a


def _shfl_per_warp_maps(x, mode: str, b, c) -> None:
    """SHFL of a batch whose warps have different SrcB/SrcC: a lane map per warp."""
    n = x.n
    j, pu = shfl_lanes(mode, np.broadcast_to(b, (n, WARP_SIZE)), np.broadcast_to(c, (n, WARP_SIZE)))
    pmask = x.pmask
    for k, (pm, jl) in enumerate(zip(pmask.tolist(), j.tolist())):
        msg = _outside_message(jl, pm) if pm else ""
        if msg:
            cover("SHFL.inactive_source")
            if x.sim.strict:
                raise Fault("shfl-inactive", msg)
            one = np.zeros(n, np.uint32)
            one[k] = FULL
            x.event("shfl-inactive", msg, one)
    x.write("rd", _outside_zero(np.take_along_axis(x.src("ra"), j, axis=-1), j, _active(x)))
    x.write("pu", array2mask(pu))


@semantics("SHFL")
def SHFL(x: Exec) -> None:
    """SHFL: pseudo code in the database (``__Semantics``, sync.isa; appended here by the registry).

    Decision: reading from a lane outside the participating lanes records a ``shfl-inactive``
    warning event (with ``strict`` it is a fault) and returns that lane's register if the lane
    is active (its guard is false), else 0 (what GPUs are reported to return; decision D9-S-2).  A batch whose warps agree on SrcB/SrcC shares one lane map
    (the message per participating mask), else each warp has its own.
    """
    if not x.any_lane():
        return
    m = x.memo
    if m is None:  # per address: operand fields, mode, and the lane map when SrcB/SrcC are immediates
        bn = "rb" if "rb" in x.f else "vb"
        cn = "rc" if "rc" in x.f else "vc"
        const = x.kind(bn) == "I" and x.kind(cn) == "I"
        m = x.memo = [bn, cn, x.mod("mode"), _shfl_map(x.mod("mode") or "", x.src(bn), x.src(cn)) if const else None]
    hit = m[3]
    if hit is None:
        b = x.src(m[0])
        c = x.src(m[1])
        if x.batched:
            b1, c1 = _one_warp_value(b), _one_warp_value(c)
            if b1 is None or c1 is None:
                _shfl_per_warp_maps(x, m[2], b, c)
                return
            b, c = b1, c1
        if isinstance(b, int) and isinstance(c, int):  # uniform SrcB/SrcC: one lane map per value
            hit = _shfl_map(m[2], b, c)
        else:
            j, pu = shfl_lanes(m[2], b, c)
            hit = _ShflMap(j, pu)
    pmask = x.pmask
    for pm in (np.unique(pmask).tolist() if x.batched else (pmask,)):
        msg = hit.outside(pm) if pm else ""
        if msg:
            cover("SHFL.inactive_source")
            if x.sim.strict:
                raise Fault("shfl-inactive", msg)
            x.event("shfl-inactive", msg, np.where(pmask == pm, FULL, 0).astype(np.uint32) if x.batched else None)
    x.write("rd", _outside_zero(x.src("ra")[..., hit.j], hit.j, _active(x)))
    x.write("pu", hit.pu_mask)


@semantics("MOVM")
def MOVM(x: Exec) -> None:
    """MOVM Rd, Ra (no pseudo code in the seed).

    Decision: like PTX ``movmatrix.sync.aligned.m8n8.trans.b16``: the 8x8
    matrix of 16-bit elements is held two per lane (lane ``t`` holds row
    ``t // 4``, columns ``2*(t % 4)`` (low half) and ``2*(t % 4) + 1`` (high
    half)); Rd receives the same fragment of the transposed matrix.  One warp or
    a batch alike (lanes last; decision D10-M-5).  ``MOVM.U4TO8.M832``: :func:`_movm_u4to8`."""
    a = x.src_lanes("ra")
    if x.mod("esize") == "U4TO8":
        x.write("rd", _movm_u4to8(a), width=64)
        return
    elems = np.stack([a & 0xFFFF, a >> 16], axis=-1).astype(np.uint32)      # (..., 32, 2)
    t = np.swapaxes(elems.reshape(a.shape[:-1] + (8, 8)), -1, -2).reshape(a.shape[:-1] + (WARP_SIZE, 2))
    x.write("rd", t[..., 0] | (t[..., 1] << 16))


def _movm_u4to8(a: np.ndarray) -> np.ndarray:
    """``MOVM.U4TO8.M832`` (decision D24-2): the 8x32 matrix of 4-bit elements that the m8n8k32
    4-bit A fragment holds (lane ``t``: row ``t // 4``, columns ``8*(t % 4)`` .. ``+7``), moved to
    rows 0-7 of the m16n8k32 8-bit A fragment, each element zero-extended: Rd is that fragment's
    first register (columns ``4*(t % 4)`` .. ``+3``), Rd+1 its third (16 columns on).  The layouts
    are the tensor-core unit's (nv_mma, imported here: only NVIDIA's form reaches it).  *a*:
    ``(..., 32)`` uint32; returns the pairs as ``(..., 32)`` uint64."""
    from .nv_mma import _elements, _layout, _pack
    _, _, lane_of, elem_of = _layout("A4", 8, 32)
    mat = _elements(a[..., None, :], 4)[..., lane_of, elem_of]            # (..., 8, 32)
    tile = np.zeros(a.shape[:-1] + (16, 32), mat.dtype)
    tile[..., :8, :] = mat
    row_of, col_of, _, _ = _layout("A8", 16, 32)
    regs = _pack(tile[..., row_of, col_of], 8).astype(np.uint64)          # (..., 4, 32): a0 .. a3
    return regs[..., 0, :] | (regs[..., 2, :] << np.uint64(32))


def _vote(x):
    """(ballot, result) of the executing lanes' predicates: ints for one warp, ``(n,)`` arrays for a
    batch (decision D12-L-8: written once for both engines, no replay per warp)."""
    s = x.pmask
    pp = x.pred("pp") & s
    op = x.mod("voteop")
    if op == "ANY":
        cover("VOTE.ANY")
        r = pp != 0
    elif op == "ALL":
        cover("VOTE.ALL")
        r = pp == s
    elif op == "EQ":
        cover("VOTE.EQ")
        r = (pp == s) | (pp == 0)
    else:
        raise Fault("invalid-instruction", f"invalid VOTE operation {op!r}")
    return pp, r


def _warp_value(x, v):
    """A per-warp value (an int for one warp, ``(n,)`` for a batch) in every lane of the warp."""
    return v if not isinstance(v, np.ndarray) else np.broadcast_to(
        (v.astype(np.uint64) & np.uint64(MASK32)).astype(np.uint32)[:, None], x.lane_shape())


@semantics("VOTE")
def VOTE(x: Exec) -> None:
    """VOTE: pseudo code in the database (``__Semantics``, sync.isa; appended here by the registry)."""
    ballot, r = _vote(x)
    x.write("rd", _warp_value(x, ballot))
    x.write("pu", x.mask_where(r, FULL, 0))


@semantics("VOTEU")
def VOTEU(x: Exec) -> None:
    """VOTEU: pseudo code in the database (``__Semantics``, sync.isa; appended here by the registry)."""
    ballot, r = _vote(x)
    x.write("urd", ballot)
    x.write("upu", r)


#: what a lane outside the executing ones contributes to each REDUX (the operation's identity)
_REDUX_NONE = {"AND": MASK32, "OR": 0, "XOR": 0, "SUM": 0, "MAX": -(1 << 62), "MIN": 1 << 62}


def _redux_arm(op: str) -> None:
    """The coverage arm of *op* (verify/coverage.py reads the literal names, one a line)."""
    if op == "AND":
        cover("REDUX.AND")
    elif op == "OR":
        cover("REDUX.OR")
    elif op == "XOR":
        cover("REDUX.XOR")
    elif op == "SUM":
        cover("REDUX.SUM")
    elif op == "MAX":
        cover("REDUX.MAX")
    else:
        cover("REDUX.MIN")


def _redux(x):
    """The reduction of the executing lanes' Ra: an int for one warp, ``(n,)`` for a batch (a warp
    without executing lanes gets a value nobody writes); None when no lane executes."""
    s = x.pmask
    if not x.any_lane():
        return None
    m = mask2array(s)
    v = np.broadcast_to(np.asarray(x.src("ra"), dtype=np.uint32), x.lane_shape())
    op = x.mod("reduxop")
    if op not in _REDUX_NONE:
        raise Fault("invalid-instruction", f"invalid REDUX operation {op!r}")
    _redux_arm(op)
    if op in ("AND", "OR", "XOR"):
        fn = {"AND": np.bitwise_and, "OR": np.bitwise_or, "XOR": np.bitwise_xor}[op]
        r = fn.reduce(np.where(m, v, np.uint32(_REDUX_NONE[op])), axis=-1).astype(np.int64)
    else:
        vv = v.view(np.int32).astype(np.int64) if x.mod("dtype") == "S32" else v.astype(np.int64)
        vv = np.where(m, vv, np.int64(_REDUX_NONE[op]))
        r = vv.sum(axis=-1) if op == "SUM" else vv.max(axis=-1) if op == "MAX" else vv.min(axis=-1)
    r = r & MASK32
    return int(r) if r.ndim == 0 else r


@semantics("REDUX")
def REDUX(x: Exec) -> None:
    """REDUX: pseudo code in the database (``__Semantics``, sync.isa; appended here by the registry)."""
    r = _redux(x)
    if r is not None:
        x.write("rd", _warp_value(x, r))


@semantics("REDUXU")
def REDUXU(x: Exec) -> None:
    """REDUXU: follows the database's ``__Examples`` and ``__Semantics`` of REDUXU (sync.isa); the registry
    appends the pseudo code to this docstring.
    """
    r = _redux(x)
    if r is not None:
        x.write("urd", r)


@semantics("MATCH")
def MATCH(x: Exec) -> None:
    """MATCH: pseudo code in the database (``__Semantics``, sync.isa; appended here by the registry).

    ``.ANY`` leaves ``pu`` false (the pseudo code only sets it for ``.ALL``).  At one warp's
    width or a batch's: lanes are the last axis, a mask is an int or one per warp.
    """
    s = x.pmask
    if not x.any_lane(s):
        return
    width = 64 if x.mod("dtype") == "U64" else 32
    a = np.broadcast_to(np.asarray(x.src("ra", width)), x.lane_shape())
    part = mask2array(s)
    op = x.mod("matchop")
    if op == "ANY":
        cover("MATCH.ANY")
        # lane l's result: the participating lanes j whose Ra equals lane l's
        eq = (a[..., :, None] == a[..., None, :]) & part[..., None, :]
        x.write("rd", array2mask(eq))
        x.write("pu", 0)
    else:
        lead = np.maximum(np.asarray(ffs_lanes(s)), 0)[..., None]
        first = np.take_along_axis(a, lead, axis=-1)        # the first participant's Ra
        same = np.all((a == first) | ~part, axis=-1)        # per warp: every participant holds it
        if x.batched:
            x.write("rd", np.where(same, s, 0).astype(np.uint32)[:, None])
            x.write("pu", np.where(same, FULL, 0).astype(np.uint32))
        elif same:
            cover("MATCH.ALL.same")
            x.write("rd", s)
            x.write("pu", FULL)
        else:
            cover("MATCH.ALL.different")
            x.write("rd", 0)
            x.write("pu", 0)


def _elect(x):
    """The leader lane of each warp (an int, or an array per warp of a batch; -1: none)."""
    part = x.pmask & (x.pred("pp") if "pp" in x.f else FULL)
    if "urb" in x.f:
        u = x.src("urb")
        part = part & (np.asarray(u).reshape(-1).astype(np.uint32) if x.batched else u & MASK32)
    return ffs_lanes(part)


def _elected(x, leader):
    """``(pu, the lanes written)``: the leader's bit, and the executing lanes of the warps that
    have a leader (no participant: pu false, the destination not written)."""
    if not x.batched:
        return (1 << leader, x.pmask) if leader >= 0 else (0, 0)
    has = leader >= 0
    pu = np.where(has, np.left_shift(np.uint64(1), np.maximum(leader, 0).astype(np.uint64)), 0).astype(np.uint32)
    return pu, np.where(has, x.pmask, 0).astype(np.uint32)


@semantics("ELECT")
def ELECT(x: Exec) -> None:
    """ELECT pu, Rd, {!}pp | URb (no semantics in the seed).

    Decision: like PTX ``elect.sync``: among the participating lanes (active,
    guard and ``pp`` true, in the member mask of the ``_U`` form) the lowest
    lane is the leader; ``pu`` is true in the leader only; ``Rd`` receives the
    leader's lane id in every executing lane.  With no participant ``pu`` is
    false and ``Rd`` is not written."""
    leader = _elect(x)
    pu, lanes = _elected(x, leader)
    if not x.batched:
        cover("ELECT.leader" if leader >= 0 else "ELECT.no_leader")
    if x.any_lane(lanes):
        x.write("rd", leader if not x.batched else leader.astype(np.uint32)[:, None], lanes)
    x.write("pu", pu)


@semantics("ELECTU")
def ELECTU(x: Exec) -> None:
    """ELECTU pu, URd, {!}pp | URb (no semantics in the seed).

    Decision: as ELECT, the leader's lane id goes to ``URd``."""
    leader = _elect(x)
    pu, lanes = _elected(x, leader)
    if not x.batched:
        cover("ELECTU.leader" if leader >= 0 else "ELECTU.no_leader")
    if x.any_lane(lanes):
        x.write("urd", leader, lanes)
    x.write("pu", pu)
