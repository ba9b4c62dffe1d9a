"""The half / bfloat16 forms nvcc emits for cuda_fp16.h and cuda_bf16.h (seventh discovery round,
math library; decisions D7-math-1 .. -4): `.SAT` on HADD2/HMUL2/HFMA2, HFMA2's immediate-addend
form with half selectors, HFMA2 constant moves, HMNMX2 `.NAN`/`.BF16_V2`, HSET2 `.BF16_V2`,
F2I `.S16`/`.U16` results and `.BF16` sources.  Expected values: exact binary64 arithmetic rounded
once with numpy (binary16) or on the bits (bfloat16, whose values here are exact in binary32)."""
from __future__ import annotations

import math

import numpy as np
import pytest

from gpuisa.asm.assembler import assemble
from gpuisa.asm.disassembler import disassemble
from gpuisa.errors import AsmError

ENGINES = ["batched", "reference"]
H = [0.5, 0.75, -0.5, 1.5, 0.0, -0.0, float("nan"), 2.0, 0.25, -3.0, 0.999, 1.0, 65504.0, 0.125, -0.001, 0.3]


def _h(v) -> int:
    return int(np.array(np.float16(v)).view(np.uint16))


def _hv(b: int) -> float:
    return float(np.array(b & 0xFFFF, np.uint16).view(np.float16))


def _bf(v: float) -> int:          # values exact in bfloat16
    return int(np.array(np.float32(v)).view(np.uint32)) >> 16


def _bv(b: int) -> float:
    return float(np.array((b & 0xFFFF) << 16, np.uint32).view(np.float32))


def _sat(v: float) -> float:
    return 0.0 if math.isnan(v) else min(max(v, 0.0), 1.0) + 0.0      # -0 -> +0


def _rh(v: float) -> int:
    """binary16 bits of v rounded once; NaN -> 0x7fff."""
    with np.errstate(all="ignore"):
        r = np.float16(v)
    return 0x7FFF if np.isnan(r) else int(np.array(r).view(np.uint16))


def _launch(nv_isa, text, init, engine, **launch):
    res = nv_isa.launch(assemble(nv_isa.db, text + "\nEXIT ;\n"), init=init, engine=engine, **launch)
    assert res.ok, (res.status, res.fault)
    return res.warp()


@pytest.mark.parametrize("engine", ENGINES)
def test_half_sat_forms(nv_isa, engine):
    """`__hadd_sat` / `__hmul_sat` / `__hfma_sat`: each rounded result clamped to [0, 1], NaN and
    -0 to +0; sm_75's `HMUL2.F32.SAT` clamps the binary32 result (D7-math-1)."""
    ra = [(_h(H[i % 16]) << 16) | _h(H[(i * 3 + 1) % 16]) for i in range(32)]
    rb = [(_h(H[(i * 5 + 2) % 16]) << 16) | _h(H[(i * 7 + 3) % 16]) for i in range(32)]
    w = _launch(nv_isa, """
        HADD2.SAT R4, R0, R1 ;
        HMUL2.SAT R5, R0.H1_H1, R1 ;
        HFMA2.SAT R6, R0, R1, R0.H0_H0 ;
        HMUL2.F32.SAT R7, R0.H0_H0, R1.H0_H0 ;
        HADD2.F32.SAT R8, R0.H1_H1, -R1.H1_H1 ;""", {"R0": ra, "R1": rb}, engine)
    for i in range(32):
        ah, al, bh, bl = _hv(ra[i] >> 16), _hv(ra[i]), _hv(rb[i] >> 16), _hv(rb[i])
        with np.errstate(all="ignore"):
            want = {4: (_sat(_hv(_rh(ah + bh))), _sat(_hv(_rh(al + bl)))),
                    5: (_sat(_hv(_rh(ah * bh))), _sat(_hv(_rh(ah * bl)))),
                    6: (_sat(_hv(_rh(ah * bh + al))), _sat(_hv(_rh(al * bl + al))))}
        for reg, (hi, lo) in want.items():
            assert int(w.R[reg][i]) == (_h(hi) << 16) | _h(lo), (reg, i)
        with np.errstate(all="ignore"):
            f7, f8 = _sat(float(np.float32(al * bl))), _sat(float(np.float32(ah - bh)))
        assert int(w.R[7][i]) == int(np.array(np.float32(f7)).view(np.uint32)), i
        assert int(w.R[8][i]) == int(np.array(np.float32(f8)).view(np.uint32)), i


@pytest.mark.parametrize("engine", ENGINES)
def test_hfma2_immediate_addend_with_selectors_and_constant_moves(nv_isa, engine):
    """`__hfma(x, y, 0.25)`: `HFMA2 Rd, Ra.H0_H0, Rb.H0_H0, 0.25, 0.25` (D7-math-2), bfloat16
    too; nvcc's constant moves `HFMA2.MMA Rd, -RZ, RZ, ImmHi, ImmLo` keep giving the immediates'
    bits (1.625, 0 is 0x3e800000: 0.25f; a low half -0 would be 0x8000)."""
    ra = [(_h(H[i % 16]) << 16) | _h(H[(i * 3 + 1) % 16]) for i in range(32)]
    rb = [(_h(H[(i * 5 + 2) % 16]) << 16) | _h(H[(i * 7 + 3) % 16]) for i in range(32)]
    bv = [1.5, -0.5, 2.0, 0.25, 3.0, -1.0, 0.0, 1.0]
    rc = [(_bf(bv[i % 8]) << 16) | _bf(bv[(i + 3) % 8]) for i in range(32)]
    w = _launch(nv_isa, """
        HFMA2.MMA R10, -RZ, RZ, 1.625, 0 ;
        HFMA2 R11, -RZ, RZ, 0, 2.384185791015625e-07 ;
        HFMA2 R4, R0.H0_H0, R1.H1_H1, 0.25, -0.5 ;
        HFMA2 R5, -R0, R1, 1, 0.25 ;
        HFMA2.BF16_V2 R6, R2.H0_H0, R2.H1_H1, 0.5, 0.5 ;""", {"R0": ra, "R1": rb, "R2": rc}, engine)
    assert int(w.R[10][0]) == 0x3E800000 and int(w.R[11][0]) == 4
    for i in range(32):
        ah, al, bh, bl = _hv(ra[i] >> 16), _hv(ra[i]), _hv(rb[i] >> 16), _hv(rb[i])
        assert int(w.R[4][i]) == (_rh(al * bh + 0.25) << 16) | _rh(al * bh - 0.5), i
        assert int(w.R[5][i]) == (_rh(-ah * bh + 1) << 16) | _rh(-al * bl + 0.25), i
        ch, cl = _bv(rc[i] >> 16), _bv(rc[i])
        r = _bf(cl * ch + 0.5)                      # exact in bfloat16 for these values
        assert int(w.R[6][i]) == (r << 16) | r, i


@pytest.mark.parametrize("engine", ENGINES)
def test_hmnmx2_nan_and_bf16_hset2_bf16(nv_isa, engine):
    """`__hmax_nan`: `HMNMX2.NAN` gives the canonical NaN for a NaN operand; `HMNMX2.BF16_V2`
    and `HSET2.BF16_V2.BF` (1.0 is bfloat16's 0x3f80) on bfloat16 positions (D7-math-3)."""
    ra = [(_h(H[i % 16]) << 16) | _h(H[(i * 3 + 1) % 16]) for i in range(32)]
    rb = [(_h(H[(i * 5 + 2) % 16]) << 16) | _h(H[(i * 7 + 3) % 16]) for i in range(32)]
    bv = [1.5, -0.5, 2.0, 0.25, 3.0, -1.0, -0.0, 0.0, float("nan")]
    rc = [(_bf(bv[i % 9]) << 16) | _bf(bv[(i + 3) % 9]) for i in range(32)]
    rd = [(_bf(bv[(i * 2) % 9]) << 16) | _bf(bv[(i * 4 + 1) % 9]) for i in range(32)]
    w = _launch(nv_isa, """
        HMNMX2.NAN R4, R0, R1, !PT ;
        HMNMX2.NAN R5, R0.H0_H0, R1.H1_H1, PT ;
        HMNMX2.BF16_V2 R6, R2, R3, PT ;
        HMNMX2.BF16_V2 R7, R2, R3, !PT ;
        HSET2.BF16_V2.BF.GT.AND R8, R2, R3, PT ;
        HSET2.BF16_V2.LE.AND R9, R2.H1_H1, R3, PT ;""", {"R0": ra, "R1": rb, "R2": rc, "R3": rd}, engine)

    def mnmx(a: float, b: float, want_min: bool, nan: bool, bits) -> int:
        if math.isnan(a) or math.isnan(b):
            return 0x7FFF if nan or (math.isnan(a) and math.isnan(b)) else bits(b if math.isnan(a) else a)
        if a == b:
            return bits(a) | bits(b) if want_min else bits(a) & bits(b)
        return bits(min(a, b) if want_min else max(a, b))

    def bfb(v: float) -> int:
        return 0x7FFF if math.isnan(v) else int(np.array(np.float32(v)).view(np.uint32)) >> 16

    for i in range(32):
        ah, al, bh, bl = _hv(ra[i] >> 16), _hv(ra[i]), _hv(rb[i] >> 16), _hv(rb[i])
        assert int(w.R[4][i]) == (mnmx(ah, bh, False, True, _h) << 16) | mnmx(al, bl, False, True, _h), i
        r = mnmx(al, bh, True, True, _h)
        assert int(w.R[5][i]) == (r << 16) | r, i
        ch, cl, dh, dl = _bv(rc[i] >> 16), _bv(rc[i]), _bv(rd[i] >> 16), _bv(rd[i])
        assert int(w.R[6][i]) == (mnmx(ch, dh, True, False, bfb) << 16) | mnmx(cl, dl, True, False, bfb), i
        assert int(w.R[7][i]) == (mnmx(ch, dh, False, False, bfb) << 16) | mnmx(cl, dl, False, False, bfb), i
        assert int(w.R[8][i]) == ((0x3F80 if ch > dh else 0) << 16) | (0x3F80 if cl > dl else 0), i
        assert int(w.R[9][i]) == ((0xFFFF if ch <= dh else 0) << 16) | (0xFFFF if ch <= dl else 0), i


@pytest.mark.parametrize("engine", ENGINES)
def test_f2i_16_bit_results_and_bf16_source(nv_isa, engine):
    """`__half2short_rz`: `F2I.S16.F16.TRUNC.NTZ` saturates to -32768..32767 and sign-extends;
    `__half2ushort_rz`: `.U16` to 0..65535; `__bfloat162int_rz` (sm_90+): `F2I.BF16.TRUNC.NTZ`;
    NaN gives 0 (D7-math-4)."""
    hv = [1.5, -1.5, 40000.0, -40000.0, 65504.0, -65504.0, float("nan"), float("inf"), -0.7, 32767.0,
          -32768.0, 300.25, 0.0, -0.0, 2.5, 60000.0]
    bv = [1.5, -1.5, 3.0e9, -3.0e9, 1.0e38, float("nan"), -0.75, 255.0, 65536.0, 2.5, -2.5, 7.0]
    r0 = [(_h(hv[(i + 5) % 16]) << 16) | _h(hv[i % 16]) for i in range(32)]
    r1 = [(_bf(bv[(i + 1) % 12]) << 16) | _bf(bv[i % 12]) for i in range(32)]
    w = _launch(nv_isa, """
        F2I.S16.F16.TRUNC.NTZ R4, R0 ;
        F2I.U16.F16.TRUNC.NTZ R5, R0 ;
        F2I.S16.F16.TRUNC.NTZ R6, R0.H1 ;
        F2I.BF16.TRUNC.NTZ R7, R1 ;
        F2I.BF16.FLOOR R8, R1.H1 ;
        F2I.U32.BF16.TRUNC R9, R1 ;""", {"R0": r0, "R1": r1}, engine)

    def cvt(v: float, lo: int, hi: int, rnd=math.trunc) -> int:
        return 0 if math.isnan(v) else (max(lo, min(hi, rnd(v))) if math.isfinite(v) else (hi if v > 0 else lo))

    for i in range(32):
        h0, h1, b0, b1 = _hv(r0[i]), _hv(r0[i] >> 16), _bv(r1[i]), _bv(r1[i] >> 16)
        assert int(w.R[4][i]) == cvt(h0, -32768, 32767) & 0xFFFFFFFF, i
        assert int(w.R[5][i]) == cvt(h0, 0, 65535), i
        assert int(w.R[6][i]) == cvt(h1, -32768, 32767) & 0xFFFFFFFF, i
        assert int(w.R[7][i]) == cvt(b0, -2 ** 31, 2 ** 31 - 1) & 0xFFFFFFFF, i
        assert int(w.R[8][i]) == cvt(b1, -2 ** 31, 2 ** 31 - 1, math.floor) & 0xFFFFFFFF, i
        assert int(w.R[9][i]) == cvt(b0, 0, 2 ** 32 - 1), i


@pytest.mark.parametrize("text,msg", [
    ("F2I.S16.U64.F16.TRUNC R4, R0 ;", "one result type"),
    ("F2I.U32.S16.F16 R4, R0 ;", "one result type"),
    ("F2I.F16.BF16.TRUNC R4, R0 ;", "one source type"),
    ("F2I.F64.BF16 R4, R0 ;", "one source type"),
])
def test_f2i_modifier_combinations_are_located_errors(nv_isa, text, msg):
    with pytest.raises(AsmError, match=msg):
        assemble(nv_isa.db, text + "\n")


@pytest.mark.parametrize("engine", ENGINES)
def test_hfma2_relu_and_complex_selector(nv_isa, engine):
    """`__hfma2_relu`: `HFMA2.MMA.RELU` (a negative result and -0 give +0, NaN the canonical NaN;
    D7-math-7); `__hcmadd`'s `R11.H0_NH1`: the low half in the high position, the negated high
    half in the low one (D7-math-5)."""
    ra = [(_h(H[i % 16]) << 16) | _h(H[(i * 3 + 1) % 16]) for i in range(32)]
    rb = [(_h(H[(i * 5 + 2) % 16]) << 16) | _h(H[(i * 7 + 3) % 16]) for i in range(32)]
    w = _launch(nv_isa, """
        HFMA2.MMA.RELU R4, R0, R1, -0.5, -0.5 ;
        HFMA2.RELU R5, R0.H1_H1, R1, R0 ;
        HFMA2 R6, R0.H1_H1, R1.H0_NH1, R0 ;
        HADD2 R7, RZ.H0_H0, -R1.reuse.H0_NH1 ;""", {"R0": ra, "R1": rb}, engine)

    def relu(v: float) -> int:
        r = _rh(v)
        return r if r == 0x7FFF or (_hv(r) > 0) else 0

    for i in range(32):
        ah, al, bh, bl = _hv(ra[i] >> 16), _hv(ra[i]), _hv(rb[i] >> 16), _hv(rb[i])
        with np.errstate(all="ignore"):
            assert int(w.R[4][i]) == (relu(ah * bh - 0.5) << 16) | relu(al * bl - 0.5), i
            assert int(w.R[5][i]) == (relu(ah * bh + ah) << 16) | relu(ah * bl + al), i
            assert int(w.R[6][i]) == (_rh(ah * bl + ah) << 16) | _rh(ah * -bh + al), i
            assert int(w.R[7][i]) == (_rh(0.0 - bl) << 16) | _rh(0.0 + bh), i


@pytest.mark.parametrize("engine", ENGINES)
def test_i2f_64_bit_to_half_f2f_bf16_f64_and_f2i_8_bit(nv_isa, engine):
    """`__ll2half_rn`: `I2F.F16.S64`, `__ll2bfloat16_rn`: `I2F.BF16.S64`, `__ull2half_rd`:
    `I2F.F16.U64.RM` (one rounding of the 64-bit integer), `__double2bfloat16`: `F2F.BF16.F64`
    (one rounding of the binary64 value), `__half2char_rz`: `F2I.S8.F16.TRUNC.NTZ` (saturated to
    -128..127, sign-extended), `__half2uchar_rz`: `.U8` (D7-math-4, D7-math-6)."""
    from fractions import Fraction

    ints = [0, 1, -1, 2049, 65519, 65520, -70000, 2 ** 53 + 1, -(2 ** 62) - 3, 2 ** 63 - 1, 257, -255,
            16777217, 33554431, 2 ** 40 + 2 ** 31 + 1, -(2 ** 24) - 1]
    dbl = [1.0, -1.0, 1.00390625, 1.0039062500000002, 1.01171875, 3.4e38, 3.5e38, 1e-40, -1e-45, 1e300,
           float("nan"), float("inf"), -0.0, 2.0 ** -133, 2.0 ** -134, 0.1]
    hv = [1.5, -1.5, 200.0, -200.0, 127.9, -128.5, float("nan"), 255.5, 300.0, -0.7, 0.0, 100.0, -90.0, 1000.0,
          float("-inf"), 128.0]
    u = [v & (2 ** 64 - 1) for v in ints]
    init = {"R0": [x & 0xFFFFFFFF for x in (u * 2)[:32]], "R1": [x >> 32 for x in (u * 2)[:32]],
            "R2": [int(np.array(v).view(np.uint64)) & 0xFFFFFFFF for v in (dbl * 2)[:32]],
            "R3": [int(np.array(v).view(np.uint64)) >> 32 for v in (dbl * 2)[:32]],
            "R4": [_h(v) for v in (hv * 2)[:32]]}
    w = _launch(nv_isa, """
        I2F.F16.S64 R8, R0 ;
        I2F.BF16.S64 R9, R0 ;
        I2F.F16.U64.RM R10, R0 ;
        F2F.BF16.F64 R11, R2 ;
        F2F.BF16.F64.RZ R12, R2 ;
        F2I.S8.F16.TRUNC.NTZ R13, R4 ;
        F2I.U8.F16.TRUNC.NTZ R14, R4 ;""", init, engine)

    def rnd(fr: Fraction, mant: int, emin: int, emax_val: float, mode: str) -> float:
        """fr rounded to a binary format with *mant* significant bits, minimum exponent emin."""
        if fr == 0:
            return 0.0
        sign = 1.0 if fr > 0 else -1.0
        e = max(math.floor(math.log2(abs(fr))), emin)
        while Fraction(2) ** e > abs(fr) and e > emin:
            e -= 1
        while Fraction(2) ** (e + 1) <= abs(fr):
            e += 1
        q = fr / Fraction(2) ** (e - mant + 1)
        r = {"rn": round, "rz": math.trunc, "rd": math.floor}[mode](q)
        v = r * Fraction(2) ** (e - mant + 1)
        if v == 0:
            return math.copysign(0.0, sign)           # an underflow keeps the sign
        if abs(v) > Fraction(emax_val):
            top = emax_val if mode == "rz" or (mode == "rd" and v > 0) else math.inf
            return math.copysign(top, float(fr))
        return float(v)

    bmax = float(np.array(0x7F7F0000, np.uint32).view(np.float32))
    for i in range(32):
        s, d, h = ints[i % 16], dbl[i % 16], hv[i % 16]
        assert int(w.R[8][i]) == _h(rnd(Fraction(s), 11, -14, 65504.0, "rn")), i
        assert int(w.R[9][i]) == _bf(rnd(Fraction(s), 8, -126, bmax, "rn")), i
        assert int(w.R[10][i]) == _h(rnd(Fraction(s & (2 ** 64 - 1)), 11, -14, 65504.0, "rd")), i
        for reg, mode in ((11, "rn"), (12, "rz")):
            want = 0x7FFF if math.isnan(d) else _bf(d) if math.isinf(d) or d == 0 else _bf(rnd(Fraction(d), 8, -133, bmax, mode))
            assert int(w.R[reg][i]) == want, (reg, i, d)
        hh = _hv(_h(h))
        s8 = 0 if math.isnan(hh) else max(-128, min(127, math.trunc(hh))) if math.isfinite(hh) else -128
        u8 = 0 if math.isnan(hh) else max(0, min(255, math.trunc(hh))) if math.isfinite(hh) else 0
        assert int(w.R[13][i]) == s8 & 0xFFFFFFFF and int(w.R[14][i]) == u8, (i, h)


@pytest.mark.parametrize("engine", ENGINES)
def test_fset_register_results(nv_isa, engine):
    """FSET (sm_75/sm_80 bfloat16 pair compares through binary32, D7-math-10): `.BF` writes 1.0f
    / 0.0, otherwise a mask; ordered and unordered compares, `|x|` and `-`, `.bop` with Pp."""
    vals = [1.0, -1.0, 0.0, -0.0, float("nan"), float("inf"), 2.5, -2.5, 1e-45, 3.0]
    ra = [int(np.array(np.float32(vals[i % 10])).view(np.uint32)) for i in range(32)]
    rb = [int(np.array(np.float32(vals[(i * 3 + 1) % 10])).view(np.uint32)) for i in range(32)]
    w = _launch(nv_isa, """
        FSET.BF.LT.AND R4, R0, R1, PT ;
        FSET.BF.GEU.AND R5, R0, R1, PT ;
        FSET.NE.OR R6, -R0, 2.5, !PT ;
        FSET.BF.GT.FTZ.AND R7, |R0|, c[0x0][0x0], PT ;
        FSET.EQ.XOR R8, R0, R1, PT ;""", {"R0": ra, "R1": rb}, engine, params=[0])
    one = 0x3F800000
    for i in range(32):
        a, b = vals[i % 10], vals[(i * 3 + 1) % 10]
        un = math.isnan(a) or math.isnan(b)
        assert int(w.R[4][i]) == (one if a < b else 0), i
        assert int(w.R[5][i]) == (one if (a >= b or un) else 0), i
        assert int(w.R[6][i]) == (0xFFFFFFFF if (not math.isnan(a) and -a != 2.5) else 0), i
        fa = 0.0 if abs(a) < 1.2e-38 else abs(a)          # .FTZ: a denormal is read as 0
        assert int(w.R[7][i]) == (one if fa > 0.0 else 0), i     # c[0x0][0x0] is 0 here
        assert int(w.R[8][i]) == (0 if a == b else 0xFFFFFFFF), i


@pytest.mark.parametrize("engine", ENGINES)
def test_hadd2_constant_read_as_binary32(nv_isa, engine):
    """nvdisasm's `HADD2 R4, -RZ.H0_H0, c[0x2] [0x0].F32` (sm_75 makes bfloat16's 1.0, 0x3f80, from
    the constant 1.875f): the constant converted to binary16 toward zero in both positions, written
    `HADD2.CF32` in this ISA (D7-math-11)."""
    text = ("        /*0000*/                   HADD2 R4, -RZ.H0_H0, c[0x0] [0x0].F32 ;\n"
            "        /*0010*/                   HADD2 R5, -RZ.H0_H0, c[0x0] [0x4].F32 ;\nEXIT ;")
    words = [int(np.array(np.float32(1.875)).view(np.uint32)), int(np.array(np.float32(1.0009)).view(np.uint32))]
    res = nv_isa.launch(assemble(nv_isa.db, text), params=words, engine=engine)
    assert res.ok, res.fault
    w = res.warp()
    assert (w.R[4] == 0x3F803F80).all()
    assert (w.R[5] == 0x3C003C00).all()                # 1.0009 toward zero: 1.0 (RN would give 0x3c01)
    texts = [d.text for d in disassemble(nv_isa.db, assemble(nv_isa.db, text).data)]
    assert texts[0] == "HADD2.CF32 R4, -RZ.H0_H0, c[0x0][0x0]"


@pytest.mark.parametrize("engine", ENGINES)
def test_frnd_half_and_bfloat16(nv_isa, engine):
    """`hceil`/`h2floor`/`htrunc`/`hrint`: `FRND.F16{.mode}` and `FRND.BF16{.mode}` on the low half
    or, selected, the high half (`R0.H1`); the result zero-extended, -0 kept, NaN 0x7fff
    (D7-math-12)."""
    hv = [1.5, -1.5, 2.5, -0.5, 0.49, 65504.0, float("nan"), -0.0, 1e-7, 1023.5, -3.75, float("-inf"), 0.5, 7.0, -2.5, 3.5]
    bv = [1.5, -1.5, 2.5, -0.5, 255.5, 1e30, float("nan"), -0.0, 1e-30, 127.5, -3.75, float("inf"), 0.5, 7.0, -2.5, 3.5]
    r0 = [(_h(hv[(i + 3) % 16]) << 16) | _h(hv[i % 16]) for i in range(32)]
    def bfb(v: float) -> int:               # a NaN input: the quiet NaN 0x7fc0
        return 0x7FC0 if math.isnan(v) else _bf(v)

    r1 = [(bfb(bv[(i + 5) % 16]) << 16) | bfb(bv[i % 16]) for i in range(32)]
    w = _launch(nv_isa, """
        FRND.F16 R4, R0 ;
        FRND.F16.CEIL R5, R0.H1 ;
        FRND.F16.FLOOR R6, -R0 ;
        FRND.BF16.TRUNC R7, R1 ;
        FRND.BF16 R8, R1.H1 ;
        FRND.BF16.CEIL R9, |R1| ;""", {"R0": r0, "R1": r1}, engine)

    def h16(v: float) -> int:
        return 0x7FFF if math.isnan(v) else _h(v)

    def b16(v: float) -> int:
        return 0x7FFF if math.isnan(v) else _bf(v)

    for i in range(32):
        lo, hi = _hv(r0[i]), _hv(r0[i] >> 16)
        blo, bhi = _bv(r1[i]), _bv(r1[i] >> 16)
        with np.errstate(all="ignore"):
            assert int(w.R[4][i]) == h16(float(np.rint(lo))), i
            assert int(w.R[5][i]) == h16(float(np.ceil(hi))), i
            assert int(w.R[6][i]) == h16(float(np.floor(-lo))), i
            assert int(w.R[7][i]) == b16(float(np.trunc(blo))), i
            assert int(w.R[8][i]) == b16(float(np.rint(bhi))), i
            assert int(w.R[9][i]) == b16(float(np.ceil(abs(blo)))), i


@pytest.mark.parametrize("engine", ENGINES)
def test_vector_float_atomics_in_lane_order(nv_isa, engine):
    """sm_90+'s `atomicAdd(float2 *)` / `atomicAdd(float4 *)`: `ATOMG.E.ADD.F32x2.FTZ.RN` (old pair in
    R[d:d+1]) and `REDG.E.ADD.F32x4.FTZ.RN` (no result); lanes in order, each position a binary32
    add rounded once, `.FTZ` flushing denormal operands and results (D7-math-13)."""
    g = np.zeros(12, np.float32)
    g[:2] = [1.0, 1e-40]              # a denormal word, flushed by .FTZ
    g[4:8] = [0.1, -2.0, 3.0, 0.0]
    rng = np.random.default_rng(7)
    adds = rng.uniform(-4, 4, (32, 4)).astype(np.float32)
    init = {f"R{4 + j}": adds[:, j].view(np.uint32).tolist() for j in range(4)}
    res = nv_isa.launch(assemble(nv_isa.db, """
        S2R R0, SR_LANEID ;
        MOV R10, c[0x0][0x0] ;
        MOV R11, c[0x0][0x4] ;
        ATOMG.E.ADD.F32x2.FTZ.RN.STRONG.GPU PT, R12, [R10.64], R4 ;
        REDG.E.ADD.F32x4.FTZ.RN.STRONG.GPU [R10.64+0x10], R4 ;
        EXIT ;"""), buffers={"g": g}, params=["g"], init=init, engine=engine)
    assert res.ok, res.fault
    w = res.warp()

    def ftz(v):
        return np.float32(0.0) * np.sign(v) if v != 0 and abs(v) < np.finfo(np.float32).tiny else v

    pair = [np.float32(1.0), np.float32(1e-40)]
    quad = [np.float32(v) for v in (0.1, -2.0, 3.0, 0.0)]
    for lane in range(32):
        assert [int(w.R[12][lane]), int(w.R[13][lane])] == [int(np.array(v).view(np.uint32)) for v in pair], lane
        pair = [ftz(np.float32(ftz(o) + ftz(adds[lane, j]))) for j, o in enumerate(pair)]
        quad = [ftz(np.float32(ftz(o) + ftz(adds[lane, j]))) for j, o in enumerate(quad)]
    assert res.buffers["g"][:2].tolist() == [float(v) for v in pair]
    assert res.buffers["g"][4:8].tolist() == [float(v) for v in quad]


@pytest.mark.parametrize("text,msg", [
    ("ATOMG.E.MIN.F32x2 R4, [R2.64], R6 ;", ".F32x2 and .F32x4 go with .ADD"),
    # the vector is a .type value (D7-style-1, kept at the merge): a second type is refused as such
    ("REDG.E.ADD.F32.F32x4 [R2.64], R4 ;", "conflicts with another .type value"),
])
def test_vector_atomic_forms_are_checked(nv_isa, text, msg):
    with pytest.raises(AsmError, match=msg):
        assemble(nv_isa.db, text + "\n")


@pytest.mark.parametrize("engine", ENGINES)
def test_dadd_dfma_round_down_zero_signs(nv_isa, engine):
    """`__dadd_rd(+0, +0)` is +0 (x + x keeps x's sign in every rounding direction), -0 + -0 is -0,
    +0 + -0 and x + (-x) are -0 rounding down; the same for DFMA's exact-zero product plus a zero
    (IEEE 754 6.3; D7-math-14: DADD.RM gave -0 for +0 + +0)."""
    vals = [0.0, -0.0, 1.5, -1.5, 0.0, 0.0, -0.0, 2.0]
    other = [0.0, -0.0, -1.5, 1.5, -0.0, 3.0, 0.0, -2.0]
    lo = lambda v: int(np.array(v).view(np.uint64)) & 0xFFFFFFFF          # noqa: E731
    hi = lambda v: int(np.array(v).view(np.uint64)) >> 32                 # noqa: E731
    a = [vals[i % 8] for i in range(32)]
    b = [other[i % 8] for i in range(32)]
    init = {"R0": [lo(v) for v in a], "R1": [hi(v) for v in a], "R2": [lo(v) for v in b], "R3": [hi(v) for v in b]}
    w = _launch(nv_isa, """
        DADD.RM R4, R0, R2 ;
        DADD.RZ R6, R0, R2 ;
        DFMA.RM R8, R0, RZ, R2 ;""", init, engine)

    def got(reg: int, lane: int) -> float:
        return float(np.array((int(w.R[reg + 1][lane]) << 32) | int(w.R[reg][lane]), np.uint64).view(np.float64))

    for lane in range(32):
        x, y = a[lane], b[lane]
        s = x + y
        same = math.copysign(1, x) == math.copysign(1, y)
        want_rm = s if s != 0 else (math.copysign(0.0, x) if same and x == 0 else -0.0)
        want_rz = s if s != 0 else (math.copysign(0.0, x) if same and x == 0 else 0.0)
        p = math.copysign(0.0, x)                       # x * +0 (RZ's register is +0)
        want_fma = y if y != 0 else (p if math.copysign(1, p) == math.copysign(1, y) else -0.0)
        for reg, want in ((4, want_rm), (6, want_rz), (8, want_fma)):
            g = got(reg, lane)
            assert g == want and math.copysign(1, g) == math.copysign(1, want), (reg, lane, x, y, g, want)
