"""Half-pair atomics (`.F16x2` / `.BF16x2`, ATOMG and the generic ATOM with its performed-lanes
predicate, decision GA-7), bfloat16 pair arithmetic (`HADD2/HMUL2/HFMA2.BF16_V2`, GA-8), STL.S16
and QSPC with a uniform address part.  Expectations: exact rational arithmetic (fractions) rounded
to binary16 / bfloat16 in Python."""
from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import pytest

from gpuisa.asm.assembler import assemble
from gpuisa.sim.state import SHARED_WINDOW

ENGINES = ["batched", "reference"]


def _round(q: Fraction, man: int, emin: int, emax: int, inf: int) -> int:
    """The exact *q* rounded to nearest even with *man* fraction bits: sign-magnitude bits."""
    sign = 0x8000 if q < 0 else 0
    a = abs(q)
    if a == 0:
        return sign
    e = max(math.floor(math.log2(a)), emin)
    while Fraction(2) ** e > a and e > emin:
        e -= 1
    ulp = Fraction(2) ** (e - man)
    n, r = divmod(a, ulp)
    n = int(n) + (1 if r > ulp / 2 or (r == ulp / 2 and int(n) & 1) else 0)
    m = n * ulp
    if m >= Fraction(2) ** (emax + 1):
        return sign | inf
    if m < Fraction(2) ** emin:
        return sign | int(m / Fraction(2) ** (emin - man))
    ee = e + (1 if m >= Fraction(2) ** (e + 1) else 0)
    return sign | ((ee + (2 ** (14 - man) - 1 if man == 10 else 127)) << man) | (int(m / Fraction(2) ** (ee - man)) - (1 << man))


def f16(q):
    return _round(Fraction(q), 10, -14, 15, 0x7C00)


def bf16(q):
    return _round(Fraction(q), 7, -126, 127, 0x7F80)


def v16(b):
    return Fraction(float(np.array(b, np.uint16).view(np.float16)))


def vbf(b):
    return Fraction(float(np.array(b << 16, np.uint32).view(np.float32)))


def test_helpers():
    assert f16(1) == 0x3C00 and f16(Fraction(1, 3)) == 0x3555 and f16(65520) == 0x7C00 and f16(2 ** -24) == 1
    assert bf16(1) == 0x3F80 and bf16(Fraction(1, 3)) == 0x3EAB and bf16(-2) == 0xC000


@pytest.mark.parametrize("engine", ENGINES)
def test_atomg_f16x2_bf16x2_add_in_lane_order(nv_isa, engine):
    pairs = [(0x3C00, 0x3555), (0x5640, 0xBC00), (0x0001, 0x7BFF)]
    g = np.array([(h << 16) | l for h, l in pairs] + [0x3F803EAB, 0], np.uint32)
    words = [int(v) for v in g[:3]]             # (the launch updates g in place)
    adds = [((i * 37 + 11) & 0x3FFF) | (((i * 53 + 7) & 0x3FFF) << 16) for i in range(32)]
    res = nv_isa.launch(assemble(nv_isa.db, """
        S2R R0, SR_LANEID ;
        MOV R10, c[0x0][0x0] ;
        MOV R11, c[0x0][0x4] ;
        LOP3.LUT R2, R0, 0x3, RZ, 0xc0, !PT ;
        ISETP.GE.U32.AND P0, PT, R2, 0x3, PT ;
        @P0 MOV R2, RZ ;
        IMAD.WIDE.U32 R2, R2, 0x4, R10 ;
        ATOMG.E.ADD.F16x2.RN.STRONG.GPU PT, R5, [R2.64], R4 ;
        ATOMG.E.ADD.BF16x2.RN.STRONG.GPU PT, R6, [R10.64+0xc], R4 ;
        RED.E.ADD.F16x2.RN.STRONG.GPU [R10.64+0x10], R4 ;
        EXIT ;"""), buffers={"g": g}, params=["g"], init={"R4": adds}, engine=engine)
    assert res.ok, res.fault
    w = res.warp()
    bfw, red = 0x3F803EAB, 0
    for lane in range(32):
        k = lane & 3 if (lane & 3) < 3 else 0
        old = words[k]
        assert int(w.R[5][lane]) == old
        words[k] = (f16(v16(old >> 16) + v16(adds[lane] >> 16)) << 16) | f16(v16(old & 0xFFFF) + v16(adds[lane] & 0xFFFF))
        assert int(w.R[6][lane]) == bfw
        bfw = (bf16(vbf(bfw >> 16) + vbf(adds[lane] >> 16)) << 16) | bf16(vbf(bfw & 0xFFFF) + vbf(adds[lane] & 0xFFFF))
        red = (f16(v16(red >> 16) + v16(adds[lane] >> 16)) << 16) | f16(v16(red & 0xFFFF) + v16(adds[lane] & 0xFFFF))
    assert [int(v) for v in res.buffers["g"]] == words + [bfw, red]


@pytest.mark.parametrize("engine", ENGINES)
def test_generic_f16x2_atom_is_performed_on_global_addresses_only(nv_isa, engine):
    g = np.zeros(2, np.uint32)
    res = nv_isa.launch(assemble(nv_isa.db, f"""
        S2R R0, SR_LANEID ;
        MOV R2, c[0x0][0x0] ;
        MOV R3, c[0x0][0x4] ;
        LOP3.LUT P1, RZ, R0, 0x1, RZ, 0xc0, !PT ;
        @P1 MOV R2, 0x10 ;
        @P1 MOV R3, {SHARED_WINDOW >> 32:#x} ;       // odd lanes: shared word 4
        MOV R4, 0x3c003c00 ;                          // (1, 1)
        MOV R5, 0x77777777 ;
        ATOM.E.ADD.F16x2.RN.STRONG.GPU P0, R5, [R2.64], R4 ;
        ATOM.E.ADD.STRONG.GPU P2, R6, [R2.64+0x4], R4 ;
        LDS R7, [0x10] ;
        EXIT ;"""), buffers={"g": g}, params=["g"], shared_size=64, engine=engine)
    assert res.ok, res.fault
    w = res.warp()
    even = [i for i in range(32) if i % 2 == 0]
    assert list(w.P[0]) == [i % 2 == 0 for i in range(32)]          # performed: the global lanes
    assert list(w.P[2]) == [True] * 32                              # other types: every lane
    assert int(res.buffers["g"][0]) == (f16(16) << 16) | f16(16)     # 16 lanes each added (1, 1)
    assert int(w.R[7][0]) == 0 and [int(w.R[5][i]) for i in range(1, 32, 2)] == [0x77777777] * 16
    assert [int(w.R[5][i]) for i in even][:3] == [0, (f16(1) << 16) | f16(1), (f16(2) << 16) | f16(2)]


@pytest.mark.parametrize("engine", ENGINES)
def test_bf16_v2_add_mul_fma(nv_isa, engine):
    vals = [1.0, -1.5, 3.140625, 1e-3, 65504.0, 1e20, -2.5e-30, 0.333984375, 7.0, -0.125, 2.0, 100.5]   # no zeros: Fraction has no -0
    bits = [bf16(Fraction(v)) for v in vals]
    ra = [(bits[i % 12] << 16) | bits[(i * 5 + 1) % 12] for i in range(32)]
    rb = [(bits[(i * 7 + 2) % 12] << 16) | bits[(i + 3) % 12] for i in range(32)]
    res = nv_isa.launch(assemble(nv_isa.db, """
        HADD2.BF16_V2 R4, R0, -R1 ;
        HMUL2.BF16_V2 R5, R0, R1 ;
        HFMA2.BF16_V2 R6, R0, R1, 1, 1 ;
        HFMA2.BF16_V2 R7, R0, R0, -RZ.H0_H0 ;
        HFMA2.BF16_V2 R8, R0.H1_H1, R1, R0 ;
        EXIT ;"""), init={"R0": ra, "R1": rb}, engine=engine)
    assert res.ok
    w = res.warp()
    for i in range(32):
        ah, al, bh, bl = vbf(ra[i] >> 16), vbf(ra[i] & 0xFFFF), vbf(rb[i] >> 16), vbf(rb[i] & 0xFFFF)
        assert int(w.R[4][i]) == (bf16(ah - bh) << 16 | bf16(al - bl)), i
        assert int(w.R[5][i]) == (bf16(ah * bh) << 16 | bf16(al * bl)), i
        assert int(w.R[6][i]) == (bf16(ah * bh + 1) << 16 | bf16(al * bl + 1)), i
        assert int(w.R[7][i]) == (bf16(ah * ah) << 16 | bf16(al * al)), i
        assert int(w.R[8][i]) == (bf16(ah * bh + ah) << 16 | bf16(ah * bl + al)), i


@pytest.mark.parametrize("engine", ENGINES)
def test_stl_s16_and_qspc_with_uniform_address(nv_isa, engine):
    res = nv_isa.launch(assemble(nv_isa.db, f"""
        S2R R0, SR_LANEID ;
        MOV R1, 0x100 ;
        IADD3 R2, R0, 0x18000, RZ ;
        STL.S16 [R1+0x40], R2 ;
        STL.S8 [R1+0x44], R2 ;
        LDL R3, [R1+0x40] ;
        LDL R4, [R1+0x44] ;
        UMOV UR8, 0x0 ;
        UMOV UR9, {SHARED_WINDOW >> 32:#x} ;
        IMAD.SHL.U32 R6, R0, 0x4, RZ ;
        MOV R7, RZ ;
        QSPC.E.S P0, RZ, [R6.64+UR8] ;
        QSPC.E.S P1, RZ, [R6.64] ;
        EXIT ;"""), engine=engine, local_size=0x200)
    assert res.ok
    w = res.warp()
    assert [int(v) for v in w.R[3]] == [(0x18000 + i) & 0xFFFF for i in range(32)]
    assert [int(v) for v in w.R[4]] == [i for i in range(32)]
    assert list(w.P[0]) == [True] * 32 and list(w.P[1]) == [False] * 32
