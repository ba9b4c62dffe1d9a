"""Exact IEEE binary32 / binary64 arithmetic in the four rounding modes (the cuda_fuzz reference,
generator version 2; never gpuisa).

Every operation on finite operands is computed exactly (``Fraction``; square roots with integer
square roots) and rounded once, to nearest even, toward zero, up or down, with subnormals and the
directed modes' overflow (toward zero: the largest finite value).  Exact zero results take IEEE
754's sign (x + (-x) is +0, -0 when rounding down; products and quotients the sign of the
product).  An infinite or NaN operand gives a result that does not depend on the rounding mode;
it is computed in binary64 (exact for these cases) and converted.  NaN payloads never matter: the
programs write floats through ``fbits`` / ``dbits``, which give one NaN.

PYTEST_DONT_REWRITE: a helper module, no assertions to introspect (its rewriting cost seconds per
test worker).
"""
from __future__ import annotations

import math
from fractions import Fraction
from typing import Any, Callable

import numpy as np

F32 = np.float32
FMT = {"f32": (24, -126, 127), "f64": (53, -1022, 1023)}       # precision, emin, emax
MODES = ("rn", "rz", "ru", "rd")
HALF = Fraction(1, 2)


def to_ft(x: float, ft: str) -> Any:
    with np.errstate(all="ignore"):
        return F32(x) if ft == "f32" else float(x)


def _sgn(x: float) -> float:
    return math.copysign(1.0, x)


def _ilog2(a: Fraction) -> int:
    e = a.numerator.bit_length() - a.denominator.bit_length()
    return e - 1 if Fraction(2) ** e > a else e


def _finish(n: int, k: int, s: int, ft: str, mode: str) -> Any:
    """The value n * 2^-k (n at most p bits, or 2^p after rounding up) with sign *s*, overflow
    handled as *mode* says."""
    p, _emin, emax = FMT[ft]
    if n >= 1 << (emax + 1 + k) if emax + 1 + k >= 0 else True:
        inf = mode == "rn" or (mode == "ru" and s > 0) or (mode == "rd" and s < 0)
        v = math.inf if inf else math.ldexp((1 << p) - 1, emax + 1 - p)
    else:
        v = math.ldexp(n, -k)                            # exact: n has at most p bits
    return to_ft(math.copysign(v, s), ft)


def _up(rem_cmp_half: int, odd: bool, inexact: bool, s: int, mode: str) -> bool:
    if mode == "rn":
        return rem_cmp_half > 0 or (rem_cmp_half == 0 and odd)
    if mode == "ru":
        return inexact and s > 0
    if mode == "rd":
        return inexact and s < 0
    return False


def rnd(q: Fraction | int, ft: str, mode: str, zsign: float = 1.0) -> Any:
    """The exact rational *q* rounded once to *ft* in *mode* (zero: the sign *zsign*)."""
    if q == 0:
        return to_ft(math.copysign(0.0, zsign), ft)
    p, emin, _emax = FMT[ft]
    num, den = (q.numerator, q.denominator) if isinstance(q, Fraction) else (int(q), 1)
    s = -1 if num < 0 else 1
    num = abs(num)
    e = num.bit_length() - den.bit_length()              # 2^e <= num/den < 2^(e+1) after the fix
    if (num << -e if e < 0 else num) < (den << e if e > 0 else den):
        e -= 1
    e = max(e, emin)                                     # subnormals keep the exponent of the least normal
    k = p - 1 - e
    big, d = (num << k, den) if k >= 0 else (num, den << -k)
    n, r = divmod(big, d)
    n += _up((2 * r > d) - (2 * r < d), bool(n & 1), r != 0, s, mode)
    return _finish(n, k, s, ft, mode)


def rnd_sqrt(x: float, ft: str, mode: str) -> Any:
    """sqrt(x) of a finite x > 0, rounded once."""
    p, _emin, _emax = FMT[ft]
    q = Fraction(x)
    e = _ilog2(q) >> 1                                   # sqrt(q) lies in [2^e, 2^(e+2))
    k = p - 1 - e
    big = q * Fraction(4) ** k
    n = math.isqrt(big.numerator // big.denominator)
    if n >> p:                                           # one bit too many: one binade up
        k -= 1
        big = q * Fraction(4) ** k
        n = math.isqrt(big.numerator // big.denominator)
    inexact = big != n * n
    four = 4 * big                                       # compare sqrt(big) with n + 1/2
    half_cmp = (four > (2 * n + 1) ** 2) - (four < (2 * n + 1) ** 2)
    n += _up(half_cmp, bool(n & 1), inexact, 1, mode)
    return _finish(n, k, 1, ft, mode)


def _zero_sum(mode: str) -> float:
    return -0.0 if mode == "rd" else 0.0


def add(ft: str, mode: str) -> Callable[[Any, Any], Any]:
    def f(a: Any, b: Any) -> Any:
        x, y = float(a), float(b)
        if not (math.isfinite(x) and math.isfinite(y)):
            return to_ft(x + y, ft)
        q = Fraction(x) + Fraction(y)
        if q == 0:
            same = x == 0 and y == 0 and _sgn(x) == _sgn(y)
            return to_ft(x if same else _zero_sum(mode), ft)
        return rnd(q, ft, mode)
    return f


def sub(ft: str, mode: str) -> Callable[[Any, Any], Any]:
    g = add(ft, mode)
    return lambda a, b: g(a, -float(b))


def mul(ft: str, mode: str) -> Callable[[Any, Any], Any]:
    def f(a: Any, b: Any) -> Any:
        x, y = float(a), float(b)
        if not (math.isfinite(x) and math.isfinite(y)):
            return to_ft(float(np.float64(x) * np.float64(y)), ft)
        return rnd(Fraction(x) * Fraction(y), ft, mode, _sgn(x) * _sgn(y))
    return f


def div(ft: str, mode: str) -> Callable[[Any, Any], Any]:
    def f(a: Any, b: Any) -> Any:
        x, y = float(a), float(b)
        if y == 0 or not (math.isfinite(x) and math.isfinite(y)):
            with np.errstate(all="ignore"):
                return to_ft(float(np.float64(x) / np.float64(y)), ft)
        return rnd(Fraction(x) / Fraction(y), ft, mode, _sgn(x) * _sgn(y))
    return f


def rcp(ft: str, mode: str) -> Callable[[Any], Any]:
    g = div(ft, mode)
    return lambda a: g(1.0, a)


def sqrt(ft: str, mode: str) -> Callable[[Any], Any]:
    """Of fabs(a): the programs never take the root of a negative number."""
    def f(a: Any) -> Any:
        x = abs(float(a))
        if x == 0 or not math.isfinite(x):
            return to_ft(x, ft)
        return rnd_sqrt(x, ft, mode)
    return f


def fma(ft: str, mode: str) -> Callable[[Any, Any, Any], Any]:
    def f(a: Any, b: Any, c: Any) -> Any:
        x, y, z = float(a), float(b), float(c)
        if not (math.isfinite(x) and math.isfinite(y)):
            with np.errstate(all="ignore"):
                return to_ft(float(np.float64(x) * np.float64(y) + np.float64(z)), ft)
        if not math.isfinite(z):
            return to_ft(z, ft)                         # a finite product added to inf or NaN
        q = Fraction(x) * Fraction(y) + Fraction(z)
        if q == 0:
            ps = _sgn(x) * _sgn(y)
            if (x == 0 or y == 0) and z == 0 and ps == _sgn(z):
                return to_ft(z, ft)
            return to_ft(_zero_sum(mode), ft)
        return rnd(q, ft, mode)
    return f


def from_int(ft: str, mode: str) -> Callable[[int], Any]:
    return lambda v: rnd(int(v), ft, mode)


def d2f(mode: str) -> Callable[[Any], Any]:
    def f(a: Any) -> Any:
        x = float(a)
        if not math.isfinite(x):
            return F32(x)
        return rnd(Fraction(x), "f32", mode, _sgn(x))
    return f


def to_int(mode: str, bits: int, signed: bool) -> Callable[[Any], int]:
    """PTX cvt to an integer: rounded in *mode*, saturated to the range, NaN gives 0."""
    lo, hi = (-(1 << (bits - 1)), (1 << (bits - 1)) - 1) if signed else (0, (1 << bits) - 1)

    def f(a: Any) -> int:
        x = float(a)
        if math.isnan(x):
            return 0
        if math.isinf(x):
            return hi if x > 0 else lo
        q = Fraction(x)
        n = {"rz": int(q), "rd": math.floor(q), "ru": math.ceil(q), "rn": round(q)}[mode]
        return min(max(n, lo), hi)
    return f


def fminmax(want_max: bool) -> Callable[[Any, Any], Any]:
    """fmin/fmax (IEEE minNum/maxNum: a NaN operand gives the other; -0 < +0)."""
    def f(a: Any, b: Any) -> Any:
        x, y = float(a), float(b)
        ft = "f32" if isinstance(a, np.float32) else "f64"
        if math.isnan(x):
            return to_ft(y if not math.isnan(y) else math.nan, ft)
        if math.isnan(y):
            return to_ft(x, ft)
        if x == y:
            neg = _sgn(x) < 0 and _sgn(y) < 0 if want_max else _sgn(x) < 0 or _sgn(y) < 0
            return to_ft(math.copysign(x, -1.0 if neg else 1.0), ft)
        return to_ft(max(x, y) if want_max else min(x, y), ft)
    return f


def dbits(d: float) -> int:
    """The programs' ``dbits``: the bits of a double, one NaN for all NaNs."""
    return 0x7FFFFFFFFFFFFFFF if math.isnan(d) else int(np.array(d, np.float64).view(np.uint64))


def ll_as_double(v: int) -> float:
    return float(np.array(v & ((1 << 64) - 1), np.uint64).view(np.float64))
