"""Forms and meanings found by the fifth discovery round's kernels (issue 11; decisions D5-1..):
PRMT's permute modes, BMSK, `ATOM.E.ADD.S32` (cuda::atomic_ref<int>::fetch_add), the LDG and
CCTL cache hints, FCHK of a zero dividend, and NaN immediates taken from the encoding. Expected
values from PTX's tables and Python integers; both engines, several warps."""
from __future__ import annotations

import struct

import numpy as np
import pytest

from gpuisa.cuda.listing import nan_immediate

from .conftest import assert_round_trip, launch_text

M32 = 0xFFFFFFFF
ENGINES = ["batched", "reference"]

# PTX ISA, prmt: for each mode and selector c[1:0], the source bytes of d.b3 d.b2 d.b1 d.b0
PTX_PRMT = {"F4E": ["3210", "4321", "5432", "6543"], "B4E": ["5670", "6701", "7012", "0123"],
            "RC8": ["0000", "1111", "2222", "3333"], "ECL": ["3210", "3211", "3222", "3333"],
            "ECR": ["0000", "1110", "2210", "3210"], "RC16": ["1010", "3232", "1010", "3232"]}


def _launch(isa, text, engine, grid=2, **kw):
    return launch_text(isa, text, engine, grid=grid, **kw)


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("mode", sorted(PTX_PRMT))
def test_prmt_modes(nv_isa, engine, mode):
    """`PRMT.ECL R16, R7, R6, R0` (inline PTX `prmt.b32.ecl`): only SrcB[1:0] is read (D5-1)."""
    res = _launch(nv_isa, f"""
        S2R R0, SR_LANEID ;
        MOV R8, 0x1010101 ;
        MOV R9, 0x3020100 ;
        MOV R10, 0x87868584 ;
        IMAD R7, R0, R8, R9 ;
        IMAD R6, R0, R8, R10 ;
        IMAD R1, R0, 0x55, RZ ;
        PRMT.{mode} R16, R7, R1, R6 ;""", engine)
    for w in res.warps:
        for lane in range(32):
            lo, hi = (0x03020100 + lane * 0x01010101) & M32, (0x87868584 + lane * 0x01010101) & M32
            src = (hi << 32 | lo).to_bytes(8, "little")
            sel = PTX_PRMT[mode][(lane * 0x55) & 3]
            want = bytes(src[int(sel[3 - i])] for i in range(4))
            assert int(w.R[16][lane]) == int.from_bytes(want, "little"), (mode, lane)


@pytest.mark.parametrize("engine", ENGINES)
def test_bmsk_clamp_and_wrap(nv_isa, engine):
    """`BMSK Rd, pos, len` (PTX bmsk.clamp / bmsk.wrap, ptxas's bfe): clamp gives 0 from position
    32 and at most 32 ones; .W takes both modulo 32 (D5-3)."""
    res = _launch(nv_isa, """
        S2R R0, SR_LANEID ;
        IMAD R2, R0, 0x3, RZ ;
        IMAD R3, R0, 0x7, RZ ;
        IADD3 R3, R3, 0x1, RZ ;
        BMSK R4, R2, R3 ;
        BMSK.W R5, R2, R3 ;
        BMSK R6, R0, 0x8 ;""", engine)
    for w in res.warps:
        for lane in range(32):
            pos, ln = 3 * lane, 7 * lane + 1
            clamp = 0 if pos >= 32 else (((1 << min(ln, 32)) - 1) << pos) & M32
            wrap = (((1 << (ln % 32)) - 1) << (pos % 32)) & M32
            assert int(w.R[4][lane]) == clamp and int(w.R[5][lane]) == wrap
            assert int(w.R[6][lane]) == (0xFF << lane) & M32


@pytest.mark.parametrize("engine", ENGINES)
def test_atom_add_s32_and_cache_hints(nv_isa, engine):
    """`ATOM.E.ADD.S32.STRONG.GPU PT, RZ, [R2.64], R9` adds as .U32 does (D5-2's neighbours:
    `LDG.E.NA.CONSTANT`, `LDG.E.LTC128B` load; `CCTL.E.PF2 [R2]` does nothing, even outside
    every buffer)."""
    g = np.array([5, -7, 0, 0], np.int32)
    res = _launch(nv_isa, """
        S2R R0, SR_LANEID ;
        MOV R2, c[0x0][0x0] ;
        MOV R3, c[0x0][0x4] ;
        IADD3 R9, R0, -0x10, RZ ;
        ATOM.E.ADD.S32.STRONG.GPU PT, RZ, [R2.64], R9 ;
        ATOMG.E.ADD.S32.STRONG.GPU PT, R10, [R2.64+0x4], R9 ;
        RED.E.ADD.S32.STRONG.GPU [R2.64+0x4], R0 ;
        CCTL.E.PF2 [R2] ;
        MOV R20, RZ ;
        CCTL.E.PF1 [R20+0x40] ;
        LDG.E.NA.CONSTANT R11, [R2.64+0x4] ;
        LDG.E.LTC128B R12, [R2.64] ;""", engine, grid=1, buffers={"g": g}, params=["g"])
    out = res.buffers["g"].view(np.int32)
    assert int(out[0]) == 5 + sum(i - 16 for i in range(32))
    assert int(out[1]) == -7 + sum(i - 16 for i in range(32)) + sum(range(32))
    w = res.warps[0]
    assert {int(w.R[11][i]) for i in range(32)} == {int(out[1]) & M32}
    assert {int(w.R[12][i]) for i in range(32)} == {int(out[0]) & M32}


@pytest.mark.parametrize("text", ["LDG.E.NA.CONSTANT.SYS R12, [R8.64] ;", "LDG.E.LTC128B R9, [R8.64] ;",
                                  "CCTL.E.PF2 [R6] ;", "PRMT.RC16 R20, R7, R6, R0 ;", "BMSK.W R17, R8, R17 ;",
                                  "ATOM.E.ADD.S32.STRONG.GPU PT, RZ, [R4.64], R9 ;"])
def test_round_trip(nv_isa, text):
    assert_round_trip(nv_isa.db, text)


@pytest.mark.parametrize("engine", ENGINES)
def test_fchk_zero_dividend_takes_the_slow_path(nv_isa, engine):
    """A zero dividend sets FCHK's predicate (D5-4): the fast sequence's `FFMA q, a, r, RZ` would
    make -0 / 3 +0; a normal one with a normal divisor does not."""
    res = _launch(nv_isa, f"""
        MOV R1, {struct.unpack('<I', struct.pack('<f', -0.0))[0]:#x} ;
        MOV R2, 0x40400000 ;
        MOV R3, 0x3f800000 ;
        FCHK P0, R1, R2 ;
        FCHK P1, RZ, R2 ;
        FCHK P2, R3, R2 ;
        SEL R4, RZ, 0x1, !P0 ;
        SEL R5, RZ, 0x1, !P1 ;
        SEL R6, RZ, 0x1, !P2 ;""", engine, grid=1)
    w = res.warps[0]
    assert (int(w.R[4][0]), int(w.R[5][0]), int(w.R[6][0])) == (1, 1, 0)


def test_nan_immediate_from_the_encoding():
    """nvdisasm prints 0xfff00000 (a double -INF's high word) as `-QNAN`: the encoding's bits
    63..32 replace it (D5-5); a canonical NaN's own bits stay; other lines are unchanged."""
    line = "                   @P1 FSEL R7, R11, -QNAN , P2 ;"     # the address comment blanked
    assert nan_immediate(line, 0xFFF000000B071808) == line.replace("-QNAN", "0xfff00000")
    assert nan_immediate("MUFU.RSQ R7, -QNAN ;", 0xFFC0000000077908) == "MUFU.RSQ R7, 0xffc00000 ;"
    assert nan_immediate("FSEL R9, R4, +QNAN , !P0 ;", 0x7FFFFFFF04097808) == "FSEL R9, R4, 0x7fffffff , !P0 ;"
    # a binary64's high word (D18-14; D5-5 took binary32 immediates only)
    assert nan_immediate("DADD R4, R4, -QNAN ;", 0xFFF8000004047429) == "DADD R4, R4, 0xfff80000 ;"
    assert nan_immediate("FSEL R7, R11, -QNAN , P2 ;", 0x3F80000000000000) == "FSEL R7, R11, -QNAN , P2 ;"
