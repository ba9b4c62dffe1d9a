"""Forms found by session 20's probes (decisions D20-3, D20-5): F2F's bfloat16 widening
(`F2F.F64.BF16`, PTX `cvt.f64.bf16` on sm_90+) and the uniform datapath's saturation (`UFADD.SAT`,
`UFFMA.SAT`, sm_120's `__saturatef` of a uniform value). Expected values from numpy; both engines."""
from __future__ import annotations

import struct

import numpy as np
import pytest

from gpuisa.asm.assembler import assemble

ENGINES = ["batched", "reference"]


def _f(bits: int) -> float:
    return struct.unpack("<f", struct.pack("<I", bits & 0xFFFFFFFF))[0]


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("bf16", [0x4049, 0xC0A0, 0x0001, 0x8000, 0x7F80, 0xFF80, 0x3F81, 0x7FFF])
def test_f2f_widens_a_bfloat16_exactly(nv_isa, engine, bf16):
    res = nv_isa.launch(assemble(nv_isa.db, f"""
        MOV R4, {0xABCD0000 | bf16:#x} ;
        F2F.F64.BF16 R2, R4 ;
        F2F.F32.BF16 R6, R4 ;
        F2F.F64.BF16 R8, -R4 ;
        EXIT ;"""), engine=engine)
    assert res.ok
    w = res.warp()
    want = np.uint32(bf16 << 16).view(np.float32)          # bfloat16: binary32's high half
    d = struct.unpack("<d", struct.pack("<II", int(w.R[2][0]), int(w.R[3][0])))[0]
    neg = struct.unpack("<d", struct.pack("<II", int(w.R[8][0]), int(w.R[9][0])))[0]
    if np.isnan(want):
        assert np.isnan(d) and np.isnan(_f(int(w.R[6][0]))) and np.isnan(neg)
    else:
        assert d == float(want) and np.signbit(d) == np.signbit(want)
        assert _f(int(w.R[6][0])) == float(want)
        assert neg == -float(want) and np.signbit(neg) != np.signbit(want)


@pytest.mark.parametrize("engine", ENGINES)
def test_uniform_saturation(nv_isa, engine):
    """`.SAT` clamps the rounded result to [0, 1]; NaN and -0 give +0 (FADD's `.SAT`)."""
    cases = [(0.25, 0.5), (0.75, 0.5), (-0.25, 0.125), (float("nan"), 1.0), (-0.0, -0.0), (1e-40, 0.0), (3e38, 3e38)]
    text = ""
    for k, (a, b) in enumerate(cases):
        ba, bb = (struct.unpack("<I", struct.pack("<f", v))[0] for v in (a, b))
        text += f"UMOV UR4, {ba:#x} ;\nUMOV UR5, {bb:#x} ;\nUFADD.SAT UR6, UR4, UR5 ;\nUFFMA.SAT UR7, UR4, 2, UR5 ;\n"
        text += f"UFADD.FTZ.SAT UR8, UR4, UR5 ;\nMOV R{10 + 3 * k}, UR6 ;\nMOV R{11 + 3 * k}, UR7 ;\nMOV R{12 + 3 * k}, UR8 ;\n"
    res = nv_isa.launch(assemble(nv_isa.db, text + "EXIT ;"), engine=engine)
    assert res.ok
    w = res.warp()

    def sat(v):
        v = np.float32(v)
        return 0.0 if np.isnan(v) or v <= 0 else float(min(v, np.float32(1.0)))
    for k, (a, b) in enumerate(cases):
        fa, fb = np.float32(a), np.float32(b)
        with np.errstate(all="ignore"):
            add = sat(fa + fb)
            fma = sat(np.float32(np.float64(fa) * 2 + np.float64(fb)))
            ftz = sat((np.float32(0) if 0 < abs(fa) < 2 ** -126 else fa) + fb)
        got = [_f(int(w.R[r][0])) for r in (10 + 3 * k, 11 + 3 * k, 12 + 3 * k)]
        assert got == [add, fma, ftz], (a, b, got)
        assert not any(np.signbit(g) for g in got)


@pytest.mark.parametrize("engine", ENGINES)
def test_uniform_exact_zero_sum_rounding_down_is_minus_zero(nv_isa, engine):
    """Regression (found reading session 20's change): UFADD.RM and UFFMA.RM rounded an exact zero
    sum of operands of opposite signs to +0, where FADD.RM and FFMA.RM (and IEEE 754) give -0: the
    uniform forms had their own copy of the rounding without the rule. Two +0 stay +0."""
    res = nv_isa.launch(assemble(nv_isa.db, """
        UMOV UR4, 0x3fc00000 ;
        UMOV UR5, 0xbfc00000 ;
        UFADD.RM UR6, UR4, UR5 ;
        UFFMA.RM UR7, UR4, 1, UR5 ;
        UFADD.RM UR8, URZ, URZ ;
        UFADD.RP UR9, UR4, UR5 ;
        MOV R0, UR4 ;
        MOV R1, UR5 ;
        FADD.RM R2, R0, R1 ;
        FFMA.RM R3, R0, 1, R1 ;
        MOV R4, UR6 ;
        MOV R5, UR7 ;
        MOV R6, UR8 ;
        MOV R7, UR9 ;
        EXIT ;"""), engine=engine)
    assert res.ok
    w = res.warp()
    got = [int(w.R[r][0]) for r in (2, 3, 4, 5, 6, 7)]
    assert got == [0x80000000, 0x80000000, 0x80000000, 0x80000000, 0, 0], [hex(g) for g in got]
