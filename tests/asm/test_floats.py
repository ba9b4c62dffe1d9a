"""Float literals (``AsmFormat F32``): ``parse_f32`` against an exact reference
on decimal strings placed at the places where rounding is delicate: binary32
midpoints, the subnormal/normal boundary, the smallest subnormal and the
overflow threshold (the midpoint between the largest binary32 and 2**128).

The reference knows nothing of ``parse_f32``: it reads the text with
:class:`fractions.Fraction` (exact) and binary-searches the ordered binary32
bit patterns, treating ``0x7f800000`` as the value 2**128 (IEEE 754: a value
at or above the midpoint between the largest finite binary32 and 2**128 rounds
to infinity)."""
from __future__ import annotations

import re
import struct
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gpuisa.asm.floats import FLOAT_LITERAL, f32_of_decimal, parse_f32

INF = 0x7F800000
MAX = 0x7F7FFFFF
_RE_FLOAT_LIT = re.compile(rf"^{FLOAT_LITERAL}$")


def value(bits: int) -> Fraction:
    """Exact value of a non-negative binary32 bit pattern; 0x7f800000 counts as 2**128."""
    if bits == INF:
        return Fraction(2) ** 128
    return Fraction(struct.unpack("<f", struct.pack("<I", bits))[0])


def reference(x: Fraction) -> int:
    sign = 0x80000000 if x < 0 else 0
    x = abs(x)
    if x >= value(INF):
        return sign | INF
    lo, hi = 0, INF  # value(lo) <= x < value(hi)
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if value(mid) <= x:
            lo = mid
        else:
            hi = mid
    a, b = value(lo), value(lo + 1)
    if x - a < b - x or (x - a == b - x and lo % 2 == 0):
        return sign | lo
    return sign | (lo + 1)  # lo + 1 == INF: overflow


def test_reference_itself():
    assert reference(Fraction(1)) == 0x3F800000
    assert reference(Fraction(2) ** 128 - Fraction(2) ** 103) == INF  # the threshold ties to even: INF
    assert reference(Fraction(2) ** 128 - Fraction(2) ** 103 - Fraction(1, 10 ** 9)) == MAX
    assert reference(Fraction(2) ** -150) == 0  # half the smallest subnormal: tie to even (0)
    assert reference(Fraction(2) ** -150 * Fraction(1000001, 1000000)) == 1


@pytest.mark.parametrize("text,bits", [
    ("3.4028235677973366e38", MAX),  # below the threshold, but float() rounds it up onto the threshold
    ("340282356779733661637539395458142568447", MAX),  # the threshold - 1, as an integer
    ("340282356779733661637539395458142568447.999999", MAX),
    ("340282356779733661637539395458142568448", INF),  # exactly the threshold: ties to even (INF)
    ("340282356779733661637539395458142568449", INF),
    ("3.4028235677973366e+38", MAX),
    ("-3.4028235677973366e38", 0x80000000 | MAX),
    ("3.4028235677973367e38", INF),
    ("3.4028234663852886e38", MAX),  # FLT_MAX
    ("1e39", INF),
])
def test_overflow_threshold(text, bits):
    assert parse_f32(text) == bits
    assert reference(Fraction(text)) == bits


def test_overflow_threshold_through_the_assembler(isa):
    for text in ("3.4028235677973366e38", "340282356779733661637539395458142568447"):
        word = isa.encode(f"FADD R1, R2, {text}")
        assert isa.decode(word).text == "FADD R1, R2, 3.4028235e+38"
        assert isa.encode("FADD R1, R2, 0x7f7fffff") == word


# --------------------------------------------------------------------------
# random decimal strings near the delicate places

def _decimal(x: Fraction, ndigits: int, mode: str, style: str) -> str:
    """x > 0 written with *ndigits* significant digits, rounded down, up or
    to nearest (*mode*), in scientific, positional or integer-mantissa *style*."""
    e = len(str(x.numerator // x.denominator)) - 1 if x >= 1 else -len(str(x.denominator // x.numerator))
    while Fraction(10) ** e > x:
        e -= 1
    while Fraction(10) ** (e + 1) <= x:
        e += 1
    scaled = x * Fraction(10) ** (ndigits - 1 - e)
    q = scaled.numerator // scaled.denominator
    if mode == "up" and q != scaled:
        q += 1
    elif mode == "nearest" and scaled - q >= Fraction(1, 2):
        q += 1
    exp10 = e - ndigits + 1  # value = q * 10**exp10
    s = str(q)
    if style == "mantissa":
        return f"{s}e{exp10}"
    if style == "scientific":
        return f"{s[0]}.{s[1:]}e{exp10 + len(s) - 1:+d}" if len(s) > 1 else f"{s}.e{exp10}"
    if exp10 >= 0:
        return s + "0" * exp10 + ".0"
    s = s.rjust(-exp10 + 1, "0")
    return f"{s[:exp10]}.{s[exp10:]}"


_PLACES = st.one_of(
    st.integers(0, 4),  # smallest subnormals
    st.integers(0x007FFFFC, 0x00800003),  # subnormal/normal boundary
    st.integers(0x7F7FFFFB, MAX),  # overflow threshold (MAX: the midpoint MAX..2**128)
    st.integers(0x3F7FFFFE, 0x3F800001),  # around 1.0
    st.integers(0, MAX),  # anywhere
)


@st.composite
def near_boundaries(draw):
    bits = draw(_PLACES)
    a, b = value(bits), value(bits + 1)
    anchor = draw(st.sampled_from(["midpoint", "value", "next"]))
    x = {"midpoint": (a + b) / 2, "value": a, "next": b}[anchor]
    k = draw(st.integers(3, 45))
    shift = draw(st.sampled_from([0, 1, -1, 7, -7, 500, -500]))
    x += (b - a) * shift / Fraction(10) ** k
    if x <= 0:
        x = (a + b) / 2
    ndigits = draw(st.sampled_from([6, 8, 9, 10, 12, 16, 17, 18, 20, 25, 40, 60, 120]))
    mode = draw(st.sampled_from(["down", "up", "nearest"]))
    style = draw(st.sampled_from(["scientific", "positional", "mantissa"]))
    text = _decimal(x, ndigits, mode, style)
    return draw(st.sampled_from(["", "-", "+"])) + text


@settings(max_examples=800, deadline=None)
@given(near_boundaries())
def test_parse_f32_matches_exact_reference(text):
    """parse_f32, and f32_of_decimal (the fast path's reading of a literal known to be decimal)."""
    assert parse_f32(text) == reference(Fraction(text)), text
    assert _RE_FLOAT_LIT.match(text) and f32_of_decimal(text) == reference(Fraction(text)), text


@settings(max_examples=300, deadline=None)
@given(st.integers(0, MAX), st.sampled_from(["scientific", "positional", "mantissa"]))
def test_exact_midpoints_tie_to_even(bits, style):
    m = (value(bits) + value(bits + 1)) / 2  # dyadic: a finite decimal
    n = 1
    while True:  # the fewest digits that write m exactly
        text = _decimal(m, n, "down", style)
        if Fraction(text) == m:
            break
        n += 1
    want = bits if bits % 2 == 0 else bits + 1
    assert parse_f32(text) == want == reference(m) == f32_of_decimal(text), text


def test_parse_f16_matches_numpy():
    """parse_f16 rounds with struct's `e` format (no numpy import): the same bits as
    numpy.float16 on every binary16 value, the midpoints between neighbours and the values
    next to them, the overflow edge, and random doubles."""
    import math
    import random
    import struct

    import numpy as np

    from gpuisa.asm.floats import parse_f16

    def ref(x: float) -> int:
        with np.errstate(over="ignore"):
            h = np.float16(x)
        if np.isnan(h):
            return 0x7FFF if math.copysign(1.0, x) > 0 else 0xFFFF
        return int(np.array([h], np.float16).view(np.uint16)[0])

    values = []
    for bits in range(0x7C00):
        a = struct.unpack("<e", bits.to_bytes(2, "little"))[0]
        b = struct.unpack("<e", (bits + 1).to_bytes(2, "little"))[0]
        mid = (a + b) / 2
        values += [a, mid, math.nextafter(mid, 0.0), math.nextafter(mid, math.inf)]
    rng = random.Random(3)
    values += [rng.uniform(-70000, 70000) for _ in range(5000)] + [rng.uniform(-1e-4, 1e-4) for _ in range(5000)]
    values += [65504.0, 65519.99, 65520.0, 65536.0, 1e300, math.inf]
    for x in values:
        for v in (x, -x):
            assert parse_f16(repr(v)) == ref(v), v
