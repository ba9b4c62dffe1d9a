"""F2FP (half.isa): two binary32 values rounded to binary16 or bfloat16 and packed (Ra high,
SrcB low), every rounding mode; F2F.BF16.F32; HADD2's `.F32` source selector (sm_75's
__float2half_rz).  Expectations: exact rational rounding with Python's fractions, independent
of numpy's float16 conversion (decisions GA-3, GA-4)."""
from __future__ import annotations

import math
import struct
from fractions import Fraction

import numpy as np
import pytest

ENGINES = ["batched", "reference"]


def _f32(bits: int) -> float:
    return struct.unpack("<f", struct.pack("<I", bits & 0xFFFFFFFF))[0]


def _round(v: float, mode: str, man: int, emin: int, emax: int, bias: int, nan: int) -> int:
    """*v* rounded to a binary format with *man* fraction bits (exact, by fractions): the bits."""
    if math.isnan(v):
        return nan
    sign = 0x8000 if math.copysign(1.0, v) < 0 else 0
    ebits = 15 - man
    inf = ((1 << ebits) - 1) << man
    if math.isinf(v):
        return sign | inf
    a = abs(Fraction(v))
    if a == 0:
        return sign
    e = max(math.floor(math.log2(a)), emin)
    while Fraction(2) ** e > a:
        e -= 1
    e = max(e, emin)
    ulp = Fraction(2) ** (e - man)
    q, r = divmod(a, ulp)
    q = int(q)
    up = {"RZ": False, "RP": r > 0 and not sign, "RM": r > 0 and bool(sign),
          "RN": r > ulp / 2 or (r == ulp / 2 and q & 1)}[mode]
    mag = (q + int(up)) * ulp
    if mag > (Fraction(2) - Fraction(2) ** -man) * Fraction(2) ** emax:     # past the largest finite
        to_max = mode == "RZ" or (mode == "RP" and sign) or (mode == "RM" and not sign)
        return sign | (inf - 1 if to_max else inf)
    if mag < Fraction(2) ** emin:           # subnormal
        return sign | int(mag / Fraction(2) ** (emin - man))
    ee = math.floor(math.log2(mag))
    while Fraction(2) ** ee > mag:
        ee -= 1
    while Fraction(2) ** (ee + 1) <= mag:
        ee += 1
    frac = int(mag / Fraction(2) ** (ee - man)) - (1 << man)
    return sign | ((ee + bias) << man) | frac


def f16(v, mode="RN"):
    return _round(v, mode, 10, -14, 15, 15, 0x7FFF)


def bf16(v, mode="RN"):
    return _round(v, mode, 7, -126, 127, 127, 0x7FFF)


VALUES = [1.0, -1.0, 1.0009765625, 1.00048828125, 1.000732421875, 65504.0, 65519.0, 65520.0, 70000.0,
          -65520.0, 1e-8, 5.960464477539063e-08, 2.98023223876953125e-08, 3.0e-8, -6.1e-5, 1 / 3, -0.0,
          float("inf"), float("-inf"), float("nan"), 3.4e38, -1e-40, 0.1, 1234.5678, -2.5e-7,
          1.00390625, 1.005859375, 255.5, -7.75e-3, 6.0e-5, 1e5, 2.0 ** -24]


@pytest.fixture
def srcs():
    a = np.array([np.float32(v) for v in VALUES], np.float32)
    b = a[::-1].copy()
    return a, b


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("mode", ["RN", "RZ", "RP", "RM"])
def test_f2fp_f16_and_bf16_every_mode(nv_isa, engine, mode, srcs):
    from gpuisa.asm.assembler import assemble
    a, b = srcs
    sfx = "" if mode == "RN" else "." + mode
    prog = assemble(nv_isa.db, f"""
        F2FP.F16.F32.PACK_AB{sfx} R4, R0, R1 ;
        F2FP.PACK_AB{sfx} R5, R0, R1 ;
        F2FP.BF16.F32.PACK_AB{sfx} R6, R0, R1 ;
        F2FP.BF16.PACK_AB{sfx} R7, RZ, R1 ;
        F2FP.PACK_AB{sfx} R8, R0, 1.5 ;
        EXIT ;""")
    res = nv_isa.launch(prog, init={"R0": list(a.view(np.uint32)), "R1": list(b.view(np.uint32))}, engine=engine)
    assert res.ok
    w = res.warp()
    for i in range(32):
        x, y = float(a[i]), float(b[i])
        assert int(w.R[4][i]) == (f16(x, mode) << 16 | f16(y, mode)), (i, x, y)
        assert int(w.R[5][i]) == int(w.R[4][i])
        assert int(w.R[6][i]) == (bf16(x, mode) << 16 | bf16(y, mode)), (i, x, y)
        assert int(w.R[7][i]) == bf16(y, mode)
        assert int(w.R[8][i]) == (f16(x, mode) << 16 | 0x3E00)


@pytest.mark.parametrize("engine", ENGINES)
def test_f2f_bf16_and_hadd2_f32_source(nv_isa, engine, srcs):
    from gpuisa.asm.assembler import assemble
    a, _ = srcs
    prog = assemble(nv_isa.db, """
        F2F.BF16.F32 R4, R0 ;
        F2F.BF16.F32.RZ R5, R0 ;
        HADD2 R6, R0.F32, -RZ.H0_H0 ;
        HADD2.F32 R7, R0.F32, -RZ.H0_H0 ;
        EXIT ;""")
    res = nv_isa.launch(prog, init={"R0": list(a.view(np.uint32))}, engine=engine)
    assert res.ok
    w = res.warp()
    for i in range(32):
        x = float(a[i])
        assert int(w.R[4][i]) == bf16(x), (i, x)
        assert int(w.R[5][i]) == bf16(x, "RZ"), (i, x)
        h = f16(x, "RZ")
        assert int(w.R[6][i]) == (h << 16 | h), (i, x)
        hv = np.array(h, np.uint16).view(np.float16)
        want = 0x7FFFFFFF if np.isnan(hv) else int(np.float32(hv).view(np.uint32))
        assert int(w.R[7][i]) == want, (i, x)


def test_f2fp_round_trip_and_rejects_without_pack(nv_isa):
    from gpuisa.asm.assembler import assemble
    from gpuisa.asm.disassembler import disassemble
    from gpuisa.errors import AsmError
    for text in ("F2FP.F16.F32.PACK_AB R9, R5, R2", "F2FP.PACK_AB.RZ R0, RZ, R2", "F2FP.BF16.PACK_AB R0, RZ, R2",
                 "F2FP.BF16.F32.PACK_AB R11, R5, c[0x0][0x10]", "F2F.BF16.F32 R6, R2", "HADD2 R0, R2.F32, -RZ.H0_H0"):
        got = [d.text for d in disassemble(nv_isa.db, assemble(nv_isa.db, text + " ;").data)]
        assert got == [text], (text, got)
    with pytest.raises(AsmError):
        assemble(nv_isa.db, "F2FP.F16.F32 R9, R5, R2 ;")
    with pytest.raises(AsmError):
        assemble(nv_isa.db, "F2F.F32.BF16 R9, R5 ;")


def test_expectation_helper_agrees_with_known_values():
    assert f16(65520.0) == 0x7C00 and f16(65520.0, "RZ") == 0x7BFF and f16(1.0) == 0x3C00
    assert f16(2.0 ** -24) == 0x0001 and f16(2.0 ** -25) == 0 and f16(3.0e-8) == 0x0001
    assert bf16(1.0) == 0x3F80 and bf16(_f32(0x3F808000)) == 0x3F80 and bf16(_f32(0x3F818000)) == 0x3F82
    assert bf16(3.4e38, "RN") == 0x7F80 and bf16(float(np.float32(3.4e38)), "RZ") == 0x7F7F
