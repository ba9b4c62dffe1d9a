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


LOOP_EXIT_BY_CALL = """
S2R R0, SR_LANEID ;
MOV R2, RZ ;
ISETP.GE.AND P0, PT, R0, 0xd, PT ;
BSSY B3, `(.L_x_9) ;
@P0 BRA `(.L_x_9) ;
MOV R3, R0 ;
.L_x_5:
IADD3 R2, R2, R3, RZ ;
IADD3 R3, R3, 0x20, RZ ;
ISETP.GE.AND P1, PT, R3, 0x64, PT ;
@P1 CALL.REL.NOINC `(.L_x_9) ;
BRA `(.L_x_5) ;
.L_x_9:
BSYNC B3 ;
WARPSYNC 0xffffffff ;
SHFL.DOWN PT, R4, R2, 0x10, 0x1f ;
IADD3 R2, R2, R4, RZ ;"""


@pytest.mark.parametrize("engine", ["batched", "reference"])
def test_a_call_that_leaves_a_loop_is_a_jump_at_bsync(nv_isa, engine):
    """Regression (D8-xarch-3): ptxas for sm_80..sm_89 leaves a loop with `@P1 CALL.REL.NOINC .L_x`
    (no RET follows) to the region's BSYNC, which the lanes that skipped the loop reached by a BRA.
    The call depth (GA-11) made the two groups different activations: the warp never reconverged
    and deadlocked at the shuffle's WARPSYNC (HeCBench's bgmv on sm_89). Lanes < 13 add
    l, l+32, ... below 100; then lane l adds lane l+16's sum (lanes >= 13 have 0)."""
    res = launch_text(nv_isa, LOOP_EXIT_BY_CALL, engine, grid=1)
    r2 = res.warp().R[2]
    own = [sum(range(lane, 100, 32)) if lane < 13 else 0 for lane in range(32)]
    for lane in range(32):
        assert int(r2[lane]) == own[lane] + (own[lane + 16] if lane < 16 else 0)
