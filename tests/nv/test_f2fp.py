"""F2FP (half.isa): two binary32 values rounded to binary16 or bfloat16 and packed (Ra high,
SrcB low), every rounding mode; F2F.BF16.F32; HADD2's `.F32` source selector (sm_75's
__float2half_rz).  Expectations: exact rational rounding with Python's fractions, independent
of numpy's float16 conversion (decisions GA-3, GA-4)."""
from __future__ import annotations

import functools
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
                 "F2FP.BF16.F32.PACK_AB R11, R5, c[0x0][0x10]", "F2F.BF16.F32 R6, R2", "HADD2 R0, R2.F32, -RZ.H0_H0",
                 "F2F.F32.BF16 R9, R5", "F2F.F64.BF16 R8, R5"):     # a bfloat16 widens exactly (D20-5)
        got = [d.text for d in disassemble(nv_isa.db, assemble(nv_isa.db, text + " ;").data)]
        assert got == [text], (text, got)
    with pytest.raises(AsmError):
        assemble(nv_isa.db, "F2FP.F16.F32 R9, R5, R2 ;")
    with pytest.raises(AsmError):
        assemble(nv_isa.db, "F2F.BF16.BF16 R9, R5 ;")


def test_expectation_helper_agrees_with_known_values():
    assert f16(65520.0) == 0x7C00 and f16(65520.0, "RZ") == 0x7BFF and f16(1.0) == 0x3C00
    assert f16(2.0 ** -24) == 0x0001 and f16(2.0 ** -25) == 0 and f16(3.0e-8) == 0x0001
    assert bf16(1.0) == 0x3F80 and bf16(_f32(0x3F808000)) == 0x3F80 and bf16(_f32(0x3F818000)) == 0x3F82
    assert bf16(3.4e38, "RN") == 0x7F80 and bf16(float(np.float32(3.4e38)), "RZ") == 0x7F7F


# -- the 8-bit float forms (decision D7-1) -------------------------------------------------
# Expectations by search: the value of every code, then the nearest finite one (ties: the even
# code), independent of the rounding arithmetic of the model and of tests/cuda's oracle.
FP8 = {"E4M3": (3, 7), "E5M2": (2, 15)}


@functools.cache
def _fp8_decode(code: int, fmt: str) -> float:
    man, bias = FP8[fmt]
    e, f = (code & 0x7F) >> man, code & ((1 << man) - 1)
    if fmt == "E4M3" and code & 0x7F == 0x7F or fmt == "E5M2" and e == 31:
        return math.nan if f or fmt == "E4M3" else math.copysign(math.inf, 0.5 - (code >> 7))
    v = math.ldexp(f, 1 - bias - man) if e == 0 else math.ldexp(f + (1 << man), e - bias - man)
    return -v if code & 0x80 else v


def _fp8_search(v: float, fmt: str, sat: bool = True) -> int:
    return _fp8_search_text(repr(v), fmt, sat)       # cached by text: -0.0 and 0.0 differ


@functools.cache
def _fp8_search_text(text: str, fmt: str, sat: bool) -> int:
    v = float(text)
    if math.isnan(v):
        return 0x7F
    finite = [(c, _fp8_decode(c, fmt)) for c in range(128) if math.isfinite(_fp8_decode(c, fmt))]
    top_code, top = max(finite, key=lambda cv: cv[1])
    step = top - sorted(val for _, val in finite)[-2]
    sign = 0x80 if math.copysign(1.0, v) < 0 else 0
    if not math.isfinite(v):
        return sign | (top_code if sat else 0x7F if fmt == "E4M3" else 0x7C)
    a = abs(Fraction(v))
    # the next value past the largest finite one, as a candidate code: reached, it overflows
    finite.append((top_code + 1, top + step))
    best = min(finite, key=lambda cv: (abs(Fraction(cv[1]) - a), cv[0] & 1))
    if best[0] > top_code or a > top + step:
        return sign | (top_code if sat else 0x7F if fmt == "E4M3" else 0x7C)
    return sign | best[0]


FP8_VALUES = [0.0, -0.0, 1.0, -1.0, 448.0, 449.0, 464.0, 465.0, 480.0, 1e9, -1e9, float("inf"), float("-inf"),
              float("nan"), 2.0 ** -9, 2.0 ** -10, 3 * 2.0 ** -10, 2.0 ** -11, 2.0 ** -16, 2.0 ** -17, 3 * 2.0 ** -17,
              57344.0, 61440.0, 61441.0, 0.1, -0.3, 1.0625, 1.1875, 17.0, 19.0, 240.0, -248.0]


@pytest.mark.parametrize("engine", ENGINES)
def test_f2fp_fp8_pack_merge_every_format(nv_isa, engine):
    from gpuisa.asm.assembler import assemble
    a = np.array(FP8_VALUES, np.float32)
    b = a[::-1].copy()
    prog = assemble(nv_isa.db, """
        F2FP.SATFINITE.E4M3.F32.PACK_AB_MERGE_C R4, R0, R1, RZ ;
        F2FP.SATFINITE.E5M2.F32.PACK_AB_MERGE_C R5, R0, R1, R2 ;
        F2FP.E4M3.F32.PACK_AB_MERGE_C R6, R0, R1, RZ ;
        F2FP.E5M2.F32.PACK_AB_MERGE_C R7, R0, R1, RZ ;
        EXIT ;""")
    res = nv_isa.launch(prog, init={"R0": list(a.view(np.uint32)), "R1": list(b.view(np.uint32)),
                                   "R2": [0x12345678 + k for k in range(32)]}, engine=engine)
    assert res.ok
    w = res.warp()
    for i in range(32):
        x, y = float(a[i]), float(b[i])
        assert int(w.R[4][i]) == _fp8_search(x, "E4M3") << 8 | _fp8_search(y, "E4M3"), (i, x, y)
        merged = (0x5678 + i) << 16
        assert int(w.R[5][i]) == merged | _fp8_search(x, "E5M2") << 8 | _fp8_search(y, "E5M2"), (i, x, y)
        assert int(w.R[6][i]) == _fp8_search(x, "E4M3", False) << 8 | _fp8_search(y, "E4M3", False), (i, x, y)
        assert int(w.R[7][i]) == _fp8_search(x, "E5M2", False) << 8 | _fp8_search(y, "E5M2", False), (i, x, y)


@pytest.mark.parametrize("engine", ENGINES)
def test_f2fp_fp8_unpack_every_code_and_half_source(nv_isa, engine):
    from gpuisa.asm.assembler import assemble
    prog = assemble(nv_isa.db, """
        F2FP.F16.E4M3.UNPACK_B R4, R0 ;
        F2FP.F16.E5M2.UNPACK_B R5, R0.H1 ;
        F2FP.SATFINITE.E4M3.F16.UNPACK_B_MERGE_C R6, R1, RZ ;
        F2FP.SATFINITE.E5M2.F16.UNPACK_B_MERGE_C R7, R1, R0 ;
        EXIT ;""")
    halves = np.array(FP8_VALUES, np.float32)
    with np.errstate(over="ignore"):
        hb = halves.astype(np.float16).view(np.uint16).astype(np.uint32)
    for base in range(0, 256, 16):      # every code in each position, 16 launches of 32 lanes
        codes = [(base + k // 2) & 0xFF for k in range(32)]
        r0 = [codes[k] | ((codes[k] ^ 0x80) << 8) | ((codes[31 - k]) << 16) | ((codes[k] ^ 0x7F) << 24)
              for k in range(32)]
        r1 = [int(hb[k]) << 16 | int(hb[31 - k]) for k in range(32)]
        res = nv_isa.launch(prog, init={"R0": r0, "R1": r1}, engine=engine)
        assert res.ok
        w = res.warp()
        for i in range(32):
            def h(c, fmt):
                v = _fp8_decode(c, fmt)
                return 0x7FFF if math.isnan(v) else int(np.array(v, np.float16).view(np.uint16))
            lo, hi = r0[i] & 0xFFFF, r0[i] >> 16
            assert int(w.R[4][i]) == h(lo >> 8, "E4M3") << 16 | h(lo & 0xFF, "E4M3"), (i, hex(r0[i]))
            assert int(w.R[5][i]) == h(hi >> 8, "E5M2") << 16 | h(hi & 0xFF, "E5M2"), (i, hex(r0[i]))
            x = float(np.array(hb[i], np.uint16).view(np.float16))
            y = float(np.array(hb[31 - i], np.uint16).view(np.float16))
            assert int(w.R[6][i]) == _fp8_search(x, "E4M3") << 8 | _fp8_search(y, "E4M3"), (i, x, y)
            assert int(w.R[7][i]) == (r0[i] & 0xFFFF) << 16 | _fp8_search(x, "E5M2") << 8 | _fp8_search(y, "E5M2")


def test_f2fp_fp8_round_trip_and_refusals(nv_isa):
    from gpuisa.asm.assembler import assemble
    from gpuisa.asm.disassembler import disassemble
    from gpuisa.errors import AsmError
    for text in ("F2FP.SATFINITE.E4M3.F32.PACK_AB_MERGE_C R11, R3, R2, RZ",
                 "F2FP.SATFINITE.E5M2.F16.UNPACK_B_MERGE_C R25, R8, RZ",
                 "F2FP.F16.E4M3.UNPACK_B R0, R11", "F2FP.F16.E5M2.UNPACK_B R4, R10.H1",
                 "F2FP.E5M2.F32.PACK_AB_MERGE_C R1, R2, R3, R4"):
        got = [d.text for d in disassemble(nv_isa.db, assemble(nv_isa.db, text + " ;").data)]
        assert got == [text], (text, got)
    for bad in ("F2FP.E4M3.F32.PACK_AB R1, R2, R3",                    # 8-bit results merge
                "F2FP.F16.F32.PACK_AB_MERGE_C R1, R2, R3, R4",         # merge: an 8-bit result
                "F2FP.SATFINITE.E4M3.F32.PACK_AB_MERGE_C.RZ R1, R2, R3, R4",   # 8-bit: .RN only
                "F2FP.SATFINITE.F16.F32.PACK_AB R1, R2, R3",           # .SATFINITE: 8-bit results
                "F2FP.E4M3.F16.UNPACK_B R1, R2",                       # unpack gives binary16
                "F2FP.SATFINITE.E4M3.F32.UNPACK_B_MERGE_C R1, R2, RZ"):  # from a binary16 pair
        with pytest.raises(AsmError):
            assemble(nv_isa.db, bad + " ;")


def test_fp8_search_helper_knows_the_formats():
    assert _fp8_search(448.0, "E4M3") == 0x7E and _fp8_search(464.0, "E4M3") == 0x7E
    assert _fp8_search(1e9, "E4M3", False) == 0x7F and _fp8_search(1e9, "E5M2", False) == 0x7C
    assert _fp8_search(2.0 ** -9, "E4M3") == 0x01 and _fp8_search(2.0 ** -10, "E4M3") == 0x00
    assert _fp8_search(57344.0, "E5M2") == 0x7B and _fp8_search(1.0, "E5M2") == 0x3C


def _half_value(bits: int, bf: bool) -> float:
    """A 16-bit pattern as its value (independent of the model: struct and numpy's float16 view)."""
    if bf:
        return _f32(bits << 16)
    return float(np.array(bits, np.uint16).view(np.float16))


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("mode", ["RN", "RZ", "RP", "RM"])
def test_f2f_between_half_and_bfloat16(nv_isa, engine, mode):
    """Regression (D8-4): sm_90+ converts `__half(bf16)` with `F2F.F16.BF16` and `__nv_bfloat16(half)`
    with `F2F.BF16.F16` (HeCBench's conversion kernel), refused before: the low 16 bits, rounded once."""
    from gpuisa.asm.assembler import assemble
    bf_src = [0x3F80, 0xBF80, 0x477F, 0x4780, 0x4800, 0x3380, 0x33C0, 0x3381, 0x0001, 0x8080, 0x7F80, 0xFF80,
              0x7FC0, 0x3F81, 0x3DCD, 0x4B00, 0x0000, 0x8000, 0x337F, 0x3300, 0x32FF, 0x7F7F, 0x3C00, 0xC2F7,
              0x3F85, 0x4780 | 0x7F, 0x387F, 0x3880, 0x37FF, 0xB380, 0x477F | 0x8000, 0x4700]
    h_src = [0x3C00, 0xBC00, 0x7BFF, 0x0001, 0x03FF, 0x0400, 0x7C00, 0xFC00, 0x7E00, 0x3C01, 0x3C03, 0x3C07,
             0x3C08, 0x3C18, 0x3555, 0x8001, 0x0000, 0x8000, 0x5A5A, 0x1234, 0xC71C, 0x2E66, 0x63D0, 0x00FF,
             0x3BFF, 0x3C0F, 0x3C10, 0x3C11, 0x0200, 0x83FF, 0x7BF0, 0x4E20]
    sfx = "" if mode == "RN" else f".{mode}"
    prog = assemble(nv_isa.db, f"F2F.F16.BF16{sfx} R4, R0 ;\nF2F.BF16.F16{sfx} R5, R1 ;\nEXIT ;")
    init = {"R0": [0x12340000 | v for v in bf_src], "R1": [0xABCD0000 | v for v in h_src]}
    res = nv_isa.launch(prog, init=init, engine=engine)
    assert res.ok
    w = res.warp()
    for i in range(32):
        assert int(w.R[4][i]) == f16(_half_value(bf_src[i], True), mode), (i, hex(bf_src[i]))
        assert int(w.R[5][i]) == bf16(_half_value(h_src[i], False), mode), (i, hex(h_src[i]))
