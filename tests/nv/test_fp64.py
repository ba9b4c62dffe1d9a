"""Double precision and float conversions (fp64.isa, I2F.F64, F2I.*.F64, MUFU.*64H).

References are independent of the simulator: IEEE binary64 arithmetic of Python floats for
round-to-nearest adds and multiplies, exact rationals (``fractions.Fraction``) bracketed by the two
neighbouring doubles for the fused DFMA and the directed roundings, numpy's float32/float16
conversions and floor/ceil/trunc/rint."""
from __future__ import annotations

import math
import struct
from fractions import Fraction

import numpy as np
import pytest

M32 = 0xFFFFFFFF


def bits(d: float) -> int:
    return struct.unpack("<Q", struct.pack("<d", d))[0]


def dbl(b: int) -> float:
    return struct.unpack("<d", struct.pack("<Q", b & ((1 << 64) - 1)))[0]


def pair(vals):
    b = [bits(v) for v in vals]
    return [x & M32 for x in b], [x >> 32 for x in b]


def got(w, r):
    return [dbl(int(w.R[r][i]) | int(w.R[r + 1][i]) << 32) for i in range(32)]


def ref_round(q: Fraction, mode: str) -> float:
    """The double nearest / below / above / toward zero of the exact q (bracketing)."""
    try:
        f = q.numerator / q.denominator
    except OverflowError:
        f = math.inf if q > 0 else -math.inf
    if math.isinf(f):
        below, above = (math.nextafter(f, 0.0), f) if f > 0 else (f, math.nextafter(f, 0.0))
    else:
        below = f if Fraction(f) <= q else math.nextafter(f, -math.inf)
        above = f if Fraction(f) >= q else math.nextafter(f, math.inf)
    return {"RN": f, "RM": below, "RP": above, "RZ": below if q > 0 else above}[mode]


def ref_f32(d: float, mode: str):
    """The binary32 nearest / below / above / toward zero of the double d (bracketing)."""
    q = Fraction(d)
    with np.errstate(over="ignore"):
        f = np.float32(d)
    if mode == "RN" or q == 0:
        return f
    big = np.float32(3.4028235e38)
    if np.isinf(f):
        below, above = (big, f) if f > 0 else (f, -big)
    else:
        below = f if Fraction(float(f)) <= q else np.nextafter(f, np.float32(-np.inf))
        above = f if Fraction(float(f)) >= q else np.nextafter(f, np.float32(np.inf))
    return {"RM": below, "RP": above, "RZ": below if q > 0 else above}[mode]


def values(rng, n=32):
    v = list(rng.standard_normal(n) * np.exp2(rng.integers(-30, 30, n)))
    v[:8] = [0.0, -0.0, 1.0, -1.5, 3.0, 1e308, -1e-310, 2.0 ** -1074]
    return [float(x) for x in v]


@pytest.mark.parametrize("mode", ["RN", "RM", "RP", "RZ"])
def test_dadd_dmul_dfma_round_once(run, rng, mode):
    a, b, c = values(rng), values(rng)[::-1], values(rng)[3:] + values(rng)[:3]
    al, ah = pair(a)
    bl, bh = pair(b)
    cl, ch = pair(c)
    suf = "" if mode == "RN" else f".{mode}"
    w = run(f"DADD{suf} R10, R2, R4 ;\nDMUL{suf} R12, R2, -R4 ;\nDFMA{suf} R14, R2, R4, R6 ;\n"
            f"DFMA{suf} R16, -|R2|, R4, 1 ;",
            {"R2": al, "R3": ah, "R4": bl, "R5": bh, "R6": cl, "R7": ch})
    for i in range(32):
        fa, fb, fc = Fraction(a[i]), Fraction(b[i]), Fraction(c[i])
        for r, q in ((10, fa + fb), (12, -(fa * fb)), (14, fa * fb + fc), (16, -abs(fa) * fb + 1)):
            g = got(w, r)[i]
            want = ref_round(q, mode) if q != 0 else None
            if want is None:
                assert g == 0.0, (r, i)
            else:
                assert g == want, (r, i, mode, a[i], b[i], c[i], g, want)


def test_special_values_and_canonical_nan(run):
    a = [math.inf, -math.inf, math.nan, 0.0, 1.0, math.inf] + [1.0] * 26
    b = [-math.inf, 2.0, 1.0, math.inf, -0.0, 0.0] + [2.0] * 26
    al, ah = pair(a)
    bl, bh = pair(b)
    w = run("DADD R10, R2, R4 ;\nDMUL R12, R2, R4 ;\nDFMA R14, R2, R4, R2 ;",
            {"R2": al, "R3": ah, "R4": bl, "R5": bh})
    for r, f in ((10, lambda x, y: x + y), (12, lambda x, y: x * y), (14, lambda x, y: x * y + x)):
        for i in range(32):
            with np.errstate(all="ignore"):
                want = f(np.float64(a[i]), np.float64(b[i]))
            v = int(w.R[r][i]) | int(w.R[r + 1][i]) << 32
            if np.isnan(want):
                assert v == 0x7FFFFFFFFFFFFFFF, (r, i)
            else:
                assert dbl(v) == want and math.copysign(1, dbl(v)) == math.copysign(1, want), (r, i)


@pytest.mark.parametrize("mode", ["", ".RZ"])
def test_dfma_of_a_finite_product_and_an_infinity_is_the_infinity(run, mode):
    """fma(1e300, 1e300, -inf) = -inf: the exact product is finite (IEEE 754's fused multiply-add);
    a * b + c in two roundings gives inf - inf = NaN, as the model did before decision D9-G-3.
    An infinite factor still makes inf - inf a NaN, a NaN stays one."""
    a = [1e300, -1e300, 1e300, math.inf, 1e-300, math.nan] + [1.0] * 26
    b = [1e300, 1e300, -1e300, 2.0, 1e-300, 1.0] + [2.0] * 26
    c = [-math.inf, math.inf, math.inf, -math.inf, math.inf, 1.0] + [0.5] * 26
    want = [-math.inf, math.inf, math.inf, math.nan, math.inf, math.nan] + [2.5] * 26
    (al, ah), (bl, bh), (cl, ch) = pair(a), pair(b), pair(c)
    w = run(f"DFMA{mode} R10, R2, R4, R6 ;", {"R2": al, "R3": ah, "R4": bl, "R5": bh, "R6": cl, "R7": ch})
    for i in range(32):
        v = int(w.R[10][i]) | int(w.R[11][i]) << 32
        assert v == 0x7FFFFFFFFFFFFFFF if math.isnan(want[i]) else dbl(v) == want[i], (i, dbl(v))


def test_dsetp_compares_as_ieee(run, rng):
    a, b = values(rng), values(rng)
    a[8], b[9], b[10] = math.nan, math.nan, a[10]
    al, ah = pair(a)
    bl, bh = pair(b)
    w = run("DSETP.LT.AND P0, PT, R2, R4, PT ;\nDSETP.GEU.AND P1, PT, R2, R4, PT ;\n"
            "DSETP.NAN.AND P2, PT, R2, R4, PT ;\nDSETP.EQ.OR P3, PT, |R2|, 0.5, P2 ;",
            {"R2": al, "R3": ah, "R4": bl, "R5": bh})
    for i in range(32):
        un = math.isnan(a[i]) or math.isnan(b[i])
        assert w.P[0][i] == (a[i] < b[i])
        assert w.P[1][i] == (un or a[i] >= b[i])
        assert w.P[2][i] == un
        assert w.P[3][i] == (abs(a[i]) == 0.5 or un)


@pytest.mark.parametrize("mode", ["RN", "RM", "RP", "RZ"])
def test_f2f_narrowing_and_widening(run, rng, mode):
    d = values(rng)
    d[8], d[9] = 3.4028235677973366e38, -1e39
    dl, dh = pair(d)
    suf = "" if mode == "RN" else f".{mode}"
    w = run(f"F2F.F32.F64{suf} R10, R2 ;\nF2F.F64.F32 R12, R10 ;\nF2F.F16.F32{suf} R14, R10 ;\n"
            "F2F.F32.F16 R15, R14 ;", {"R2": dl, "R3": dh})
    for i in range(32):
        want = ref_f32(d[i], mode)
        assert int(w.R[10][i]) == int(np.float32(want).view(np.uint32)), (i, d[i], mode)
        assert got(w, 12)[i] == float(np.float32(want))
        if mode == "RN":
            with np.errstate(over="ignore"):
                h = np.float32(want).astype(np.float16)
            hb = 0x7FFF if np.isnan(h) else int(h.view(np.uint16))
            assert int(w.R[14][i]) == hb
            assert int(w.R[15][i]) == int(np.float32(h).view(np.uint32)) or np.isnan(h)


def test_frnd_i2f_f2i_and_mufu64h(run, rng):
    d = [x * 7.3 for x in values(rng)]
    d[8:12] = [2.5, -2.5, 3.5, -0.5]
    dl, dh = pair(d)
    f = np.float32(d)
    ints = [int(v) for v in rng.integers(-2 ** 62, 2 ** 62, 32)]
    il, ih = [v & M32 for v in ints], [(v >> 32) & M32 for v in ints]
    w = run("FRND.F64 R10, R2 ;\nFRND.F64.FLOOR R12, R2 ;\nFRND.F64.CEIL R14, R2 ;\nFRND.F64.TRUNC R16, R2 ;\n"
            "FRND R18, R20 ;\nFRND.FLOOR R19, R20 ;\nI2F.F64.S64 R22, R6 ;\nI2F.F64.S64.RZ R24, R6 ;\n"
            "I2F.F64.U32 R26, R6 ;\nF2I.S64.F64.TRUNC R28, R2 ;\nF2I.F64 R30, R2 ;\nMUFU.RCP64H R31, R3 ;",
            {"R2": dl, "R3": dh, "R20": list(f.view(np.uint32)), "R6": il, "R7": ih})
    for i in range(32):
        x = d[i]
        assert got(w, 10)[i] == float(np.rint(x)) and got(w, 12)[i] == math.floor(x) if math.isfinite(x) else True
        assert got(w, 14)[i] == float(np.ceil(x)) and got(w, 16)[i] == float(np.trunc(x))
        assert int(w.R[18][i]) == int(np.rint(f[i]).view(np.uint32))
        assert int(w.R[19][i]) == int(np.floor(f[i]).view(np.uint32))
        assert got(w, 22)[i] == float(ints[i])                          # Python: round to nearest even
        assert got(w, 24)[i] == ref_round(Fraction(ints[i]), "RZ")
        assert got(w, 26)[i] == float(ints[i] & M32)
        t = max(min(math.trunc(x), 2 ** 63 - 1), -2 ** 63) if math.isfinite(x) else (2 ** 63 - 1 if x > 0 else -2 ** 63)
        assert (int(w.R[28][i]) | int(w.R[29][i]) << 32) == t & ((1 << 64) - 1)
        r = max(min(round(x), 2 ** 31 - 1), -2 ** 31) if math.isfinite(x) else (2 ** 31 - 1 if x > 0 else -2 ** 31)
        assert int(w.R[30][i]) == r & M32                                # round(): ties to even, as F2I's .RN
        hi = dl[i] * 0 + dh[i]
        approx = 1.0 / dbl(hi << 32) if dbl(hi << 32) != 0 else math.copysign(math.inf, dbl(hi << 32))
        assert int(w.R[31][i]) == bits(approx) >> 32


def test_forms_print_as_nvdisasm(nv_isa):
    from gpuisa.asm.assembler import assemble
    from gpuisa.asm.disassembler import disassemble
    lines = ["DFMA R4, -R8, R2, 1", "DMUL R10, R10, UR4", "DADD R12, R12, +INF", "DMUL.RP R16, R16, R18",
             "DFMA R6, R2, R4, c[0x0][0x218]", "DSETP.NAN.AND P0, PT, R6, R6, PT", "F2F.F32.F64 R8, R8",
             "F2F.F64.F32 R14, R18", "FRND.F64.FLOOR R12, R8", "FRND.TRUNC R6, R6", "I2F.F64.S64 R8, R12",
             "F2I.U32.F64.TRUNC R21, R6", "MUFU.RCP64H R3, R9", "DFMA R8, -|R4|, 0.5, R2"]
    prog = assemble(nv_isa.db, "".join(f"{ln} ;\n" for ln in lines))
    assert [d.text for d in disassemble(nv_isa.db, prog.data)] == lines


def test_dsetp_min_max_select_as_fmin_fmax(run):
    """DSETP.MIN/.MAX's Pu says "Ra is the result" of C's fmin/fmax (NaN loses to a number, -0 is
    the smaller zero), Pv "both are NaN" -- checked against math.fmin-like rules in Python."""
    a = [1.0, 2.0, math.nan, 1.0, math.nan, -0.0, 0.0, -3.0] * 4
    b = [2.0, 1.0, 1.0, math.nan, math.nan, 0.0, -0.0, -3.0] * 4
    al, ah = pair(a)
    bl, bh = pair(b)
    w = run("DSETP.MIN.AND P0, P1, R2, R4, PT ;\nDSETP.MAX.AND P2, P3, R2, R4, PT ;",
            {"R2": al, "R3": ah, "R4": bl, "R5": bh})
    for i in range(32):
        x, y = a[i], b[i]
        want_min = (not math.isnan(x)) and (math.isnan(y) or x < y or (x == y and math.copysign(1, x) < 0))
        want_max = (not math.isnan(x)) and (math.isnan(y) or x > y or (x == y and math.copysign(1, x) > 0))
        both = math.isnan(x) and math.isnan(y)
        assert (bool(w.P[0][i]), bool(w.P[1][i]), bool(w.P[2][i]), bool(w.P[3][i])) == (want_min, both, want_max, both)


def test_half_float_conversions_in_nvdisasm_spelling(run):
    """`HADD2.F32 Rd, -RZ, Rb.H0_H0` / `HADD2.F32 Rd, Rb.H0_H0, -RZ.H0_H0` (__half2float) and
    `F2FP.F16.F32.PACK_AB Rd, RZ, Rb` / `F2FP.PACK_AB` (__float2half; F2FP since decision GA-3):
    numpy's float16 conversions are the reference."""
    f = np.array([1.5, -2.25, 65504.0, 1e-8, -0.0, 3.14159, 1e6, np.nan] * 4, np.float32)
    with np.errstate(over="ignore"):
        h = f.astype(np.float16)
    w = run("F2FP.F16.F32.PACK_AB R2, RZ, R0 ;\nF2FP.PACK_AB R3, RZ, R0 ;\n"
            "HADD2.F32 R4, -RZ, R2.H0_H0 ;\nHADD2.F32 R5, R2.H0_H0, -RZ.H0_H0 ;",
            {"R0": list(f.view(np.uint32))})
    for i in range(32):
        hb = 0x7FFF if np.isnan(h[i]) else int(h[i].view(np.uint16))
        assert int(w.R[2][i]) == hb and int(w.R[3][i]) == hb
        back = np.float32(h[i])
        want = 0x7FFFFFFF if np.isnan(back) else int(back.view(np.uint32))
        assert int(w.R[4][i]) == want and int(w.R[5][i]) == want


@pytest.mark.parametrize("engine", ["batched", "reference"])
def test_f2i_with_abs_and_neg_sources(run, rng, engine):
    """nvcc's `F2I.U64.F64.TRUNC R10, |R22|` ((unsigned long long)fabs(y)) was rejected (decision
    CS-3): `|x|` and `-x` on F2I's source, binary64 and binary32, saturating, NaN -> 0."""
    d = values(rng)
    d[8:14] = [-2.5, -1e19, 1.9e19, float("nan"), -0.7, -4294967296.5]
    dl, dh = pair(d)
    f = np.float32(np.clip(d, -3e38, 3e38))
    f[8:12] = [-3e9, 5e9, -0.5, np.nan]
    w = run("F2I.U64.F64.TRUNC R10, |R2| ;\nF2I.S64.F64.TRUNC R12, -R2 ;\nF2I.U32.F64.TRUNC R14, -|R2| ;\n"
            "F2I.TRUNC R15, -R20 ;\nF2I.U32.TRUNC R16, |R20| ;\nF2I.FLOOR R17, -|R20| ;",
            {"R2": dl, "R3": dh, "R20": list(f.view(np.uint32))}, engine=engine, grid=2)

    def sat(v, lo, hi, rnd=math.trunc):
        if math.isnan(v):
            return 0
        if math.isinf(v):
            return hi if v > 0 else lo
        return max(lo, min(hi, rnd(v)))
    M64 = (1 << 64) - 1
    for i in range(32):
        x, y = d[i], float(f[i])
        assert (int(w.R[10][i]) | int(w.R[11][i]) << 32) == sat(abs(x), 0, M64)
        assert (int(w.R[12][i]) | int(w.R[13][i]) << 32) == sat(-x, -2 ** 63, 2 ** 63 - 1) & M64
        assert int(w.R[14][i]) == sat(-abs(x), 0, M32)
        assert int(w.R[15][i]) == sat(-y, -2 ** 31, 2 ** 31 - 1) & M32
        assert int(w.R[16][i]) == sat(abs(y), 0, M32)
        assert int(w.R[17][i]) == sat(-abs(y), -2 ** 31, 2 ** 31 - 1, math.floor) & M32


def test_fma_rn_rounds_once_or_says_it_cannot():
    """DFMA's array rounding (decision D9-G-3, error-free transformations) against the exact
    rational a * b + c rounded once (``ref_round``; an exact zero's sign by IEEE 754 6.3): every
    lane it answers is right, on values of every magnitude, cancellations, sums near a rounding
    tie, integers, zeros, subnormals and non-finite values (IEEE's fused rule); and it answers every lane of
    ordinary GEMM-like operands (the exact fallback is what made DGEMM 50 times slower than SGEMM)."""
    from gpuisa.sim.semantics.nv_f64 import fma_rn
    rng = np.random.default_rng(9)
    n = 150
    g = rng.standard_normal
    specials = np.array([0.0, -0.0, np.inf, -np.inf, np.nan, 5e-324, -5e-324, 2.2250738585072014e-308,
                         1.7976931348623157e308, -1.0, 2.0 ** -537, 2.0 ** 511, 3.0])
    ab = g(n)
    kinds = [
        (g(n), g(n), g(n)),
        tuple(g(n) * np.exp2(rng.integers(-1074, 1023, n)) for _ in range(3)),
        (ab, g(n), None),                                       # c cancels a * b to a few ulps
        (1 + rng.integers(0, 2 ** 26, n) * 2.0 ** -26, 1 + rng.integers(0, 2 ** 26, n) * 2.0 ** -26,
         rng.choice([0.0, 1.0, -1.0, 2.0 ** -53, 2.0 ** -80], n)),          # products with ties
        (rng.integers(-2 ** 30, 2 ** 30, n).astype(float), rng.integers(-2 ** 30, 2 ** 30, n).astype(float),
         rng.integers(-2 ** 62, 2 ** 62, n).astype(float) + rng.choice([0.5, 0.25, 0.0], n)),
        tuple(rng.choice(specials, n) for _ in range(3)),
    ]
    for k, (a, b, c) in enumerate(kinds):
        if c is None:
            c = -(a * b) * (1 + rng.integers(-4, 5, n) * 2.0 ** -52)
        r, ok = fma_rn(a, b, c)
        if k in (0, 2, 3, 4):
            assert ok.all(), k
        for i in np.flatnonzero(ok):
            x, y, z = float(a[i]), float(b[i]), float(c[i])
            if not (math.isfinite(x) and math.isfinite(y) and math.isfinite(z)):
                # IEEE's fused rule: a finite product leaves c; else the infinite product's sum
                want = z if math.isfinite(x) and math.isfinite(y) else x * y + z
                assert float(r[i]) == want or math.isnan(want) and math.isnan(r[i]), (k, x, y, z)
                continue
            q = Fraction(x) * Fraction(y) + Fraction(z)
            if q == 0:
                ps = math.copysign(1.0, x) * math.copysign(1.0, y)
                want = math.copysign(0.0, ps if ps == math.copysign(1.0, z) else 1.0)
                assert bits(float(r[i])) == bits(want), (k, x, y, z)
            else:
                assert float(r[i]) == ref_round(q, "RN"), (k, x, y, z)


def test_fma_rn_answers_a_product_plus_zero():
    """D15-P-5: fma(a, b, +-0) is a * b rounded once -- also where the product underflows (the
    subnormal register pairs of lanes a guard left out, which RSBench's complex arithmetic has by
    the thousand) or overflows; a product below 2^-1080 leaves a nonzero c; an exact cancellation is
    +0. fma_rn answers those lanes itself (they went to the exact rational rounding: 4 % of
    RSBench's DFMA lanes), and right, a zero's sign included."""
    from gpuisa.sim.semantics.nv_f64 import fma_rn
    rng = np.random.default_rng(15)
    n = 200
    a1 = rng.standard_normal(n) * np.exp2(rng.integers(-1074, 1023, n))
    b1 = rng.standard_normal(n) * np.exp2(rng.integers(-1074, 1023, n))
    a1[:20] = 1.018557979663e-312
    b1[:20] = rng.choice([-1.0, 6.123233995736757e-17, 8.478427660368898e-32, 1.5707963267948966], 20)
    c1 = rng.choice([0.0, -0.0], n)
    # and products below 2^-1080 next to nonzero addends, subnormal ones included: the result is c
    a2 = rng.standard_normal(n) * np.exp2(rng.integers(-1074, -500, n))
    b2 = rng.standard_normal(n) * np.exp2(rng.integers(-1074, -560, n))
    a2[:20] = b2[:20] = 1.018557979663e-312
    c2 = rng.standard_normal(n) * np.exp2(rng.integers(-1074, 1000, n))
    c2[:10] = 1.018557979663e-312
    c2[10:20] = 5e-324
    # exact cancellations: a * b + c = 0 (+0 under round to nearest)
    a3 = rng.integers(-2 ** 20, 2 ** 20, n) * np.exp2(rng.integers(-40, 40, n))
    b3 = rng.integers(-2 ** 20, 2 ** 20, n) * 0.5
    c3 = -(a3 * b3)
    for a, b, c in ((a1, b1, c1), (a2, b2, c2), (a3, b3, c3)):
        r, ok = fma_rn(a, b, c)
        assert ok.all()
        for i in range(n):
            x, y, z = float(a[i]), float(b[i]), float(c[i])
            q = Fraction(x) * Fraction(y) + Fraction(z)
            if q == 0:          # IEEE 754 6.3: an exact zero sum is +0 unless both terms are -0
                ps = math.copysign(1.0, x) * math.copysign(1.0, y)
                want = math.copysign(0.0, ps if ps == math.copysign(1.0, z) else 1.0)
            else:               # a nonzero result that rounds to zero keeps its sign
                want = math.copysign(ref_round(q, "RN"), 1.0 if q > 0 else -1.0)
            assert bits(float(r[i])) == bits(want), (x, y, z)
