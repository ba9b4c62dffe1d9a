"""PLOP3, P2R, R2P, MEMBAR and BAR.SYNC."""
from __future__ import annotations

import pytest


@pytest.mark.parametrize("lutu,lutv", [(0x80, 0x00), (0xFE, 0x01), (0xF0, 0x0F), (0x96, 0x69), (0xE8, 0xCA)])
def test_plop3(run, lutu, lutv):
    r = run(f"PLOP3.LUT P3, P4, P0, !P1, P2, {lutu:#x}, {lutv:#x} ;",
            {"P0": "lane & 1", "P1": "(lane >> 1) & 1", "P2": "(lane >> 2) & 1"}).warp()
    for i in range(32):
        a, b, c = i & 1, 1 - ((i >> 1) & 1), (i >> 2) & 1
        idx = a << 2 | b << 1 | c
        assert r.P[3][i] == bool(lutu >> idx & 1)
        assert r.P[4][i] == bool(lutv >> idx & 1)


def test_p2r_r2p(run):
    r = run("P2R R1, PR, RZ, 0x7f ;\nP2R R2, PR, R0, 0x1 ;\nR2P PR, R3, 0x5 ;\nP2R R4, PR, RZ, 0x7f ;",
            {"P0": "lane & 1", "P3": "(lane >> 1) & 1", "R0": 0xF0, "R3": "lane"}).warp()
    for i in range(32):
        packed = (i & 1) | (((i >> 1) & 1) << 3)
        assert r.R[1][i] == packed
        assert r.R[2][i] == (0xF0 | (i & 1))
        # R2P with mask 0x5 sets P0 and P2 from lane bits 0 and 2; P3 unchanged
        after = (i & 1) | (((i >> 2) & 1) << 2) | (((i >> 1) & 1) << 3)
        assert r.R[4][i] == after


def test_membar_is_a_no_op(run):
    r = run("MOV R0, 0x1 ;\nMEMBAR.SC.GPU ;\nMEMBAR.ALL.CTA ;\nMOV R1, 0x2 ;").warp()
    assert (r.R[0] == 1).all() and (r.R[1] == 2).all()


def test_bar_sync_waits_for_every_warp_of_the_cta(run):
    # Warp 0 does more work before the barrier than the others; the clock every
    # warp reads after the barrier is at least the clock at which the slowest
    # warp arrived.
    text = """
        S2R R0, SR_WARPID ;
        ISETP.NE.AND P0, PT, R0, RZ, PT ;
        @P0 BRA `(arrive) ;
        IADD3 R1, R1, 0x1, RZ ;
        IADD3 R1, R1, 0x1, RZ ;
        IADD3 R1, R1, 0x1, RZ ;
        IADD3 R1, R1, 0x1, RZ ;
        IADD3 R1, R1, 0x1, RZ ;
        IADD3 R1, R1, 0x1, RZ ;
        S2R R2, SR_CLOCKLO ;
    arrive:
        BAR.SYNC 0x0 ;
        S2R R3, SR_CLOCKLO ;
    """
    res = run(text, grid=2, block=128)
    for cta in range(2):
        ws = [res.warp(cta, k) for k in range(4)]
        last_arrival = int(ws[0].R[2][0])
        for w in ws:
            assert int(w.R[3][0]) > last_arrival, (cta, w.warp)


def test_bar_sync_with_a_false_guard_does_not_arrive(run):
    # only warp 0 has a true guard; it must wait for nobody else forever -> the
    # other warps exit, and exited warps are not waited for.
    text = """
        S2R R0, SR_WARPID ;
        ISETP.EQ.AND P0, PT, R0, RZ, PT ;
        @P0 BAR.SYNC 0x0 ;
        MOV R5, 0x7 ;
    """
    res = run(text, block=96)
    for k in range(3):
        assert (res.warp(0, k).R[5] == 7).all()
