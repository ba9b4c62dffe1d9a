"""FADD/FMUL/FFMA with .RM/.RP/.RZ/.FTZ/.SAT and |x|, FSETP.FTZ/|x|, FMNMX.FTZ.
References: exact rational arithmetic (fractions) rounded to float32 by hand."""
from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import pytest

from .conftest import fbits

F32_MAX = Fraction(np.finfo(np.float32).max.item())


def _f32_candidates(q: Fraction):
    """(below, above): the float32 values enclosing q (exact), as Python floats."""
    with np.errstate(over="ignore"):
        f = np.float32(float(q))       # near q (double rounding does not matter here)
    fq = Fraction(float(f)) if np.isfinite(f) else None
    if fq is None:
        mx = np.float32(np.finfo(np.float32).max)
        return (float(mx), math.inf) if q > 0 else (-math.inf, float(-mx))
    if fq == q:
        return float(f), float(f)
    if fq < q:
        return float(f), float(np.nextafter(f, np.float32(np.inf)))
    return float(np.nextafter(f, np.float32(-np.inf))), float(f)


def round_exact(q: Fraction, mode: str) -> float:
    lo, hi = _f32_candidates(q)
    if lo == hi:
        return lo
    if mode == "RM":
        return lo
    if mode == "RP":
        return hi
    if mode == "RZ":
        return lo if q > 0 else hi
    # RN, ties to even
    dl, dh = q - Fraction(lo) if math.isfinite(lo) else None, Fraction(hi) - q if math.isfinite(hi) else None
    if dl is None:
        return hi
    if dh is None:
        # overflow threshold: FLT_MAX + half an ulp
        return lo if q < F32_MAX + Fraction(2) ** 103 else math.inf
    if dl != dh:
        return lo if dl < dh else hi
    return lo if fbits(np.float32(lo)) % 2 == 0 else hi


def _vals(rng):
    v = (rng.standard_normal(32) * 10.0 ** rng.integers(-6, 7, 32)).astype(np.float32)
    v[:6] = [1.0, 3.0, -1.0 / 3, 1e-38, 3.0e38, 0.1]
    return v


@pytest.mark.parametrize("mode", ["RN", "RM", "RP", "RZ"])
def test_directed_rounding_fadd_fmul_ffma(run, rng, mode):
    a, b, c = _vals(rng), _vals(rng)[::-1].copy(), _vals(rng)
    a[6], b[6] = np.float32(3.0e38), np.float32(3.0e38)          # overflow
    a[7], b[7], c[7] = np.float32(1.0), np.float32(1.0), np.float32(-1.0)   # exact zero
    suffix = "" if mode == "RN" else f".{mode}"
    w = run(f"FADD{suffix} R3, R0, R1 ;\nFMUL{suffix} R4, R0, R1 ;\nFFMA{suffix} R5, R0, R1, R2 ;",
            {"R0": a.view(np.uint32), "R1": b.view(np.uint32), "R2": c.view(np.uint32)})
    for i in range(32):
        A, B, C = Fraction(float(a[i])), Fraction(float(b[i])), Fraction(float(c[i]))
        for reg, q in ((3, A + B), (4, A * B), (5, A * B + C)):
            exp = round_exact(q, mode)
            if q == 0:
                exp = -0.0 if (mode == "RM" and reg != 4) else 0.0
                if reg == 4:
                    exp = math.copysign(0.0, float(a[i]) * float(b[i]))
            assert w.R[reg][i] == fbits(np.float32(exp)), (mode, reg, i, float(a[i]), float(b[i]), float(c[i]))


def test_ftz_sat_abs(run):
    den = np.float32(1e-40)
    a = np.array([den, -den, 0.5, 2.0, -3.0, np.nan, 1e-38, 0.25] * 4, np.float32)
    b = np.array([1.0, 1.0, 0.75, 1.0, 2.0, 1.0, 0.01, -0.5] * 4, np.float32)
    w = run("FADD.FTZ R2, R0, -RZ ;\nFMUL.SAT R3, R0, R1 ;\nFADD R4, |R0|, -R1 ;\nFFMA.SAT R5, R0, R1, 0.5 ;\n"
            "FMUL.FTZ R6, R0, R1 ;\nFSETP.GT.FTZ.AND P0, PT, |R0|, RZ, PT ;\nFMNMX.FTZ R7, R0, RZ, !PT ;",
            {"R0": a.view(np.uint32), "R1": b.view(np.uint32)})

    def sat(v):
        return 0.0 if math.isnan(v) else min(max(v, 0.0), 1.0)

    for i in range(8):
        A, B = float(a[i]), float(b[i])
        Af = 0.0 * math.copysign(1, A) if abs(A) < 1.1754943508222875e-38 else A
        exp2 = 0x7FFFFFFF if math.isnan(A) else fbits(np.float32(Af + 0.0 if Af != 0 else Af))
        assert w.R[2][i] == exp2, i
        assert w.R[3][i] == fbits(np.float32(sat(float(np.float32(A * B))))), i
        exp4 = np.float32(abs(A)) - np.float32(B)
        assert w.R[4][i] == (0x7FFFFFFF if np.isnan(exp4) else fbits(exp4)), i
        assert w.R[5][i] == fbits(np.float32(sat(float(np.float32(A * B + 0.5))))), i
        p = np.float32(Af * B)
        if p != 0 and abs(p) < np.finfo(np.float32).tiny:
            p = np.float32(math.copysign(0.0, p))
        assert w.R[6][i] == (0x7FFFFFFF if np.isnan(p) else fbits(p)), i
        assert w.P[0][i] == (abs(Af) > 0), i
        mx = 0 if (math.isnan(A) or Af <= 0) else fbits(np.float32(Af))   # maxNum; +0 > -0
        assert w.R[7][i] == mx, i


def test_i2f_64bit_and_directed(run, rng):
    x = rng.integers(0, 1 << 64, 32, dtype=np.uint64)
    x[0], x[1], x[2] = (1 << 64) - 1, (1 << 63), (1 << 24) + 1
    u = rng.integers(0, 1 << 32, 32, dtype=np.uint64).astype(np.uint32)
    init = {"R2": (x & 0xFFFFFFFF).astype(np.uint32), "R3": (x >> np.uint64(32)).astype(np.uint32), "R4": u}
    w = run("I2F.U64.RP R6, R2 ;\nI2F.S64 R7, R2 ;\nI2F.U32.RP R8, R4 ;\nI2F.RM R9, R4 ;\nI2F.U64.RZ R10, R2 ;", init)
    for i in range(32):
        X = int(x[i])
        S = X - (1 << 64) if X >> 63 else X
        U = int(u[i])
        Us = U - (1 << 32) if U >> 31 else U
        assert w.R[6][i] == fbits(np.float32(round_exact(Fraction(X), "RP"))), i
        assert w.R[7][i] == fbits(np.float32(round_exact(Fraction(S), "RN"))), i
        assert w.R[8][i] == fbits(np.float32(round_exact(Fraction(U), "RP"))), i
        assert w.R[9][i] == fbits(np.float32(round_exact(Fraction(Us), "RM"))), i
        assert w.R[10][i] == fbits(np.float32(round_exact(Fraction(X), "RZ"))), i


def test_f2i_64bit_ftz_ntz(run):
    vals = np.array([1.5, -1.5, 2.5, -2.5, 1e20, -1e20, 3e19, np.inf, -np.inf, np.nan, 1e-40, -1e-40,
                     12345678.0, -0.75, 0.75, 9.3e18] * 2, np.float32)
    w = run("F2I.S64.TRUNC R2, R0 ;\nF2I.U64.TRUNC R4, R0 ;\nF2I.FTZ.U32.CEIL.NTZ R6, R0 ;\n"
            "F2I.FLOOR.NTZ R7, R0 ;\nF2I.CEIL R8, R0 ;", {"R0": vals.view(np.uint32)})
    for i, v in enumerate(vals):
        f = float(v)

        def sat(q, lo, hi, f=f):
            return 0 if math.isnan(f) else min(max(q, lo), hi)

        t = f if not math.isfinite(f) else math.trunc(f)
        s64 = sat(t if math.isfinite(t) else (math.inf if t > 0 else -math.inf), -2 ** 63, 2 ** 63 - 1)
        u64 = sat(t if math.isfinite(t) else (math.inf if t > 0 else -math.inf), 0, 2 ** 64 - 1)
        assert (int(w.R[3][i]) << 32 | int(w.R[2][i])) == int(s64) % (1 << 64), (i, f)
        assert (int(w.R[5][i]) << 32 | int(w.R[4][i])) == int(u64), (i, f)
        fz = 0.0 if abs(f) < 1.1754943508222875e-38 else f
        c = math.ceil(fz) if math.isfinite(fz) else fz
        assert w.R[6][i] == int(sat(c, 0, 2 ** 32 - 1)), (i, f)
        fl = math.floor(f) if math.isfinite(f) else f
        assert w.R[7][i] == int(sat(fl, -2 ** 31, 2 ** 31 - 1)) % (1 << 32), (i, f)
        c2 = math.ceil(f) if math.isfinite(f) else f
        assert w.R[8][i] == int(sat(c2, -2 ** 31, 2 ** 31 - 1)) % (1 << 32), (i, f)


def test_hfma2_constant_moves_and_fma(run, rng):
    """nvcc's HFMA2.MMA constant moves (bits = hi << 16 | lo as binary16) and a real FMA,
    checked against exact rationals rounded to binary16 by hand."""
    w = run("HFMA2.MMA R1, -RZ, RZ, 0, 2.384185791015625e-07 ;\n"
            "HFMA2.MMA R2, -RZ, RZ, 1.5048828125, 33.21875 ;\n"
            "HFMA2 R3, -RZ, RZ, 3.7421875, 0 ;\n"
            "HFMA2 R6, R4, R5, 1, -0.5 ;",
            {"R4": np.uint32(0x3C003555), "R5": np.uint32(0x40004400)})   # (1.0, 0.33325) * (2.0, 4.0)

    def h(v):
        return int(np.array([v], np.float16).view(np.uint16)[0])

    assert all(w.R[1] == 4)
    assert all(w.R[2] == (h(1.5048828125) << 16 | h(33.21875)))
    assert all(w.R[3] == (h(3.7421875) << 16))
    lo = np.array([0x3555], np.uint16).view(np.float16)[0]
    exact_lo = Fraction(float(lo)) * 4 - Fraction(1, 2)
    assert all(w.R[6] >> 16 == h(3.0)) and all(w.R[6] & 0xFFFF == h(float(exact_lo)))


def test_abs_prefixes_of_ffma_and_fsel(run, rng):
    """`-|R7|` and `|R2|` (nvcc's fabsf folded into FFMA/FSEL): the same as the plain
    instruction on sources whose sign bits numpy cleared / set beforehand."""
    a = rng.standard_normal(32).astype(np.float32).view(np.uint32)
    b = rng.standard_normal(32).astype(np.float32).view(np.uint32)
    c = rng.standard_normal(32).astype(np.float32).view(np.uint32)
    na = (a & 0x7FFFFFFF) | 0x80000000        # -|a|
    ac = c & 0x7FFFFFFF                       # |c|
    w = run("FFMA R8, -|R0|, R1, |R2| ;\nFFMA R9, R3, R1, R4 ;\n"
            "ISETP.NE.AND P0, PT, R5, RZ, PT ;\nFSEL R10, R0, |R2|, !P0 ;\nFSEL R11, -|R1|, R0, P0 ;",
            {"R0": a, "R1": b, "R2": c, "R3": na, "R4": ac, "R5": np.arange(32) & 1})
    assert list(w.R[8]) == list(w.R[9])
    odd = (np.arange(32) & 1).astype(bool)
    assert list(w.R[10]) == list(np.where(odd, ac, a))
    assert list(w.R[11]) == list(np.where(odd, (b & 0x7FFFFFFF) | 0x80000000, a))


def test_ffma_with_a_uniform_addend_and_imad_with_a_negated_constant(nv_isa):
    """`FFMA R5, -R3, R4, UR4` (FFMA_RRU) and `IMAD.MOV R4, RZ, RZ, -c[0x0][0x0]` (nvcc sm_120/sm_75)."""
    from gpuisa.asm.assembler import assemble
    prog = assemble(nv_isa.db, "S2R R0, SR_LANEID ;\nI2F R3, R0 ;\nMOV R4, 0x40400000 ;\n"
                    "UMOV UR4, 0x3f800000 ;\nFFMA R5, -R3, R4, UR4 ;\nIMAD.MOV R6, RZ, RZ, -c[0x0][0x0] ;\nEXIT ;\n")
    res = nv_isa.launch(prog, const={0: [5]})
    w = res.warp()
    lane = np.arange(32, dtype=np.float32)
    assert list(w.R[5]) == list((-lane * np.float32(3) + np.float32(1)).view(np.uint32))
    assert set(int(v) for v in w.R[6]) == {(-5) & 0xFFFFFFFF}


def test_fmnmx_with_a_negated_or_absolute_uniform_register(run, rng):
    """`FMNMX R2, R2, -UR5, !PT` (fmaxf(g, -limit), llama.cpp's swiglu_oai, sm_90/sm_120: decision
    D14-G-1), `-|UR5|` and `|UR5|`: the same as FMNMX with the sign-adjusted value in a register."""
    a = rng.standard_normal(32).astype(np.float32).view(np.uint32)
    lim = int(np.float32(-0.75).view(np.uint32))
    neg, nabs, pabs = lim ^ 0x80000000, lim | 0x80000000, lim & 0x7FFFFFFF
    w = run("UMOV UR5, %#x ;\nFMNMX R2, R0, -UR5, !PT ;\nFMNMX R3, R0, -|UR5|, PT ;\nFMNMX R4, R0, |UR5|, !PT ;" % lim,
            {"R0": a})
    f = a.view(np.float32)
    for r, want in ((2, np.maximum(f, np.uint32(neg).view(np.float32))), (3, np.minimum(f, np.uint32(nabs).view(np.float32))),
                    (4, np.maximum(f, np.uint32(pabs).view(np.float32)))):
        assert list(w.R[r]) == list(want.astype(np.float32).view(np.uint32))


@pytest.mark.parametrize("engine", ["batched", "reference"])
@pytest.mark.parametrize("mode", ["RN", "RZ"])
def test_fmul_power_of_two_scales(run, rng, engine, mode):
    """Regression (D8-2): ptxas folds `a * b * 0.5f` into `FMUL.D2` (and `x * 0.3f * 8.0f`
    into `FMUL.M8`), refused before. The model gives the two rounded multiplications of the
    source: round(round(a * b) * 2^k), from exact fractions here (denormal products round twice)."""
    a, b = _vals(rng), _vals(rng)[::-1].copy()
    a[8], b[8] = np.float32(3e-38), np.float32(0.37)          # denormal after .D8
    a[9], b[9] = np.float32(3e38), np.float32(0.75)           # overflows after .M2
    a[10], b[10] = np.float32(1.5e-45), np.float32(3.0)       # denormal product, then halved
    sfx = "" if mode == "RN" else f".{mode}"
    scales = {"D2": -1, "D4": -2, "D8": -3, "M8": 3, "M4": 2, "M2": 1}
    text = "\n".join(f"FMUL{sfx}.{s} R{3 + j}, R0, R1 ;" for j, s in enumerate(scales))
    w = run(text + "\nFMUL.D2.SAT R10, R0, R1 ;\nFMUL.FTZ.D2 R11, R0, 0.20000000298023223877 ;",
            {"R0": a.view(np.uint32), "R1": b.view(np.uint32)}, engine=engine)
    for i in range(32):
        A, B = Fraction(float(a[i])), Fraction(float(b[i]))
        p = round_exact(A * B, mode)
        for j, k in enumerate(scales.values()):
            exp = round_exact(Fraction(p) * Fraction(2) ** k, mode) if math.isfinite(p) else p * 2.0 ** k
            if exp == 0:
                exp = math.copysign(0.0, float(a[i]) * float(b[i]))
            assert w.R[3 + j][i] == fbits(np.float32(exp)), (mode, j, i, float(a[i]), float(b[i]))
            if k == -1 and mode == "RN":         # .D2.SAT: the scaled value clamped to [0, 1]
                assert w.R[10][i] == fbits(np.float32(min(max(exp, 0.0), 1.0)) + np.float32(0.0)), i
    tiny = np.finfo(np.float32).tiny
    for i in range(32):       # FTZ: the product and the result are flushed (sign kept)
        p = np.float32(float(a[i]) * float(np.float32(0.2)))
        p = np.float32(math.copysign(0.0, p)) if abs(p) < tiny else p
        q = np.float32(p / np.float32(2))
        q = np.float32(math.copysign(0.0, q)) if abs(q) < tiny else q
        assert w.R[11][i] == fbits(q), i
