"""Integer instructions: IADD3, UIADD3, IMAD, LOP3, SHF, ISETP, SEL, MOV."""
from __future__ import annotations

import numpy as np
import pytest

from .conftest import s32, u32

EDGE = [0, 1, 2, 0x7FFFFFFF, 0x80000000, 0x80000001, 0xFFFFFFFF, 0xFFFFFFFE, 0x12345678, 0xDEADBEEF,
        0x10000, 0xFFFF, 31, 32, 33, 63, 64, 65, 100]


def lanes(rng, edge=True):
    v = rng.integers(0, 1 << 32, 32, dtype=np.uint64)
    if edge:
        v[:len(EDGE)] = EDGE
    return v.astype(np.uint32)


# -- IADD3 ------------------------------------------------------------------------------------
def test_iadd3_wraps_and_carries(run, rng):
    a, b, c = lanes(rng), lanes(rng)[::-1].copy(), lanes(rng, False)
    r = run("IADD3 R3, P0, R0, R1, R2 ;", {"R0": a, "R1": b, "R2": c}).warp()
    for i in range(32):
        s = int(a[i]) + int(b[i]) + int(c[i])
        assert r.R[3][i] == s & 0xFFFFFFFF
        assert r.P[0][i] == (s >> 32 >= 1), i        # the carry (0, 1 or 2) is at least 1 (decision GA-9)


def test_iadd3_negation_and_complement(run, rng):
    a, b = lanes(rng), lanes(rng)[::-1].copy()
    r = run("IADD3 R2, -R0, R1, RZ ;\nIADD3 R3, ~R0, 0x5, -R1 ;\nIADD3 R4, -~R0, RZ, RZ ;",
            {"R0": a, "R1": b}).warp()
    for i in range(32):
        assert r.R[2][i] == u32(int(b[i]) - int(a[i]))
        assert r.R[3][i] == u32(~int(a[i]) - int(b[i]) + 5)
        assert r.R[4][i] == u32(int(a[i]) + 1)


def test_iadd3_immediate_and_constant_forms(run, rng):
    a = lanes(rng)
    const = {0: np.array([7, 0xFFFFFFF0, 3, 4], dtype=np.uint32)}
    r = run("IADD3 R1, R0, -0x1, RZ ;\nIADD3 R2, R0, c[0x0][0x4], RZ ;\nIADD3 R3, R0, -c[0x0][0x0], R0 ;",
            {"R0": a}, const=const).warp()
    for i in range(32):
        assert r.R[1][i] == u32(int(a[i]) - 1)
        assert r.R[2][i] == u32(int(a[i]) + 0xFFFFFFF0)
        assert r.R[3][i] == u32(2 * int(a[i]) - 7)


@pytest.mark.parametrize("sub", [False, True])
def test_iadd3_64bit_add_and_sub_with_carry(run, rng, sub):
    x = [int(v) for v in rng.integers(0, 1 << 63, 32, dtype=np.uint64)]
    y = [int(v) for v in rng.integers(0, 1 << 63, 32, dtype=np.uint64)]
    x[0], y[0] = 0xFFFFFFFF, 1                  # carry from the low word
    x[1], y[1] = 0, 1                           # borrow through both words
    x[2], y[2] = 5 << 32, 5 << 32               # low words zero: -0 must carry
    init = {"R0": [v & 0xFFFFFFFF for v in x], "R1": [v >> 32 for v in x],
            "R2": [v & 0xFFFFFFFF for v in y], "R3": [v >> 32 for v in y]}
    if sub:
        text = "IADD3 R4, P1, R0, -R2, RZ ;\nIADD3.X R5, R1, ~R3, RZ, P1 ;"
    else:
        text = "IADD3 R4, P1, R0, R2, RZ ;\nIADD3.X R5, R1, R3, RZ, P1 ;"
    r = run(text, init).warp()
    for i in range(32):
        want = (x[i] - y[i]) if sub else (x[i] + y[i])
        want &= (1 << 64) - 1
        assert (int(r.R[5][i]) << 32) | int(r.R[4][i]) == want, i


def test_iadd3_x_ignores_carry_without_x(run):
    r = run("IADD3 R1, RZ, 0x1, RZ, P0 ;\nIADD3.X R2, RZ, 0x1, RZ, !P0 ;",
            {"P0": 1}).warp()
    assert (r.R[1] == 1).all()     # P0 ignored without .X
    assert (r.R[2] == 1).all()     # !P0 = 0


def test_uiadd3(run):
    r = run("UIADD3 UR2, UP0, UR0, UR1, URZ ;\nUIADD3.X UR3, URZ, 0x7, URZ, UP0 ;\n"
            "UIADD3 UR4, -UR0, 0x10, URZ ;\nUIADD3 UR5, UP1, UR1, 0x1, URZ ;",
            {"UR0": 0xFFFFFFFF, "UR1": 2}).warp()
    assert r.UR[2] == 1 and r.UP[0]
    assert r.UR[3] == 8
    assert r.UR[4] == u32(0x10 - 0xFFFFFFFF)
    assert r.UR[5] == 3 and not r.UP[1]


# -- IMAD -------------------------------------------------------------------------------------
def test_imad_low_shl_mov(run, rng):
    a, b, c = lanes(rng), lanes(rng)[::-1].copy(), lanes(rng, False)
    r = run("IMAD R3, R0, R1, R2 ;\nIMAD.SHL.U32 R4, R0, 0x8, RZ ;\nIMAD.MOV.U32 R5, RZ, RZ, R2 ;\n"
            "IMAD.MOV.U32 R6, RZ, RZ, -0x2 ;\nIMAD R7, R0, -0x3, R2 ;",
            {"R0": a, "R1": b, "R2": c}).warp()
    for i in range(32):
        assert r.R[3][i] == u32(int(a[i]) * int(b[i]) + int(c[i]))
        assert r.R[4][i] == u32(int(a[i]) << 3)
        assert r.R[5][i] == c[i]
        assert r.R[6][i] == 0xFFFFFFFE
        assert r.R[7][i] == u32(s32(a[i]) * -3 + int(c[i]))


@pytest.mark.parametrize("unsigned", [False, True])
def test_imad_wide_and_hi(run, rng, unsigned):
    a, b = lanes(rng), lanes(rng)[::-1].copy()
    c64 = [int(v) for v in rng.integers(0, 1 << 64, 32, dtype=np.uint64)]
    u = ".U32" if unsigned else ""
    init = {"R0": a, "R1": b, "R2": [v & 0xFFFFFFFF for v in c64], "R3": [v >> 32 for v in c64],
            "R8": [v & 0xFFFFFFFF for v in c64]}
    r = run(f"IMAD.WIDE{u} R[4:5], R0, R1, R[2:3] ;\nIMAD.HI{u} R6, R0, R1, R8 ;\n"
            f"IMAD.WIDE{u} R[10:11], R0, -0x4, RZ ;", init).warp()
    conv = (lambda v: int(v)) if unsigned else s32
    for i in range(32):
        p = conv(a[i]) * conv(b[i])
        assert (int(r.R[5][i]) << 32 | int(r.R[4][i])) == (p + c64[i]) & ((1 << 64) - 1), i
        # .HI adds the 64-bit pair R8:R9 (R9 = 0 here) and keeps the high word (issue 11)
        assert r.R[6][i] == u32((((p & ((1 << 64) - 1)) + (c64[i] & 0xFFFFFFFF)) >> 32)), i
        imm = 0xFFFFFFFC if unsigned else -4
        assert (int(r.R[11][i]) << 32 | int(r.R[10][i])) == (conv(a[i]) * imm) & ((1 << 64) - 1), i


def test_imad_wide_constant_pointer(run):
    base = 0x1_2345_6780
    const = {0: np.array([0, 0, base & 0xFFFFFFFF, base >> 32], dtype=np.uint32)}
    r = run("S2R R0, SR_LANEID ;\nMOV R1, 0x4 ;\nIMAD.WIDE R[2:3], R0, R1, c[0x0][0x8] ;", const=const).warp()
    for i in range(32):
        assert (int(r.R[3][i]) << 32 | int(r.R[2][i])) == base + 4 * i


# -- LOP3 -------------------------------------------------------------------------------------
@pytest.mark.parametrize("lut", [0x00, 0xFF, 0x96, 0xC0, 0xFC, 0x3C, 0xE8, 0x5A, 0x01, 0x80])
def test_lop3_lut(run, rng, lut):
    a, b, c = lanes(rng), lanes(rng, False), lanes(rng, False)
    r = run(f"LOP3.LUT P0, R3, R0, R1, R2, {lut:#x}, !PT ;", {"R0": a, "R1": b, "R2": c}).warp()
    for i in range(32):
        want = 0
        for bit in range(32):
            idx = ((int(a[i]) >> bit & 1) << 2) | ((int(b[i]) >> bit & 1) << 1) | (int(c[i]) >> bit & 1)
            want |= ((lut >> idx) & 1) << bit
        assert r.R[3][i] == want
        assert r.P[0][i] == (want != 0)


def test_lop3_immediate_and_predicate_or(run):
    r = run("LOP3.LUT P0, R1, R0, 0x7, RZ, 0xc0, !PT ;\nLOP3.LUT P1, RZ, R0, 0x0, RZ, 0xc0, P2 ;",
            {"R0": "lane", "P2": "lane & 1"}).warp()
    for i in range(32):
        assert r.R[1][i] == i & 7
        assert r.P[0][i] == bool(i & 7)
        assert r.P[1][i] == bool(i & 1)      # result 0, so Pu = Pp


# -- SHF --------------------------------------------------------------------------------------
def shf_ref(direction, typ, hi, wrap, a, n, c):
    lim = 32 if typ in ("U32", "S32") else 64
    n = n % lim if wrap else min(n, lim)
    v = (c << 32) | a
    if direction == "L":
        v = (v << n) & ((1 << 64) - 1)
    elif typ.startswith("S"):
        sv = v - (1 << 64) if v >> 63 else v
        v = (sv >> n) & ((1 << 64) - 1)
    else:
        v = v >> n
    return (v >> 32) if hi else (v & 0xFFFFFFFF)


@pytest.mark.parametrize("direction", ["L", "R"])
@pytest.mark.parametrize("typ", ["U32", "S32", "U64", "S64"])
@pytest.mark.parametrize("hi", [False, True])
@pytest.mark.parametrize("wrap", [False, True])
def test_shf(run, rng, direction, typ, hi, wrap):
    a, c = lanes(rng), lanes(rng)[::-1].copy()
    n = np.array([0, 1, 5, 31, 32, 33, 40, 63, 64, 65, 100, 0xFFFFFFFF] + list(range(20)), dtype=np.uint32)
    text = f"SHF.{direction}{'.W' if wrap else ''}.{typ}{'.HI' if hi else ''} R3, R0, R1, R2 ;"
    r = run(text, {"R0": a, "R1": n, "R2": c}).warp()
    for i in range(32):
        assert r.R[3][i] == shf_ref(direction, typ, hi, wrap, int(a[i]), int(n[i]), int(c[i])), (text, i, n[i])


def test_shf_idioms(run):
    r = run("SHF.L.U32 R1, R0, 0x2, RZ ;\nSHF.R.S32.HI R2, RZ, 0x1f, R0 ;\nSHF.R.U32.HI R3, RZ, 0x4, R0 ;\n"
            "SHF.R.S32.HI R4, RZ, 0x28, R0 ;\nSHF.L.U32 R5, R0, 0x28, RZ ;",
            {"R0": [u32(v) for v in range(-16, 16)]}).warp()
    for i, v in enumerate(range(-16, 16)):
        assert r.R[1][i] == u32(v << 2)
        assert r.R[2][i] == u32(-1 if v < 0 else 0)
        assert r.R[3][i] == u32(v) >> 4
        assert r.R[4][i] == u32(-1 if v < 0 else 0)     # shift >= 32 clamps: all sign bits
        assert r.R[5][i] == 0


# -- ISETP ------------------------------------------------------------------------------------
CMPS = {"F": lambda a, b: False, "LT": lambda a, b: a < b, "EQ": lambda a, b: a == b,
        "LE": lambda a, b: a <= b, "GT": lambda a, b: a > b, "NE": lambda a, b: a != b,
        "GE": lambda a, b: a >= b, "T": lambda a, b: True}
BOPS = {"AND": lambda r, p: r and p, "OR": lambda r, p: r or p, "XOR": lambda r, p: r != p}


@pytest.mark.parametrize("cmp", list(CMPS))
@pytest.mark.parametrize("unsigned", [False, True])
def test_isetp(run, rng, cmp, unsigned):
    a = lanes(rng)
    b = a.copy()
    b[::3] = lanes(rng, False)[::3]
    b[1], a[1] = 0x80000000, 0x7FFFFFFF        # signed vs unsigned disagree
    b[2], a[2] = 0xFFFFFFFF, 1
    conv = (lambda v: int(v)) if unsigned else s32
    for bop, f in BOPS.items():
        text = f"ISETP.{cmp}{'.U32' if unsigned else ''}.{bop} P0, P1, R0, R1, !P2 ;"
        r = run(text, {"R0": a, "R1": b, "P2": "lane & 1"}).warp()
        for i in range(32):
            res = CMPS[cmp](conv(a[i]), conv(b[i]))
            p = not (i & 1)
            assert r.P[0][i] == f(res, p), (text, i)
            assert r.P[1][i] == f(not res, p), (text, i)


def test_isetp_immediate_constant_uniform(run):
    const = {0: np.array([10], dtype=np.uint32)}
    r = run("ISETP.GE.AND P0, PT, R0, c[0x0][0x0], PT ;\nISETP.NE.AND P1, PT, R1, -0x1, PT ;\n"
            "ISETP.LT.U32.AND P2, PT, R1, UR4, PT ;",
            {"R0": "lane", "R1": "lane - 16", "UR4": 5}, const=const).warp()
    for i in range(32):
        assert r.P[0][i] == (i >= 10)
        assert r.P[1][i] == (i != 15)
        assert r.P[2][i] == (u32(i - 16) < 5)


# -- SEL, MOV ---------------------------------------------------------------------------------
def test_sel_and_mov(run):
    const = {0: np.array([0, 0xAB], dtype=np.uint32)}
    r = run("SEL R2, R0, R1, P0 ;\nSEL R3, R0, 0x99, !P0 ;\nMOV R4, 0xffffffff ;\nMOV R5, c[0x0][0x4] ;\n"
            "MOV R6, UR7 ;\nMOV R7, R0 ;\nUMOV UR1, 0x1234 ;\nUMOV UR2, UR1 ;\nULDC UR3, c[0x0][0x4] ;",
            {"R0": "lane", "R1": "100 + lane", "P0": "lane % 3 == 0" if False else "(lane % 3) / 2", "UR7": 77},
            const=const).warp()
    for i in range(32):
        p = bool((i % 3) // 2)
        assert r.R[2][i] == (i if p else 100 + i)
        assert r.R[3][i] == (0x99 if p else i)
    assert (r.R[4] == 0xFFFFFFFF).all() and (r.R[5] == 0xAB).all() and (r.R[6] == 77).all()
    assert (r.R[7] == np.arange(32)).all()
    assert (r.UR[1], r.UR[2], r.UR[3]) == (0x1234, 0x1234, 0xAB)


def test_guard_leaves_other_lanes_unchanged(run):
    r = run("@P0 IADD3 R1, R0, 0x10, RZ ;\n@!P0 MOV R2, 0x5 ;\n@P0 ISETP.EQ.AND P1, PT, R0, R0, PT ;",
            {"R0": "lane", "R1": 7, "R2": 9, "P0": "lane & 1", "P1": 0}).warp()
    for i in range(32):
        odd = bool(i & 1)
        assert r.R[1][i] == (i + 16 if odd else 7)
        assert r.R[2][i] == (9 if odd else 5)
        assert r.P[1][i] == odd
