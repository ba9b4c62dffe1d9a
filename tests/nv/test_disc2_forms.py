"""Forms found by the third discovery round's kernels (issue 11; decisions D2-3..): nvcc's
`FCHK P0, -R11, R10` (a division whose quotient is negated) and sm_120 `-use_fast_math`'s
`LEA R14, -R11, RZ, 0x2`. Expected values from Python integers and floats; both engines."""
from __future__ import annotations

import struct

import numpy as np
import pytest

from gpuisa.asm.assembler import assemble
from gpuisa.errors import AsmError

M32 = 0xFFFFFFFF
ENGINES = ["batched", "reference"]


def _b(f: float) -> int:
    return struct.unpack("<I", struct.pack("<f", f))[0]


def _lanes(res, reg):
    return [int(v) for v in res.warp().R[reg]]


@pytest.mark.parametrize("engine", ENGINES)
def test_lea_negated_ra(nv_isa, engine):
    """`LEA Rd, -Ra, SrcB, s` = (-Ra mod 2^32) << s + SrcB, per lane; the carry out is that of
    2^32 - (Ra << s)[31:0] + SrcB (decision D19-2: -0 carries, as IADD3's -x)."""
    res = nv_isa.launch(assemble(nv_isa.db, """
        S2R R0, SR_LANEID ;
        IADD3 R11, R0, -0x7, RZ ;
        LEA R14, -R11, RZ, 0x2 ;
        LEA R15, P0, -R11, 0x1000, 0x1f ;
        LEA R16, -R11, R0, 0x0 ;
        SEL R17, RZ, 0x1, !P0 ;
        EXIT ;"""), engine=engine)
    assert res.ok
    for lane, (r14, r15, r16, r17) in enumerate(zip(*(_lanes(res, r) for r in (14, 15, 16, 17)))):
        a = (-(lane - 7)) & M32
        assert r14 == (a << 2) & M32
        s = (1 << 32) - (((lane - 7) << 31) & M32) + 0x1000
        assert r15 == s & M32 and r17 == min(1, s >> 32)
        assert r16 == (a + lane) & M32


@pytest.mark.parametrize("engine", ENGINES)
def test_lea_negated_ra_subtracts_a_64_bit_index(nv_isa, engine):
    """Regression (D19-2, fuzz seeds 19069/19097/19129 on sm_100): nvcc computes `base - (k << 2)`
    for a 64-bit k as `LEA R4, P0, -R2, UR6, 0x2` and `IADD3.X R5, PT, PT, ~R3', UR7, RZ, P0, !PT`
    (R3' the high word of k << 2); k == 0 must carry, or the address loses 2^32.  Checked against
    Python's 64-bit arithmetic, the k of every lane with a zero low word among them."""
    ks = [0, 1, 2, 1 << 30, 3 << 30, (1 << 32) - 1, 1 << 32, 5 << 30, 0xDEADBEEF, 1 << 62] + \
        [(7919 * i) << (i % 33) for i in range(22)]
    base = 0x0000_0001_1000_0500
    text = "S2R R0, SR_LANEID ;\n"
    for lane, k in enumerate(ks):
        text += f"ISETP.EQ.AND P1, PT, R0, {lane}, PT ;\n@P1 MOV R2, {k & M32:#x} ;\n@P1 MOV R3, {k >> 32:#x} ;\n"
    text += f"""UMOV UR6, {base & M32:#x} ;
        UMOV UR7, {base >> 32:#x} ;
        SHF.L.U64.HI R3, R2, 0x2, R3 ;
        LEA R4, P0, -R2, UR6, 0x2 ;
        IADD3.X R5, PT, PT, ~R3, UR7, RZ, P0, !PT ;
        UMOV UR10, 0x0 ;
        UMOV UR11, 0x5 ;
        ULEA UR8, UP0, -UR10, URZ, 0x0 ;
        UIADD3.X UR9, UPT, UPT, ~UR11, URZ, URZ, UP0, !UPT ;
        MOV R6, UR8 ;
        MOV R7, UR9 ;
        EXIT ;"""
    res = nv_isa.launch(assemble(nv_isa.db, text), engine=engine)
    assert res.ok
    r4, r5, r6, r7 = (_lanes(res, r) for r in (4, 5, 6, 7))
    for lane, k in enumerate(ks):
        want = (base - 4 * k) & ((1 << 64) - 1)
        assert (r5[lane] << 32 | r4[lane]) == want, (lane, hex(k))
        assert (r7[lane] << 32 | r6[lane]) == (-(5 << 32)) & ((1 << 64) - 1)      # ULEA's -0 carries too


def test_lea_negated_ra_with_hi_is_refused(nv_isa):
    with pytest.raises(AsmError, match="-Ra only without .HI"):
        assemble(nv_isa.db, "LEA.HI R1, -R2, R3, R4, 0x2 ;\nEXIT ;")


@pytest.mark.parametrize("engine", ENGINES)
def test_fchk_signed_dividend(nv_isa, engine):
    """FCHK reads exponents only: `-Ra` and `|Ra|` give the predicate of Ra (checked against the
    documented conditions: a NaN/inf or zero divisor, a tiny dividend)."""
    cases = [(6.0, 3.0, False), (-6.0, 3.0, False), (1.0, 0.0, True), (float("inf"), 2.0, True),
             (1e-38, 3.0, True), (-2.5, 1e30, False)]
    body = "S2R R0, SR_LANEID ;\n"
    for k, (a, b, _) in enumerate(cases):
        body += f"""MOV R2, {_b(a):#x} ;
        MOV R3, {_b(b):#x} ;
        FCHK P0, -R2, R3 ;
        FCHK P1, |R2|, R3 ;
        FCHK P2, R2, R3 ;
        SEL R{20 + 3 * k}, RZ, 0x1, !P0 ;
        SEL R{21 + 3 * k}, RZ, 0x1, !P1 ;
        SEL R{22 + 3 * k}, RZ, 0x1, !P2 ;
        """
    res = nv_isa.launch(assemble(nv_isa.db, body + "EXIT ;"), engine=engine)
    assert res.ok
    for k, (_a, _b2, want) in enumerate(cases):
        for j in range(3):
            assert _lanes(res, 20 + 3 * k + j)[0] == int(want), (k, j)


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("v", [0x800, 0x200])
def test_plop3_uniform_pc(nv_isa, engine, v):
    """`PLOP3.LUT P1, PT, PT, PT, UP0, 0x80, 0x0` (nvcc's `mm<16>` tile loop: a uniform compare
    moved to a lane predicate): P1 = UP0 in every lane; `!UP0` and a mixed table too (D2-4)."""
    res = nv_isa.launch(assemble(nv_isa.db, f"""
        S2R R0, SR_LANEID ;
        UMOV UR4, {v:#x} ;
        UISETP.NE.AND UP0, UPT, UR4, 0x800, UPT ;
        ISETP.GE.AND P2, PT, R0, 0x10, PT ;
        PLOP3.LUT P1, PT, PT, PT, UP0, 0x80, 0x0 ;
        PLOP3.LUT P3, P4, PT, P2, !UP0, 0xc0, 0x3c ;
        SEL R2, RZ, 0x1, !P1 ;
        SEL R3, RZ, 0x1, !P3 ;
        SEL R4, RZ, 0x1, !P4 ;
        EXIT ;"""), grid=2, engine=engine)
    assert res.ok
    up0 = v != 0x800
    for w in res.warps:
        for lane in range(32):
            p2 = lane >= 16
            i = (1 << 2) | (p2 << 1) | (not up0)          # (a, b, c) = (PT, P2, !UP0)
            assert int(w.R[2][lane]) == up0
            assert int(w.R[3][lane]) == (0xC0 >> i) & 1
            assert int(w.R[4][lane]) == (0x3C >> i) & 1


def _f(bits: int) -> float:
    return struct.unpack("<f", struct.pack("<I", bits & M32))[0]


@pytest.mark.parametrize("engine", ENGINES)
def test_ffma_abs_uniform_c(nv_isa, engine):
    """`FFMA R0, -R7, R7, |UR4|` (nvcc sm_90/sm_120's sqrtf(fabsf(p)) of a float parameter p): the
    |x| on a uniform SrcC was ignored, so a negative parameter gave -4 - 7.9 instead of 7.9 - 4
    and sqrtf(fabsf(-7.9f)) came out wrong (D2-6). Expected from Python floats (exact here)."""
    s = _b(-7.9)
    res = nv_isa.launch(assemble(nv_isa.db, f"""
        UMOV UR4, {s:#x} ;
        MOV R7, 0x40000000 ;
        FFMA R0, -R7, R7, |UR4| ;
        FFMA R3, -R7, R7, -|UR4| ;
        FFMA R5, -R7, R7, -UR4 ;
        FFMA R6, R7, R7, UR4 ;
        UMOV UR6, 0x0 ;
        UMOV UR7, 0xc0200000 ;
        MOV R8, 0x0 ;
        MOV R9, 0x40000000 ;
        DFMA R10, R8, R8, |UR6| ;
        EXIT ;"""), engine=engine)
    assert res.ok
    w = res.warp()
    v = _f(s)
    got = [_f(int(w.R[r][0])) for r in (0, 3, 5, 6)]
    assert got == [float(np.float32(-4 + abs(v))), float(np.float32(-4 - abs(v))),
                   float(np.float32(-4 - v)), float(np.float32(4 + v))]
    d = struct.unpack("<d", struct.pack("<II", int(w.R[10][0]), int(w.R[11][0])))[0]
    assert d == 2.0 * 2.0 + 8.0                      # |-8.0| (binary64 0xc020000000000000)


@pytest.mark.parametrize("engine", ENGINES)
def test_uf2i_ufrnd_uffma_ftz(nv_isa, engine):
    """UF2I (`__float2uint_rd`, `__float2int_rz/_rn` of a float parameter), UFRND (`truncf`,
    `ceilf`), UFFMA.FTZ (nvcc sm_120, -use_fast_math; D2-5). Expected from Python's math."""
    import math
    vals = [-2.5, 3.5, 1e10, -0.3, float("nan"), 2.5, -1e-40]
    body = "".join(f"UMOV UR{i}, {_b(v):#x} ;\n" for i, v in enumerate(vals))
    body += """
        UF2I.NTZ UR10, UR0 ;
        UF2I.NTZ UR11, UR1 ;
        UF2I.TRUNC.NTZ UR12, UR2 ;
        UF2I.U32.FLOOR.NTZ UR13, UR0 ;
        UF2I.U32.CEIL UR14, |UR3| ;
        UF2I UR15, UR4 ;
        UF2I.FLOOR UR16, UR6 ;
        UF2I.FTZ.FLOOR UR17, UR6 ;
        UFRND.TRUNC UR18, UR0 ;
        UFRND.FTZ.CEIL UR19, UR3 ;
        UFRND UR20, UR5 ;
        UFRND.FLOOR UR21, -|UR1| ;
        UFRND UR22, UR4 ;
        UFFMA.FTZ UR23, UR6, UR6, 1 ;
        UFFMA.FTZ UR24, UR6, 0.5, URZ ;
        UFFMA UR25, UR6, 0.5, URZ ;
    """
    res = nv_isa.launch(assemble(nv_isa.db, body + "EXIT ;\n"), engine=engine)
    assert res.ok
    ur = [int(v) for v in res.warp().UR]
    assert [ur[k] for k in range(10, 18)] == [M32 - 1, 4, 2 ** 31 - 1, 0, 1, 0, M32, 0]
    assert _f(ur[18]) == -2.0 and ur[19] == 0x80000000 and _f(ur[20]) == 2.0
    assert _f(ur[21]) == -4.0 and ur[22] == 0x7FFFFFFF
    assert _f(ur[23]) == 1.0 and ur[24] == 0                 # -0 (flushed) * 0.5 + +0 = +0
    assert _f(ur[25]) == float(np.float32(-1e-40) * np.float32(0.5))    # a denormal kept without .FTZ
    assert math.isclose(_f(ur[25]), -5e-41, rel_tol=1e-3)
