"""Float32 instructions: FADD, FMUL, FFMA, FSETP, FMNMX, I2F, F2I.

The reference rounds exact rational results (fractions.Fraction) to float32
with round-to-nearest-even by hand, independently of numpy."""
from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import pytest

from .conftest import bitsf, fbits, u32

NAN = 0x7FFFFFFF


def round_f32(q: Fraction) -> int:
    """float32 bits of the exact value *q*, rounded to nearest, ties to even."""
    if q == 0:
        return 0
    sign = 0x80000000 if q < 0 else 0
    q = abs(q)
    e = q.numerator.bit_length() - q.denominator.bit_length()
    if Fraction(2) ** e > q:
        e -= 1
    quantum = Fraction(2) ** (max(e, -126) - 23)
    n, rem = divmod(q, quantum)
    n = int(n)
    if rem * 2 > quantum or (rem * 2 == quantum and n & 1):
        n += 1
    v = n * quantum
    if v >= Fraction(2) ** 128:
        return sign | 0x7F800000
    return sign | fbits(float(v))         # v is exactly representable


def exact(bits: int) -> Fraction:
    return Fraction(bitsf(bits))


def is_nan(b):
    return (b & 0x7F800000) == 0x7F800000 and (b & 0x7FFFFF) != 0


def finite_bits(rng, n=32, lo=-30, hi=30):
    """Random finite floats of varied magnitude, including denormals and zeros."""
    m = rng.integers(0, 1 << 23, n)
    e = rng.integers(127 + lo, 127 + hi, n)
    s = rng.integers(0, 2, n)
    b = (s << 31) | (e << 23) | m
    b[:6] = [0, 0x80000000, 0x00000001, 0x807FFFFF, 0x00800000, 0x3F800000]
    return b.astype(np.uint32)


@pytest.mark.parametrize("seed", range(4))
def test_fadd_fmul_random(run, seed):
    rng = np.random.default_rng(seed)
    a, b = finite_bits(rng), finite_bits(rng)[::-1].copy()
    b[7] = a[7] ^ 0x80000000                       # x + (-x) = +0
    r = run("FADD R2, R0, R1 ;\nFMUL R3, R0, R1 ;\nFADD R4, R0, -R1 ;\nFMUL R5, -R0, R1 ;",
            {"R0": a, "R1": b}).warp()
    for i in range(32):
        x, y = exact(a[i]), exact(b[i])
        assert r.R[2][i] == round_f32(x + y) or (x + y == 0 and r.R[2][i] == 0), (hex(a[i]), hex(b[i]))
        want_mul = round_f32(x * y)
        if want_mul == 0:   # zero product: sign is the XOR of the signs
            want_mul = (int(a[i]) ^ int(b[i])) & 0x80000000
        assert r.R[3][i] == want_mul, (hex(a[i]), hex(b[i]))
        d = x - y
        assert r.R[4][i] == (round_f32(d) if d != 0 else 0)
        assert r.R[5][i] == want_mul ^ 0x80000000


def test_denormals_are_kept(run):
    r = run("FADD R2, R0, R0 ;\nFMUL R3, R1, 0x3f000000 ;\nFADD R4, R0, -R0 ;",
            {"R0": 0x00000001, "R1": 0x00800000}).warp()
    assert (r.R[2] == 0x00000002).all()          # 2 * smallest denormal
    assert (r.R[3] == 0x00400000).all()          # 2^-126 * 0.5 = 2^-127 (denormal)
    assert (r.R[4] == 0).all()


def test_float_special_values(run):
    inf, ninf, qnan = 0x7F800000, 0xFF800000, 0x7FC00001
    a = [inf, inf, 0, qnan, 0x3F800000, 0x7F7FFFFF, 0x80000000, 0xFFC00000] + [0] * 24
    b = [ninf, 0x3F800000, inf, 0x3F800000, qnan, 0x7F7FFFFF, 0x80000000, 0x3F800000] + [0] * 24
    r = run("FADD R2, R0, R1 ;\nFMUL R3, R0, R1 ;", {"R0": a, "R1": b}).warp()
    add = [NAN, inf, inf, NAN, NAN, inf, 0x80000000, NAN]
    mul = [ninf, inf, NAN, NAN, NAN, inf, 0, NAN]
    for i in range(8):
        assert r.R[2][i] == add[i], i
        assert r.R[3][i] == mul[i], i


def test_ffma_single_rounding_differs_from_fmul_fadd(run):
    a = 0x3F800800                     # 1 + 2^-12
    c = 0xBF801000                     # -(1 + 2^-11)
    r = run("FFMA R3, R0, R0, R2 ;\nFMUL R4, R0, R0 ;\nFADD R4, R4, R2 ;", {"R0": a, "R2": c}).warp()
    assert (r.R[3] == fbits(2.0 ** -24)).all()    # exact a*a + c = 2^-24
    assert (r.R[4] == 0).all()                    # a*a rounds to 1 + 2^-11 first


def test_ffma_no_double_rounding_through_float64(run):
    # a*a = 1 + 2^-11 + 2^-24 is exactly a float32 midpoint; adding +-2^-80 must
    # decide the rounding, although float64 cannot hold the exact sum.
    a = 0x3F800800
    c = [fbits(2.0 ** -80), fbits(-(2.0 ** -80)), 0] + [0] * 29
    r = run("FFMA R3, R0, R0, R2 ;", {"R0": a, "R2": c}).warp()
    assert r.R[3][0] == 0x3F801001                # 1 + 2^-11 + 2^-23
    assert r.R[3][1] == 0x3F801000                # 1 + 2^-11
    assert r.R[3][2] == 0x3F801000                # exact tie: to even


@pytest.mark.parametrize("seed", range(6))
def test_ffma_random(run, seed):
    rng = np.random.default_rng(100 + seed)
    a, b = finite_bits(rng, lo=-60, hi=60), finite_bits(rng, lo=-60, hi=60)
    c = finite_bits(rng, lo=-60, hi=60)
    # make cancellation likely: c close to -a*b in half of the lanes
    for i in range(0, 32, 2):
        c[i] = round_f32(-exact(a[i]) * exact(b[i])) ^ (rng.integers(0, 4))
    r = run("FFMA R3, R0, R1, R2 ;\nFFMA R4, -R0, R1, -R2 ;", {"R0": a, "R1": b, "R2": c}).warp()
    for i in range(32):
        q = exact(a[i]) * exact(b[i]) + exact(c[i])
        if q == 0:
            continue    # sign of an exact zero sum is checked in test_float_special_values style cases
        assert r.R[3][i] == round_f32(q), (hex(a[i]), hex(b[i]), hex(c[i]))
        assert r.R[4][i] == round_f32(-q)


def test_ffma_forms(run):
    const = {0: np.array([fbits(3.0)], dtype=np.uint32)}
    r = run("FFMA R3, R0, 0x40000000, R1 ;\nFFMA R4, R0, R1, 0x3f800000 ;\nFFMA R5, R0, c[0x0][0x0], -R1 ;\n"
            "FFMA R6, R0, R1, c[0x0][0x0] ;", {"R0": fbits(1.5), "R1": fbits(0.25)}, const=const).warp()
    assert (r.R[3] == fbits(3.25)).all()
    assert (r.R[4] == fbits(1.375)).all()
    assert (r.R[5] == fbits(4.25)).all()
    assert (r.R[6] == fbits(3.375)).all()


FCMP = {"F": 0, "LT": 1, "EQ": 2, "LE": 3, "GT": 4, "NE": 5, "GE": 6, "NUM": 7, "NAN": 8, "LTU": 9,
        "EQU": 10, "LEU": 11, "GTU": 12, "NEU": 13, "GEU": 14, "T": 15}


def fcmp_ref(code, x, y):
    if math.isnan(x) or math.isnan(y):
        return bool(code & 8)
    return bool((code & 1 and x < y) or (code & 2 and x == y) or (code & 4 and x > y))


@pytest.mark.parametrize("cmp", list(FCMP))
def test_fsetp_including_nan(run, cmp):
    vals = [0x3F800000, 0x40000000, 0x7FC00000, 0x80000000, 0x00000000, 0x7F800000, 0xFF800000, 0xBF800000]
    a = [vals[i % 8] for i in range(32)]
    b = [vals[(i // 8 + i) % 8] for i in range(32)]
    r = run(f"FSETP.{cmp}.AND P0, P1, R0, R1, PT ;\nFSETP.{cmp}.OR P2, PT, -R0, R1, P3 ;",
            {"R0": a, "R1": b, "P3": "lane & 1"}).warp()
    for i in range(32):
        x, y = bitsf(a[i]), bitsf(b[i])
        want = fcmp_ref(FCMP[cmp], x, y)
        assert r.P[0][i] == want, (cmp, x, y)
        assert r.P[1][i] == (not want)
        assert r.P[2][i] == (fcmp_ref(FCMP[cmp], -x, y) or bool(i & 1))


def test_fmnmx(run):
    pairs = [(1.0, 2.0), (-1.0, -2.0), (0.0, -0.0), (-0.0, 0.0), (math.nan, 3.0), (3.0, math.nan),
             (math.nan, math.nan), (math.inf, 1.0), (-math.inf, 1.0), (1e-45, 0.0)]
    a = [fbits(p[0]) for p in pairs] + [0] * (32 - len(pairs))
    b = [fbits(p[1]) for p in pairs] + [0] * (32 - len(pairs))
    r = run("FMNMX R2, R0, R1, PT ;\nFMNMX R3, R0, R1, !PT ;", {"R0": a, "R1": b}).warp()
    for i in range(len(pairs)):
        x, y = bitsf(a[i]), bitsf(b[i])
        if math.isnan(x) and math.isnan(y):
            assert r.R[2][i] == NAN and r.R[3][i] == NAN
            continue
        if math.isnan(x) or math.isnan(y):
            other = b[i] if math.isnan(x) else a[i]
            assert r.R[2][i] == other and r.R[3][i] == other
            continue
        if x == y:   # +-0: the minimum is -0, the maximum +0
            assert r.R[2][i] == (a[i] | b[i]) and r.R[3][i] == (a[i] & b[i])
            continue
        assert bitsf(r.R[2][i]) == min(x, y) and bitsf(r.R[3][i]) == max(x, y)


def test_i2f(run, rng):
    v = rng.integers(0, 1 << 32, 32, dtype=np.uint64).astype(np.uint32)
    v[:6] = [0, 1, 0xFFFFFFFF, 0x80000000, (1 << 24) + 1, (1 << 25) + 3]
    r = run("I2F R1, R0 ;\nI2F.U32 R2, R0 ;", {"R0": v}).warp()
    for i in range(32):
        s = int(v[i]) - (1 << 32) if v[i] >> 31 else int(v[i])
        assert r.R[1][i] == round_f32(Fraction(s)), hex(v[i])
        assert r.R[2][i] == round_f32(Fraction(int(v[i]))), hex(v[i])


def test_f2i(run):
    fs = [0.5, 1.5, 2.5, -0.5, -1.5, -2.7, 2.7, 1e10, -1e10, math.inf, -math.inf, math.nan, 2147483520.0,
          -2147483648.0, 4294967040.0, 0.0, -0.0, 1e-40, 123456.75]
    a = [fbits(f) for f in fs] + [0] * (32 - len(fs))
    r = run("F2I R1, R0 ;\nF2I.TRUNC R2, R0 ;\nF2I.FLOOR R3, R0 ;\nF2I.CEIL R4, R0 ;\nF2I.U32.TRUNC R5, R0 ;"
            "\nF2I.U32 R6, R0 ;", {"R0": a}).warp()

    def ref(f, rnd, unsigned):
        if math.isnan(f):
            return 0
        lo, hi = (0, (1 << 32) - 1) if unsigned else (-(1 << 31), (1 << 31) - 1)
        if math.isinf(f):
            return u32(hi if f > 0 else lo)
        q = Fraction(f)
        i = {"RN": round(q), "TRUNC": math.trunc(q), "FLOOR": math.floor(q), "CEIL": math.ceil(q)}[rnd]
        return u32(min(max(i, lo), hi))

    for k, f in enumerate(fs):
        f32 = bitsf(fbits(f))
        assert r.R[1][k] == ref(f32, "RN", False), f
        assert r.R[2][k] == ref(f32, "TRUNC", False), f
        assert r.R[3][k] == ref(f32, "FLOOR", False), f
        assert r.R[4][k] == ref(f32, "CEIL", False), f
        assert r.R[5][k] == ref(f32, "TRUNC", True), f
        assert r.R[6][k] == ref(f32, "RN", True), f


# -- float literals (AsmFormat F32) ------------------------------------------------------------
@pytest.mark.parametrize("lit,bits", [
    ("1.5", 0x3FC00000), ("-0.25", 0xBE800000), ("0.1", 0x3DCCCCCD), ("1e-3", 0x3A83126F), ("2", 0x40000000),
    ("INF", 0x7F800000), ("-INF", 0xFF800000), ("-0.0", 0x80000000), ("1e-45", 0x00000001),
    ("0x3fc00000", 0x3FC00000),
])
def test_float_literals_are_the_bits(gp_isa, run, lit, bits):
    """A float literal in FADD/FMUL/FFMA/FSETP/FMNMX is its binary32 bits (rounded once);
    the simulated result equals the one with the bits written in hex."""
    if lit[-1].isdigit() and not lit.startswith("0x") and float(lit) != 0:
        assert round_f32(Fraction(lit)) == bits            # the literal's exact value, rounded once
    for form in ("FADD R1, R0, {} ;", "FMUL R1, R0, {} ;", "FFMA R1, R0, {}, R0 ;", "FFMA R1, R0, R0, {} ;",
                 "FMNMX R1, R0, {}, PT ;", "FSETP.GT.AND P0, PT, R0, {}, PT ;"):
        assert gp_isa.encode(form.format(lit)) == gp_isa.encode(form.format(f"{bits:#x}")), form
    r = run(f"FADD R1, R0, {lit} ;\nFMUL R2, R0, {lit} ;\nFFMA R3, R0, {lit}, R0 ;",
            {"R0": [fbits(v) for v in np.linspace(-3, 3, 32)]}).warp()
    for i, a in enumerate(np.linspace(-3, 3, 32)):
        a, b = Fraction(bitsf(fbits(a))), exact(bits) if (bits & 0x7F800000) != 0x7F800000 else None
        if not b:
            continue          # infinities and signed zeros: the bit check above covers the literal
        assert r.R[1][i] == round_f32(a + b)
        assert r.R[2][i] == round_f32(a * b)
        assert r.R[3][i] == round_f32(a * b + a)


def test_float_literals_print_as_floats(gp_isa):
    assert gp_isa.decode(gp_isa.encode("FADD R1, R0, 0x3dcccccd ;")).text == "FADD R1, R0, 0.1"
    assert gp_isa.decode(gp_isa.encode("FFMA R1, R0, R2, -2.5 ;")).text == "FFMA R1, R0, R2, -2.5"
    # MOV is not a float instruction: its immediate stays an integer
    assert gp_isa.decode(gp_isa.encode("MOV R1, 0x3f800000 ;")).text == "MOV R1, 0x3f800000"
