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
