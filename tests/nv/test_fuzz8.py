"""Forms found by the random CUDA program generator (scripts/cuda_fuzz.py; decisions D8-fuzz-N).
Expectations computed with Python integers and fractions, never with gpuisa."""
from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import pytest

from gpuisa.asm.assembler import assemble
from gpuisa.errors import AsmError

ENGINES = ["batched", "reference"]


def _f2i(v: float, mode: str, lo: int, hi: int) -> int:
    q = Fraction(v)
    n = {"FLOOR": math.floor(q), "CEIL": math.ceil(q), "TRUNC": int(q)}[mode]
    return min(max(n, lo), hi) & 0xFFFFFFFF


@pytest.mark.parametrize("engine", ENGINES)
def test_f2i_float_immediate(nv_isa, engine):
    """D8-fuzz-1: `F2I.FLOOR.NTZ R3, -852552960`, `F2I.CEIL.NTZ R7, 3.25` -- nvcc converts a
    constant under a branch it did not fold with a float32 immediate source (F2I_I)."""
    tiny = float(np.float32(1e-40))                 # a denormal: printed 9.9999461011147595815e-41
    cases = [("FLOOR", "", -852552960.0), ("CEIL", "", 3.25), ("CEIL", "", tiny), ("FLOOR", "", -tiny),
             ("TRUNC", ".U32", -2.5), ("TRUNC", "", 3e38), ("FLOOR", "", -1.5)]
    text = "\n".join(f"F2I{fmt}.{rnd}.NTZ R{3 + k}, {float(np.float32(v))!r} ;"
                     for k, (rnd, fmt, v) in enumerate(cases))
    res = nv_isa.launch(assemble(nv_isa.db, text + "\nEXIT ;"), engine=engine)
    assert res.ok, res.fault
    w = res.warp()
    want = [_f2i(float(np.float32(v)), rnd, *((0, 2**32 - 1) if fmt else (-2**31, 2**31 - 1)))
            for rnd, fmt, v in cases]
    assert [int(w.R[3 + k][5]) for k in range(len(cases))] == want


def test_f2i_immediate_is_float32_only(nv_isa):
    """Without .F64 (D9-F-2: F2I64_I takes a binary64's high word) the immediate is a float32."""
    with pytest.raises(AsmError, match="immediate source is a float32"):
        assemble(nv_isa.db, "F2I.F16.TRUNC R2, 1.5 ;\nEXIT ;")


@pytest.mark.parametrize("engine", ENGINES)
def test_shf_uniform_high_word(nv_isa, engine):
    """D8-fuzz-2: `SHF.R.W.U32 R15, R18, R13, UR10` -- `__funnelshift_r(lo, hi, n)` with a
    warp-uniform high word takes it from a uniform register (SHF_RRU)."""
    res = nv_isa.launch(assemble(nv_isa.db, """
        S2R R0, SR_LANEID ;
        IADD3 R13, R0, 0x1e, RZ ;
        MOV R18, 0x89abcdef ;
        MOV R2, 0x12345678 ;
        R2UR UR10, R2 ;
        SHF.R.W.U32 R15, R18, R13, UR10 ;
        SHF.L.U64.HI R16, R18, R0, UR10 ;
        SHF.R.S32.HI R17, RZ, R0, UR10 ;
        EXIT ;"""), engine=engine)
    assert res.ok, res.fault
    w = res.warp()
    v = (0x12345678 << 32) | 0x89ABCDEF
    for n in range(32):
        assert int(w.R[15][n]) == (v >> ((n + 30) % 32)) & 0xFFFFFFFF
        assert int(w.R[16][n]) == ((v << n) >> 32) & 0xFFFFFFFF
        assert int(w.R[17][n]) == (0x12345678 >> n)


@pytest.mark.parametrize("engine", ENGINES)
def test_call_to_the_instruction_after_next_is_a_loop_exit(nv_isa, engine):
    """D8-fuzz-3: nvcc for sm_80 ends a loop with `@P1 CALL.REL.NOINC `(.L_x_1) ; BRA `(.L_x_60) ;
    .L_x_1:` -- a jump that never returns.  Lanes leaving through it and lanes that skipped the
    loop meet at the BSYNC and the WARPSYNC after it in the same activation (the call depth of
    decision GA-11 must not grow); before, the warp deadlocked there."""
    res = nv_isa.launch(assemble(nv_isa.db, """
        S2R R0, SR_LANEID ;
        MOV R2, RZ ;
        ISETP.GE.AND P0, PT, R0, 0x10, PT ;
        BSSY B0, `(.L_end) ;
        @P0 BRA `(.L_end) ;
    .L_head:
        IADD3 R2, R2, 0x1, RZ ;
        ISETP.GE.U32.AND P1, PT, R2, R0, PT ;
        @P1 CALL.REL.NOINC `(.L_end) ;
        BRA `(.L_head) ;
    .L_end:
        BSYNC B0 ;
        WARPSYNC 0xffffffff ;
        VOTE.ANY R3, PT, PT ;
        EXIT ;"""), engine=engine)
    assert res.ok, res.fault
    w = res.warp()
    assert [int(w.R[2][n]) for n in range(32)] == [max(n, 1) if n < 16 else 0 for n in range(32)]
    assert [int(w.R[3][n]) for n in range(32)] == [0xFFFFFFFF] * 32


@pytest.mark.parametrize("engine", ENGINES)
def test_ushf_immediate_high_word(nv_isa, engine):
    """D8-fuzz-4: `USHF.R.U32 UR4, UR4, UR4, 0xc630379f` -- the uniform funnel shift's high word
    as an immediate (USHF_RRI), with the count in a uniform register."""
    res = nv_isa.launch(assemble(nv_isa.db, """
        MOV R2, 0x12345678 ;
        R2UR UR4, R2 ;
        MOV R3, 0x24 ;
        R2UR UR5, R3 ;
        USHF.R.U32 UR6, UR4, UR4, 0xc630379f ;
        USHF.L.W.U32.HI UR7, UR4, UR5, 0xc630379f ;
        USHF.R.S64 UR8, UR4, UR5, 0xc630379f ;
        MOV R4, UR6 ;
        MOV R5, UR7 ;
        MOV R6, UR8 ;
        EXIT ;"""), engine=engine)
    assert res.ok, res.fault
    w = res.warp()
    v = (0xC630379F << 32) | 0x12345678
    sv = v - (1 << 64)                                  # .S64: the sign of bit 63
    assert [int(w.R[k][7]) for k in (4, 5, 6)] == [
        (v >> 32) & 0xFFFFFFFF,                         # count 0x12345678 clamped to 32
        ((v << (0x24 % 32)) >> 32) & 0xFFFFFFFF,        # .W: 0x24 mod 32 = 4, the high word
        (sv >> 0x24) & 0xFFFFFFFF]


@pytest.mark.parametrize("engine", ENGINES)
def test_i2f_64_bit_source_immediate(nv_isa, engine):
    """D8-fuzz-7 as corrected by D9-F-3: `I2F.S64 R3, 0x1` is `__ll2float_rn(4294967296ll)` (the
    source of fz2128), `I2F.U64.RM R22, 0x80000000` is `__ull2double_rd(1ull << 63)`: the 32-bit
    immediate is the 64-bit integer's high word (its low word 0), signed for .S64."""
    res = nv_isa.launch(assemble(nv_isa.db, """
        I2F.S64 R3, 0x1 ;
        I2F.S64 R4, 0xfffffffb ;
        I2F.U64 R5, 0xfffffffb ;
        I2F.S64.RZ R6, 0x7fffffff ;
        I2F.F64.S64 R8, 0xfffffffb ;
        I2F.F64.U64.RM R10, 0x80000000 ;
        I2F.F64.S64.RZ R12, -0x100 ;
        EXIT ;"""), engine=engine)
    assert res.ok, res.fault
    w = res.warp()
    f = [float(np.array(int(w.R[k][0]), np.uint32).view(np.float32)) for k in (3, 4, 5, 6)]
    assert f == [2.0 ** 32, -5.0 * 2 ** 32, 2.0 ** 64, float(0x7FFFFF80 << 32)]     # .RZ: 24 bits kept
    d = [float(np.array((int(w.R[k + 1][0]) << 32) | int(w.R[k][0]), np.uint64).view(np.float64)) for k in (8, 10, 12)]
    assert d == [-5.0 * 2 ** 32, 2.0 ** 63, -(2.0 ** 40)]


@pytest.mark.parametrize("engine", ENGINES)
def test_sel64_immediate_is_33_bits(nv_isa, engine):
    """D8-fuzz-8: `SEL.64 R16, RZ, -0xfffffffb, !P0` (sm_120, `(long long)-4294967291`): NVIDIA's
    immediate is its low word plus a sign bit for the high word, so nvdisasm prints 33-bit values."""
    res = nv_isa.launch(assemble(nv_isa.db, """
        S2R R0, SR_LANEID ;
        ISETP.GE.AND P0, PT, R0, 0x10, PT ;
        MOV R20, 0x7 ;
        MOV R21, 0x8 ;
        SEL.64 R2, R20, -0xfffffffb, P0 ;
        SEL.64 R4, RZ, -0x1, !P0 ;
        SEL.64 R6, RZ, 0xffffffff, !P0 ;
        SEL R8, RZ, -0x1, !P0 ;
        SEL R9, RZ, 0xffffffff, !P0 ;
        EXIT ;"""), engine=engine)
    assert res.ok, res.fault
    w = res.warp()

    def pair(k, n):
        return (int(w.R[k + 1][n]) << 32) | int(w.R[k][n])
    assert [pair(2, 0), pair(2, 20)] == [0xFFFFFFFF00000005, 0x0000000800000007]
    assert [pair(4, 20), pair(6, 20), pair(4, 0)] == [2**64 - 1, 0xFFFFFFFF, 0]
    assert [int(w.R[8][20]), int(w.R[9][20])] == [0xFFFFFFFF, 0xFFFFFFFF]


@pytest.mark.parametrize("engine", ENGINES)
def test_up2ur_packs_the_uniform_predicates(nv_isa, engine, batch_fallbacks):
    """D8-fuzz-9: `UP2UR UR39, UPR, URZ, 0x1` (sm_80-sm_120) packs UP0..UP6 into a uniform
    register under a mask, the other bits from URa -- at batch width."""
    res = nv_isa.launch(assemble(nv_isa.db, """
        S2UR UR4, SR_CTAID.X ;
        UISETP.NE.U32.AND UP0, UPT, UR4, 0x1, UPT ;
        UISETP.EQ.U32.AND UP2, UPT, UR4, 0x1, UPT ;
        UISETP.GE.U32.AND UP6, UPT, UR4, 0x0, UPT ;
        MOV R2, 0xabcdef00 ;
        R2UR UR8, R2 ;
        UP2UR UR5, UPR, URZ, 0x1 ;
        UP2UR UR6, UPR, UR8, 0x7f ;
        UP2UR UR7, UPR, URZ, 0x4 ;
        MOV R3, UR5 ;
        MOV R4, UR6 ;
        MOV R5, UR7 ;
        EXIT ;"""), grid=3, engine=engine)
    assert res.ok, res.fault
    for cta in range(3):
        w = res.warp(cta, 0)
        up = (cta != 1) | (cta == 1) << 2 | 1 << 6
        assert [int(w.R[k][3]) for k in (3, 4, 5)] == [up & 1, (0xABCDEF00 & ~0x7F) | up, up & 4]
    assert not batch_fallbacks
