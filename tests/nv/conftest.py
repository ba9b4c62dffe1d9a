"""Helpers for the tests of the instruction forms nvcc emits (issue 11 part B): run a
snippet on one warp of the shipped ISA.  Expected values are computed independently
(Python integers, numpy float32, struct)."""
from __future__ import annotations

import struct

import numpy as np
import pytest

import gpuisa
from gpuisa.asm.assembler import assemble

RNG_SEED = 20261123


@pytest.fixture(scope="session")
def nv_isa():
    return gpuisa.load_isa()


@pytest.fixture
def rng():
    return np.random.default_rng(RNG_SEED)


@pytest.fixture
def run(nv_isa):
    """run(text, init=None, **launch) -> the first warp's final state; ``EXIT ;`` is appended."""
    def _run(text, init=None, **launch):
        prog = assemble(nv_isa.db, text + "\nEXIT ;\n")
        res = nv_isa.launch(prog, init=init or {}, **launch)
        assert res.ok, (res.status, res.fault)
        return res.warp()
    return _run


EDGE = [0, 1, 2, 0x7FFFFFFF, 0x80000000, 0x80000001, 0xFFFFFFFF, 0xFFFFFFFE, 0x12345678, 0xDEADBEEF,
        0x10000, 0xFFFF, 31, 32, 33, 63, 64, 65, 100]


def lanes(rng, edge=True):
    v = rng.integers(0, 1 << 32, 32, dtype=np.uint64)
    if edge:
        v[:len(EDGE)] = EDGE
    return v.astype(np.uint32)


def u32(v):
    return int(v) & 0xFFFFFFFF


def s32(v):
    v = int(v) & 0xFFFFFFFF
    return v - (1 << 32) if v >> 31 else v


def s64(v):
    v = int(v) & 0xFFFFFFFFFFFFFFFF
    return v - (1 << 64) if v >> 63 else v


def fbits(f: float) -> int:
    return struct.unpack("<I", struct.pack("<f", f))[0]


def bitsf(b: int) -> float:
    return struct.unpack("<f", struct.pack("<I", int(b) & 0xFFFFFFFF))[0]


def launch_text(isa, text, engine, grid=2, block=32, **kw):
    """Assemble *text* + ``EXIT ;`` and launch it on *grid* CTAs with *engine*; the run must end ok."""
    res = isa.launch(assemble(isa.db, text + "\nEXIT ;\n"), grid=grid, block=block, engine=engine, **kw)
    assert res.ok, (res.status, res.fault)
    return res


def assert_round_trip(db, text):
    """*text* assembles, disassembles and assembles again to the same word, with its mnemonic."""
    from gpuisa.asm.disassembler import disassemble
    data = assemble(db, text).data
    line = disassemble(db, data)[0].text
    assert assemble(db, line + " ;").data == data
    assert line.split()[0] == text.split()[0]
