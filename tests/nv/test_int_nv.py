"""Integer forms nvcc emits: IADD3 with two carries, IMAD carries/aliases/prefixes,
ISETP.EX and the 64-bit compares.  References: Python integers."""
from __future__ import annotations

import numpy as np
import pytest

from .conftest import lanes, s32, s64, u32

M32 = 0xFFFFFFFF
M64 = (1 << 64) - 1


def test_iadd3_two_carry_outs_and_two_carry_ins(run, rng):
    a, b, c = lanes(rng), lanes(rng)[::-1].copy(), lanes(rng, False)
    w = run("IADD3 R3, P0, P1, R0, R1, R2 ;\n"
            "IADD3.X R4, R0, R1, RZ, P0, P1 ;\n"
            "IADD3 R5, PT, PT, -R0, -R1, RZ ;", {"R0": a, "R1": b, "R2": c})
    for i in range(32):
        s = int(a[i]) + int(b[i]) + int(c[i])
        assert w.R[3][i] == s & M32
        # decision GA-9: P0 = carry >= 1, P1 = carry >= 2, and .X adds P0 + P1
        assert w.P[0][i] == (s >> 32 >= 1) and w.P[1][i] == (s >> 32 >= 2), i
        assert w.R[4][i] == u32(int(a[i]) + int(b[i]) + (s >> 32))     # carry = P0 + P1
        assert w.R[5][i] == u32(-int(a[i]) - int(b[i]))


def test_iadd3_x_two_unrelated_carries_each_add_one(run, rng):
    """Regression (decision GA-9): nvcc's signed 64-bit multiply-high (`q % 97` on long long)
    adds the carry of an IMAD.WIDE.U32 and the carry of an IADD3 with `IADD3.X Rd, RZ, R3, RZ,
    P0, P1`; each is worth 1 (was weighted 2, giving q % 97 wrong in the high word)."""
    a = lanes(rng)
    w = run("ISETP.NE.AND P0, PT, R1, RZ, PT ;\nISETP.GE.U32.AND P1, PT, R1, 0x80000000, PT ;\n"
            "IADD3.X R3, RZ, R0, RZ, P0, P1 ;\nIADD3.X R4, RZ, R0, RZ, !P0, P1 ;", {"R0": a, "R1": a[::-1].copy()})
    b = a[::-1]
    for i in range(32):
        p0, p1 = int(b[i] != 0), int(b[i] >= 0x80000000)
        assert w.R[3][i] == u32(int(a[i]) + p0 + p1) and w.R[4][i] == u32(int(a[i]) + (1 - p0) + p1), i


def test_iadd3_x_omitted_second_carry_adds_nothing(run, rng):
    a, b = lanes(rng), lanes(rng)[::-1].copy()
    w = run("ISETP.NE.AND P2, PT, R0, RZ, PT ;\nIADD3.X R3, R0, R1, RZ, P2, !PT ;\nIADD3.X R4, R0, R1, RZ, P2 ;",
            {"R0": a, "R1": b})
    for i in range(32):
        exp = u32(int(a[i]) + int(b[i]) + (a[i] != 0))
        assert w.R[3][i] == exp and w.R[4][i] == exp


def test_64bit_add_and_subtract_chains(run, rng):
    """nvcc's 64-bit idioms: IADD3 + IMAD.X and IADD3 + IADD3.X with ~ on the high word."""
    x = rng.integers(0, 1 << 64, 32, dtype=np.uint64)
    y = rng.integers(0, 1 << 64, 32, dtype=np.uint64)
    x[0], y[0] = 0, 0
    x[1], y[1] = M64, 1
    y[2] = 0
    init = {"R0": (x & M32).astype(np.uint32), "R1": (x >> np.uint64(32)).astype(np.uint32),
            "R2": (y & M32).astype(np.uint32), "R3": (y >> np.uint64(32)).astype(np.uint32)}
    w = run("IADD3 R4, P0, R0, R2, RZ ;\nIMAD.X R5, R1, 0x1, R3, P0 ;\n"
            "IADD3 R6, P1, R0, -R2, RZ ;\nIADD3.X R7, R1, ~R3, RZ, P1, !PT ;\n"
            "IADD3 R8, P2, R0, -R2, RZ ;\nIMAD.X R9, R1, 0x1, ~R3, P2 ;", init)
    for i in range(32):
        s, d = (int(x[i]) + int(y[i])) & M64, (int(x[i]) - int(y[i])) & M64
        assert (int(w.R[5][i]) << 32 | int(w.R[4][i])) == s, i
        assert (int(w.R[7][i]) << 32 | int(w.R[6][i])) == d, i
        assert (int(w.R[9][i]) << 32 | int(w.R[8][i])) == d, i


def test_imad_iadd_mov_neg_and_uniform_srcc(run, rng):
    a, b = lanes(rng), lanes(rng)[::-1].copy()
    w = run("IMAD.IADD R2, R0, 0x1, -R1 ;\nIMAD.MOV R3, RZ, RZ, -R1 ;\nIMAD.U32 R4, RZ, RZ, UR5 ;\n"
            "IMAD R5, R0, R1, ~R1 ;\nIMAD R6, R0, R1, UR5 ;", {"R0": a, "R1": b, "UR5": 0x1234})
    for i in range(32):
        assert w.R[2][i] == u32(int(a[i]) - int(b[i]))
        assert w.R[3][i] == u32(-int(b[i]))
        assert w.R[4][i] == 0x1234
        assert w.R[5][i] == u32(int(a[i]) * int(b[i]) + (M32 - int(b[i])))
        assert w.R[6][i] == u32(int(a[i]) * int(b[i]) + 0x1234)


def test_imad_hi_carry_and_wide_x(run, rng):
    """.HI adds the 64-bit pair SrcC to the product and keeps the high word (nvcc's Newton
    step `IMAD.HI.U32 R8, R11, R9, R10` with R10 = 0: R11 + hi(R11 * R9)); carry Pu = bit 64;
    IMAD.WIDE.U32.X takes it in."""
    a, b, c = lanes(rng), lanes(rng)[::-1].copy(), lanes(rng, False)
    c3, d, e = lanes(rng, False), lanes(rng, False), lanes(rng, False)
    w = run("IMAD.HI.U32 R4, P0, R0, R1, R2 ;\n"
            "IMAD.WIDE.U32.X R6, R0, R1, R8, P0 ;\n"
            "IMAD.HI R10, P1, R0, R1, R2 ;\n"
            "MOV R12, RZ ;\nIMAD.HI.U32 R14, R0, R1, R12 ;",
            {"R0": a, "R1": b, "R2": c, "R3": c3, "R8": d, "R9": e, "R13": a})
    for i in range(32):
        A, B = int(a[i]), int(b[i])
        c64 = int(c3[i]) << 32 | int(c[i])
        s = A * B + c64
        assert w.R[4][i] == (s >> 32) & M32 and w.P[0][i] == bool(s >> 64), i
        d64 = int(e[i]) << 32 | int(d[i])
        t = A * B + d64 + (s >> 64)
        assert (int(w.R[7][i]) << 32 | int(w.R[6][i])) == t & M64, i
        s2 = ((s32(A) * s32(B)) & M64) + c64
        assert w.R[10][i] == (s2 >> 32) & M32 and w.P[1][i] == bool(s2 >> 64), i
        assert w.R[14][i] == (A + ((A * B) >> 32)) & M32, i


def test_imad_wide_negated_srcc(run, rng):
    a, b = lanes(rng), lanes(rng, False)
    c = rng.integers(0, 1 << 64, 32, dtype=np.uint64)
    c[0] = 0
    init = {"R0": a, "R1": b, "R2": (c & M32).astype(np.uint32), "R3": (c >> np.uint64(32)).astype(np.uint32)}
    w = run("IMAD.WIDE.U32 R4, P0, R0, R1, -R2 ;", init)
    for i in range(32):
        t = int(a[i]) * int(b[i]) + ((1 << 64) - int(c[i]))
        assert (int(w.R[5][i]) << 32 | int(w.R[4][i])) == t & M64, i
        assert w.P[0][i] == bool((t >> 64) & 1), i


def test_isetp_ex_64bit_compares(run, rng):
    x = rng.integers(0, 1 << 64, 32, dtype=np.uint64)
    y = rng.integers(0, 1 << 64, 32, dtype=np.uint64)
    x[:4] = [5, 1 << 32, M64, 7 << 32]
    y[:4] = [5, 1, 0, (7 << 32) | 1]
    y[4:8] = x[4:8]
    x[8] = y[8] + np.uint64(1)
    init = {"R0": (x & M32).astype(np.uint32), "R1": (x >> np.uint64(32)).astype(np.uint32),
            "R2": (y & M32).astype(np.uint32), "R3": (y >> np.uint64(32)).astype(np.uint32)}
    prog = []
    cases = [("GE", False, lambda p, q: p >= q), ("LT", False, lambda p, q: p < q), ("GT", True, lambda p, q: p > q),
             ("LE", True, lambda p, q: p <= q), ("EQ", False, lambda p, q: p == q), ("NE", True, lambda p, q: p != q)]
    for k, (cmp, signed, _) in enumerate(cases):
        prog.append(f"ISETP.{cmp}.U32.AND P0, PT, R0, R2, PT ;")
        prog.append(f"ISETP.{cmp}{'' if signed else '.U32'}.AND.EX P0, PT, R1, R3, PT, P0 ;")
        prog.append(f"SEL R{10 + k}, RZ, 0x1, !P0 ;")
    prog.append("ISETP.LT.S64.AND P1, PT, R0, R2, PT ;\nSEL R20, RZ, 0x1, !P1 ;")
    prog.append("ISETP.GE.U64.AND P2, PT, R0, 0x5, PT ;\nSEL R21, RZ, 0x1, !P2 ;")
    prog.append("ISETP.NE.S64.AND P3, PT, R0, -0x1, PT ;\nSEL R22, RZ, 0x1, !P3 ;")
    w = run("\n".join(prog), init)
    for i in range(32):
        for k, (cmp, signed, f) in enumerate(cases):
            p, q = (s64(x[i]), s64(y[i])) if signed else (int(x[i]), int(y[i]))
            assert w.R[10 + k][i] == int(f(p, q)), (cmp, i)
        assert w.R[20][i] == int(s64(x[i]) < s64(y[i]))
        assert w.R[21][i] == int(int(x[i]) >= 5)
        assert w.R[22][i] == int(int(x[i]) != M64)


def test_iadd_64(run, rng):
    x = rng.integers(0, 1 << 64, 32, dtype=np.uint64)
    y = rng.integers(0, 1 << 64, 32, dtype=np.uint64)
    y[0] = 0
    init = {"R2": (x & M32).astype(np.uint32), "R3": (x >> np.uint64(32)).astype(np.uint32),
            "R4": (y & M32).astype(np.uint32), "R5": (y >> np.uint64(32)).astype(np.uint32)}
    w = run("IADD.64 R6, R2, R4 ;\nIADD.64 R8, R2, -R4 ;\nIADD.64 R10, R2, -0x4 ;\nIADD.64 R12, -R2, 0x1 ;", init)
    for i in range(32):
        X, Y = int(x[i]), int(y[i])
        for reg, v in ((6, X + Y), (8, X - Y), (10, X - 4), (12, 1 - X)):
            assert (int(w.R[reg + 1][i]) << 32 | int(w.R[reg][i])) == v % (1 << 64), (reg, i)


def test_iadd_32_with_carries(run, rng):
    """ptxas 13.5's 32-bit IADD for sm_120 (decision D9-3): a + b modulo 2^32, `-`/`~` on a
    source, the carry out to Pu and `.X`'s carry in; a 64-bit add and subtract built from it as
    nvcc builds them (`IADD R, P0, lo, lo` then `IADD.X R, hi, hi, P0`). Python integers."""
    x = rng.integers(0, 1 << 64, 32, dtype=np.uint64)
    y = rng.integers(0, 1 << 64, 32, dtype=np.uint64)
    y[0], x[1], y[2] = 0, 0, x[2]
    lo = (x & M32).astype(np.uint32), (y & M32).astype(np.uint32)
    hi = (x >> np.uint64(32)).astype(np.uint32), (y >> np.uint64(32)).astype(np.uint32)
    init = {"R2": lo[0], "R3": hi[0], "R4": lo[1], "R5": hi[1]}
    w = run("IADD R6, R2, R4 ;\nIADD R7, -R2, R4 ;\nIADD R8, R2, -0x4 ;\nIADD R9, ~R2, 0x7 ;\n"
            "IADD R10, P0, R2, R4 ;\nIADD.X R11, R3, R5, P0 ;\n"
            "IADD R12, P1, R2, -R4 ;\nIADD.X R13, R3, ~R5, P1 ;\n"
            "IADD RZ, P2, R2, -R4 ;\nIADD.X R14, RZ, RZ, !P2 ;", init)
    for i in range(32):
        a, b, X, Y = int(lo[0][i]), int(lo[1][i]), int(x[i]), int(y[i])
        assert w.R[6][i] == (a + b) & M32 and w.R[7][i] == (b - a) & M32, i
        assert w.R[8][i] == (a - 4) & M32 and w.R[9][i] == (M32 - a + 7) & M32, i
        assert (int(w.R[11][i]) << 32 | int(w.R[10][i])) == (X + Y) % (1 << 64), i
        assert (int(w.R[13][i]) << 32 | int(w.R[12][i])) == (X - Y) % (1 << 64), i
        assert w.R[14][i] == int(a < b), i            # borrow: no carry out of a + (2^32 - b)


def test_uiadd3_two_carries(run):
    w = run("UIADD3 UR4, UP0, UP1, UR1, UR2, UR3 ;\nUIADD3.X UR5, URZ, UR0, URZ, UP0, UP1 ;\n"
            "UIADD3 UR6, UPT, UPT, UR1, 0x1, URZ ;\nMOV R0, UR4 ;\nMOV R1, UR5 ;\nMOV R2, UR6 ;",
            {"UR1": 0xFFFFFFFF, "UR2": 0xFFFFFFFF, "UR3": 0xFFFFFFFF, "UR0": 7})
    s = 3 * 0xFFFFFFFF
    assert all(w.R[0] == s & M32) and all(w.R[1] == 7 + (s >> 32)) and all(w.R[2] == 0)
    assert w.UP[0] == (s >> 32 >= 1) and w.UP[1] == (s >> 32 >= 2)       # carry 2: both (GA-9)


def test_shf_and_prmt_with_an_immediate_last_operand(run):
    """`SHF.L.W.U32.HI R17, R0, R7, 0xdeadbeef` and `PRMT R15, R0, R7, 0x12345678` (nvcc's
    __funnelshift_l / __byte_perm with a constant): the immediate is the high word / Rc."""
    w = run("S2R R0, SR_LANEID ;\nIADD3 R7, R0, 0x1, RZ ;\n"
            "SHF.L.W.U32.HI R17, R0, R7, 0xdeadbeef ;\nPRMT R15, R0, R7, 0x12345678 ;")

    def prmt(a, sel, c):
        by = [(a >> 8 * k) & 255 for k in range(4)] + [(c >> 8 * k) & 255 for k in range(4)]
        out = 0
        for i in range(4):
            n = (sel >> 4 * i) & 15
            b = by[n & 7]
            if n & 8:
                b = 255 if b & 128 else 0
            out |= b << 8 * i
        return out

    for i in range(32):
        v = (0xDEADBEEF << 32) | i
        assert w.R[17][i] == ((v << ((i + 1) % 32)) >> 32) & M32
        assert w.R[15][i] == prmt(i, i + 1, 0x12345678)


@pytest.mark.parametrize("engine", ["reference", "batched"])
def test_mov64_umov64_sel64(nv_isa, engine):
    """sm_100+ 64-bit moves: MOV.64 / UMOV.64 with a 64-bit immediate or a pair, SEL.64."""
    from gpuisa.asm.assembler import assemble
    prog = assemble(nv_isa.db, """
        S2R R0, SR_LANEID ;
        MOV.64 R14, 0x3fd8000000000000 ;
        UMOV.64 UR6, 0x3fe62e42fefa39ef ;
        MOV R8, R0 ;
        MOV R9, 0x77 ;
        MOV.64 R4, R8 ;
        MOV.64 R6, UR6 ;
        ISETP.GE.U32.AND P0, PT, R0, 0x10, PT ;
        SEL.64 R12, R14, R8, P0 ;
        MOV.64 R10, RZ ;
        EXIT ;
    """)
    res = nv_isa.launch(prog, grid=2, engine=engine)
    assert res.ok
    for w in res.warps:
        for i in range(32):
            assert (int(w.R[14][i]), int(w.R[15][i])) == (0, 0x3FD80000)
            assert (int(w.R[4][i]), int(w.R[5][i])) == (i, 0x77)
            assert (int(w.R[6][i]) | int(w.R[7][i]) << 32) == 0x3FE62E42FEFA39EF
            want = 0x3FD8000000000000 if i >= 16 else (0x77 << 32) | i
            assert (int(w.R[12][i]) | int(w.R[13][i]) << 32) == want
            assert int(w.R[10][i]) == 0 and int(w.R[11][i]) == 0


def test_viaddmnmx(run, rng):
    """VIADDMNMX: min (Pp) or max (!Pp) of a wrapped sum and SrcC, signed or .U32 (Python ints)."""
    a, b, c = lanes(rng), lanes(rng)[::-1].copy(), lanes(rng, False)
    w = run("VIADDMNMX R3, R0, -R1, R2, !PT ;\nVIADDMNMX.U32 R4, R0, R1, 0x80000000, PT ;",
            {"R0": a, "R1": b, "R2": c})
    for i in range(32):
        t = (int(a[i]) - int(b[i])) & M32
        assert w.R[3][i] == max(s32(t), s32(int(c[i]))) & M32
        assert w.R[4][i] == min((int(a[i]) + int(b[i])) & M32, 0x80000000)


@pytest.mark.parametrize("engine", ["batched", "reference"])
def test_viaddmnmx_with_an_immediate_or_constant_second_operand(run, rng, engine):
    """nvcc's `VIADDMNMX.U32 R22, R9, 0xe67e35a1, R18, PT` (found in the asm benchmark's cubin)
    and the constant form; Python integers."""
    a, c = lanes(rng), lanes(rng, False)
    w = run("VIADDMNMX.U32 R3, R0, 0xe67e35a1, R2, PT ;\nVIADDMNMX R4, R0, 0xfffffff0, R2, !PT ;\n"
            "VIADDMNMX R5, R0, -c[0x0][0x0], R2, PT ;", {"R0": a, "R2": c}, params=[0x89ABCDEF], engine=engine)
    for i in range(32):
        assert w.R[3][i] == min((int(a[i]) + 0xE67E35A1) & M32, int(c[i]))
        assert w.R[4][i] == max(s32(int(a[i]) - 16), s32(int(c[i]))) & M32
        assert w.R[5][i] == min(s32(int(a[i]) - 0x89ABCDEF), s32(int(c[i]))) & M32


@pytest.mark.parametrize("engine", ["batched", "reference"])
def test_viaddmnmx_with_a_uniform_or_constant_bound(run, rng, engine):
    """Regression (D8-1): nvcc for sm_90 writes the bound as a uniform register,
    `VIADDMNMX.U32 R7, R7, R12, UR4, PT` (HeCBench's attention kernel), refused before;
    the constant form alike. Python integers."""
    a, b = lanes(rng), lanes(rng)[::-1].copy()
    w = run("ULDC UR4, c[0x0][0x4] ;\nVIADDMNMX.U32 R3, R0, R1, UR4, PT ;\n"
            "VIADDMNMX R4, R0, -R1, UR4, !PT ;\nVIADDMNMX R5, R0, R1, c[0x0][0x0], PT ;",
            {"R0": a, "R1": b}, params=[0x89ABCDEF, 0x00001234], engine=engine)
    for i in range(32):
        assert w.R[3][i] == min((int(a[i]) + int(b[i])) & M32, 0x1234)
        assert w.R[4][i] == max(s32(int(a[i]) - int(b[i])), 0x1234) & M32
        assert w.R[5][i] == min(s32(int(a[i]) + int(b[i])), s32(0x89ABCDEF)) & M32


def test_vabsdiff_is_sad_and_usad(run, rng):
    """__sad(x, y, z) = |x - y| + z on ints, __usad on unsigned ints (Python integers)."""
    a, b, c = lanes(rng), lanes(rng)[::-1].copy(), lanes(rng, False)
    w = run("VABSDIFF R3, R0, R1, R2 ;\nVABSDIFF.U32 R4, R0, R1, 0x1 ;", {"R0": a, "R1": b, "R2": c})
    for i in range(32):
        assert w.R[3][i] == (abs(s32(int(a[i])) - s32(int(b[i]))) + int(c[i])) & M32
        assert w.R[4][i] == (abs(int(a[i]) - int(b[i])) + 1) & M32


@pytest.mark.parametrize("engine", ["batched", "reference"])
def test_vabsdiff_with_an_immediate_second_operand(run, rng, engine):
    """nvcc's `VABSDIFF.U32 R16, R3, 0x12c, R16` (__usad(x, 300u, z)) and the signed form."""
    a, c = lanes(rng), lanes(rng, False)
    w = run("VABSDIFF.U32 R3, R0, 0x12c, R2 ;\nVABSDIFF R4, R0, 0xfffffe0c, R2 ;", {"R0": a, "R2": c}, engine=engine)
    for i in range(32):
        assert w.R[3][i] == (abs(int(a[i]) - 300) + int(c[i])) & M32
        assert w.R[4][i] == (abs(s32(int(a[i])) + 500) + int(c[i])) & M32


@pytest.mark.parametrize("engine", ["batched", "reference"])
def test_lea_hi_with_an_immediate_high_word(run, rng, engine):
    """nvcc's `LEA.HI R5, R5, R4, 0x1234, 0x1b` (decision AT-7): b + funnelshift_r(a, 0x1234, 5)."""
    a, b = lanes(rng), lanes(rng)[::-1].copy()
    w = run("LEA.HI R3, R0, R1, 0x1234, 0x1b ;\nLEA.HI R4, R0, RZ, 0xdeadbeef, 0x1 ;", {"R0": a, "R1": b}, engine=engine)
    for i in range(32):
        x = (0x1234 << 32) | int(a[i])
        assert w.R[3][i] == ((x >> 5) + int(b[i])) & M32           # CUDA __funnelshift_r(a, 0x1234, 5) + b
        assert w.R[4][i] == (((0xDEADBEEF << 32) | int(a[i])) >> 31) & M32


@pytest.mark.parametrize("engine", ["batched", "reference"])
def test_lea_with_a_negated_register(run, rng, engine):
    """`LEA R8, R8, -R9, 0x17` (decision AT-8): (a << 23) - b modulo 2^32."""
    a, b = lanes(rng), lanes(rng)[::-1].copy()
    w = run("LEA R3, R0, -R1, 0x17 ;\nLEA R4, R0, -RZ, 0x2 ;", {"R0": a, "R1": b}, engine=engine)
    for i in range(32):
        assert w.R[3][i] == ((int(a[i]) << 23) - int(b[i])) & M32
        assert w.R[4][i] == (int(a[i]) << 2) & M32


@pytest.mark.parametrize("engine", ["batched", "reference"])
def test_lea_with_a_negated_uniform_register(run, rng, engine):
    """Regression (D11-R-1): sm_120's `LEA R22, R8, -UR5, 0x3` (curand_poisson's lgamma table index)
    was refused: (a << 3) - UR5 modulo 2^32; `~URb` and the carry out as for a GPR."""
    a = lanes(rng)
    w = run("UMOV UR5, 0x8 ;\nUMOV UR6, 0x80000001 ;\nLEA R3, R0, -UR5, 0x3 ;\nLEA R4, P0, R0, -UR6, 0x1f ;\n"
            "SEL R5, RZ, 0x1, !P0 ;\nLEA R6, R0, ~UR5, 0x0 ;", {"R0": a}, engine=engine)
    for i in range(32):
        x = int(a[i])
        assert w.R[3][i] == ((x << 3) - 8) & M32
        s = ((x << 31) & M32) + ((-0x80000001) & M32)
        assert (w.R[4][i], w.R[5][i]) == (s & M32, s >> 32)
        assert w.R[6][i] == (x + (~8 & M32)) & M32


@pytest.mark.parametrize("engine", ["reference", "batched"])
def test_imnmx_64bit(nv_isa, engine):
    """sm_120's `IMNMX.U64 PT, PT, Rd, Ra, SrcB, Pp, !PT` / `.S64`: min (Pp) or max of pairs."""
    from gpuisa.asm.assembler import assemble
    prog = assemble(nv_isa.db, """
        S2R R0, SR_LANEID ;
        MOV R1, RZ ;
        IADD3 R2, R0, -0x10, RZ ;
        SHF.R.S32.HI R3, RZ, 0x1f, R2 ;
        IMNMX.U64 PT, PT, R12, R0, 0x5, !PT, !PT ;
        IMNMX.S64 P0, PT, R4, R2, RZ, PT, !PT ;
        EXIT ;
    """)
    res = nv_isa.launch(prog, grid=2, engine=engine)
    for w in res.warps:
        for i in range(32):
            assert int(w.R[12][i]) | int(w.R[13][i]) << 32 == max(i, 5)
            got = int(w.R[4][i]) | int(w.R[5][i]) << 32
            assert (got - (1 << 64) if got >> 63 else got) == min(i - 16, 0)
            assert bool(w.P[0][i]) == (i - 16 <= 0)
