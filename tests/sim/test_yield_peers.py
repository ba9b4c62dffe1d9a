"""Decision D17-1: a switch to the lanes still expected at a BSYNC or WARPSYNC takes the
YIELD lanes waiting at the chosen address along (``switchPCByMask``'s peers), in both engines.

Lanes 0-7 execute the synchronisation; lanes 8-31 wait at A, where ``VOTE.ANY`` records who runs
together; lanes 16-23 YIELDed earlier.  The non-YIELD lanes choose the target (A), and every lane
waiting there runs: the vote sees lanes 8-31 (before the decision, 8-15 and 24-31, then 16-23)."""
from __future__ import annotations

import numpy as np
import pytest

from gpuisa.sim import Simulator

FULL = 0xFFFFFFFF
PROG = "NOP ;\nS:\n{sync} ;\nEXIT ;\nA:\nVOTE.ANY R5, PT, PT ;\nBRA `(S) ;"


@pytest.mark.parametrize("engine", ["reference", "batched"])
@pytest.mark.parametrize("sync", ["WARPSYNC 0xffffffff", "BSYNC B0"])
def test_yield_lanes_at_the_target_run_with_the_others(isa, sync, engine):
    prog = isa.assemble(PROG.format(sync=sync))
    A = prog.symbols["A"]
    sim = Simulator(isa, prog, grid=1, block=64, engine=engine)    # two warps: a batch of two
    for w in sim.warps:
        w.pc, w.active, w.yield_mask = 0x10, 0x000000FF, 0x00FF0000
        w.rpc[8:] = A
        w.B[0] = FULL
    res = sim.run()
    assert res.status == "ok", res.fault
    for w in sim.warps:
        votes = np.asarray(w.R[5], np.uint32)
        assert [int(v) for v in votes[8:]] == [0xFFFFFF00] * 24
        assert not votes[:8].any()


@pytest.mark.parametrize("engine", ["reference", "batched"])
@pytest.mark.parametrize("sync", ["BSYNC B0", "WARPSYNC 0xffff"])
def test_executing_lanes_of_two_activations_all_pass(isa, sync, engine):
    """Regression (D17-5): lanes 8-15 run one recursion level deeper than lanes 0-7 (call depth and
    stack pointer differ) but execute the BSYNC together (they reached the call site in the same
    group: -G code of a recursive function).  GA-11's test "same activation as the first executing
    lane" dropped lanes 8-15 from the release, leaving them with a stale RPC, so they later resumed
    at an old call site and returned through a frame that was not theirs (a random program at -G:
    ``pc-out-of-range``).  An executing lane has arrived; GA-11 still applies to parked lanes."""
    prog = isa.assemble(PROG.format(sync=sync))
    sim = Simulator(isa, prog, grid=1, block=64, engine=engine)     # two warps: a batch of two
    for w in sim.warps:
        w.pc, w.valid, w.active = 0x10, 0x0000FFFF, 0x0000FFFF
        w.B[0] = 0x0000FFFF
        w.depth[8:16] = 1
        w.R[1][8:16] = 0x100
        w.rpc[:] = prog.symbols["A"]     # stale: where a lane left out of the release would resume
    res = sim.run()
    assert res.status == "ok", res.fault
    for w in sim.warps:
        assert not np.asarray(w.R[5]).any()     # nobody ran the vote at A
