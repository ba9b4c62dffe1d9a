"""Forms found by running HeCBench's kernels on several targets and comparing the results
(session 8, direction xarch8; decisions D8-xarch-N).  Expected values are computed
independently (numpy, Python integers)."""
from __future__ import annotations

import numpy as np
import pytest

from .conftest import assert_round_trip, launch_text


@pytest.mark.parametrize("engine", ["batched", "reference"])
def test_ldg_u_loads_through_a_uniform_address(nv_isa, engine):
    """Regression (D8-xarch-1): sm_75's `LDG.E.U.128.CONSTANT.SYS R4, [UR4]` (a float4 read at one
    address by every lane, HeCBench's Barnes-Hut tree build) was refused: `.U` is LDS's broadcast
    hint, now on LDG too, without effect on the value."""
    tab = np.arange(0x100, 0x140, dtype=np.uint32) * 0x01010101
    res = launch_text(nv_isa, "ULDC.64 UR4, c[0x0][0x0] ;\nLDG.E.U.128.CONSTANT.SYS R4, [UR4+0x10] ;\n"
                      "LDG.E.U.SYS R8, [UR4+0x4] ;", engine, grid=1, buffers={"tab": tab}, params=[0x10000000, 0])
    w = res.warp()
    for k in range(4):
        assert all(int(v) == int(tab[4 + k]) for v in w.R[4 + k])
    assert all(int(v) == int(tab[1]) for v in w.R[8])
    assert_round_trip(nv_isa.db, "LDG.E.U.128.CONSTANT.SYS R4, [UR4] ;")
