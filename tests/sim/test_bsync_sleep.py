"""Issue 16: BSYNC clears the lanes it releases from its B register (decision S5),
and sleeping lanes neither count as arrived at BSYNC/WARPSYNC nor run before
their timer ends (decision S6).  Expected values follow from the decisions, not
from the simulator: a reusable B register is 0 after a complete sync; a lane
that slept N cycles reads a clock at least N later."""
import pytest

import gpuisa
from gpuisa.sim import Simulator

_GP = all(gpuisa.load_isa().db.by_mnemonic(m) for m in ("MOV", "IADD3", "ISETP", "S2R"))
needs_gp = pytest.mark.skipif(not _GP, reason="needs MOV/IADD3/ISETP/S2R (gp.isa)")
FULL = 0xFFFFFFFF

# the reproducer: B0 reused after a divergent release
REUSE = """
        S2R R0, SR_LANEID ;
        ISETP.GE.U32.AND P0, PT, R0, 0x10, PT ;
        BSSY B0, `(J1) ;
    @P0 BRA `(J1) ;
J1:     BSYNC B0 ;
        BMOV R1, B0 ;
        BSSY B1, `(K) ;
    @P0 BRA `(K) ;
        BSSY B0, `(J2) ;
J2:     BSYNC B0 ;
K:      BSYNC B1 ;
        EXIT ;
"""


def _steps(isa, src, **kw):
    s = Simulator(isa, isa.assemble(src), **kw)
    recs = []
    while (r := s.step()) is not None:
        recs.append(r)
        if r.fault:
            break
    return s, recs


@needs_gp
def test_b_register_is_zero_after_a_divergent_release_and_reusable(isa):
    res = isa.launch(REUSE)
    assert res.status == "ok", res.fault
    w = res.warp()
    assert [int(v) for v in w.R[1]] == [0] * 32        # BMOV after the complete sync: B0 == 0
    assert int(w.B[0]) == 0 and int(w.B[1]) == 0


YIELD_RELEASE = """
        S2R R0, SR_LANEID ;
        ISETP.LT.U32.AND P0, PT, R0, 0x8, PT ;
        BSSY B0, `(J) ;
    @P0 BRA `(Y) ;
        BRA `(J) ;            // lanes 8..31 wait at J
Y:      YIELD ;               // lanes 0..7 yield: the others are released past J (S21)
J:      BSYNC B0 ;
        BMOV R1, B0 ;         // released lanes: B0 holds only the lanes still behind (0..7)
        EXIT ;
"""


@needs_gp
def test_yield_release_keeps_only_the_lanes_still_expected(isa):
    """The S21 and yield-release paths clear the released lanes too; the YIELD
    lanes stay in B until they pass the BSYNC themselves, then B is 0."""
    res = isa.launch(YIELD_RELEASE)
    assert res.status == "ok", res.fault
    r1 = [int(v) for v in res.warp().R[1]]
    assert set(r1[8:]) <= {0xFF, 0}          # the early group saw only the lagging lanes (or none)
    assert r1[:8] == [0] * 8                 # the YIELD lanes passed last: nothing left
    assert int(res.warp().B[0]) == 0


SLEEP_SYNC = """
        S2R R0, SR_LANEID ;
        ISETP.LT.U32.AND P0, PT, R0, 0x10, PT ;
        BSSY B0, `(J) ;
   @!P0 BRA `(J) ;
        NANOSLEEP 0x1000 ;    // lanes 0..15 sleep; the warp's other lanes reach J
J:      {sync} ;
        S2R R2, SR_CLOCKLO ;
        EXIT ;
"""


@needs_gp
@pytest.mark.parametrize("sync", ["BSYNC B0", "WARPSYNC 0xffffffff"])
def test_sleeping_lanes_are_not_arrived_and_do_not_run_early(isa, sync):
    s, recs = _steps(isa, SLEEP_SYNC.format(sync=sync))
    assert s.status == "ok", s.fault
    t_sleep = next(r.clock for r in recs if r.text.startswith("NANOSLEEP"))
    clock = [int(v) for v in s.result().warp().R[2]]
    assert min(clock[:16]) >= t_sleep + 0x1000          # the sleepers resume after their timer
    if sync.startswith("WARPSYNC"):
        assert min(clock[16:]) >= t_sleep + 0x1000      # WARPSYNC waits for every member
    # no instruction ever runs with a sleeping lane active
    assert [r.text for r in recs if r.before["active"] & r.before["sleep"]] == []


@needs_gp
def test_exit_does_not_switch_to_sleeping_lanes(isa):
    """EXIT's switch (and YIELD's) activates only awake lanes while another lane
    is awake: a sleeping lane parked at the same PC stays parked."""
    src = """
        S2R R0, SR_LANEID ;
        ISETP.LT.U32.AND P0, PT, R0, 0x10, PT ;
        ISETP.GE.U32.AND P1, PT, R0, 0x18, PT ;
        BSSY B0, `(J) ;
   @!P0 BRA `(A) ;
        NANOSLEEP 0x800 ;     // 0..15 sleep, parked at J
        BRA `(J) ;
A:  @P1 EXIT ;                // 24..31 exit; 16..23 go on
        BRA `(J) ;
J:      BSYNC B0 ;
        S2R R2, SR_CLOCKLO ;
        EXIT ;
"""
    s, recs = _steps(isa, src)
    assert s.status == "ok", s.fault
    assert [r.text for r in recs if r.before["active"] & r.before["sleep"]] == []
    t_sleep = next(r.clock for r in recs if r.text.startswith("NANOSLEEP"))
    assert min(int(v) for v in s.result().warp().R[2][:16]) >= t_sleep + 0x800
