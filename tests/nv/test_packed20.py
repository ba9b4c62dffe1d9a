"""FFMA2 / FADD2 / FMUL2, the packed binary32 pairs of sm_100/sm_103 (packed.isa; decision D20-2):
the pair selectors of nvdisasm (`.F32x2.HI_LO`, `.F32x2.LO_HI`, `.F32`), uniform register pairs,
immediates, `-`/`|x|`, `.FTZ` and the rounding modes, and the listing spellings (`.reuse` and `|x|`
before the selector). Expected values from numpy's binary32 arithmetic and Python's fractions; both
engines."""
from __future__ import annotations

import struct
from fractions import Fraction

import numpy as np
import pytest

from gpuisa.asm.assembler import assemble
from gpuisa.asm.lexer import blank_listing_noise

ENGINES = ["batched", "reference"]


def _b(f: float) -> int:
    return struct.unpack("<I", struct.pack("<f", f))[0]


def _f(bits: int) -> float:
    return struct.unpack("<f", struct.pack("<I", bits & 0xFFFFFFFF))[0]


def _run(isa, body: str, engine: str):
    """R4:R5 = (lane + 0.5, -2.25 * lane), R6:R7 = (0.75, lane / 8), R8:R9 = (1e-40, -3.0),
    UR6:UR7 = (2.5, -0.125), then *body*."""
    res = isa.launch(assemble(isa.db, f"""
        S2R R0, SR_LANEID ;
        I2FP.F32.U32 R1, R0 ;
        FADD R4, R1, 0.5 ;
        FMUL R5, R1, -2.25 ;
        MOV R6, {_b(0.75):#x} ;
        FMUL R7, R1, 0.125 ;
        MOV R8, {_b(1e-40):#x} ;
        MOV R9, {_b(-3.0):#x} ;
        UMOV UR6, {_b(2.5):#x} ;
        UMOV UR7, {_b(-0.125):#x} ;
        {body}
        EXIT ;"""), engine=engine)
    assert res.ok, res
    w = res.warp()
    return lambda r: [_f(int(v)) for v in w.R[r]]


def _inputs(lane: int):
    f = np.float32
    return (f(lane + 0.5), f(-2.25 * lane)), (f(0.75), f(lane * 0.125)), (f(1e-40), f(-3.0)), (f(2.5), f(-0.125))


@pytest.mark.parametrize("engine", ENGINES)
def test_selectors_and_sources(nv_isa, engine):
    R = _run(nv_isa, """
        FFMA2 R10, R4.F32x2.HI_LO, R6.F32x2.HI_LO, R8.F32x2.HI_LO ;
        FFMA2 R12, R4.F32x2.LO_HI, R6.F32x2.HI_LO, R8.F32 ;
        FMUL2 R14, R5.F32, UR6.F32x2.HI_LO ;
        FADD2 R16, -R4.F32x2.HI_LO, |R5.F32| ;
        FFMA2 R18, R4.F32x2.HI_LO, 3, -R9.F32 ;
        FMUL2 R20, R4.F32x2.HI_LO, RZ.F32 ;
        FFMA2 R22, R6.F32x2.HI_LO, UR6.F32x2.LO_HI, R4.F32 ;
        FFMA2 R24, R6.F32x2.HI_LO, R4.F32x2.HI_LO, -UR6.F32 ;
    """, engine)
    f = np.float32
    for lane in range(32):
        a, b, c, u = _inputs(lane)
        fma = [lambda x, y, z: f(Fraction(float(x)) * Fraction(float(y)) + Fraction(float(z)))]
        exp = {
            10: [fma[0](a[0], b[0], c[0]), fma[0](a[1], b[1], c[1])],
            12: [fma[0](a[1], b[0], c[0]), fma[0](a[0], b[1], c[0])],
            14: [a[1] * u[0], a[1] * u[1]],
            16: [-a[0] + abs(a[1]), -a[1] + abs(a[1])],
            18: [fma[0](a[0], 3.0, -c[1]), fma[0](a[1], 3.0, -c[1])],
            20: [a[0] * f(0.0), a[1] * f(0.0)],
            22: [fma[0](b[0], u[1], a[0]), fma[0](b[1], u[0], a[0])],
            24: [fma[0](b[0], a[0], -u[0]), fma[0](b[1], a[1], -u[0])],
        }
        for rd, (lo, hi) in exp.items():
            assert (R(rd)[lane], R(rd + 1)[lane]) == (float(lo), float(hi)), (rd, lane)
    assert all(np.signbit(v) for v in R(21)[1:])        # lane * -2.25 * 0: -0


@pytest.mark.parametrize("engine", ENGINES)
def test_rounding_and_ftz(nv_isa, engine):
    """`.RZ`/`.RM`/`.RP` round each position once (the exact value from fractions); `.FTZ`
    flushes the denormal input 1e-40 and a denormal result to zeros of their sign."""
    R = _run(nv_isa, """
        FFMA2.RZ R10, R4.F32x2.HI_LO, R6.F32x2.HI_LO, 0.1 ;
        FFMA2.RM R12, R4.F32x2.HI_LO, R6.F32x2.HI_LO, 0.1 ;
        FFMA2.RP R14, R4.F32x2.HI_LO, R6.F32x2.HI_LO, 0.1 ;
        FADD2.FTZ R16, R8.F32x2.HI_LO, R8.F32 ;
        FADD2 R18, R8.F32x2.HI_LO, R8.F32 ;
        FMUL2.FTZ R20, R8.F32x2.HI_LO, 0.5 ;
    """, engine)
    tenth = Fraction(float(np.float32(0.1)))

    def rnd(q: Fraction, mode: str) -> float:
        lo = np.float32(float(q))                   # within one ulp; step to the bracket
        while Fraction(float(lo)) > q:
            lo = np.nextafter(lo, np.float32(-np.inf))
        while Fraction(float(np.nextafter(lo, np.float32(np.inf)))) <= q:
            lo = np.nextafter(lo, np.float32(np.inf))
        hi = lo if Fraction(float(lo)) == q else np.nextafter(lo, np.float32(np.inf))
        return float({"RM": lo, "RP": hi, "RZ": lo if q >= 0 else hi}[mode])
    for lane in range(32):
        a, b, _c, _u = _inputs(lane)
        for rd, mode in ((10, "RZ"), (12, "RM"), (14, "RP")):
            for p in (0, 1):
                q = Fraction(float(a[p])) * Fraction(float(b[p])) + tenth
                assert R(rd + p)[lane] == rnd(q, mode), (rd, p, lane)
    assert set(R(16)) == {0.0} and set(R(17)) == {-3.0}
    assert set(R(18)) == {float(np.float32(1e-40) * np.float32(2))} and set(R(19)) == {float(np.float32(1e-40) - np.float32(3.0))}
    assert set(R(20)) == {0.0} and set(R(21)) == {-1.5}


def test_listing_spellings(nv_isa):
    """nvdisasm writes `.reuse` and the bars of `|x|` before the selector; the lexer moves them
    (the same operand), and the disassembler prints the selectors back."""
    text = blank_listing_noise("FFMA2 R16, -|R4|.reuse.F32x2.HI_LO, R6.reuse.F32x2.LO_HI, |UR6|.F32 ;\n"
                               "FADD2.FTZ.RM R2, R4.F32x2.HI_LO, RZ.F32 ;\n")
    prog = assemble(nv_isa.db, text + "EXIT ;")
    lines = [ln.split("*/", 1)[1].strip() for ln in nv_isa.disassemble(prog.data, as_text=True).splitlines() if "*/" in ln]
    assert lines[0] == "FFMA2 R16, -|R4.F32x2.HI_LO|, R6.F32x2.LO_HI, |UR6.F32| ;"
    assert lines[1] == "FADD2.FTZ.RM R2, R4.F32x2.HI_LO, RZ.F32 ;"


@pytest.mark.parametrize("engine", ENGINES)
def test_np_negates_the_high_position(nv_isa, engine):
    """`.NP` after a pair selector negates the high position, after `|x|` and `-` (decision D20-6):
    nvcc writes `make_float2(y.x, -y.y)` as `R4.F32x2.HI_LO.NP`, `make_float2(-y.x, y.y)` as
    `-R4.F32x2.HI_LO.NP`; the found case, fuzzed programs on sm_100 against sm_90's scalar code."""
    R = _run(nv_isa, """
        FADD2 R10, R6.F32x2.HI_LO, R4.F32x2.HI_LO.NP ;
        FADD2 R12, R6.F32x2.HI_LO, -R4.F32x2.HI_LO.NP ;
        FMUL2 R14, R4.F32x2.LO_HI.NP, R6.F32x2.HI_LO ;
        FFMA2 R16, R4.F32x2.HI_LO, R6.F32x2.HI_LO, UR6.F32x2.HI_LO.NP ;
        FFMA2 R18, -|R5.F32.NP|, R6.F32x2.HI_LO, RZ.F32 ;
    """, engine)
    for lane in range(32):
        a, b, _c, u = _inputs(lane)
        f = np.float32
        exp = {10: [b[0] + a[0], b[1] + -a[1]], 12: [b[0] + -a[0], b[1] + a[1]], 14: [a[1] * b[0], -a[0] * b[1]],
               16: [f(float(a[0]) * float(b[0]) + float(u[0])), f(float(a[1]) * float(b[1]) - float(u[1]))],
               18: [-abs(a[1]) * b[0] + f(0), abs(a[1]) * b[1] + f(0)]}
        for rd, (lo, hi) in exp.items():
            assert (R(rd)[lane], R(rd + 1)[lane]) == (float(lo), float(hi)), (rd, lane)
    text = blank_listing_noise("FFMA2 R8, -|R4|.reuse.F32x2.HI_LO.NP, UR6.F32x2.LO_HI.NP, R2.F32.NP ;\n")
    prog = assemble(nv_isa.db, text + "EXIT ;")
    line = next(ln.split("*/", 1)[1].strip() for ln in nv_isa.disassemble(prog.data, as_text=True).splitlines() if "*/" in ln)
    assert line == "FFMA2 R8, -|R4.F32x2.HI_LO.NP|, UR6.F32x2.LO_HI.NP, R2.F32.NP ;"
