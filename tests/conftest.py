"""Shared fixtures.  Tests may read the seed documents in ../shared/seeds;
the product never does."""
from __future__ import annotations

import gc
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SEEDS = ROOT.parent / "shared" / "seeds"
SEED_SPEC_FILES = sorted(SEEDS.glob("00[013]_*.txt")) if SEEDS.exists() else []

#: the frozen heap is collected once whenever the process's peak memory has grown this much
#: since the last collection (decisions D16-1, D22-1)
COLLECT_EVERY_KIB = 1024 * 1024
_peak_at_collect: int | None = None


def _peak_kib() -> int:
    try:
        import resource
    except ImportError:             # not POSIX: never collected (the suite runs on Linux)
        return 0
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss     # KiB on Linux


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item):
    """The heap left by earlier tests (the ISA database, the process-wide decode cache and its
    compiled plans, hypothesis's and the docs' tables: millions of objects after a few hundred
    tests) is moved out of the collector's sight before each test, so that the collector's full
    passes scan only what the test makes: they had cost 17 % of the suite's CPU time (decision
    D16-1).  Garbage frozen with it (a finished test's reference cycles) is freed by one full
    collection whenever the peak memory has grown COLLECT_EVERY_KIB since the last one, so the
    memory held that way stays bounded.  (gc.get_freeze_count() would be the natural trigger,
    but it walks the frozen list: per test, that cost more than it saved.)"""
    global _peak_at_collect
    peak = _peak_kib()
    if _peak_at_collect is None:
        _peak_at_collect = peak
    elif peak - _peak_at_collect > COLLECT_EVERY_KIB:
        gc.unfreeze()
        gc.collect()
        _peak_at_collect = _peak_kib()
    gc.freeze()


@pytest.fixture(scope="session")
def seeds_dir() -> Path:
    if not SEED_SPEC_FILES:
        pytest.skip("seed documents ../shared/seeds not present")
    return SEEDS


@pytest.fixture(scope="session")
def seed_db(seeds_dir):
    from gpuisa.spec import load
    return load([seeds_dir])


@pytest.fixture(scope="session")
def shipped_db():
    from gpuisa.spec import load
    return load()


@pytest.fixture(scope="session")
def isa():
    import gpuisa
    return gpuisa.load_isa()


@pytest.fixture
def batch_fallbacks(monkeypatch) -> set:
    """The instructions the batched engine replayed one warp at a time during the test (a replay
    is right but slow, and it hid plan bugs): tests that need batch width assert it stays empty."""
    from gpuisa.sim.engine_batched import BatchedEngine
    fallbacks: set = set()
    orig = BatchedEngine.run

    def run(self):
        try:
            orig(self)
        finally:
            fallbacks.update(self.fallbacks)

    monkeypatch.setattr(BatchedEngine, "run", run)
    return fallbacks
