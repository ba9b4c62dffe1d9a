"""A lone warp's burst (decision D26-1, speed code of the batched engine): when one warp is the only
ready one, it issues its next instructions back to back with its Warp object copied in and out of
the engine's arrays once, not per instruction.  The burst is the engine's loop taking the same
continuations in the same order, so everything must be equal with and without it: results, step
counts, per-warp issue counts, faults and the step at which they happen.  Expected values of the
kernels that finish are computed here from their C (burst26.cu)."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from gpuisa.sim.engine_batched import BatchedEngine

DATA = Path(__file__).resolve().parent / "data" / "burst26"
_M = 0xFFFFFFFF


@pytest.fixture(scope="module")
def module(isa):
    """The kernels of burst26.cu by name."""
    from gpuisa.cuda import load_cuda
    return lambda name: load_cuda(isa, DATA / "burst26_sm_90.nvdisasm", name)


def _run(module, name: str, burst: bool, monkeypatch, **kw):
    """Launch *name*; with *burst* False, the engine's _burst is a no-op (the loop then takes
    every continuation itself, as before D26-1).  The result, the buffers and each warp's issue
    count, and the warp-instructions issued inside bursts."""
    issued: list[list[int]] = []
    in_bursts = [0]
    real_run, real_burst = BatchedEngine.run, BatchedEngine._burst

    def run(eng):
        try:
            real_run(eng)
        finally:
            issued.append(eng.issued.tolist())

    def counted(eng, i, idx, sel):
        before = eng.sim.steps
        real_burst(eng, i, idx, sel)
        in_bursts[0] += eng.sim.steps - before

    with monkeypatch.context() as m:
        m.setattr(BatchedEngine, "run", run)
        m.setattr(BatchedEngine, "_burst", counted if burst else lambda self, i, idx, sel: None)
        bufs = {k: v.copy() for k, v in kw.pop("buffers").items()}
        res = module(name).launch(buffers=bufs, **kw)
    assert issued, "the batched engine did not run"
    return res, bufs, issued[0], in_bursts[0]


def _both(module, name: str, monkeypatch, **kw):
    r1, b1, i1, bursts = _run(module, name, True, monkeypatch, **kw)
    r2, b2, i2, _ = _run(module, name, False, monkeypatch, **kw)
    assert bursts > 0, "no burst: the comparison says nothing"
    assert (r1.status, r1.steps, r1.clock) == (r2.status, r2.steps, r2.clock)
    assert r1.fault == r2.fault
    assert i1 == i2
    for k in b1:
        assert b1[k].tobytes() == b2[k].tobytes(), k
    for w1, w2 in zip(r1.warps, r2.warps):
        assert (w1.pc, w1.state, w1.valid) == (w2.pc, w2.state, w2.valid)
        assert np.array_equal(w1.R, w2.R) and np.array_equal(w1.P, w2.P) and np.array_equal(w1.B, w2.B)
    return r1, b1


def _lone(inp: np.ndarray, rounds: int) -> list[int]:
    """burst26.cu's ``lone`` per thread, in Python integers."""
    out = []
    for t in range(32):
        x = int(inp[t])
        loc = [(x + k * 0x9E3779B9) & _M for k in range(16)]
        for r in range(rounds):
            c = (x >> 3) & 7
            if c == 0:
                x = (x * 3 + 1) & _M
            elif c == 1:
                x = (x ^ (x << 13)) & _M
            elif c == 2:
                x = (int(f"{x:032b}"[::-1], 2) + r) & _M
            elif c == 3:
                x = (x + loc[x & 15]) & _M
            elif c == 4:
                s = r & 31
                x = ((x << s) | (x >> (32 - s))) & _M if s else x
            else:
                loc[r & 15] ^= x
                x = (x * 1664525 + 1013904223) & _M
        out.append((x + loc[x & 15]) & _M)
    return out


def test_a_lone_divergent_warp_gives_the_same_run(module, monkeypatch):
    inp = np.random.default_rng(26).integers(0, 1 << 32, 64, dtype=np.uint32)
    res, bufs = _both(module, "lone", monkeypatch, grid=(1,), block=(64,),
                      params=["ptr:out", "ptr:in", "s32:300"],
                      buffers={"out": np.zeros(32, np.uint32), "in": inp})
    assert res.status == "ok", res.fault
    assert bufs["out"].tolist() == _lone(inp, 300)


def test_a_fault_in_a_burst_is_the_same_fault(module, monkeypatch):
    inp = np.arange(64, dtype=np.uint32) * 7 + 1
    res, _ = _both(module, "lone_fault", monkeypatch, grid=(1,), block=(64,),
                   params=["ptr:out", "ptr:in", "s32:5"],
                   buffers={"out": np.zeros(32, np.uint32), "in": inp})
    assert res.status != "ok" and res.fault is not None


def test_a_lone_warp_that_naps_while_another_waits_at_a_barrier(module, monkeypatch):
    res, bufs = _both(module, "lone_nap", monkeypatch, grid=(1,), block=(64,),
                      params=["ptr:out", "s32:40"], buffers={"out": np.zeros(64, np.uint32)})
    assert res.status == "ok", res.fault
    want = []
    for t in range(64):
        x = t
        if t < 32:
            for r in range(40):
                x = (x * 5 + r) & _M
        want.append(x)
    assert bufs["out"].tolist() == want


def test_the_step_limit_stops_a_burst_at_the_same_step(module, monkeypatch):
    res, _ = _both(module, "lone_forever", monkeypatch, grid=(1,), block=(64,), max_steps=5003,
                   params=["ptr:out", "u32:7"], buffers={"out": np.zeros(32, np.uint32)})
    assert res.status != "ok" and res.steps == 5003


def test_a_contended_cas_sum_gives_the_same_run(module, monkeypatch):
    """Four blocks add 1,024 doubles with a CAS loop on one word: the CAS holds (D19-1, D23-1) make
    long stretches of one warp alone; the sum is exact (small integers)."""
    x = np.random.default_rng(261).integers(-1000, 1000, 1024).astype(np.float64)
    res, bufs = _both(module, "cas_sum", monkeypatch, grid=(4,), block=(128,),
                      params=["ptr:x", "ptr:sum", "s32:1024"],
                      buffers={"x": x, "sum": np.zeros(1, np.float64)})
    assert res.status == "ok", res.fault
    assert bufs["sum"][0] == x.sum()


def _log(bufs) -> list[int]:
    return bufs["log"][:int(bufs["cnt"][0])].tolist()


def test_a_lone_warp_that_releases_a_named_barrier_lets_the_pick_choose(module, monkeypatch):
    """Warp 0 runs alone while warp 1 waits at barrier 1; its bar.arrive (round 200 of 400) releases
    warp 1 and the next batch is picked (the warp that waited longest goes first: D15-S-1), not
    continued: the order of the two warps' log entries is the loop's."""
    res, bufs = _both(module, "order_bar", monkeypatch, grid=(1,), block=(64,),
                      params=["ptr:log", "ptr:cnt", "ptr:out", "s32:400"],
                      buffers={"log": np.zeros(64, np.uint32), "cnt": np.zeros(1, np.uint32),
                               "out": np.zeros(64, np.uint32)})
    assert res.status == "ok", res.fault
    log = _log(bufs)
    assert sorted(log) == sorted(list(range(0, 400, 8)) + [0x10000 | r for r in range(8)])


def test_a_parked_warp_wakes_while_a_lone_warp_runs_on(module, monkeypatch):
    """Block 1 polls a flag and parks (D25-1) while block 0 runs alone; block 0 raises the flag a
    in round 200 of 400: the parked warp's word is looked at every CHECK batches of the burst too,
    as of the loop's continuations."""
    res, bufs = _both(module, "order_park", monkeypatch, grid=(2,), block=(32,),
                      params=["ptr:flag", "ptr:log", "ptr:cnt", "ptr:out", "s32:400"],
                      buffers={"flag": np.zeros(1, np.uint32), "log": np.zeros(64, np.uint32),
                               "cnt": np.zeros(1, np.uint32), "out": np.zeros(64, np.uint32)})
    assert res.status == "ok", res.fault
    log = _log(bufs)
    assert sorted(log) == sorted(list(range(0, 400, 8)) + [0x10000 | r for r in range(8)])


def test_a_lone_spinning_warp_parks_and_the_deadlock_is_the_same(module, monkeypatch):
    """The spin loop's backward branch ends a trip inside the burst as in the loop (D25-1): the
    warp parks, and with no warp left to raise the flag the run stops with the deadlock fault
    that names the polled word, at the same step."""
    res, _ = _both(module, "lone_spin", monkeypatch, grid=(1,), block=(64,),
                   params=["ptr:flag", "ptr:out"],
                   buffers={"flag": np.zeros(1, np.uint32), "out": np.zeros(64, np.uint32)})
    assert res.status == "deadlock", res.fault
    assert "global word at 0x" in res.fault["message"] and res.steps < 200
