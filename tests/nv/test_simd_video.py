"""SIMD video forms nvcc -O3 emits for CUDA's SIMD intrinsics (decision SV-1) and I2F's 16/8-bit
sources with halfword / byte selectors (decision SV-2), on both engines.

Expected values are computed independently, per lane with Python integers, from CUDA's
definitions of the intrinsics (CUDA Math API, "SIMD Intrinsics"): __vadd2/__vadd4/__vsub2/
__vsub4 wrap per lane, __vmaxu2/__vmins2/__vminu4... compare per lane, __vabsdiffu4 gives |a-b|
per byte, __vsadu4 the sum of those.  Two warps (64 threads, different data) run the snippet so
that the batched engine executes a batch of two."""
from __future__ import annotations

import struct

import numpy as np
import pytest

from gpuisa.asm.assembler import assemble
from gpuisa.asm.disassembler import disassemble
from gpuisa.errors import AsmError

from .conftest import EDGE

ENGINES = ["batched", "reference"]
M32 = 0xFFFFFFFF


def _data(rng, k):
    """64 lanes of 32-bit operands; edge values in the first lanes, lane-shifted per operand."""
    v = rng.integers(0, 1 << 32, 64, dtype=np.uint64)
    edge = EDGE + [0x7FFF7FFF, 0x80008000, 0x7F7F7F7F, 0x80808080, 0xFF00FF00, 0x00FF00FF, 0x01010101]
    for i, e in enumerate(edge):
        v[(i + 3 * k) % 64] = e
    return [int(t) for t in v]


def _run(nv_isa, text, init, engine):
    """Run *text* on 64 threads; registers given as 64 lane values; {reg: [64 values]} back."""
    prog = assemble(nv_isa.db, text + "\nEXIT ;\n")
    fns = {r: (lambda lane, warp, cta, tid, v=v: v[tid]) for r, v in init.items()}
    res = nv_isa.launch(prog, block=64, init=fns, engine=engine)
    assert res.ok, (res.status, res.fault)
    w0, w1 = res.warp(0, 0), res.warp(0, 1)

    class R:
        def __getitem__(self, n):
            return [int(t) for t in w0.R[n]] + [int(t) for t in w1.R[n]]
    return R()


def _lanes(v, w, signed=False):
    out = []
    for i in range(32 // w):
        e = (v >> (w * i)) & ((1 << w) - 1)
        if signed and e >> (w - 1):
            e -= 1 << w
        out.append(e)
    return out


def _join(parts, w):
    r = 0
    for i, p in enumerate(parts):
        r |= (p & ((1 << w) - 1)) << (w * i)
    return r


@pytest.mark.parametrize("engine", ENGINES)
def test_viadd_16x2_and_u8x4(nv_isa, rng, engine):
    """__vadd2, __vsub2 (VIADD.16x2 Rb / -Rb), __vneg2 (-Ra, RZ), an immediate per lane;
    __vsub4 (VIADD.U8x4 with -Rb): each lane modulo 2^16 / 2^8, no carry between lanes."""
    a, b = _data(rng, 0), _data(rng, 1)
    r = _run(nv_isa, "VIADD.16x2 R2, R0, R1 ;\nVIADD.16x2 R3, R0, -R1 ;\nVIADD.16x2 R4, -R0, RZ ;\n"
                     "VIADD.16x2 R5, R0, 0x1ffff ;\nVIADD.U8x4 R6, R0, -R1 ;\nVIADD.U8x4 R7, R0, R1 ;\n"
                     "VIADD.U8x4 R8, -R0, -R1 ;\nVIADD R9, R0, -R1 ;", {"R0": a, "R1": b}, engine)
    for i in range(64):
        A, B = a[i], b[i]
        assert r[2][i] == _join([x + y for x, y in zip(_lanes(A, 16), _lanes(B, 16))], 16), i
        assert r[3][i] == _join([x - y for x, y in zip(_lanes(A, 16), _lanes(B, 16))], 16), i
        assert r[4][i] == _join([-x for x in _lanes(A, 16)], 16), i
        assert r[5][i] == _join([x + y for x, y in zip(_lanes(A, 16), [0xFFFF, 0x1])], 16), i
        assert r[6][i] == _join([x - y for x, y in zip(_lanes(A, 8), _lanes(B, 8))], 8), i
        assert r[7][i] == _join([x + y for x, y in zip(_lanes(A, 8), _lanes(B, 8))], 8), i
        assert r[8][i] == _join([-x - y for x, y in zip(_lanes(A, 8), _lanes(B, 8))], 8), i
        assert r[9][i] == (A - B) & M32, i                      # the 32-bit form is unchanged


@pytest.mark.parametrize("engine", ENGINES)
def test_vimnmx_lanes(nv_isa, rng, engine):
    """__vmaxu2/__vminu2 (.U16x2), __vmaxs2/__vmins2 (.S16x2), __vmaxu4/__vminu4 (.U8x4):
    Pp true (PT) gives the minimum, !PT the maximum, as VIMNMX's 32-bit forms."""
    a, b = _data(rng, 0), _data(rng, 1)
    r = _run(nv_isa, "VIMNMX.U16x2 R2, R0, R1, PT ;\nVIMNMX.U16x2 R3, R0, R1, !PT ;\n"
                     "VIMNMX.S16x2 R4, R0, R1, PT ;\nVIMNMX.S16x2 R5, R0, R1, !PT ;\n"
                     "VIMNMX.U8x4 R6, R0, R1, PT ;\nVIMNMX.U8x4 R7, R0, R1, !PT ;\n"
                     "VIMNMX.S16x2 R8, R0, 0x50005, !PT ;\nVIMNMX.U8x4 R9, R0, 0x10203040, PT ;\n"
                     "ISETP.GE.U32.AND P0, PT, R0, R1, PT ;\nVIMNMX.U16x2 R10, R0, R1, P0 ;\n"
                     "VIMNMX.U32 R11, R0, R1, PT ;", {"R0": a, "R1": b}, engine)
    for i in range(64):
        A, B = a[i], b[i]
        for reg, w, s, f in ((2, 16, False, min), (3, 16, False, max), (4, 16, True, min),
                             (5, 16, True, max), (6, 8, False, min), (7, 8, False, max)):
            want = _join([f(x, y) for x, y in zip(_lanes(A, w, s), _lanes(B, w, s))], w)
            assert r[reg][i] == want, (reg, i, hex(A), hex(B))
        assert r[8][i] == _join([max(x, 5) for x in _lanes(A, 16, True)], 16), i
        assert r[9][i] == _join([min(x, y) for x, y in zip(_lanes(A, 8), [0x40, 0x30, 0x20, 0x10])], 8), i
        f = min if A >= B else max                              # a predicate register picks per lane
        assert r[10][i] == _join([f(x, y) for x, y in zip(_lanes(A, 16), _lanes(B, 16))], 16), i
        assert r[11][i] == min(A, B), i


@pytest.mark.parametrize("engine", ENGINES)
def test_vabsdiff4(nv_isa, rng, engine):
    """__vabsdiffu4 (VABSDIFF4.U8 ..., RZ: |a-b| per byte) and __vsadu4 (.ACC: the sum of the
    four differences plus Rc, modulo 2^32); without .ACC, Rc is not used (decision SV-1)."""
    a, b, c = _data(rng, 0), _data(rng, 1), _data(rng, 2)
    r = _run(nv_isa, "VABSDIFF4.U8 R3, R0, R1, RZ ;\nVABSDIFF4.U8.ACC R4, R0, R1, RZ ;\n"
                     "VABSDIFF4.U8.ACC R5, R0, R1, R2 ;\nVABSDIFF4.U8 R6, R0, R1, R2 ;",
             {"R0": a, "R1": b, "R2": c}, engine)
    for i in range(64):
        d = [abs(x - y) for x, y in zip(_lanes(a[i], 8), _lanes(b[i], 8))]
        assert r[3][i] == _join(d, 8) == r[6][i], i
        assert r[4][i] == sum(d), i
        assert r[5][i] == (sum(d) + c[i]) & M32, i


@pytest.mark.parametrize("engine", ENGINES)
def test_i2f_small_types_and_selectors(nv_isa, rng, engine):
    """nvcc's (float)(unsigned short)x (I2F.U16), (float)(short)x (I2F.S16), (float)(signed
    char)x (I2F.S8), (x >> 16) as unsigned short (I2F.U16 R, R.H1), the bytes of x as signed
    / unsigned chars (I2F.S8 R, R.B1 .. .B3, I2F.U8 R, R.B3) and the binary64 forms."""
    a = _data(rng, 0)
    r = _run(nv_isa, "I2F.U16 R2, R0 ;\nI2F.S16 R3, R0 ;\nI2F.S8 R4, R0 ;\nI2F.U8 R5, R0 ;\n"
                     "I2F.U16 R6, R0.H1 ;\nI2F.S16 R7, R0.H1 ;\nI2F.S8 R8, R0.B1 ;\nI2F.S8 R9, R0.B2 ;\n"
                     "I2F.S8 R10, R0.B3 ;\nI2F.U8 R11, R0.B3 ;\nI2F.F64.U16 R12, R0 ;\n"
                     "I2F.F64.S16 R14, R0.H1 ;\nI2F.F64.S8 R16, R0 ;\nI2F R18, R0 ;\nI2F.U32 R19, R0 ;",
             {"R0": a}, engine)

    def f32(v):
        return struct.unpack("<I", struct.pack("<f", float(v)))[0]

    def f64(lo, hi):
        return struct.unpack("<d", struct.pack("<II", lo, hi))[0]

    def s(v, w):
        return v - (1 << w) if v >> (w - 1) else v

    for i in range(64):
        A = a[i]
        h0, h1, b = A & 0xFFFF, A >> 16, [(A >> (8 * k)) & 0xFF for k in range(4)]
        assert r[2][i] == f32(h0) and r[3][i] == f32(s(h0, 16)), i
        assert r[4][i] == f32(s(b[0], 8)) and r[5][i] == f32(b[0]), i
        assert r[6][i] == f32(h1) and r[7][i] == f32(s(h1, 16)), i
        assert [r[8][i], r[9][i], r[10][i]] == [f32(s(b[k], 8)) for k in (1, 2, 3)], i
        assert r[11][i] == f32(b[3]), i
        assert f64(r[12][i], r[13][i]) == h0 and f64(r[14][i], r[15][i]) == s(h1, 16), i
        assert f64(r[16][i], r[17][i]) == s(b[0], 8), i
        # the 32-bit forms are unchanged (float32(x) rounded to nearest even)
        assert r[18][i] == f32(np.float32(s(A, 32))) and r[19][i] == f32(np.float32(A)), i


def test_forms_print_as_nvdisasm_and_bad_combinations(nv_isa):
    lines = ["VIADD.16x2 R5, R0, -R13", "VIADD.16x2 R29, -R0, RZ", "VIADD.16x2 R7, R0, 0x10001",
             "VIADD.U8x4 R17, R17, -R6", "VIMNMX.U16x2 R18, R0, R13, !PT",
             "VIMNMX.S16x2 R15, R0, 0x50005, !PT", "VIMNMX.U8x4 R16, R0, 0x10203040, PT",
             "VABSDIFF4.U8 R15, R0, R5, RZ", "VABSDIFF4.U8.ACC R13, R0, R13, RZ",
             "I2F.U16 R15, R2.H1", "I2F.S8 R15, R0.B1", "I2F.U8 R19, R0.B3", "I2F.F64.S16 R6, R0.H1",
             "I2F.F64.U16 R4, R6", "I2F.S16 R9, R2", "I2F.S8 R13, R2"]
    prog = assemble(nv_isa.db, "\n".join(f"{t} ;" for t in lines))
    got = [d.text.rstrip(" ;") for d in disassemble(nv_isa.db, prog.data)]
    assert got == lines
    # nvdisasm's `.reuse` before a selector stays off the register name
    assert assemble(nv_isa.db, "I2F.S8 R15, R0.reuse.B1 ;").data == assemble(nv_isa.db, "I2F.S8 R15, R0.B1 ;").data
    for bad in ("I2F.U16.U32 R0, R1 ;", "I2F.S8.S64 R0, R2 ;", "I2F.S64 R0, R1.H1 ;", "VABSDIFF4 R1, R2, R3, RZ ;"):
        with pytest.raises(AsmError):
            assemble(nv_isa.db, bad)
