"""Forms found by tiny directed kernels of every type and intrinsic on every target (session 8,
decisions D8-tiny-N).  Expectations computed with numpy float16 / Python integers."""
from __future__ import annotations

import numpy as np
import pytest

from gpuisa.asm.assembler import assemble
from gpuisa.asm.disassembler import disassemble
from gpuisa.asm.lexer import blank_listing_noise

ENGINES = ["batched", "reference"]


def _h(bits: int) -> float:
    return float(np.array(bits & 0xFFFF, np.uint16).view(np.float16))


@pytest.mark.parametrize("engine", ENGINES)
def test_cs2r_32(nv_isa, engine):
    """D8-tiny-1: `CS2R.32 R0, SR_CLOCKLO` (sm_100+, a 32-bit clock()): the low 32 bits of the
    64-bit register into one register; the next register is not written."""
    res = nv_isa.launch(assemble(nv_isa.db, """
        MOV R1, 0x1234 ;
        MOV R5, 0x5678 ;
        CS2R R2, SR_CLOCKLO ;
        CS2R.32 R0, SR_CLOCKLO ;
        CS2R.32 R4, SRZ ;
        EXIT ;"""), engine=engine)
    assert res.ok, res.fault
    w = res.warp()
    assert int(w.R[1][0]) == 0x1234 and int(w.R[5][0]) == 0x5678 and int(w.R[4][0]) == 0
    assert int(w.R[2][0]) < int(w.R[0][0]) < 1 << 32           # the clock grows between the reads
    assert [d.text for d in disassemble(nv_isa.db, assemble(nv_isa.db, "CS2R.32 R0, SR_CLOCKLO ;").data)][0] \
        .startswith("CS2R.32 R0, SR_CLOCKLO")


@pytest.mark.parametrize("engine", ENGINES)
def test_cs2ur_32(nv_isa, engine):
    """D9-S-3: `CS2UR.32 UR6, SR_CLOCKLO` (sm_120: a 32-bit clock() in the uniform datapath, the
    cuda-samples' clockBlock): the low 32 bits into one uniform register, UR7 untouched."""
    res = nv_isa.launch(assemble(nv_isa.db, """
        UMOV UR7, 0x5678 ;
        CS2UR UR8, SR_CLOCKLO ;
        CS2UR.32 UR6, SR_CLOCKLO ;
        MOV R0, UR6 ;
        MOV R1, UR7 ;
        MOV R2, UR8 ;
        MOV R3, UR9 ;
        EXIT ;"""), engine=engine)
    assert res.ok, res.fault
    w = res.warp()
    assert int(w.R[1][0]) == 0x5678 and int(w.R[3][0]) == 0
    assert int(w.R[2][0]) < int(w.R[0][0]) < 1 << 32           # the clock grows between the reads
    assert [d.text for d in disassemble(nv_isa.db, assemble(nv_isa.db, "CS2UR.32 UR6, SR_CLOCKLO ;").data)][0] \
        .startswith("CS2UR.32 UR6, SR_CLOCKLO")


@pytest.mark.parametrize("engine", ENGINES)
def test_hfma2_hmnmx2_constant_and_uniform_halves(nv_isa, engine):
    """D8-tiny-2: `__half`/`__nv_bfloat16` kernel parameters read in place by HFMA2 (as the
    multiplier or the addend) and HMNMX2: a constant with a half selector (sm_75-sm_89) or a
    uniform register with one (sm_90+), nvdisasm's spellings, both engines."""
    text = blank_listing_noise("""
        S2R R0, SR_LANEID ;
        I2F.F16 R0, R0 ;
        MOV R9, 0x4200bc00 ;
        R2UR UR4, R9 ;
        HFMA2 R3, R0.H0_H0, c[0x0] [0x0].H1_H1, R0.H0_H0 ;
        HFMA2 R4, R0.H0_H0, R0.H0_H0, c[0x0] [0x0].H0_H0 ;
        HFMA2 R5, R0.H0_H0, UR4.H0_H0, R0.H0_H0 ;
        HFMA2 R6, -R0.H0_H0, R0.H0_H0, UR4.H1_H1 ;
        HFMA2 R7, R0, c[0x0] [0x0], RZ ;
        HMNMX2 R8, R0.H0_H0, c[0x0] [0x0].H1_H1, !PT ;
        HMNMX2 R10, R0.H0_H0, UR4.H1_H1, PT ;
        MOV R12, 0x3fc0 ;
        HFMA2.BF16_V2 R11, R12.H0_H0, c[0x0] [0x4].H0_H0, -RZ.H0_H0 ;
        EXIT ;""")
    res = nv_isa.launch(assemble(nv_isa.db, text), params=[0x4200bc00, 0x4040], engine=engine)
    assert res.ok, res.fault
    w = res.warp()
    for lane in range(32):
        r = {k: int(w.R[k][lane]) for k in (3, 4, 5, 6, 7, 8, 10, 11)}
        assert _h(r[3]) == _h(r[3] >> 16) == 4.0 * lane
        assert _h(r[4]) == lane * lane - 1.0 and _h(r[5]) == 0.0 and _h(r[6] >> 16) == 3.0 - lane * lane
        assert _h(r[7]) == -lane
        assert _h(r[8]) == max(lane, 3) and _h(r[10]) == min(lane, 3)
        assert r[11] & 0xFFFF == 0x4090                          # bfloat16 1.5 * 3.0 = 4.5
    for line, want in (("HFMA2 R3, R0.H0_H0, c[0x0] [0x16c].H1_H1, R2.H0_H0 ;", "HFMA2.H1_H1 R3, R0.H0_H0, c[0x0][0x16c], R2.H0_H0"),
                       ("HFMA2.BF16_V2 R0, R2.H0_H0, R3.H1_H1, c[0x0] [0x160].H1_H1 ;",
                        "HFMA2.BF16_V2.H1_H1 R0, R2.H0_H0, R3.H1_H1, c[0x0][0x160]"),
                       ("HFMA2 R5, R2.H0_H0, R4.H0_H0, UR6.H0_H0 ;", "HFMA2.H0_H0 R5, R2.H0_H0, R4.H0_H0, UR6"),
                       ("HMNMX2.BF16_V2 R0, R2.H0_H0, UR4.H0_H0, !PT ;", "HMNMX2.BF16_V2.H0_H0 R0, R2.H0_H0, UR4, !PT")):
        prog = assemble(nv_isa.db, blank_listing_noise(line))
        assert [d.text for d in disassemble(nv_isa.db, prog.data)][0].startswith(want), line


def test_kparam_info_v2():
    """D8-tiny-3: a parameter list over 4 KiB is described by EIATTR_KPARAM_INFO_V2 (0x45: ordinal,
    offset and a whole 16-bit size), next to EIATTR_PARAM_CBANK's offset (0x1a80 on sm_75-sm_89);
    the bytes of nvcc 13's `.nv.info` for `k(const __grid_constant__ struct {int v[1500];}, int *, int *)`."""
    from gpuisa.cuda.module import KernelInfo, parse_nv_info

    def v2(ordinal, offset, size):
        return bytes([0x04, 0x45, 12, 0]) + (0).to_bytes(4, "little") + ordinal.to_bytes(2, "little") \
            + offset.to_bytes(2, "little") + size.to_bytes(2, "little") + bytes(2)
    data = bytes([0x04, 0x0A, 8, 0]) + bytes(4) + (0x1A80).to_bytes(2, "little") + (0x1780).to_bytes(2, "little") \
        + bytes([0x03, 0x19]) + (0x1780).to_bytes(2, "little") + v2(2, 0x1778, 8) + v2(1, 0x1770, 8) + v2(0, 0, 0x1770)
    k = KernelInfo("k")
    parse_nv_info(data, k, "t")
    assert k.param_base == 0x1A80 and k.param_size == 0x1780
    assert [(p.ordinal, p.offset, p.size) for p in k.params or []] == [(0, 0, 6000), (1, 6000, 8), (2, 6008, 8)]


@pytest.mark.parametrize("engine", ENGINES)
def test_uf2f(nv_isa, engine):
    """D8-tiny-4: UF2F (sm_120/sm_121: `__float2half`/`__float2bfloat16` of a float kernel parameter
    in the uniform datapath), F2F's conversions on a uniform source; a false guard writes nothing."""
    res = nv_isa.launch(assemble(nv_isa.db, """
        UMOV UR4, 0xc77fff80 ;
        UMOV UR5, 0x3f808000 ;
        UMOV UR6, 0x7fc00001 ;
        UF2F.F16.F32 UR8, UR4 ;
        UF2F.BF16.F32 UR9, UR5 ;
        UF2F.BF16.F32 UR10, -UR6 ;
        UF2F.F64.F32 UR12, -|UR4| ;
        UF2F.F32.F64.RZ UR11, UR12 ;
        UF2F.F16.F32.RZ UR14, UR4 ;
        UISETP.NE.AND UP0, UPT, URZ, URZ, UPT ;
        @UP0 UF2F.F16.F32 UR15, UR5 ;
        MOV R0, UR8 ;
        MOV R1, UR9 ;
        MOV R2, UR10 ;
        MOV R3, UR11 ;
        MOV R4, UR12 ;
        MOV R5, UR13 ;
        MOV R6, UR14 ;
        MOV R7, UR15 ;
        EXIT ;"""), engine=engine)
    assert res.ok, res.fault
    w = res.warp()
    got = [int(w.R[k][0]) for k in range(8)]
    # -65535.5 rounds to -inf in binary16 (RN) and to -65504 (RZ); 1.00390625 is a bfloat16 tie: to even
    assert got[0] == 0xFC00 and got[6] == 0xFBFF and got[1] == 0x3F80 and got[2] == 0x7FFF
    assert (got[5] << 32 | got[4]) == int(np.array(-65535.5, np.float64).view(np.uint64))
    assert got[3] == 0xC77FFF80 and got[7] == 0


@pytest.mark.parametrize("engine", ENGINES)
def test_ui2f_half(nv_isa, engine):
    """D8-tiny-7: `UI2F.F16 UR4, UR4` (sm_120/sm_121: `__int2half_rn` of an int kernel parameter) and
    `.BF16`: the integer rounded once to binary16 / bfloat16 in the rounding mode, zero-extended."""
    res = nv_isa.launch(assemble(nv_isa.db, """
        UMOV UR4, 0x801 ;
        UMOV UR5, 0xfffeee90 ;
        UMOV UR6, 0x10001 ;
        UI2F.F16 UR8, UR4 ;
        UI2F.F16 UR9, UR5 ;
        UI2F.F16.RZ UR10, UR5 ;
        UI2F.BF16 UR11, UR6 ;
        UI2F.BF16.U32.RP UR12, UR6 ;
        MOV R0, UR8 ;
        MOV R1, UR9 ;
        MOV R2, UR10 ;
        MOV R3, UR11 ;
        MOV R4, UR12 ;
        EXIT ;"""), engine=engine)
    assert res.ok, res.fault
    w = res.warp()
    # 2049 is a binary16 tie (to even: 2048); -70000 overflows to -inf (RN) or -65504 (RZ);
    # 65537 rounds to 65536 in bfloat16 (RN) and up to 65536 + 512 (RP)
    assert [int(w.R[k][0]) for k in range(5)] == [0x6800, 0xFC00, 0xFBFF, 0x4780, 0x4781]


@pytest.mark.parametrize("engine", ENGINES)
def test_uf2i_16bit_sources_and_results(nv_isa, engine):
    """D8-tiny-8: `UF2I.S16.F16.TRUNC.NTZ UR4, UR4` (sm_120/sm_121: `__half2short_rz` of a `__half`
    kernel parameter): F2I's 16-bit sources (`.F16`, `.BF16`) and 16/8-bit saturated results."""
    res = nv_isa.launch(assemble(nv_isa.db, """
        UMOV UR4, 0xf8e2 ;
        UMOV UR5, 0x5e1a ;
        UMOV UR6, 0x43480000 ;
        UMOV UR7, 0x4349 ;
        UF2I.S16.F16.TRUNC.NTZ UR8, UR4 ;
        UF2I.S16.F16.TRUNC.NTZ UR9, UR5 ;
        UF2I.U8.BF16.CEIL UR10, UR7 ;
        UF2I.F16.NTZ UR11, -UR4 ;
        UF2I.S8.TRUNC.NTZ UR12, UR6 ;
        MOV R0, UR8 ;
        MOV R1, UR9 ;
        MOV R2, UR10 ;
        MOV R3, UR11 ;
        MOV R4, UR12 ;
        EXIT ;"""), engine=engine)
    assert res.ok, res.fault
    w = res.warp()
    # 0xf8e2 is -40000 in binary16: -32768 as .S16, 40000 as S32 of its negation; 0x5e1a is 390.5:
    # 390; the bfloat16 0x4349 is 201: 201 as .U8 (CEIL of an integer); 200.0f saturates to 127 as .S8
    assert [int(w.R[k][0]) for k in range(5)] == [0xFFFF8000, 390, 201, 40000, 127]


@pytest.mark.parametrize("engine", ENGINES)
def test_hset2_constant_and_uniform_and_ufrnd_half(nv_isa, engine):
    """D8-tiny-9: `HSET2.BF.LT.AND R0, R2, c[0x0] [0x4], PT` (`__hlt2` of `__half2` kernel parameters,
    sm_75-sm_89) and the uniform form; D8-tiny-10: `UFRND.F16.TRUNC UR4, UR4` / `UFRND.BF16` (sm_120:
    `htrunc`/`hrint` of a 16-bit float parameter), zero-extended, NaN -> 0x7fff."""
    text = blank_listing_noise("""
        MOV R2, 0xbc004200 ;
        R2UR UR4, R2 ;
        HSET2.BF.LT.AND R0, R2, c[0x0] [0x4], PT ;
        HSET2.NE.AND R1, R2.H0_H0, UR4.H1_H1, PT ;
        UMOV UR6, 0xc100 ;
        UMOV UR7, 0x3fc0 ;
        UMOV UR8, 0x7e01 ;
        UFRND.F16.TRUNC UR9, UR6 ;
        UFRND.BF16 UR10, UR7 ;
        UFRND.F16.FLOOR UR11, -UR6 ;
        UFRND.F16 UR12, UR8 ;
        MOV R3, UR9 ;
        MOV R4, UR10 ;
        MOV R5, UR11 ;
        MOV R6, UR12 ;
        EXIT ;""")
    res = nv_isa.launch(assemble(nv_isa.db, text), params=[0, 0x3C00C000], engine=engine)
    assert res.ok, res.fault
    w = res.warp()
    # (3.0, -1.0) < (-2.0, 1.0): (false, true) as binary16 0.0 / 1.0; 3.0 != -1.0 in both positions;
    # trunc(-2.5) = -2, rint(1.5 bf16) = 2, floor(2.5) = 2, a NaN stays the canonical NaN
    assert [int(w.R[k][0]) for k in range(7)][:2] == [0x3C000000, 0xFFFFFFFF]
    assert [int(w.R[k][0]) for k in (3, 4, 5, 6)] == [0xC000, 0x4000, 0x4000, 0x7FFF]


@pytest.mark.parametrize("engine", ENGINES)
def test_fset_uniform_and_absolute_half_constant(nv_isa, engine):
    """D8-tiny-11: `FSET.BF.GE.AND R0, R2, UR4, PT` (sm_80-sm_89, `__hle2` of bf16x2 parameters) and
    nvdisasm's `|c[0x0] [0x160].H0_H0|` (`__habs` of a `__half` parameter: the bar closes after the
    selector)."""
    text = blank_listing_noise("""
        S2R R0, SR_LANEID ;
        I2F R2, R0 ;
        MOV R3, 0x40a00000 ;
        R2UR UR4, R3 ;
        FSET.BF.GE.AND R4, R2, UR4, PT ;
        FSET.LT.AND R5, R2, -UR4, PT ;
        HADD2 R6, -RZ.H0_H0, |c[0x0] [0x0].H1_H1| ;
        EXIT ;""")
    res = nv_isa.launch(assemble(nv_isa.db, text), params=[0xC3004000], engine=engine)
    assert res.ok, res.fault
    w = res.warp()
    for lane in range(32):
        assert int(w.R[4][lane]) == (0x3F800000 if lane >= 5 else 0) and int(w.R[5][lane]) == 0
        assert int(w.R[6][lane]) & 0xFFFF == 0x4300           # |-3.5| = 3.5 in binary16
