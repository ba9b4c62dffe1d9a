"""Forms found by the ninth round's random CUDA programs (scripts/cuda_fuzz.py, generator version 2:
floats, doubles, rounding modes, atomics; decisions D9-F-N). Expectations computed with Python
integers and fractions, never with gpuisa."""
from __future__ import annotations

import math
from fractions import Fraction

import pytest

from gpuisa.asm.assembler import assemble
from gpuisa.errors import AsmError

ENGINES = ["batched", "reference"]


@pytest.mark.parametrize("engine", ENGINES)
def test_f2i_f64_immediate(nv_isa, engine):
    """D9-F-2: `@!P0 F2I.U64.F64.CEIL R16, 0.5` -- `__double2ull_ru(0.5)` under a branch nvcc did
    not fold: the immediate is a binary64's high word (F2I64_I), as DADD's and DMUL's are."""
    cases = [(".U64", "CEIL", 0.5), (".S64", "FLOOR", -2.5), ("", "", 3.5), (".U32", "TRUNC", -7.0),
             (".S64", "TRUNC", -(2.0 ** 64)), ("", "FLOOR", 2.0 ** 40)]
    text = "\n".join(f"F2I{w}.F64{'.' + r if r else ''} R{2 * k + 2}, {v!r} ;" for k, (w, r, v) in enumerate(cases))
    res = nv_isa.launch(assemble(nv_isa.db, text + "\nEXIT ;"), engine=engine)
    assert res.ok, res.fault
    w = res.warp()
    for k, (wide, rnd, v) in enumerate(cases):
        q = Fraction(v)
        n = {"CEIL": math.ceil(q), "FLOOR": math.floor(q), "TRUNC": int(q), "": round(q)}[rnd]
        lo, hi = {".U64": (0, 2**64 - 1), ".S64": (-2**63, 2**63 - 1), ".U32": (0, 2**32 - 1),
                  "": (-2**31, 2**31 - 1)}[wide]
        n = min(max(n, lo), hi)
        got = int(w.R[2 * k + 2][3])
        if wide in (".U64", ".S64"):
            got |= int(w.R[2 * k + 3][3]) << 32
            assert got == n & (2**64 - 1), (k, wide, rnd, v)
        else:
            assert got == n & 0xFFFFFFFF, (k, wide, rnd, v)


def test_f2i_f64_immediate_must_be_a_high_word(nv_isa):
    with pytest.raises(AsmError):
        assemble(nv_isa.db, "F2I.F64 R4, 1e300 ;\nEXIT ;")     # its low word is not 0


@pytest.mark.parametrize("engine", ENGINES)
def test_f2f_immediate(nv_isa, engine):
    """D9-F-5: `F2F.F32.F64.RM R15, 9.00719925474099200000e+15` -- `__double2float_rd(c)` under a
    branch nvcc did not fold: a binary64 immediate is its high word (F2F64_I); an .F32 source
    takes a binary32 (F2F_I)."""
    tiny = 2.0 ** -1000
    text = (f"F2F.F32.F64.RM R15, 9.00719925474099200000e+15 ;\nF2F.F64.F32 R4, 0.5 ;\n"
            f"F2F.F32.F64.RZ R6, -3.25 ;\nF2F.F32.F64 R7, {tiny!r} ;\nF2F.F32.F64.RP R8, {tiny!r} ;\n"
            f"F2F.F32.F64.RM R9, {-tiny!r} ;\nEXIT ;")
    res = nv_isa.launch(assemble(nv_isa.db, text), engine=engine)
    assert res.ok, res.fault
    w = res.warp()
    got = [int(w.R[k][7]) for k in (15, 4, 5, 6, 7, 8, 9)]
    # 2^53 as binary32; 0.5 as binary64 (high word); -3.25; 2^-1000 rounded to nearest, up, down
    assert got == [(127 + 53) << 23, 0, 0x3FE00000, 0xC0500000, 0, 1, 0x80000001]
    with pytest.raises(AsmError):
        assemble(nv_isa.db, "F2F.F32.F64 R4, 0.1 ;\nEXIT ;")      # 0.1's low word is not 0


@pytest.mark.parametrize("engine", ENGINES)
def test_vabsdiff_uniform_addend(nv_isa, engine):
    """D9-F-6: `VABSDIFF.U32 R19, R19, R28, UR4` (sm_90: `__usad(x, y, u)` with a warp-uniform
    addend) takes SrcC from a uniform register (VABSDIFF_RRU); `VABSDIFF.U32 R20, R21, UR5, R4`
    SrcB (VABSDIFF_RUR), at batch width."""
    res = nv_isa.launch(assemble(nv_isa.db, """
        S2R R0, SR_LANEID ;
        MOV R2, 0x7 ;
        MOV R3, 0xfffffff0 ;
        R2UR UR4, R3 ;
        VABSDIFF.U32 R19, R0, R2, UR4 ;
        VABSDIFF R20, R2, R0, UR4 ;
        VABSDIFF.U32 R21, R0, UR4, R2 ;
        EXIT ;"""), engine=engine)
    assert res.ok, res.fault
    w = res.warp()
    assert [int(w.R[19][ln]) for ln in range(32)] == [(abs(ln - 7) + 0xFFFFFFF0) & 0xFFFFFFFF for ln in range(32)]
    assert [int(w.R[20][ln]) for ln in range(32)] == [(abs(7 - ln) - 16) & 0xFFFFFFFF for ln in range(32)]
    # VABSDIFF_RUR (seed 5247, sm_75-sm_90): SrcB uniform
    assert [int(w.R[21][ln]) for ln in range(32)] == [(0xFFFFFFF0 - ln + 7) & 0xFFFFFFFF for ln in range(32)]
