"""Forms and meanings found by the fourth discovery round's kernels (issue 11; decisions D3-1..):
IMAD.WIDE with a uniform pair as SrcC, SEL.64 with a sign-extended immediate, USEL / USEL.64,
F2I.F16 of a selected half (`R3.H1`) and R2UR's predicate per lane. Expected values from Python
integers and numpy's binary16; both engines, on several warps (the batched engine runs them
together)."""
from __future__ import annotations

import numpy as np
import pytest

from gpuisa.asm.assembler import assemble
from gpuisa.errors import AsmError

from .conftest import launch_text

M32, M64 = 0xFFFFFFFF, (1 << 64) - 1
ENGINES = ["batched", "reference"]


def _launch(isa, text, engine, grid=3, **kw):
    return launch_text(isa, text, engine, grid=grid, **kw)


def _pair(w, r):
    return [int(lo) | int(hi) << 32 for lo, hi in zip(w.R[r], w.R[r + 1])]


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("c", [0xFFFFFFFF_FFFFFFFE, 1, 0x80000000_00000000, 0x12345678_9ABCDEF0])
def test_imad_wide_with_a_uniform_pair(nv_isa, engine, c):
    """sm_90 `IMAD.WIDE.U32 R12, R7, R12, UR6`: a * b + UR6:UR7 modulo 2^64 (the fast path read
    R6:R7 instead; D3-1). Signed: the int64 product of the sign-extended words."""
    res = _launch(nv_isa, f"""
        UMOV UR6, {c & M32:#x} ;
        UMOV UR7, {c >> 32:#x} ;
        S2R R7, SR_LANEID ;
        IADD3 R12, R7, -0x3, RZ ;
        MOV R6, 0x55 ;
        IMAD.WIDE.U32 R8, R7, R12, UR6 ;
        IMAD.WIDE R10, R12, R12, UR6 ;""", engine)
    for w in res.warps:
        for lane, (u, s) in enumerate(zip(_pair(w, 8), _pair(w, 10))):
            b = (lane - 3) & M32
            sb = lane - 3
            assert u == (lane * b + c) & M64
            assert s == (sb * sb + c) & M64


@pytest.mark.parametrize("engine", ENGINES)
def test_sel64_sign_extends_its_immediate(nv_isa, engine):
    """`SEL.64 R2, RZ, -0x1, P2` (sm_120, `t == 1 ? ~0ull : 0`) selects 0xffffffffffffffff; a
    positive immediate is zero in the high word (D3-3)."""
    res = _launch(nv_isa, """
        S2R R0, SR_LANEID ;
        ISETP.NE.AND P2, PT, R0, 0x1, PT ;
        SEL.64 R2, RZ, -0x1, P2 ;
        MOV R4, 0x9 ;
        MOV R5, 0x8 ;
        SEL.64 R6, R4, -0x3, !P2 ;
        SEL.64 R8, R4, 0x7fffffff, P2 ;""", engine)
    for w in res.warps:
        r2, r6, r8 = _pair(w, 2), _pair(w, 6), _pair(w, 8)
        for lane in range(32):
            assert r2[lane] == (0 if lane != 1 else M64)
            assert r6[lane] == ((8 << 32 | 9) if lane == 1 else (-3) & M64)
            assert r8[lane] == ((8 << 32 | 9) if lane != 1 else 0x7FFFFFFF)


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("p", [0, 1])
def test_usel(nv_isa, engine, p):
    """`USEL UR4, UR4, UR6, !UP0` and `USEL.64 UR4, UR4, UR10, !UP0` (64-bit division by a kernel
    parameter): URa where UPp holds, else SrcB; `.64` pairs, an immediate sign-extended (D3-4)."""
    res = _launch(nv_isa, f"""
        UMOV UR4, 0x11111111 ;
        UMOV UR5, 0x22222222 ;
        UMOV UR10, 0x33333333 ;
        UMOV UR11, 0x44444444 ;
        UMOV UR12, {p:#x} ;
        UISETP.NE.AND UP0, UPT, UR12, URZ, UPT ;
        USEL UR16, UR4, UR10, !UP0 ;
        USEL UR17, UR4, 0x5, UP0 ;
        USEL.64 UR18, UR4, UR10, !UP0 ;
        USEL.64 UR20, UR4, -0x2, UP0 ;
        USEL.64 UR22, URZ, 0x7, UP0 ;""", engine)
    a, b = 0x22222222_11111111, 0x44444444_33333333
    for w in res.warps:
        ur = [int(v) for v in w.UR]
        assert ur[16] == (0x33333333 if p else 0x11111111)
        assert ur[17] == (0x11111111 if p else 5)
        assert ur[18] | ur[19] << 32 == (b if p else a)
        assert ur[20] | ur[21] << 32 == (a if p else (-2) & M64)
        assert ur[22] | ur[23] << 32 == (0 if p else 7)


def test_usel_prints_as_nvdisasm(nv_isa):
    from gpuisa.asm.disassembler import disassemble
    lines = ["USEL UR4, UR4, UR6, !UP0", "USEL.64 UR4, UR4, UR10, !UP0", "USEL UR5, URZ, 0x1, UP1",
             "USEL.64 UR6, UR6, -0x1, UP2"]
    prog = assemble(nv_isa.db, "".join(f"{ln} ;\n" for ln in lines))
    assert [d.text for d in disassemble(nv_isa.db, prog.data)] == lines


@pytest.mark.parametrize("engine", ENGINES)
def test_f2i_f16_of_a_selected_half(nv_isa, engine, rng):
    """`F2I.F16.TRUNC.NTZ R16, R3.H1` (`__half2int_rz` of a `__half2`'s high half), with `-` and
    `|x|` and `.U32`: numpy's binary16 values truncated, saturated (D3-5)."""
    halves = rng.uniform(-3000, 3000, 64).astype(np.float16)
    halves[:4] = [np.float16(-0.0), np.float16(65504), np.float16(-2.75), np.float16(0.999)]
    words = halves.view(np.uint16).astype(np.uint32).reshape(32, 2)
    init = {"R3": [int(lo) | int(hi) << 16 for lo, hi in words]}
    res = nv_isa.launch(assemble(nv_isa.db, """
        F2I.F16.TRUNC.NTZ R4, R3.H1 ;
        F2I.F16.TRUNC.NTZ R5, R3 ;
        F2I.F16.TRUNC.NTZ R6, -R3.H1 ;
        F2I.U32.F16.TRUNC.NTZ R7, |R3.H1| ;
        F2I.F16 R8, R3.H1 ;
        EXIT ;"""), init=init, engine=engine)
    assert res.ok
    w = res.warp()
    for lane in range(32):
        lo, hi = float(halves[2 * lane]), float(halves[2 * lane + 1])
        assert int(w.R[4][lane]) == int(np.trunc(hi)) & M32
        assert int(w.R[5][lane]) == int(np.trunc(lo)) & M32
        assert int(w.R[6][lane]) == int(np.trunc(-hi)) & M32
        assert int(w.R[7][lane]) == int(np.trunc(abs(hi)))
        assert int(w.R[8][lane]) == int(np.rint(hi)) & M32


def test_f2i_selected_source_needs_f16(nv_isa):
    with pytest.raises(AsmError, match=r"\.F16 or \.BF16 is needed"):
        assemble(nv_isa.db, "F2I.TRUNC R4, R3.H1 ;\n")
