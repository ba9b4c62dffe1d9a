"""BSYNC's yield patience at batch width (decision D18-5): a warp whose winners of a CAS loop wait
at the BSYNC for its YIELD-ing losers ends in the state the reference function gives when it
replays the same batches one warp at a time -- status, steps, clock, registers, predicates, masks,
RPC, parked lanes, timers, memory and the watchdog's digest -- with both of the arm's outcomes
(switch to the missing lanes; release past them, who then owe the BSYNC a pass) taken."""
from __future__ import annotations

import numpy as np
import pytest

from cuda_expect import CORPUS, compare, expected, launch_options, launches, make_inputs
from gpuisa.sim import engine_batched
from gpuisa.sim.fastpath import control
from gpuisa.sim.semantics import bru

from test_perwarp14 import _assert_same_state, _state

_LAUNCH = {lc["name"]: (stem, lc) for stem, lc in launches()}
#: launches whose BSYNCs take the arm (sm_90): releases past spinning lanes in the first three
CASES = ["hash14_sema", "simt_lock", "atom_float", "atomics_wrap"]


def _run(isa, name: str, arch: str = "sm_90"):
    from gpuisa.cuda import load_cuda
    stem, lc = _LAUNCH[name]
    k = load_cuda(isa, CORPUS / arch / f"{stem}.nvdisasm", lc["kernel"])
    bufs = make_inputs(lc)
    sim = k.simulator(grid=tuple(lc["grid"]), block=tuple(lc["block"]), params=lc["params"], buffers=bufs,
                      shared_bytes=lc.get("shared_bytes", 0), **launch_options(lc, arch))
    res = sim.run()
    assert res.status == "ok", res.fault
    return sim, bufs, res


@pytest.mark.parametrize("name", CASES)
def test_the_yield_arm_equals_the_replay(isa, monkeypatch, name):
    outcomes = {"switch": 0, "release": 0}
    real = control.bsync_yield_rows

    def spy(e, x, idx, *args):
        real(e, x, idx, *args)
        gone = e.pc[idx] == x.pc + 16
        outcomes["release"] += int(gone.sum())
        outcomes["switch"] += int((~gone).sum())

    monkeypatch.setattr(engine_batched, "bsync_yield_rows", spy)
    sim, bufs, res = _run(isa, name)
    assert outcomes["switch"], outcomes
    if name != "atomics_wrap":
        assert outcomes["release"], outcomes
    stem, lc = _LAUNCH[name]
    want = expected(lc, make_inputs(lc))
    assert not [p for q in lc["outputs"] if (p := compare(lc, q, bufs[q], want[q]))]
    got = _state(sim, bufs, res)
    monkeypatch.delitem(engine_batched.KERNELS, "BSYNC")
    _assert_same_state(got, _state(*_run(isa, name)))


def test_lanes_state_from_the_arrays_is_the_reference_bytes(isa):
    """The arm's patience entries and the reference function's are compared with each other (a
    warp's attempts may alternate between the two): the same bytes from the same state."""
    sim, _, _ = _run(isa, "atom_float")
    eng = engine_batched.BatchedEngine(sim)
    rng = np.random.default_rng(18)
    sim.R[:] = rng.integers(0, 1 << 32, sim.R.shape, dtype=np.uint64).astype(np.uint32)
    sim.RPC[:] = rng.integers(-(1 << 40), 1 << 40, sim.RPC.shape)
    eng.P[:] = rng.integers(0, 1 << 32, eng.P.shape, dtype=np.uint64).astype(eng.P.dtype)
    eng.ur_rows()[:] = rng.integers(0, 1 << 32, eng.UR.shape, dtype=np.uint64).astype(np.uint32)
    eng.UP[:] = rng.integers(0, 2, eng.UP.shape).astype(eng.UP.dtype)
    for i in range(eng.N):
        for lanes in (1, 0x80000000, 0x0F0F00F1, 0xFFFFFFFF):
            w = eng.sync_in(i)
            assert control._lanes_state(eng, i, lanes) == bru.lanes_state(w, lanes)
