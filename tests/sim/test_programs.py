"""Divergence scenarios as whole programs (seed instructions, S2R/BMOV/VOTE,
registers and predicates set through the launch API)."""
import pytest

import gpuisa
from gpuisa.sim import Simulator

FULL = 0xFFFFFFFF
_GP = all(gpuisa.load_isa().db.by_mnemonic(m) for m in ("MOV", "IADD3", "ISETP", "SEL"))
needs_gp = pytest.mark.skipif(not _GP, reason="needs MOV/IADD3/ISETP/SEL (gp.isa)")


def lanes(f):
    return [int(f(i)) for i in range(32)]


def test_if_else_with_bssy_bsync(run):
    res = run("""
            BSSY B0, `(JOIN) ;
        @P0 BRA `(ELSE) ;
            VOTE.ANY R1, P6, PT ;       // then side: ActiveMask
            S2R R3, SR_LANEID ;
            BRA `(JOIN) ;
        ELSE:
            VOTE.ANY R2, P6, PT ;       // else side
        JOIN:
            BSYNC B0 ;
            VOTE.ANY R4, P6, PT ;       // reconverged
            EXIT ;
    """, init={"P0": "lane & 1"})
    w = res.warp()
    odd = 0xAAAAAAAA
    assert all(int(w.R[1][i]) == (FULL & ~odd) for i in range(0, 32, 2))   # fall-through side first
    assert all(int(w.R[2][i]) == odd for i in range(1, 32, 2))
    assert w.R[3].tolist() == [i if i % 2 == 0 else 0 for i in range(32)]
    assert set(w.R[4].tolist()) == {FULL}


def test_nested_if_else(run):
    res = run("""
            BSSY B0, `(J0) ;
        @P0 BRA `(E0) ;
            BSSY B1, `(J1) ;
        @P1 BRA `(E1) ;
            VOTE.ANY R1, P6, PT ;
            BRA `(J1) ;
        E1:
            VOTE.ANY R2, P6, PT ;
        J1:
            BSYNC B1 ;
            VOTE.ANY R3, P6, PT ;
            BRA `(J0) ;
        E0:
            VOTE.ANY R4, P6, PT ;
        J0:
            BSYNC B0 ;
            VOTE.ANY R5, P6, PT ;
            EXIT ;
    """, init={"P0": "lane >> 4", "P1": "(lane >> 2) & 1"})
    w = res.warp()
    low = 0x0000FFFF
    p1 = sum(1 << i for i in range(32) if (i >> 2) & 1)
    assert int(w.R[1][0]) == low & ~p1
    assert int(w.R[2][4]) == low & p1
    assert int(w.R[3][0]) == low and int(w.R[3][5]) == low
    assert int(w.R[4][16]) == 0xFFFF0000
    assert set(w.R[5].tolist()) == {FULL}


def test_loop_with_per_lane_trip_counts_and_break(run):
    # each iteration the lowest remaining lane leaves the loop: lane i runs i+1 iterations
    res = run("""
            BSSY B0, `(END) ;
        LOOP:
            ELECT P1, R9 ;
            CS2R R[12:13], SR_CLOCKLO ;
        @P1 BREAK B0 ;
        @P1 BRA `(END) ;
            BRA `(LOOP) ;
        END:
            BSYNC B0 ;
            VOTE.ANY R11, P6, PT ;
            EXIT ;
    """)
    w = res.warp()
    assert res.ok and set(w.R[11].tolist()) == {FULL}
    clocks = w.R[12].tolist()
    assert all(b - a == 5 for a, b in zip(clocks, clocks[1:]))  # 5 instructions per iteration
    assert int(w.B[0]) == 0


@needs_gp
def test_counted_loop_with_isetp(run):
    res = run("""
            MOV R2, RZ ;
            BSSY B0, `(END) ;
        LOOP:
            ISETP.GE.AND P0, PT, R2, R1, PT ;
        @P0 BREAK B0 ;
        @P0 BRA `(END) ;
            IADD3 R2, R2, 0x1, RZ ;
            BRA `(LOOP) ;
        END:
            BSYNC B0 ;
            VOTE.ANY R3, P6, PT ;
            EXIT ;
    """, init={"R1": "lane % 5 * 3"})
    w = res.warp()
    assert w.R[2].tolist() == [i % 5 * 3 for i in range(32)]
    assert set(w.R[3].tolist()) == {FULL}


def test_early_exit_then_warp_ops(run):
    res = run("""
        @P0 EXIT ;
            VOTE.ANY R1, P6, PT ;
            REDUX.SUM R2, R5 ;
            SHFL.BFLY PT, R3, R5, 0x1, 0x1f ;
            EXIT ;
    """, init={"P0": lambda l, w, c, t: l % 3 == 0, "R5": "lane"}, strict=False)
    w = res.warp()
    alive = [i for i in range(32) if i % 3]
    assert int(w.R[1][1]) == sum(1 << i for i in alive)
    assert int(w.R[2][1]) == sum(alive)
    # exited lanes are not participating: a SHFL from them is reported
    assert any(e["kind"] == "shfl-inactive" for e in res.events)


def test_brx_jump_table_per_lane_targets(run):
    res = run("""
            BSSY B0, `(JOIN) ;
            BRX R6, 0x0 ;
            S2R R10, SR_LANEID ;
            BRA `(JOIN) ;
            S2R R11, SR_LANEID ;
            BRA `(JOIN) ;
            S2R R12, SR_LANEID ;
            BRA `(JOIN) ;
            S2R R13, SR_LANEID ;
        JOIN:
            BSYNC B0 ;
            VOTE.ANY R1, P6, PT ;
            EXIT ;
    """, init={"R6": "(lane % 4) * 32"})
    w = res.warp()
    for i in range(32):
        for k in range(4):
            assert int(w.R[10 + k][i]) == (i if i % 4 == k else 0)
    assert set(w.R[1].tolist()) == {FULL}


def test_call_ret(isa):
    prog = isa.assemble("""
            CALL.ABS R[6:7], 0x0 ;
        RET1:
            VOTE.ANY R1, P6, PT ;
            EXIT ;
        FUNC:
            S2R R20, SR_LANEID ;
            RET.ABS R[8:9], 0x0 ;
    """)
    res = Simulator(isa, prog, init={"R6": prog.symbols["FUNC"], "R8": prog.symbols["RET1"]}).run()
    w = res.warp()
    assert res.ok and w.R[20].tolist() == list(range(32)) and set(w.R[1].tolist()) == {FULL}


def test_call_rel_divergent(isa):
    prog = isa.assemble("""
        @P0 CALL.ABS `(FUNC) ;
            VOTE.ANY R1, P6, PT ;
            WARPSYNC 0xffffffff ;
            VOTE.ANY R2, P6, PT ;
            EXIT ;
        FUNC:
            S2R R20, SR_LANEID ;
            RET.ABS R[8:9], 0x0 ;
    """)
    res = Simulator(isa, prog, init={"P0": lambda l, w, c, t: l < 8, "R8": 0x10}).run()
    w = res.warp()
    assert res.ok and w.R[20].tolist() == [i if i < 8 else 0 for i in range(32)]
    assert int(w.R[1][31]) == 0xFFFFFF00 and int(w.R[1][0]) == 0xFF
    assert set(w.R[2].tolist()) == {FULL}


def test_warpsync_after_unstructured_branch(run):
    res = run("""
        @P0 BRA `(L) ;
            S2R R1, SR_LANEID ;
            NOP ;
        L:
            WARPSYNC 0xffffffff ;
            VOTE.ANY R2, P6, PT ;
            EXIT ;
    """, init={"P0": lambda l, w, c, t: l >= 20})
    w = res.warp()
    assert set(w.R[2].tolist()) == {FULL}
    assert w.R[1].tolist() == [i if i < 20 else 0 for i in range(32)]


def test_warpsync_deadlock_is_reported(run):
    # three sites whose member masks differ: each waits for lanes parked at another
    # (with one mask at both sites they would meet: decision D7-simt-4)
    res = run("""
        @P0 BRA `(B) ;
        @P1 BRA `(C) ;
            WARPSYNC 0x0000ffff ;
            EXIT ;
        C:
            WARPSYNC 0xffff0000 ;
            EXIT ;
        B:
            WARPSYNC 0xffffffff ;
            EXIT ;
    """, init={"P0": "lane & 1", "P1": "lane >> 4"})
    assert res.status == "deadlock" and "WARPSYNC" in res.fault["instruction"]


def test_warpsync_sites_with_one_member_mask_meet(run):
    """Decision D7-simt-4 (PTX bar.warp.sync from sm_70 on: the threads of a member mask may
    execute different instructions): `__syncwarp()` in both arms of a branch."""
    res = run("""
            S2R R1, SR_LANEID ;
        @P0 BRA `(B) ;
            WARPSYNC 0xffffffff ;
            MOV R2, 0x1 ;
            EXIT ;
        B:
            WARPSYNC 0xffffffff ;
            MOV R2, 0x2 ;
            EXIT ;
    """, init={"P0": "lane & 1"})
    assert res.status == "ok", res.fault
    assert [int(v) for v in res.warp().R[2]] == [1, 2] * 16


def test_warpsync_sites_meet_in_a_partial_warp(run):
    """Regression (D10-C-8): the same in a warp of 16 lanes (a CTA of 48 threads) -- the lanes parked
    at the other site recorded the member mask within the valid lanes (0x0000ffff), the site
    compared the mask as written (0xffffffff), and the two halves switched until a deadlock fault
    (nvcc's non-aligned barrier.cluster.arrive brackets the barrier with WARPSYNC.COLLECTIVE.ALL
    in each arm)."""
    for engine in ("reference", "batched"):
        res = run("""
                S2R R1, SR_LANEID ;
            @P0 BRA `(B) ;
                WARPSYNC 0xffffffff ;
                MOV R2, 0x1 ;
                EXIT ;
            B:
                WARPSYNC 0xffffffff ;
                MOV R2, 0x2 ;
                EXIT ;
        """, init={"P0": "lane & 1"}, block=48, engine=engine)
        assert res.status == "ok", (engine, res.fault)
        assert [int(v) for v in res.warp(0, 1).R[2]] == [1, 2] * 8 + [0] * 16


@pytest.mark.parametrize("mask", ["0xffffffff", "R6"])
def test_warpsync_sites_switch_to_the_lanes_that_wait_at_a_bsync(run, mask):
    """Regression (D17-2): lanes 24-31 leave early (at -O0 a kernel's `return` is a branch to its
    final BSYNC, not EXIT) and wait at that BSYNC; lanes 0-23 meet `__syncwarp()` at two sites
    (both arms of a branch).  The failed WARPSYNC switched to the lanes parked at the other site
    (which failed again and switched back) and never to lanes 24-31, whose BSYNC releases past
    lanes that wait for them (D7-simt-3): a deadlock fault for a correct kernel (simt_sw built
    with -Xptxas -O0 for sm_90)."""
    for engine in ("reference", "batched"):
        res = run(f"""
                S2R R0, SR_LANEID ;
                MOV R6, 0xffffffff ;
                BSSY B1, `(END) ;
                ISETP.GE.AND P0, PT, R0, 0x18, PT ;
            @P0 BRA `(END) ;
                LOP3.LUT R2, R0, 0x1, RZ, 0xc0, !PT ;
                ISETP.NE.AND P1, PT, R2, RZ, PT ;
            @P1 BRA `(ODD) ;
                WARPSYNC {mask} ;
                BRA `(JOIN) ;
            ODD:
                WARPSYNC {mask} ;
            JOIN:
                IADD3 R7, R0, 0x64, RZ ;
            END:
                BSYNC B1 ;
                EXIT ;
        """, block=64, engine=engine)
        assert res.status == "ok", (engine, res.fault)
        for w in range(2):
            assert [int(v) for v in res.warp(0, w).R[7]] == [lane + 100 for lane in range(24)] + [0] * 8, engine


def test_partial_warp(run):
    res = run("""
        S2R R1, SR_LANEID ;
        VOTE.ANY R2, P6, PT ;
        REDUX.SUM R3, R1 ;
        EXIT ;
    """, block=40)
    assert int(res.warp(0, 0).R[2][0]) == FULL
    w1 = res.warp(0, 1)
    assert int(w1.R[2][0]) == 0xFF and int(w1.R[3][0]) == sum(range(8))
    assert w1.R[1].tolist()[8:] == [0] * 24


def test_several_warps_and_ctas(run):
    res = run("""
        S2R R1, SR_CTAID.X ;
        S2R R2, SR_CTAID.Y ;
        S2R R3, SR_WARPID ;
        S2UR UR4, SR_CTAID.X ;
        EXIT ;
    """, grid=(3, 2), block=96, init={"R9": lambda lane, warp, cta, tid: tid * 10 + cta})
    assert len(res.warps) == 18
    for w in res.warps:
        assert set(w.R[1].tolist()) == {w.cta % 3} and set(w.R[2].tolist()) == {w.cta // 3}
        assert set(w.R[3].tolist()) == {w.warp} and int(w.UR[4]) == w.cta % 3
        assert w.R[9].tolist() == [(w.warp * 32 + l) * 10 + w.cta for l in range(32)]


def test_round_robin_and_nanosleep_between_warps(run):
    res = run("""
            S2R R1, SR_WARPID ;
            CS2R R[2:3], SR_CLOCKLO ;
            NANOSLEEP 0x40 ;
            CS2R R[4:5], SR_CLOCKLO ;
            EXIT ;
    """, block=64, engine="reference")     # the round-robin order of the one-warp engine
    a, b = res.warp(0, 0), res.warp(0, 1)
    assert int(a.R[2][0]) == 3 and int(b.R[2][0]) == 4  # round robin w0, w1, w0, w1; clock counts this issue
    assert int(a.R[4][0]) - int(a.R[2][0]) >= 0x40


def test_yield_between_branches_then_bsync(run):
    res = run("""
            BSSY B0, `(J) ;
        @P0 BRA `(E) ;
            YIELD ;
            S2R R1, SR_LANEID ;
            BRA `(J) ;
        E:
            S2R R2, SR_LANEID ;
        J:
            BSYNC B0 ;
            VOTE.ANY R3, P6, PT ;
            EXIT ;
    """, init={"P0": "lane >> 4"})
    w = res.warp()
    # decision D7-simt-6: the BSYNC lets the yielding lanes run on (they arrive), so the
    # warp reconverges there, as nvcc's code after a BSYNC assumes (S21 released each half alone)
    assert res.ok and w.R[3].tolist() == [FULL] * 32
    assert w.R[1].tolist() == [i if i < 16 else 0 for i in range(32)]
    assert w.R[2].tolist() == [i if i >= 16 else 0 for i in range(32)]


def test_trap_syscall_rtt(isa):
    res = isa.launch("TRAP 0x5 ;\nEXIT ;")
    assert res.status == "trap" and "0x5" in res.fault["message"]
    seen = []
    res = isa.launch("TRAP 0x5 ;\nSYSCALL ;\nEXIT ;", trap_handler=lambda s, w, i: seen.append(i),
                     syscall=lambda s, w: seen.append("sys"))
    assert res.ok and seen == [5, "sys"]
    assert isa.launch("SYSCALL ;\nEXIT ;").status == "syscall"
    assert isa.launch("RTT ;\nEXIT ;").status == "trap"
    prog = isa.assemble("TRAP 0x1 ;\nS2R R1, SR_LANEID ;\nEXIT ;\nH:\nS2R R2, SR_LANEID ;\nRTT ;")
    res = Simulator(isa, prog, trap_handler=prog.symbols["H"]).run()
    assert res.ok and res.warp().R[1].tolist() == list(range(32)) == res.warp().R[2].tolist()


def test_faults_are_reported(isa):
    assert isa.launch("BRA 0x1000 ;").status == "pc-out-of-range"
    assert Simulator(isa, [0]).run().status == "invalid-instruction"
    res = isa.launch("L:\nBRA `(L) ;", max_steps=50)
    assert res.status == "step-limit" and res.steps == 50
    assert isa.launch("GETREG R1, 0x77 ;\nEXIT ;").status == "special-register"


def test_jump_below_address_zero_is_a_pc_fault(isa):
    # target = 0x10 + offset*16 < 0: taken by every lane (ActivePC) or by some (parked in RPC)
    bra = isa.encode("@P0 BRA 0x0 ;", pc=0x100)   # offset -17: from address 0 the target is -0x100
    for p0 in ("1", "lane & 1"):
        res = Simulator(isa, [bra, isa.encode("EXIT ;")], init={"P0": p0}).run()
        assert res.status == "pc-out-of-range" and res.fault["pc"] == (1 << 64) - 0x100
        assert "0xffffffffffffff00" in res.fault["message"]


def test_special_registers_and_getreg_setreg(isa):
    t = isa.db.types["SReg"].by_name
    res = isa.launch(f"""
        S2R R1, SR_LTMASK ;
        S2R R2, SR_GEMASK ;
        PMTRIG 0x5 ;
        GETREG R3, 0x{t['SR_PM2']:x} ;
        SETREG 0x{t['SR_PM1']:x}, R9 ;
        GETREG R4, 0x{t['SR_PM1']:x} ;
        GETREG R5, 0x{t['SR_LANEID']:x} ;
        EXIT ;
    """, init={"R9": 77})
    w = res.warp()
    assert w.R[1].tolist() == [(1 << i) - 1 for i in range(32)]
    assert w.R[2].tolist() == [FULL & ~((1 << i) - 1) for i in range(32)]
    assert set(w.R[3].tolist()) == {1} and set(w.R[4].tolist()) == {77} and w.R[5].tolist() == list(range(32))
    assert isa.launch(f"SETREG 0x{t['SR_LANEID']:x}, R1 ;\nEXIT ;").status == "special-register"


def test_missing_semantics_is_a_model_error(isa):
    from gpuisa.errors import ModelError
    from gpuisa.sim import registry
    class FakeOp:
        name, optype = "ZZZ_X", "ZZZ"
    class FakeDb:
        opcodes = {"ZZZ_X": FakeOp()}
    with pytest.raises(ModelError, match="ZZZ_X"):
        registry.check_complete(FakeDb())


def test_step_records(isa):
    sim = isa.simulator("@P0 BRA `(L) ;\nS2R R1, SR_LANEID ;\nL:\nEXIT ;", init={"P0": lambda l, w, c, t: l < 4})
    r1 = sim.step()
    assert (r1.cta, r1.warp, r1.pc) == (0, 0, 0) and r1.before["active"] == FULL and r1.after["active"] == FULL & ~0xF
    r2 = sim.step()
    assert r2.writes[0][0] == "R1" and r2.writes[0][1] == FULL & ~0xF
    assert r2.to_json()["version"] == 2


@pytest.mark.parametrize("engine", ["reference", "batched"])
def test_warpsync_register_sites_with_one_member_mask_meet(isa, engine):
    """D7-simt-4 with the R form nvcc writes for sm_90 (`WARPSYNC.COLLECTIVE R3` in each arm):
    the odd lanes meet the even ones, whose member mask is the same, at the other site."""
    res = isa.launch("""
            S2R R1, SR_LANEID ;
            MOV R3, 0xffffffff ;
        @P0 BRA `(B) ;
            WARPSYNC R3 ;
            MOV R2, 0x1 ;
            EXIT ;
        B:
            WARPSYNC R3 ;
            MOV R2, 0x2 ;
            EXIT ;
    """, init={"P0": "lane & 1"}, engine=engine, grid=2)
    assert res.status == "ok", res.fault
    assert all([int(v) for v in w.R[2]] == [1, 2] * 16 for w in res.warps)
