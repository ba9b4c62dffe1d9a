"""CALL and RET at batch width (speed code, kept out of the reference semantics; decision D13-S-4).

The reference functions (``gpuisa.sim.semantics.bru.CALL`` / ``RET``) are ``control``: the batched
engine ran every warp of a batch through them one at a time, with the Warp object synchronised in
and out -- a device function called by 1,024 warps cost 2 x 1,024 replays.  :func:`call_kernel`
takes the warps of its common case: every active lane jumps (no guard-false lane) to one target
(a constant, or a register / uniform register that holds the same address in every active lane).
For them the reference does ``depth[lanes] += 1`` (CALL; not for nvcc's sm_80 loop exit, a CALL
to the instruction after the next, decision D8-fuzz-3) or ``-= 1`` (RET) and ``ActivePC = target``
(``bru._jump``'s "jump.all"); the other warps go to the reference function."""
from __future__ import annotations

import numpy as np

from ..semantics import bru
from ..state import FULL, INST_SIZE, Fault, ffs_lanes, mask2array

_U64 = np.uint64


def _signed(v: int) -> int:
    """A 64-bit address as int64 (``ActivePC`` is its bits)."""
    v &= (1 << 64) - 1
    return v - (1 << 64) if v >> 63 else v


def call_kernel(e, x, idx: np.ndarray):
    """The batched kernel of CALL / RET (engine_batched.KERNELS): the warps it left, or None."""
    active = e.active[idx]
    jump = x.pmask & (x.pred("pp") if "pp" in x.f else FULL)
    try:
        t = bru._call_target(x)
    except Fault:           # a misaligned or unreadable target operand: the reference reports it
        return idx
    t = np.asarray(t).astype(np.int64) if isinstance(t, np.ndarray) else np.asarray(_signed(int(t)), np.int64)
    if t.ndim == 2 and t.shape[1] == 1:
        t = t[:, 0]         # a uniform register or constant: one target per warp (this engine's column), D15-C-4
    n = idx.size
    if t.ndim == 2:         # a register: one address per lane; the first active lane's, if all agree
        lid = ffs_lanes(active)
        first = t[np.arange(n), np.maximum(lid, 0)]
        same = ((t == first[:, None]) | ~mask2array(active)).all(axis=1)
    else:
        first = np.broadcast_to(t, (n,))
        same = True
    ok = (jump == active) & (active != 0) & same
    if not ok.any():
        return idx
    go = idx[ok]
    lanes = mask2array(active[ok]).astype(np.int32)
    if x.optype == "RET":
        e.sim.DEPTH[go] -= lanes
    else:
        lanes[first[ok] == x.pc + 2 * INST_SIZE] = 0      # D8-fuzz-3: a jump, no frame
        e.sim.DEPTH[go] += lanes
    e.pc[go] = first[ok].view(_U64)
    return None if ok.all() else idx[~ok]
