"""RPCMOV (issue 11, decision D11-1): nvcc for sm_100/sm_120 spills a register into the return-PC
register (`RPCMOV.32 Rpc.LO, R0` ... `RPCMOV.32 R0, Rpc.LO`). Rpc is per lane and per warp; the guard
selects the lanes. Expected values from Python integers; both engines, warps that diverge."""
from __future__ import annotations

import pytest

from .conftest import assert_round_trip, launch_text


@pytest.mark.parametrize("engine", ["batched", "reference"])
def test_rpcmov_saves_and_restores_per_lane(nv_isa, engine):
    res = launch_text(nv_isa, """
        S2R R0, SR_LANEID ;
        S2R R8, SR_TID.X ;
        S2R R9, SR_CTAID.X ;
        SHF.R.U32.HI R10, RZ, 0x5, R8 ;
        LOP3.LUT P1, RZ, R10, 0x1, RZ, 0xc0, !PT ;
        @P1 BRA `(odd_warp) ;
        IMAD R2, R0, 0x7, R9 ;
        BRA `(join) ;
odd_warp:
        IMAD R2, R0, 0x3, R8 ;
join:
        LOP3.LUT P0, RZ, R0, 0x1, RZ, 0xc0, !PT ;
        MOV R4, 0x55 ;
        @P0 RPCMOV.32 Rpc.LO, R2 ;
        RPCMOV.32 Rpc.HI, R0 ;
        MOV R2, 0x0 ;
        RPCMOV.32 R3, Rpc.LO ;
        @!P0 RPCMOV.32 R4, Rpc.HI ;""", engine, grid=3, block=128)
    assert not res.fallbacks
    for w in res.warps:
        cta = w.cta
        for lane in range(32):
            tid = 32 * w.warp + lane
            saved = (lane * 3 + tid) if w.warp % 2 else (lane * 7 + cta)
            assert int(w.R[3][lane]) == (saved if lane % 2 else 0), (cta, w.warp, lane)
            assert int(w.R[4][lane]) == (0x55 if lane % 2 else lane), (cta, w.warp, lane)


@pytest.mark.parametrize("line", ["RPCMOV.32 Rpc.LO, R2", "RPCMOV.32 R2, Rpc.LO", "RPCMOV.32 Rpc.HI, R17",
                                  "@!P3 RPCMOV.32 R200, Rpc.HI"])
def test_rpcmov_round_trip(nv_isa, line):
    assert_round_trip(nv_isa.db, line + " ;")
