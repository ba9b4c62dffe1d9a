"""Branch-unit pseudo code, case by case, by injecting warp state and stepping
one instruction.  Every branch of BSYNC / WARPSYNC / YIELD / EXIT / NANOSLEEP /
BRX switching, and BRA's .U/.DIV/.CONV against the page's golden function."""
import numpy as np
import pytest

from gpuisa.sim.semantics.bru import SPIN_TRIPS, YIELD_PATIENCE, lanes_state


FULL = 0xFFFFFFFF


def array2mask(a):
    return sum(1 << i for i, v in enumerate(a) if v)


# -- the page's golden function, copied verbatim (print removed) as the oracle ---------------
def getGoldenBranchCondition(activemask_array, validmask_array, pg_array, bra_modi, ur_maskarray):
    pgv = pg_array & activemask_array
    if ur_maskarray is None:
        is_div = np.any(pgv ^ validmask_array)

        if bra_modi == '':
            branch_mask_array = pgv
        elif bra_modi == '.U':
            branch_mask_array = np.zeros(32, dtype=np.bool_)
            branch_mask_array[activemask_array] = np.all(pgv[activemask_array])
        elif bra_modi == '.DIV':
            if is_div:
                branch_mask_array = pgv
            else:
                branch_mask_array = False & pgv
        elif bra_modi == '.CONV':
            if is_div:
                branch_mask_array = False & pgv
            else:
                branch_mask_array = pgv
        else:
            raise Exception(f'Invalid branch modi "{bra_modi}"!!!')
    else:
        if np.any((validmask_array ^ activemask_array) & ur_maskarray):
            is_div = True
        else:
            pv = pgv[activemask_array]
            if not (np.all(pv) or np.all(~pv)):
                is_div = np.any(activemask_array & (~pg_array) & ur_maskarray)
            else:
                is_div = False
        branch_mask_array = np.zeros(32, dtype=np.bool_)
        if bra_modi == '.DIV':
            branch_mask_array[activemask_array] = np.any(pgv) & is_div
        elif bra_modi == '.CONV':
            branch_mask_array[activemask_array] = np.any(pgv) & (not is_div)
        else:
            raise Exception(f'Invalid branch modi "{bra_modi}"!!!')
    return branch_mask_array


def bits(m):
    return np.array([(m >> i) & 1 for i in range(32)], dtype=bool)


def _cases():
    rng = np.random.default_rng(1234)
    special = [FULL, 0x0000FFFF, 0xFFFF0000, 0x1, 0x80000000, 0]
    for _ in range(60):
        valid = int(rng.choice(special[:3])) if rng.random() < 0.3 else int(rng.integers(1, 1 << 32))
        active = valid if rng.random() < 0.4 else (int(rng.integers(0, 1 << 32)) & valid) or (valid & -valid)
        pg = int(rng.choice(special)) if rng.random() < 0.5 else int(rng.integers(0, 1 << 32))
        ur = int(rng.choice(special)) if rng.random() < 0.4 else int(rng.integers(0, 1 << 32))
        yield valid, active, pg, ur


# BRA_U (with a UR mask) exists only with .DIV/.CONV (the spec's __Exception rule)
@pytest.mark.parametrize("modi,with_ur", [("", False), (".U", False), (".DIV", False), (".CONV", False),
                                          (".DIV", True), (".CONV", True)])
def test_bra_against_golden(sim_of, modi, with_ur):
    ur_txt = "UR4, " if with_ur else ""
    src = f"@P0 BRA{modi} {ur_txt}`(T) ;\nNOP ;\nNOP ;\nT:\nNOP ;"
    for valid, active, pg, ur in _cases():
        s = sim_of(src)
        w = s.warps[0]
        w.valid, w.active, w.P[0], w.UR[4] = valid, active, pg, ur
        w.rpc[:] = 0x20  # some other PC for inactive lanes
        s.step()
        golden = getGoldenBranchCondition(bits(active), bits(valid), bits(pg), modi, bits(ur) if with_ur else None)
        b = array2mask(golden) & active
        T = s.prog.symbols["T"]
        if b == 0:
            assert (w.pc, w.active) == (0x10, active)
        elif b == active:
            assert (w.pc, w.active) == (T, active)
        else:
            assert (w.pc, w.active) == (0x10, active & ~b)
            assert all(w.rpc[i] == T for i in range(32) if b >> i & 1)
        # inactive lanes keep their RPC
        assert all(w.rpc[i] == 0x20 for i in range(32) if not (active >> i & 1) and not (b >> i & 1))


def test_bra_u_requires_div_conv_is_a_fault(isa):
    # an encoded BRA_U with cond=NoCond is illegal: the simulator reports it
    from gpuisa.sim import Simulator
    word = isa.assemble("BRA.DIV UR4, `(T) ;\nT:\nNOP ;").words[0]
    f = isa.db.opcode("BRA_U").field_map["cond"]
    word &= ~f.mask
    res = Simulator(isa, [word, isa.assemble("EXIT ;").words[0]]).run()
    assert res.status == "invalid-instruction"


def _set(s, valid=FULL, active=FULL, **kw):
    w = s.warps[0]
    w.valid, w.active = valid, active
    for k, v in kw.items():
        setattr(w, k, v)
    return w


# -- BSYNC -----------------------------------------------------------------------------------
BSYNC_SRC = "NOP ;\nS:\n@P0 BSYNC B0 ;\nNOP ;\nA:\nNOP ;\nB:\nNOP ;"


def test_bsync_mask_np_falls_through_first(sim_of):
    s = sim_of(BSYNC_SRC)
    w = _set(s, pc=0x10)
    w.P[0] = 0x0000FFFF
    w.B[0] = FULL
    s.step()
    assert (w.pc, w.active) == (0x20, 0xFFFF0000)
    assert all(w.rpc[i] == 0x10 for i in range(16))


def test_bsync_complete(sim_of):
    s = sim_of(BSYNC_SRC)
    w = _set(s, pc=0x10, active=0x0000FFFF, yield_mask=0x00000F0F)
    w.P[0] = FULL
    w.B[0] = 0x0000FFFF  # the other half already arrived (and cleared its bits)
    w.rpc[16:] = 0x10
    s.step()
    assert (w.pc, w.active) == (0x20, FULL)
    assert w.yield_mask == 0
    assert w.B[0] == 0  # decision: BSYNC writes back the lanes still expected


def test_bsync_partial_switches_to_unarrived_member(sim_of):
    s = sim_of(BSYNC_SRC)
    A, B = s.prog.symbols["A"], s.prog.symbols["B"]
    w = _set(s, pc=0x10, active=0x000000FF)
    w.P[0] = FULL
    w.B[0] = 0x0000FFFF
    w.rpc[8:16] = B
    w.rpc[16:] = A  # not members
    s.step()
    assert (w.pc, w.active) == (B, 0x0000FF00)
    assert w.B[0] == 0x0000FF00
    assert all(w.rpc[i] == 0x10 for i in range(8))


def test_bsync_yield_release_does_not_switch_to_non_members(sim_of):
    # decision S21: the pseudo code's mask_ny_nb branch (switch to the non-member,
    # non-yield lanes 16-31) is not taken; the missing members all yield, so the
    # arrived lanes (here also lanes 20-23, parked at this BSYNC) are released at once
    s = sim_of(BSYNC_SRC)
    A = s.prog.symbols["A"]
    w = _set(s, pc=0x10, active=0x000000FF, yield_mask=0x00F0FF00)
    w.P[0] = FULL
    w.B[0] = 0x0000FFFF  # lanes 8-15 are members but yielding
    w.rpc[8:] = A
    w.rpc[20:24] = 0x10  # yielded earlier, now waiting at this BSYNC
    w.patience = {(0, 0x10): (0x0000FF00, YIELD_PATIENCE, b"", 0)}   # D7-simt-6: the YIELD lanes made no progress
    s.step()
    assert (w.pc, w.active) == (0x20, 0x00F000FF)
    assert w.yield_mask == 0x0000FF00  # the released lanes leave YieldMask
    # decision D7-simt-1: the yielding members leave B0 for the record of the passes they owe this BSYNC
    assert w.B[0] == 0 and w.owed == {(0, 0x10, 0): 0x0000FF00}


def test_bsync_yield_release(sim_of):
    s = sim_of(BSYNC_SRC)
    A = s.prog.symbols["A"]
    w = _set(s, pc=0x10, active=0x000000FF, yield_mask=0xFFFFFF00)
    w.P[0] = FULL
    w.B[0] = 0x0000FFFF
    w.rpc[8:] = A
    w.patience = {(0, 0x10): (0x0000FF00, YIELD_PATIENCE, b"", 0)}   # D7-simt-6: the YIELD lanes made no progress
    s.step()
    # every unarrived lane yields: the BSYNC lets the arrived lanes go
    assert (w.pc, w.active) == (0x20, 0x000000FF)
    assert w.patience == {}


def test_bsync_lets_yield_members_run_while_they_make_progress(sim_of):
    """Decision D7-simt-6: with patience left, the BSYNC switches to the YIELD members (lanes
    8-15, parked at A) instead of releasing past them; the arrived lanes wait at the BSYNC."""
    s = sim_of(BSYNC_SRC)
    A = s.prog.symbols["A"]
    w = _set(s, pc=0x10, active=0x000000FF, yield_mask=0xFFFFFF00)
    w.P[0] = FULL
    w.B[0] = 0x0000FFFF
    w.rpc[8:] = A
    s.step()
    assert (w.pc, w.active) == (A, 0x0000FF00)      # the YIELD members (parked at A)
    assert [int(v) for v in w.rpc[:8]] == [0x10] * 8
    assert w.patience[(0, 0x10)][:2] == (0x0000FF00, 1) and w.B[0] == 0x0000FF00


def _spinning_members(sim_of, same):
    """The D7-simt-6 state of test_bsync_lets_yield_members_run_while_they_make_progress, at the
    5th attempt, the members' state (RPC, registers) recorded at the last attempt with *same*
    attempts in a row before it that found it unchanged (decision D10-I-1)."""
    s = sim_of(BSYNC_SRC)
    A = s.prog.symbols["A"]
    w = _set(s, pc=0x10, active=0x000000FF, yield_mask=0xFFFFFF00)
    w.P[0] = FULL
    w.B[0] = 0x0000FFFF
    w.rpc[8:] = A
    w.patience = {(0, 0x10): (0x0000FF00, 5, lanes_state(w, 0x0000FF00), same)}
    return s, w, A


def test_bsync_releases_past_yield_members_that_spin(sim_of):
    """Decision D10-I-1: the YIELD members' state is what it was at the attempt before, for the
    SPIN_TRIPS-th time in a row: they spin (a trip of their loop changed nothing), and the BSYNC
    releases past them long before YIELD_PATIENCE attempts (sm_75 turn-taking cost 3,000 steps a turn)."""
    s, w, A = _spinning_members(sim_of, SPIN_TRIPS - 1)
    s.step()
    assert (w.pc, w.active) == (0x20, 0x000000FF)
    assert w.patience == {} and w.owed == {(0, 0x10, 0): 0x0000FF00}


def test_bsync_waits_for_yield_members_whose_state_changes(sim_of):
    """Decision D10-I-1: a member whose register changed since the last attempt made progress
    (a loop counter): the BSYNC switches to the members again and the count starts over."""
    s, w, A = _spinning_members(sim_of, SPIN_TRIPS - 1)
    w.R[0, 9] += 1
    s.step()
    assert (w.pc, w.active) == (A, 0x0000FF00)
    assert w.patience[(0, 0x10)][1] == 6 and w.patience[(0, 0x10)][3] == 0


def test_bsync_spin_count_below_the_bound_switches(sim_of):
    s, w, A = _spinning_members(sim_of, SPIN_TRIPS - 2)
    s.step()
    assert (w.pc, w.active) == (A, 0x0000FF00)
    assert w.patience[(0, 0x10)][3] == SPIN_TRIPS - 1


def test_bsync_sleep_release(sim_of):
    s = sim_of(BSYNC_SRC)
    A = s.prog.symbols["A"]
    w = _set(s, pc=0x10, active=0x000000FF, sleep=0xFFFFFF00)
    w.timer = 1000
    w.P[0] = FULL
    w.B[0] = FULL
    w.rpc[8:] = A
    s.step()
    assert (w.pc, w.active) == (0x20, 0x000000FF)


# -- the precedence fixes -------------------------------------------------------------------
def test_sleep_check_precedence_no_sleeper_does_not_sleep(sim_of):
    # literal C: (cmask & SleepMask) ^ (SleepMask == 0) is 1 when SleepMask == 0 -> would sleep
    s = sim_of("EXIT ;\nA:\nNOP ;")
    A = s.prog.symbols["A"]
    w = _set(s, active=0x0000FFFF)
    w.rpc[16:] = A
    s.step()
    assert (w.pc, w.active, w.state) == (A, 0xFFFF0000, "ready")


def test_sleep_check_precedence_candidates_subset_of_sleepers_sleeps(sim_of):
    # candidates 16-23 all asleep, SleepMask larger (16-31): intent says sleep;
    # the reading ((cmask & S) ^ S) == 0 would say no
    s = sim_of("EXIT ;\nA:\nNOP ;")
    A = s.prog.symbols["A"]
    w = _set(s, valid=0x00FFFFFF, active=0x0000FFFF, sleep=0xFFFF0000)
    w.timer = 50
    w.rpc[16:] = A
    s.step()
    assert (w.pc, w.active, w.state) == (A, 0x00FF0000, "sleeping")


def test_sleep_check_precedence_some_candidates_awake(sim_of):
    # SleepMask inside the candidates (S subset of cmask): some candidates awake -> no sleep,
    # the sleeping ones are skipped (the ((cmask & S) ^ S) == 0 reading would sleep)
    s = sim_of("EXIT ;\nA:\nNOP ;\nB:\nNOP ;")
    A, B = s.prog.symbols["A"], s.prog.symbols["B"]
    w = _set(s, active=0x0000FFFF, sleep=0x00FF0000)
    w.timer = 50
    w.rpc[16:24] = A
    w.rpc[24:] = B
    s.step()
    assert (w.pc, w.active, w.state) == (B, 0xFF000000, "ready")


def test_yield_precedence_no_divergence_is_nop(sim_of):
    # literal C: ValidMask ^ (ActiveMask == 0) is ValidMask != 0 -> always "no divergence"
    s = sim_of("YIELD ;\nNOP ;\nA:\nNOP ;")
    w = _set(s)
    s.step()
    assert (w.pc, w.active, w.yield_mask) == (0x10, FULL, 0)


def test_yield_precedence_divergent_switches(sim_of):
    s = sim_of("YIELD ;\nNOP ;\nA:\nNOP ;")
    A = s.prog.symbols["A"]
    w = _set(s, active=0x0000FFFF)
    w.rpc[16:] = A
    s.step()
    assert (w.pc, w.active) == (A, 0xFFFF0000)
    assert w.yield_mask == 0x0000FFFF
    assert all(w.rpc[i] == 0x10 for i in range(16))  # parked after the YIELD
    assert w.switch == 0x0000FFFF  # SwitchMask = Valid ^ Active after the switch


def test_yield_mask_np(sim_of):
    s = sim_of("@P0 YIELD ;\nNOP ;")
    w = _set(s)
    w.P[0] = 0xF
    s.step()
    assert (w.pc, w.active) == (0x10, 0xFFFFFFF0)
    assert all(w.rpc[i] == 0 for i in range(4))


def test_yield_prefers_non_yield_lanes_within_switchmask(sim_of):
    s = sim_of("YIELD ;\nNOP ;\nA:\nNOP ;\nB:\nNOP ;")
    A, B = s.prog.symbols["A"], s.prog.symbols["B"]
    w = _set(s, active=0x000000FF, yield_mask=0x0000FF00)
    w.rpc[8:16] = A
    w.rpc[16:] = B
    s.step()
    assert (w.pc, w.active) == (B, 0xFFFF0000)


def test_warpsync_r_precedence_ffs_of_warp_syncmask(sim_of):
    # groups {0-7} (arrived: active) and {8-15} (not arrived); the released group is the
    # one of ffs(warp_syncmask) = lane 0
    s = sim_of("WARPSYNC R9 ;\nNOP ;\nA:\nNOP ;")
    A = s.prog.symbols["A"]
    w = _set(s, valid=0xFFFF, active=0x00FF)
    w.R[9][:8] = 0x00FF
    w.R[9][8:16] = 0xFF00
    w.rpc[8:16] = A
    s.step()
    assert (w.pc, w.active) == (0x10, 0x00FF)


# -- WARPSYNC --------------------------------------------------------------------------------
def test_warpsync_complete_immediate(sim_of):
    s = sim_of("NOP ;\nWARPSYNC 0xffffffff ;\nNOP ;")
    w = _set(s, pc=0x10, active=0xFFFF)
    w.rpc[16:] = 0x10
    s.step()
    assert (w.pc, w.active) == (0x20, FULL)


def test_warpsync_not_synced_switches(sim_of):
    s = sim_of("WARPSYNC UR2 ;\nNOP ;\nA:\nNOP ;")
    A = s.prog.symbols["A"]
    w = _set(s, active=0xFFFF)
    w.UR[2] = FULL
    w.rpc[16:] = A
    s.step()
    assert (w.pc, w.active) == (A, 0xFFFF0000)
    assert all(w.rpc[i] == 0 for i in range(16))


def test_warpsync_constant_member_mask(sim_of):
    s = sim_of("WARPSYNC c[0x2][0x8] ;\nNOP ;", const={2: [0, 0, 0x0000FFFF]})
    w = _set(s, valid=FULL, active=0xFFFF)
    w.rpc[16:] = 0x40
    s.step()
    assert (w.pc, w.active) == (0x10, 0xFFFF)  # members all arrived; non-members stay parked


def test_warpsync_mask_np(sim_of):
    s = sim_of("@P1 WARPSYNC 0xffffffff ;\nNOP ;")
    w = _set(s)
    w.P[1] = 0xFF
    s.step()
    assert (w.pc, w.active) == (0x10, 0xFFFFFF00)


def test_warpsync_r_no_group_done_switches(sim_of):
    s = sim_of("WARPSYNC R9 ;\nNOP ;\nA:\nNOP ;")
    A = s.prog.symbols["A"]
    w = _set(s, active=0x00FF)
    w.R[9][:] = FULL
    w.rpc[8:] = A
    s.step()
    assert (w.pc, w.active) == (A, 0xFFFFFF00)


def test_warpsync_r_second_group_released_after_first(sim_of):
    s = sim_of("WARPSYNC R9 ;\nNOP ;")
    w = _set(s, valid=0xFFFF, active=0xFFFF)
    w.R[9][:8] = 0x00FF
    w.R[9][8:16] = 0xFF00
    s.step()  # both groups complete: release ffs group (0-7), park 8-15 at the WARPSYNC
    assert (w.pc, w.active) == (0x10, 0x00FF)
    assert all(w.rpc[i] == 0 for i in range(8, 16))


# -- EXIT ------------------------------------------------------------------------------------
def test_exit_partial(sim_of):
    s = sim_of("@P0 EXIT ;\nNOP ;")
    w = _set(s)
    w.P[0] = 0xF0
    s.step()
    assert (w.pc, w.active, w.valid) == (0x10, FULL & ~0xF0, FULL & ~0xF0)


def test_exit_whole_warp(sim_of):
    s = sim_of("EXIT ;")
    w = _set(s)
    s.step()
    assert w.state == "exited" and s.step() is None and s.status == "ok"


def test_exit_switches_preferring_non_yield(sim_of):
    s = sim_of("EXIT ;\nA:\nNOP ;\nB:\nNOP ;")
    A, B = s.prog.symbols["A"], s.prog.symbols["B"]
    w = _set(s, active=0xFF, yield_mask=0xFF00)
    w.rpc[8:16] = A
    w.rpc[16:] = B
    s.step()
    assert (w.valid, w.pc, w.active) == (0xFFFFFF00, B, 0xFFFF0000)


# -- NANOSLEEP -------------------------------------------------------------------------------
def test_nanosleep_whole_warp_sleeps_and_wakes(sim_of):
    s = sim_of("NANOSLEEP 0x64 ;\nCS2R R[2:3], SR_CLOCKLO ;\nEXIT ;")
    res = s.run()
    assert res.ok
    assert int(res.warp().R[2][0]) >= 100


def test_nanosleep_divergent_switches_and_sleeps_lanes(sim_of):
    s = sim_of("NANOSLEEP 0x64 ;\nNOP ;\nA:\nNOP ;")
    A = s.prog.symbols["A"]
    w = _set(s, active=0xFFFF)
    w.rpc[16:] = A
    s.step()
    assert (w.pc, w.active, w.sleep, w.state) == (A, 0xFFFF0000, 0xFFFF, "ready")
    assert w.timer == s.clock + 100  # one model cycle per issued warp-instruction


def test_nanosleep_mask_np(sim_of):
    s = sim_of("@P0 NANOSLEEP 0x64 ;\nNOP ;")
    w = _set(s)
    w.P[0] = 0x1
    s.step()
    assert (w.pc, w.active, w.sleep) == (0x10, FULL & ~1, 0)


# -- BRX switching ---------------------------------------------------------------------------
def test_brx_all_jump_different_targets(sim_of):
    s = sim_of("BRX R6, 0x0 ;\nNOP ;\nNOP ;\nNOP ;")
    w = _set(s)
    w.R[6][:] = [(i % 3) * 16 for i in range(32)]
    s.step()
    # lane 0 target 0x10; lanes with other targets parked in RPC
    assert w.pc == 0x10
    assert w.active == sum(1 << i for i in range(32) if i % 3 == 0)
    assert all(int(w.rpc[i]) == 0x10 + (i % 3) * 16 for i in range(32) if i % 3)


def test_brx_partial_fall_through_first(sim_of):
    s = sim_of("@P0 BRX R6, 0x0 ;\nNOP ;\nNOP ;")
    w = _set(s)
    w.P[0] = 0xFF
    w.R[6][:] = 16
    s.step()
    assert (w.pc, w.active) == (0x10, FULL & ~0xFF)
    assert all(int(w.rpc[i]) == 0x20 for i in range(8))


def test_brx_none_jump(sim_of):
    s = sim_of("@P0 BRX R6, 0x0 ;\nNOP ;")
    w = _set(s)
    w.P[0] = 0
    s.step()
    assert (w.pc, w.active) == (0x10, FULL)


# -- B registers ---------------------------------------------------------------------------
def test_bssy_break_bmov(run):
    res = run("""
        @P0 BSSY B1, `(E) ;
        @P1 BREAK B1 ;
        BMOV R1, B1 ;
        BMOV.CLEAR R2, B1 ;
        BMOV R3, B1 ;
        BMOV B2, R5 ;
        BMOV R4, B2 ;
    E:
        EXIT ;
    """, init={"P0": "(lane >> 4) ^ 1", "P1": "lane & 1", "R5": "lane + 0x100"})
    w = res.warp()
    assert int(w.R[1][0]) == 0x0000FFFF & ~0xAAAAAAAA
    assert int(w.R[2][0]) == 0x00005555 and int(w.R[3][0]) == 0
    assert int(w.R[4][0]) == 0x100  # lane ffs(pmask) = 0


def test_lepc(run):
    res = run("NOP ;\nLEPC R[4:5], 0x80 ;\nEXIT ;")
    assert int(res.warp().R[4][0]) == 0x10 + 0x80 and int(res.warp().R[5][0]) == 0
