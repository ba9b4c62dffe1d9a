"""Forms found by the sixth discovery round's kernels, written with NVIDIA's CUB (issue 11;
decisions D6-cub-1..): the uniform-predicate guard of uniform instructions, VOTEU without its
ballot, `.RELU` on VIMNMX/VIADDMNMX, UBMSK, UVIMNMX, UPLOP3 and VIMNMX3 on 16-bit halves. Expected values from Python
integers; both engines, two CTAs of several warps."""
from __future__ import annotations

import pytest

from gpuisa.asm.assembler import assemble
from gpuisa.asm.disassembler import disassemble
from gpuisa.errors import AsmError

M32 = 0xFFFFFFFF
ENGINES = ["batched", "reference"]


def _launch(isa, text, engine, grid=2, block=64, **kw):
    res = isa.launch(assemble(isa.db, text + "\nEXIT ;\n"), grid=grid, block=block, engine=engine, **kw)
    assert res.ok, (res.status, res.fault)
    return res


def _s32(v):
    v &= M32
    return v - (1 << 32) if v >> 31 else v


@pytest.mark.parametrize("engine", ENGINES)
def test_uniform_guard(nv_isa, engine):
    """`@!UP0 ULEA UR6, UR5, UR4, 0x18` (sm_120, after `VOTEU.ALL UP0, P1`): a uniform
    instruction's guard is a uniform predicate -- all active lanes execute it or none (D6-cub-1);
    a lane-predicate guard of R2UR keeps its per-lane meaning."""
    res = _launch(nv_isa, """
        S2R R0, SR_LANEID ;
        UMOV UR4, 0x5 ;
        UMOV UR5, 0x7 ;
        UMOV UR6, 0x1 ;
        UMOV UR7, 0x2 ;
        ISETP.GE.AND P1, PT, R0, RZ, PT ;
        ISETP.LT.AND P2, PT, R0, 0x4, PT ;
        VOTEU.ALL UP0, P1 ;
        VOTEU.ALL UP1, P2 ;
        @!UP0 UMOV UR4, 0x9 ;
        @UP0 ULEA UR6, UR5, UR4, 0x18 ;
        @!UP1 ULEA UR7, UR5, UR4, 0x2 ;
        @UP1 UMOV UR7, 0x63 ;
        IADD3 R5, R0, 0x10, RZ ;
        @!P2 R2UR UR8, R5 ;
        MOV R2, UR4 ;
        MOV R3, UR6 ;
        MOV R4, UR7 ;
        MOV R6, UR8 ;""", engine)
    for w in res.warps:
        for lane in range(32):
            assert (int(w.R[2][lane]), int(w.R[3][lane]), int(w.R[4][lane])) == (5, (7 << 24) + 5, (7 << 2) + 5)
            assert int(w.R[6][lane]) == 0x10 + 4        # the lowest lane whose P2 is false


def test_uniform_guard_is_a_uniform_predicate(nv_isa):
    with pytest.raises(AsmError, match="not a uniform predicate"):
        assemble(nv_isa.db, "@P0 ULEA UR6, UR5, UR4, 0x18 ;")
    with pytest.raises(AsmError, match="not a predicate"):
        assemble(nv_isa.db, "@UP0 IADD3 R1, R2, R3, RZ ;")


@pytest.mark.parametrize("engine", ENGINES)
def test_voteu_without_ballot(nv_isa, engine):
    """`VOTEU.ALL UP0, P1`: the ballot register omitted is URZ (D6-cub-2)."""
    res = _launch(nv_isa, """
        S2R R0, SR_LANEID ;
        ISETP.LT.AND P1, PT, R0, 0x20, PT ;
        ISETP.LT.AND P2, PT, R0, 0x3, PT ;
        VOTEU.ALL UP0, P1 ;
        VOTEU.ALL UP1, P2 ;
        VOTEU.ANY UP2, P2 ;
        USEL UR4, URZ, 0x1, !UP0 ;
        USEL UR5, URZ, 0x1, !UP1 ;
        USEL UR6, URZ, 0x1, !UP2 ;
        MOV R2, UR4 ;
        MOV R3, UR5 ;
        MOV R4, UR6 ;""", engine)
    for w in res.warps:
        assert {(int(w.R[2][i]), int(w.R[3][i]), int(w.R[4][i])) for i in range(32)} == {(1, 0, 1)}


@pytest.mark.parametrize("engine", ENGINES)
def test_relu_min_max(nv_isa, engine):
    """`VIMNMX.S32.RELU R12, R11, 0x20, PT` (sm_120) and `VIADDMNMX.RELU R10, R9, R8, 0x20, PT`
    (sm_90) clamp `n - base` to [0, 32]: the signed result, then negative values become 0 (D6-cub-3)."""
    res = _launch(nv_isa, """
        S2R R0, SR_LANEID ;
        MOV R20, 0xffffffc0 ;
        MOV R21, 0x11 ;
        IMAD R11, R0, 0x5, R20 ;
        IMAD R9, R0, -0x3, R21 ;
        MOV R8, 0x7 ;
        VIMNMX.S32.RELU R12, R11, 0x20, PT ;
        VIMNMX.RELU R13, R11, R9, !PT ;
        VIADDMNMX.RELU R10, R9, R8, 0x20, PT ;
        VIADDMNMX.RELU R14, R9, -R8, R11, !PT ;""", engine)
    for w in res.warps:
        for lane in range(32):
            a, b = 5 * lane - 64, 17 - 3 * lane
            want = (max(min(a, 32), 0), max(a, b, 0), max(min(b + 7, 32), 0), max(b - 7, a, 0))
            got = tuple(_s32(int(w.R[r][lane])) for r in (12, 13, 10, 14))
            assert got == want, lane


@pytest.mark.parametrize("engine", ENGINES)
def test_uniform_bmsk_vimnmx_plop3(nv_isa, engine):
    """UBMSK (CUB's radix digit mask `UBMSK UR6, URZ, 0x4`), UVIMNMX (`UVIMNMX.U32 UR6, UR6, 0x5,
    UPT`) and UPLOP3 (`UPLOP3.LUT UP1, UPT, UPT, UPT, UP0, 0x80, 0x8`): BMSK, VIMNMX and PLOP3 on
    the uniform datapath (D6-cub-4)."""
    res = _launch(nv_isa, """
        UMOV UR4, 0x6 ;
        UMOV UR5, 0x1c ;
        UMOV UR9, 0xfffffff0 ;
        UBMSK UR6, URZ, 0x4 ;
        UBMSK UR7, UR5, UR4 ;
        UBMSK.W UR8, UR5, UR4 ;
        UMOV UR15, 0x21 ;
        UBMSK UR10, UR15, UR4 ;
        UVIMNMX.U32 UR11, UR9, 0x5, UPT ;
        UVIMNMX UR12, UR9, 0x5, UPT ;
        UVIMNMX UR13, UR9, UR4, !UPT ;
        UVIMNMX.S32.RELU UR14, UR9, 0x20, UPT ;
        UPLOP3.LUT UP0, UPT, UPT, UPT, UPT, 0x80, 0x8 ;
        UPLOP3.LUT UP1, UP2, UPT, UPT, !UP0, 0x80, 0x40 ;
        UPLOP3.LUT UP3, UPT, !UP1, UP2, UP0, 0xf0, 0x0 ;
        MOV R2, UR6 ;
        MOV R3, UR7 ;
        MOV R4, UR8 ;
        MOV R5, UR10 ;
        MOV R6, UR11 ;
        MOV R7, UR12 ;
        MOV R8, UR13 ;
        MOV R9, UR14 ;
        USEL UR16, URZ, 0x1, !UP0 ;
        USEL UR17, URZ, 0x1, !UP1 ;
        USEL UR18, URZ, 0x1, !UP2 ;
        USEL UR19, URZ, 0x1, !UP3 ;
        MOV R10, UR16 ;
        MOV R11, UR17 ;
        MOV R12, UR18 ;
        MOV R13, UR19 ;""", engine)
    want = [0xF, (0x3F << 28) & M32, (0x3F << 28) & M32, 0, 5, 0xFFFFFFF0, 6, 0,
            1, 0, 1, 1]
    for w in res.warps:
        for lane in range(32):
            assert [int(w.R[r][lane]) for r in range(2, 14)] == want


def _h(v, signed):
    return [((v >> s) & 0xFFFF) - (0x10000 if signed and (v >> s) & 0x8000 else 0) for s in (0, 16)]


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("fmt", ["S16x2", "U16x2"])
def test_vimnmx3_halves(nv_isa, engine, fmt):
    """`VIMNMX3.S16x2 R14, R12, R14, R16, !PT` (sm_90, CUB's BlockReduce<short> maximum): the
    minimum (PT) or maximum of three values in each 16-bit half (D6-cub-5)."""
    res = _launch(nv_isa, f"""
        S2R R0, SR_LANEID ;
        MOV R20, 0x8001fff3 ;
        MOV R21, 0x10007 ;
        MOV R22, 0x7ffe0100 ;
        IMAD R12, R0, R21, R20 ;
        IMAD R14, R0, R20, R22 ;
        IMAD R16, R0, R22, R21 ;
        VIMNMX3.{fmt} R2, R12, R14, R16, !PT ;
        VIMNMX3.{fmt} R3, R12, R14, R16, PT ;
        VIMNMX3.{fmt} R4, R12, 0x80017fff, R16, PT ;""", engine)
    signed = fmt == "S16x2"
    for w in res.warps:
        for lane in range(32):
            a = (lane * 0x10007 + 0x8001FFF3) & M32
            b = (lane * 0x8001FFF3 + 0x7FFE0100) & M32
            c = (lane * 0x7FFE0100 + 0x10007) & M32
            ha, hb, hc, hi = _h(a, signed), _h(b, signed), _h(c, signed), _h(0x80017FFF, signed)
            mx = [max(ha[k], hb[k], hc[k]) & 0xFFFF for k in (0, 1)]
            mn = [min(ha[k], hb[k], hc[k]) & 0xFFFF for k in (0, 1)]
            mi = [min(ha[k], hi[k], hc[k]) & 0xFFFF for k in (0, 1)]
            assert [int(w.R[r][lane]) for r in (2, 3, 4)] == [v[0] | v[1] << 16 for v in (mx, mn, mi)], lane


@pytest.mark.parametrize("text", ["@!UP0 ULEA UR6, UR5, UR4, 0x18 ;", "VOTEU.ALL UP0, P1 ;", "VIMNMX.S32.RELU R12, R11, 0x20, PT ;",
                                  "VIADDMNMX.RELU R10, R9, R8, 0x20, PT ;", "UBMSK UR6, URZ, 0x4 ;", "UBMSK UR4, URZ, UR4 ;",
                                  "UVIMNMX.U32 UR6, UR6, 0x5, UPT ;", "UPLOP3.LUT UP1, UPT, UPT, UPT, UP0, 0x80, 0x8 ;",
                                  "VIMNMX3.S16x2 R14, R12, R14, R16, !PT ;", "VIMNMX3.U16x2 R3, R4, 0x10002, R5, PT ;"])
def test_round_trip(nv_isa, text):
    data = assemble(nv_isa.db, text).data
    line = disassemble(nv_isa.db, data)[0].text
    assert assemble(nv_isa.db, line + " ;").data == data
    assert line.split()[0] == text.split()[0]


@pytest.mark.parametrize("text", ["VIMNMX.U32.RELU R1, R2, R3, PT ;", "VIADDMNMX.U32.RELU R1, R2, R3, R4, PT ;",
                                  "UVIMNMX.U32.RELU UR1, UR2, UR3, UPT ;"])
def test_relu_is_signed_only(nv_isa, text):
    with pytest.raises(AsmError, match="RELU"):
        assemble(nv_isa.db, text)
