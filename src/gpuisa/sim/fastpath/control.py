"""Control instructions at batch width (speed code, kept out of the reference semantics): BRX and
NANOSLEEP (decisions D14-W-1 and D14-W-2), YIELD and WARPSYNC with one mask (D14-W-5), WARPSYNC with a member
mask per lane (D18-9) and BSYNC's yield patience (D18-5); each tested equal to the reference
functions' replay of the same batches (tests/cuda/test_perwarp14.py, test_batch18.py).

The reference functions (``gpuisa.sim.semantics.bru.BRX`` / ``NANOSLEEP``) are ``control``: the
batched engine ran every warp of a batch through them one at a time, with the Warp object
synchronised in and out (50-150 us a warp against 1-5 us at batch width).

:func:`brx_kernel` does for every warp of the batch what ``bru._jump`` does with BRX's targets
(``PC + 16 + sext(Ra) + offset * 16``, one per lane, or one per warp from a uniform register or
constant): no lane jumps -- the next instruction; every active lane jumps -- the warp goes to the
target of its first active lane with the lanes of that target, the other lanes wait at their own
targets (``RPC``); some lanes jump -- the others go on first, the jumping lanes wait at their
targets.  It leaves no warp to the reference function: a uniform target keeps a warp whole, and
the scheduler puts the warps that went to the same target back into one batch there.

:func:`nanosleep_kernel` takes the two cases that need no switch: guard-false lanes (they go on,
the executing lanes wait at the NANOSLEEP) and a warp whose every valid lane sleeps (the timer,
``SleepMask |= ActiveMask``, the warp leaves scheduling until the timer ends: the spin-wait of
``while (flag != x) __nanosleep(t);``).  A batch with a warp whose other lanes must be switched to
(the ``_switch_like_yield`` tail) goes to the reference function whole.  Each warp's timer is set from the
clock it would have issued at in the replay (the batch's clock before the call, plus its position
in the batch, plus one)."""
from __future__ import annotations

import numpy as np

from ..semantics.bru import SPIN_TRIPS, YIELD_PATIENCE, pp_mask
from ..state import (DEADLOCK_SWITCHES, INST_SIZE, MASK32, MASK64, S_SLEEPING, WARP_SIZE, Fault, array2mask, ffs,
                     ffs_lanes, mask2array)

_U32 = np.uint32
_U64 = np.uint64


def arrived_rows(e, idx: np.ndarray, act: np.ndarray, val: np.ndarray, rows: np.ndarray, pc: int) -> np.ndarray:
    """The arrivemask of BSYNC and WARPSYNC for warps *idx* (``bru.arrived_at`` with
    ``same_activation``): the executing lanes *act*, and the valid ones parked at *pc* (RPC *rows*)
    in the activation of the first executing lane -- its call depth (GA-11) or its stack frame, a
    CALL used as a jump (D8-xarch-3); an executing lane has arrived whatever its activation (D17-5)."""
    arrive = act | (val & array2mask(rows == pc))
    dm = e.sim.DEPTH[idx]
    if dm.any():                        # no call made yet: every lane is in one activation
        k = np.arange(idx.size)
        lane = ffs_lanes(act)
        r1 = e.sim.R[1, idx]
        arrive &= array2mask((dm == dm[k, lane][:, None]) | (r1 == r1[k, lane][:, None])) | act
    return arrive


def _park(e, idx: np.ndarray, lanes: np.ndarray, value) -> None:
    """``RPC[lanes[k]] = value[k]`` of warp ``idx[k]`` (*value*: ``(k, 32)`` int64 or one int64)."""
    if not idx.size:
        return
    rows = e.rpc[idx]
    m = mask2array(lanes)
    if isinstance(value, np.ndarray):
        rows[m] = value[m]
    else:
        rows[m] = value
    e.rpc[idx] = rows


def _brx_offsets(x, n: int) -> np.ndarray:
    """BRX's ``sext32(source)`` of every lane of the batch, ``(n, 32)`` int64."""
    name = "ra" if "ra" in x.f else "ura" if "ura" in x.f else "vb"
    v = x.src(name)
    if isinstance(v, np.ndarray):
        v = v.astype(_U32).view(np.int32).astype(np.int64)
    else:
        v = int(v) & MASK32
        v = np.int64(v - (1 << 32) if v >> 31 else v)
    return np.broadcast_to(v, (n, WARP_SIZE))


def brx_kernel(e, x, idx: np.ndarray):
    """The batched kernel of BRX (engine_batched.KERNELS): every warp of the batch, None; the
    whole batch to the reference function when its source cannot be read (it reports the fault)."""
    n = idx.size
    try:
        vb = _brx_offsets(x, n)
    except Fault:
        return idx
    target = vb + np.int64(x.pc + INST_SIZE + x.imm("offset", 0) * INST_SIZE)
    active = e.active[idx]
    bj = np.broadcast_to(x.pmask & pp_mask(x), (n,)) & active
    none = bj == 0
    whole = ~none & (bj == active)
    part = ~none & ~whole
    if none.all():
        e.pc[idx] = x.next_pc
        return None
    if none.any():
        e.pc[idx[none]] = x.next_pc
    if part.any():              # the fall-through side first; the jumping lanes wait at their targets
        pi = idx[part]
        e.pc[pi] = x.next_pc
        e.active[pi] = active[part] & ~bj[part]
        _park(e, pi, bj[part], target[part])
    if whole.any():             # the first active lane's target, with the lanes going there
        wi = idx[whole]
        t = target[whole]
        act = active[whole]
        first = t[np.arange(wi.size), ffs_lanes(act)]
        same = array2mask(t == first[:, None])
        _park(e, wi, act & ~same, t)
        e.active[wi] = act & same
        e.pc[wi] = first.view(_U64)
    return None


def nanosleep_kernel(e, x, idx: np.ndarray):
    """The batched kernel of NANOSLEEP (engine_batched.KERNELS): None, or the whole batch when a
    warp of it switches to other lanes."""
    n = idx.size
    active = e.active[idx]
    pm = np.broadcast_to(x.pmask & pp_mask(x), (n,))
    mask_np = active & ~pm
    gf = mask_np != 0
    sleep = ~gf & (e.valid[idx] == active)
    if not (gf | sleep).all():
        # a warp that switches to its other lanes runs the reference function; so does the whole
        # batch, so that every warp's timer is set at the clock of the replay (a warp replayed
        # after the kernel would issue at another clock than its place in the batch gives)
        return idx
    if gf.any():                # guard-false lanes go on; the executing ones wait here
        _lanes_go_on(e, x, idx[gf], active[gf], pm[gf])
    if sleep.any():
        si = idx[sleep]
        if "rb" in x.f:
            rb = np.broadcast_to(x.src("rb"), (n, WARP_SIZE)).astype(np.int64)
            v = np.where(mask2array(pm), rb, np.int64(1) << 40).min(axis=1)
            v = np.where(pm != 0, v, 0)
        elif "urb" in x.f:
            v = np.broadcast_to(np.asarray(x.src("urb"), np.int64).reshape(-1), (n,))
        else:
            v = np.full(n, int(x.src("vb")) & MASK32, np.int64)
        sim = e.sim
        base = sim.clock - n + 1          # the clock of the batch's first warp in the replay
        due = (base + np.flatnonzero(sleep) + v[sleep]).tolist()
        ws = e.warps
        nxt = sim._next_wake
        for i, t in zip(si.tolist(), due):
            w = ws[i]
            if w.timer is None or t < w.timer:
                w.timer = t
            else:
                t = w.timer
            if nxt is None or t < nxt:
                nxt = t
            e.timed.add(i)
        sim._next_wake = nxt
        e.sleep[si] |= active[sleep]
        e.pc[si] = x.next_pc
        e.state[si] = S_SLEEPING
    return None


def _lanes_go_on(e, x, idx: np.ndarray, active: np.ndarray, pm: np.ndarray) -> None:
    """Guard-false lanes (``active & ~pm``) of warps *idx* go on to the next instruction; the
    executing ones wait at this one (``RPC = PC``): YIELD, NANOSLEEP and WARPSYNC alike."""
    _park(e, idx, active & pm, np.int64(x.pc))
    e.active[idx] = active & ~pm
    e.pc[idx] = x.next_pc


def _switch_rows(e, idx: np.ndarray, rows: np.ndarray, cand: np.ndarray, within: np.ndarray) -> None:
    """``lid = ffs(cand); ActivePC = RPC[lid]; ActiveMask = (RPC == RPC[lid]) & within`` with the
    warps' RPC *rows* (written back)."""
    target = rows[np.arange(idx.size), ffs_lanes(cand)]
    e.rpc[idx] = rows
    e.active[idx] = array2mask(rows == target[:, None]) & within
    e.pc[idx] = target.view(_U64)


def _unyielded_first(lanes: np.ndarray, yielded: np.ndarray) -> np.ndarray:
    """Per warp, the switch candidates among *lanes*: those not in YieldMask *yielded*, else (none
    left) those in it (``bru``'s ``mask_ny`` rule)."""
    ny = lanes & ~yielded
    return np.where(ny != 0, ny, lanes & yielded)


def _pass_or_go_on(e, x, idx: np.ndarray, passing: np.ndarray, gf: np.ndarray, active, pm) -> bool:
    """The warps *passing* go to the next instruction and the guard-false lanes of the warps
    *gf* go on (``_lanes_go_on``); True when every warp of the batch passed."""
    if passing.all():
        e.pc[idx] = x.next_pc
        return True
    if passing.any():
        e.pc[idx[passing]] = x.next_pc
    if gf.any():
        _lanes_go_on(e, x, idx[gf], active[gf], pm[gf])
    return False


def yield_kernel(e, x, idx: np.ndarray):
    """The batched kernel of YIELD (engine_batched.KERNELS, decision D14-W-5): a warp whose
    every valid lane executes goes on (a no-op); guard-false lanes go on while the executing ones
    wait here; a warp with other valid lanes and no sleeping lane switches to them as
    ``bru._switch_like_yield`` does (the executing lanes wait at the next instruction, join
    YieldMask; the candidates are SwitchMask's lanes, those that did not yield first).  The
    warps with sleeping lanes are left to the reference function (the sleep check)."""
    n = idx.size
    active = e.active[idx]
    valid = e.valid[idx]
    pm = np.broadcast_to(x.pmask & pp_mask(x), (n,))
    gf = (active & ~pm) != 0
    nop = ~gf & (valid == active)
    if _pass_or_go_on(e, x, idx, nop, gf, active, pm):
        return None
    sw = ~gf & ~nop & (e.sleep[idx] == 0)
    if sw.any():
        si = idx[sw]
        act, val = active[sw], valid[sw]
        rows = e.rpc[si]
        rows[mask2array(act)] = x.pc + INST_SIZE
        others = val ^ act
        smask = e.switch[si] & others
        smask = np.where(smask == 0, others, smask)
        yl = e.yld[si]
        e.yld[si] = yl | act
        _switch_rows(e, si, rows, _unyielded_first(smask, yl), others & val)
        others = val ^ e.active[si]
        smask &= others
        e.switch[si] = np.where(smask == 0, others, smask)
    rest = ~gf & ~nop & ~sw
    return idx[rest] if rest.any() else None


def warpsync_kernel(e, x, idx: np.ndarray):
    """The batched kernel of WARPSYNC with one member mask per warp (an immediate, a constant or
    a uniform register; decision D14-W-5), as ``bru.WARPSYNC`` / ``_warpsync_one_mask`` do it:
    guard-false lanes go on; every member arrived (the executing lanes, and the lanes parked at
    this WARPSYNC in the same activation) -- the members go on; else the executing lanes park
    here waiting for the mask (``PARKPC``/``PARKREG``/``PARKWAIT``), the failure is counted and the
    warp switches to the missing members that did not yield, else to those that did.  Left to the
    reference function: per-lane masks, warps with sleeping lanes or lanes parked at another
    WARPSYNC (decision D7-simt-4), an executing lane outside the mask (a fault), a failure that
    makes a deadlock, and warps with a timer."""
    if "rb" in x.f:
        return warpsync_groups_kernel(e, x, idx)
    n = idx.size
    mm = x.imm("membermask") & MASK32 if "membermask" in x.f else \
        np.broadcast_to(np.asarray(x.src("urb" if "urb" in x.f else "vb")).reshape(-1), (n,)).astype(_U32)
    active = e.active[idx]
    valid = e.valid[idx]
    pm = np.broadcast_to(x.pmask & pp_mask(x), (n,))
    mmask = np.broadcast_to(mm & valid, (n,))
    gf = (active & ~pm) != 0
    done = ~gf & (active == mmask)
    if _pass_or_go_on(e, x, idx, done, gf, active, pm):
        return None
    rest = ~gf & ~done
    cand = rest & (e.sleep[idx] == 0) & ((active & ~mmask) == 0)
    if e.timed:
        cand &= ~np.isin(idx, np.fromiter(e.timed, np.int64, len(e.timed)))
    if cand.any():
        ci = idx[cand]
        sim = e.sim
        rows = e.rpc[ci]
        act, val, mk = active[cand], valid[cand], mmask[cand]
        arrive = arrived_rows(e, ci, act, val, rows, x.pc)
        pk = sim.PARKPC[ci]
        elsewhere = array2mask((rows == pk) & (sim.PARKREG[ci] < 0) & (pk != x.pc)) & val & ~act
        fail_n = np.where(e.fail_at[ci] == e.issued[ci] - 1, e.fail_n[ci] + 1, 1)
        ok = (elsewhere == 0) & (((arrive & mk) == mk) | (fail_n <= DEADLOCK_SWITCHES))
        complete = ok & ((arrive & mk) == mk)
        if complete.any():
            di = ci[complete]
            e.active[di] = mk[complete]
            e.pc[di] = x.next_pc
        wait = ok & ~complete
        if wait.any():
            wi = ci[wait]
            a, w_rows, wk = act[wait], rows[wait], mk[wait]
            lanes = mask2array(a)
            w_rows[lanes] = x.pc
            sim.PARKPC[wi] = np.where(lanes, np.int64(x.pc), pk[wait])
            sim.PARKREG[wi] = np.where(lanes, np.int8(-1), sim.PARKREG[wi])
            sim.PARKWAIT[wi] = np.where(lanes, wk[:, None], sim.PARKWAIT[wi])
            e.fail_n[wi] = fail_n[wait]
            e.fail_at[wi] = e.issued[wi]
            missing = val[wait] & ~arrive[wait] & wk
            pick = _unyielded_first(missing, e.yld[wi])
            _switch_rows(e, wi, w_rows, pick, missing)  # D17-1: the YIELD lanes at the target run too
        back = np.zeros(n, bool)
        back[np.flatnonzero(cand)[~ok]] = True
        rest = rest & (~cand | back)
    return idx[rest] if rest.any() else None


def warpsync_groups_kernel(e, x, idx: np.ndarray):
    """WARPSYNC_R -- a member mask per lane, `__syncwarp(mask)` of cooperative groups' tiles --
    at batch width (decision D18-9), as ``bru.WARPSYNC`` / ``_warpsync_groups`` do it: guard-false
    lanes go on; in a warp whose executing lanes lie in their own masks, the first arrived lane whose
    group is complete (every lane of its mask arrived with the same mask, D6-cg-1) releases that
    group, or with ``.ALLGROUPS`` every complete group (D6-cg-2): the group runs on, the other
    executing lanes wait here.  Left to the reference function: no complete group (the switch),
    lanes asleep or parked at another WARPSYNC (D7-simt-4), a lane outside its own mask (the fault),
    warps with a timer."""
    n = idx.size
    active = e.active[idx]
    pm = np.broadcast_to(x.pmask & pp_mask(x), (n,))
    gf = (active & ~pm) != 0
    _pass_or_go_on(e, x, idx, np.zeros(n, bool), gf, active, pm)
    cand = ~gf & (e.sleep[idx] == 0)
    if e.timed:
        cand &= ~np.isin(idx, np.fromiter(e.timed, np.int64, len(e.timed)))
    if not cand.any():
        return idx[~gf] if (~gf).any() else None
    ci = idx[cand]
    sim = e.sim
    act, val = active[cand], e.valid[ci]
    k = np.arange(ci.size)
    mm = np.broadcast_to(x.src_lanes("rb"), (n, WARP_SIZE))[cand].astype(np.int64) & val.astype(np.int64)[:, None]
    rows = e.rpc[ci]
    arrive = arrived_rows(e, ci, act, val, rows, x.pc)
    pk = sim.PARKPC[ci]
    elsewhere = array2mask((rows == pk) & (sim.PARKREG[ci] < 0) & (pk != x.pc)) & val & ~act & ~arrive
    own = ((mm >> np.arange(WARP_SIZE)) & 1).astype(bool) | ~mask2array(act)
    # D6-cg-1: lane i's group is complete when every lane of its mask arrived with the same mask
    same = (mm[:, :, None] == mm[:, None, :]) & mask2array(arrive)[:, None, :]
    complete = arrive & array2mask((mm & ~array2mask(same).astype(np.int64)) == 0)
    lid = ffs_lanes(complete)
    amask = np.where(lid >= 0, mm[k, np.maximum(lid, 0)], 0).astype(_U32)
    if x.mod("release") == "ALLGROUPS":     # nvcc's plain WARPSYNC Rb (decision D6-cg-2)
        amask = complete
    ok = own.all(axis=1) & (elsewhere == 0) & (complete != 0) & (amask != 0)
    if ok.any():
        oi = ci[ok]
        a, am = act[ok], amask[ok]
        _park(e, oi, a & ~am, np.int64(x.pc))
        e.active[oi] = am
        e.pc[oi] = x.next_pc
    back = ~gf & ~cand
    back[np.flatnonzero(cand)[~ok]] = True
    return idx[back] if back.any() else None


def _lanes_state(e, i: int, lanes: int) -> bytes:
    """``bru.lanes_state`` of warp *i* from the engine's arrays, byte for byte (the reference's Warp
    holds P, UR and UP as lists of the same values; RPC and R are the simulator's arrays)."""
    m = mask2array(lanes)
    regs = np.concatenate((e.P[:, i].astype(_U64) & _U64(lanes), e.UR[:, i].astype(_U64), e.UP[:, i].astype(_U64)))
    return b"".join((e.rpc[i][m].tobytes(), e.sim.R[:, i][:, m].tobytes(), regs.tobytes()))


def bsync_yield_rows(e, x, idx: np.ndarray, bm: np.ndarray, arrive: np.ndarray, yl: np.ndarray, val: np.ndarray,
                     act: np.ndarray, pm: np.ndarray) -> None:
    """BSYNC's yield patience (decisions S21, D7-simt-6, D10-I-1, D18-5) for warps of a batch whose
    every executing lane runs it (no guard-false lane), none asleep or owing a pass, the sync not
    complete, and every member still missing a YIELD lane -- a contended CAS loop's winners waiting
    for its losers: what ``bru.BSYNC`` does there, warp by warp without the Warp object's round
    trip.  *bm* is the B register's members less the executing lanes (written back as BSYNC's
    OutList), *arrive* the lanes that have arrived, *yl* YieldMask, *pm* the executing lanes.

    While the missing YIELD lanes make progress the warp switches to them (their patience entry
    in the Warp object's ``patience``, with ``bru.lanes_state``'s bytes, so that a warp's attempts
    may alternate between this and the reference function); else it releases past them: the
    arrived lanes go on, the missing ones owe this BSYNC a pass (``owed``, D7-simt-1), and the
    executing lanes leave YieldMask."""
    pc, b = x.pc, x.reg_index("breg")
    key = (b, pc)
    missing = bm & ~arrive
    yb = missing & yl & val
    B = e.B[b]
    ws = e.warps
    for k, i in enumerate(idx.tolist()):
        w = ws[i]
        y = int(yb[k])
        if y:
            seen, n, mark, same = w.patience.get(key, (None, 0, b"", 0))
            now = _lanes_state(e, i, y)
            miss = int(missing[k])
            if seen == miss:
                n += 1
                same = same + 1 if now == mark else 0
            else:
                n, same = 1, 0
            if n <= YIELD_PATIENCE and same < SPIN_TRIPS:
                w.patience[key] = (miss, n, now, same)
                B[i] = bm[k]
                rows = e.rpc[i]                 # a view: set_rpc(w, ActiveMask, pc), then the switch
                rows[mask2array(int(act[k]))] = pc
                target = rows[ffs(y)]
                e.active[i] = array2mask(rows == target) & y
                e.pc[i] = int(target) & MASK64
                continue
        w.patience.pop(key, None)
        a = int(arrive[k])
        left = int(bm[k]) & ~a & int(val[k])
        if left:        # released past: they owe this BSYNC a pass (D7-simt-1)
            okey = (b, pc, int(e.sim.DEPTH[i, ffs(a)]))
            w.owed[okey] = w.owed.get(okey, 0) | left
            e.owing.add(i)
        B[i] = int(bm[k]) & ~a & ~left
        e.active[i] = a
        e.pc[i] = pc + INST_SIZE
        e.yld[i] = int(yl[k]) & ~int(pm[k]) & MASK32
