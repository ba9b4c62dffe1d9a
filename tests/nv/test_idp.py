"""IDP (simd.isa): CUDA's __dp4a and __dp2a_lo/hi, checked against the PTX definitions
(dp4a: d = c + sum a.b[i] * b.b[i]; dp2a.lo/.hi: d = c + a.h0 * b.b(k) + a.h1 * b.b(k+1),
k = 0 / 2), computed per lane with numpy views of the bytes and halves."""
from __future__ import annotations

import numpy as np
import pytest

from .conftest import EDGE


def _operands(rng):
    a = rng.integers(0, 1 << 32, 32, dtype=np.uint64).astype(np.uint32)
    b = rng.integers(0, 1 << 32, 32, dtype=np.uint64).astype(np.uint32)
    c = rng.integers(0, 1 << 32, 32, dtype=np.uint64).astype(np.uint32)
    a[:len(EDGE)] = EDGE
    b[:len(EDGE)] = EDGE[::-1]
    return a, b, c


@pytest.mark.parametrize("at, bt", [("S8", "S8"), ("U8", "U8"), ("S8", "U8"), ("U8", "S8")])
def test_dp4a(run, rng, at, bt):
    a, b, c = _operands(rng)
    w = run(f"IDP.4A.{at}.{bt} R3, R0, R1, R2 ;\nIDP.4A.{at}.{bt} R4, R0, 0x1020304, RZ ;",
            {"R0": a, "R1": b, "R2": c})
    ea = a.view(np.int8 if at == "S8" else np.uint8).reshape(32, 4).astype(np.int64)
    eb = b.view(np.int8 if bt == "S8" else np.uint8).reshape(32, 4).astype(np.int64)
    want = (c.astype(np.int64) + (ea * eb).sum(axis=1)) & 0xFFFFFFFF
    assert list(w.R[3]) == list(want)
    imm = np.array([4, 3, 2, 1], np.int64)              # bytes of 0x01020304, low byte first
    assert list(w.R[4]) == list(((ea * imm).sum(axis=1)) & 0xFFFFFFFF)


@pytest.mark.parametrize("half", ["LO", "HI"])
@pytest.mark.parametrize("at, bt", [("S16", "S8"), ("U16", "U8"), ("U16", "S8")])
def test_dp2a(run, rng, half, at, bt):
    a, b, c = _operands(rng)
    w = run(f"IDP.2A.{half}.{at}.{bt} R3, R0, R1, R2 ;", {"R0": a, "R1": b, "R2": c})
    ea = a.view(np.int16 if at == "S16" else np.uint16).reshape(32, 2).astype(np.int64)
    eb = b.view(np.int8 if bt == "S8" else np.uint8).reshape(32, 4).astype(np.int64)
    k = 2 if half == "HI" else 0
    want = (c.astype(np.int64) + ea[:, 0] * eb[:, k] + ea[:, 1] * eb[:, k + 1]) & 0xFFFFFFFF
    assert list(w.R[3]) == list(want)


def test_idp_prints_as_nvdisasm(nv_isa):
    from gpuisa.asm.assembler import assemble
    from gpuisa.asm.disassembler import disassemble
    lines = ["IDP.4A.S8.S8 R17, R0, R9, R16", "IDP.2A.LO.S16.S8 R25, R0, R9, R25",
             "IDP.2A.HI.U16.U8 R4, R5, c[0x0][0x10], R7", "IDP.4A.U8.S8 R2, R3, UR4, RZ"]
    prog = assemble(nv_isa.db, "".join(f"{ln} ;\n" for ln in lines))
    assert [d.text for d in disassemble(nv_isa.db, prog.data)] == lines
