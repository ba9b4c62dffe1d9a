"""BRX and NANOSLEEP at batch width (speed code, kept out of the reference semantics; decisions
D14-W-1 and D14-W-2).

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

from ..state import FULL, INST_SIZE, MASK32, WARP_SIZE, Fault, array2mask, ffs_lanes, mask2array

_U32 = np.uint32
#: engine_batched.S_SLEEPING (the engine's warp state codes: READY, SLEEPING, ...)
S_SLEEPING = 1
_U64 = np.uint64


def _pp(x) -> np.ndarray | int:
    return x.pred("pp") if "pp" in x.f else FULL


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
    bj = np.broadcast_to(x.pmask & _pp(x), (n,)) & active
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
    pm = np.broadcast_to(x.pmask & _pp(x), (n,))
    mask_np = active & ~pm
    gf = mask_np != 0
    sleep = ~gf & (e.valid[idx] == active)
    if not (gf | sleep).all():
        # a warp that switches to its other lanes runs the reference function; so does the whole
        # batch, so that every warp's timer is set at the clock of the replay (a warp replayed
        # after the kernel would issue at another clock than its place in the batch gives)
        return idx
    if gf.any():                # guard-false lanes go on; the executing ones wait here
        gi = idx[gf]
        _park(e, gi, (active & pm)[gf], np.int64(x.pc))
        e.active[gi] = mask_np[gf]
        e.pc[gi] = x.next_pc
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
