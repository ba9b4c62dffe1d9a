"""Forms found by running HeCBench's f..z kernels on several targets and comparing the results
(session 11, direction xarch11; decisions D11-X-N).  Expected values are computed
independently (numpy, Python integers)."""
from __future__ import annotations

import numpy as np
import pytest

from .conftest import assert_round_trip, launch_text

# CUB's prologue/epilogue with programmatic dependent launch (nvcc 13, sm_90..sm_120)
PDL = """
S2R R0, SR_LANEID ;
ACQBULK ;
MOV R3, 0x3 ;
IMAD R2, R0, R3, 0x1 ;
ISETP.GE.U32.AND P0, PT, R0, 0x10, PT ;
@P0 PREEXIT ;
PREEXIT ;
IADD3 R2, R2, 0x5, RZ ;"""


@pytest.mark.parametrize("engine", ["batched", "reference"])
def test_grid_dependency_controls_are_no_ops(nv_isa, engine, batch_fallbacks):
    """Regression (D11-X-1): `ACQBULK` (griddepcontrol.wait) and `PREEXIT`
    (griddepcontrol.launch_dependents), which CCCL 13's CUB kernels write on sm_90 and later, were
    refused. The model runs one launch at a time, so both retire without effect, guarded or not,
    at batch width."""
    res = launch_text(nv_isa, PDL, engine)
    lane = np.arange(32, dtype=np.uint32)
    assert (res.warp().R[2] == lane * 3 + 6).all()
    assert not batch_fallbacks
    for text in ("ACQBULK ;", "@!P1 PREEXIT ;"):
        assert_round_trip(nv_isa.db, text)


@pytest.mark.parametrize("engine", ["batched", "reference"])
def test_lea_subtracts_a_negated_constant_or_uniform_operand(nv_isa, engine):
    """Regression (D11-X-4): `(x << 4) - param` is `LEA R7, R2, -c[0x0][0x170], 0x4` on sm_75/sm_80
    and `LEA R7, R2, -UR6, 0x4` on sm_90/sm_120 (HeCBench's vol2col); LEA's constant and uniform
    SrcB had `~` but no `-`, both were refused."""
    text = ("S2R R0, SR_LANEID ;\nIMAD R2, R0, 0x10001, RZ ;\nULDC UR6, c[0x0][0x4] ;\n"
            "LEA R7, R2, -c[0x0][0x4], 0x4 ;\nLEA R8, P0, R2, -UR6, 0x1c ;\nLEA R9, R2, ~c[0x0][0x4], 0x2 ;")
    res = launch_text(nv_isa, text, engine, grid=1, params=[0x1234, 0x90000005])
    w = res.warp()
    m = (1 << 32) - 1
    for lane in range(32):
        x = lane * 0x10001
        assert int(w.R[7][lane]) == ((x << 4) - 0x90000005) & m
        assert int(w.R[8][lane]) == (((x << 28) & m) - 0x90000005) & m
        assert int(w.R[9][lane]) == ((x << 2) + (~0x90000005 & m)) & m
    for t in ("LEA R7, R2, -c[0x0][0x170], 0x4 ;", "LEA R7, P1, R2, -UR6, 0x4 ;"):
        assert_round_trip(nv_isa.db, t)
