"""The model at scale, session 15 (direction scale15, decisions D15-S-*): the scheduler's starvation
bound and spin hints at thousands of warps."""
from __future__ import annotations

import os

import numpy as np
import pytest
from cuda_expect import CORPUS, compare, expected, launches, make_inputs

from gpuisa.sim import engine_batched
from gpuisa.sim.engine_batched import STARVE, BatchedEngine
from gpuisa.sim.state import S_READY
from gpuisa.sim.watchdog import Watchdog

_LAUNCH = {lc["name"]: lc for stem, lc in launches() if stem == "pw14_spin"}


def _scaled(name: str, warps: int, length: int | None = None) -> dict:
    """A pw14_spin launch with its grid's x dimension (and buffers) scaled to *warps* warps."""
    lc = _LAUNCH[name]
    threads = lc["block"][0]
    k = warps * 32 // threads // lc["grid"][0]
    out = {**lc, "grid": [lc["grid"][0] * k], "buffers": {q: {**b, "count": b["count"] * k}
                                                        for q, b in lc["buffers"].items()}}
    if length is not None:
        out["params"] = lc["params"][:2] + [f"s32:{length}"] + lc["params"][3:]
    return out


def _sim(isa, lc: dict, arch: str):
    from gpuisa.cuda import load_cuda
    k = load_cuda(isa, CORPUS / arch / "pw14_spin.nvdisasm", lc["kernel"])
    bufs = make_inputs(lc)
    return k.simulator(grid=tuple(lc["grid"]), block=tuple(lc["block"]), params=lc["params"], buffers=bufs), bufs


def _check(lc: dict, bufs: dict) -> None:
    want = expected(lc, make_inputs(lc))
    assert not [p for q in lc["outputs"] if (p := compare(lc, q, bufs[q], want[q]))]


def _engine(isa, warps: int) -> BatchedEngine:
    sim, _ = _sim(isa, _scaled("pw14_fsm_lane", warps), "sm_90")
    return BatchedEngine(sim)


def test_pick_lowest_pc_while_the_oldest_waited_less_than_one_batch_per_ready_warp(isa):
    """D15-S-1: with more than STARVE warps ready, a warp that waited more than STARVE batches but
    not more than one batch per ready warp does not take the next batch from the lowest PC (with
    a fixed bound of 64 every warp of a per-lane divergent grid of hundreds of warps was 'starved'
    at once: a round robin of the oldest warp in batches of ~3); past that bound it does."""
    e = _engine(isa, 128)
    n = e.N
    e.pc[:] = 0x1000 + 16 * (np.arange(n, dtype=np.uint64) % 40)     # 40 PCs, warp 0 at the lowest
    e.last[:] = 990

    def pick(age77: int):
        """The pick when warp 77 has waited *age77* batches (the others 10)."""
        e.batchno = 1000
        e.last[77] = e.batchno + 1 - age77       # (_pick counts the batch it picks first)
        return e._pick()

    pc, idx, whole = pick(STARVE + 50)       # older than STARVE, younger than one batch per ready warp
    assert pc == 0x1000 and 0 in idx.tolist() and not whole
    pc, idx, _ = pick(n + 1)                 # older than one batch per ready warp: its PC goes first
    assert pc == int(e.pc[77]) and 77 in idx.tolist()
    # fewer ready warps than STARVE: the bound is STARVE, as before
    e.state[40:] = engine_batched.S_BARRIER
    e.state[77] = S_READY
    assert pick(STARVE)[0] == 0x1000
    assert pick(STARVE + 1)[0] == int(e.pc[77])
    assert (e.state == S_READY).sum() == 41


def test_nanosleep_counts_as_a_spin_hint(isa):
    """D15-S-1: a warp that issued NANOSLEEP (the spin-wait ``while (!flag) __nanosleep(t);``) is
    counted like one that issued YIELD (D14-W-4): the warp it waits for, at a higher PC, goes first.
    pw14_nap at 120 warps: 6,440 warp-instructions before, 3,400 after; at 1,032 warps 381,496 and
    29,240 (the producer warps were run only when 64 batches old)."""
    lc = _scaled("pw14_nap", 128)
    sim, bufs = _sim(isa, lc, "sm_90")
    res = sim.run()
    assert res.status == "ok", res.fault
    _check(lc, bufs)
    assert len(sim.warps) == 120 and res.steps <= 3400, res.steps
    assert "NANOSLEEP" in engine_batched._SPIN_HINTS


def test_per_lane_divergent_grid_runs_in_large_batches(isa):
    """D15-S-1: pw14_fsm_lane (a 20-state machine switched per lane) at 128 warps, 4 characters
    a lane: 72,920 warp-instructions in 10,266 batches before (every warp older than 64 batches: a
    round robin of the oldest), 5,003 after; the results are CUDA's."""
    lc = _scaled("pw14_fsm_lane", 128, 4)
    sim, bufs = _sim(isa, lc, "sm_90")
    res = sim.run()
    batches = sim._pending.batches
    assert res.status == "ok", res.fault
    _check(lc, bufs)
    assert res.steps == 72920
    assert batches < 6000, batches


@pytest.mark.skipif(not os.environ.get("GPUISA_CUDA_FULL"), reason="GPUISA_CUDA_FULL: 1,024 warps")
@pytest.mark.parametrize("arch", ["sm_90", "sm_120"])
def test_per_lane_divergent_grid_at_1024_warps(isa, arch):
    """D15-S-1: pw14_fsm_lane at 1,024 warps (16 characters a lane) ends (it did not in 90 s)."""
    lc = _scaled("pw14_fsm_lane", 1024)
    sim, bufs = _sim(isa, lc, arch)
    res = sim.run()
    assert res.status == "ok", res.fault
    _check(lc, bufs)


def test_watchdog_clamps_ages_at_the_largest_bound(isa):
    """D15-S-1: the watchdog digests the warps' ages clamped just past the largest bound _pick can
    compare them with (one batch per warp of the grid), not past STARVE: two states whose ages
    differ below that bound schedule differently and must not digest equal."""
    e = _engine(isa, 128)
    assert e.watchdog.starve == max(STARVE, e.N)
    e.batchno = 1000
    e.last[:] = 990
    d1 = Watchdog(e.sim, e, e.watchdog.starve).digest()[0]
    e.last[5] = 1000 - (STARVE + 100)
    d2 = Watchdog(e.sim, e, e.watchdog.starve).digest()[0]
    assert d1 != d2


def _cas_replay(data: list[int], idx, b, c):
    """The lane-by-lane replay of CAS lanes on the words *data*: the values read."""
    got = []
    for k in range(len(idx)):
        old = data[idx[k]]
        got.append(old)
        if old == b[k]:
            data[idx[k]] = c[k]
    return got


@pytest.mark.parametrize("wide", [False, True])
def test_cas_chain_equals_the_lane_by_lane_replay(wide):
    """D15-S-2: a CAS fold along one word with unequal operands (each lane's own swap value, the
    compare values a Treiber stack's losing lanes share) is a search per store, bit for bit the
    replay's values read and final words; past its store limit it declines, changing nothing."""
    from gpuisa.sim.fastpath import atomics
    dt = np.uint64 if wide else np.uint32
    fold, acc, signed, nan = atomics._fold_fns("CAS", "64" if wide else "U32", None)
    assert acc == "cas"
    rng = np.random.default_rng(15)
    for words, lanes, pool in ((1, 32, 3), (1, 256, 2), (2, 64, 4), (3, 96, 1 << 40), (1, 32, 1)):
        data = rng.integers(0, min(pool, 1 << 31), words).astype(dt)
        idx = rng.integers(0, words, lanes)
        b = rng.integers(0, min(pool, 1 << 31), lanes).astype(dt)
        c = rng.integers(0, min(pool, 1 << 31), lanes).astype(dt)
        if wide:
            c |= dt(1 << 40)
        want_data = [int(v) for v in data]
        want = _cas_replay(want_data, idx.tolist(), b.tolist(), c.tolist())
        got_data = data.copy()
        got = atomics._fold_in_order(got_data, idx, b, c, fold, acc, signed, nan, lanes)
        assert got is not None and got.tolist() == want
        assert got_data.tolist() == want_data
    seq = np.array([5, 5, 5, 5], dt)       # every lane stores: 3 stores
    assert atomics._cas_chain(seq, np.array([5, 5, 7], dt), 1) is None
    assert atomics._cas_chain(seq, np.array([5, 5, 7], dt), 2).tolist() == [5, 5, 5, 7]
    assert atomics._cas_chain(seq, np.array([9, 5, 7], dt), 1).tolist() == [5, 9, 9, 9]


def test_contended_cas_of_one_warp_batches_runs_its_plan(isa, monkeypatch):
    """D15-S-2: the Treiber stack of hash14_stack (every lane's 64-bit CAS on one head word) ran each
    one-warp batch's ATOMG through the reference function lane by lane (a one-warp batch skipped the
    plans; the fold declined lane by lane CAS with unequal swap values): now its plan, which ends in
    the replay's state (registers, memory, steps, clock, the watchdog digest)."""
    from gpuisa.cuda import load_cuda
    from test_perwarp14 import _assert_same_state, _state
    lc = next(lc for stem, lc in launches() if lc["name"] == "hash14_stack") if os.environ.get("GPUISA_CUDA_FULL") \
        else None
    if lc is None:      # a full launch: read its manifest
        import json
        lc = next(x for x in json.loads((CORPUS / "src" / "hash14_queue.json").read_text())["launches"]
                  if x["name"] == "hash14_stack")
    n = 12      # threads that push and pop: 6 lanes in each of two one-warp CTAs (test time)
    lc = {**lc, "params": lc["params"][:3] + [f"s32:{n}"] + lc["params"][4:],
          "buffers": {**lc["buffers"], "next": {**lc["buffers"]["next"], "count": 2 * n},
                      "popped": {**lc["buffers"]["popped"], "count": n}, "seen": {**lc["buffers"]["seen"], "count": 2 * n}}}
    replayed: list[str] = []
    real = engine_batched.BatchedEngine._per_warp

    def spy(self, pc, idx):
        replayed.append(self.bx[pc].optype)
        return real(self, pc, idx)

    def run():
        k = load_cuda(isa, CORPUS / "sm_90" / "hash14_queue.nvdisasm", lc["kernel"])
        bufs = make_inputs(lc)
        sim = k.simulator(grid=tuple(lc["grid"]), block=tuple(lc["block"]), params=lc["params"], buffers=bufs)
        res = sim.run()
        assert res.status == "ok", res.fault
        return sim, bufs, res

    monkeypatch.setattr(engine_batched.BatchedEngine, "_per_warp", spy)
    sim, bufs, res = run()
    assert "ATOMG" not in replayed
    _check(lc, bufs)
    got = _state(sim, bufs, res)
    monkeypatch.setattr(engine_batched, "batch_plan", lambda x: None)
    ref = _state(*run())
    assert "ATOMG" in replayed
    _assert_same_state(got, ref)
