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


# -- F2FP's 6- and 4-bit floats and UE8M0 scale factors (decision D10-H-3) ------------------------
NARROW = {"E2M3": (2, 3, 1), "E3M2": (3, 2, 3), "E2M1": (2, 1, 1)}      # exponent bits, fraction bits, bias


def _narrow_value(code: int, fmt: str) -> float:
    eb, mb, bias = NARROW[fmt]
    sign = -1.0 if code >> (eb + mb) & 1 else 1.0
    e, f = code >> mb & ((1 << eb) - 1), code & ((1 << mb) - 1)
    return sign * (math.ldexp(f, 1 - bias - mb) if e == 0 else math.ldexp(f + (1 << mb), e - bias - mb))


def _narrow_search(v: float, fmt: str) -> int:
    """The code nearest to *v* (ties: the even code), saturating; NaN: the positive largest value
    (cuda_fp6.h / cuda_fp4.h: "NaN input values result in positive MAXNORM")."""
    eb, mb, _ = NARROW[fmt]
    width = 1 + eb + mb
    codes = range(1 << width)
    if math.isnan(v):
        return max((c for c in codes if not c >> (width - 1)), key=lambda c: _narrow_value(c, fmt))
    sign = 1 << (width - 1) if math.copysign(1.0, v) < 0 else 0
    a = min(abs(v), 1e300)
    mags = [c for c in codes if not c >> (width - 1)]
    best = min(mags, key=lambda c: (abs(Fraction(_narrow_value(c, fmt)) - Fraction(a)), c & 1))
    return sign | best


def _e8m0(v: float, up: bool, sat: bool) -> int:
    if math.isnan(v):
        return 0xFF
    a = abs(v)
    if math.isinf(a):
        c = 255
    elif a == 0:
        c = 0
    else:
        m, e = math.frexp(a)
        e -= 1
        if up and m != 0.5:
            e += 1
        c = min(max(e + 127, 0), 255)
    return 254 if sat and c == 255 else c


NARROW_F32 = [0.0, -0.0, math.inf, -math.inf, math.nan, 1.0, -1.0, 7.5, 7.75, 8.0, 28.0, 30.0, 32.0, 6.0, 5.0, 7.0,
              0.0625, 0.03125, 0.09375, 0.1875, 0.25, 0.75, 1.25, 2.5, 3.5, 1e30, -1e-30, 2.0 ** -127, 2.0 ** -126,
              1.5 * 2.0 ** 127, 3.0e38, 0.3]


@pytest.mark.parametrize("engine", ENGINES)
def test_f2fp_fp6_fp4_e8m0_pack_and_unpack(nv_isa, engine, rng):
    """Regression: sm_100a/sm_120a's `F2FP.SATFINITE.E2M1.F32.PACK_AB_MERGE_C`, `.E2M3`/`.E3M2`, `.E8 ...
    .RZ/.RP` (also from a bfloat16 pair) and `F2FP.F16.E2M1.UNPACK_B` / `.BF16.E8.UNPACK_B` were refused."""
    from gpuisa.asm.assembler import assemble
    prog = assemble(nv_isa.db, """
        F2FP.SATFINITE.E2M3.F32.PACK_AB_MERGE_C R4, R0, R1, R2 ;
        F2FP.SATFINITE.E3M2.F32.PACK_AB_MERGE_C R5, R0, R1, RZ ;
        F2FP.SATFINITE.E2M1.F32.PACK_AB_MERGE_C R6, R0, R1, R2 ;
        F2FP.E8.F32.PACK_AB_MERGE_C.RZ R7, R0, R1, RZ ;
        F2FP.SATFINITE.E8.F32.PACK_AB_MERGE_C.RP R8, R0, R1, RZ ;
        F2FP.SATFINITE.E8.BF16.UNPACK_B_MERGE_C.RP R9, R3, RZ ;
        F2FP.F16.E2M3.UNPACK_B R10, R2 ;
        F2FP.F16.E3M2.UNPACK_B R11, R2.H1 ;
        F2FP.F16.E2M1.UNPACK_B R12, R2 ;
        F2FP.BF16.E8.UNPACK_B R13, R2.H1 ;
        EXIT ;""")
    f = np.array(NARROW_F32, np.float32)
    r0 = f.view(np.uint32)
    r1 = np.roll(f, 5).view(np.uint32)
    r2 = rng.integers(0, 1 << 32, 32, dtype=np.uint64).astype(np.uint32)
    r3 = rng.integers(0, 1 << 32, 32, dtype=np.uint64).astype(np.uint32)
    r3[:4] = [0x7F807FC0, 0x00407F7F, 0x00417F81, 0x3F803F81]
    res = nv_isa.launch(prog, init={"R0": list(r0), "R1": list(r1), "R2": list(r2), "R3": list(r3)}, engine=engine)
    assert res.ok
    w = res.warp()

    def f16(v: float) -> int:
        return int(np.array(v, np.float16).view(np.uint16))

    for i in range(32):
        a, b = float(f[i]), float(np.roll(f, 5)[i])
        c = int(r2[i])
        hi_bf = struct.unpack("<f", struct.pack("<I", int(r3[i]) & 0xFFFF0000))[0]
        lo_bf = struct.unpack("<f", struct.pack("<I", (int(r3[i]) & 0xFFFF) << 16))[0]
        want = [(c & 0xFFFF) << 16 | _narrow_search(a, "E2M3") << 8 | _narrow_search(b, "E2M3"),
                _narrow_search(a, "E3M2") << 8 | _narrow_search(b, "E3M2"),
                (c & 0xFFFF) << 16 | _narrow_search(a, "E2M1") << 4 | _narrow_search(b, "E2M1"),
                _e8m0(a, False, False) << 8 | _e8m0(b, False, False),
                _e8m0(a, True, True) << 8 | _e8m0(b, True, True),
                _e8m0(hi_bf, True, True) << 8 | _e8m0(lo_bf, True, True),
                f16(_narrow_value(c >> 8 & 0x3F, "E2M3")) << 16 | f16(_narrow_value(c & 0x3F, "E2M3")),
                f16(_narrow_value(c >> 24 & 0x3F, "E3M2")) << 16 | f16(_narrow_value(c >> 16 & 0x3F, "E3M2")),
                f16(_narrow_value(c >> 4 & 0xF, "E2M1")) << 16 | f16(_narrow_value(c & 0xF, "E2M1"))]
        e8 = [c >> 24, c >> 16 & 0xFF]
        bf = [0x7FFF if e == 255 else 0x0040 if e == 0 else e << 7 for e in e8]
        want.append(bf[0] << 16 | bf[1])
        got = [int(w.R[r][i]) for r in range(4, 14)]
        assert got == want, (i, a, b, hex(c), hex(int(r3[i])), [hex(g) for g in got], [hex(v) for v in want])


def test_f2fp_narrow_round_trip_and_refusals(nv_isa):
    from gpuisa.asm.assembler import assemble
    from gpuisa.asm.disassembler import disassemble
    from gpuisa.errors import AsmError
    for text in ("F2FP.SATFINITE.E2M1.F32.PACK_AB_MERGE_C R14, R0, R9, RZ",
                 "F2FP.SATFINITE.E8.BF16.UNPACK_B_MERGE_C.RP R24, R9, RZ", "F2FP.E8.F32.PACK_AB_MERGE_C.RZ R15, RZ, R9, RZ",
                 "F2FP.F16.E3M2.UNPACK_B R8, R8.H1", "F2FP.BF16.E8.UNPACK_B R4, R0",
                 "F2FP.SATFINITE.E4M3.F32.PACK_AB_MERGE_C R11, R3, R2, RZ"):
        got = [d.text for d in disassemble(nv_isa.db, assemble(nv_isa.db, text + " ;").data)]
        assert got == [text], (text, got)
    for bad in ("F2FP.E2M1.F32.PACK_AB_MERGE_C R1, R2, R3, R4",            # 6/4-bit: .SATFINITE
                "F2FP.SATFINITE.E8.F32.PACK_AB_MERGE_C R1, R2, R3, R4",     # UE8M0: .RZ or .RP
                "F2FP.SATFINITE.E2M3.F32.PACK_AB_MERGE_C.RZ R1, R2, R3, R4",
                "F2FP.F16.E8.UNPACK_B R1, R2",                              # UE8M0 unpacks to bfloat16
                "F2FP.BF16.E2M1.UNPACK_B R1, R2",
                "F2FP.SATFINITE.E2M1.F32.PACK_AB R1, R2, R3"):
        with pytest.raises(AsmError):
            assemble(nv_isa.db, bad + " ;")
