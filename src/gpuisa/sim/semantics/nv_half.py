"""Half-precision pair arithmetic nvcc emits (half.isa, HFMA2's register form): HADD2, HMUL2,
HFMA2 on binary16 pairs with nvdisasm's source selectors (``R0.H0_H0``: the low half twice,
``R0.H1_H1``: the high half twice), written once for both engines.  A selected source is the
register type HReg: the register number in bits 7..0 of the field, the selector in bits 9..8.
Each position is computed exactly in binary64 (a binary16 product has at most 22 significant
bits, a binary16 fma fits in 53) and rounded once to binary16 (``.F32``: to binary32)."""
from __future__ import annotations

import numpy as np

from ..context import Exec
from ..registry import semantics
from ..state import mask2array
from .gp import _combine, fcmp
from .nv_float import _narrow, _rn16, _two_sum, bf16_bits, hfma2_immediates, round32
from .operands import _b, _c, _lanes

_U32, _F64 = np.uint32, np.float64


def _halves(x, name: str) -> tuple[np.ndarray, np.ndarray]:
    """(high, low) binary16 positions of a source as float64, selector, ``|x|`` and ``-`` applied;
    a half immediate pair (``vhi``/``vlo``) for the RI forms."""
    if name == "vhi":
        hi = np.array([x.imm("vhi") & 0xFFFF], np.uint16).view(np.float16).astype(_F64)
        lo = np.array([x.imm("vlo") & 0xFFFF], np.uint16).view(np.float16).astype(_F64)
        return np.broadcast_to(hi[0], x.lane_shape()), np.broadcast_to(lo[0], x.lane_shape())
    if name in ("vb", "urb"):   # a constant or a uniform register, its selector a modifier (D2-7, D7-style-14)
        v = _lanes(x, x.src(name, raw=True))
        sel = {"H0_H0": 1, "H1_H1": 2}.get(x.mod("csel") or "", 0)
    else:
        raw = x.reg_index(name)
        reg, sel = raw & 0xFF, raw >> 8
        v = np.asarray(x.reg(reg), dtype=_U32) if reg != 0xFF else np.zeros(x.lane_shape(), _U32)
        v = np.broadcast_to(v, x.lane_shape())
    if sel == 3:        # `R2.F32` (decision GA-4): binary32 truncated to binary16, in both positions
        f = _narrow(v.view(np.float32).astype(_F64), "F16", "RZ").astype(_F64)
        if x.flag(name + ".abs"):
            f = np.abs(f)
        if x.flag(name + ".neg"):
            f = -f
        return f, f
    h16 = ((v >> _U32(16)) & _U32(0xFFFF)).astype(np.uint16)
    l16 = (v & _U32(0xFFFF)).astype(np.uint16)
    if sel == 1:
        h16 = l16
    elif sel == 2:
        l16 = h16
    out = []
    bf = x.mod("bf16") == "BF16_V2"
    for part in (h16, l16):
        if x.flag(name + ".abs"):
            part = part & np.uint16(0x7FFF)
        if x.flag(name + ".neg"):
            part = part ^ np.uint16(0x8000)
        if bf:          # bfloat16 positions (decision GA-8): binary32's upper half
            out.append((part.astype(_U32) << _U32(16)).view(np.float32).astype(_F64))
        else:
            out.append(part.view(np.float16).astype(_F64))
    return out[0], out[1]


def _rnbf16(s: np.ndarray, e: np.ndarray) -> np.ndarray:
    """The exact ``s + e`` (a two-sum pair) rounded once to bfloat16, as uint32 bits (NaN 0x7fff):
    binary32 rounded to odd first, so that the second rounding is exact."""
    with np.errstate(all="ignore"):
        f = np.asarray(s, _F64).astype(np.float32)
        r = (s - f.astype(_F64)) + e                      # the residual's sign is exact
        inexact = (r != 0) & np.isfinite(f) & np.isfinite(r)
        toward = inexact & (f != 0) & (np.sign(r) != np.sign(f))
        f = np.where(toward, np.nextafter(f, np.float32(0)), f)
        bits = f.view(_U32)
        bits = np.where(inexact & (f == 0), np.where(r < 0, _U32(0x80000000), _U32(0)), bits)
        bits = bits | inexact.astype(_U32)
    return bf16_bits(bits)


def _finish(x, hi_s, hi_e, lo_s, lo_e) -> None:
    if x.mod("f32") == "F32":               # the low positions as binary32, rounded once
        r = round32(lo_s, lo_e, "RN")
        bits = np.where(np.isnan(r), _U32(0x7FFFFFFF), np.asarray(r, np.float32).view(_U32))
        x.write("rd", bits.astype(_U32))
        return
    out = np.zeros(np.shape(hi_s), _U32)
    if x.mod("bf16") == "BF16_V2":
        x.write("rd", (_rnbf16(hi_s, hi_e) << _U32(16)) | _rnbf16(lo_s, lo_e))
        return
    for shift, (s, e) in ((16, (hi_s, hi_e)), (0, (lo_s, lo_e))):
        h = _rn16(s, e)
        bits = np.where(np.isnan(h), _U32(0x7FFF), h.view(np.uint16).astype(_U32))
        out |= bits << _U32(shift)
    x.write("rd", out)


def _srcb(x) -> str:
    return "vhi" if x.has("vhi") else "vb" if x.has("vb") else "urb" if x.has("urb") else "rb"


def _zero(a):
    return np.zeros(np.shape(a), _F64)


@semantics("HADD2")
def HADD2(x: Exec) -> None:
    """HADD2: pseudo code in the database (``__Semantics``, half.isa; appended here by the registry)."""
    ah, al = _halves(x, "ra")
    bh, bl = _halves(x, _srcb(x))
    with np.errstate(all="ignore"):
        hs, he = _two_sum(ah, bh)
        ls, le = _two_sum(al, bl)
    _finish(x, hs, he, ls, le)


@semantics("HMUL2")
def HMUL2(x: Exec) -> None:
    """HMUL2: pseudo code in the database (``__Semantics``, half.isa; appended here by the registry)."""
    ah, al = _halves(x, "ra")
    bh, bl = _halves(x, _srcb(x))
    with np.errstate(all="ignore"):
        ph, pl = ah * bh, al * bl                  # exact in binary64
    _finish(x, ph, _zero(ph), pl, _zero(pl))


@semantics("HFMA2")
def HFMA2(x: Exec) -> None:
    """HFMA2: pseudo code in the database (``__Semantics``, nv.isa; appended here by the registry).
    The register form (half selectors, HReg) here; the immediate-pair form in nv_float."""
    bf = x.mod("bf16") == "BF16_V2"
    if not x.has("rc") and not bf:
        hfma2_immediates(x)
        return
    ah, al = _halves(x, "ra")
    bh, bl = _halves(x, "rb" if x.has("rb") else "vhi")     # HFMA2_RIR: an immediate pair
    ch, cl = _halves(x, _c(x) if x.has("rc") else "vhi")    # HFMA2.BF16_V2 Rd, Ra, Rb, ImmHi, ImmLo
    with np.errstate(all="ignore"):
        hs, he = _two_sum(ah * bh, ch)
        ls, le = _two_sum(al * bl, cl)
    _finish(x, hs, he, ls, le)


def _f2fp_half(x, u, bf: bool, mode: str) -> np.ndarray:
    """binary32 bits *u* rounded to binary16 / bfloat16 bits (uint32), NaN -> 0x7fff."""
    if bf:
        return bf16_bits(u, mode)
    f = np.asarray(u, dtype=np.uint32).view(np.float32)
    h = _narrow(f.astype(np.float64), "F16", mode)
    return np.where(np.isnan(h), np.uint16(0x7FFF), h.view(np.uint16)).astype(np.uint32)


@semantics("F2FP")
def F2FP(x: Exec) -> None:
    """F2FP: pseudo code in the database (``__Semantics``, half.isa; appended here by the registry)."""
    mode = x.mod("rnd") or "RN"
    bf = x.mod("dtype") == "BF16"
    shape = x.lane_shape()
    a = np.broadcast_to(np.asarray(x.src("ra"), dtype=np.uint32), shape)
    b = np.broadcast_to(np.asarray(x.src(_b(x)), dtype=np.uint32), shape)
    x.write("rd", (_f2fp_half(x, a, bf, mode) << np.uint32(16)) | _f2fp_half(x, b, bf, mode))


@semantics("HSETP2")
def HSETP2(x: Exec) -> None:
    """HSETP2: pseudo code in the database (``__Semantics``, half.isa; appended here by the registry)."""
    ah, al = _halves(x, "ra")
    bh, bl = _halves(x, _srcb(x))
    p, bop = x.pred("pp"), x.mod("bop") or ""
    x.write("pu", _combine(x.mask_of(fcmp(x, al, bl)), p, bop)[0])
    x.write("pv", _combine(x.mask_of(fcmp(x, ah, bh)), p, bop)[0])


def _mnmx16(a: np.ndarray, b: np.ndarray, want_min: np.ndarray) -> np.ndarray:
    """FMNMX on one binary16 position (values exact in float64): the result's 16 bits."""
    with np.errstate(all="ignore"):
        ab = a.astype(np.float16).view(np.uint16)
        bb = b.astype(np.float16).view(np.uint16)
        mn = np.where(a < b, ab, np.where(b < a, bb, ab | bb))      # equal: -0 wins the min
        mx = np.where(a > b, ab, np.where(b > a, bb, ab & bb))      # equal: +0 wins the max
    r = np.where(want_min, mn, mx)
    na, nb = np.isnan(a), np.isnan(b)
    r = np.where(na & ~nb, bb, np.where(nb & ~na, ab, r))
    return np.where(na & nb, np.uint16(0x7FFF), r).astype(_U32)


@semantics("HMNMX2")
def HMNMX2(x: Exec) -> None:
    """HMNMX2: pseudo code in the database (``__Semantics``, half.isa; appended here by the registry)."""
    ah, al = _halves(x, "ra")
    bh, bl = _halves(x, _srcb(x))
    want_min = mask2array(x.pred("pp"))
    x.write("rd", (_mnmx16(ah, bh, want_min) << _U32(16)) | _mnmx16(al, bl, want_min))


@semantics("HSET2")
def HSET2(x: Exec) -> None:
    """HSET2: pseudo code in the database (``__Semantics``, half.isa; appended here by the registry)."""
    ah, al = _halves(x, "ra")
    bh, bl = _halves(x, _srcb(x))
    p, bop = mask2array(x.pred("pp")), x.mod("bop") or ""
    one = _U32(0x3C00) if x.mod("bf") == "BF" else _U32(0xFFFF)
    out = []
    for a, b in ((ah, bh), (al, bl)):
        r = fcmp(x, a, b)
        r = r & p if bop == "AND" else (r | p if bop == "OR" else r ^ p)
        out.append(np.where(r, one, _U32(0)))
    x.write("rd", (out[0] << _U32(16)) | out[1])
