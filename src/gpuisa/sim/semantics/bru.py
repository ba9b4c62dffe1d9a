"""Branch unit (BRU): SIMT divergence and reconvergence, exactly as the seed's
``__Semantics`` pseudo code (``001_*``), with the decisions recorded in
``docs/decisions.md``:

* C-precedence slips are read by intent: ``(cmask & SleepMask) ^ SleepMask == 0``
  means every candidate lane is asleep (``cmask & ~SleepMask == 0``);
  ``ValidMask ^ ActiveMask == 0`` means ``(ValidMask ^ ActiveMask) == 0``;
  ``(arrivemask & mmask) ^ mmask == 0`` means ``mmask`` is inside ``arrivemask``;
  ``ffs(sync_mask)`` in WARPSYNC_R means ``ffs(warp_syncmask)``.
* Jumps only touch active lanes: BRX's ``ActiveMask = ~b_jump`` is
  ``ActiveMask & ~b_jump`` and ``RPC[TargetPC != ActivePC]`` is limited to
  active lanes (inactive lanes keep their real PC in RPC).
* WARPSYNC_R releases a group only through a lane that has arrived:
  ``warp_syncmask = arrivemask & array2mask(thd_syncmask == 0)`` (the page
  has ValidMask, which lets a lane that is elsewhere release its group with a
  stale member mask, or release an empty ActiveMask).
* BSYNC writes the remaining (not yet arrived) lanes back to its B register
  (``OutList<breg>``), and every release (complete, yield-release, S21) clears
  the released lanes from it, so a B register is 0 again after a complete sync
  and can be reused (S5).
* Sleeping lanes (NANOSLEEP, parked at PC+16) are not in ``arrivemask`` of
  BSYNC/WARPSYNC, and a switch activates them only when the whole warp goes to
  sleep (the timer clears SleepMask before it runs again) (S6).
* BSYNC (S21): when no non-YIELD lane of bmask is missing it releases at once
  (the Description); the pseudo code's switch to ``mask_ny_nb`` is not taken.
* YIELD and NANOSLEEP park the switched-out lanes at the next instruction
  (``RPC[ActiveMask] = ActivePC + INST_SIZE``); NANOSLEEP sets ``SleepMask |= ActiveMask``.
* Addresses are 64-bit: ActivePC is unsigned, RPC stores the same addresses as
  int64 (two's complement), so a jump below 0 parks or resumes at an address
  of 2^63 or more, outside any program (``pc-out-of-range``).
* A switch with no candidate lane, or more than 66 consecutive failed
  synchronisations of one warp with no timer running, is a ``deadlock`` fault.
"""
from __future__ import annotations

import numpy as np

from ..context import Exec
from ..cover import cover
from ..registry import semantics
from ..state import DEADLOCK_SWITCHES, FULL, INST_SIZE, MASK32, MASK64, WARP_SIZE, Fault, array2mask, ffs, mask2array


# -- the page's basic procedures ----------------------------------------------------------
def pp_mask(x) -> np.ndarray | int:
    """ppv as a lane mask (PT when the variant has no ``pp``); per warp, or the batch's ``(n,)``
    masks at batch width (the batched engine's and sim/fastpath's control kernels)."""
    return x.pred("pp") if "pp" in x.f else FULL


def rpc_eq(w, pc: int) -> int:
    """``array2mask(RPC == pc)``."""
    return array2mask(w.rpc == pc)


def set_rpc(w, mask: int, value) -> None:
    """``RPC[mask2array(mask)] = value`` (value: int or per-lane array).

    RPC holds 64-bit addresses as int64: an int address of 2^63 or more (a
    jump below address 0 wraps there) is stored as its two's complement, a
    negative address outside any program (``pc-out-of-range`` when resumed)."""
    if mask:
        m = mask2array(mask)
        if isinstance(value, np.ndarray):
            w.rpc[m] = value[m]
        else:
            value &= MASK64
            w.rpc[m] = value - (1 << 64) if value >> 63 else value


def arrived_at(w, pc: int) -> int:
    """``ActiveMask | (ValidMask & array2mask(RPC==ActivePC))`` without the
    sleeping lanes: a lane parked at *pc* by NANOSLEEP (RPC = PC + 16) has not
    arrived until its timer ends (seed 001: sleeping threads are not scheduled;
    only the timer clears SleepMask).  Used by BSYNC and WARPSYNC (decision S6)."""
    return w.active | (w.valid & ~w.sleep & rpc_eq(w, pc))


def awake(w, do_sleep: bool) -> int:
    """The valid lanes a switch may activate: every valid lane when the warp goes
    to sleep (the timer then clears SleepMask before it runs again), otherwise
    only the lanes that are not asleep (decision S6)."""
    return w.valid if do_sleep else w.valid & ~w.sleep


def sleep_check(w, cmask: int) -> tuple[bool, int]:
    """The page's sleep check, read by intent: do_sleep when every candidate lane
    is asleep (``cmask & ~SleepMask == 0``), else drop the sleeping lanes."""
    if cmask & ~w.sleep == 0:
        return True, cmask
    return False, cmask & ~w.sleep


def switch_pc_by_mask(x, cmask: int, peers: int = 0) -> None:
    """``switchPCByMask(cmask)``: activate the lanes of *cmask* whose RPC equals
    the RPC of ``ffs(cmask)``, with those of *peers* whose RPC equals it too.

    Decision D17-1 (the page's TODO: consider lanes outside cmask with the same
    RPC?): where the page narrows the candidates to the lanes that did not
    YIELD only to give them priority, the YIELD lanes among the candidates are
    *peers*: they do not choose the target, but those waiting at it run with the
    lanes that do, as YIELD's own switch, EXIT's and WARPSYNC_R's take every
    lane at their target.  Otherwise lanes that took a branch together are
    split by their YIELD history, and ``__activemask()`` after the branch sees
    part of them (simt_cg at ``-Xptxas -O0``)."""
    w = x.w
    if cmask == 0:
        raise Fault("deadlock", f"{x.name}: no lane to switch to (every remaining lane waits)")
    if cmask & w.active:
        raise Fault("deadlock", f"{x.name}: switchPCByMask candidates overlap ActiveMask")  # assert in the page
    lid = ffs(cmask)
    target = int(w.rpc[lid])
    w.active = (cmask | (peers & ~w.active)) & rpc_eq(w, target)
    w.pc = target & MASK64


def park_waiting(w, lanes: int, pc: int, breg: int = -1, mask=0) -> None:
    """Decision D7-simt-3: *lanes* failed the BSYNC (B register *breg*) or WARPSYNC (member
    *mask*: an int, or per-lane masks) at *pc*."""
    m = mask2array(lanes)
    w.parkpc[m] = pc
    w.parkreg[m] = breg
    w.parkwait[m] = mask[m] if isinstance(mask, np.ndarray) else mask & MASK32


def _warpsync_elsewhere(w, pc: int, mm: int | None = None) -> int:
    """Decision D7-simt-4: the valid, awake lanes parked at another WARPSYNC they failed
    (RPC == parkpc != *pc*), with the member mask *mm* there when given: from sm_70 on, the
    lanes of a member mask may meet at different WARPSYNC instructions (`__syncwarp()` in both
    arms of a branch)."""
    m = (w.rpc == w.parkpc) & (w.parkreg < 0) & (w.parkpc != pc)
    if mm is not None:      # park_waiting recorded the mask within the valid lanes then (D10-C-8)
        valid = np.uint32(w.valid & MASK32)
        m &= (w.parkwait & valid) == (np.uint32(mm & MASK32) & valid)
    return array2mask(m) & w.valid & ~w.active & ~w.sleep


def _release_elsewhere(w, lanes: int) -> None:
    """Decision D7-simt-4: *lanes*, parked at their own WARPSYNC, are past it: they resume at
    the next instruction there (``RPC += INST_SIZE``) and wait for nothing."""
    cover("WARPSYNC.meets_other_site")
    m = mask2array(lanes)
    w.rpc[m] += INST_SIZE
    w.parkpc[m] = -1


def waiting_for(w, lanes: int, target: int) -> int:
    """Decision D7-simt-3: the lanes of *lanes* still parked at the BSYNC/WARPSYNC they failed
    and waiting there, directly or through other lanes parked so, for a lane of *target*: the
    current value of the BSYNC's B register, or the WARPSYNC's member mask, holds one."""
    waits = np.where(w.parkreg >= 0, np.asarray(w.B, np.uint32)[np.maximum(w.parkreg, 0)], w.parkwait)
    parked = (w.rpc == w.parkpc)
    others = w.valid & ~w.active
    stuck, frontier = 0, target & MASK32
    while True:     # at most 32 rounds: each adds a lane
        new = array2mask(parked & ((waits & np.uint32(frontier)) != 0)) & others & ~stuck
        if not new:
            return lanes & stuck
        stuck |= new
        frontier |= new


def _failed_sync(x) -> None:
    """Count consecutive synchronisation failures of a warp (a switch that makes
    no progress); past DEADLOCK_SWITCHES with no timer running it is a deadlock."""
    w = x.w
    if getattr(w, "_fail_at", -2) == w.issued - 1:
        w._fail_n += 1
    else:
        w._fail_n = 1
    w._fail_at = w.issued
    if w._fail_n > DEADLOCK_SWITCHES and w.timer is None:
        raise Fault("deadlock", f"{x.name}: warp keeps switching between lane groups that wait for each other")


def _jump(x, b_jump: int, target) -> None:
    """The jump behaviour of BRX (shared by BRA, CALL, RET); *target* is an int
    or a per-lane int64 array of TargetPC."""
    w = x.w
    if b_jump == 0:  # b_jump all false: fall through
        cover("jump.fallthrough")
        w.pc = x.pc + INST_SIZE
    elif b_jump == w.active:  # every active lane jumps
        cover("jump.all")
        if isinstance(target, np.ndarray):
            cover("jump.all.per_lane_targets")
            lid = ffs(w.active)
            pc = int(target[lid])
            same = array2mask(target == pc)
            other = w.active & ~same
            w.pc = pc & MASK64
            w.active &= same
            set_rpc(w, other, target)  # unselected lanes park at their target
        else:
            w.pc = int(target) & MASK64
    else:  # partial jump: fall-through side first
        cover("jump.partial")
        w.pc = x.pc + INST_SIZE
        w.active &= ~b_jump
        set_rpc(w, b_jump, target if isinstance(target, np.ndarray) else int(target) & MASK64)


def golden_branch_mask(active: int, valid: int, pg: int, modi: str, ur: int | None) -> int:
    """``getGoldenBranchCondition`` of the BRA page on lane masks (pg already
    includes Pp).  Returns the branch mask; raises Fault for an invalid modifier."""
    pgv = pg & active
    if ur is None:
        is_div = (pgv ^ valid) != 0
        cover("BRA.is_div" if is_div else "BRA.not_div")
        if modi == "":
            cover("BRA.plain")
            return pgv
        if modi == ".U":
            cover("BRA.U.jump" if (pgv & active) == active else "BRA.U.fall")
            return active if (pgv & active) == active else 0
        if modi == ".U.ANY":        # decision D8-sync-8: every active lane when one wants to
            return active if pgv else 0
        if modi == ".DIV":
            return pgv if is_div else 0
        if modi == ".CONV":
            return 0 if is_div else pgv
        raise Fault("invalid-instruction", f"invalid branch modifier {modi!r}")
    if (valid ^ active) & ur:
        cover("BRA.ur.valid_not_active")
        is_div = True
    else:
        pv = pgv & active
        if not (pv == active or pv == 0):
            cover("BRA.ur.guard_diverged")
            is_div = (active & ~pg & ur) != 0
        else:
            is_div = False
            cover("BRA.ur.guard_uniform")
    if modi == ".DIV":
        cover("BRA.ur.DIV")
        return active if (pgv and is_div) else 0
    if modi == ".CONV":
        cover("BRA.ur.CONV")
        return active if (pgv and not is_div) else 0
    raise Fault("invalid-instruction", f"BRA with a UR mask needs .DIV or .CONV, not {modi or 'no modifier'!r}")


_COND = {"NoCond": "", "U": ".U", "DIV": ".DIV", "CONV": ".CONV"}


def bra_cond(x) -> str:
    """BRA's branch condition as the golden function names it: "", ".U", ".DIV", ".CONV", or
    ".U.ANY" (decision D8-sync-8); `.ANY` with another condition is an invalid instruction."""
    c = _COND[x.mod("cond") or "NoCond"]
    if x.mod("any") == "ANY":
        if c != ".U":
            raise Fault("invalid-instruction", f"BRA.ANY goes with .U, not {c or 'no condition'}")
        return ".U.ANY"
    return c


@semantics("BRA", control=True)
def BRA(x: Exec) -> None:
    """BRA: follows the database's ``__Description`` and ``__Semantics`` of BRA (bru.isa); the registry appends
    the pseudo code to this docstring.
    """
    m = x.memo
    if m is None:  # once per address: modifier, operand presence, TargetPC
        m = x.memo = (bra_cond(x), "pp" in x.f, "ura" in x.f,
                      x.pc + INST_SIZE + x.imm("offset") * INST_SIZE, "upp" in x.f)
    w = x.w
    g = w.P[x.pg]  # pg_array: guard & Pp over all lanes (the golden function masks with ActiveMask)
    pg = (~g & FULL) if x.pg_not else g
    if m[1]:
        pg &= x.pred("pp")
    if m[4] and not x.upred("upp"):   # BRA_X_UP (issue 11): a uniform predicate, the same for every lane
        pg = 0
    ur = (x.src("ura") & MASK32) if m[2] else None
    b = golden_branch_mask(w.active, w.valid, pg, m[0], ur)
    _jump(x, b, m[3])


def _sext32(v):
    if isinstance(v, np.ndarray):
        return v.astype(np.uint32).view(np.int32).astype(np.int64)
    v &= MASK32
    return v - (1 << 32) if v >> 31 else v


@semantics("BRX", control=True)
def BRX(x: Exec) -> None:
    """BRX: pseudo code in the database (``__Semantics``, bru.isa; appended here by the registry)."""
    if "ra" in x.f:
        vb = _sext32(x.src("ra"))
    elif "ura" in x.f:
        vb = _sext32(x.src("ura"))
    else:
        vb = _sext32(x.src("vb"))
    target = x.pc + INST_SIZE + vb + x.imm("offset", 0) * INST_SIZE
    b_jump = x.pmask & pp_mask(x)
    _jump(x, b_jump, target)


@semantics("BRXU", control=True)
def BRXU(x: Exec) -> None:
    """BRXU: pseudo code in the database (``__Semantics``, bru.isa; appended here by the registry).
    BRX with a uniform register under nvdisasm's sm_120+ name (decision D18-10): the same function."""
    BRX(x)


def _call_target(x):
    if "ra" in x.f:
        va = x.src("ra", 64).astype(np.int64)
    elif "ura" in x.f:
        va = x.src("ura", 64)
    else:
        va = x.src("vb", 64)
    if isinstance(va, np.ndarray) and va.dtype == np.uint64:
        va = va.view(np.int64)      # a uniform register or constant read per warp: a negative offset (D15-C-4)
    off = x.imm("offset", 0) * INST_SIZE
    if x.mod("mode") == "ABS":
        t = va + off
    else:
        t = x.pc + INST_SIZE + va + off
    if not isinstance(t, np.ndarray):
        t &= MASK64
    return t


def same_activation(w, lane: int) -> int:
    """The lanes in *lane*'s activation of the function (decision GA-11): the same call depth,
    or the same stack pointer R1. A recursive call opens a frame (R1 differs); ptxas for
    sm_80-sm_89 also leaves loops with `@P0 CALL.REL.NOINC .L_x` (a jump, no RET follows),
    which raises the depth of the lanes that took it but keeps their frame (D8-xarch-3)."""
    same = w.depth == w.depth[lane]
    if len(w.R) > 1:        # a warp built without R1 (unit tests of the sync rules): the depth alone
        same = same | (w.R[1] == w.R[1][lane])
    return array2mask(same)


@semantics("CALL", control=True)
def CALL(x: Exec) -> None:
    """CALL: pseudo code in the database (``__Semantics``, bru.isa; appended here by the registry).
    The calling lanes' call depth grows by one (decision GA-11), except at a CALL to the
    instruction after the next: nvcc's loop exit on sm_80, ``@P1 CALL.REL.NOINC `(.L_x_1) ;
    BRA `(.L_x_60) ; .L_x_1:``, a jump that never returns (decision D8-fuzz-3)."""
    b_jump = x.pmask & pp_mask(x)
    target = _call_target(x)
    x.w.depth[mask2array(b_jump) & (np.asarray(target) != x.pc + 2 * INST_SIZE)] += 1
    _jump(x, b_jump, target)


@semantics("RET", control=True)
def RET(x: Exec) -> None:
    """RET: same hardware behaviour as CALL; pseudo code in the database (``__Semantics``, bru.isa; appended
    here by the registry).  The returning lanes' call depth drops by one (decision GA-11).
    """
    b_jump = x.pmask & pp_mask(x)
    x.w.depth[mask2array(b_jump)] -= 1
    _jump(x, b_jump, _call_target(x))


@semantics("LEPC")
def LEPC(x: Exec) -> None:
    """LEPC: pseudo code in the database (``__Semantics``, bru.isa; appended here by the registry).

    Decision: ``Rd(64) = address of the LEPC instruction + offset*16``.
    """
    x.write("rd", (x.pc + x.imm("offset", 0) * INST_SIZE) & MASK64, width=64)


@semantics("EXIT", control=True)
def EXIT(x: Exec) -> None:
    """EXIT: pseudo code in the database (``__Semantics``, bru.isa; appended here by the registry)."""
    w = x.w
    pmask = x.pmask & pp_mask(x)
    mask_np = w.active & ~pmask
    if mask_np:
        cover("EXIT.guard_false_lanes")
        w.valid &= ~pmask
        w.active = mask_np
        w.pc = x.pc + INST_SIZE
        return
    w.valid &= ~w.active
    if w.valid == 0:
        cover("EXIT.warp_exit")
        w.active = 0
        x.sim.warp_exit(w)
        return
    do_sleep, cmask = sleep_check(w, w.valid)
    mask_ny = cmask & ~w.yield_mask
    mask_y = cmask & w.yield_mask
    lid = ffs(mask_ny) if mask_ny else ffs(mask_y)
    cover("EXIT.switch")
    target = int(w.rpc[lid])
    w.active = rpc_eq(w, target) & awake(w, do_sleep)  # decision S6: no sleeping lane runs
    w.pc = target & MASK64
    if do_sleep:
        cover("EXIT.switch_sleep")
        x.sim.warp_sleep(w)


@semantics("BMOV", per_warp=True)
def BMOV(x: Exec) -> None:
    """BMOV: pseudo code in the database (``__Semantics``, bru.isa; appended here by the registry)."""
    w = x.w
    pmask = x.pmask & pp_mask(x)
    b = x.reg_index("breg")
    if "rd" in x.f:  # BMOV_X: Mov BReg to Reg
        cover("BMOV.to_reg")
        x.write("rd", w.B[b], mask=pmask)
        if x.mod("clear") == "CLEAR" and pmask:
            x.set_breg(b, 0)
    elif "bd" in x.f:  # BMOV_RR (project extension, D6-3): BReg to BReg, .CLEAR clears the source
        if pmask:
            cover("BMOV.breg_to_breg")
            x.set_breg(x.reg_index("bd"), w.B[b])
            if x.mod("clear") == "CLEAR":
                x.set_breg(b, 0)
    elif "vb" in x.f:  # BMOV_I (project extension, D6-3): an immediate to BReg
        if pmask:
            cover("BMOV.imm_to_breg")
            x.set_breg(b, x.imm("vb") & 0xFFFFFFFF)
    elif pmask:  # BMOV_R: Mov Reg to BReg
        cover("BMOV.to_breg")
        x.set_breg(b, int(x.src_lanes("ra")[ffs(pmask)]))


@semantics("BSSY", per_warp=True)
def BSSY(x: Exec) -> None:
    """BSSY: pseudo code in the database (``__Semantics``, bru.isa; appended here by the registry)."""
    pmask = x.pmask
    if pmask:
        cover("BSSY.set")
        b = x.reg_index("breg")
        x.set_breg(b, x.w.B[b] | pmask)


@semantics("BSYNC", control=True)
def BSYNC(x: Exec) -> None:
    """BSYNC: pseudo code in the database (``__Semantics``, bru.isa; appended here by the registry).

    Decision S21 (docs/decisions.md): the ``else if (mask_ny_nb)`` branch is not
    taken.  The seed's Description says the non-YIELD threads do not wait for the
    YIELD threads at the synchronisation point (其他非YIELD线程不必等待YIELD线程到达同步点就继续执行后续指令),
    while the pseudo code first switches to the non-YIELD lanes outside bmask;
    those lanes may be parked at an outer BSYNC that waits for the lanes here, and
    switch straight back (a livelock).  The Description wins: when no non-YIELD
    lane of bmask is missing (``mask_ny_b == 0``), BSYNC releases at once:
    ``ActiveMask = arrivemask; ActivePC += INST_SIZE;`` and the released lanes
    leave YieldMask (``YieldMask ^= YieldMask & arrivemask``).  The shipped
    ``bru.isa`` marks the branch with a ``// gpuisa:`` comment.
    """
    w = x.w
    b = x.reg_index("breg")
    bmask = w.B[b] & w.valid
    pmask = x.pmask & pp_mask(x)
    arrivemask = arrived_at(w, x.pc)  # decision S6: sleeping lanes have not arrived
    if w.active:    # decision GA-11: a lane parked here by another activation (recursion) has not arrived;
        # decision D17-5: an executing lane has, whatever its activation
        arrivemask = w.active | (arrivemask & same_activation(w, ffs(w.active)))
    mask_np = w.active & ~pmask
    mask_p = w.active & pmask
    if mask_np:
        cover("BSYNC.guard_false_lanes")
        set_rpc(w, mask_p, x.pc)
        w.active = mask_np
        w.pc = x.pc + INST_SIZE
        return
    if w.owed and _owed_pass(x, b):     # decision D7-simt-1
        return
    bmask = bmask & (bmask ^ w.active)
    if w.B[b] != bmask:
        x.set_breg(b, bmask)  # decision: BSYNC writes the lanes still expected back (OutList<breg>)
    if bmask == 0:  # complete sync
        cover("BSYNC.complete")
        _bsync_release(x, b, arrivemask)
        w.yield_mask ^= w.yield_mask & w.active
        return
    cmask = w.valid & ~arrivemask & ~w.yield_mask
    if cmask & ~w.sleep == 0:  # every candidate asleep (or none): yield-release
        if _yield_patience(x, b, bmask & ~arrivemask):
            return
        cover("BSYNC.release_no_candidate")
        _bsync_release(x, b, arrivemask)
        w.yield_mask ^= w.yield_mask & pmask
        return
    cmask &= ~w.sleep
    mask_ny_b = cmask & bmask
    missing_y = w.valid & ~arrivemask & w.yield_mask & ~w.sleep & bmask    # D17-1: the YIELD members, peers
    # one walk for both: waiting_for keeps of its lanes those in the set waiting for the executing ones
    stuck_all = waiting_for(w, mask_ny_b | missing_y, w.active) if mask_ny_b else 0
    stuck = stuck_all & mask_ny_b
    if mask_ny_b & ~stuck:
        cover("BSYNC.wait_switch")
        set_rpc(w, w.active, x.pc)
        park_waiting(w, w.active, x.pc, breg=b)
        _failed_sync(x)
        switch_pc_by_mask(x, mask_ny_b & ~stuck, missing_y & ~stuck_all)
        return
    # decision S21: every member of bmask still missing is a YIELD lane (or asleep):
    # release at once, as the Description says; the page's switch to mask_ny_nb
    # (non-members) livelocks when they are parked at an outer BSYNC that waits for us.
    # Decision D7-simt-3: nor is a member that waits for us at a BSYNC or WARPSYNC.
    if _yield_patience(x, b, bmask & ~arrivemask & ~stuck):
        return
    cover("BSYNC.release_yield_S21")    # the one release arm (the D7-simt-3 case: tests/sim/test_owed_pass.py)
    _bsync_release(x, b, arrivemask, stuck)
    w.yield_mask ^= w.yield_mask & arrivemask  # the released lanes leave YieldMask


YIELD_PATIENCE = 2 * WARP_SIZE + 2
#: decision D10-I-1: attempts in a row that find the missing YIELD members exactly as the attempt
#: before found them (a trip of their loop changed nothing: they spin) before the BSYNC releases
SPIN_TRIPS = 2


def lanes_state(w, lanes: int) -> bytes:
    """Decision D10-I-1: what the lanes *lanes* hold (their RPC, general registers and predicates,
    and the warp's uniform registers, which only running lanes change): equal at two BSYNC
    attempts when a trip of their loop between them changed nothing."""
    m = mask2array(lanes)
    return b"".join((w.rpc[m].tobytes(), w.R[:, m].tobytes(),
                     np.array([p & lanes for p in w.P] + w.UR + [int(u) for u in w.UP], np.uint64).tobytes()))


def _yield_patience(x, b: int, missing: int) -> bool:
    """Decision D7-simt-6: before releasing past the YIELD members still missing (S21), the
    BSYNC lets them run, for as long as they make progress: it switches to the awake ones while
    fewer than YIELD_PATIENCE consecutive attempts have passed without one of them arriving.  A
    lane spinning on a lock the waiting lanes hold never arrives, and is released past then.
    Decision D10-I-1: it is released past sooner, once SPIN_TRIPS attempts in a row found the
    members' state (``lanes_state``) unchanged since the attempt before: they spin, waiting for
    something the arrived lanes or other warps do.  True when it switched."""
    w = x.w
    yb = missing & w.yield_mask & w.valid & ~w.sleep
    key = (b, x.pc)
    if not yb:
        w.patience.pop(key, None)
        return False
    seen, n, mark, same = w.patience.get(key, (None, 0, b"", 0))
    now = lanes_state(w, yb)
    if seen == missing:
        n += 1
        same = same + 1 if now == mark else 0
    else:
        n, same = 1, 0
    if n > YIELD_PATIENCE or same >= SPIN_TRIPS:
        w.patience.pop(key, None)
        return False
    w.patience[key] = (missing, n, now, same)
    cover("BSYNC.yield_patience")
    set_rpc(w, w.active, x.pc)
    switch_pc_by_mask(x, yb)
    return True


def _bsync_release(x, b: int, arrivemask: int, stuck: int = 0) -> None:
    """A BSYNC release (complete, yield-release or S21): ``ActiveMask = arrivemask;
    ActivePC += INST_SIZE``, and the released lanes leave the B register
    (decision S5: lanes parked at the BSYNC were still in it; the register must be
    0 after a complete synchronisation so that it can be reused)."""
    w = x.w
    if w.B[b] & arrivemask:
        x.set_breg(b, w.B[b] & ~arrivemask)
    left = w.B[b] & w.valid & ~stuck    # D7-simt-3: lanes that wait for us elsewhere stay in B
    if left:    # decision D7-simt-1: the lanes released past (YIELD, asleep) owe this BSYNC a pass
        cover("BSYNC.release_past")
        key = (b, x.pc, int(w.depth[ffs(arrivemask)]))
        w.owed[key] = w.owed.get(key, 0) | left
        x.set_breg(b, w.B[b] & ~left)
    w.active = arrivemask
    w.pc = x.pc + INST_SIZE


def _owed_pass(x, b: int) -> bool:
    """Decision D7-simt-1: the executing lanes that a release left behind at this BSYNC (same
    B register, same address, same call depth) pass it as if their guard were false, without
    waiting: the synchronisation they belonged to is over, and the register may already hold
    another region's lanes.  They leave YieldMask, as released lanes do; the other executing
    lanes stay parked here.  True when some lane passed."""
    w = x.w
    key = (b, x.pc, int(w.depth[ffs(w.active)]))
    owed = w.owed.get(key, 0) & w.active
    if not owed:
        return False
    cover("BSYNC.owed_pass")
    rest = w.owed[key] & ~owed & w.valid
    if rest:
        w.owed[key] = rest
    else:
        del w.owed[key]
    w.yield_mask &= ~owed
    if w.B[b] & owed:       # a lane that entered the register's next region before passing this BSYNC
        x.set_breg(b, w.B[b] & ~owed)
    set_rpc(w, w.active & ~owed, x.pc)
    w.active = owed
    w.pc = x.pc + INST_SIZE
    return True


def _switch_like_yield(x) -> None:
    """The common switching tail of YIELD and NANOSLEEP."""
    w = x.w
    set_rpc(w, w.active, x.pc + INST_SIZE)  # decision: switched-out lanes resume after this instruction
    others = w.valid ^ w.active
    w.switch &= others
    if w.switch == 0:
        cover("SWITCH.reset_switchmask")
        w.switch = others
    do_sleep, cmask = sleep_check(w, w.switch)
    mask_ny = cmask & ~w.yield_mask
    mask_y = cmask & w.yield_mask
    lid = ffs(mask_ny) if mask_ny else ffs(mask_y)
    if lid < 0:
        raise Fault("deadlock", f"{x.name}: no lane to switch to")
    w.yield_mask |= w.active
    cover("SWITCH.switch")
    target = int(w.rpc[lid])
    w.active = rpc_eq(w, target) & others & awake(w, do_sleep)  # decision S6: no sleeping lane runs
    w.pc = target & MASK64
    others = w.valid ^ w.active
    w.switch &= others
    if w.switch == 0:
        w.switch = others
    if do_sleep:
        cover("SWITCH.sleep")
        x.sim.warp_sleep(w)


@semantics("YIELD", control=True)
def YIELD(x: Exec) -> None:
    """YIELD: pseudo code in the database (``__Semantics``, bru.isa; appended here by the registry)."""
    w = x.w
    pmask = x.pmask & pp_mask(x)
    mask_np = w.active & ~pmask
    mask_p = w.active & pmask
    if mask_np:
        cover("YIELD.guard_false_lanes")
        set_rpc(w, mask_p, x.pc)
        w.active = mask_np
        w.pc = x.pc + INST_SIZE
        return
    if (w.valid ^ w.active) == 0:  # no divergence: same as NOP
        cover("YIELD.no_divergence")
        w.pc = x.pc + INST_SIZE
        return
    cover("YIELD.switch")
    _switch_like_yield(x)


@semantics("BREAK", per_warp=True)
def BREAK(x: Exec) -> None:
    """BREAK: pseudo code in the database (``__Semantics``, bru.isa; appended here by the registry)."""
    pmask = x.pmask & pp_mask(x)
    b = x.reg_index("breg")
    if x.w.B[b] & pmask:
        cover("BREAK.clear")
        x.set_breg(b, x.w.B[b] ^ (x.w.B[b] & pmask))
    w = x.w
    if w.owed and pmask:    # decision D7-simt-1: a lane that leaves its region owes that BSYNC no pass
        depth = int(w.depth[ffs(pmask)])
        for key in [k for k in w.owed if k[0] == b and k[2] == depth and w.owed[k] & pmask]:
            cover("BREAK.owed")
            w.owed[key] &= ~pmask
            if not w.owed[key]:
                del w.owed[key]


def _membermask(x):
    if "membermask" in x.f:
        return x.imm("membermask") & MASK32
    if "urb" in x.f:
        return x.src("urb") & MASK32
    if "vb" in x.f:
        return x.src("vb") & MASK32
    return x.src("rb")  # per-lane array


def park_and_switch(x, cmask: int) -> None:
    """The failed synchronisation of WARPSYNC_I/U/C (also used by BAR.SYNC):
    *cmask* holds the lanes still expected (``ValidMask & ~arrivemask & mmask``).
    The sleep check, then ``RPC[ActiveMask] = ActivePC`` (the executing lanes
    park at this instruction) and a switch to the non-yield candidates, else the
    yielding ones; the warp sleeps when every candidate sleeps."""
    w = x.w
    do_sleep, cmask = sleep_check(w, cmask)
    mask_m_ny = cmask & ~w.yield_mask
    mask_m_y = cmask & w.yield_mask
    set_rpc(w, w.active, x.pc)
    _failed_sync(x)
    cover("WARPSYNC.park_switch")
    switch_pc_by_mask(x, mask_m_ny if mask_m_ny else mask_m_y, mask_m_y)     # D17-1: YIELD lanes are peers
    if do_sleep:
        cover("WARPSYNC.park_sleep")
        x.sim.warp_sleep(w)


@semantics("WARPSYNC", control=True)
def WARPSYNC(x: Exec) -> None:
    """WARPSYNC: pseudo code in the database (``__Semantics``, bru.isa; appended here by the registry)."""
    w = x.w
    mm = _membermask(x)
    pmask = x.pmask & pp_mask(x)
    arrivemask = arrived_at(w, x.pc)  # decision S6: sleeping lanes have not arrived
    if w.active:    # decision GA-11: a lane parked here by another activation (recursion) has not arrived;
        # decision D17-5: an executing lane has, whatever its activation
        arrivemask = w.active | (arrivemask & same_activation(w, ffs(w.active)))
    mask_np = w.active & ~pmask
    mask_p = w.active & pmask
    if mask_np:
        cover("WARPSYNC.guard_false_lanes")
        set_rpc(w, mask_p, x.pc)
        w.active = mask_np
        w.pc = x.pc + INST_SIZE
        return
    if not isinstance(mm, np.ndarray):  # WARPSYNC_I/U/C: one member mask
        _warpsync_one_mask(x, mm, arrivemask)
        return
    _warpsync_groups(x, mm, arrivemask)


def _not_there(cmask: int, there: int) -> int:
    """Decision D17-2: the lanes to switch to from a failed WARPSYNC are the missing ones that
    have not met it at another site (D7-simt-4: *there*, counted as arrived), while there are
    any: a lane parked at the other site only fails there again, so the two sites switched back
    and forth while the lanes they both wait for (parked at a BSYNC that waits for them, lanes
    that returned from the kernel at -O0) never ran, and the warp ended in a deadlock fault."""
    return cmask & ~there if cmask & ~there else cmask


def _warpsync_one_mask(x, mm: int, arrivemask: int) -> None:
    """WARPSYNC_I/U/C (one member mask for every lane), after the guard-false lanes."""
    w = x.w
    mmask = mm & w.valid
    if w.active & ~mmask:
        raise Fault("invalid-operand", f"WARPSYNC member mask 0x{mm:08x} does not contain the executing "
                    f"lanes 0x{w.active & ~mmask:08x}")
    there = _warpsync_elsewhere(w, x.pc, mm) & mmask & ~arrivemask    # decision D7-simt-4
    if ((arrivemask & mmask) ^ mmask) & ~there == 0:  # every member arrived (precedence fixed)
        cover("WARPSYNC.complete")
        _release_elsewhere(w, there)
        w.active = mmask & ~there
        w.pc = x.pc + INST_SIZE
        return
    cover("WARPSYNC.wait")
    park_waiting(w, w.active, x.pc, mask=mmask)
    park_and_switch(x, _not_there(w.valid & ~arrivemask & mmask, there))


def _warpsync_groups(x, mm: np.ndarray, arrivemask: int) -> None:
    """WARPSYNC_R (a member mask per lane, grouped), after the guard-false lanes."""
    w = x.w
    mmask = (mm.astype(np.int64) & w.valid)
    there = _warpsync_elsewhere(w, x.pc) & ~arrivemask    # decision D7-simt-4: their recorded masks
    if there:
        mmask = np.where(mask2array(there), w.parkwait.astype(np.int64) & w.valid, mmask)
        arrivemask |= there
    lanebits = np.int64(1) << np.arange(WARP_SIZE, dtype=np.int64)
    act = mask2array(w.active)
    if np.any((lanebits[act] & mmask[act]) == 0):
        raise Fault("invalid-operand", "WARPSYNC: an executing lane is not in its own member mask")
    # decision D6-cg-1: a lane's group is complete when every lane of its mask has arrived with the
    # same mask (the seed's TODO "all threads of a group must have exactly the same membermask"):
    # a lane parked here on another rendezvous (a tile of 8 while this lane's tile of 16 waits,
    # both calling one shuffle subroutine) neither completes nor joins this group
    same = (mmask[:, None] == mmask[None, :]) & mask2array(arrivemask)[None, :]
    thd_syncmask = mmask & ~array2mask(same).astype(np.int64)
    # decision: only lanes that have arrived can release their group (the page's
    # ValidMask would let a lane elsewhere in the program, whose stale mask is
    # complete, release its group, or an empty ActiveMask)
    warp_syncmask = arrivemask & array2mask(thd_syncmask == 0)
    if warp_syncmask != 0:
        cover("WARPSYNC.R.group_release")
        lid = ffs(warp_syncmask)  # the page's ffs(sync_mask)
        amask = int(mmask[lid])
        if x.mod("release") == "ALLGROUPS":     # nvcc's plain WARPSYNC Rb (decision D6-cg-2)
            amask = warp_syncmask
        if amask & there:
            _release_elsewhere(w, amask & there)
            amask &= ~there
        if not amask:    # only groups of lanes waiting elsewhere were complete: this one waits on
            arrivemask &= ~there
        else:
            set_rpc(w, w.active ^ (w.active & amask), x.pc)
            w.pc = x.pc + INST_SIZE
            w.active = amask
            return
    if there:
        arrivemask &= ~there
    arr = mask2array(arrivemask)
    union = int(np.bitwise_or.reduce(mmask[arr])) if arr.any() else 0  # array_or over the arrived lanes
    cmask = _not_there((union ^ arrivemask) & w.valid, there)
    do_sleep, cmask = sleep_check(w, cmask)
    mask_ny = cmask & ~w.yield_mask
    mask_y = cmask & w.yield_mask
    lid = ffs(mask_ny) if mask_ny else ffs(mask_y)
    if lid < 0:
        raise Fault("deadlock", "WARPSYNC: no lane to switch to")
    set_rpc(w, w.active, x.pc)
    park_waiting(w, w.active, x.pc, mask=mmask.astype(np.uint32))
    _failed_sync(x)
    cover("WARPSYNC.R.switch")
    target = int(w.rpc[lid])
    w.pc = target & MASK64
    w.active = rpc_eq(w, target) & awake(w, do_sleep)  # decision S6: no sleeping lane runs
    if do_sleep:
        cover("WARPSYNC.R.sleep")
        x.sim.warp_sleep(w)


@semantics("NANOSLEEP", control=True)
def NANOSLEEP(x: Exec) -> None:
    """NANOSLEEP: pseudo code in the database (``__Semantics``, bru.isa; appended here by the registry).

    Decisions: the operand is a number of model clock cycles (one per issued
    warp-instruction); with a per-lane register the shortest time wins (one
    timer per warp; no executing lane: 0); the sleeping lanes join SleepMask and resume at the next
    instruction.
    """
    w = x.w
    pmask = x.pmask & pp_mask(x)
    mask_np = w.active & ~pmask
    mask_p = w.active & pmask
    if mask_np:
        cover("NANOSLEEP.guard_false_lanes")
        set_rpc(w, mask_p, x.pc)
        w.active = mask_np
        w.pc = x.pc + INST_SIZE
        return
    if "rb" in x.f:
        sel = x.src("rb")[mask2array(pmask)]
        v = int(sel.min()) if sel.size else 0  # no executing lane: no wait
    elif "urb" in x.f:
        v = x.src("urb")
    else:
        v = x.src("vb") & MASK32
    x.sim.set_timer(w, v)
    w.sleep |= w.active
    if (w.valid ^ w.active) == 0:
        cover("NANOSLEEP.no_divergence")
        w.pc = x.pc + INST_SIZE
        x.sim.warp_sleep(w)
        return
    cover("NANOSLEEP.switch")
    _switch_like_yield(x)


@semantics("RTT", control=True)
def RTT(x: Exec) -> None:
    """RTT: return from a trap handler (no pseudo code in the seed).

    Decision: restores the ActivePC/ActiveMask saved when TRAP entered a handler
    installed at a program address; outside a handler it is a ``trap`` fault (a
    handler whose trapping lanes have all exited is no longer one to return from)."""
    w = x.w
    if not x.pmask:
        w.pc = x.pc + INST_SIZE
        return
    # entries of handlers whose trapping lanes have all exited are stale
    while w.trap_stack and not (w.trap_stack[-1][2] & w.valid):
        w.trap_stack.pop()
    if not w.trap_stack:
        raise Fault("trap", "RTT outside a trap handler")
    pc, active, _ = w.trap_stack.pop()
    w.pc = pc
    w.active = active & w.valid


@semantics("TRAP", control=True)
def TRAP(x: Exec) -> None:
    """TRAP: trap with handler index (no pseudo code in the seed).

    Decision: with no handler installed the run stops with status ``trap``
    (handler index in the message).  A Python handler ``f(sim, warp, index)``
    is called and execution continues after the TRAP; an int handler address
    saves (ActivePC + 16, ActiveMask), parks the active lanes that do not trap at
    the next instruction (``RPC[ActiveMask & ~pmask] = ActivePC + 16``: an
    inactive lane's real PC is its RPC), activates the trapping lanes and jumps
    there; RTT returns.  A handler that ends in EXIT retires the trapping lanes
    and the warp switches to the others, which resume after the TRAP."""
    w = x.w
    pmask = x.pmask
    if not pmask:
        w.pc = x.pc + INST_SIZE
        return
    if "hidx" in x.f:
        idx = x.imm("hidx")
    elif "rb" in x.f:
        idx = int(x.src("rb")[ffs(pmask)])
    else:
        idx = x.src("vb") & MASK32
    h = x.sim.trap_handler
    if h is None:
        raise Fault("trap", f"TRAP {idx:#x} (lanes 0x{pmask:08x})")
    if callable(h):
        h(x.sim, w, idx)
        w.pc = x.pc + INST_SIZE
        return
    w.trap_stack.append((x.pc + INST_SIZE, w.active, pmask))
    set_rpc(w, w.active & ~pmask, x.pc + INST_SIZE)  # the lanes that do not trap park after the TRAP
    w.active = pmask
    w.pc = int(h)


@semantics("SYSCALL", per_warp=True)
def SYSCALL(x: Exec) -> None:
    """SYSCALL: call the host (no pseudo code in the seed).

    Decision: calls the Python callback ``syscall(sim, warp)`` registered with the
    simulator when at least one lane executes; without a callback it is a
    ``syscall`` fault."""
    if not x.pmask:
        return
    if x.sim.syscall is None:
        raise Fault("syscall", "SYSCALL with no host callback registered")
    x.sim.syscall(x.sim, x.w)
