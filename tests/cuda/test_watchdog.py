"""The batched engine's watchdog (decision D12-1): a run whose whole state repeats can never end
and is reported as a deadlock at once, not at the step limit minutes later; a correct run that
waits a long time (on another block's flag, on the clock, with back-off) is never stopped.

Kernels: tests/cuda/data/watchdog/watchdog.cu (nvcc 13.0 -O3 -arch=sm_90)."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from cuda_expect import CORPUS, compare, expected, launches, make_inputs

import gpuisa.sim.watchdog as watchdog

DATA = Path(__file__).parent / "data" / "watchdog"
LISTING = DATA / "watchdog_sm90.nvdisasm"


@pytest.fixture
def eager(monkeypatch):
    """Checkpoints from the first step, every 16 steps: every repeat a digest could see is seen
    (a state the digest missed would stop a correct run here); a digest that fails (which turns
    the watchdog off for the run) fails the test."""
    monkeypatch.setattr(watchdog, "ARM_STEPS", 0)
    monkeypatch.setattr(watchdog, "ARM_PER_WARP", 0)
    monkeypatch.setattr(watchdog, "SPACING", 16)
    monkeypatch.setattr(watchdog, "COST_SHARE", 0)
    real = watchdog.Watchdog.check

    def check(self):
        r = real(self)
        assert self.off is None, self.off
        return r
    monkeypatch.setattr(watchdog.Watchdog, "check", check)


@pytest.fixture
def quick(monkeypatch):
    """Checkpoints from step 1,000, every 1,008 steps (2**4 * 3**2 * 7)."""
    monkeypatch.setattr(watchdog, "ARM_STEPS", 1000)
    monkeypatch.setattr(watchdog, "ARM_PER_WARP", 0)
    monkeypatch.setattr(watchdog, "SPACING", 1008)
    monkeypatch.setattr(watchdog, "COST_SHARE", 0)


def _run(isa, kernel, params, grid=2, block=64, **kw):
    from gpuisa.cuda import load_cuda
    k = load_cuda(isa, LISTING, kernel)
    bufs = {"flag": np.zeros(16, np.int32), "out": np.zeros(64, np.int32)}
    res = k.launch(grid=grid, block=block, params=params, buffers=bufs, **kw)
    return res, bufs


@pytest.mark.parametrize("kernel", ["spin_flag", "spin_each_other", "spin_backoff"])
def test_a_run_that_repeats_is_a_deadlock(isa, quick, kernel):
    res, bufs = _run(isa, kernel, ["ptr:flag", "ptr:out"])
    assert res.status == "deadlock", (res.status, res.fault)
    if kernel == "spin_backoff":     # NANOSLEEP's timer: never parked, the watchdog finds the repeat
        assert "can never end" in res.fault["message"]
        rep = res.fault["repeats"]
        assert rep["since"] < rep["step"] == res.steps < 10_000
    else:   # decision D25-1: the spinning warps park, and then no warp can progress
        assert "spins on global memory that no other warp will write" in res.fault["message"]
        assert res.steps < 2_000
    # the unfinished warps: thread 0's warp of each block (spin_backoff: every warp)
    assert len(res.fault["unfinished"]) == (4 if kernel == "spin_backoff" else 2)
    assert not bufs["out"].any()


def test_recorded_runs_have_the_watchdog_too(isa, quick, tmp_path):
    """--trace, --timeline and the debugger run through the step API (Simulator.run_steps): they
    stop at the same step with the same fault as the reference engine's run without records
    (D13-3); before, they ran to the step limit, writing every step."""
    import io

    from gpuisa.cuda import load_cuda
    from gpuisa.viz.timeline import run_recorded
    k = load_cuda(isa, LISTING, "spin_flag")

    def sim():
        bufs = {"flag": np.zeros(16, np.int32), "out": np.zeros(64, np.int32)}
        return k.simulator(grid=2, block=64, params=["ptr:flag", "ptr:out"], buffers=bufs, engine="reference")
    plain = sim().run()
    assert plain.status == "deadlock", plain.status
    trace = io.StringIO()
    traced = sim().run(trace=trace)
    assert (traced.status, traced.steps, traced.fault["repeats"]) == ("deadlock", plain.steps, plain.fault["repeats"])
    assert len(trace.getvalue().splitlines()) == plain.steps
    drawn = run_recorded(sim(), tmp_path / "t.html")
    assert (drawn.status, drawn.steps) == ("deadlock", plain.steps)


def test_the_default_watchdog_stops_a_spin_long_before_the_step_limit(isa):
    """With the defaults: a deadlock fault within the watchdog's first checkpoints, where the step
    limit (10,000,000 steps) took minutes.  One warp: the reference engine's loop."""
    res, bufs = _run(isa, "spin_flag", ["ptr:flag", "ptr:out"], grid=1, block=32)
    assert res.status == "deadlock", res.status
    assert res.steps <= watchdog.ARM_STEPS + watchdog.ARM_PER_WARP + 2 * watchdog.SPACING


def test_a_long_wait_for_another_block_finishes(isa, eager):
    """Block 1 hashes 400 values before it publishes; block 0 waits with capped back-off, its
    state repeating meanwhile -- but block 1's loop counter never does."""
    n = 400
    res, bufs = _run(isa, "late_producer", ["ptr:flag", "ptr:out", f"s32:{n}"])
    assert res.status == "ok", res.fault
    h = 2166136261
    for i in range(n):                      # FNV-1a as the kernel computes it, in Python integers
        h = ((h ^ i) * 16777619) & 0xFFFFFFFF
    assert bufs["out"][0] == 7 and bufs["out"][1] == np.uint32(h).view(np.int32)


def test_a_wait_on_the_clock_finishes(isa, eager):
    """The loop's registers repeat except for the clock it reads: a run that reads the clock never
    counts as repeating (Simulator.time_reads is in the digest)."""
    res, bufs = _run(isa, "wait_clock", ["ptr:out", "s64:3000"], grid=1, block=32)
    assert res.status == "ok", res.fault
    assert (bufs["out"][:32] == 1).all()


@pytest.mark.parametrize("name,arch,engine", [("cpp12_huge", "sm_80", "batched"),  # 32,760 B of parameters
                                              ("its_pc_wait", "sm_80", "batched"), ("its_lk_try", "sm_75", "reference"),
                                              ("its_sy_latch", "sm_90", "batched"), ("spin_shared", "sm_120", "reference"),
                                              ("dot_lock", "sm_120", "batched"), ("its_ws_pipe", "sm_80", "reference")])
def test_correct_waits_and_large_states_of_the_corpus_finish(isa, eager, name, arch, engine):
    from gpuisa.cuda import load_cuda
    stem, launch = next((s, l) for s, l in launches() if l["name"] == name)
    k = load_cuda(isa, CORPUS / arch / f"{stem}.nvdisasm", launch["kernel"])
    inputs = make_inputs(launch)
    want = expected(launch, inputs)
    bufs = {n: a.copy() for n, a in inputs.items()}
    res = k.launch(grid=tuple(launch["grid"]), block=tuple(launch["block"]), params=launch["params"],
                   buffers=bufs, shared_bytes=launch.get("shared_bytes", 0), engine=engine)
    assert res.status == "ok", res.fault
    assert not [p for o in launch["outputs"] if (p := compare(launch, o, bufs[o], want[o]))]


def test_the_digest_sees_every_array_and_every_memory_byte(isa, eager, monkeypatch):
    """At a checkpoint of a run with global, shared and local memory: changing any one byte of any
    array the engine or the simulator holds (registers, masks, PCs, barrier state, ...) or of any
    memory segment changes the digest -- state added later is covered by the same walk."""
    checked: list[int] = []
    real = watchdog.Watchdog.check

    def probe(self):
        eng, sim = self.eng, self.eng.sim
        if not checked and sim.steps >= 64:
            d0 = self.digest()[0]
            arrays = [(f"{type(o).__name__}.{n}", v) for o in (eng, sim) for n, v in vars(o).items()
                      if isinstance(v, np.ndarray) and v.size and n not in watchdog._SKIP]
            mems = [sim.gmem] + [c._shared for c in sim._ctas if c._shared is not None]
            arrays += [(f"{m.space}:{s.name}", s.data) for m in mems for s in m.segments]
            if sim.local.table is not None:     # local memory (tests/cuda/test_local_batch.py uses some)
                arrays += [("local pages", sim.local.data), ("local page table", sim.local.table)]
            for name, a in arrays:
                b = a.reshape(-1).view(np.uint8)
                k = b.size // 2
                old = b[k]
                b[k] = old ^ 0x5A
                changed = self.digest()[0] != d0
                b[k] = old
                assert changed, f"the digest does not see {name}"
                checked.append(k)
            assert self.digest()[0] == d0
        return real(self)

    monkeypatch.setattr(watchdog.Watchdog, "check", probe)
    launch = next(l for s, l in launches() if l["name"] == "block_reduce")
    from gpuisa.cuda import load_cuda
    k = load_cuda(isa, CORPUS / "sm_90" / "block_reduce.nvdisasm", launch["kernel"])
    inputs = make_inputs(launch)
    bufs = {n: a.copy() for n, a in inputs.items()}
    res = k.launch(grid=tuple(launch["grid"]), block=tuple(launch["block"]), params=launch["params"], buffers=bufs)
    assert res.status == "ok" and len(checked) > 10, checked


def test_distinct_values_never_share_a_serialisation():
    """The digest's serialisation delimits what it concatenates: a set of {1, 23} against
    {12, 3}, a long list, a name followed by a value."""
    import hashlib

    def text(v) -> bytes:
        h = hashlib.blake2b(digest_size=20)
        watchdog._Walk(h, 0).feed(v)
        return h.digest()

    pairs = [({1, 23}, {12, 3}), ([1, 23], [12, 3]), (list(range(300)), list(range(299)) + [2990]),
             ({"a": {1, 23}}, {"a": {12, 3}}), ((1, "2"), (1, 2)), ({}, set())]
    for a, b in pairs:
        assert text(a) != text(b), (a, b)
