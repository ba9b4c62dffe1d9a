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
