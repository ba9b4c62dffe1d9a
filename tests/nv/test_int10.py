"""Forms found by int10's exhaustive integer / SIMD / DPX kernels (issue 11; decisions D10-N-*):
CUDA 12's DPX functions on sm_90 — VIADDMNMX on 16-bit halves and VIMNMX's per-half predicate
results.  Expected values from Python integers; both engines."""
from __future__ import annotations

import math

import numpy as np
import pytest

from gpuisa.asm.assembler import assemble
from gpuisa.errors import AsmError

from .conftest import lanes

ENGINES = ["batched", "reference"]
HALF_EDGES = [0, 1, 0x7FFF, 0x8000, 0x8001, 0xFFFF, 0xFFFE, 0x4000]


def _halves(rng, seed_shift=0):
    v = lanes(rng).astype(np.int64)
    for i, h in enumerate(HALF_EDGES):        # edge values in both halves
        v[i] = h | (HALF_EDGES[(i + 3 + seed_shift) % len(HALF_EDGES)] << 16)
    return v.astype(np.uint32)


def _split(v: int, signed: bool) -> list[int]:
    out = [(v >> s) & 0xFFFF for s in (0, 16)]
    return [h - 0x10000 if signed and h >> 15 else h for h in out]


def _join(lo: int, hi: int) -> int:
    return (lo & 0xFFFF) | (hi & 0xFFFF) << 16


@pytest.mark.parametrize("engine", ENGINES)
def test_viaddmnmx_on_16bit_halves(run, rng, engine):
    """Regression (D10-N-1): `VIADDMNMX.U16x2 R19, R4, R5, R6, !PT` (`__viaddmax_u16x2` on sm_90)
    was refused; each half is (a + b) wrapped to 16 bits, then its min or max with c."""
    a, b, c = _halves(rng), _halves(rng, 2)[::-1].copy(), _halves(rng, 5)
    w = run("VIADDMNMX.S16x2 R3, R0, R1, R2, !PT ;\nVIADDMNMX.U16x2 R4, R0, R1, R2, PT ;\n"
            "VIADDMNMX.S16x2.RELU R5, R0, -R1, R2, PT ;\nVIADDMNMX.U16x2 R6, R0, 0x80017fff, R2, !PT ;",
            {"R0": a, "R1": b, "R2": c}, engine=engine)

    def lanes_of(x, y, z, signed, op, relu=False, neg=1):
        r = []
        for p, q, s in zip(_split(x, False), _split(y, False), _split(z, signed)):
            t = (p + neg * q) & 0xFFFF
            t = t - 0x10000 if signed and t >> 15 else t
            r.append(max(op(t, s), 0) if relu else op(t, s))
        return _join(*r)
    for i in range(32):
        x, y, z = int(a[i]), int(b[i]), int(c[i])
        assert w.R[3][i] == lanes_of(x, y, z, True, max), i
        assert w.R[4][i] == lanes_of(x, y, z, False, min), i
        assert w.R[5][i] == lanes_of(x, y, z, True, min, relu=True, neg=-1), i
        assert w.R[6][i] == lanes_of(x, 0x80017FFF, z, False, max), i


@pytest.mark.parametrize("engine", ENGINES)
def test_vimnmx_16x2_predicate_results(run, rng, engine):
    """Regression (D10-N-2): `VIMNMX.S16x2 R10, P4, P5, R4, R5, !PT` (`__vibmax_s16x2` on sm_90)
    was refused (only PT was accepted there); Pu / Pv say whether the low / high half of Ra was
    chosen, a tie counting as chosen (CUDA's a >= b for the maximum, a <= b for the minimum)."""
    a = _halves(rng)
    b = _halves(rng, 1)[::-1].copy()
    b[:4] = a[:4]                                       # ties
    b[4] = (int(a[4]) & 0xFFFF) | 0x12340000            # a tie in the low half only
    w = run("VIMNMX.S16x2 R3, P0, P1, R0, R1, !PT ;\nVIMNMX.U16x2 R4, P2, P3, R0, R1, PT ;\n"
            "VIMNMX.S16x2 R5, P4, PT, R0, R1, PT ;", {"R0": a, "R1": b}, engine=engine)
    for i in range(32):
        x, y = int(a[i]), int(b[i])
        (sl, sh), (tl, th) = _split(x, True), _split(y, True)
        (ul, uh), (vl, vh) = _split(x, False), _split(y, False)
        assert w.R[3][i] == _join(max(sl, tl), max(sh, th)), i
        assert (w.P[0][i], w.P[1][i]) == (sl >= tl, sh >= th), i
        assert w.R[4][i] == _join(min(ul, vl), min(uh, vh)), i
        assert (w.P[2][i], w.P[3][i]) == (ul <= vl, uh <= vh), i
        assert w.P[4][i] == (sl <= tl), i


def test_vimnmx_predicate_results_of_32bit_forms_are_refused(nv_isa):
    """Only the 16x2 forms give Pu / Pv a meaning; elsewhere nvcc writes PT and other registers are refused."""
    assemble(nv_isa.db, "VIMNMX.U32 R10, PT, PT, R0, R11, !PT ;")
    for text in ("VIMNMX R3, P0, PT, R0, R1, !PT ;", "VIMNMX.U8x4 R3, PT, P1, R0, R1, PT ;"):
        with pytest.raises(AsmError, match="need .S16x2 or .U16x2"):
            assemble(nv_isa.db, text)
    with pytest.raises(AsmError, match="RELU"):
        assemble(nv_isa.db, "VIADDMNMX.U16x2.RELU R3, R0, R1, R2, PT ;")


@pytest.mark.parametrize("engine", ENGINES)
def test_i2i_saturating_narrowing(run, rng, engine):
    """Regression (D10-N-3): `I2I.S16.S32.SAT R16, R17` (PTX cvt.sat.s16.s32, every target) was an
    unknown mnemonic; the value is clamped to the narrow type's range (or, without .SAT, cut to its
    low bits) and written sign- or zero-extended."""
    a = lanes(rng)
    a[20:28] = [0x7F, 0x80, 0xFFFFFF80, 0xFFFFFF7F, 0x7FFF, 0x8000, 0xFFFF8000, 0xFFFF7FFF]
    w = run("I2I.S8.S32.SAT R1, R0 ;\nI2I.U8.S32.SAT R2, R0 ;\nI2I.S16.S32.SAT R3, R0 ;\nI2I.U16.S32.SAT R4, R0 ;\n"
            "I2I.U16.U32.SAT R5, R0 ;\nI2I.S8.U32.SAT R6, R0 ;\nI2I.S16.S32 R7, R0 ;\nI2I.U8.S32.SAT R8, 0xffffff00 ;",
            {"R0": a}, engine=engine)

    def sx(v, b):
        v &= (1 << b) - 1
        return v - (1 << b) if v >> (b - 1) else v
    for i in range(32):
        u = int(a[i])
        s = sx(u, 32)
        want = [min(max(s, -128), 127), min(max(s, 0), 255), min(max(s, -32768), 32767), min(max(s, 0), 65535),
                min(u, 65535), min(u, 127), sx(u, 16), 0]
        assert [int(w.R[k][i]) for k in range(1, 9)] == [v & 0xFFFFFFFF for v in want], i


def _sat(v, bits, signed):
    lo, hi = (-(1 << (bits - 1)), (1 << (bits - 1)) - 1) if signed else (0, (1 << bits) - 1)
    return min(max(v, lo), hi)


def _pack(a, b, c, bits, signed):
    m = (1 << bits) - 1
    return ((c << 2 * bits) | (_sat(a, bits, signed) & m) << bits | (_sat(b, bits, signed) & m)) & 0xFFFFFFFF


@pytest.mark.parametrize("engine", ENGINES)
def test_f2ip_converts_two_floats_and_packs_them(run, engine):
    """Regression (D10-N-4): `F2IP.U8.F32.TRUNC.NTZ R19, RZ, R29, RZ` (sm_90+: `(unsigned char)f`,
    cvt.rni.s32.f32 + cvt.pack.sat.u8) was an unknown mnemonic: Ra's byte above Rb's, saturated, a
    NaN giving 0, SrcC's low half above them (an immediate printed as a float)."""
    vals = [0.0, -0.0, 0.5, 1.5, 2.5, -0.5, -1.0, 254.5, 255.49, 255.5, 256.0, 1e30, -1e30,
            float("inf"), float("-inf"), float("nan"), 3.7, 127.5, -128.5, -127.5] + [k * 9.75 - 20 for k in range(12)]
    f = np.array(vals, np.float32)
    g = f[::-1].copy()
    c = np.arange(32, dtype=np.uint32) * np.uint32(0x01010101)
    w = run("F2IP.U8.F32.TRUNC.NTZ R3, RZ, R0, RZ ;\nF2IP.U8.F32.NTZ R4, R0, R1, R2 ;\nF2IP.S8.F32.TRUNC.NTZ R5, R1, R0, RZ ;\n"
            "F2IP.U8.F32.FLOOR R6, R0, R1, 6.5300508437536475505e-42 ;\nF2IP.S8.F32.CEIL.NTZ R7, R0, R1, R2 ;",
            {"R0": f.view(np.uint32), "R1": g.view(np.uint32), "R2": c}, engine=engine)

    def cv(v, rnd):
        return 0 if math.isnan(v) else (1 << 40 if v > 0 else -(1 << 40)) if math.isinf(v) else rnd(v)
    for i in range(32):
        p, q, k = float(f[i]), float(g[i]), int(c[i])
        assert int(w.R[3][i]) == _pack(0, cv(p, math.trunc), 0, 8, False), i
        assert int(w.R[4][i]) == _pack(cv(p, round), cv(q, round), k, 8, False), i
        assert int(w.R[5][i]) == _pack(cv(q, math.trunc), cv(p, math.trunc), 0, 8, True), i
        assert int(w.R[6][i]) == _pack(cv(p, math.floor), cv(q, math.floor), 0x1234, 8, False), i
        assert int(w.R[7][i]) == _pack(cv(p, math.ceil), cv(q, math.ceil), k, 8, True), i


@pytest.mark.parametrize("engine", ENGINES)
def test_i2ip_packs_two_saturated_integers(run, rng, engine):
    """Regression (D10-N-5): `I2IP.U4.S32.SAT R21, R0, R19, RZ.24` and the other cvt.pack.sat forms
    (every target) were unknown: a above b in N bits each, Rc's bits above (`.24`/`.28`: 4/2-bit)."""
    a, b, c = lanes(rng), lanes(rng)[::-1].copy(), lanes(rng, False)
    a[20:26] = [7, 8, 0xFFFFFFF8, 0xFFFFFFF7, 300, 0xFFFFFF00]
    w = run("I2IP.U8.S32.SAT R3, R0, R1, R2 ;\nI2IP.S8.S32.SAT R4, R0, R1, RZ ;\nI2IP.S16.S32.SAT R5, R0, R1, RZ ;\n"
            "I2IP.U16.S32.SAT R6, R0, 0x12345, RZ ;\nI2IP.U4.S32.SAT R7, R0, R1, R2.24 ;\nI2IP.S4.S32.SAT R8, R0, R1, RZ.24 ;\n"
            "I2IP.U2.S32.SAT R9, R0, R1, R2.28 ;\nI2IP.S2.S32.SAT R10, R1, R0, R2.28 ;\nI2IP.U8.S32 R11, R0, R1, R2 ;",
            {"R0": a, "R1": b, "R2": c}, engine=engine)

    def sx(v):
        v &= 0xFFFFFFFF
        return v - (1 << 32) if v >> 31 else v
    for i in range(32):
        p, q, k = sx(int(a[i])), sx(int(b[i])), int(c[i])
        want = [_pack(p, q, k, 8, False), _pack(p, q, 0, 8, True), _pack(p, q, 0, 16, True), _pack(p, 0x12345, 0, 16, False),
                _pack(p, q, k, 4, False), _pack(p, q, 0, 4, True), _pack(p, q, k, 2, False), _pack(q, p, k, 2, True),
                (k << 16 | (p & 0xFF) << 8 | (q & 0xFF)) & 0xFFFFFFFF]
        assert [int(w.R[r][i]) for r in range(3, 12)] == want, i


def test_i2ip_upper_operand_suffix_matches_the_type(nv_isa):
    for text in ("I2IP.U4.S32.SAT R21, R0, R19, RZ ;", "I2IP.U8.S32.SAT R21, R0, R19, RZ.24 ;",
                 "I2IP.S2.S32.SAT R21, R0, R19, R3.24 ;"):
        with pytest.raises(AsmError):
            assemble(nv_isa.db, text)


def test_i2ip_reuse_flag_before_the_kept_bits(nv_isa):
    """Regression (D10-N-5): nvcc for sm_89 writes `R0.reuse.24`; the operand-cache flag was blanked
    in place, leaving `R0      .24` (a refused operand). It now moves behind the count, as it does
    for half selectors."""
    a = assemble(nv_isa.db, "I2IP.U4.S32.SAT R29, R0.reuse, R5.reuse, R0.reuse.24 ;\nI2IP.U2.S32.SAT R3, R1, R5, R0.reuse.28 ;")
    b = assemble(nv_isa.db, "I2IP.U4.S32.SAT R29, R0, R5, R0.24 ;\nI2IP.U2.S32.SAT R3, R1, R5, R0.28 ;")
    assert a.words == b.words


@pytest.mark.parametrize("engine", ENGINES)
def test_uniform_and_constant_operand_forms(run, rng, engine):
    """Regression (D10-N-7..9): the forms nvcc writes for the intrinsics of kernel parameters,
    refused before: `VABSDIFF4.U8.ACC R9, R9, UR29, RZ`, `VIMNMX3 R11, R11, UR26, R2, !PT`,
    `VABSDIFF R13, R13, R10, c[0x0][0x170]`, `I2IP.U8.S32.SAT R9, R0, c[0x0][0x178], R9`,
    `I2IP.U4.S32.SAT R27, R12, UR27, R27.24`, `USGXT UR16, UR27, UR16`, `USGXT.U32 UR13, UR47, 0x4`,
    `UI2IP.U4.S32.SAT UR31, UR20, UR17, UR12.24` and `ULEA.HI UR10, UR16, -UR36, URZ, 0x10`."""
    a, b = lanes(rng), lanes(rng)[::-1].copy()
    k0, k1, k2 = 0x80FF7F01, 0x7F0180FE, 0x0000000B
    w = run("ULDC UR4, c[0x0][0x0] ;\nULDC UR5, c[0x0][0x4] ;\nULDC UR6, c[0x0][0x8] ;\n"
            "VABSDIFF4.U8.ACC R3, R0, UR4, R1 ;\nVABSDIFF4.U8 R4, R0, UR4, RZ ;\nVIMNMX3 R5, R0, UR4, R1, !PT ;\n"
            "VIMNMX3.U32 R6, R0, UR5, R1, PT ;\nVABSDIFF R7, R0, R1, c[0x0][0x8] ;\n"
            "I2IP.U8.S32.SAT R8, R0, c[0x0][0x4], R1 ;\nI2IP.U4.S32.SAT R9, R0, UR6, R1.24 ;\n"
            "USGXT UR7, UR4, UR6 ;\nUSGXT.U32 UR8, UR5, 0x4 ;\nUSGXT.W UR9, UR5, UR4 ;\n"
            "UI2IP.U4.S32.SAT UR10, UR4, UR5, UR6.24 ;\nUI2IP.S16.S32.SAT UR11, UR5, 0x12345, URZ ;\n"
            "ULEA.HI UR12, UR4, -UR6, URZ, 0x10 ;\nULEA UR13, UR5, -UR4, 0x3 ;\n"
            "MOV R10, UR7 ;\nMOV R11, UR8 ;\nMOV R12, UR9 ;\nMOV R13, UR10 ;\nMOV R14, UR11 ;\nMOV R15, UR12 ;\nMOV R16, UR13 ;",
            {"R0": a, "R1": b}, params=[k0, k1, k2], engine=engine)

    def sx(v, n=32):
        v &= (1 << n) - 1
        return v - (1 << n) if v >> (n - 1) else v

    def ext(v, n, signed):
        n = min(n, 32)
        low = v & ((1 << n) - 1)
        return (sx(low, n) if signed and n else low) & 0xFFFFFFFF
    for i in range(32):
        x, y = int(a[i]), int(b[i])
        bytes_ = [abs(((x >> s) & 0xFF) - ((k0 >> s) & 0xFF)) for s in (0, 8, 16, 24)]
        assert int(w.R[3][i]) == (sum(bytes_) + y) & 0xFFFFFFFF, i
        assert int(w.R[4][i]) == sum(d << s for d, s in zip(bytes_, (0, 8, 16, 24))), i
        assert int(w.R[5][i]) == max(sx(x), sx(k0), sx(y)) & 0xFFFFFFFF, i
        assert int(w.R[6][i]) == min(x, k1, y), i
        assert int(w.R[7][i]) == (abs(sx(x) - sx(y)) + k2) & 0xFFFFFFFF, i
        assert int(w.R[8][i]) == _pack(sx(x), sx(k1), y, 8, False), i
        assert int(w.R[9][i]) == _pack(sx(x), k2, y, 4, False), i
    u = [int(w.R[r][0]) for r in range(10, 17)]
    assert u == [ext(k0, k2, True), ext(k1, 4, False), ext(k1, k0 % 32, True), _pack(sx(k0), sx(k1), k2, 4, False),
                 _pack(sx(k1), 0x12345, 0, 16, True), ((k0 >> 16) - k2) & 0xFFFFFFFF, ((k1 << 3) - k0) & 0xFFFFFFFF]


@pytest.mark.parametrize("engine", ENGINES)
def test_bmsk_sgxt_f2ip_with_a_kernel_parameter(run, rng, engine):
    """Regression (D10-N-11): nvcc for sm_86/sm_89 writes `BMSK.W R13, R6, c[0x0][0x170]` and
    `F2IP.U8.F32.NTZ R15, R8, c[0x0][0x194], RZ` (a kernel parameter as the second source)."""
    a = lanes(rng) & np.uint32(0x3F)
    f = np.array([k * 7.5 - 40.0 for k in range(32)], np.float32)
    k0, k1 = 0x23, 0x43480000          # 35 and 200.0f
    w = run("ULDC UR4, c[0x0][0x0] ;\nBMSK.W R3, R0, c[0x0][0x0] ;\nBMSK R4, R0, UR4 ;\nSGXT R5, R1, c[0x0][0x0] ;\n"
            "SGXT.U32.W R6, R1, UR4 ;\nF2IP.U8.F32.NTZ R7, R2, c[0x0][0x4], RZ ;\nF2IP.S8.F32.TRUNC.NTZ R8, R2, c[0x0][0x4], R0 ;",
            {"R0": a, "R1": lanes(rng), "R2": f.view(np.uint32)}, params=[k0, k1], engine=engine)
    r1 = w.R[1]
    for i in range(32):
        x, y, g = int(a[i]), int(r1[i]), float(f[i])
        assert int(w.R[3][i]) == (((1 << (k0 % 32)) - 1) << (x % 32)) & 0xFFFFFFFF, i
        assert int(w.R[4][i]) == (0 if x >= 32 else (((1 << 32) - 1) << x) & 0xFFFFFFFF), i
        assert int(w.R[5][i]) == y, i                       # n = 35 clamps to 32: Ra unchanged
        assert int(w.R[6][i]) == y & 0x7, i                 # .W: 35 % 32 = 3 bits, zero-extended
        assert int(w.R[7][i]) == _pack(round(g), 200, 0, 8, False), i
        assert int(w.R[8][i]) == _pack(math.trunc(g), 200, x, 8, True), i
