"""Shared fixtures.  Tests may read the seed documents in ../shared/seeds;
the product never does."""
from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SEEDS = ROOT.parent / "shared" / "seeds"
SEED_SPEC_FILES = sorted(SEEDS.glob("00[013]_*.txt")) if SEEDS.exists() else []


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
