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
