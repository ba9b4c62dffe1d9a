"""Regressions from the second verification audit: WARPSYNC_R with lanes that have
not arrived, NANOSLEEP with no executing lane, BSYNC with YIELD lanes (decision S21),
TRAP to a handler address with non-trapping lanes, BAR.SYNC in a divergent warp."""
import numpy as np
import pytest

import gpuisa
from gpuisa.sim import Simulator

_GP = all(gpuisa.load_isa().db.by_mnemonic(m) for m in ("MOV", "IADD3", "ISETP", "SEL", "VOTE"))
needs_gp = pytest.mark.skipif(not _GP, reason="needs MOV/IADD3/ISETP/SEL (gp.isa)")


def _steps(isa, src, **kw):
    """Step *src* to the end; returns (simulator, records)."""
    s = Simulator(isa, isa.assemble(src), **kw)
    recs = []
    while True:
        r = s.step()
        if r is None:
            break
        recs.append(r)
        if r.fault:
            break
    return s, recs


def _never_empty(recs):
    """No instruction leaves a live warp with an empty ActiveMask."""
    empty = [(hex(r.pc), r.text) for r in recs if r.after["valid"] and not r.after["active"]]
    assert empty == []


# -- 1. WARPSYNC_R: only arrived lanes release a group ------------------------------------------
WS_R = """
        S2R R0, SR_LANEID ;
        ISETP.LT.AND P0, PT, R0, 0x10, PT ;
        BSSY B0, `(END) ;
    @P0 BRA `(LOW) ;
        MOV R1, 0xffff0000 ;          // lanes 16..31 sync among themselves
        WARPSYNC R1 ;
        MOV R2, 0x7 ;
        BRA `(SYNC) ;
LOW:
        MOV R1, 0xffff ;              // lanes 0..15 sync among themselves
        WARPSYNC R1 ;
        MOV R2, 0x9 ;
SYNC:
        BSYNC B0 ;
END:
        EXIT ;
"""

WS_R2 = """
        S2R R0, SR_LANEID ;
        MOV R1, 0x10000 ;                 // every lane: a stale member mask {16}
        ISETP.NE.AND P1, PT, R0, 0x10, PT ;
        BSSY B0, `(END) ;
    @P1 BRA `(OTHERS) ;
        MOV R1, 0xffff0000 ;              // lane 16 (runs first: the fall-through side)
        BRA `(SYNCPT) ;
OTHERS:
        ISETP.LT.AND P0, PT, R0, 0x10, PT ;
        MOV R4, 0xffff ;
        SEL R1, R4, 0xffff0000, P0 ;      // lanes 0..15: 0xffff, lanes 17..31: 0xffff0000
SYNCPT:
        WARPSYNC R1 ;                     // __syncwarp(0xffff) / __syncwarp(0xffff0000)
        VOTE.ANY R3, PT, PT ;             // ballot of the lanes released together
        BSYNC B0 ;
END:
        EXIT ;
"""

WS_R3 = """
        S2R R0, SR_LANEID ;
        ISETP.LT.AND P0, PT, R0, 0x10, PT ;
        MOV R5, 0x10 ;
        BSSY B0, `(END) ;
    @P0 BRA `(LOW) ;
        MOV R1, 0xffff0000 ;
        WARPSYNC R1 ;                 // lanes 0..15 (not arrived, R1 = 0) must not release
        NANOSLEEP R5 ;
        BRA `(SYNC) ;
LOW:
        MOV R1, 0xffff ;
        WARPSYNC R1 ;
SYNC:
        BSYNC B0 ;
END:
        EXIT ;
"""


@needs_gp
def test_warpsync_r_not_arrived_lane_does_not_release_a_group(isa):
    # lanes 0..15 have R1 = 0 when lanes 16..31 reach their WARPSYNC: the page's
    # ValidMask term released lane 0's empty group (ActiveMask = 0)
    s, recs = _steps(isa, WS_R)
    assert recs[-1].fault is None
    _never_empty(recs)
    w = s.warps[0]
    assert w.R[2].tolist() == [9] * 16 + [7] * 16


@needs_gp
def test_warpsync_r_stale_mask_of_a_lane_elsewhere(isa):
    # lanes 0..15 hold the stale mask {16}: complete once lane 16 arrives, but they
    # are not at the WARPSYNC; each group must be released together, with its ballot
    s, recs = _steps(isa, WS_R2)
    assert recs[-1].fault is None
    _never_empty(recs)
    assert s.warps[0].R[3].tolist() == [0xFFFF] * 16 + [0xFFFF0000] * 16


@needs_gp
def test_warpsync_r_then_nanosleep_register(isa):
    # once an empty ActiveMask reached NANOSLEEP R5 (min over no lane: a crash)
    s, recs = _steps(isa, WS_R3)
    assert recs[-1].fault is None and s.warps[0].valid == 0
    _never_empty(recs)


def test_nanosleep_register_with_no_executing_lane(sim_of):
    s = sim_of("NANOSLEEP R5 ;\nEXIT ;")
    w = s.warps[0]
    w.active = 0  # no executing lane (the audit's empty selection)
    rec = s.step()
    assert rec.fault is None


# -- 2. BSYNC with YIELD lanes: release at once when only YIELD members are missing (S21) --------
YIELD_PINGPONG = """
        S2R R0, SR_LANEID ;
        ISETP.LT.AND P0, PT, R0, 0x10, PT ;
        BSSY B0, `(END0) ;
    @P0 BRA `(OUTER_ELSE) ;
        MOV R1, 0x1 ;                 // C = lanes 16..31
        BRA `(SYNC0) ;
OUTER_ELSE:
        ISETP.LT.AND P1, PT, R0, 0x8, PT ;
        BSSY B1, `(END1) ;
    @P1 BRA `(INNER_ELSE) ;
        MOV R1, 0x2 ;                 // A = lanes 8..15
        BRA `(SYNC1) ;
INNER_ELSE:
        YIELD ;                       // Y = lanes 0..7
        MOV R1, 0x3 ;
SYNC1:
        BSYNC B1 ;
END1:
        BRA `(SYNC0) ;
SYNC0:
        BSYNC B0 ;
END0:
        EXIT ;
"""


@needs_gp
def test_bsync_yield_inside_nested_if_does_not_livelock(isa):
    # C waits at SYNC0 for A and Y; Y yields to A; A at SYNC1 misses only Y (yielding).
    # The page switched to C (mask_ny_nb), which switched straight back to A (a member
    # of B0 not arrived): a livelock.  S21: A passes SYNC1, then SYNC0 with C (Y yields),
    # C and A exit, Y resumes, passes both BSYNCs alone.
    s, recs = _steps(isa, YIELD_PINGPONG)
    assert recs[-1].fault is None and s.warps[0].valid == 0
    _never_empty(recs)
    assert s.warps[0].R[1].tolist() == [3] * 8 + [2] * 8 + [1] * 16
    assert s.warps[0].B[0] == 0 and s.warps[0].B[1] == 0 and s.warps[0].yield_mask == 0


SPIN_NESTED = """
        S2R R0, SR_LANEID ;
        ISETP.GE.U32.AND P2, PT, R0, 0x18, PT ;     // if (lane < 24) { spin_wait body } (lanes 24..31 idle)
        BSSY B1, `(OUT) ;
    @!P2 BRA `(WORK) ;
        BRA `(OUTSYNC) ;
WORK:
        S2R R0, SR_LANEID ;
        LDC.64 R[2:3], c[0x0][0x0] ;                // buf
        LDC.64 R[4:5], c[0x0][0x8] ;                // out
        MOV R7, 0x4 ;
        MOV R16, 0x1 ;
        ISETP.GE.U32.AND P0, PT, R0, 0x10, PT ;     // lanes 16..31 produce
        BSSY B0, `(DONE) ;
    @P0 BRA `(PRODUCE) ;
        IMAD.WIDE.U32 R[8:9], R0, R7, R[2:3] ;      // &data[c]
SPIN:
        LDG.E R10, [R2.64+0x40] ;                   // flag
        ISETP.NE.AND P1, PT, R10, RZ, PT ;
    @P1 BRA `(CONSUME) ;
        YIELD ;                                     // not yet: give the producers a turn
        BRA `(SPIN) ;
CONSUME:
        LDG.E R11, [R8.64] ;                        // data[c]
        IADD3 R11, R11, 0x3e8, RZ ;                 // + 1000
        IMAD.WIDE.U32 R[12:13], R0, R7, R[4:5] ;    // &out[c]
        STG.E [R12.64], R11 ;
        BRA `(DONE) ;
PRODUCE:
        IADD3 R14, R0, -0x10, RZ ;                  // slot = lane - 16
        IMAD R15, R14, R14, 0x7 ;                   // value = slot^2 + 7
        IMAD.WIDE.U32 R[8:9], R14, R7, R[2:3] ;     // &data[slot]
        STG.E [R8.64], R15 ;
        MEMBAR.SC.GPU ;
        STG.E [R2.64+0x40], R16 ;                   // flag = 1
        BRA `(DONE) ;
DONE:
        BSYNC B0 ;
        BRA `(OUTSYNC) ;
OUTSYNC:
        BSYNC B1 ;
OUT:
        EXIT ;
"""


@needs_gp
def test_spin_wait_inside_an_outer_if_completes(isa):
    # examples/spin_wait.s inside `if (lane < 24)`: the producers (16..23) at DONE miss
    # only the yielding consumers; the page switched to the idle lanes 24..31 parked at
    # OUTSYNC, which switched back (the producers are members of B1): a livelock
    buf = np.array([100 + i for i in range(16)] + [0], dtype=np.uint32)
    out = np.zeros(16, dtype=np.uint32)
    s = Simulator(isa, isa.assemble(SPIN_NESTED), buffers={"buf": buf, "out": out}, params=["buf", "out"])
    res = s.run()
    assert res.status == "ok", res.fault
    # producers 16..23 fill data[0..7]; data[8..15] keep their initial values
    assert res.buffers["out"].tolist() == [c * c + 7 + 1000 if c < 8 else 100 + c + 1000 for c in range(16)]


# -- 3. TRAP to a handler address: the lanes that do not trap keep their real PC ----------------
TRAP_EXIT = """
        IADD3 R2, R2, 0x1, RZ ;        // executed once per thread
        S2R R0, SR_LANEID ;
        ISETP.LT.AND P0, PT, R0, 0x10, PT ;
    @P0 TRAP 0x1 ;                      // lanes 0..15 trap
        MOV R1, 0x5 ;
        EXIT ;
HANDLER:
        EXIT ;                          // the handler ends the trapping threads
"""


@needs_gp
def test_trap_handler_exit_resumes_the_other_lanes_after_the_trap(isa):
    prog = isa.assemble(TRAP_EXIT)
    res = Simulator(isa, prog, trap_handler=prog.symbols["HANDLER"]).run()
    assert res.ok
    w = res.warp()
    assert w.R[2].tolist() == [1] * 32  # lanes 16..31 resumed after the TRAP, not at address 0
    assert w.R[1].tolist() == [0] * 16 + [5] * 16


@needs_gp
def test_rtt_after_a_handler_that_exited_is_a_fault(isa):
    # the handler's trapping lanes exit; the other lanes then run RTT: no handler to return from
    prog = isa.assemble(TRAP_EXIT.replace("MOV R1, 0x5 ;", "RTT ;"))
    res = Simulator(isa, prog, trap_handler=prog.symbols["HANDLER"]).run()
    assert res.status == "trap"
    assert "RTT outside a trap handler" in str(res.fault)


# -- 4. BAR.SYNC in a divergent warp: the warp arrives when every valid lane has arrived --------
BAR_DIVERGENT = """
        S2R R0, SR_LANEID ;
        S2R R1, SR_WARPID ;
        ISETP.EQ.AND P0, PT, R1, RZ, PT ;      // warp 0
    @P0 BRA `(W0) ;
        MOV R2, 0x7 ;                          // warp 1: write 7 to shared[0], barrier, read shared[4]
        STS [0x0], R2 ;
        BAR.SYNC 0x0 ;
        LDS R3, [0x4] ;
        EXIT ;
W0:
        ISETP.LT.AND P1, PT, R0, 0x10, PT ;
        BSSY B0, `(END) ;
    @P1 BRA `(LOW) ;
        BAR.SYNC 0x0 ;                         // lanes 16..31 (fall-through first)
        LDS R3, [0x0] ;
        BRA `(SYNC) ;
LOW:
        MOV R2, 0x9 ;                          // lanes 0..15 write shared[4] before their barrier
        STS [0x4], R2 ;
        BAR.SYNC 0x0 ;
        LDS R3, [0x0] ;
SYNC:
        BSYNC B0 ;
END:
        EXIT ;
"""


@needs_gp
def test_bar_sync_waits_for_every_lane_of_a_divergent_warp(isa):
    # warp 0's lanes 16..31 reach a BAR.SYNC first: the warp must not arrive at the
    # CTA barrier before lanes 0..15 (at another BAR.SYNC) have stored 9
    res = Simulator(isa, isa.assemble(BAR_DIVERGENT), block=64).run()
    assert res.ok, res.fault
    assert res.warp(0, 1).R[3].tolist() == [9] * 32
    assert res.warp(0, 0).R[3].tolist() == [7] * 32  # each BAR.SYNC passed once


@needs_gp
def test_bar_sync_on_one_side_of_an_if_is_a_deadlock(isa):
    # __syncthreads() inside `if (lane < 16)`: lanes 16..31 never arrive
    src = """
        S2R R0, SR_LANEID ;
        ISETP.LT.AND P1, PT, R0, 0x10, PT ;
        BSSY B0, `(END) ;
    @!P1 BRA `(SYNC) ;
        BAR.SYNC 0x0 ;
SYNC:
        BSYNC B0 ;
END:
        EXIT ;
"""
    res = Simulator(isa, isa.assemble(src), block=32).run()
    assert res.status == "deadlock"
