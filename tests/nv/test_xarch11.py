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
