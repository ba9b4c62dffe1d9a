import pytest

import gpuisa
from gpuisa.sim import Simulator

FULL = 0xFFFFFFFF


@pytest.fixture(scope="session")
def isa():
    return gpuisa.load_isa()


def has_gp(isa) -> bool:
    return all(isa.db.by_mnemonic(m) for m in ("IADD3", "ISETP", "MOV", "SEL"))


@pytest.fixture
def run(isa):
    def _run(src, **kw):
        res = isa.launch(src, **kw)
        return res
    return _run


@pytest.fixture
def sim_of(isa):
    """A Simulator for *src*, one warp by default, for state-injection unit tests."""
    def _sim(src, **kw):
        kw.setdefault("grid", 1)
        kw.setdefault("block", 32)
        prog = isa.assemble(src)
        s = Simulator(isa, prog, **kw)
        s.prog = prog
        return s
    return _sim


def ballot(res, reg, cta=0, warp=0):
    return int(res.warp(cta, warp).R[reg][0])
