"""Double precision and the float conversions/roundings nvcc emits (fp64.isa): DADD, DMUL,
DFMA, DSETP, F2F, FRND; and the binary64 sides of I2F and F2I (gp.isa's I2F.F64, F2I.*.F64).

Written once for both engines: a binary64 operand is read as a lane-shaped ``uint64`` array
(register pair, the high word of an immediate, 8 bytes of constant memory, a uniform pair)
and the results are written with ``width=64``.  Rounding is exact: round to nearest even
uses IEEE binary64 arithmetic where one operation is one rounding (numpy's add and multiply);
the fused DFMA and the directed roundings (.RM/.RP/.RZ) compute the exact rational result of
each lane (``fractions.Fraction``) and round it once (decision F64-1).  A NaN result is the
canonical 0x7fffffffffffffff (binary64), 0x7fffffff (binary32), 0x7fff (binary16).
"""
from __future__ import annotations

import math
import sys
from fractions import Fraction
from typing import Any

import numpy as np

from ..context import Exec
from ..registry import semantics
from ..state import array2mask
from .gp import _combine, fsetp_write
from .nv_float import _narrow, _two_sum, bf16_bits, dbits, fsrc, ftz_bits, half_f64
from .operands import _b, _c, _sel_raw

_U64, _U32, _F64, _F32 = np.uint64, np.uint32, np.float64, np.float32
SIGN64 = _U64(1 << 63)
NAN64 = _U64(0x7FFFFFFFFFFFFFFF)
_MAXF = sys.float_info.max


dsrc = dbits    # a binary64 source as lane-shaped uint64 bits (nv_float.dbits)


def _f(bits: np.ndarray) -> np.ndarray:
    return bits.view(_F64)


def _bits(f: np.ndarray) -> np.ndarray:
    """binary64 results -> bits, NaN canonical."""
    f = np.asarray(f, dtype=_F64)
    return np.where(np.isnan(f), NAN64, f.view(_U64))


def round_fraction(q: Fraction, mode: str, zero_sign: float = 1.0) -> float:
    """The exact rational *q* rounded once to binary64 in *mode* (RN, RM, RP, RZ); an exact
    zero gets *zero_sign*'s sign."""
    if q == 0:
        return math.copysign(0.0, zero_sign)
    try:
        f = q.numerator / q.denominator      # correctly rounded to nearest even (CPython)
    except OverflowError:
        f = math.inf if q > 0 else -math.inf
    if mode in ("", "RN", None):
        return f
    if math.isinf(f):
        if mode == "RZ" or (mode == "RM" and q > 0) or (mode == "RP" and q < 0):
            return math.copysign(_MAXF, f)
        return f
    fq = Fraction(f)
    if fq == q:
        return f
    if mode == "RZ" and abs(fq) > abs(q):
        return math.nextafter(f, 0.0)
    if mode == "RP" and fq < q:
        return math.nextafter(f, math.inf)
    if mode == "RM" and fq > q:
        return math.nextafter(f, -math.inf)
    return f


def _exact(terms, mode: str, special):
    """Per lane: ``special`` (numpy, IEEE) where an input is not finite, else the exact value
    of ``terms(a, b, c)`` (Fractions) rounded once; returns float64 of the lane shape."""
    def run(*ops):
        shape = ops[0].shape
        flat = [np.ascontiguousarray(o).reshape(-1) for o in ops]
        out = np.empty(flat[0].size, _F64)
        fin = np.logical_and.reduce([np.isfinite(o) for o in flat])
        with np.errstate(all="ignore"):
            sp = special(*flat)
        for i in range(out.size):
            if not fin[i]:
                out[i] = sp[i]
                continue
            vals = [float(o[i]) for o in flat]
            q, zs = terms(*vals)
            out[i] = round_fraction(q, mode, zs)
        return out.reshape(shape)
    return run


def fma_special(a: np.ndarray, b: np.ndarray, c: np.ndarray) -> np.ndarray:
    """a * b + c where an operand is not finite: with a and b finite the exact product is finite,
    so the result is c (an infinity or NaN), not the overflowed product's inf - inf = NaN that
    a * b + c gives for fma(1e300, 1e300, -inf) (decision D9-G-3); else IEEE's a * b + c."""
    return np.where(np.isfinite(a) & np.isfinite(b), c, a * b + c)


def _zero_sign_sum(p_sign: float, c: float, mode: str) -> float:
    """The sign of an exact zero sum p + c (IEEE 754 6.3): the addends' sign when they have one
    (two zeros of one sign: x + x keeps x's sign, +0 + +0 is +0 in RM too, decision D7-math-14),
    else +0, -0 in RM (opposite signs: zeros, or nonzero terms that cancel)."""
    c_sign = math.copysign(1.0, c)
    if p_sign == c_sign:
        return c_sign
    return -1.0 if mode == "RM" else 1.0


def _add_terms(mode):
    def t(a, b):
        return Fraction(a) + Fraction(b), _zero_sign_sum(math.copysign(1.0, a), b, mode)
    return t


def _mul_terms(a, b):
    return Fraction(a) * Fraction(b), math.copysign(1.0, a) * math.copysign(1.0, b)


def _fma_terms(mode):
    def t(a, b, c):
        ps = math.copysign(1.0, a) * math.copysign(1.0, b)
        return Fraction(a) * Fraction(b) + Fraction(c), _zero_sign_sum(ps, c, mode)
    return t


@semantics("DADD")
def DADD(x: Exec) -> None:
    """DADD: pseudo code in the database (``__Semantics``, fp64.isa; appended here by the registry)."""
    a, b = _f(dsrc(x, "ra")), _f(dsrc(x, _b(x)))
    mode = x.mod("rnd") or "RN"
    if mode == "RN":
        with np.errstate(all="ignore"):
            r = a + b
    else:
        r = _exact(_add_terms(mode), mode, lambda p, q: p + q)(a, b)
    x.write("rd", _bits(r), width=64)


@semantics("DMUL")
def DMUL(x: Exec) -> None:
    """DMUL: pseudo code in the database (``__Semantics``, fp64.isa; appended here by the registry)."""
    a, b = _f(dsrc(x, "ra")), _f(dsrc(x, _b(x)))
    mode = x.mod("rnd") or "RN"
    if mode == "RN":
        with np.errstate(all="ignore"):
            r = a * b
    else:
        r = _exact(_mul_terms, mode, lambda p, q: p * q)(a, b)
    x.write("rd", _bits(r), width=64)


_SPLIT = 134217729.0          # 2^27 + 1: Veltkamp's splitting constant for binary64
_TINY, _HUGE = 2.0 ** -960, 2.0 ** 995
_BIG_C = 2.0 ** -850          # |c| from here on: a product below _TINY is under 2^-100 ulp of c


def fma_rn(a: np.ndarray, b: np.ndarray, c: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """a * b + c rounded once to nearest even, for whole arrays, with error-free transformations
    (decision D9-G-3): p + e = a * b exactly (Dekker's product with Veltkamp's split) and the
    three-term sum p + e + c = r + d1 + d2 exactly (TwoSum three times: nv_float's, whose error is 0
    where a sum overflows; such a lane has a non-finite r and is not proved).  r = RN(s + t) is the
    correctly rounded result when the last TwoSum's own error d2 is 0, or when |d1| + |d2| is
    below half the spacing of the binary64 values next to r (no rounding boundary between).
    A zero factor makes the product an exact signed zero: then p + c (one IEEE rounding) is the
    result; a product below 2^-960 next to |c| >= 2^-850 leaves c; a non-finite operand gives
    :func:`fma_special`.  Returns (r, ok): ok is False where that is not proved -- a result not
    finite from finite operands, a zero result of nonzero terms (its sign), a product or addend
    near the overflow or underflow thresholds the two transformations need, or a sum too close
    to a rounding boundary; the caller rounds those lanes exactly (Fractions)."""
    with np.errstate(all="ignore"):
        p = a * b
        t = _SPLIT * a
        ah = t - (t - a)
        al = a - ah
        t = _SPLIT * b
        bh = t - (t - b)
        bl = b - bh
        e = ((ah * bh - p) + ah * bl + al * bh) + al * bl
        s, es = _two_sum(p, c)
        t, d2 = _two_sum(es, e)
        r, d1 = _two_sum(s, t)
        ar = np.abs(r)
        half = (ar - np.nextafter(ar, 0.0)) * 0.5
        ok = ((d2 == 0) | (np.abs(d1) + np.abs(d2) < half)) & (r != 0) & np.isfinite(r)
        ap, ac = np.abs(p), np.abs(c)
        exact = (np.abs(a) < _HUGE) & (np.abs(b) < _HUGE) & (ac < _HUGE) & (ap < _HUGE) & (ap >= _TINY)
        ok &= exact
        # an exact cancellation (p + e + c = r + d1 + d2 = 0): round to nearest's zero sum of
        # nonzero terms is +0 (D15-P-5; a Lennard-Jones kernel's minimum-image wrap has thousands)
        zsum = exact & (r == 0) & (d1 == 0) & (d2 == 0)
        if zsum.any():
            r = np.where(zsum, 0.0, r)
            ok |= zsum
        # a zero factor: the product is an exact signed zero, and p + c rounds once (IEEE's sign
        # of a zero sum included): the registers of lanes a guard left out are mostly zeros
        fin = np.isfinite(a) & np.isfinite(b) & np.isfinite(c)
        zero = ((a == 0) | (b == 0)) & fin
        # a product far below half an ulp of c (registers of lanes a guard left out, often
        # subnormal halves of pairs): the result is c
        tiny = (ap < _TINY) & (ac >= _BIG_C) & fin
        if not fin.all() or zero.any() or tiny.any():
            r = np.where(zero, p + c, np.where(tiny, c, np.where(fin, r, fma_special(a, b, c))))
            ok |= zero | tiny | ~fin
        # c = +-0 and a nonzero product (complex arithmetic's zero parts, the register pairs of
        # lanes a guard left out, often subnormal): the exact sum is the product, so the one
        # rounding is a * b's own, its underflow, overflow and zero's sign included; and a product
        # below 2^-1080 (|a| < 2^ea, |b| < 2^eb) next to a nonzero c, less than half an ulp of any
        # double: the result is c (D15-P-5)
        nz = fin & (a != 0) & (b != 0)
        prod = nz & (c == 0)
        wee = nz & (c != 0) & ~ok & (np.frexp(a)[1] + np.frexp(b)[1] <= -1080)
        if prod.any() or wee.any():
            r = np.where(prod, p, np.where(wee, c, r))
            ok |= prod | wee
    return r, ok


@semantics("DFMA")
def DFMA(x: Exec) -> None:
    """DFMA: pseudo code in the database (``__Semantics``, fp64.isa; appended here by the registry).
    Round to nearest: :func:`fma_rn` for whole arrays, the exact rational rounding for the lanes
    it cannot prove (and for the directed roundings)."""
    a, b, c = np.broadcast_arrays(_f(dsrc(x, "ra")), _f(dsrc(x, _b(x))), _f(dsrc(x, _c(x))))
    mode = x.mod("rnd") or "RN"
    r = _exact(_fma_terms(mode), mode, fma_special)(a, b, c) if mode != "RN" else fma_rn_exact(a, b, c)
    x.write("rd", _bits(r), width=64)


def fma_rn_exact(a: np.ndarray, b: np.ndarray, c: np.ndarray) -> np.ndarray:
    """``fma(a, b, c)`` rounded once to nearest even for arrays of one shape (DFMA, DMMA):
    :func:`fma_rn`, and the exact rational rounding for the elements it cannot prove."""
    r, ok = fma_rn(a, b, c)
    if not ok.all():
        bad = ~ok
        r[bad] = _exact(_fma_terms("RN"), "RN", fma_special)(a[bad], b[bad], c[bad])
    return r


@semantics("DSETP")
def DSETP(x: Exec) -> None:
    """DSETP: pseudo code in the database (``__Semantics``, fp64.isa; appended here by the registry)."""
    a, b = _f(dsrc(x, "ra")), _f(dsrc(x, _b(x)))
    mm = x.mod("minmax")
    if mm in ("MIN", "MAX"):        # fmin / fmax selection (decision F64-3)
        na, nb = np.isnan(a), np.isnan(b)
        with np.errstate(all="ignore"):
            better = a < b if mm == "MIN" else a > b
            tie = (a == b) & (np.signbit(a) if mm == "MIN" else ~np.signbit(a))
        sel = ~na & (nb | better | tie)
        pu, pv = _combine(array2mask(sel), x.pred("pp"), x.mod("bop") or "")
        pn, _ = _combine(array2mask(na & nb), x.pred("pp"), x.mod("bop") or "")
        x.write("pu", pu)
        x.write("pv", pn)
        return
    fsetp_write(x, a, b)


# -- conversions and roundings ---------------------------------------------------------------
_NP = {"F16": np.float16, "F32": _F32, "F64": _F64}
_UINT = {"F16": np.uint16, "F32": _U32, "F64": _U64}
_NAN = {"F16": 0x7FFF, "F32": 0x7FFFFFFF, "F64": 0x7FFFFFFFFFFFFFFF}


def fsrc_of(x, name: str, fmt: str, ftz: bool = False) -> np.ndarray:
    """A float source of format *fmt* as a float64 array (exact), prefixes applied."""
    if fmt == "F64":
        return _f(dsrc(x, name))
    v = fsrc(x, name)
    if fmt == "F32":
        return (ftz_bits(v) if ftz else v).view(_F32).astype(_F64)
    # binary16 or bfloat16 in the low half: fsrc applied |x| and - to bit 31, redo them on bit 15
    raw = x.src(name, raw=True) if x.kind(name) != "I" else x.imm(name)
    h = np.broadcast_to(np.asarray(raw, dtype=np.int64) & 0xFFFF, x.lane_shape()).astype(np.uint16)
    if x.flag(name + ".abs"):
        h = h & np.uint16(0x7FFF)
    if x.flag(name + ".neg"):
        h = h ^ np.uint16(0x8000)
    return half_f64(h, fmt == "BF16")     # a bfloat16: the high half of a binary32 (D8-4)


def _store_float(x, f: np.ndarray, fmt: str, ftz: bool = False) -> None:
    if fmt == "F64":
        x.write("rd", _bits(f), width=64)
        return
    u = np.asarray(f).view(_UINT[fmt])
    if ftz and fmt == "F32":
        u = ftz_bits(u)
    nan: Any = _UINT[fmt](_NAN[fmt])
    u = np.where(np.isnan(f), nan, u)
    x.write("rd", u.astype(_U32))


def f2f_bits(d: np.ndarray, dt: str, mode: str, ftz: bool) -> np.ndarray:
    """F2F's conversion (also UF2F's, D8-tiny-4): the exact values *d* (float64) rounded once to
    *dt* in *mode*, as the result's bits (uint64; canonical NaNs, `.FTZ` on a binary32 result)."""
    if dt == "BF16":        # F2F.BF16.F32 (decision GA-3), F2F.BF16.F64 (D7-math-6): binary32
        f = _narrow(d, "F32", "RZ")      # toward zero with a sticky bit (round to odd; exact for a
        sticky = (f.astype(np.float64) != d) & ~np.isnan(d)     # binary32 source), then one rounding
        return np.asarray(bf16_bits(f.view(np.uint32) | sticky.astype(np.uint32), mode)).astype(_U64)
    if dt == "F64":
        return _bits(d)
    f = _narrow(d, dt, mode)
    u = np.asarray(f).view(_UINT[dt])
    if ftz and dt == "F32":
        u = ftz_bits(u)
    nan: Any = _UINT[dt](_NAN[dt])
    return np.where(np.isnan(f), nan, u).astype(_U64)


@semantics("F2F")
def F2F(x: Exec) -> None:
    """F2F: pseudo code in the database (``__Semantics``, fp64.isa; appended here by the registry)."""
    dt, st = x.mod("dtype") or "F32", x.mod("stype_") or "F32"
    ftz = x.mod("ftz") == "FTZ"
    bits = f2f_bits(fsrc_of(x, _b(x), st, ftz), dt, x.mod("rnd") or "RN", ftz)
    if dt == "F64":
        x.write("rd", bits, width=64)
    else:
        x.write("rd", bits.astype(_U32))


_FRND = {"NoMode": np.rint, "FLOOR": np.floor, "CEIL": np.ceil, "TRUNC": np.trunc}


def _frnd_half(x) -> None:
    """FRND.F16 / FRND.BF16 (D7-math-12): the 16-bit value in the low half of SrcB (or the half a
    selected register names), rounded to an integral value in its format (exact), zero-extended."""
    name = _b(x)
    bf = x.mod("hdtype") == "BF16"
    d = half_f64(_sel_raw(x, name), bf)        # a selected half `R0.H1` (SelReg)
    if x.flag(name + ".abs"):
        d = np.abs(d)
    if x.flag(name + ".neg"):
        d = -d
    x.write("rd", frnd_half_bits(d, bf, x.mod("mode")))


def frnd_half_bits(d: np.ndarray, bf: bool, mode: str | None) -> np.ndarray:
    """FRND's and UFRND's 16-bit forms: the values *d* (exact binary16 / bfloat16 values as
    float64) rounded to an integral value in *mode* (exact in the format), as uint32 bits;
    NaN -> 0x7fff."""
    with np.errstate(all="ignore"):
        r = _FRND[mode or "NoMode"](d)
        bits = (r.astype(_F32).view(np.uint32) >> np.uint32(16)) if bf else r.astype(np.float16).view(np.uint16).astype(np.uint32)
    return np.where(np.isnan(r), np.uint32(0x7FFF), bits).astype(np.uint32)


@semantics("FRND")
def FRND(x: Exec) -> None:
    """FRND: pseudo code in the database (``__Semantics``, fp64.isa; appended here by the registry)."""
    if x.mod("hdtype") in ("F16", "BF16"):
        _frnd_half(x)
        return
    fmt = "F64" if x.mod("dtype") == "F64" else "F32"
    ftz = x.mod("ftz") == "FTZ"
    d = fsrc_of(x, _b(x), fmt, ftz)
    with np.errstate(all="ignore"):
        r = _FRND[x.mod("mode") or "NoMode"](d)
    _store_float(x, r if fmt == "F64" else r.astype(_F32), fmt, ftz)
