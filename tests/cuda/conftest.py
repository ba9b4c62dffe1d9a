"""Fixtures of the CUDA front-end tests (corpus in ./corpus, expectations in cuda_expect.py)."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))   # cuda_expect (pytest runs with --import-mode=importlib)


@pytest.fixture(scope="session")
def isa():
    import gpuisa
    return gpuisa.load_isa()


@pytest.fixture(scope="session")
def nvdisasm():
    from gpuisa.cuda.cubin import find_nvdisasm
    tool = find_nvdisasm()
    if tool is None:
        pytest.skip("nvdisasm is not installed (the optional extra gpuisa[cuda]): cubin inputs cannot be read")
    try:
        import elftools  # noqa: F401
    except ImportError:
        pytest.skip("pyelftools is not installed (the optional extra gpuisa[cuda])")
    return tool


@pytest.fixture
def lone(tmp_path):
    """A directory for a listing that must be alone: a cuobjdump or nvdisasm listing looks for the
    cubin it was made from in its directory, its parent and the parent's other subdirectories
    (decision CU-10), and pytest's ``tmp_path`` siblings are other tests' directories, which may
    hold a cubin of the same code (a test that passed alone failed beside them)."""
    d = tmp_path / "lone" / "dir"
    d.mkdir(parents=True)
    return d


@pytest.fixture
def plan_calls(monkeypatch):
    """Record the batched engine's atomic batch plans as they run: a list receiving
    ``(optype, op modifier, whether the plan took the batch)`` per call."""
    from gpuisa.sim import engine_batched
    calls: list = []
    real = engine_batched.batch_plan

    def spy(x):
        p = real(x)
        if p is None:
            return None

        def run(x):
            ok = p(x)
            calls.append((x.optype, x.mod("op"), ok))
            return ok
        return run
    monkeypatch.setattr(engine_batched, "batch_plan", spy)
    return calls
