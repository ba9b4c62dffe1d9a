"""Forms nvcc 13 emits for sm_120 found by the discovery kernels (issue 11): UIADD3.64 (64-bit
uniform add), ULEA.HI (high word of a uniform shift-add), FMNMX with `|x|` / `-` sources.
Expected values from Python integers and struct floats; both engines on a grid (the batched
engine runs several warps at once)."""
from __future__ import annotations

import random
import struct

import numpy as np
import pytest

from gpuisa.asm.assembler import assemble
from gpuisa.asm.disassembler import disassemble

M32, M64 = 0xFFFFFFFF, (1 << 64) - 1
ENGINES = ["batched", "reference"]


def _run(isa, body, engine, **kw):
    res = isa.launch(assemble(isa.db, body + "\nEXIT ;\n"), grid=3, engine=engine, **kw)
    assert res.ok, (res.status, res.fault)
    return res.warps


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_uiadd3_64_and_ulea_hi(nv_isa, engine, seed):
    r = random.Random(seed)
    a, b, c = (r.getrandbits(64) for _ in range(3))
    if seed == 1:
        a, b = M64, 1                            # wraps, carry out
    lo = r.getrandbits(32)
    hi = r.getrandbits(32)
    sh = r.randrange(1, 32)
    body = "".join(f"UMOV UR{i}, {v:#x} ;\n" for i, v in
                   enumerate([a & M32, a >> 32, b & M32, b >> 32, c & M32, c >> 32, lo, hi]))
    body += f"""
        UIADD3.64 UR10, UPT, UPT, UR0, UR2, URZ ;
        UIADD3.64 UR12, UP1, UPT, UR0, UR2, UR4 ;
        UIADD3.64 UR14, UPT, UPT, UR4, -0x10, URZ ;
        UIADD3.64 UR16, UPT, UPT, -UR0, UR2, ~UR4 ;
        ULEA.HI UR18, UR6, 0x1, URZ, 0x1c ;
        ULEA.HI UR19, UR6, UR4, UR7, {sh:#x} ;
        ULEA UR20, UR6, UR4, {sh:#x} ;
    """
    for w in _run(nv_isa, body, engine):
        ur = [int(v) for v in w.UR]
        pair = {i: ur[i] | (ur[i + 1] << 32) for i in (10, 12, 14, 16)}.__getitem__
        assert pair(10) == (a + b) & M64
        assert pair(12) == (a + b + c) & M64 and bool(w.UP[1]) == ((a + b + c) >> 64 == 1)
        assert pair(14) == (c - 0x10) & M64
        assert pair(16) == (-a + b + (M64 - c)) & M64
        assert ur[18] == (1 + (lo >> 4)) & M32
        assert ur[19] == ((((hi << 32) | lo) << sh >> 32) + (c & M32)) & M32
        assert ur[20] == ((lo << sh) + (c & M32)) & M32


def _f(bits):
    return struct.unpack("<f", struct.pack("<I", int(bits) & M32))[0]


def _b(v):
    return struct.unpack("<I", struct.pack("<f", v))[0]


@pytest.mark.parametrize("engine", ENGINES)
def test_fmnmx_abs_and_neg_sources(nv_isa, engine):
    vals = [0.25, -0.25, 0.5, -0.75, 3.0, -3.0, 0.0, -0.0, float("inf"), float("-inf"), 1e-3, -1e-3] * 3
    vals = [_f(_b(v)) for v in (vals + [1.0] * 32)[:32]]            # binary32 values
    other = [_f(_b(-v * 0.5 + 0.125)) for v in reversed(vals)]     # binary32 values
    other[6] = -0.0                                                  # lane 6: -(+0) vs |-0|
    init = {"R0": [_b(v) for v in vals], "R1": [_b(v) for v in other]}
    res = nv_isa.launch(assemble(nv_isa.db, """
        FMNMX R5, |R0|, 0.5, !PT ;
        FMNMX R6, -R0, |R1|, PT ;
        FMNMX R7, -|R0|, -R1, !PT ;
        EXIT ;"""), init=init, engine=engine)
    assert res.ok
    w = res.warp()
    for i in range(32):
        a, b = vals[i], other[i]
        assert _f(w.R[5][i]) == max(abs(a), 0.5)
        assert _f(w.R[6][i]) == min(-a, abs(b))
        assert _f(w.R[7][i]) == max(-abs(a), -b)
    assert int(w.R[6][6]) == 0x80000000          # min(-0, +0) is -0


def test_forms_round_trip(nv_isa):
    # the disassembler leaves out default operands (UPT carry outs): its text assembles to the same word
    got = [d.text for d in disassemble(nv_isa.db, assemble(nv_isa.db, "UIADD3.64 UR10, UPT, UPT, UR4, UR6, URZ ;").data)]
    assert got == ["UIADD3.64 UR10, UR4, UR6, URZ"]
    for text in ("UIADD3.64 UR10, UR4, -0x10, URZ", "ULEA.HI UR4, UR12, 0x1, 0x1c", "ULEA.HI UR6, UR4, UR5, UR7, 0x3",
                 "ULEA UR4, UR4, 0x400, 0x2", "FMNMX R5, |R0|, 0.5, !PT", "FMNMX R6, -R1, |R2|, PT"):
        got = [d.text for d in disassemble(nv_isa.db, assemble(nv_isa.db, text + " ;").data)]
        assert got == [text], (text, got)


@pytest.mark.parametrize("engine", ENGINES)
def test_mufu_rcp64h_immediate_is_a_binary64_high_word(nv_isa, engine):
    """Regression (decision GA-6): `MUFU.RCP64H R5, 3.6999988555908203125` (nvcc's double division
    by the constant 3.7) takes 0x400d9999, the high word of that binary64, not float32 bits."""
    res = nv_isa.launch(assemble(nv_isa.db, """
        MUFU.RCP64H R5, 3.6999988555908203125 ;
        MUFU.RSQ64H R6, 4 ;
        MUFU.RCP64H R7, R0 ;
        EXIT ;"""), init={"R0": [0x400D9999] * 32}, engine=engine)
    assert res.ok
    w = res.warp()
    hi = struct.unpack("<Q", struct.pack("<d", 1 / struct.unpack("<d", struct.pack("<Q", 0x400D9999 << 32))[0]))[0] >> 32
    assert int(w.R[5][0]) == hi == int(w.R[7][0])
    assert int(w.R[6][0]) == 0x3FE00000                  # 1 / sqrt(4) = 0.5
    data = assemble(nv_isa.db, "MUFU.RCP64H R5, 3.6999988555908203125 ;").data
    got = [d.text for d in disassemble(nv_isa.db, data)]
    assert got[0].startswith("MUFU.RCP64H R5, 3.69999885559082") and assemble(nv_isa.db, got[0] + " ;").data == data


@pytest.mark.parametrize("engine", ENGINES)
def test_ufadd(nv_isa, engine):
    a, b = _f(_b(1.1)), _f(_b(-2.35))
    den = _f(0x00000100)                      # a binary32 denormal
    body = f"""
        UMOV UR4, {_b(a):#x} ;
        UMOV UR5, {_b(b):#x} ;
        UMOV UR6, 0x100 ;
        UFADD.FTZ UR8, -URZ, -1.2999999523162841797 ;
        UFADD UR9, UR4, -UR5 ;
        UFADD.RZ UR10, |UR5|, 0.5 ;
        UFADD UR11, UR6, URZ ;
        UFADD.FTZ UR12, UR6, URZ ;
        UFADD.RP UR13, UR4, UR5 ;
    """
    for w in _run(nv_isa, body, engine):
        ur = [int(v) for v in w.UR]
        assert _f(ur[8]) == _f(_b(-1.3)) and ur[8] == _b(-1.2999999523162841797)
        assert ur[9] == _b(float(np.float32(np.float64(a) - np.float64(b))))
        exact = abs(b) + 0.5                     # exact in binary64; RZ: truncate the binary32 rounding
        rz = np.float32(exact)
        if abs(float(rz)) > abs(exact):
            rz = np.nextafter(rz, np.float32(0))
        assert ur[10] == _b(float(rz))
        assert _f(ur[11]) == den and ur[12] == 0
        s = np.float64(a) + np.float64(b)
        rp = np.float32(s)
        if float(rp) < s:
            rp = np.nextafter(rp, np.float32(np.inf))
        assert ur[13] == _b(float(rp))


@pytest.mark.parametrize("engine", ENGINES)
def test_ufmul(nv_isa, engine):
    """UFMUL (nvcc sm_120: `UFMUL UR4, UR7, 4` scales a float parameter): the product rounded once
    (numpy's float64 product is exact, then rounded to binary32 by numpy or stepped for .RZ/.RP)."""
    a, b = _f(_b(1.1)), _f(_b(-2.35))
    body = f"""
        UMOV UR4, {_b(a):#x} ;
        UMOV UR5, {_b(b):#x} ;
        UMOV UR6, 0x100 ;
        UFMUL UR8, UR4, 4 ;
        UFMUL UR9, UR4, -UR5 ;
        UFMUL.RZ UR10, |UR5|, 0.1 ;
        UFMUL UR11, UR6, 0.5 ;
        UFMUL.FTZ UR12, UR6, 2 ;
        UFMUL.RP UR13, UR4, UR5 ;
    """
    for w in _run(nv_isa, body, engine):
        ur = [int(v) for v in w.UR]
        assert ur[8] == _b(float(np.float32(np.float64(a) * 4)))
        assert ur[9] == _b(float(np.float32(np.float64(a) * -np.float64(b))))
        exact = abs(np.float64(b)) * np.float64(np.float32(0.1))
        rz = np.float32(exact)
        if abs(float(rz)) > abs(exact):
            rz = np.nextafter(rz, np.float32(0))
        assert ur[10] == _b(float(rz))
        assert ur[11] == 0x80 and ur[12] == 0                  # a denormal halved exactly; .FTZ flushes
        p = np.float64(a) * np.float64(b)
        rp = np.float32(p)
        if float(rp) < p:
            rp = np.nextafter(rp, np.float32(np.inf))
        assert ur[13] == _b(float(rp))


@pytest.mark.parametrize("engine", ENGINES)
def test_ufmul_scale_and_sat(nv_isa, engine):
    """Regression (D8-2): sm_120's `UFMUL.D4.SAT UR4, UR4, UR5` (`__saturatef(p * q * 0.25f)` of two
    float parameters), refused before: the product rounded, scaled and rounded again, clamped."""
    vals = [(1.1, 2.35), (-3.0, 0.7), (3e38, 4.0), (1e-38, 0.3), (0.7, 1.9)]
    body = "".join(f"UMOV UR{4 + 2 * j}, {_b(a):#x} ;\nUMOV UR{5 + 2 * j}, {_b(b):#x} ;\n"
                   f"UFMUL.D4.SAT UR{20 + j}, UR{4 + 2 * j}, UR{5 + 2 * j} ;\n"
                   f"UFMUL.M8 UR{30 + j}, UR{4 + 2 * j}, UR{5 + 2 * j} ;\n" for j, (a, b) in enumerate(vals))
    for w in _run(nv_isa, body, engine):
        ur = [int(v) for v in w.UR]
        for j, (a, b) in enumerate(vals):
            with np.errstate(over="ignore"):
                p = np.float32(np.float64(np.float32(a)) * np.float64(np.float32(b)))     # one rounding
                d4, m8 = np.float32(np.float64(p) / 4), np.float32(np.float64(p) * 8)
            assert ur[20 + j] == _b(float(min(max(d4, np.float32(0)), np.float32(1))) + 0.0), j
            assert ur[30 + j] == _b(float(m8)), j


@pytest.mark.parametrize("engine", ENGINES)
def test_p2r_byte_forms_and_r2p_byte_selector(nv_isa, engine):
    """P2R.B1/.B2/.B3 pack the predicates into byte k; R2P PR, R3.Bk reads byte k (GA-10)."""
    res = nv_isa.launch(assemble(nv_isa.db, """
        S2R R0, SR_LANEID ;
        R2P PR, R0, 0x7f ;                 // Pi = bit i of the lane id
        MOV R3, 0x11223344 ;
        P2R.B1 R3, PR, R3, 0x7f ;
        P2R.B2 R4, PR, RZ, 0x3 ;
        P2R.B3 R5, PR, R3, 0xff ;
        P2R R6, PR, R3, 0x7f ;
        LOP3.LUT R7, R0, 0x1f, RZ, 0x3c, !PT ;  // lane ^ 31
        SHF.L.U32 R8, R7, 0x10, RZ ;
        R2P PR, R8.B2, 0x7f ;              // Pi = bit i of (lane ^ 31)
        P2R R9, PR, RZ, 0x7f ;
        EXIT ;"""), engine=engine)
    assert res.ok
    w = res.warp()
    for lane in range(32):
        b1 = (0x11223344 & ~0x7F00) | (lane << 8)
        assert int(w.R[3][lane]) == b1
        assert int(w.R[4][lane]) == (lane & 3) << 16
        assert int(w.R[5][lane]) == (b1 & 0x00FFFFFF) | (lane << 24)       # bit 7 of the packed value is 0
        assert int(w.R[6][lane]) == (b1 & ~0x7F) | lane
        assert int(w.R[9][lane]) == lane ^ 31
    for text in ("P2R.B1 R3, PR, R3, 0x7f", "R2P PR, R3.B1, 0x7f", "R2P PR, R3, 0x7f", "P2R R0, PR, RZ, 0x1"):
        got = [d.text for d in disassemble(nv_isa.db, assemble(nv_isa.db, text + " ;").data)]
        assert got == [text], (text, got)


def _s32(v):
    v &= M32
    return v - (1 << 32) if v >> 31 else v


@pytest.mark.parametrize("engine", ENGINES)
def test_sgxt_and_vimnmx3(nv_isa, engine):
    """SGXT (nvcc's __fns for sm_120) and VIMNMX3 (sm_90 DPX __vimax3_s32 / __vimin3_u32)."""
    r = random.Random(5)
    a = [r.getrandbits(32) for _ in range(32)]
    b = [r.getrandbits(32) for _ in range(32)]
    c = [r.getrandbits(32) for _ in range(32)]
    n = [i + (40 if i > 28 else 0) for i in range(32)]          # 0..28, then 69.. (clamped / wrapped)
    a[0], b[0], c[0] = 0x80000000, 0x7FFFFFFF, 0xFFFFFFFF
    res = nv_isa.launch(assemble(nv_isa.db, """
        SGXT.U32 R10, R0, 0x4 ;
        SGXT R11, R0, 0x8 ;
        SGXT R12, R0, R3 ;
        SGXT.W.U32 R13, R0, R3 ;
        VIMNMX3 R14, R0, R1, R2, !PT ;
        VIMNMX3 R15, R0, R1, R2, PT ;
        VIMNMX3.U32 R16, R0, 0x9, R2, PT ;
        VIMNMX3.U32 R17, R0, R1, R2, !PT ;
        EXIT ;"""), init={"R0": a, "R1": b, "R2": c, "R3": n}, engine=engine)
    assert res.ok
    w = res.warp()

    def sgxt(v, k, signed):
        k = min(k, 32)
        low = v & ((1 << k) - 1)
        if signed and k and (low >> (k - 1)) & 1:
            low |= M32 & ~((1 << k) - 1)
        return low
    for i in range(32):
        got = [int(w.R[k][i]) for k in range(10, 18)]
        sa, sb, sc = _s32(a[i]), _s32(b[i]), _s32(c[i])
        want = [a[i] & 0xF, sgxt(a[i], 8, True), sgxt(a[i], n[i], True), sgxt(a[i], n[i] % 32, False),
                max(sa, sb, sc) & M32, min(sa, sb, sc) & M32, min(a[i], 9, c[i]), max(a[i], b[i], c[i])]
        assert got == want, (i, [hex(v) for v in got], [hex(v) for v in want])


@pytest.mark.parametrize("engine", ENGINES)
def test_ui2f_ufsetp_ufsel(nv_isa, engine):
    """UI2F / UFSETP / UFSEL (nvcc sm_120 for `(t + 1) % blockDim.x`: `UI2F.U16 UR6, UR5`, then the
    reciprocal's range checks `UFSETP.GEU.AND UP1, UPT, |UR6|, 1.17e-38, UPT` and scale picks
    `UFSEL UR7, UR7, 0.25, !UP0`; decision D2-2). Expected values from Python floats."""
    nan = 0x7FC00000
    body = f"""
        UMOV UR5, 0x12345 ;
        UMOV UR6, 0xfffffff9 ;
        UMOV UR7, {_b(1.5):#x} ;
        UMOV UR8, {nan:#x} ;
        UMOV UR9, {_b(-3.0):#x} ;
        UI2F.U16 UR10, UR5 ;
        UI2F.S16 UR11, UR6 ;
        UI2F.U8 UR12, UR5 ;
        UI2F UR13, UR6 ;
        UI2F.U32 UR14, UR6 ;
        UI2F.U32.RZ UR15, UR6 ;
        UFSETP.GEU.AND UP1, UPT, |UR9|, 1.175494350822287508e-38, UPT ;
        UFSETP.GT.AND UP2, UP3, UR7, UR9, UPT ;
        UFSETP.LT.AND UP4, UPT, UR8, UR7, UPT ;
        UFSETP.LTU.OR UP5, UPT, UR8, UR7, !UPT ;
        UFSETP.EQ.XOR UP6, UPT, -UR9, 3, UP2 ;
        UFSEL UR16, UR7, 1, !UP1 ;
        UFSEL UR17, UR7, 0.25, UP1 ;
        UFSEL UR18, -UR7, |UR9|, UP4 ;
        UFSEL UR19, -UR7, |UR9|, !UP4 ;
    """
    for w in _run(nv_isa, body, engine):
        ur = [int(v) for v in w.UR]
        up = [bool(v) for v in w.UP]
        assert ur[10] == _b(0x2345) and ur[11] == _b(-7.0) and ur[12] == _b(0x45)
        assert ur[13] == _b(-7.0)
        assert ur[14] == _b(float(np.float32(0xFFFFFFF9)))          # 2^32 rounded to nearest
        assert ur[15] == _b(float(np.nextafter(np.float32(2.0 ** 32), np.float32(0))))   # toward zero
        assert up[1] and up[2] and not up[3] and not up[4] and up[5]
        assert up[6] == (not up[2])                                 # 3 == 3, XOR with UP2
        assert ur[16] == _b(1.0) and ur[17] == _b(1.5)              # !UP1 false: SrcB; UP1: URa
        assert ur[18] == _b(3.0) and ur[19] == _b(-1.5)
