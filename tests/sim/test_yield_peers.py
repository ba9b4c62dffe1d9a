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
