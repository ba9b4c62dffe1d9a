"""Helpers for the general-purpose instruction tests: run a snippet on one
warp (or more) of the shipped ISA and return the final state.  Expected values
are always computed independently (plain Python integers, numpy, struct)."""
from __future__ import annotations

import struct

import numpy as np
import pytest

import gpuisa
from gpuisa.asm.assembler import assemble

LANES = np.arange(32)
RNG_SEED = 20260521


@pytest.fixture(scope="session")
def gp_isa():
    return gpuisa.load_isa()


@pytest.fixture
def rng():
    return np.random.default_rng(RNG_SEED)


@pytest.fixture
def run(gp_isa):
    """run(text, init=None, **launch) -> Result; ``EXIT ;`` is appended."""
    def _run(text, init=None, **launch):
        prog = assemble(gp_isa.db, text + "\nEXIT ;\n")
        res = gp_isa.launch(prog, init=init or {}, **launch)
        assert res.ok, (res.status, res.fault)
        return res
    return _run


def u32(v):
    return int(v) & 0xFFFFFFFF


def s32(v):
    v = int(v) & 0xFFFFFFFF
    return v - (1 << 32) if v >> 31 else v


def fbits(f: float) -> int:
    """float32 bits of a Python float (rounded to float32 by struct)."""
    return struct.unpack("<I", struct.pack("<f", f))[0]


def bitsf(b: int) -> float:
    return struct.unpack("<f", struct.pack("<I", int(b) & 0xFFFFFFFF))[0]
