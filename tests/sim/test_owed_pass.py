"""Decision D7-simt-1: lanes a BSYNC released the others past (YIELD, asleep) owe that BSYNC a
pass; they pass it without waiting, even when the B register already holds another region's
lanes.  The programs are the shape of nvcc's sm_75 ``cg::reduce`` over ``cg::binary_partition``
(D6-cg-5): two lane groups run one loop for different trip counts, the loop ends in a YIELD, the
group that leaves first reuses B0 for the next region and waits at a full-warp WARPSYNC in it.
Expected values follow from CUDA (a full-warp vote after a full-warp WARPSYNC sees every lane),
not from the simulator."""
import pytest

import gpuisa
from gpuisa.sim import Simulator

_GP = all(gpuisa.load_isa().db.by_mnemonic(m) for m in ("MOV", "IADD3", "ISETP", "S2R", "VOTE"))
needs_gp = pytest.mark.skipif(not _GP, reason="needs MOV/IADD3/ISETP/S2R/VOTE (gp.isa, nv ISA)")
FULL = 0xFFFFFFFF

# lanes 0..15 leave the loop after 1 trip, lanes 16..31 after {trips}
REUSE_AFTER_YIELD = """
        S2R R0, SR_LANEID ;
        ISETP.LT.U32.AND P0, PT, R0, 0x10, PT ;
        MOV R2, {trips:#x} ;
   @P0  MOV R2, 0x1 ;
        BSSY B0, `(J0) ;
        BSSY B1, `(J1) ;
L:      IADD3 R2, R2, -0x1, RZ ;
        IADD3 R5, R5, 0x1, RZ ;
        ISETP.EQ.AND P1, PT, R2, RZ, PT ;
   @P1  BRA `(J1) ;
        YIELD ;
        BRA `(L) ;
J1:     BSYNC B1 ;
J0:     BSYNC B0 ;
        BMOV.32.CLEAR RZ, B0 ;
        BSSY B0, `(J2) ;
        WARPSYNC 0xffffffff ;
        VOTE.ANY R4, PT, PT ;
J2:     BSYNC B0 ;
        EXIT ;
"""


@needs_gp
@pytest.mark.parametrize("trips", [2, 3, 7])
@pytest.mark.parametrize("engine", ["reference", "batched"])
def test_reused_register_after_a_yield_release_does_not_deadlock(isa, engine, trips):
    prog = isa.assemble(REUSE_AFTER_YIELD.format(trips=trips))
    res = Simulator(isa, prog, engine=engine, grid=2, block=64).run()
    assert res.status == "ok", res.fault
    for w in res.warps:
        assert [int(v) for v in w.R[4]] == [FULL] * 32            # the vote after WARPSYNC: every lane
        assert [int(v) for v in w.R[5]] == [1] * 16 + [trips] * 16  # each lane's trip count
        assert int(w.B[0]) == 0 and int(w.B[1]) == 0


def test_owed_lanes_pass_like_a_false_guard(sim_of):
    """Unit: lanes 8..15 owe `BSYNC B0` at 0x10 a pass; executed with lanes 0..7 (which do not),
    they go on to 0x20 and lanes 0..7 stay parked at the BSYNC; B0 (another region's lanes
    16..31) is not touched and nobody waits for it."""
    s = sim_of("NOP ;\nBSYNC B0 ;\nNOP ;\nNOP ;")
    w = s.warps[0]
    w.pc, w.active = 0x10, 0x0000FFFF
    w.B[0] = 0xFFFF0000
    w.rpc[16:] = 0x30
    w.yield_mask = 0x0000FF00
    w.owed = {(0, 0x10, 0): 0x0000FF00}
    s.step()
    assert (w.pc, w.active) == (0x20, 0x0000FF00)
    assert [int(v) for v in w.rpc[:8]] == [0x10] * 8
    assert w.owed == {} and w.yield_mask == 0 and w.B[0] == 0xFFFF0000


def test_break_cancels_an_owed_pass(sim_of):
    s = sim_of("NOP ;\nBREAK B1 ;\nNOP ;")
    w = s.warps[0]
    w.pc, w.active = 0x10, 0x000000F0
    w.owed = {(1, 0x40, 0): 0x0000FFF0, (2, 0x40, 0): 0x000000F0}
    s.step()
    assert w.owed == {(1, 0x40, 0): 0x0000FF00, (2, 0x40, 0): 0x000000F0}


# -- decision D7-simt-3: a BSYNC does not wait for lanes that wait for it -----------------------
WAIT_SRC = "NOP ;\nBSYNC B0 ;\nNOP ;\nWARPSYNC 0xffffffff ;\nBSYNC B1 ;"


def _waiting(sim_of, parkpc, parkreg=-1, parkwait=FULL, b1=0):
    """Lanes 0..15 execute `BSYNC B0` (0x10) expecting lanes 16..31, which are parked at 0x30 (a
    WARPSYNC) with the given record of the synchronisation they failed."""
    s = sim_of(WAIT_SRC)
    w = s.warps[0]
    w.pc, w.active = 0x10, 0x0000FFFF
    w.B[0], w.B[1] = 0xFFFF0000, b1
    w.rpc[16:] = 0x30
    w.parkpc[16:], w.parkreg[16:], w.parkwait[16:] = parkpc, parkreg, parkwait
    s.step()
    return w


def test_bsync_releases_past_lanes_waiting_for_it_at_a_warpsync(sim_of):
    # the sm_80 lock kernel: lane 0 went ahead, re-armed B0 and waits at a full-warp WARPSYNC;
    # waiting for it would deadlock; it stays in B0 (its own region) and owes nothing
    w = _waiting(sim_of, 0x30)
    assert (w.pc, w.active) == (0x20, 0x0000FFFF)
    assert w.B[0] == 0xFFFF0000 and w.owed == {}


def test_bsync_releases_past_lanes_waiting_for_it_at_a_bsync(sim_of):
    w = _waiting(sim_of, 0x30, parkreg=1, parkwait=0, b1=0x000000FF)
    assert (w.pc, w.active) == (0x20, 0x0000FFFF)


@pytest.mark.parametrize("kw", [dict(parkpc=0x40),                          # parked elsewhere since
                                dict(parkpc=0x30, parkwait=0xFFFF0000),     # waiting for others
                                dict(parkpc=0x30, parkreg=1, b1=0xFF000000)])
def test_bsync_waits_for_lanes_that_do_not_wait_for_it(sim_of, kw):
    w = _waiting(sim_of, **kw)
    assert (w.pc, w.active) == (0x30, 0xFFFF0000)        # switched to them, as before
    assert [int(v) for v in w.rpc[:16]] == [0x10] * 16
    assert list(w.parkpc[:16]) == [0x10] * 16 and list(w.parkreg[:16]) == [0] * 16


def test_bsync_releases_past_lanes_waiting_for_it_through_others(sim_of):
    """simt_bpart (sm_75): lanes 16..23 wait at a WARPSYNC for lanes 24..31, which wait at
    another WARPSYNC for lanes 0..15 (executing the BSYNC): a chain that ends at us."""
    s = sim_of(WAIT_SRC)
    w = s.warps[0]
    w.pc, w.active = 0x10, 0x0000FFFF
    w.B[0] = 0x00FF0000
    w.rpc[16:] = 0x30
    w.parkpc[16:] = 0x30
    w.parkwait[16:24] = 0xFF000000
    w.parkwait[24:] = 0x000000FF
    s.step()
    assert (w.pc, w.active) == (0x20, 0x0000FFFF)
