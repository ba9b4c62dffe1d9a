"""FMNMX3 (gp.isa, decision D7-3): the three-way float32 minimum / maximum nvcc for sm_100,
sm_103 and sm_110 folds nested fminf/fmaxf into, in every operand form, with `|x|`/`-x`, `.FTZ`
and `.NAN`, on both engines.  Expectations: Python floats under CUDA's fminf/fmaxf rules (a NaN
operand is ignored, -0 < +0), independent of the model's numpy code."""
from __future__ import annotations

import math

import numpy as np
import pytest

from .conftest import assert_round_trip, bitsf, fbits

ENGINES = ["batched", "reference"]
CANON = 0x7FFFFFFF
SPECIAL = [fbits(math.nan), fbits(-0.0), 0, fbits(math.inf), fbits(-math.inf), 1, 0x80000001, fbits(1.5),
           fbits(-1.5), 0x7FC00001, fbits(3.0), fbits(-2.0), 0x007FFFFF]


def _ftz(b: int) -> int:
    return b & 0x80000000 if (b & 0x7F800000) == 0 else b


def _pick(a: int, b: int, want_min: bool, nan: bool) -> int:
    fa, fb = bitsf(a), bitsf(b)
    if math.isnan(fa) or math.isnan(fb):
        if nan or (math.isnan(fa) and math.isnan(fb)):
            return CANON
        return b if math.isnan(fa) else a
    if fa == fb:
        return (a | b) if want_min else (a & b)
    return a if (fa < fb) == want_min else b


def fmnmx3(a: int, b: int, c: int, want_min: bool, ftz=False, nan=False) -> int:
    if ftz:
        a, b, c = _ftz(a), _ftz(b), _ftz(c)
    return _pick(_pick(a, b, want_min, nan), c, want_min, nan)


def _mod(b: int, neg: bool, ab: bool) -> int:
    return ((b & 0x7FFFFFFF) if ab else b) ^ (0x80000000 if neg else 0)


@pytest.fixture
def srcs(rng):
    v = [rng.integers(0, 1 << 32, 32, dtype=np.uint64).astype(np.uint32) for _ in range(3)]
    for k, s in enumerate(SPECIAL):        # every special against every other, in some lane
        v[0][k], v[1][k], v[2][k] = s, SPECIAL[(k * 5 + 3) % len(SPECIAL)], SPECIAL[(k * 7 + 1) % len(SPECIAL)]
    return v


@pytest.mark.parametrize("engine", ENGINES)
def test_fmnmx3_every_form(nv_isa, engine, srcs):
    from gpuisa.asm.assembler import assemble
    a, b, c = srcs
    prog = assemble(nv_isa.db, """
        FMNMX3 R4, R0, R1, R2, PT ;
        FMNMX3 R5, R0, R1, R2, !PT ;
        FMNMX3 R6, |R0|, -R1, R2, PT ;
        FMNMX3 R7, -R0, R1, -|R2|, !PT ;
        FMNMX3 R8, R0, 1.5, R2, !PT ;
        FMNMX3 R9, R0, UR6, R2, PT ;
        FMNMX3 R10, R0, -c[0x0][0x0], R2, !P0 ;
        FMNMX3.FTZ R11, R0, R1, R2, PT ;
        FMNMX3.NAN R12, R0, R1, R2, !PT ;
        EXIT ;""")
    res = nv_isa.launch(prog, init={"R0": list(a), "R1": list(b), "R2": list(c), "UR6": fbits(-0.5),
                                   "P0": [k % 2 == 0 for k in range(32)]},
                        const={0: np.array([fbits(2.5)], np.uint32).tobytes()}, engine=engine)
    assert res.ok, (res.status, res.fault)
    w = res.warp()
    for i in range(32):
        x, y, z = int(a[i]), int(b[i]), int(c[i])
        want = {4: fmnmx3(x, y, z, True), 5: fmnmx3(x, y, z, False),
                6: fmnmx3(_mod(x, False, True), _mod(y, True, False), z, True),
                7: fmnmx3(_mod(x, True, False), y, _mod(z, True, True), False),
                8: fmnmx3(x, fbits(1.5), z, False), 9: fmnmx3(x, fbits(-0.5), z, True),
                10: fmnmx3(x, fbits(-2.5), z, i % 2 != 0),
                11: fmnmx3(x, y, z, True, ftz=True), 12: fmnmx3(x, y, z, False, nan=True)}
        for r, v in want.items():
            assert int(w.R[r][i]) == v, (r, i, hex(x), hex(y), hex(z), hex(int(w.R[r][i])), hex(v))


@pytest.mark.parametrize("text", [
    "FMNMX3 R11, R2, R5, R7, PT ;", "FMNMX3 R19, -R2, R5, -R7, !PT ;", "FMNMX3 R3, |R2|, -R5, R7, PT ;",
    "FMNMX3.FTZ R13, R2, 1.5, R7, !PT ;", "FMNMX3 R5, R2, UR6, R7, !PT ;",
    "FMNMX3.NAN R5, R2, c[0x0][0x380], |R7|, PT ;"])
def test_fmnmx3_round_trip(nv_isa, text):
    assert_round_trip(nv_isa.db, text)


def test_oracle_knows_cuda_rules():
    assert fmnmx3(fbits(math.nan), fbits(math.nan), fbits(1.0), False) == fbits(1.0)
    assert fmnmx3(fbits(math.nan), fbits(math.nan), fbits(math.nan), True) == CANON
    assert fmnmx3(fbits(-0.0), 0, 0, True) == fbits(-0.0) and fmnmx3(fbits(-0.0), 0, fbits(-0.0), False) == 0
    assert fmnmx3(fbits(1.0), fbits(math.nan), fbits(2.0), True, nan=True) == CANON
