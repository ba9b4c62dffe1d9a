"""nv.isa instructions: LEA, VIADD, IABS, POPC, BREV, FLO, IMNMX, VIMNMX, PRMT, FSEL,
I2FP, MUFU, FCHK.  References: Python integers, math, numpy float32/float64."""
from __future__ import annotations

import math

import numpy as np
import pytest

from .conftest import fbits, lanes, s32

M32 = 0xFFFFFFFF


def test_lea_forms(run, rng):
    a, b, c = lanes(rng), lanes(rng)[::-1].copy(), lanes(rng, False)
    w = run("LEA R3, P0, R0, R1, 0x2 ;\n"
            "LEA.HI.X R4, R0, R1, R2, 0x2, P0 ;\n"
            "LEA.HI R5, R0, R1, RZ, 0x1 ;\n"
            "LEA.HI.X.SX32 R6, R0, R1, 0x19, P0 ;\n"
            "LEA R7, R0, 0xc0800000, 0x17 ;", {"R0": a, "R1": b, "R2": c})
    for i in range(32):
        A, B, C = int(a[i]), int(b[i]), int(c[i])
        lo = ((A << 2) & M32) + B
        assert w.R[3][i] == lo & M32 and w.P[0][i] == bool(lo >> 32), i
        hi = (((C << 32 | A) << 2) >> 32) & M32
        assert w.R[4][i] == (hi + B + (lo >> 32)) & M32
        assert w.R[5][i] == ((A >> 31) + B) & M32
        sx = ((s32(A) << 0x19) >> 32) & M32
        assert w.R[6][i] == (sx + B + (lo >> 32)) & M32
        assert w.R[7][i] == ((A << 0x17) + 0xC0800000) & M32


def test_lea_pair_computes_64bit_pointer_plus_scaled_index(run, rng):
    """nvcc: ptr + 4 * (64-bit i) as LEA / LEA.HI.X."""
    ptr = rng.integers(0, 1 << 64, 32, dtype=np.uint64)
    idx = rng.integers(-(1 << 40), 1 << 40, 32).astype(np.int64).view(np.uint64)
    init = {"R0": (idx & M32).astype(np.uint32), "R1": (idx >> np.uint64(32)).astype(np.uint32),
            "R2": (ptr & M32).astype(np.uint32), "R3": (ptr >> np.uint64(32)).astype(np.uint32)}
    w = run("LEA R4, P0, R0, R2, 0x2 ;\nLEA.HI.X R5, R0, R3, R1, 0x2, P0 ;", init)
    for i in range(32):
        assert (int(w.R[5][i]) << 32 | int(w.R[4][i])) == (int(ptr[i]) + 4 * int(idx[i])) % (1 << 64)


def test_viadd_iabs_popc_brev(run, rng):
    a, b = lanes(rng), lanes(rng)[::-1].copy()
    w = run("VIADD R2, R0, 0xffffffe0 ;\nVIADD R3, R0, -R1 ;\nIABS R4, R0 ;\nPOPC R5, R0 ;\nPOPC R6, ~R1 ;\nBREV R7, R0 ;",
            {"R0": a, "R1": b})
    for i in range(32):
        A, B = int(a[i]), int(b[i])
        assert w.R[2][i] == (A - 32) & M32
        assert w.R[3][i] == (A - B) & M32
        assert w.R[4][i] == abs(s32(A)) & M32
        assert w.R[5][i] == bin(A).count("1")
        assert w.R[6][i] == 32 - bin(B).count("1")
        assert w.R[7][i] == int(f"{A:032b}"[::-1], 2)


def test_flo(run, rng):
    a = lanes(rng)
    a[20] = 0
    w = run("FLO.U32 R1, R0 ;\nFLO.U32.SH R2, R0 ;\nFLO R3, R0 ;\nFLO.U32 R4, ~R0 ;", {"R0": a})
    for i in range(32):
        A = int(a[i])
        assert w.R[1][i] == (A.bit_length() - 1) & M32
        assert w.R[2][i] == (32 - A.bit_length() if A else M32)
        v = (~A & M32) if A >> 31 else A
        assert w.R[3][i] == (v.bit_length() - 1) & M32
        assert w.R[4][i] == ((~A & M32).bit_length() - 1) & M32


def test_imnmx_vimnmx(run, rng):
    a, b = lanes(rng), lanes(rng)[::-1].copy()
    w = run("IMNMX R2, R0, R1, PT ;\nIMNMX.U32 R3, R0, R1, !PT ;\nVIMNMX.S32 R4, R0, R1, !PT ;\n"
            "VIMNMX.U32 R5, R0, R1, PT ;\nVIMNMX R6, R0, 0x10, PT ;", {"R0": a, "R1": b})
    for i in range(32):
        A, B = int(a[i]), int(b[i])
        assert w.R[2][i] == min(s32(A), s32(B)) & M32
        assert w.R[3][i] == max(A, B)
        assert w.R[4][i] == max(s32(A), s32(B)) & M32
        assert w.R[5][i] == min(A, B)
        assert w.R[6][i] == min(s32(A), 16) & M32


def _byte_perm(x, y, s):
    """CUDA __byte_perm reference (the CUDA Math API's definition)."""
    b = [(x >> (8 * k)) & 0xFF for k in range(4)] + [(y >> (8 * k)) & 0xFF for k in range(4)]
    r = 0
    for k in range(4):
        n = (s >> (4 * k)) & 0xF
        v = b[n & 7]
        if n & 8:
            v = 0xFF if v & 0x80 else 0
        r |= v << (8 * k)
    return r


def test_prmt(run, rng):
    a, c = lanes(rng), lanes(rng)[::-1].copy()
    sel = rng.integers(0, 1 << 16, 32).astype(np.uint32)
    w = run("PRMT R3, R0, 0x5140, R2 ;\nPRMT R4, R0, R1, R2 ;\nPRMT R5, R0, 0x8888, RZ ;",
            {"R0": a, "R1": sel, "R2": c})
    for i in range(32):
        assert w.R[3][i] == _byte_perm(int(a[i]), int(c[i]), 0x5140)
        assert w.R[4][i] == _byte_perm(int(a[i]), int(c[i]), int(sel[i]))
        assert w.R[5][i] == _byte_perm(int(a[i]), 0, 0x8888)


def test_fsel_and_i2fp(run, rng):
    a = lanes(rng)
    w = run("ISETP.LT.AND P0, PT, R0, RZ, PT ;\nFSEL R1, R0, -INF, P0 ;\n"
            "I2FP.F32.S32 R2, R0 ;\nI2FP.F32.U32 R3, R0 ;\nI2FP.F32.U32.RZ R4, R0 ;\n"
            "I2FP.F32.S32.RM R5, R0 ;\nI2FP.F32.U32.RP R6, R0 ;", {"R0": a})
    for i in range(32):
        A = int(a[i])
        assert w.R[1][i] == (A if s32(A) < 0 else 0xFF800000)
        assert w.R[2][i] == fbits(np.float32(s32(A)))               # numpy: round to nearest even
        assert w.R[3][i] == fbits(np.float32(A))
        for reg, val, mode in ((4, A, "RZ"), (5, s32(A), "RM"), (6, A, "RP")):
            assert w.R[reg][i] == _directed(val, mode), (i, mode, A)


def _directed(v: int, mode: str) -> int:
    """Integer v rounded to float32 in a directed mode, with exact integer arithmetic."""
    n = np.float32(v)                              # nearest
    if int(n) == v:
        return fbits(n)
    below = np.nextafter(n, np.float32(-np.inf)) if int(n) > v else n
    above = n if int(n) > v else np.nextafter(n, np.float32(np.inf))
    pick = {"RM": below, "RP": above, "RZ": below if v > 0 else above}[mode]
    return fbits(pick)


MUFU_CASES = [1.0, 2.0, 3.0, 0.1, 1e-20, 1e20, 100.0, -7.25, 0.0, -0.0, 1e-40, float("inf"), float("-inf"),
              0.25, 0.75, -0.125, 12345.678, 3.4e38]


@pytest.mark.parametrize("op,ref", [
    ("RCP", lambda v: 1.0 / v if v else math.copysign(math.inf, v)),
    ("RSQ", lambda v: (math.copysign(math.inf, v) if v == 0 else (math.nan if v < 0 else 1 / math.sqrt(v)))),
    ("SQRT", lambda v: math.nan if v < 0 else math.sqrt(v)),
    ("EX2", lambda v: 2.0 ** v if v < 1024 else math.inf),
    ("LG2", lambda v: -math.inf if v == 0 else (math.nan if v < 0 else math.log2(v))),
    ("SIN", lambda v: math.nan if math.isinf(v) else math.sin(2 * math.pi * math.fmod(v, 1.0))),
    ("COS", lambda v: math.nan if math.isinf(v) else math.cos(2 * math.pi * math.fmod(v, 1.0))),
])
def test_mufu_is_float64_rounded_once_with_ftz(run, op, ref):
    vals = np.array([np.float32(v) for v in MUFU_CASES] + [np.float32(0.5)] * (32 - len(MUFU_CASES)), np.float32)
    w = run(f"MUFU.{op} R1, R0 ;", {"R0": vals.view(np.uint32)})
    for i, v in enumerate(vals):
        x = float(v)
        if v != 0 and abs(v) < np.finfo(np.float32).tiny:
            x = math.copysign(0.0, x)                       # denormal input flushed
        try:
            r = ref(x)
        except (OverflowError, ValueError):
            r = math.inf
        with np.errstate(all="ignore"):
            f = np.float32(r)
        if f != 0 and abs(f) < np.finfo(np.float32).tiny:
            f = np.float32(math.copysign(0.0, f))            # denormal result flushed
        exp = 0x7FFFFFFF if np.isnan(f) else fbits(f)
        assert w.R[1][i] == exp, (op, x, hex(int(w.R[1][i])), hex(exp))


def test_fchk_flags_every_hard_division(run):
    pairs = [(1.0, 3.0, False), (0.0, 3.0, True), (1.0, 0.0, True), (1.0, 1e-40, True), (math.inf, 2.0, True),
             (2.0, math.nan, True), (1e-40, 3.0, True), (1e30, 1e-30, True), (3.0, 2.0 ** 126, True),
             (6.0, 7.0, False), (-1e10, 3e5, False)]
    a = np.array([np.float32(p[0]) for p in pairs] + [1.0] * (32 - len(pairs)), np.float32)
    b = np.array([np.float32(p[1]) for p in pairs] + [1.0] * (32 - len(pairs)), np.float32)
    w = run("FCHK P0, R0, R1 ;", {"R0": a.view(np.uint32), "R1": b.view(np.uint32)})
    for i, (_, _, flag) in enumerate(pairs):
        assert w.P[0][i] == flag, pairs[i]


def test_scaled_shared_addresses(run):
    """`[Ra.X4+imm]` is Ra * 4 + imm (LDS/STS/ATOMS), nvcc's indexing of int arrays."""
    w = run("S2R R0, SR_LANEID ;\n"
            "IMAD R1, R0, 0x3, RZ ;\nIADD3 R1, R1, 0x7, RZ ;\n"
            "STS [R0.X4+0x100], R1 ;\n"
            "ATOMS.ADD RZ, [R0.X4+0x100], R0 ;\n"
            "LOP3.LUT R2, R0, 0x1f, RZ, 0x3c, !PT ;\n"
            "LDS.U R3, [R2.X4+0x100] ;\n"
            "SHF.R.U32.HI R4, RZ, 0x1, R0 ;\n"
            "LDS.U.64 R6, [R4.X8+0x100] ;\n"
            "STS.128 [R4.X16+0x200], R4 ;\n"
            "LDS R9, [0x200] ;")
    lane = np.arange(32)
    val = 3 * lane + 7 + lane
    assert list(w.R[3]) == list(val[lane ^ 0x1f])
    assert list(w.R[6]) == list(val[2 * (lane >> 1)]) and list(w.R[7]) == list(val[2 * (lane >> 1) + 1])
    assert all(w.R[9] == 0)       # lane 0 and 1 both stored R4=0 at 0x200


def test_float_atomic_add_ftz_and_redg(nv_isa):
    """RED.E.ADD.F32.FTZ.RN (atomicAdd(float)) flushes denormals; REDG is RED; ATOMG with PT."""
    from gpuisa.asm.assembler import assemble
    prog = assemble(nv_isa.db, """
    S2R R0, SR_LANEID ;
    LDC.64 R2, c[0x0][0x0] ;
    LDC R4, c[0x0][0x8] ;
    RED.E.ADD.F32.FTZ.RN.STRONG.GPU [R2.64], R4 ;
    RED.E.ADD.F32 [R2.64+0x4], R4 ;
    REDG.E.ADD.STRONG.GPU [R2.64+0x8], R0 ;
    ATOMG.E.ADD.STRONG.GPU PT, R5, [R2.64+0xc], R0 ;
    ATOMG.E.CAS.STRONG.GPU PT, R6, [R2.64+0x10], RZ, R0 ;
    EXIT ;
""")
    den = int(np.array([1e-40], np.float32).view(np.uint32)[0])
    res = nv_isa.launch(prog, buffers={"b": np.zeros(8, np.uint32)}, params=["b", den])
    assert res.ok, res.fault
    out = res.buffers["b"]
    assert out[0] == 0                                              # 32 flushed denormals: +0
    assert out[1] == int(np.float32(np.float32(1e-40) * 32).view(np.uint32))   # exact: 32 * den
    assert out[2] == sum(range(32)) and out[3] == sum(range(32))
    w = res.warp()
    assert list(w.R[5]) == [sum(range(k)) for k in range(32)]       # lanes in order, old values
    # CAS(0 -> lane): lane 0 stores 0, lane 1 sees 0 and stores 1, later lanes see 1 and fail
    assert out[4] == 1 and list(w.R[6]) == [0, 0] + [1] * 30


def test_fsel_neg_lea_bitnot_ldcu_ulea(run, rng):
    a, b = lanes(rng), lanes(rng)[::-1].copy()
    w = run("ISETP.GE.AND P1, PT, R0, RZ, PT ;\nFSEL R2, -R0, R1, !P1 ;\nFSEL R3, R0, -R1, P1 ;\n"
            "LEA.HI.X.SX32 R4, R0, ~R1, 0x1d, PT ;\n"
            "LDCU UR5, c[0x0][0x4] ;\nLDCU.64 UR6, c[0x0][0x8] ;\nULEA UR8, UR5, UR6, 0x18 ;\nULEA UR9, UR7, 0x400, 0x2 ;\n"
            "MOV R5, UR8 ;\nMOV R6, UR9 ;",
            {"R0": a, "R1": b}, params=[0x11, 0x22, 0x33, 0x44])
    for i in range(32):
        A, B = int(a[i]), int(b[i])
        neg = A >> 31
        assert w.R[2][i] == ((A ^ 0x80000000) if neg else B)
        assert w.R[3][i] == (A if not neg else B ^ 0x80000000)
        hi = ((s32(A) << 0x1d) >> 32) & M32
        assert w.R[4][i] == (hi + (~B & M32) + 1) & M32          # Pp = PT with .X: carry in 1
        assert w.R[5][i] == ((0x22 << 0x18) + 0x33) & M32
        assert w.R[6][i] == (0x44 << 2) + 0x400
