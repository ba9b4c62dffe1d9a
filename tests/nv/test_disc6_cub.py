"""Forms found by the sixth discovery round's kernels, written with NVIDIA's CUB (issue 11;
decisions D6-cub-1..): the uniform-predicate guard of uniform instructions, VOTEU without its
ballot, `.RELU` on VIMNMX/VIADDMNMX, UBMSK, UVIMNMX, UPLOP3, VIMNMX3 on 16-bit halves and
IADD.64's carry out and in (128-bit integers on sm_120), I2F.BF16 and HSETP2.BF16_V2. Expected values from Python
integers; both engines, two CTAs of several warps."""
from __future__ import annotations

import struct

import pytest

from gpuisa.asm.assembler import assemble
from gpuisa.asm.disassembler import disassemble
from gpuisa.errors import AsmError

from .conftest import launch_text

M32 = 0xFFFFFFFF
ENGINES = ["batched", "reference"]


def _launch(isa, text, engine, grid=2, block=64, **kw):
    return launch_text(isa, text, engine, grid=grid, block=block, **kw)


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


#: three per-lane values in R12, R14, R16 for the VIMNMX3 tests (:func:`_three` computes them)
_THREE = """
        S2R R0, SR_LANEID ;
        MOV R20, 0x8001fff3 ;
        MOV R21, 0x10007 ;
        MOV R22, 0x7ffe0100 ;
        IMAD R12, R0, R21, R20 ;
        IMAD R14, R0, R20, R22 ;
        IMAD R16, R0, R22, R21 ;
"""


def _three(lane):
    return ((lane * 0x10007 + 0x8001FFF3) & M32, (lane * 0x8001FFF3 + 0x7FFE0100) & M32,
            (lane * 0x7FFE0100 + 0x10007) & M32)


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("fmt", ["S16x2", "U16x2"])
def test_vimnmx3_halves(nv_isa, engine, fmt):
    """`VIMNMX3.S16x2 R14, R12, R14, R16, !PT` (sm_90, CUB's BlockReduce<short> maximum): the
    minimum (PT) or maximum of three values in each 16-bit half (D6-cub-5)."""
    res = _launch(nv_isa, _THREE + f"""
        VIMNMX3.{fmt} R2, R12, R14, R16, !PT ;
        VIMNMX3.{fmt} R3, R12, R14, R16, PT ;
        VIMNMX3.{fmt} R4, R12, 0x80017fff, R16, PT ;""", engine)
    signed = fmt == "S16x2"
    for w in res.warps:
        for lane in range(32):
            a, b, c = _three(lane)
            ha, hb, hc, hi = _h(a, signed), _h(b, signed), _h(c, signed), _h(0x80017FFF, signed)
            mx = [max(ha[k], hb[k], hc[k]) & 0xFFFF for k in (0, 1)]
            mn = [min(ha[k], hb[k], hc[k]) & 0xFFFF for k in (0, 1)]
            mi = [min(ha[k], hi[k], hc[k]) & 0xFFFF for k in (0, 1)]
            assert [int(w.R[r][lane]) for r in (2, 3, 4)] == [v[0] | v[1] << 16 for v in (mx, mn, mi)], lane


@pytest.mark.parametrize("engine", ENGINES)
def test_vimnmx3_relu(nv_isa, engine):
    """Regression (D8-3): `VIMNMX3.RELU R12, R12, R13, R14, !PT` (sm_90, HeCBench's Smith-Waterman
    `max(max(a, b), max(c, 0))`) and the DPX `_relu` forms, refused before: the signed minimum or
    maximum of three, then negative results (halves) become 0."""
    res = _launch(nv_isa, _THREE + """
        VIMNMX3.RELU R2, R12, R14, R16, !PT ;
        VIMNMX3.RELU R3, R12, R14, R16, PT ;
        VIMNMX3.S16x2.RELU R4, R12, R14, R16, PT ;
        VIMNMX3.RELU R5, R12, -0x5, R16, !PT ;""", engine)
    for w in res.warps:
        for lane in range(32):
            a, b, c = _three(lane)
            sa, sb, sc = _s32(a), _s32(b), _s32(c)
            ha, hb, hc = _h(a, True), _h(b, True), _h(c, True)
            mn = [max(min(ha[k], hb[k], hc[k]), 0) for k in (0, 1)]
            want = [max(sa, sb, sc, 0), max(min(sa, sb, sc), 0), mn[0] | mn[1] << 16, max(sa, -5, sc, 0)]
            assert [int(w.R[r][lane]) for r in (2, 3, 4, 5)] == want, lane
    with pytest.raises(AsmError, match="RELU"):
        assemble(nv_isa.db, "VIMNMX3.U32.RELU R2, R12, R14, R16, PT ;")


M64 = (1 << 64) - 1


@pytest.mark.parametrize("engine", ENGINES)
def test_iadd64_carry_128_bit(nv_isa, engine):
    """sm_120's `__int128` arithmetic (CUB's WarpReduce<__int128>): `IADD.64 RZ, P0, Ra, Rb` writes
    only the carry, `IADD.64.X Rd, Ra, Rb, P0` adds it; a subtraction is `-` on the low pair (whose
    carry is 1 when a >= b, also for b = 0) and `~` on the high pair (D6-cub-6)."""
    res = _launch(nv_isa, """
        S2R R0, SR_LANEID ;
        MOV R30, 0x9e3779b9 ;
        MOV R31, 0x7f4a7c15 ;
        IMAD R4, R0, R30, RZ ;
        IMAD R5, R0, R31, R30 ;
        IMAD R6, R0, R31, RZ ;
        IMAD R7, R0, R30, R31 ;
        IMAD R8, R0, R0, R30 ;
        IMAD R9, R0, 0x3, RZ ;
        LOP3.LUT R10, R0, 0x3, RZ, 0xc0, !PT ;
        IMAD R10, R10, R31, RZ ;
        MOV R11, R8 ;
        ISETP.GT.U32.AND P3, PT, R0, 0xf, PT ;
        @P3 MOV R6, RZ ;
        @P3 MOV R7, RZ ;
        IADD.64 RZ, P0, R4, R6 ;
        IADD.64 R12, R4, R6 ;
        IADD.64.X R14, R8, R10, P0 ;
        IADD.64 R16, P1, R4, -R6 ;
        IADD.64.X R18, R8, ~R10, P1 ;
        IADD.64.X R20, R8, -0x1, !P1 ;
        IADD.64.X R22, ~R8, R10, P0 ;
        SEL R24, RZ, 0x1, !P0 ;
        SEL R25, RZ, 0x1, !P1 ;""", engine)

    def pair(w, r, lane):
        return int(w.R[r][lane]) | int(w.R[r + 1][lane]) << 32

    for w in res.warps:
        for lane in range(32):
            a_lo = (lane * 0x9E3779B9) & M32 | ((lane * 0x7F4A7C15 + 0x9E3779B9) & M32) << 32
            b_lo = 0 if lane > 15 else (lane * 0x7F4A7C15) & M32 | ((lane * 0x9E3779B9 + 0x7F4A7C15) & M32) << 32
            a_hi = (lane * lane + 0x9E3779B9) & M32 | ((lane * 0x3) & M32) << 32
            b_hi = ((lane & 3) * 0x7F4A7C15) & M32 | ((lane * lane + 0x9E3779B9) & M32) << 32
            c0 = (a_lo + b_lo) >> 64
            c1 = int(a_lo >= b_lo)
            assert pair(w, 12, lane) == (a_lo + b_lo) & M64
            assert pair(w, 14, lane) == (a_hi + b_hi + c0) & M64
            assert pair(w, 16, lane) == (a_lo - b_lo) & M64
            assert pair(w, 18, lane) == (((a_hi << 64 | a_lo) - (b_hi << 64 | b_lo)) >> 64) & M64
            assert pair(w, 20, lane) == (a_hi - 1 + (1 - c1)) & M64
            assert pair(w, 22, lane) == ((M64 - a_hi) + b_hi + c0) & M64
            assert (int(w.R[24][lane]), int(w.R[25][lane])) == (c0, c1), lane


def _bf16_of_int(v: int, mode: str) -> int:
    """bfloat16 bits of the integer *v* rounded once (8 significant bits), from Python integers."""
    m = abs(v)
    if m.bit_length() > 8:
        shift = m.bit_length() - 8
        q, r = divmod(m, 1 << shift)
        half = 1 << (shift - 1)
        up = {"RN": r > half or (r == half and q & 1), "RZ": False,
              "RP": r != 0 and v > 0, "RM": r != 0 and v < 0}[mode]
        m = (q + int(up)) << shift
    return struct.unpack("<I", struct.pack("<f", float(-m if v < 0 else m)))[0] >> 16


def _bf16_value(bits: int) -> float:
    return struct.unpack("<f", struct.pack("<I", (bits & 0xFFFF) << 16))[0]


@pytest.mark.parametrize("engine", ENGINES)
def test_bf16_convert_and_compare(nv_isa, engine):
    """`I2F.BF16.S16 R3, R3` (`__short2bfloat16_rn`) rounds the integer once to bfloat16;
    `HSETP2.BF16_V2.GEU.AND P6, PT, R4.H0_H0, R13.H0_H0, PT` compares bfloat16 halves (sm_90/sm_120,
    CUB's BlockReduce<__nv_bfloat16>; D6-cub-7)."""
    res = _launch(nv_isa, """
        S2R R0, SR_LANEID ;
        MOV R20, 0x1008081 ;
        MOV R21, 0xfe7ff3f0 ;
        IMAD R2, R0, R20, R21 ;
        I2F.BF16 R3, R2 ;
        I2F.BF16.RZ R4, R2 ;
        I2F.BF16.U32.RP R5, R2 ;
        I2F.BF16.S16 R6, R2 ;
        MOV R22, 0x3f803f70 ;
        MOV R23, 0x100201 ;
        IMAD R7, R0, R23, R22 ;
        ISETP.EQ.AND P3, PT, R0, 0x1f, PT ;
        @P3 MOV R7, 0x3f807fc1 ;
        HSETP2.BF16_V2.GEU.AND P0, PT, R7.H0_H0, R7.H1_H1, PT ;
        HSETP2.BF16_V2.LT.AND P1, P2, R7, R7.H1_H1, PT ;
        SEL R8, RZ, 0x1, !P0 ;
        SEL R9, RZ, 0x1, !P1 ;
        SEL R10, RZ, 0x1, !P2 ;""", engine)
    for w in res.warps:
        for lane in range(32):
            v = (lane * 0x1008081 + 0xFE7FF3F0) & M32
            lo16 = v & 0xFFFF
            want = [_bf16_of_int(_s32(v), "RN"), _bf16_of_int(_s32(v), "RZ"), _bf16_of_int(v, "RP"),
                    _bf16_of_int(lo16 - 0x10000 if lo16 >> 15 else lo16, "RN")]
            assert [int(w.R[r][lane]) for r in (3, 4, 5, 6)] == want, lane
            b = (lane * 0x100201 + 0x3F803F70) & M32
            if lane == 31:
                b = 0x3F807FC1                          # a NaN in the low half
            lo, hi = _bf16_value(b), _bf16_value(b >> 16)
            geu = not (lo < hi)                          # unordered or greater or equal
            assert [int(w.R[r][lane]) for r in (8, 9, 10)] == [int(geu), int(lo < hi), int(hi < hi)], lane


@pytest.mark.parametrize("text", ["@!UP0 ULEA UR6, UR5, UR4, 0x18 ;", "VOTEU.ALL UP0, P1 ;", "VIMNMX.S32.RELU R12, R11, 0x20, PT ;",
                                  "VIADDMNMX.RELU R10, R9, R8, 0x20, PT ;", "UBMSK UR6, URZ, 0x4 ;", "UBMSK UR4, URZ, UR4 ;",
                                  "UVIMNMX.U32 UR6, UR6, 0x5, UPT ;", "UPLOP3.LUT UP1, UPT, UPT, UPT, UP0, 0x80, 0x8 ;",
                                  "VIMNMX3.S16x2 R14, R12, R14, R16, !PT ;", "VIMNMX3.U16x2 R3, R4, 0x10002, R5, PT ;",
                                  "IADD.64 RZ, P2, R28, R22 ;", "IADD.64.X R28, ~R24, R28, P2 ;", "IADD.64.X R4, R6, -0x1, !P1 ;",
                                  "IADD.64 R2, P0, R4, -R6 ;", "I2F.BF16.S16 R3, R3 ;",
                                  "HSETP2.BF16_V2.GEU.AND P6, PT, R4.H0_H0, R13.H0_H0, PT ;"])
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
