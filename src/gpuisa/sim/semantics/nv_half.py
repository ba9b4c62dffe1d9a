"""Half-precision pair arithmetic nvcc emits (half.isa, HFMA2's register form): HADD2, HMUL2,
HFMA2 on binary16 pairs with nvdisasm's source selectors (``R0.H0_H0``: the low half twice,
``R0.H1_H1``: the high half twice, ``R0.H0_NH1``: the low half high and the negated high half
low), written once for both engines.  A selected source is the register type HReg: the register
number in bits 7..0 of the field, the selector in bits 10..8.
Each position is computed exactly in binary64 (a binary16 product has at most 22 significant
bits, a binary16 fma fits in 53) and rounded once to binary16 (``.F32``: to binary32)."""
from __future__ import annotations

import numpy as np

from ..context import Exec
from ..registry import semantics
from ..state import RZ, mask2array
from .gp import _combine, bool_op, fcmp, mnmx_bits
from .nv_float import _narrow, _rn16, _rnbf16, _two_sum, bf16_bits, round32
from .nv_float import saturate as _sat
from .operands import _b, _c, _lanes, _sel_raw, split_selected

_U32, _F64 = np.uint32, np.float64


def _halves(x, name: str, lanes: bool = True) -> tuple[np.ndarray, np.ndarray]:
    """(high, low) binary16 positions of a source as float64, selector, ``|x|`` and ``-`` applied;
    a half immediate pair (``vhi``/``vlo``) for the RI forms.  With *lanes* False an immediate and
    RZ, the same in every lane, come as arrays of one element (the arithmetic below broadcasts them;
    nvcc's constant moves ``HFMA2 Rd, -RZ, RZ, ImmHi, ImmLo`` then cost one element, not a grid's lanes)."""
    shape = x.lane_shape() if lanes else (1,)
    if name == "vhi":
        hi = np.array([x.imm("vhi") & 0xFFFF], np.uint16).view(np.float16).astype(_F64)
        lo = np.array([x.imm("vlo") & 0xFFFF], np.uint16).view(np.float16).astype(_F64)
        return np.broadcast_to(hi[0], shape), np.broadcast_to(lo[0], shape)
    if name in ("vb", "urb", "vc", "urc"):   # a constant or a uniform register, its selector a modifier (D2-7, D7-style-14)
        v = _lanes(x, x.src(name, raw=True))
        sel = {"H0_H0": 1, "H1_H1": 2, "CF32": 3}.get(x.mod("csel") or "", 0)
    else:
        reg, sel = split_selected(x.reg_index(name))
        v = np.broadcast_to(np.asarray(x.reg(reg), dtype=_U32), x.lane_shape()) if reg != RZ \
            else np.zeros(shape, _U32)
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
    elif sel == 4:      # `R11.H0_NH1` (__hcmadd): (low, -high) in the (high, low) positions
        h16, l16 = l16, h16 ^ np.uint16(0x8000)
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


def _sat_bf16(bits: np.ndarray) -> np.ndarray:
    """``.SAT`` on bfloat16 bit patterns (uint32): via binary32, where they are exact."""
    return _sat((bits << _U32(16)).view(np.float32)).view(_U32) >> _U32(16)


def _relu(r: np.ndarray) -> np.ndarray:
    """``.RELU`` on rounded results: a negative value and -0 give +0, NaN stays NaN."""
    with np.errstate(all="ignore"):
        return np.where(np.isnan(r) | (r > 0), r, r.dtype.type(0)).astype(r.dtype)


def _relu_bf16(bits: np.ndarray) -> np.ndarray:
    return _relu((bits << _U32(16)).view(np.float32)).view(_U32) >> _U32(16)


def _finish(x, hi_s, hi_e, lo_s, lo_e) -> None:
    """Round the exact positions and write ``rd`` (in every lane: a source of one element, an
    immediate or RZ, is broadcast here)."""
    sat, relu = x.mod("sat") == "SAT", x.mod("relu") == "RELU"
    if x.mod("f32") == "F32":               # the low positions as binary32, rounded once
        r = np.asarray(round32(lo_s, lo_e, "RN"), np.float32)
        if sat:
            r = _sat(r)
        bits = np.where(np.isnan(r), _U32(0x7FFFFFFF), r.view(_U32))
        x.write("rd", np.broadcast_to(bits.astype(_U32), x.lane_shape()))
        return
    out = np.zeros(np.shape(hi_s), _U32)
    if x.mod("bf16") == "BF16_V2":
        hi, lo = _rnbf16(hi_s, hi_e), _rnbf16(lo_s, lo_e)
        if sat:
            hi, lo = _sat_bf16(hi), _sat_bf16(lo)
        if relu:
            hi, lo = _relu_bf16(hi), _relu_bf16(lo)
        x.write("rd", np.broadcast_to((hi << _U32(16)) | lo, x.lane_shape()))
        return
    for shift, (s, e) in ((16, (hi_s, hi_e)), (0, (lo_s, lo_e))):
        h = _rn16(s, e)
        if sat:
            h = _sat(h)
        if relu:
            h = _relu(h)
        bits = np.where(np.isnan(h), _U32(0x7FFF), h.view(np.uint16).astype(_U32))
        out |= bits << _U32(shift)
    x.write("rd", np.broadcast_to(out, x.lane_shape()))


def _srcb(x) -> str:
    return "vhi" if x.has("vhi") else "vb" if x.has("vb") else "urb" if x.has("urb") else "rb"


def _zero(a):
    return np.zeros(np.shape(a), _F64)


@semantics("HADD2")
def HADD2(x: Exec) -> None:
    """HADD2: pseudo code in the database (``__Semantics``, half.isa; appended here by the registry)."""
    ah, al = _halves(x, "ra", False)
    bh, bl = _halves(x, _srcb(x), False)
    with np.errstate(all="ignore"):
        hs, he = _two_sum(ah, bh)
        ls, le = _two_sum(al, bl)
    _finish(x, hs, he, ls, le)


@semantics("HMUL2")
def HMUL2(x: Exec) -> None:
    """HMUL2: pseudo code in the database (``__Semantics``, half.isa; appended here by the registry)."""
    ah, al = _halves(x, "ra", False)
    bh, bl = _halves(x, _srcb(x), False)
    with np.errstate(all="ignore"):
        ph, pl = ah * bh, al * bl                  # exact in binary64
    _finish(x, ph, _zero(ph), pl, _zero(pl))


@semantics("HFMA2")
def HFMA2(x: Exec) -> None:
    """HFMA2: pseudo code in the database (``__Semantics``, nv.isa; appended here by the registry).
    Every form reads its sources as HReg (half selectors; nvcc's constant moves `-RZ, RZ, ImmHi,
    ImmLo` are -0 * 0 + Imm, the immediates' values)."""
    ah, al = _halves(x, "ra", False)
    # SrcB: Rb, a constant or a uniform register (RCR/RUR: D8-tiny-2) or, in HFMA2_RIR, an immediate pair
    bh, bl = _halves(x, next((n for n in ("rb", "vb", "urb") if x.has(n)), "vhi"), False)
    # SrcC: Rc, a constant or a uniform register (RRC/RRU) or, in HFMA2_RRI, an immediate pair
    ch, cl = _halves(x, _c(x) if any(x.has(n) for n in ("rc", "vc", "urc")) else "vhi", False)
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


# the narrow float formats: the 8-bit floats (decision D7-1) and sm_100+'s 6- and 4-bit floats
# (cuda_fp6.h, cuda_fp4.h; decision D10-H-3): (fraction bits, exponent bias, largest finite value,
# the code of +infinity beyond it or None, the NaN code or None, the width in bits)
_FP8 = {"E4M3": (3, 7, 448.0, None, 0x7F, 8), "E5M2": (2, 15, 57344.0, 0x7C, 0x7F, 8),
        "E2M3": (3, 1, 7.5, None, None, 6), "E3M2": (2, 3, 28.0, None, None, 6),
        "E2M1": (1, 1, 6.0, None, None, 4)}
_FP8_NAN = 0x7F


def _fp8_round(v: np.ndarray, fmt: str, sat: bool) -> np.ndarray:
    """float64 values (exact binary32 or binary16 values) rounded to nearest even to the narrow
    float *fmt*: the codes as uint32.  Beyond the largest finite value: that value (``sat``), else
    NaN (E4M3) or infinity (E5M2); NaN: 0x7f for the 8-bit formats, the positive largest finite
    value for the 6- and 4-bit ones, which have neither NaN nor infinity (always ``sat``)."""
    man, bias, top, inf, nan, width = _FP8[fmt]
    emin = 1 - bias
    a = np.abs(v)
    neg = np.signbit(v)
    with np.errstate(all="ignore"):
        e = np.maximum(np.frexp(np.where(np.isfinite(a), a, 1.0))[1] - 1, emin)
        q = np.ldexp(1.0, e - man)                      # the unit of the last place at a's binade
        r = np.rint(a / q) * q                          # exact scaling; rint: ties to even
        big = ~np.isnan(a) & (r > top)
        r = np.where(big, top, r)
        er = np.maximum(np.frexp(np.where(r > 0, r, 1.0))[1] - 1, emin)
        sig = (r / np.ldexp(1.0, er - man)).astype(np.int64)  # with the leading bit for normals
        normal = r >= np.ldexp(1.0, emin)
        code = np.where(normal, ((er + bias) << man) + sig - (1 << man), sig)
    if not sat:
        code = np.where(big, _FP8_NAN if inf is None else inf, code)
    code = np.where(neg, code | (1 << (width - 1)), code)
    if nan is None:         # the largest finite code, positive
        nan = (1 << (width - 1)) - 1
    return np.where(np.isnan(a), nan, code).astype(_U32)


def _fp8_to_f16_table(fmt: str) -> np.ndarray:
    """binary16 bits of every code of the narrow format *fmt* (exact; NaN -> 0x7fff), indexed by
    the code's byte (the bits above the format's width ignored)."""
    man, bias, _, inf, nan, width = _FP8[fmt]
    c = np.arange(256) & ((1 << width) - 1)
    sign = 1 << (width - 1)
    e, f = (c & (sign - 1)) >> man, c & ((1 << man) - 1)
    mag = np.where(e == 0, np.ldexp(f.astype(_F64), 1 - bias - man),
                   np.ldexp((f + (1 << man)).astype(_F64), e - bias - man))
    if inf is not None:
        mag = np.where((c & (sign - 1)) == inf, np.inf, np.where((c & (sign - 1)) > inf, np.nan, mag))
    elif nan is not None:
        mag = np.where((c & (sign - 1)) == nan, np.nan, mag)
    h = np.where(c & sign, -mag, mag).astype(np.float16)
    return np.where(np.isnan(h), np.uint16(0x7FFF), h.view(np.uint16)).astype(_U32)


_FP8_TO_F16 = {fmt: _fp8_to_f16_table(fmt) for fmt in _FP8}


def _e8m0_round(v: np.ndarray, rnd: str, sat: bool) -> np.ndarray:
    """UE8M0 scale factors (decision D10-H-3): |v| (float64) rounded to a power of two 2^e toward
    zero (``.RZ``) or up (``.RP``), the code e + 127 clamped to [0, 255]: below 2^-127 (zeros
    included) 0, beyond 2^127 (infinity included) 0xff, which ``.SATFINITE`` makes 0xfe; NaN 0xff
    (cuda_fp8.hpp's __nv_cvt_bfloat16raw_to_e8m0)."""
    a = np.abs(v)
    with np.errstate(all="ignore"):
        m, e = np.frexp(np.where(np.isfinite(a) & (a > 0), a, 1.0))     # a = m * 2^e, m in [0.5, 1)
        e = (e - 1).astype(np.int64)                                      # floor(log2 a)
        if rnd == "RP":
            e = e + (m != 0.5)                                            # ceil(log2 a)
    code = np.clip(e + 127, 0, 255)
    code = np.where(a == 0, 0, np.where(np.isinf(a), 255, code))
    if sat:
        code = np.where(code == 255, 254, code)
    return np.where(np.isnan(a), 255, code).astype(_U32)


def _e8m0_to_bf16(c: np.ndarray) -> np.ndarray:
    """UE8M0 codes (uint32 bytes) as bfloat16 bits: 2^(c - 127); 0 is 2^-127 (0x0040), 0xff NaN (0x7fff)."""
    return np.where(c == 0xFF, _U32(0x7FFF), np.where(c == 0, _U32(0x0040), c << _U32(7))).astype(_U32)


@semantics("F2FP")
def F2FP(x: Exec) -> None:
    """F2FP: pseudo code in the database (``__Semantics``, half.isa; appended here by the registry)."""
    shape = x.lane_shape()
    pack = x.mod("pack")
    if pack == "UNPACK_B":                  # two narrow floats -> a binary16 (UE8M0: bfloat16) pair
        v = _sel_raw(x, "rb")                  # `Rb.H1`: the register's high half
        src = x.mod("src") or "E4M3"           # the encoding allows only the narrow formats here
        if src == "E2M1":                      # two 4-bit codes in the low byte (decision D10-H-3)
            hi_c, lo_c = (v >> _U32(4)) & _U32(0xF), v & _U32(0xF)
        else:
            hi_c, lo_c = (v >> _U32(8)) & _U32(0xFF), v & _U32(0xFF)
        if src == "E8":
            x.write("rd", (_e8m0_to_bf16(hi_c) << _U32(16)) | _e8m0_to_bf16(lo_c))
            return
        t = _FP8_TO_F16[src]
        x.write("rd", (t[hi_c] << _U32(16)) | t[lo_c])
        return
    if pack in ("PACK_AB_MERGE_C", "UNPACK_B_MERGE_C"):     # two values -> narrow floats, merged
        fmt, sat = x.mod("dtype") or "E4M3", x.mod("sat") == "SATFINITE"     # a narrow format (encoding)
        if pack == "PACK_AB_MERGE_C":
            hi = np.asarray(x.src("ra"), dtype=_U32).view(np.float32).astype(_F64)
            lo = np.asarray(x.src("rb"), dtype=_U32).view(np.float32).astype(_F64)
        elif x.mod("src") == "BF16":         # a bfloat16 pair (decision D10-H-3)
            b = np.asarray(x.src("rb"), dtype=_U32)
            hi = (b & _U32(0xFFFF0000)).view(np.float32).astype(_F64)
            lo = (b << _U32(16)).view(np.float32).astype(_F64)
        else:
            b = np.asarray(x.src("rb"), dtype=_U32)
            hi = (b >> _U32(16)).astype(np.uint16).view(np.float16).astype(_F64)
            lo = (b & _U32(0xFFFF)).astype(np.uint16).view(np.float16).astype(_F64)
        c = np.broadcast_to(np.asarray(_sel_raw(x, "rc"), dtype=_U32), shape)    # `Rc.H1`: its high half (D21-2)
        hi, lo = np.broadcast_to(hi, shape), np.broadcast_to(lo, shape)
        if fmt == "E8":
            rnd = x.mod("rnd") or "RZ"
            hc, lc = _e8m0_round(hi, rnd, sat), _e8m0_round(lo, rnd, sat)
        else:
            hc, lc = _fp8_round(hi, fmt, sat), _fp8_round(lo, fmt, sat)
        packed = (hc << _U32(4)) | lc if fmt == "E2M1" else (hc << _U32(8)) | lc
        x.write("rd", (c << _U32(16)) | packed)
        return
    mode = x.mod("rnd") or "RN"
    bf = x.mod("dtype") == "BF16"
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


def _bits16(v: np.ndarray, bf: bool) -> np.ndarray:
    """A position's value (exact in float64) as its binary16 / bfloat16 bits (uint32)."""
    with np.errstate(all="ignore"):
        if bf:
            return v.astype(np.float32).view(_U32) >> _U32(16)
        return v.astype(np.float16).view(np.uint16).astype(_U32)


def _mnmx16(a: np.ndarray, b: np.ndarray, want_min: np.ndarray, bf: bool, nan: bool) -> np.ndarray:
    """FMNMX on one 16-bit position (values exact in float64): the result's 16 bits."""
    return mnmx_bits(a, b, _bits16(a, bf), _bits16(b, bf), want_min, nan, 0x7FFF)


@semantics("HMNMX2")
def HMNMX2(x: Exec) -> None:
    """HMNMX2: pseudo code in the database (``__Semantics``, half.isa; appended here by the registry)."""
    ah, al = _halves(x, "ra")
    bh, bl = _halves(x, _srcb(x))
    want_min = mask2array(x.pred("pp"))
    bf, nan = x.mod("bf16") == "BF16_V2", x.mod("nan") == "NAN"
    x.write("rd", (_mnmx16(ah, bh, want_min, bf, nan) << _U32(16)) | _mnmx16(al, bl, want_min, bf, nan))


@semantics("HSET2")
def HSET2(x: Exec) -> None:
    """HSET2: pseudo code in the database (``__Semantics``, half.isa; appended here by the registry)."""
    ah, al = _halves(x, "ra")
    bh, bl = _halves(x, _srcb(x))
    p, bop = mask2array(x.pred("pp")), x.mod("bop") or ""
    one = (_U32(0x3F80) if x.mod("bf16") == "BF16_V2" else _U32(0x3C00)) if x.mod("bf") == "BF" else _U32(0xFFFF)
    out = []
    for a, b in ((ah, bh), (al, bl)):
        r = fcmp(x, a, b)
        r = bool_op(r, p, bop)
        out.append(np.where(r, one, _U32(0)))
    x.write("rd", (out[0] << _U32(16)) | out[1])
