"""HSETP2, HMNMX2 and HFMA2's immediate-multiplier form (half.isa, nv.isa), with nvdisasm's
`|R6|.H0_H0` spelling.  Expectations: numpy float16 values compared / chosen in Python."""
from __future__ import annotations

import math

import numpy as np
import pytest

ENGINES = ["batched", "reference"]
H = [1.0, -1.0, 0.0, -0.0, 65504.0, -65504.0, float("inf"), float("-inf"), float("nan"), 6e-8, -6e-8,
     0.5, 2.0, 3.0, -3.0, 8.52e-6, 1e-5, -2.5, 100.0, 0.33325, 1.0, 2.0, float("nan"), -0.0, 7.0,
     -7.0, 0.25, 0.125, 4.0, -4.0, 1.5, 1.5]


def _bits(v) -> int:
    return int(np.array(np.float16(v)).view(np.uint16))


def _val(b: int) -> float:
    return float(np.array(b & 0xFFFF, np.uint16).view(np.float16))


@pytest.fixture
def pairs():
    ra = [(_bits(H[i]) << 16) | _bits(H[(i * 7 + 3) % 32]) for i in range(32)]
    rb = [(_bits(H[(i * 5 + 1) % 32]) << 16) | _bits(H[(i * 3 + 2) % 32]) for i in range(32)]
    return ra, rb


def _cmp(op, a, b):
    un = math.isnan(a) or math.isnan(b)
    r = {"LT": a < b, "GT": a > b, "EQ": a == b, "GE": a >= b, "NE": (a != b) and not un}[op.rstrip("U")]
    return (r or un) if op.endswith("U") and op != "EQ" else r


@pytest.mark.parametrize("engine", ENGINES)
def test_hsetp2_low_to_pu_high_to_pv(nv_isa, engine, pairs):
    from gpuisa.asm.assembler import assemble
    ra, rb = pairs
    prog = assemble(nv_isa.db, """
        HSETP2.GT.AND P0, P1, R0, R1, PT ;
        HSETP2.GEU.AND P2, PT, |R0|.H0_H0, 8.523464202880859375e-06, 8.523464202880859375e-06, PT ;
        HSETP2.NE.OR P3, P4, -R0.H1_H1, R1.H0_H0, !PT ;
        HSETP2.LTU.XOR P5, PT, R0.reuse.H0_H0, R1.H1_H1, PT ;
        EXIT ;""")
    res = nv_isa.launch(prog, init={"R0": ra, "R1": rb}, engine=engine)
    assert res.ok
    w = res.warp()
    t = _val(_bits(8.523464202880859375e-06))
    for i in range(32):
        ah, al, bh, bl = _val(ra[i] >> 16), _val(ra[i]), _val(rb[i] >> 16), _val(rb[i])
        assert bool(w.P[0][i]) == _cmp("GT", al, bl) and bool(w.P[1][i]) == _cmp("GT", ah, bh), i
        assert bool(w.P[2][i]) == _cmp("GEU", abs(al), t), i
        assert bool(w.P[3][i]) == _cmp("NE", -ah, bl) and bool(w.P[4][i]) == _cmp("NE", -ah, bl), i
        assert bool(w.P[5][i]) == (not _cmp("LTU", al, bh)), i


def _mnmx(a: int, b: int, want_min: bool) -> int:
    va, vb = _val(a), _val(b)
    if math.isnan(va) and math.isnan(vb):
        return 0x7FFF
    if math.isnan(va):
        return b & 0xFFFF
    if math.isnan(vb):
        return a & 0xFFFF
    if va == vb:
        return (a | b) & 0xFFFF if want_min else (a & b) & 0xFFFF
    return (a if (va < vb) == want_min else b) & 0xFFFF


@pytest.mark.parametrize("engine", ENGINES)
def test_hmnmx2_and_hfma2_immediate_multiplier(nv_isa, engine, pairs):
    from gpuisa.asm.assembler import assemble
    ra, rb = pairs
    prog = assemble(nv_isa.db, """
        HMNMX2 R4, R0, -R1.H0_H0, !PT ;
        HMNMX2 R5, R0, R1, PT ;
        HFMA2.MMA R6, R0, 1, 1, R1 ;
        HFMA2 R7, R0.H1_H1, -2, 0.5, -R1 ;
        EXIT ;""")
    res = nv_isa.launch(prog, init={"R0": ra, "R1": rb}, engine=engine)
    assert res.ok
    w = res.warp()
    for i in range(32):
        a, b = ra[i], rb[i]
        nb0 = (b & 0xFFFF) ^ 0x8000
        assert int(w.R[4][i]) == (_mnmx(a >> 16, nb0, False) << 16 | _mnmx(a, nb0, False)), i
        assert int(w.R[5][i]) == (_mnmx(a >> 16, b >> 16, True) << 16 | _mnmx(a, b, True)), i
        fma = {6: [(_val(a >> 16), 1.0, _val(b >> 16)), (_val(a), 1.0, _val(b))],           # (a * m + c)
               7: [(_val(a >> 16), -2.0, -_val(b >> 16)), (_val(a >> 16), 0.5, -_val(b))]}  # hi, lo
        for reg, terms in fma.items():
            want = 0
            for x, m, c in terms:
                with np.errstate(all="ignore"):
                    r = np.float16(np.float64(x) * m + np.float64(c))
                want = (want << 16) | (0x7FFF if np.isnan(r) else int(np.array(r).view(np.uint16)))
            assert int(w.R[reg][i]) == want, (reg, i, hex(int(w.R[reg][i])), hex(want))


@pytest.mark.parametrize("engine", ENGINES)
def test_hset2_i2f_f16_f2i_f16(nv_isa, engine, pairs):
    """HSET2 (`.BF`: 1.0 / 0.0 per position, else 0xffff / 0), I2F.F16 (`__int2half_rn`,
    `.U16`: `__ushort2half_rn`) and F2I.F16 (`__half2int_rn`), decision GA-13."""
    from gpuisa.asm.assembler import assemble
    ra, rb = pairs
    ints = [0, 1, -1, 2047, 2049, 65504, 65520, -70000, 123456, 0x7FFFFFFF, -2 ** 31, 3, 4097, -4097] + list(range(18))
    res = nv_isa.launch(assemble(nv_isa.db, """
        HSET2.BF.EQ.AND R4, R0, R1, PT ;
        HSET2.BF.GT.AND R5, |R0|, 0.5, 0.5, PT ;
        HSET2.NE.OR R6, R0.H1_H1, -R1, !PT ;
        I2F.F16 R7, R2 ;
        I2F.F16.U16 R8, R2 ;
        I2F.F16.RZ R9, R2 ;
        F2I.F16.NTZ R10, R0 ;
        F2I.F16.TRUNC.NTZ R11, R1 ;
        EXIT ;"""), init={"R0": ra, "R1": rb, "R2": [v & 0xFFFFFFFF for v in ints]}, engine=engine)
    assert res.ok
    w = res.warp()

    def rz16(v):                    # binary16 toward zero: the largest magnitude not above |v|
        with np.errstate(over="ignore"):
            f = np.float16(v)
        if np.isinf(f) or abs(float(f)) > abs(v):
            f = np.float16(math.copysign(65504.0, v)) if np.isinf(f) else np.nextafter(f, np.float16(0))
        return int(np.array(f).view(np.uint16))

    for i in range(32):
        ah, al, bh, bl = _val(ra[i] >> 16), _val(ra[i]), _val(rb[i] >> 16), _val(rb[i])
        bf = [0x3C00 if c else 0 for c in (ah == bh, al == bl)]
        assert int(w.R[4][i]) == (bf[0] << 16 | bf[1]), i
        gt = [0x3C00 if c else 0 for c in (abs(ah) > 0.5, abs(al) > 0.5)]
        assert int(w.R[5][i]) == (gt[0] << 16 | gt[1]), i
        ne = [0xFFFF if (not math.isnan(ah) and not math.isnan(x) and ah != -x) else 0 for x in (bh, bl)]
        assert int(w.R[6][i]) == (ne[0] << 16 | ne[1]), i
        v = ints[i]
        with np.errstate(over="ignore"):
            assert int(w.R[7][i]) == int(np.array(np.float16(float(v))).view(np.uint16)), (i, v)
            assert int(w.R[8][i]) == int(np.array(np.float16(float(v & 0xFFFF))).view(np.uint16)), (i, v)
        assert int(w.R[9][i]) == rz16(float(v)), (i, v)
        want10 = 0 if math.isnan(al) else int(max(min(np.rint(al), 2 ** 31 - 1), -2 ** 31)) & 0xFFFFFFFF
        want11 = 0 if math.isnan(bl) else int(max(min(np.trunc(bl), 2 ** 31 - 1), -2 ** 31)) & 0xFFFFFFFF
        assert int(w.R[10][i]) == want10 and int(w.R[11][i]) == want11, i
