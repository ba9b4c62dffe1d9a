"""Integer instructions nvcc emits (issue 11, ``isa/nv.isa``): LEA, VIADD, IABS, POPC,
BREV, FLO, IMNMX, VIMNMX, PRMT.

One function per optype, named after it, the description's pseudo code in its
docstring.  Written once for both engines (``SEMANTICS_CONTRACT.md``): register
values are lane-shaped arrays (``(32,)`` or ``(n, 32)``), uniform values Python ints
or ``(n, 1)`` arrays, masks opaque; nothing branches on a register or mask value.
"""
from __future__ import annotations

import numpy as np

from ..context import Exec
from ..registry import semantics
from ..state import MASK32, array2mask, mask2array
from . import nv_simd
from .gp import _U32, _U64, _addend, _b, _c, _raw, _raw_int

_I64 = np.int64


def _src_lanes(x, name: str) -> np.ndarray:
    """32-bit source bits (prefixes not applied), lane-shaped uint32."""
    return _raw(x, name)


@semantics("LEA")
def LEA(x: Exec) -> None:
    """LEA: pseudo code in the database (``__Semantics``, nv.isa; appended here by the registry)."""
    a = _src_lanes(x, "ra").astype(_U64)
    sh = _U64(x.imm("shift"))
    if x.mod("hi") == "HI":
        if x.mod("sx") == "SX32":
            hi = np.where(a >> _U64(31) != 0, _U64(MASK32), _U64(0))
        else:
            hi = _src_lanes(x, _c(x)).astype(_U64)     # Rc, or the immediate of LEA_RRI
        v = ((((hi << _U64(32)) | a) << sh) >> _U64(32)) & _U64(MASK32)
    else:
        v = (a << sh) & _U64(MASK32)
        if x.flag("ra.neg"):          # -Ra: 2^32 - (Ra << Shift)[31:0], -0 carries (D2-3, D19-2)
            v = _U64(1 << 32) - v
    bn = _b(x)
    b = _src_lanes(x, bn).astype(_U64)
    if x.flag(bn + ".bitnot"):
        b = _U64(MASK32) - b
    if x.flag(bn + ".neg"):          # -Rb: 2^32 - Rb, as IADD3's (decisions AT-8, D19-2)
        b = _U64(1 << 32) - b
    s = v + b
    if x.mod("x") == "X":
        s = s + mask2array(x.pred("pp")).astype(_U64)
    x.write("rd", (s & _U64(MASK32)).astype(_U32))
    x.write("pu", array2mask((s >> _U64(32)) != 0))


@semantics("VIADD")
def VIADD(x: Exec) -> None:
    """VIADD: pseudo code in the database (``__Semantics``, nv.isa; appended here by the registry).
    The SIMD forms ``.16x2`` / ``.U8x4`` are nv_simd's (decision SV-1)."""
    if x.mod("fmt") in nv_simd.LANE_FORMATS:
        nv_simd.viadd_lanes(x)
        return
    total = x.lane_zeros(_I64)
    for name in ("ra", _b(x)):
        total += _addend(x, name, _src_lanes(x, name).astype(_I64))
    x.write("rd", (total & MASK32).astype(_U32))


@semantics("IABS")
def IABS(x: Exec) -> None:
    """IABS: pseudo code in the database (``__Semantics``, nv.isa; appended here by the registry)."""
    v = _src_lanes(x, _b(x))
    x.write("rd", np.where(v >> _U32(31) != 0, (-(v.astype(_I64))) & MASK32, v).astype(_U32))


def _popcount(v: np.ndarray) -> np.ndarray:
    """Bits set in each uint32 (SWAR, exact)."""
    v = v.astype(_U32)
    v = v - ((v >> _U32(1)) & _U32(0x55555555))
    v = (v & _U32(0x33333333)) + ((v >> _U32(2)) & _U32(0x33333333))
    v = (v + (v >> _U32(4))) & _U32(0x0F0F0F0F)
    return ((v.astype(_U64) * _U64(0x01010101)) >> _U64(24)).astype(_U32) & _U32(0xFF)


def _not_if(x, name: str, v: np.ndarray) -> np.ndarray:
    return ~v if x.flag(name + ".bitnot") else v


@semantics("POPC")
def POPC(x: Exec) -> None:
    """POPC: pseudo code in the database (``__Semantics``, nv.isa; appended here by the registry)."""
    b = _b(x)
    x.write("rd", _popcount(_not_if(x, b, _src_lanes(x, b))))


def brev32(v: np.ndarray) -> np.ndarray:
    """The 32 bits of each value in reverse order (BREV, UBREV)."""
    v = v.astype(_U32)
    v = ((v >> _U32(1)) & _U32(0x55555555)) | ((v & _U32(0x55555555)) << _U32(1))
    v = ((v >> _U32(2)) & _U32(0x33333333)) | ((v & _U32(0x33333333)) << _U32(2))
    v = ((v >> _U32(4)) & _U32(0x0F0F0F0F)) | ((v & _U32(0x0F0F0F0F)) << _U32(4))
    v = ((v >> _U32(8)) & _U32(0x00FF00FF)) | ((v & _U32(0x00FF00FF)) << _U32(8))
    return (v >> _U32(16)) | (v << _U32(16))


@semantics("BREV")
def BREV(x: Exec) -> None:
    """BREV: pseudo code in the database (``__Semantics``, nv.isa; appended here by the registry)."""
    x.write("rd", brev32(_src_lanes(x, _b(x))))


def _msb_index(v: np.ndarray) -> np.ndarray:
    """Index of the most significant 1 bit of each uint32 (int64), -1 for 0."""
    v = v.astype(_U32)
    r = np.full(v.shape, -1, _I64)
    for sh in (16, 8, 4, 2, 1):   # binary search, exact
        hi = (v >> _U32(sh)) != 0
        r = np.where(hi, r + sh, r)
        v = np.where(hi, v >> _U32(sh), v)
    return np.where(v != 0, r + 1, r)


@semantics("FLO")
def FLO(x: Exec) -> None:
    """FLO: pseudo code in the database (``__Semantics``, nv.isa; appended here by the registry)."""
    b = _b(x)
    v = _not_if(x, b, _src_lanes(x, b))
    if x.mod("fmt") != "U32":
        v = np.where(v >> _U32(31) != 0, ~v, v)
    p = _msb_index(v)
    r = (31 - p) if x.mod("sh") == "SH" else p
    x.write("rd", np.where(v == 0, MASK32, r & MASK32).astype(_U32))


def _minmax(x, signed: bool, relu: bool = False):
    a, b = _src_lanes(x, "ra"), _src_lanes(x, _b(x))
    if signed:
        a, b = a.view(np.int32), b.view(np.int32)
    r = np.where(mask2array(x.pred("pp")), np.minimum(a, b), np.maximum(a, b))
    if relu:                            # VIMNMX.RELU (signed only): negative results become 0
        r = np.maximum(r, np.int32(0))
    x.write("rd", r.view(_U32) if signed else r)


@semantics("IMNMX")
def IMNMX(x: Exec) -> None:
    """IMNMX: pseudo code in the database (``__Semantics``, nv.isa; appended here by the registry)."""
    wide = x.mod("wide")
    if wide in ("S64", "U64"):         # register pairs (nvcc for sm_100+, decision N13)
        bn = _b(x)
        a = np.broadcast_to(np.asarray(x.src("ra", 64, raw=True), dtype=_U64), x.lane_shape())
        if x.kind(bn) == "I":
            b = np.full(x.lane_shape(), x.imm(bn) & 0xFFFFFFFFFFFFFFFF, _U64)   # sign-extended
        else:
            b = np.broadcast_to(np.asarray(x.src(bn, 64, raw=True), dtype=_U64), x.lane_shape())
        ka, kb = (a.view(np.int64), b.view(np.int64)) if wide == "S64" else (a, b)
        take_min = mask2array(x.pred("pp"))
        pick_a = np.where(take_min, ka <= kb, ka >= kb)
        x.write("rd", np.where(pick_a, a, b), width=64)
        x.write("pu", array2mask(pick_a))
        x.write("pv", array2mask(~pick_a))
        return
    _minmax(x, x.mod("fmt") != "U32", x.mod("relu") == "RELU")


@semantics("VIMNMX")
def VIMNMX(x: Exec) -> None:
    """VIMNMX: pseudo code in the database (``__Semantics``, nv.isa; appended here by the registry).
    The SIMD forms ``.U16x2`` / ``.S16x2`` / ``.U8x4`` are nv_simd's (decision SV-1)."""
    if x.mod("fmt") in nv_simd.LANE_FORMATS:
        nv_simd.vimnmx_lanes(x)
        return
    _minmax(x, x.mod("fmt") != "U32", x.mod("relu") == "RELU")


# PRMT's modes: for result byte i (row), the byte of {Rc:Ra} taken for s = SrcB[1:0] (column)
_PRMT_MODES = {
    "F4E": [[(s + i) & 7 for s in range(4)] for i in range(4)],
    "B4E": [[(s - i) & 7 for s in range(4)] for i in range(4)],
    "RC8": [list(range(4)) for _ in range(4)],
    "ECL": [[max(s, i) for s in range(4)] for i in range(4)],
    "ECR": [[min(s, i) for s in range(4)] for i in range(4)],
    "RC16": [[2 * (s & 1) + (i & 1) for s in range(4)] for i in range(4)],
}


@semantics("PRMT")
def PRMT(x: Exec) -> None:
    """PRMT: pseudo code in the database (``__Semantics``, nv.isa; appended here by the registry)."""
    src = (_src_lanes(x, _c(x)).astype(_U64) << _U64(32)) | _src_lanes(x, "ra").astype(_U64)
    sel = _src_lanes(x, _b(x)).astype(_U64)
    out = np.zeros(src.shape, _U64)
    mode = x.mod("mode")
    if mode in _PRMT_MODES:             # PTX prmt.b32.f4e ... .rc16: SrcB[1:0] picks a fixed pattern
        s = (sel & _U64(3)).astype(np.intp)
        for i in range(4):
            n = np.asarray(_PRMT_MODES[mode][i], _U64)[s]
            out |= ((src >> (n * _U64(8))) & _U64(0xFF)) << _U64(8 * i)
        x.write("rd", out.astype(_U32))
        return
    for i in range(4):
        n = (sel >> _U64(4 * i)) & _U64(0xF)
        byte = (src >> ((n & _U64(7)) * _U64(8))) & _U64(0xFF)
        byte = np.where(n & _U64(8) != 0, np.where(byte & _U64(0x80) != 0, _U64(0xFF), _U64(0)), byte)
        out |= byte << _U64(8 * i)
    x.write("rd", out.astype(_U32))


@semantics("IADD")
def IADD(x: Exec) -> None:
    """IADD: pseudo code in the database (``__Semantics``, nv.isa; appended here by the registry)."""
    bn = _b(x)
    n = 64 if x.mod("width") == "64" else 32
    mask = (1 << n) - 1
    a = np.broadcast_to(np.asarray(x.src("ra", n, raw=True), dtype=_U64), x.lane_shape())
    if x.kind(bn) == "I":
        b = np.full(x.lane_shape(), x.imm(bn) & mask, _U64)         # sign-extended to N bits
    else:
        b = np.broadcast_to(np.asarray(x.src(bn, n, raw=True), dtype=_U64), x.lane_shape())
    # unbounded sources as (low, high) 32-bit halves in int64: -0 is 2^N, whose carry counts (D6-cub-6)
    lo, hi = _iadd_addend(x, "ra", a, n)
    blo, bhi = _iadd_addend(x, bn, b, n)
    lo = lo + blo
    if x.mod("x") == "X":
        lo = lo + mask2array(x.pred("pp")).astype(np.int64)
    hi = hi + bhi + (lo >> 32)
    if n == 64:
        x.write("rd", ((hi & 0xFFFFFFFF).astype(_U64) << _U64(32)) | (lo & 0xFFFFFFFF).astype(_U64), width=64)
        carry = (hi >> 32) >= 1
    else:
        x.write("rd", (lo & 0xFFFFFFFF).astype(np.uint32))
        carry = hi >= 1
    if x.has("pu"):
        x.write("pu", array2mask(carry))


def _iadd_addend(x, name: str, v: np.ndarray, n: int) -> tuple[np.ndarray, np.ndarray]:
    """IADD's *n*-bit addend: ``~`` then ``-`` on the unbounded value, as (low word, high part)
    int64 (for n = 32 the high part is 0, or 1 for ``-0`` = 2^32)."""
    lo, hi = (v & _U64(0xFFFFFFFF)).astype(np.int64), (v >> _U64(32)).astype(np.int64)
    top = 0xFFFFFFFF if n == 64 else 0
    if x.flag(name + ".bitnot"):
        lo, hi = 0xFFFFFFFF - lo, top - hi
    if x.flag(name + ".neg"):          # 2^n - v = ~v + 1
        lo, hi = 0x100000000 - lo, top - hi
        hi, lo = hi + (lo >> 32), lo & 0xFFFFFFFF
    return lo, hi


@semantics("LDCU")
def LDCU(x: Exec) -> None:
    """LDCU: pseudo code in the database (``__Semantics``, nv.isa; appended here by the registry).
    ULDC under its sm_100+ name: the same function; ``.128`` loads two pairs."""
    from .gp import ULDC
    size = x.mod("size")
    if size != "128":                           # ULDC's sizes, sub-word loads included
        ULDC(x)
        return
    if not x.any_lane():
        return
    if x.has("ura"):                            # LDCU_U: c[bank][URa+Imm] (D6-cl-1)
        from .gp import uniform_const
        lo, hi = uniform_const(x, 8), uniform_const(x, 8, 8)
    else:
        v = x.imm("vb")
        bank, off = v >> 16, v & 0xFFFF
        lo = x.sim.const.read(bank, off, 8)
        hi = x.sim.const.read(bank, off + 8, 8)
    d = x.reg_index("urd")
    for k, part in ((0, lo), (2, hi)):
        for j, word in ((0, part & MASK32), (1, part >> 32)):
            x.set_ureg(d + k + j, word)         # URZ (63) and beyond are dropped


@semantics("ULEA")
def ULEA(x: Exec) -> None:
    """ULEA: pseudo code in the database (``__Semantics``, nv.isa; appended here by the registry).
    Python ints (one warp) or (n, 1) int64 arrays (a batch); every intermediate stays below 2^63."""
    if not x.any_lane():
        return
    a = _raw_int(x, "ura")
    sh = x.imm("shift")
    neg = x.flag("ura.neg")
    if neg and x.mod("hi") == "HI":     # -URa: the two's complement mod 2^32, then shifted (D6-cl-6)
        a = (-a) & MASK32
    if x.mod("hi") == "HI":
        if x.mod("sx") == "SX32":
            hi = (a >> 31) * MASK32
        else:
            hi = _raw_int(x, _c(x))     # URc, or the immediate of ULEA_RRI (D18-12)
        v = ((hi & (MASK32 >> sh)) << sh) | (a >> (32 - sh))
    else:
        v = (a << sh) & MASK32
        if neg:                         # 2^32 - (URa << Shift)[31:0]: -0 carries, as LEA's (D19-2)
            v = (1 << 32) - v
    b = _raw_int(x, _b(x))
    if x.flag(_b(x) + ".bitnot"):       # ~URb: the bitwise complement, as LEA's ~Rb (D12-M-2)
        b = MASK32 - b
    if x.flag(_b(x) + ".neg"):          # -URb: 2^32 - URb, as LEA's -Rb (D10-N-9, D19-2)
        b = (1 << 32) - b
    s = v + b
    if x.mod("x") == "X":
        s = s + x.upred("upp")
    x.write("urd", s & MASK32)
    x.write("upu", (s >> 32) != 0)
