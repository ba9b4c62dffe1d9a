"""Forms found by running moderngpu, the GPU MODE lecture kernels, BabelStream and the Parallel
Research Kernels (session 12, direction mgpu12; decisions D12-M-N).  Expected values are
computed independently (Python integers)."""
from __future__ import annotations

import pytest

from .conftest import assert_round_trip, launch_text


@pytest.mark.parametrize("engine", ["batched", "reference"])
def test_ulea_adds_the_complement_of_a_uniform_operand(nv_isa, engine, batch_fallbacks):
    """Regression (D12-M-2): nvcc for sm_80 writes `ULEA.HI.X.SX32 UR4, UR6, ~UR4, 0x1d, UP0` (the
    high word of a 64-bit `(i << 29) - j` in uniform registers: moderngpu's merge of 64-bit
    values); ULEA's SrcB had `-` but not `~` (LEA's had both), the line was refused."""
    text = ("ULDC UR4, c[0x0][0x0] ;\nULDC UR5, c[0x0][0x4] ;\nULDC UR6, c[0x0][0x8] ;\n"
            "ULEA UR8, UP0, UR4, ~UR5, 0x3 ;\nULEA.HI.X.SX32 UR9, UR4, ~UR6, 0x1d, UP0 ;\n"
            "ULEA.HI UR10, UR4, ~UR5, URZ, 0x4 ;\nULEA UR11, UR5, -~UR4, 0x2 ;\n"
            "MOV R2, UR8 ;\nMOV R3, UR9 ;\nMOV R4, UR10 ;\nMOV R5, UR11 ;")
    m = (1 << 32) - 1
    for x, y, z in ((0x9234_5678, 0x0000_0011, 0xFFFF_FFFF), (0x1000_0001, 0xF000_0000, 0x0000_0000)):
        w = launch_text(nv_isa, text, engine, grid=1, params=[x, y, z]).warp()
        lo = (x << 3 & m) + (~y & m)
        sx = x - (1 << 32) if x >> 31 else x
        hi = ((sx << 29) >> 32 & m) + (~z & m) + (lo >> 32)
        assert [int(w.R[r][0]) for r in (2, 3, 4, 5)] == [
            lo & m, hi & m, ((x >> 28) + (~y & m)) & m, ((y << 2) + (-(~x & m))) & m]
    assert not batch_fallbacks
    for t in ("ULEA.HI.X.SX32 UR4, UR6, ~UR4, 0x1d, UP0 ;", "ULEA UR8, UP0, UR4, ~UR5, 0x3 ;"):
        assert_round_trip(nv_isa.db, t)
