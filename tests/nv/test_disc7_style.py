"""Forms found by a second author's corpus of the hidden corpus's kinds (seventh discovery round,
decisions D7-style-N).  Expectations computed with numpy float32 / Python integers."""
from __future__ import annotations

import numpy as np
import pytest

from gpuisa.asm.assembler import assemble
from gpuisa.errors import AsmError
from gpuisa.sim.state import SHARED_WINDOW

ENGINES = ["batched", "reference"]


def _f(bits) -> np.ndarray:
    return np.asarray(bits, np.uint32).view(np.float32)


@pytest.mark.parametrize("engine", ENGINES)
def test_vector_float_atomics_f32x2_f32x4(nv_isa, engine):
    """D7-style-1: `atomicAdd(float2 *)`/`(float4 *)` (sm_90+): ATOMG/REDG `.ADD.F32x2`/`.F32x4`,
    one float32 add per component, lanes in order, the old vector in Rd..Rd+k-1; `.FTZ` flushes."""
    g = np.zeros(4 + 4 + 4, np.float32)
    g[:2] = [1.0, -2.0]
    g[4:8] = [0.25, 3e-39, 1e30, -1.0]          # a denormal component: flushed by .FTZ
    res = nv_isa.launch(assemble(nv_isa.db, """
        S2R R0, SR_LANEID ;
        MOV R2, c[0x0][0x0] ;
        MOV R3, c[0x0][0x4] ;
        I2F R8, R0 ;                                  // (lane, lane / 2, 1.5, -lane)
        FMUL R9, R8, 0.5 ;
        MOV R10, 0x3fc00000 ;
        FADD R11, -R8, RZ ;
        ATOMG.E.ADD.F32x2.FTZ.RN.STRONG.GPU PT, R4, [R2.64], R8 ;
        ATOMG.E.ADD.F32x4.FTZ.RN.STRONG.GPU PT, R12, [R2.64+0x10], R8 ;
        REDG.E.ADD.F32x4.FTZ.RN.STRONG.GPU [R2.64+0x20], R8 ;
        EXIT ;"""), buffers={"g": g}, params=["g"], engine=engine)
    assert res.ok, res.fault
    w = res.warp()
    v2, v4, r4 = np.float32([1, -2]), np.float32([0.25, 3e-39, 1e30, -1]), np.zeros(4, np.float32)
    for lane in range(32):
        ops = np.float32([lane, lane * 0.5, 1.5, -lane])
        assert list(_f([w.R[4][lane], w.R[5][lane]])) == list(v2), lane
        assert list(_f([w.R[12 + j][lane] for j in range(4)])) == list(v4), lane
        v2 = v2 + ops[:2]
        v4 = np.where(np.abs(v4) < np.float32(2.0 ** -126), np.float32(0), v4) + ops   # the old value as read, flushed
        r4 = r4 + ops
    assert list(res.buffers["g"]) == list(v2) + [0, 0] + list(v4) + list(r4)


@pytest.mark.parametrize("engine", ENGINES)
def test_generic_f32x2_atom_on_global_addresses_only(nv_isa, engine):
    """The generic ATOM with `.F32x2` is performed on global addresses only, as `.F16x2` (GA-7)."""
    g = np.zeros(2, np.float32)
    res = nv_isa.launch(assemble(nv_isa.db, f"""
        S2R R0, SR_LANEID ;
        MOV R2, c[0x0][0x0] ;
        MOV R3, c[0x0][0x4] ;
        LOP3.LUT P1, RZ, R0, 0x1, RZ, 0xc0, !PT ;
        @P1 MOV R2, 0x10 ;
        @P1 MOV R3, {SHARED_WINDOW >> 32:#x} ;
        MOV R6, 0x3f800000 ;
        MOV R7, 0x40000000 ;
        ATOM.E.ADD.F32x2.FTZ.RN.STRONG.GPU P0, RZ, [R2.64], R6 ;
        LDS.64 R8, [0x10] ;
        EXIT ;"""), buffers={"g": g}, params=["g"], shared_size=64, engine=engine)
    assert res.ok, res.fault
    w = res.warp()
    assert list(w.P[0]) == [i % 2 == 0 for i in range(32)]
    assert list(res.buffers["g"]) == [16.0, 32.0] and int(w.R[8][0]) == int(w.R[9][0]) == 0


def test_vector_float_atomics_misaligned_and_refused_forms(nv_isa):
    g = np.zeros(8, np.float32)
    res = nv_isa.launch(assemble(nv_isa.db, """
        MOV R2, c[0x0][0x0] ;
        MOV R3, c[0x0][0x4] ;
        REDG.E.ADD.F32x4.FTZ.RN.STRONG.GPU [R2.64+0x8], R8 ;
        EXIT ;"""), buffers={"g": g}, params=["g"])
    assert res.status == "misaligned"
    for bad in ("REDG.E.MIN.F32x2 [R2.64], R8 ;", "ATOMS.ADD.F32x2 RZ, [R2], R8 ;",
                "ATOMG.E.CAS.F32x4 PT, R4, [R2.64], R8, R10 ;"):
        with pytest.raises(AsmError):
            assemble(nv_isa.db, bad)


@pytest.mark.parametrize("engine", ENGINES)
def test_uimad_negated_urc(nv_isa, engine):
    """D7-style-2: `UIMAD UR5, UR5, 0x3, -UR7` (sm_100/sm_120, `3 * a - b`): URc negated at the
    width used (2^32 - URc; 2^64 - URc.64 with `.WIDE`)."""
    a, b, c64 = 0x7654321, 0x9abcdef0, 0x1_2345_6789
    res = nv_isa.launch(assemble(nv_isa.db, f"""
        UMOV UR5, {a:#x} ;
        UMOV UR7, {b:#x} ;
        UMOV UR8, {c64 & 0xffffffff:#x} ;
        UMOV UR9, {c64 >> 32:#x} ;
        UMOV UR10, 0xfffffffd ;
        UIMAD UR4, UR5, 0x3, -UR7 ;
        UIMAD UR6, UR5, UR10, -UR7 ;
        UIMAD.WIDE UR12, UR5, UR10, -UR8 ;
        MOV R0, UR4 ;
        MOV R1, UR6 ;
        MOV R2, UR12 ;
        MOV R3, UR13 ;
        EXIT ;"""), engine=engine)
    assert res.ok, res.fault
    w = res.warp()
    wide = (a * -3 - c64) % 2 ** 64
    assert [int(w.R[k][0]) for k in range(4)] == [(3 * a - b) % 2 ** 32, (a * -3 - b) % 2 ** 32,
                                                  wide & 0xffffffff, wide >> 32]
    with pytest.raises(AsmError):
        assemble(nv_isa.db, "UIMAD.HI UR4, UR5, 0x3, -UR7 ;")
    assemble(nv_isa.db, "UIMAD.HI.U32 UR4, UR5, UR6, UR4 ;")      # .HI without `-` (sm_120 local arrays)


@pytest.mark.parametrize("engine", ENGINES)
def test_ldg_stg_256(nv_isa, engine):
    """D7-style-4: `LDG.E.ENL2.256 Rd, Re, [addr]{, mask}` (sm_100+, `double4_32a`): bytes 0..15 to
    Re..Re+3, 16..31 to Rd..Rd+3, only the words of the mask; `STG.E.ENL2.256 [addr], Rb, Rc`: Rb..Rb+3
    to bytes 0..15, Rc..Rc+3 to 16..31."""
    g = np.arange(64, dtype=np.uint32) * 0x01010101 + 7
    res = nv_isa.launch(assemble(nv_isa.db, """
        S2R R0, SR_LANEID ;
        MOV R2, c[0x0][0x0] ;
        MOV R3, c[0x0][0x4] ;
        LOP3.LUT R0, R0, 0x1, RZ, 0xc0, !PT ;
        IMAD.WIDE.U32 R2, R0, 0x20, R2 ;              // lane & 1: 32-byte element 0 or 1
        MOV R8, 0x55 ;
        MOV R9, 0x66 ;
        LDG.E.ENL2.256.CONSTANT R12, R16, [R2.64] ;
        LDG.E.ENL2.256 R6, R20, [R2.64], 0x3f ;       // words 6, 7 dead: R8, R9 kept
        STG.E.ENL2.256 [R2.64+0x80], R16, R12 ;       // the element back, in place
        STG.E.ENL2.256 [R2.64+0x40], R12, R16 ;       // halves swapped
        EXIT ;"""), buffers={"g": g}, params=["g"], engine=engine)
    assert res.ok, res.fault
    w = res.warp()
    for lane in (0, 1, 30, 31):
        e = [int(v) for v in g[8 * (lane & 1):8 * (lane & 1) + 8]]
        assert [int(w.R[16 + k][lane]) for k in range(4)] == e[:4]
        assert [int(w.R[12 + k][lane]) for k in range(4)] == e[4:]
        assert [int(w.R[20 + k][lane]) for k in range(4)] == e[:4]
        assert [int(w.R[k][lane]) for k in (6, 7, 8, 9)] == e[4:6] + [0x55, 0x66]
    out = [int(v) for v in res.buffers["g"]]
    assert out[32:48] == out[:16] and out[16:20] == out[4:8] and out[20:24] == out[:4]


def test_ldg_256_misaligned_and_refused_forms(nv_isa):
    g = np.zeros(32, np.uint32)
    res = nv_isa.launch(assemble(nv_isa.db, """
        MOV R2, c[0x0][0x0] ;
        MOV R3, c[0x0][0x4] ;
        LDG.E.ENL2.256 R8, R4, [R2.64+0x10] ;
        EXIT ;"""), buffers={"g": g}, params=["g"])
    assert res.status == "misaligned"
    for bad in ("LDG.E.256 R8, [R2.64] ;", "LDG.E.128 R8, R4, [R2.64] ;", "STG.E.256 [R2.64], R4 ;",
                "STG.E.64 [R2.64], R4, R8 ;", "LDS.256 R8, [R2] ;"):
        with pytest.raises(AsmError):
            assemble(nv_isa.db, bad)


@pytest.mark.parametrize("engine", ENGINES)
def test_uisetp_64bit(nv_isa, engine):
    """D7-style-5: `UISETP.NE.S64.AND UP0, UPT, UR4, URZ, UPT` (sm_120): one 64-bit compare of the
    uniform pairs, signed or unsigned, an immediate sign-extended to 64 bits."""
    a, b = -(1 << 40) + 5, 3 << 33          # a < b signed, a > b unsigned; equal low words? no
    res = nv_isa.launch(assemble(nv_isa.db, f"""
        UMOV UR4, {a & 0xffffffff:#x} ;
        UMOV UR5, {(a >> 32) & 0xffffffff:#x} ;
        UMOV UR6, {b & 0xffffffff:#x} ;
        UMOV UR7, {b >> 32:#x} ;
        UMOV UR8, 0x0 ;
        UMOV UR9, 0x1 ;                                // 2^32: low word 0
        UISETP.LT.S64.AND UP0, UPT, UR4, UR6, UPT ;
        UISETP.LT.U64.AND UP1, UPT, UR4, UR6, UPT ;
        UISETP.NE.S64.AND UP2, UPT, UR8, URZ, UPT ;
        UISETP.GT.S64.AND UP3, UP4, UR4, -0x1, UPT ;
        PLOP3.LUT P0, PT, PT, PT, UP0, 0x80, 0x0 ;
        PLOP3.LUT P1, PT, PT, PT, UP1, 0x80, 0x0 ;
        PLOP3.LUT P2, PT, PT, PT, UP2, 0x80, 0x0 ;
        PLOP3.LUT P3, PT, PT, PT, UP3, 0x80, 0x0 ;
        PLOP3.LUT P4, PT, PT, PT, UP4, 0x80, 0x0 ;
        EXIT ;"""), engine=engine)
    assert res.ok, res.fault
    w = res.warp()
    assert [bool(w.P[k][0]) for k in range(5)] == [True, False, True, False, True]
    with pytest.raises(AsmError):
        assemble(nv_isa.db, "UISETP.NE.U32.S64.AND UP0, UPT, UR4, URZ, UPT ;")


@pytest.mark.parametrize("engine", ENGINES)
def test_generic_cast_spin_and_qspc_d(nv_isa, engine):
    """D7-style-6: `ATOM.E.CAST.SPIN PT, R9, [R6], R8, R9` (compare and store on a generic address:
    Rd = 1 where stored) and `QSPC.E.D` (the cluster's shared window: the CTA's, clusters of one)."""
    g = np.array([5, 0], np.uint32)
    res = nv_isa.launch(assemble(nv_isa.db, f"""
        S2R R0, SR_LANEID ;
        MOV R6, c[0x0][0x0] ;
        MOV R7, c[0x0][0x4] ;
        LOP3.LUT P1, RZ, R0, 0x1, RZ, 0xc0, !PT ;
        @P1 MOV R6, 0x10 ;
        @P1 MOV R7, {SHARED_WINDOW >> 32:#x} ;        // odd lanes: shared word 4 (0)
        SEL R8, RZ, 0x5, P1 ;                          // the value each lane expects
        IADD3 R9, R0, 0x100, RZ ;
        ATOM.E.CAST.SPIN PT, R10, [R6], R8, R9 ;
        QSPC.E.D P2, RZ, [R6] ;
        QSPC.E.S P3, RZ, [R6] ;
        LDS R11, [0x10] ;
        EXIT ;"""), buffers={"g": g}, params=["g"], shared_size=64, engine=engine)
    assert res.ok, res.fault
    w = res.warp()
    assert [int(w.R[10][i]) for i in range(4)] == [1, 1, 0, 0]    # the first lane of each space stores
    assert int(res.buffers["g"][0]) == 0x100 and int(w.R[11][0]) == 0x101
    assert list(w.P[2]) == list(w.P[3]) == [i % 2 == 1 for i in range(32)]


@pytest.mark.parametrize("engine", ENGINES)
def test_timer_and_id_special_registers(nv_isa, engine):
    """D7-style-7: `CS2UR UR8, SR_CLOCKLO` (sm_100+, clock64() in the uniform datapath),
    `CS2R R6, SR_GLOBALTIMERLO` (%globaltimer), `S2R R0, SR_VIRTID` (%warpid in bits 14..8),
    `S2R R1, SR_VIRTUALSMID` (%smid: 0)."""
    res = nv_isa.launch(assemble(nv_isa.db, """
        NOP ;
        CS2UR UR8, SR_CLOCKLO ;
        CS2R R6, SR_GLOBALTIMERLO ;
        S2R R0, SR_VIRTID ;
        S2R R1, SR_VIRTUALSMID ;
        MOV R2, UR8 ;
        MOV R3, UR9 ;
        EXIT ;"""), block=64, engine=engine)
    assert res.ok, res.fault
    for wi, w in enumerate(res.warps):
        assert int(w.R[0][0]) == wi << 8 and int(w.R[1][5]) == 0
        assert int(w.R[3][0]) == 0 and 0 < int(w.R[2][0]) <= int(w.R[6][0])    # the clock only grows


@pytest.mark.parametrize("engine", ENGINES)
def test_uimad_carry(nv_isa, engine):
    """D7-style-8: nvcc's 64-bit products of kernel parameters (`UIMAD.WIDE.U32 UR6, UP4, UR16,
    UR19, UR6`: carry out of bit 64; `UIMAD.WIDE.U32.X UR6, UR17, UR19, UR8, UP4`: carry in), and the
    32-bit forms: carry out of bit 32, `-URc` by the unbounded rule (-0 carries)."""
    a0, b0, c = 0xFEDCBA98, 0xF00DF00D, 0xFFFF_FFF0_0000_0001
    a1, b1, d = 0x76543211, 0x12345679, 0x1111_2222_3333_4444
    res = nv_isa.launch(assemble(nv_isa.db, f"""
        UMOV UR16, {a0:#x} ;
        UMOV UR17, {a1:#x} ;
        UMOV UR18, {b0:#x} ;
        UMOV UR19, {b1:#x} ;
        UMOV UR8, {c & 0xffffffff:#x} ;
        UMOV UR9, {c >> 32:#x} ;
        UMOV UR10, {d & 0xffffffff:#x} ;
        UMOV UR11, {d >> 32:#x} ;
        UIMAD.WIDE.U32 UR4, UP0, UR16, UR18, UR8 ;
        UIMAD.WIDE.U32.X UR6, UR17, UR19, UR10, UP0 ;
        UIMAD.WIDE.U32.X UR12, UR17, 0x3, UR10, !UP0 ;
        UMOV UR20, 0xffffffff ;
        UIMAD UR21, UP2, UR20, 0x1, UR20 ;
        UIMAD UR22, UP3, UR20, 0x1, -URZ ;
        UIMAD UR23, UP4, UR20, 0x1, -UR20 ;
        PLOP3.LUT P0, PT, PT, PT, UP0, 0x80, 0x0 ;
        PLOP3.LUT P2, PT, PT, PT, UP2, 0x80, 0x0 ;
        PLOP3.LUT P3, PT, PT, PT, UP3, 0x80, 0x0 ;
        PLOP3.LUT P4, PT, PT, PT, UP4, 0x80, 0x0 ;
        MOV R0, UR4 ;
        MOV R1, UR5 ;
        MOV R2, UR6 ;
        MOV R3, UR7 ;
        MOV R4, UR21 ;
        MOV R5, UR22 ;
        MOV R6, UR23 ;
        MOV R7, UR12 ;
        MOV R8, UR13 ;
        EXIT ;"""), engine=engine)
    assert res.ok, res.fault
    w = res.warp()
    s1 = a0 * b0 + c
    cy = s1 >> 64
    s2 = (a1 * b1 + d + cy) % 2 ** 64
    s3 = (a1 * 3 + d + (1 - cy)) % 2 ** 64
    assert cy == 1 and bool(w.P[0][0])
    assert [int(w.R[k][0]) for k in range(4)] == [s1 & 0xFFFFFFFF, (s1 >> 32) & 0xFFFFFFFF, s2 & 0xFFFFFFFF, s2 >> 32]
    assert [int(w.R[7][0]), int(w.R[8][0])] == [s3 & 0xFFFFFFFF, s3 >> 32]
    assert [int(w.R[k][0]) for k in (4, 5, 6)] == [0xFFFFFFFE, 0xFFFFFFFF, 0]
    assert [bool(w.P[k][0]) for k in (2, 3, 4)] == [True, True, True]
    # UIMAD.HI with a carry: the 64-bit sum as IMAD.HI's (D11-F-5; tests/nv/test_uniform.py)
    assemble(nv_isa.db, "UIMAD.HI.U32.X UR4, UR5, UR6, UR4, UP0 ;")


@pytest.mark.parametrize("engine", ENGINES)
def test_uimnmx(nv_isa, engine):
    """D7-style-9: `UIMNMX.U64 UPT, UPT, UR10, UR8, UR10, !UPT, !UPT` (sm_120, max of 64-bit kernel
    parameters): IMNMX on uniform registers, 32- and 64-bit, UPu = URa chosen."""
    a, b = (1 << 63) + 5, 7                         # unsigned a > b, signed a < b
    res = nv_isa.launch(assemble(nv_isa.db, f"""
        UMOV UR8, {a & 0xffffffff:#x} ;
        UMOV UR9, {a >> 32:#x} ;
        UMOV UR10, {b:#x} ;
        UMOV UR11, 0x0 ;
        UIMNMX.U64 UPT, UPT, UR12, UR8, UR10, !UPT, !UPT ;
        UIMNMX.S64 UP0, UP1, UR14, UR8, UR10, !UPT, !UPT ;
        UIMNMX UR16, UR9, 0x10, UPT ;
        UIMNMX.U32 UR17, UR9, 0x10, UPT ;
        MOV R0, UR12 ;
        MOV R1, UR13 ;
        MOV R2, UR14 ;
        MOV R3, UR15 ;
        MOV R4, UR16 ;
        MOV R5, UR17 ;
        PLOP3.LUT P0, PT, PT, PT, UP0, 0x80, 0x0 ;
        PLOP3.LUT P1, PT, PT, PT, UP1, 0x80, 0x0 ;
        EXIT ;"""), engine=engine)
    assert res.ok, res.fault
    w = res.warp()
    assert [int(w.R[k][0]) for k in range(6)] == [a & 0xffffffff, a >> 32, b, 0, a >> 32, 0x10]
    assert [bool(w.P[0][0]), bool(w.P[1][0])] == [False, True]


@pytest.mark.parametrize("engine", ENGINES)
def test_shf_constant_high_word(nv_isa, engine):
    """D7-style-10: `SHF.L.U64.HI R24, R21, R24, c[0x0][0x184]` (sm_80-sm_89): the funnel shift's
    high word from constant memory (SHF_RRC)."""
    g = np.zeros(1, np.uint32)
    res = nv_isa.launch(assemble(nv_isa.db, """
        S2R R0, SR_LANEID ;
        MOV R2, c[0x0][0x0] ;
        SHF.L.U64.HI R4, R2, R0, c[0x0][0x4] ;
        SHF.R.U64 R5, R2, R0, c[0x0][0x4] ;
        MOV R6, c[0x0][0x4] ;
        EXIT ;"""), buffers={"g": g}, params=["g"], engine=engine)
    assert res.ok, res.fault
    w = res.warp()
    lo, hi = int(w.R[2][0]), int(w.R[6][0])
    v = (hi << 32) | lo
    assert [int(w.R[4][n]) for n in range(32)] == [((v << n) >> 32) & 0xFFFFFFFF for n in range(32)]
    assert [int(w.R[5][n]) for n in range(32)] == [(v >> n) & 0xFFFFFFFF for n in range(32)]


@pytest.mark.parametrize("engine", ENGINES)
def test_ubrev(nv_isa, engine):
    """D7-style-12: `UBREV UR5, UR9` (`__brevll` of a kernel parameter, every target)."""
    v = 0x1234_5679
    res = nv_isa.launch(assemble(nv_isa.db, f"""
        UMOV UR9, {v:#x} ;
        UBREV UR5, UR9 ;
        UBREV UR6, 0x1 ;
        MOV R0, UR5 ;
        MOV R1, UR6 ;
        EXIT ;"""), engine=engine)
    assert res.ok, res.fault
    w = res.warp()
    assert [int(w.R[0][3]), int(w.R[1][0])] == [int(f"{v:032b}"[::-1], 2), 0x80000000]


@pytest.mark.parametrize("engine", ENGINES)
def test_vabsdiff4_immediate_and_prmt_constant(nv_isa, engine):
    """D7-style-13: `VABSDIFF4.U8 R14, R2, 0x7, RZ` (`__vabsdiffu4(u, 7u)`) and `PRMT R25, R6, R25,
    c[0x0][0x168]` (the high source word from constant memory)."""
    g = np.zeros(1, np.uint32)
    res = nv_isa.launch(assemble(nv_isa.db, """
        S2R R0, SR_LANEID ;
        IMAD R2, R0, 0x01030507, RZ ;
        VABSDIFF4.U8 R14, R2, 0x07010203, RZ ;
        MOV R6, 0x44332211 ;
        MOV R25, 0x3210 ;
        IMAD R25, R0, 0x1111, R25 ;
        PRMT R4, R6, R25, c[0x0][0x0] ;
        MOV R5, c[0x0][0x0] ;
        EXIT ;"""), buffers={"g": g}, params=["g"], engine=engine)
    assert res.ok, res.fault
    w = res.warp()
    hi = int(w.R[5][0])
    for lane in (0, 1, 2, 4):                       # selector nibbles below 8 (no sign replication)
        v = (lane * 0x01030507) & 0xFFFFFFFF
        d = [abs(((v >> (8 * i)) & 0xFF) - ((0x07010203 >> (8 * i)) & 0xFF)) for i in range(4)]
        assert int(w.R[14][lane]) == d[0] | d[1] << 8 | d[2] << 16 | d[3] << 24
        sel = (lane * 0x1111 + 0x3210) & 0xFFFFFFFF
        src = (hi << 32) | 0x44332211
        assert int(w.R[4][lane]) == sum(((src >> (8 * ((sel >> (4 * i)) & 7))) & 0xFF) << (8 * i) for i in range(4))


@pytest.mark.parametrize("engine", ENGINES)
def test_half_sources_in_constants_and_uniform_registers(nv_isa, engine):
    """D7-style-14: `__half` kernel parameters: `HADD2 R0, R0.H0_H0, -UR4.H0_H0`, `HMUL2 R0, R6.H1_H1,
    UR4.H0_H0`, `HSETP2.GT.AND P0, PT, R5.H0_H0, UR6.H0_H0, PT` (sm_90+), `F2FP.F16.F32.PACK_AB R0, RZ,
    UR4`, and `HMUL2 R2, R0.H0_H0, c[0x0] [0x16c].H1_H1` / `HSETP2 ... c[0x0] [0x168].H0_H0` (sm_75-sm_89):
    the selector of a constant or uniform source is the modifier .csel (nvdisasm's spelling rewritten)."""
    from gpuisa.asm.lexer import blank_listing_noise
    text = blank_listing_noise("""
        S2R R0, SR_LANEID ;
        I2F.F16 R0, R0 ;
        MOV R9, 0x44003c00 ;
        R2UR UR4, R9 ;
        HSETP2.GT.AND P0, PT, R0.H0_H0, UR4.H0_H0, PT ;
        HADD2 R3, R0.H0_H0, -UR4.H0_H0 ;
        HMUL2 R4, R0.H0_H0, UR4.H1_H1 ;
        MOV R10, 0x3fc00000 ;
        R2UR UR5, R10 ;
        F2FP.F16.F32.PACK_AB R5, RZ, UR5 ;
        EXIT ;""")
    res = nv_isa.launch(assemble(nv_isa.db, text), engine=engine)
    assert res.ok, res.fault
    w = res.warp()

    def h(bits):
        return float(np.array(bits & 0xFFFF, np.uint16).view(np.float16))
    for lane in (0, 1, 2, 5):
        assert bool(w.P[0][lane]) == (lane > 1)
        assert h(int(w.R[3][lane])) == lane - 1.0 and h(int(w.R[4][lane])) == lane * 4.0
        assert h(int(w.R[4][lane]) >> 16) == lane * 4.0
    assert int(w.R[5][0]) == 0x3E00
    from gpuisa.asm.disassembler import disassemble
    for line, want in (("HMUL2 R2, R0.H0_H0, c[0x0] [0x16c].H1_H1 ;", "HMUL2.H1_H1 R2, R0.H0_H0, c[0x0][0x16c]"),
                       ("HSETP2.GT.AND P0, PT, R3.H0_H0, c[0x0] [0x168].H0_H0, PT ;",
                        "HSETP2.GT.AND.H0_H0 P0, PT, R3.H0_H0, c[0x0][0x168], PT")):
        prog = assemble(nv_isa.db, blank_listing_noise(line))
        assert [d.text for d in disassemble(nv_isa.db, prog.data)][0].startswith(want)
