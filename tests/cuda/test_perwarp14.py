"""Session 14, perwarp14 (decisions D14-W-1 ..): BRX, NANOSLEEP, YIELD's switch, a failed WARPSYNC
and R2P at batch width.  Each batched kernel ends in the state the reference functions give when
they replay the same batches one warp at a time: status, steps, clock, registers, predicates,
masks, RPC, parked lanes, timers, memory and the watchdog's digest of the whole state."""
from __future__ import annotations

import os

import numpy as np
import pytest

from cuda_expect import CORPUS, compare, expected, launches, make_inputs
from gpuisa.sim import engine_batched
from gpuisa.sim.semantics import gp
from gpuisa.sim.watchdog import Watchdog

_LAUNCH = {lc["name"]: lc for stem, lc in launches() if stem == "pw14_spin"}
#: (launch, target, optypes no batch replays, kernels the replay run goes without); BSYNC: its complete
#: sync in a warp with yielding lanes (D14-W-8; its other yield cases are still replayed)
_SPIN = {"YIELD", "WARPSYNC"}
CASES = [("pw14_fsm_warp", "sm_120", {"BRX"}), ("pw14_nap", "sm_90", {"NANOSLEEP"}),
         ("pw14_ticket", "sm_90", _SPIN | {"BSYNC"})]
if os.environ.get("GPUISA_CUDA_FULL"):
    CASES += [("pw14_fsm_lane", "sm_120", {"BRX"}), ("pw14_nap", "sm_75", {"NANOSLEEP"}),
              ("pw14_ticket", "sm_120", _SPIN | {"BSYNC"}), ("pw14_ticket", "sm_75", _SPIN | {"BSYNC"})]


def _run(isa, name: str, arch: str):
    from gpuisa.cuda import load_cuda
    lc = _LAUNCH[name]
    k = load_cuda(isa, CORPUS / arch / "pw14_spin.nvdisasm", lc["kernel"])
    bufs = make_inputs(lc)
    sim = k.simulator(grid=tuple(lc["grid"]), block=tuple(lc["block"]), params=lc["params"], buffers=bufs)
    res = sim.run()
    assert res.status == "ok", res.fault
    return sim, bufs, res


def _state(sim, bufs, res) -> dict:
    ws = sim.warps
    return {"steps": res.steps, "clock": sim.clock, "R": sim.R.copy(), "RPC": sim.RPC.copy(),
            "PARKPC": sim.PARKPC.copy(), "PARKWAIT": sim.PARKWAIT.copy(), "DEPTH": sim.DEPTH.copy(),
            "warps": [(w.pc, w.active, w.valid, w.yield_mask, w.sleep, w.switch, w.P, w.B, w.timer) for w in ws],
            "memory": {q: b.view(np.uint8).copy() for q, b in bufs.items()},
            "digest": Watchdog(sim).digest()[0]}


def _assert_same_state(got: dict, ref: dict) -> None:
    """Every entry of two :func:`_state` records equal (arrays, memory by region, the rest)."""
    for key, v in ref.items():
        if isinstance(v, np.ndarray):
            assert np.array_equal(got[key], v), key
        elif key == "memory":
            assert all(np.array_equal(got[key][q], v[q]) for q in v), key
        else:
            assert got[key] == v, key


def replays(monkeypatch) -> set[str]:
    """The optypes the batched engine replays warp by warp for a batch of more than one warp, from
    now on in the test (filled as the run goes)."""
    replayed: set[str] = set()
    real = engine_batched.BatchedEngine._per_warp

    def spy(self, pc, idx):
        if len(idx) > 1:
            replayed.add(self.bx[pc].optype)
        return real(self, pc, idx)

    monkeypatch.setattr(engine_batched.BatchedEngine, "_per_warp", spy)
    return replayed


@pytest.mark.parametrize("name,arch,ops", CASES, ids=[f"{n}-{a}" for n, a, _ in CASES])
def test_batched_kernels_equal_the_replay(isa, monkeypatch, name, arch, ops):
    replayed = replays(monkeypatch)
    sim, bufs, res = _run(isa, name, arch)
    assert not (ops - {"BSYNC"}) & replayed, replayed
    lc = _LAUNCH[name]
    want = expected(lc, make_inputs(lc))
    assert not [p for q in lc["outputs"] if (p := compare(lc, q, bufs[q], want[q]))]
    got = _state(sim, bufs, res)
    for op in ops:
        monkeypatch.delitem(engine_batched.KERNELS, op)
    ref = _state(*_run(isa, name, arch))
    _assert_same_state(got, ref)


def test_r2p_runs_at_batch_width():
    """D14-W-3: R2P (nvcc's reload of predicates spilled by P2R) writes ``x.w.P[i]``: a warp's mask,
    or the batch's ``(n,)`` masks through BatchWarps; it is no longer replayed one warp at a time."""
    assert not gp.R2P.per_warp
