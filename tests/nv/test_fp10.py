"""16-bit and 8-bit floats, rounding intrinsics and special values (session 10, fp10 direction):
MUFU's binary16 / bfloat16 forms (decision D10-H-1).  Expectations: Python's math in binary64,
rounded to the 16-bit format by exact rational arithmetic (fractions), independent of numpy's
float16 conversion and of the model's helpers."""
from __future__ import annotations

import math
import struct
from fractions import Fraction

import numpy as np
import pytest

ENGINES = ["batched", "reference"]


def _round16(v: float, man: int, ebits: int, ftz: bool = False) -> int:
    """*v* (binary64) rounded to nearest even to a 16-bit binary format with *man* fraction bits
    and *ebits* exponent bits: its bits (NaN 0x7fff, overflow to infinity)."""
    if math.isnan(v):
        return 0x7FFF
    sign = 0x8000 if math.copysign(1.0, v) < 0 else 0
    bias = (1 << (ebits - 1)) - 1
    inf = ((1 << ebits) - 1) << man
    if math.isinf(v):
        return sign | inf
    a = abs(Fraction(v))
    if a == 0:
        return sign
    e = max(math.floor(math.log2(a)) if a else 0, 1 - bias)
    while Fraction(2) ** e > a and e > 1 - bias:
        e -= 1
    while Fraction(2) ** (e + 1) <= a:
        e += 1
    q = a / Fraction(2) ** (e - man)
    n = math.floor(q)
    rem = q - n
    if rem > Fraction(1, 2) or (rem == Fraction(1, 2) and n % 2):
        n += 1
    value = n * Fraction(2) ** (e - man)
    if value >= Fraction(2) ** (bias + 1):
        return sign | inf
    if value < Fraction(2) ** (1 - bias):          # denormal
        code = int(value / Fraction(2) ** (1 - bias - man))
        return sign if ftz else sign | code
    ev = math.floor(math.log2(value))
    while Fraction(2) ** ev > value:
        ev -= 1
    while Fraction(2) ** (ev + 1) <= value:
        ev += 1
    return sign | (ev + bias) << man | int(value / Fraction(2) ** (ev - man)) - (1 << man)


def _decode16(h: int, man: int, ebits: int) -> float:
    if man == 10:
        return struct.unpack("<e", struct.pack("<H", h))[0]
    return struct.unpack("<f", struct.pack("<I", h << 16))[0]


def _tanh(v: float) -> float:
    return math.tanh(v)


def flush(v: float) -> float:
    """A bfloat16 denormal flushed to zero, its sign kept."""
    return math.copysign(0.0, v) if v != 0 and abs(v) < 2.0 ** -126 else v


def _ex2(v: float) -> float:
    try:
        return 2.0 ** v
    except OverflowError:
        return math.inf


F16_EDGE = [0x0000, 0x8000, 0x0001, 0x8001, 0x03FF, 0x0400, 0x3C00, 0xBC00, 0x7BFF, 0xFBFF, 0x7C00, 0xFC00,
            0x7E00, 0x4B00, 0xCB00, 0x4C00, 0xCC80, 0x3800, 0x1400, 0x9400, 0x2E66, 0xC8F0]
BF16_EDGE = [0x0000, 0x8000, 0x0001, 0x8001, 0x007F, 0x0080, 0x3F80, 0xBF80, 0x7F7F, 0xFF7F, 0x7F80, 0xFF80,
             0x7FC0, 0x4300, 0xC300, 0x4308, 0xC2FE, 0x3F00, 0x3C00, 0xBC00, 0x42FE, 0xC2F0]


@pytest.mark.parametrize("engine", ENGINES)
def test_mufu_tanh_ex2_on_binary16_and_bfloat16(nv_isa, engine, rng):
    """Regression: `MUFU.TANH.F16 R9, R2` / `R10, R2.H1` (htanh_approx, every target), `MUFU.EX2.F16`
    (ex2.approx.f16x2), `MUFU.TANH.BF16` and `MUFU.EX2.BF16` (sm_90+) were refused."""
    from gpuisa.asm.assembler import assemble
    prog = assemble(nv_isa.db, """
        MUFU.TANH.F16 R4, R0 ;
        MUFU.TANH.F16 R5, R0.H1 ;
        MUFU.EX2.F16 R6, -R0 ;
        MUFU.EX2.F16 R7, R0.H1 ;
        MUFU.TANH.BF16 R8, R1 ;
        MUFU.TANH.BF16 R9, R1.H1 ;
        MUFU.EX2.BF16 R10, R1 ;
        MUFU.EX2.BF16 R11, -R1.H1 ;
        EXIT ;""")
    lo16 = np.array(F16_EDGE + list(rng.integers(0, 1 << 16, 32 - len(F16_EDGE))), np.uint32)
    hi16 = np.array(list(rng.integers(0, 1 << 16, 32 - len(F16_EDGE))) + F16_EDGE, np.uint32)
    lob = np.array(BF16_EDGE + list(rng.integers(0, 1 << 16, 32 - len(BF16_EDGE))), np.uint32)
    hib = np.array(list(rng.integers(0, 1 << 16, 32 - len(BF16_EDGE))) + BF16_EDGE, np.uint32)
    r0 = (hi16 << 16) | lo16
    r1 = (hib << 16) | lob
    res = nv_isa.launch(prog, init={"R0": list(r0), "R1": list(r1)}, engine=engine)
    assert res.ok
    w = res.warp()
    for i in range(32):
        a, b = _decode16(int(lo16[i]), 10, 5), _decode16(int(hi16[i]), 10, 5)
        c, d = _decode16(int(lob[i]), 7, 8), _decode16(int(hib[i]), 7, 8)
        want = [_round16(_tanh(a), 10, 5), _round16(_tanh(b), 10, 5), _round16(_ex2(-a), 10, 5),
                _round16(_ex2(b), 10, 5), _round16(_tanh(c), 7, 8), _round16(_tanh(d), 7, 8),
                _round16(_ex2(flush(c)), 7, 8, ftz=True), _round16(_ex2(-flush(d)), 7, 8, ftz=True)]
        got = [int(w.R[r][i]) for r in range(4, 12)]
        assert got == want, (i, hex(r0[i]), hex(r1[i]), [hex(g) for g in got], [hex(v) for v in want])


def test_mufu_16bit_round_trip_and_refusals(nv_isa):
    from gpuisa.asm.assembler import assemble
    from gpuisa.asm.disassembler import disassemble
    from gpuisa.errors import AsmError
    for text in ("MUFU.TANH.F16 R9, R2", "MUFU.TANH.F16 R10, R2.H1", "MUFU.EX2.BF16 R13, R4",
                 "MUFU.EX2.F16 R11, -R2.H1", "MUFU.TANH R1, R2"):
        got = [d.text for d in disassemble(nv_isa.db, assemble(nv_isa.db, text + " ;").data)]
        assert got == [text], (text, got)
    for bad in ("MUFU.RCP.F16 R1, R2",        # 16-bit forms: .TANH and .EX2 only
                "MUFU.TANH R1, R2.H1",        # a selected half needs .F16 / .BF16
                "MUFU.EX2.F16 R1, 1.5"):      # an immediate is binary32
        with pytest.raises(AsmError):
            assemble(nv_isa.db, bad + " ;")
