"""The uniform datapath ops nvcc emits (uniform.isa) and BRA with a uniform predicate:
expected values from Python integers (CUDA's unsigned/signed 32-bit arithmetic), both engines,
on grids so that the batched engine runs them for several warps at once."""
from __future__ import annotations

import random

import pytest

from gpuisa.asm.assembler import assemble
from gpuisa.asm.disassembler import disassemble

M32 = 0xFFFFFFFF


def s32(v):
    v &= M32
    return v - (1 << 32) if v >> 31 else v


def _run(isa, body, engine, grid=3):
    prog = assemble(isa.db, body + "\nEXIT ;\n")
    res = isa.launch(prog, grid=grid, engine=engine)
    assert res.ok, (res.status, res.fault)
    assert len({tuple(int(v) for v in w.UR[:24]) for w in res.warps}) == 1   # every warp alike
    return res.warps[0]


def _umov(vals):
    return "".join(f"UMOV UR{i}, {v & M32:#x} ;\n" for i, v in vals.items())


@pytest.mark.parametrize("engine", ["reference", "batched"])
@pytest.mark.parametrize("seed", range(3))
def test_uisetp_ulop3_ushf_uflo_uimad(nv_isa, engine, seed):
    r = random.Random(seed)
    a, b, c = (r.choice([0, 1, 2, 31, 0x7FFFFFFF, 0x80000000, M32, r.getrandbits(32)]) for _ in range(3))
    n = r.randrange(0, 40)
    lut = r.randrange(256)
    w = _run(nv_isa, _umov({4: a, 5: b, 6: c, 7: n}) + f"""
        UISETP.LT.AND UP0, UP1, UR4, UR5, UPT ;
        UISETP.LT.U32.AND UP2, UPT, UR4, UR5, UPT ;
        UISETP.GE.U32.OR UP3, UPT, UR4, {b:#x}, !UPT ;
        ULOP3.LUT UR8, UR4, UR5, UR6, {lut:#x}, !UPT ;
        ULOP3.LUT UP4, UR9, UR4, 0xf, URZ, 0xc0, !UPT ;
        USHF.L.U32 UR10, UR4, UR7, URZ ;
        USHF.R.S32.HI UR11, URZ, UR7, UR4 ;
        USHF.R.U64 UR12, UR4, UR7, UR5 ;
        USHF.L.W.U32.HI UR13, UR4, UR7, UR5 ;
        UFLO.U32 UR14, UR4 ;
        UFLO UR15, UR4 ;
        UFLO.U32.SH UR16, UR5 ;
        UIMAD UR17, UR4, UR5, UR6 ;
        UIMAD UR18, UR4, -0x3, UR6 ;
        UIMAD.WIDE.U32 UR20, UR4, UR5, UR6 ;
        UIMAD.WIDE UR22, UR4, UR5, URZ ;
    """, engine)
    UR, UP = [int(v) for v in w.UR], [bool(v) for v in w.UP]
    assert UP[0] == (s32(a) < s32(b)) and UP[1] == (not s32(a) < s32(b))
    assert UP[2] == (a < b) and UP[3] == (a >= b)
    want = 0
    for i in range(32):
        k = (a >> i & 1) << 2 | (b >> i & 1) << 1 | (c >> i & 1)
        want |= (lut >> k & 1) << i
    assert UR[8] == want
    assert UR[9] == a & 0xF and UP[4] == (a & 0xF != 0)
    nc = min(n, 32)
    assert UR[10] == (a << nc) & M32
    assert UR[11] == ((s32(a) >> min(n, 32)) & M32 if n < 32 else (M32 if a >> 31 else 0))
    v64 = (b << 32) | a
    assert UR[12] == (v64 >> min(n, 64)) & M32
    assert UR[13] == (((v64 << (n % 32)) >> 32) & M32)
    assert UR[14] == (a.bit_length() - 1 if a else M32)
    sv = a ^ M32 if a >> 31 else a
    assert UR[15] == (sv.bit_length() - 1 if sv else M32)
    assert UR[16] == (31 - (b.bit_length() - 1) if b else M32)
    assert UR[17] == (a * b + c) & M32
    assert UR[18] == (a * -3 + c) & M32
    w20 = a * b + c            # URc pair UR6:UR7 = c + (n << 32)
    w20 = (a * b + c + (n << 32)) & ((1 << 64) - 1)
    assert UR[20] | UR[21] << 32 == w20
    assert UR[22] | UR[23] << 32 == (s32(a) * s32(b)) & ((1 << 64) - 1)


@pytest.mark.parametrize("engine", ["reference", "batched"])
def test_r2ur_takes_the_lowest_executing_lane(nv_isa, engine):
    w = _run(nv_isa, """
        S2R R0, SR_LANEID ;
        IMAD R1, R0, 0x3, RZ ;
        ISETP.GE.U32.AND P0, PT, R0, 0x5, PT ;
    @P0 R2UR UR4, R1 ;
        R2UR UR5, R1 ;
    """, engine)
    assert int(w.UR[4]) == 15 and int(w.UR[5]) == 0


@pytest.mark.parametrize("engine", ["reference", "batched"])
def test_bra_with_a_uniform_predicate(nv_isa, engine):
    prog = assemble(nv_isa.db, """
        S2R R0, SR_LANEID ;
        UMOV UR4, 0x1 ;
        UISETP.NE.AND UP0, UPT, UR4, URZ, UPT ;
        MOV R1, 0x1 ;
        BRA.U !UP0, `(skip) ;
        MOV R1, 0x2 ;
    skip:
        BRA.U UP0, `(skip2) ;
        MOV R2, 0x3 ;
    skip2:
        EXIT ;
    """)
    res = nv_isa.launch(prog, grid=3, engine=engine)
    assert res.ok
    assert all(list(w.R[1]) == [2] * 32 and list(w.R[2]) == [0] * 32 for w in res.warps)


@pytest.mark.parametrize("engine", ["reference", "batched"])
def test_r2ur_broadcast_in_an_elect_loop(nv_isa, engine):
    """sm_120's R2UR.BROADCAST (decision D9-G-1): nvcc's waterfall around a one-lane bulk copy,
    `@P0 ELECT P1, URZ, PT; @P1 R2UR.BROADCAST UR6, R6; @P1 PLOP3.LUT P0, ...; @P0 BRA.U.ANY`:
    each pass elects the lowest remaining lane, whose register goes to UR6; summed over the
    passes (UIADD3) it is the sum of every lane's 3 * lane + 1, 32 passes in all."""
    w = _run(nv_isa, """
        S2R R0, SR_LANEID ;
        IMAD R6, R0, 0x3, RZ ;
        IADD3 R6, R6, 0x1, RZ ;
        UMOV UR4, URZ ;
        UMOV UR5, URZ ;
        PLOP3.LUT P0, PT, PT, PT, PT, 0x80, 0x8 ;
    loop:
    @P0 ELECTU P1, URZ, PT ;
    @P1 R2UR.BROADCAST UR6, R6 ;
    @P1 PLOP3.LUT P0, PT, P1, PT, PT, 0x8, 0x80 ;
        PLOP3.LUT P1, PT, PT, PT, PT, 0x8, 0x80 ;
        UIADD3 UR4, UR4, UR6, URZ ;
        UIADD3 UR5, UR5, 0x1, URZ ;
    @P0 BRA.U.ANY `(loop) ;
    """, engine)
    assert int(w.UR[4]) == sum(3 * i + 1 for i in range(32)) and int(w.UR[5]) == 32


def test_forms_print_as_nvdisasm(nv_isa):
    lines = ["UISETP.GE.U32.AND UP0, UPT, UR8, 0x2, UPT", "UISETP.NE.AND UP0, UPT, UR4, URZ, UPT",
             "ULOP3.LUT UP1, UR7, UR5, 0xf, URZ, 0xc0, !UPT", "ULOP3.LUT UR8, UR6, 0xf, URZ, 0xc0, !UPT",
             "USHF.R.U32.HI UR4, URZ, 0x4, UR4", "USHF.L.U32 UR4, UR4, 0x2, URZ", "UFLO.U32 UR4, UR4",
             "UIMAD UR4, UR4, UR5, URZ", "UIMAD.WIDE.U32 UR6, UR6, UR7, URZ", "R2UR UR10, R1",
             "R2UR.BROADCAST UR6, R6",
             "BRA.U !UP0, 0x1e0", "BRA.U UP0, 0x1220"]
    prog = assemble(nv_isa.db, "".join(f"{ln} ;\n" for ln in lines))
    assert [d.text for d in disassemble(nv_isa.db, prog.data)] == lines


@pytest.mark.parametrize("engine", ["reference", "batched"])
def test_r2ur_predicate_marks_the_lanes_not_holding_the_value(nv_isa, engine):
    """Pu: the lanes whose Ra differs from the value written (lane 0's), none for a uniform Ra;
    a tile mask 0xf << (lane & ~3) (cg::tiled_partition<4>) is false in lanes 0..3 only (D3-2 as
    revised by D8-sync-6: nvcc's waterfall loop `R2UR P3, UR6, R10; @!P3 ARRIVES [UR6]; @P3 BRA`)."""
    w = _run(nv_isa, """
        S2R R0, SR_LANEID ;
        MOV R1, 0x7 ;
        R2UR P0, URZ, R1 ;
        R2UR P1, UR4, R0 ;
        LOP3.LUT R2, R0, 0xfffffffc, RZ, 0xc0, !PT ;
        MOV R3, 0xf ;
        SHF.L.U32 R3, R3, R2, RZ ;
        R2UR P2, UR5, R3 ;
    """, engine)
    assert not any(w.P[0]) and [bool(v) for v in w.P[1]] == [False] + [True] * 31 and int(w.UR[4]) == 0
    assert [bool(v) for v in w.P[2]] == [False] * 4 + [True] * 28 and int(w.UR[5]) == 0xF


@pytest.mark.parametrize("engine", ["reference", "batched"])
def test_ldcu_128_and_a_zero_uniform_offset(nv_isa, engine):
    """sm_120's `LDCU.128 UR8, c[0x0][0x10]` (four registers) and `LDCU.64 UR4, c[0x4][URZ]`."""
    prog = assemble(nv_isa.db, "LDCU.128 UR8, c[0x0][0x10] ;\nLDCU.64 UR4, c[0x0][URZ] ;\nEXIT ;\n")
    res = nv_isa.launch(prog, grid=2, engine=engine, const={0: list(range(100, 116))})
    assert res.ok
    for w in res.warps:
        assert [int(v) for v in w.UR[4:6]] == [100, 101] and [int(v) for v in w.UR[8:12]] == [104, 105, 106, 107]


@pytest.mark.parametrize("engine", ["reference", "batched"])
def test_upopc_ui2fp_uffma_and_subword_ldcu(nv_isa, engine):
    """UPOPC, UI2FP, UFFMA (sm_120's uniform float FMA) and LDCU.U16/.S16/.U8, against Python
    ints and numpy float32 (a*b+c exact in float64 here, so rounding it once is the reference)."""
    import struct

    import numpy as np
    prog = assemble(nv_isa.db, """
        UMOV UR4, 0x40400000 ;
        UMOV UR5, 0x40000000 ;
        UFFMA UR6, UR5, -UR4, 1 ;
        UFFMA UR7, -UR4, UR5, 0.3333333432674407959 ;
        UMOV UR8, 0xf0f0 ;
        UPOPC UR9, UR8 ;
        UPOPC UR10, ~UR8 ;
        UMOV UR11, 0xfffffff9 ;
        UI2FP.F32.U32 UR12, UR11 ;
        UI2FP.F32.S32 UR13, UR11 ;
        LDCU.U16 UR14, c[0x0][0x2] ;
        LDCU.S16 UR15, c[0x0][0x6] ;
        LDCU.U8 UR16, c[0x0][0x3] ;
        EXIT ;
    """)
    res = nv_isa.launch(prog, grid=2, engine=engine, const={0: [0x12345678, 0x9ABCDEF0]})
    assert res.ok
    w = res.warps[1]

    def f32(k):
        return struct.unpack("<f", struct.pack("<I", int(w.UR[k])))[0]
    third = float(np.float32(0.3333333432674407959))
    assert f32(6) == 2.0 * -3.0 + 1.0 and f32(7) == float(np.float32(-3.0 * 2.0 + third))
    assert int(w.UR[9]) == 8 and int(w.UR[10]) == 24
    assert f32(12) == float(np.float32(0xFFFFFFF9)) and f32(13) == -7.0
    assert [int(v) for v in w.UR[14:17]] == [0x1234, 0xFFFF9ABC, 0x12]


@pytest.mark.parametrize("engine", ["reference", "batched"])
def test_ubrev(nv_isa, engine):
    """UBREV (decision D7-simt-2: nvcc's `31 - __clz(mask)` of a uniform mask on sm_80+), against
    the bit reversal done with a Python string; one form with an executing lane, one without."""
    prog = assemble(nv_isa.db, """
        UMOV UR5, 0x80000013 ;
        UBREV UR4, UR5 ;
        UBREV UR6, 0x1 ;
        UMOV UR7, 0x7 ;
        @!UPT UBREV UR7, UR5 ;
        EXIT ;
    """)
    res = nv_isa.launch(prog, grid=2, engine=engine)
    assert res.ok
    w = res.warps[1]
    assert int(w.UR[4]) == int(f"{0x80000013:032b}"[::-1], 2) == 0xC8000001
    assert int(w.UR[6]) == 0x80000000 and int(w.UR[7]) == 7


@pytest.mark.parametrize("engine", ["reference", "batched"])
@pytest.mark.parametrize("c, d", [(128, 4), (0xFFFFFFFF, 7)])
def test_uimad_hi_adds_the_urc_pair(nv_isa, engine, c, d):
    """UIMAD.HI adds the 64-bit pair URc:URc+1, as IMAD.HI (decision D9-L-1): sm_120's unsigned
    division of two uniform values (llm.c's head size `C / NH` of kernel parameters), the Newton
    step `UIMAD.HI.U32 UR6, UR7, UR4, UR6` with UR6 = 0 and UR7 the reciprocal estimate, then the
    quotient estimate and nvcc's two corrections; the old 32-bit URc gave 128 / 4 = 2."""
    w = _run(nv_isa, _umov({8: d, 10: c}) + """
        UI2F.U32.RP UR5, UR8 ;
        MUFU.RCP R4, UR5 ;
        R2UR UR5, R4 ;
        UIADD3 UR5, UPT, UPT, UR5, 0xffffffe, URZ ;
        UF2I.FTZ.U32.TRUNC.NTZ UR7, UR5 ;
        UMOV UR6, URZ ;
        UIADD3 UR4, UPT, UPT, URZ, -UR7, URZ ;
        UIMAD UR4, UR4, UR8, URZ ;
        UIMAD.HI.U32 UR6, UR7, UR4, UR6 ;
        UMOV UR12, UR6 ;
        UIMAD.WIDE.U32 UR6, UR6, UR10, URZ ;
        UIADD3 UR6, UPT, UPT, -UR7, URZ, URZ ;
        UIMAD UR6, UR8, UR6, UR10 ;
        UISETP.GE.U32.AND UP2, UPT, UR6, UR8, UPT ;
        @UP2 UIADD3 UR6, UPT, UPT, UR6, -UR8, URZ ;
        @UP2 UIADD3 UR7, UPT, UPT, UR7, 0x1, URZ ;
        UISETP.GE.U32.AND UP3, UPT, UR6, UR8, UPT ;
        @UP3 UIADD3 UR7, UPT, UPT, UR7, 0x1, URZ ;
        UMOV UR13, 0x9 ;
        UMOV UR14, 0x1 ;
        UIMAD.HI.U32 UR15, UR10, UR8, UR13 ;
    """, engine)
    UR = [int(v) for v in w.UR]
    assert UR[7] == c // d                               # the quotient
    assert UR[15] == ((c * d + (1 << 32) + 9) >> 32) & M32   # pair UR13:UR14 = 9 + 2^32


@pytest.mark.parametrize("engine", ["reference", "batched"])
def test_uimad_hi_carry_out_is_bit_64(nv_isa, engine):
    """UIMAD.HI with UPu (decision D11-F-5): nvcc -maxrregcount=16 for sm_120 takes the high word of a
    128-bit product as `UIMAD.HI.U32 UR4, UP0, UR8, UR6, UR4` (URc the pair UR4:UR5) then `USEL UR5,
    URZ, 0x1, !UP0`: the sum is p + URc.64 (+ UPp with .X), URd its bits 63..32, UPu its bit 64."""
    a, b, c = 0xC0000001, 0xFFFFFFF0, 0x8000_0000_0000_0000 | 0x12345
    p = a * b
    w = _run(nv_isa, _umov({8: a, 6: b, 4: c, 5: c >> 32, 10: 0x3FFFFFFF, 11: 0x4}) + """
        UIMAD.HI.U32 UR12, UP0, UR8, UR6, UR4 ;
        USEL UR13, URZ, 0x1, !UP0 ;
        UIMAD.HI.U32 UR14, UP1, UR10, UR11, UR4 ;
        USEL UR15, URZ, 0x1, !UP1 ;
        UISETP.NE.U32.AND UP2, UPT, URZ, 0x1, UPT ;
        UIMAD.HI.U32.X UR16, UP3, UR8, UR6, UR4, UP2 ;
        USEL UR17, URZ, 0x1, !UP3 ;
    """, engine)
    UR = [int(v) for v in w.UR]
    assert (UR[12], UR[13]) == (((p + c) >> 32) & M32, (p + c) >> 64)
    q = 0x3FFFFFFF * 4
    assert (UR[14], UR[15]) == (((q + c) >> 32) & M32, (q + c) >> 64)
    assert (UR[16], UR[17]) == (((p + c + 1) >> 32) & M32, (p + c + 1) >> 64)


@pytest.mark.parametrize("engine", ["reference", "batched"])
def test_uffma_absolute_value_sources(nv_isa, engine):
    """UFFMA's `|x|` sources (nvcc for sm_120, Rodinia's myocyte: `UFFMA UR7, -|UR28|, UR6, UR5`, refused
    as "operand ura does not take the prefix '|'" before decision D17-R-4), each register source,
    with and without `-`, and the form's round trip through the disassembler."""
    import struct

    import numpy as np
    text = """
        UMOV UR4, 0xc0400000 ;
        UMOV UR5, 0xc0000000 ;
        UMOV UR6, 0xbf800000 ;
        UFFMA UR7, -|UR4|, UR5, UR6 ;
        UFFMA UR8, |UR4|, -3, UR6 ;
        UFFMA UR9, UR4, |UR5|, |UR6| ;
        UFFMA UR10, -|UR4|, -|UR5|, 0.25 ;
        EXIT ;
    """
    prog = assemble(nv_isa.db, text)
    listing = "\n".join(d.text for d in disassemble(nv_isa.db, prog.data))
    assert "-|UR4|, UR5, UR6" in listing and "UR4, |UR5|, |UR6|" in listing and "-|UR4|, -|UR5|, 0.25" in listing
    res = nv_isa.launch(prog, grid=1, engine=engine)
    assert res.ok
    w = res.warps[0]

    def f32(k):
        return struct.unpack("<f", struct.pack("<I", int(w.UR[k])))[0]
    a, b, c = -3.0, -2.0, -1.0                      # exact in binary32: the results are too
    assert [f32(k) for k in (7, 8, 9, 10)] == [
        float(np.float32(-abs(a) * b + c)), float(np.float32(abs(a) * -3 + c)),
        float(np.float32(a * abs(b) + abs(c))), float(np.float32(-abs(a) * -abs(b) + 0.25))]
