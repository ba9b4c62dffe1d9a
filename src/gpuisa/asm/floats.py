"""IEEE 754 binary32 immediates (``AsmFormat<x> = F32(x)``).

:func:`parse_f32` turns a decimal literal into binary32 bits with one
round-to-nearest-even step from the *exact* decimal value (``float(text)``
followed by ``struct.pack('<f')`` would round twice, through binary64, and
differ in rare halfway cases).  :func:`format_f32` prints the shortest decimal
that reads back to the same bits (numpy's Dragon4 "unique" mode for float32),
``INF``/``-INF`` for the infinities and, for a NaN, its hex bits, so that
every payload round-trips exactly.

Accepted literals (case-insensitive words, optional sign)::

    1.5   -0.25   .5   2.   1e-3   3.0e+2   7        decimal, exact, then RNE
    inf   +INF   -Inf   infinity                     0x7f800000 / 0xff800000
    nan   QNAN   +QNAN  -nan                         0x7fffffff / 0xffffffff
"""
from __future__ import annotations

import re
import struct

import math

F32_INF = 0x7F800000
_F32_OVERFLOW = 2.0 ** 128 - 2.0 ** 103  # halfway between the largest binary32 and 2**128: rounds to inf
_frexp, _ldexp = math.frexp, math.ldexp
_PACK_F = struct.Struct("<f").pack
_PACK_BITS = struct.Struct("<I").unpack
F32_NAN = 0x7FFFFFFF  # the ISA's canonical NaN (docs/decisions.md G4)

_RE_DEC = re.compile(r"^(?P<int>\d*)(?:\.(?P<frac>\d*))?(?:[eE](?P<exp>[-+]?\d+))?$")
_WORDS = {"inf": F32_INF, "infinity": F32_INF, "nan": F32_NAN, "qnan": F32_NAN}

# float literal syntax as the lexer sees it (an integer without '.'/exponent is an int token)
FLOAT_LITERAL = (r"[-+]?(?:(?:\d+\.\d*|\.\d+)(?:[eE][-+]?\d+)?|\d+[eE][-+]?\d+"
                 r"|[iI][nN][fF](?:[iI][nN][iI][tT][yY])?|[qQ]?[nN][aA][nN])")


def parse_f32(text: str) -> int:
    """Binary32 bits of a decimal literal (see the module docstring).  Raises
    ValueError when *text* is not a float literal."""
    t = text.strip()
    sign = 0
    if t[:1] in "+-":
        sign = 1 if t[0] == "-" else 0
        t = t[1:]
    w = _WORDS.get(t.lower())
    if w is not None:
        return (sign << 31) | w
    m = _RE_DEC.match(t)
    if not m or not (m.group("int") or m.group("frac")):
        raise ValueError(f"not a float literal: {text!r}")
    if len(t) > 1000:
        raise ValueError("a float literal has at most 1000 characters")
    # fast: float() rounds the exact value once to binary64 (d); rounding d to binary32 gives the
    # directly rounded result unless d is exactly a binary32 midpoint (a midpoint strictly between
    # the exact value and d would be a closer binary64), so only that case takes the exact path
    d = float(t)
    if d > _F32_OVERFLOW:
        # the exact value is above the threshold too (rounding is monotonic and the threshold is
        # a binary64); d == _F32_OVERFLOW is a midpoint like any other and takes the exact path
        # (3.4028235677973366e38 is below it and rounds to the largest binary32)
        return (sign << 31) | F32_INF
    if d != 0.0:
        mant, e = _frexp(d)  # d = mant * 2**e, 0.5 <= mant < 1
        scaled = mant * 33554432.0 if e >= -125 else _ldexp(d, 150)  # 2**25 (normal) or d / 2**-150
        if scaled != int(scaled) or int(scaled) % 2 == 0:
            return (sign << 31) | _PACK_BITS(_PACK_F(d))[0]
    digits = (m.group("int") or "") + (m.group("frac") or "")
    exp10 = int(m.group("exp") or 0) - len(m.group("frac") or "")
    n = int(digits)
    if n == 0:
        return sign << 31
    # the value is n * 10**exp10; anything >= 1e40 is infinite, anything < 1e-50 rounds to zero
    nd = len(digits.lstrip("0"))
    if nd + exp10 > 40:
        return (sign << 31) | F32_INF
    if nd + exp10 < -50:
        return sign << 31
    if exp10 >= 0:
        num, den = n * 10 ** exp10, 1
    else:
        num, den = n, 10 ** -exp10
    return (sign << 31) | round_to_f32(num, den)


def f32_of_decimal(text: str) -> int:
    """:func:`parse_f32` of a decimal literal already known to be one (``FLOAT_LITERAL`` without
    a word: ``-1.5``, ``2e-3``; the assembler's fast path reads it so): the same bits, without
    checking the syntax again; a binary32 midpoint or a zero takes parse_f32 itself."""
    sign = 0
    body = text
    if text[0] in "+-":
        sign = 1 if text[0] == "-" else 0
        body = text[1:]
    d = float(body)
    if d > _F32_OVERFLOW:
        return (sign << 31) | F32_INF
    if d != 0.0:
        mant, e = _frexp(d)
        scaled = mant * 33554432.0 if e >= -125 else _ldexp(d, 150)
        if scaled != int(scaled) or int(scaled) % 2 == 0:
            return (sign << 31) | _PACK_BITS(_PACK_F(d))[0]
    return parse_f32(text)


def round_to_binary(num: int, den: int, man: int, emax: int) -> int:
    """Bits of the positive rational num/den rounded to the IEEE binary format with *man*
    fraction bits and largest exponent *emax* (bias *emax*, smallest normal exponent 1 - emax),
    to nearest, ties to even; the infinity's bits when it overflows."""
    emin = 1 - emax
    e = num.bit_length() - den.bit_length()  # 2**e <= num/den < 2**(e+2)
    if (num << max(0, -e)) < (den << max(0, e)):
        e -= 1
    # now 2**e <= num/den < 2**(e+1)
    shift = man - emin if e < emin else man - e  # scale so that the kept bits are the integer part
    if shift >= 0:
        q, r = divmod(num << shift, den)
        d2 = den
    else:
        d2 = den << -shift
        q, r = divmod(num, d2)
    if 2 * r > d2 or (2 * r == d2 and q & 1):
        q += 1
    if e < emin:
        return q  # subnormal (q == 2**man is the smallest normal: exponent field 1, mantissa 0)
    if q == 1 << (man + 1):
        q >>= 1
        e += 1
    if e > emax:
        return (2 * emax + 1) << man
    return ((e + emax) << man) | (q - (1 << man))


def round_to_f32(num: int, den: int) -> int:
    """Bits of the positive rational num/den rounded to binary32 (nearest, ties to even)."""
    return round_to_binary(num, den, 23, 127)


#: float32 values (exact, as Python floats) between which a number prints positionally: numpy
#: compares ``np.float32`` with a Python float in float32 (NEP 50), so the bounds are float32's
_POS_LO = struct.unpack("<f", struct.pack("<f", 1e-4))[0]
_POS_HI = struct.unpack("<f", struct.pack("<f", 1e16))[0]
_UNPACK_F = struct.Struct("<f").unpack
_UNPACK_E = struct.Struct("<e").unpack
_PACK_E = struct.Struct("<e").pack
_UNPACK_H = struct.Struct("<H").unpack


def shortest_f32_digits(bits: int) -> tuple[str, int]:
    """(digits, k) of a finite non-zero binary32: the value is about ``0.digits * 10**k``, with
    the fewest digits that read back (round-to-nearest-even) as *bits*, the last one chosen
    closest to the exact value (ties to an even digit).  This is the free-format algorithm
    (Steele & White, "Dragon4") that numpy's ``format_float_*(unique=True)`` runs for float32,
    in exact integer arithmetic; ``tests/asm/test_floats.py`` compares the two."""
    e = (bits >> 23) & 0xFF
    m = bits & 0x7FFFFF
    if e:
        mant, ex = m | 0x800000, e - 150
    else:
        mant, ex = m, -149
    even = not mant & 1
    # x = r / s; the half-gaps to the neighbouring binary32 values are mlo / s and mhi / s
    up = 1 << ex if ex > 0 else 1
    down = 1 << -ex if ex < 0 else 1
    if e > 1 and not m:     # a power of two: the gap below is half the gap above
        r, s, mlo, mhi = mant * up * 4, down * 4, up, up * 2
    else:
        r, s, mlo, mhi = mant * up * 2, down * 2, up, up
    # k with 10**(k-1) <= x < 10**k (an estimate from the float value, then corrected)
    k = math.floor(math.log10(_UNPACK_F(bits.to_bytes(4, "little"))[0] if not bits >> 31 else
                              -_UNPACK_F(bits.to_bytes(4, "little"))[0])) + 1
    if k >= 0:
        s *= 10 ** k
    else:
        p = 10 ** -k
        r, mlo, mhi = r * p, mlo * p, mhi * p
    while r >= s:
        s *= 10
        k += 1
    while r * 10 < s:
        r, mlo, mhi = r * 10, mlo * 10, mhi * 10
        k -= 1
    digits = []
    while True:
        r, mlo, mhi = r * 10, mlo * 10, mhi * 10
        d, r = divmod(r, s)
        low = r <= mlo if even else r < mlo
        high = r + mhi >= s if even else r + mhi > s
        if low or high:
            break
        digits.append(d)
    if low == high:     # both roundings read back (or neither): the closer one, ties to even
        c = 2 * r - s
        up_ = c > 0 or (c == 0 and d & 1)
    else:
        up_ = high
    if up_:
        d += 1
        while d == 10:       # carry: ...39 -> ...4, 99 -> 1 with k + 1
            if not digits:
                d = 1
                k += 1
                break
            d = digits.pop() + 1
    digits.append(d)
    return "".join(map(str, digits)), k


def format_f32(bits: int) -> str:
    """Shortest decimal text that :func:`parse_f32` reads back as *bits*
    (positional with at least one fractional digit, ``300.0``, for
    1e-4 <= |x| < 1e16, else scientific, ``1e-45``); ``INF``/``-INF``; a NaN as
    its hex bits (``0x7fffffff``).  The text numpy's ``format_float_positional(x,
    unique=True, trim="0")`` / ``format_float_scientific(x, unique=True, trim="-",
    exp_digits=1)`` print for ``np.float32`` x, without numpy (not imported by ``gpuisa dis``)."""
    bits &= 0xFFFFFFFF
    if (bits >> 23) & 0xFF == 0xFF:
        if bits & 0x7FFFFF:
            return f"{bits:#010x}"
        return "-INF" if bits >> 31 else "INF"
    sign = "-" if bits >> 31 else ""
    if not bits & 0x7FFFFFFF:
        return sign + "0.0"
    ds, k = shortest_f32_digits(bits)
    a = abs(_UNPACK_F(bits.to_bytes(4, "little"))[0])
    if _POS_LO <= a < _POS_HI:
        if k <= 0:
            return f"{sign}0.{'0' * -k}{ds}"
        if k >= len(ds):
            return f"{sign}{ds}{'0' * (k - len(ds))}.0"
        return f"{sign}{ds[:k]}.{ds[k:]}"
    x = k - 1
    return f"{sign}{ds[0]}{'.' if len(ds) > 1 else ''}{ds[1:]}e{'-' if x < 0 else '+'}{abs(x)}"


def parse_f16(text: str) -> int:
    """binary16 bits of a float literal (``2.5``, ``-0.0625``, ``2.384185791015625e-07``,
    ``inf``), rounded once to nearest even from the Python float; hex/binary literals are the
    bits themselves (issue 11: HFMA2 immediates).  The rounding is ``struct``'s ``e`` format
    (CPython's ``PyFloat_Pack2``: exact round-half-even, OverflowError where the rounded value
    is too large, which is the infinity), the same bits as ``numpy.float16`` without importing
    numpy (about 40 ms of a process; ``tests/asm/test_floats.py`` compares the two)."""
    t = text.strip()
    body = t.lstrip("+-")
    if body[:2].lower() in ("0x", "0b"):
        v = int(body, 0)
        if v >> 16:
            raise ValueError(f"{text} does not fit in 16 bits")
        return v if not t.startswith("-") else (-v) & 0xFFFF
    low = body.lower()
    if low in ("inf", "infinity"):
        f = float("inf")
    elif low in ("nan", "qnan"):
        f = float("nan")
    else:
        f = float(body)
    if t.startswith("-"):
        f = -f
    if f != f:
        return 0x7FFF if not t.startswith("-") else 0xFFFF
    try:
        return _UNPACK_H(_PACK_E(f))[0]
    except OverflowError:
        return 0xFC00 if f < 0 else 0x7C00


def format_f16(bits: int) -> str:
    """A binary16 value as nvdisasm writes it: integers without a fraction (``0``, ``-2``),
    other finite values as the shortest exact decimal (``33.21875``,
    ``2.384185791015625e-07``); infinities and NaNs as hex bits."""
    bits &= 0xFFFF
    if bits & 0x7C00 == 0x7C00:
        return f"{bits:#x}"
    v = _UNPACK_E(bits.to_bytes(2, "little"))[0]
    if v == int(v) and abs(v) < 65536:
        return ("-0" if (bits & 0x8000) and v == 0 else str(int(v)))
    return repr(v)


def parse_f64(text: str) -> int:
    """Binary64 bits of a decimal literal (``float()`` rounds the exact value once, to nearest
    even) or of ``INF``/``+INF``/``-INF``/``NAN`` (the canonical NaN 0x7fffffffffffffff)."""
    t = text.strip()
    w = t.lstrip("+-").lower()
    neg = t.startswith("-")
    if w in ("inf", "infinity"):
        return (1 << 63 if neg else 0) | 0x7FF0000000000000
    if w in ("nan", "qnan"):
        return (1 << 63 if neg else 0) | 0x7FFFFFFFFFFFFFFF
    if not _RE_DEC.match(w) or not any(c.isdigit() for c in w):
        raise ValueError(f"not a float literal: {text!r}")
    return struct.unpack("<Q", struct.pack("<d", float(t)))[0]


def format_f64h(high: int) -> str:
    """A binary64 whose low word is 0, from its high word, as nvdisasm writes it: integers
    without a fraction (``1``, ``-2``), ``+INF``/``-INF``, other values as the shortest decimal
    that reads back (``0.5``, ``1.4426950216293334961``); NaNs as hex bits of the high word."""
    bits = (high & 0xFFFFFFFF) << 32
    v = struct.unpack("<d", struct.pack("<Q", bits))[0]
    if v != v:
        return f"{high & 0xFFFFFFFF:#x}"
    if v in (float("inf"), float("-inf")):
        return "+INF" if v > 0 else "-INF"
    if v == int(v) and abs(v) < 2 ** 53:
        return "-0" if (high >> 31) & 1 and v == 0 else str(int(v))
    return repr(v)
