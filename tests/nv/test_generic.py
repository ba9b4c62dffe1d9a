"""Generic-address memory (generic.isa): LD, ST, ATOM and QSPC route each lane by the window
its 64-bit address lies in -- shared (0x7f00_0000_0000 + offset), local (0x7e00_0000_0000 +
offset, private to the thread) or global -- and the CUDA ABI gives nvcc the windows
(decision GA-1).  Expected values are computed with Python integers."""
from __future__ import annotations

import numpy as np
import pytest

from gpuisa.asm.assembler import assemble
from gpuisa.sim.state import LOCAL_WINDOW, SHARED_WINDOW

SH_HI, LO_HI = SHARED_WINDOW >> 32, LOCAL_WINDOW >> 32
ENGINES = ["batched", "reference"]


def _run(isa, text, engine, **kw):
    res = isa.launch(assemble(isa.db, text + "\nEXIT ;\n"), engine=engine, **kw)
    assert res.ok, (res.status, res.fault)
    return res


@pytest.mark.parametrize("engine", ENGINES)
def test_ld_st_through_the_shared_local_and_global_windows(nv_isa, engine):
    g = np.zeros(64, np.uint32)
    res = _run(nv_isa, f"""
        S2R R0, SR_LANEID ;
        MOV R1, 0x4000 ;
        IMAD R20, R0, 0x3, RZ ;
        STS [R0.X4], R20 ;                            // shared[lane] = 3 * lane
        IADD3 R21, R0, 0x64, RZ ;
        STL [R1+-0x80], R21 ;                         // own local word at 0x3f80 = lane + 100
        IMAD.SHL.U32 R2, R0, 0x4, RZ ;
        MOV R3, {SH_HI:#x} ;
        LD.E R6, [R2.64] ;                            // shared[lane]
        MOV R4, 0x3f80 ;
        MOV R5, {LO_HI:#x} ;
        LD.E R7, [R4.64] ;                            // the lane's own local word
        IADD3 R22, R0, 0x1000, RZ ;
        ST.E [R4.64+0x4], R22 ;                       // local 0x3f84 = lane + 0x1000
        LDL R8, [R1+-0x7c] ;
        ST.E [R2.64+0x80], R21 ;                      // shared[32 + lane] = lane + 100
        LDS R9, [R0.X4+0x80] ;
        MOV R10, c[0x0][0x0] ;
        MOV R11, c[0x0][0x4] ;
        IMAD.WIDE.U32 R12, R0, 0x4, R10 ;
        ST.E [R12.64], R20 ;                          // g[lane] = 3 * lane (a global address)
        LD.E R15, [R12.64+0x4] ;                      // g[lane + 1] (lane 31: g[32] = 0)
        IMAD.WIDE.U32 R24, R0, 0x8, R10 ;
        LD.E.64 R26, [R24.64] ;                       // g[2 lane], g[2 lane + 1]
        ST.E.U8 [R2.64+0x100], R0 ;
        LDS.U8 R16, [R0.X4+0x100] ;
    """, engine, buffers={"g": g}, params=["g"], shared_size=1024)
    w = res.warps[0]
    lane = list(range(32))
    assert list(w.R[6]) == [3 * i for i in lane]
    assert list(w.R[7]) == [i + 100 for i in lane]
    assert list(w.R[8]) == [i + 0x1000 for i in lane]
    assert list(w.R[9]) == [i + 100 for i in lane]
    assert list(res.buffers["g"][:32]) == [3 * i for i in lane]
    assert list(w.R[15]) == [3 * (i + 1) if i < 31 else 0 for i in lane]
    assert list(w.R[26]) == [6 * i if i < 16 else 0 for i in lane]
    assert list(w.R[27]) == [6 * i + 3 if i < 16 else 0 for i in lane]
    assert list(w.R[16]) == lane


@pytest.mark.parametrize("engine", ENGINES)
def test_atom_mixed_windows_lane_order_and_private_local_words(nv_isa, engine):
    g = np.zeros(4, np.uint32)
    res = _run(nv_isa, f"""
        S2R R0, SR_LANEID ;
        MOV R1, 0x4000 ;
        IADD3 R21, R0, 0x64, RZ ;
        STL [R1+-0x80], R21 ;                         // own local word = lane + 100
        LOP3.LUT P0, RZ, R0, 0x1, RZ, 0xc0, !PT ;     // odd lanes
        MOV R2, RZ ;
        MOV R3, {SH_HI:#x} ;                          // even lanes: shared word 0
        @P0 MOV R2, 0x3f80 ;
        @P0 MOV R3, {LO_HI:#x} ;                      // odd lanes: their own local word (same address)
        LOP3.LUT P1, RZ, R0, 0x3, RZ, 0xc0, !PT ;
        @!P1 MOV R2, c[0x0][0x0] ;
        @!P1 MOV R3, c[0x0][0x4] ;                    // lanes 0, 4, 8, ...: global g[0]
        MOV R12, 0x1 ;
        ATOM.E.ADD.STRONG.GPU PT, R8, [R2.64], R12 ;
        LDL R9, [R1+-0x80] ;
        LDS R10, [RZ] ;
        MOV R13, 0x5 ;
        ATOM.E.CAS.STRONG.GPU PT, R14, [R2.64], R13, R0 ;   // shared word 0 went 0 -> 8 -> ...
        ATOM.E.MAX.S32.STRONG.GPU PT, R15, [R2.64], R0 ;
    """, engine, buffers={"g": g}, params=["g"], shared_size=256)
    w = res.warps[0]
    glob = [i for i in range(32) if i % 4 == 0]
    shar = [i for i in range(32) if i % 2 == 0 and i % 4]
    want8 = {}
    for k, i in enumerate(glob):
        want8[i] = k
    for k, i in enumerate(shar):
        want8[i] = k
    for i in range(1, 32, 2):
        want8[i] = i + 100               # each odd lane: its own word, old = lane + 100
    assert [int(v) for v in w.R[8]] == [want8[i] for i in range(32)]
    assert [int(v) for v in w.R[9][1::2]] == [i + 101 for i in range(1, 32, 2)]
    assert int(w.R[10][0]) == len(shar)
    assert list(w.R[14][::4]) == [len(glob)] * 8        # CAS: 8 != 5, nothing swapped
    assert int(res.buffers["g"][0]) == 28                # MAX.S32 with lanes 0, 4, ..., 28
    assert list(w.R[15][::4]) == [8, 8, 8, 8, 12, 16, 20, 24]   # old values, lane order


@pytest.mark.parametrize("engine", ENGINES)
def test_qspc_classifies_each_lane(nv_isa, engine):
    res = _run(nv_isa, f"""
        S2R R0, SR_LANEID ;
        LOP3.LUT R4, R0, 0x3, RZ, 0xc0, !PT ;
        IMAD.SHL.U32 R2, R0, 0x10, RZ ;
        MOV R3, 0x0 ;
        ISETP.EQ.U32.AND P0, PT, R4, 0x1, PT ;
        ISETP.EQ.U32.AND P1, PT, R4, 0x2, PT ;
        ISETP.EQ.U32.AND P2, PT, R4, 0x3, PT ;
        @P0 MOV R3, {SH_HI:#x} ;
        @P1 MOV R3, {LO_HI:#x} ;
        @P2 MOV R3, {SH_HI + 1:#x} ;                  // just past the shared window: global
        QSPC.E.G P3, RZ, [R2] ;
        QSPC.E.S P4, RZ, [R2.64] ;
        QSPC.E.L P5, RZ, [R2.64+0x10] ;
    """, engine)
    w = res.warps[0]
    lanes = range(32)
    assert list(w.P[3]) == [i % 4 in (0, 3) for i in lanes]
    assert list(w.P[4]) == [i % 4 == 1 for i in lanes]
    assert list(w.P[5]) == [i % 4 == 2 for i in lanes]


def test_generic_fault_in_the_shared_window(nv_isa):
    prog = assemble(nv_isa.db, f"MOV R2, 0x400 ;\nMOV R3, {SH_HI:#x} ;\nLD.E R4, [R2.64] ;\nEXIT ;")
    res = nv_isa.launch(prog, shared_size=0x400)
    assert not res.ok and res.fault["kind"] == "memory"
    assert nv_isa.launch(prog, shared_size=0x800).ok


def test_qspc_rd_must_be_rz(nv_isa):
    from gpuisa.errors import AsmError
    with pytest.raises(AsmError):
        assemble(nv_isa.db, "QSPC.E.G P0, R4, [R2] ;")


def test_cuda_abi_windows_in_bank0():
    from gpuisa.cuda.abi import abi_for
    assert abi_for(80).windows() == [(0x18, SHARED_WINDOW), (0x20, LOCAL_WINDOW)]
    assert abi_for(75).windows() == [(0x18, SHARED_WINDOW), (0x20, LOCAL_WINDOW)]
    assert abi_for(90).windows() == [(0x20, LOCAL_WINDOW)]
    assert abi_for(120).windows() == [(0x2F8, LOCAL_WINDOW)]


def test_sr_swinhi_lwinhi(run):
    w = run("S2R R0, SR_SWINHI ;\nS2R R1, SR_LWINHI ;\nS2R R2, SR_SWINLO ;")
    assert int(w.R[0][0]) == SH_HI and int(w.R[1][0]) == LO_HI and int(w.R[2][0]) == 0


@pytest.mark.parametrize("engine", ENGINES)
def test_ldgsts_copies_global_to_shared_at_issue(nv_isa, engine):
    g = (np.arange(256, dtype=np.uint64) * 0x01010101 + 7).astype(np.uint32)
    res = _run(nv_isa, """
        S2R R0, SR_LANEID ;
        MOV R10, c[0x0][0x0] ;
        MOV R11, c[0x0][0x4] ;
        IMAD.WIDE.U32 R2, R0, 0x4, R10 ;
        IMAD.SHL.U32 R7, R0, 0x4, RZ ;
        LDGSTS.E [R7], [R2.64] ;                          // sh[lane] = g[lane]
        IMAD.WIDE.U32 R4, R0, 0x10, R10 ;
        IMAD.SHL.U32 R9, R0, 0x10, RZ ;
        LDGSTS.E.BYPASS.128 [R9+0x80], [R4.64+0x10] ;     // sh[32 + 4 lane ..] = g[4 lane + 4 ..]
        IMAD.WIDE.U32 R12, R0, 0x8, R10 ;
        IMAD.SHL.U32 R14, R0, 0x8, RZ ;
        LDGSTS.E.LTC128B.64 [R14+0x280], [R12.64] ;       // sh[160 + 2 lane ..] = g[2 lane ..]
        LDGDEPBAR ;
        DEPBAR.LE SB0, 0x0 ;
        LDS R20, [R7] ;
        LDS.128 R24, [R9+0x80] ;
        LDS.64 R28, [R14+0x280] ;
    """, engine, buffers={"g": g}, params=["g"], shared_size=1024)
    w = res.warps[0]
    gl = [int(v) for v in g]
    for i in range(32):
        assert int(w.R[20][i]) == gl[i]
        assert [int(w.R[24 + k][i]) for k in range(4)] == gl[4 * i + 4:4 * i + 8]
        assert [int(w.R[28 + k][i]) for k in range(2)] == gl[2 * i:2 * i + 2]


def test_ldgsts_fault_copies_nothing(nv_isa):
    g = np.arange(8, dtype=np.uint32) + 1
    prog = assemble(nv_isa.db, """
        S2R R0, SR_LANEID ;
        MOV R10, c[0x0][0x0] ;
        MOV R11, c[0x0][0x4] ;
        IMAD.WIDE.U32 R2, R0, 0x4, R10 ;
        IMAD.SHL.U32 R7, R0, 0x4, RZ ;
        LDGSTS.E [R7], [R2.64] ;
        EXIT ;""")
    res = nv_isa.launch(prog, buffers={"g": g}, params=["g"], shared_size=256)
    assert res.status == "memory" and "lane 8" in res.fault["message"]


def test_depbar_ldgsts_qspc_forms_round_trip(nv_isa):
    from gpuisa.asm.disassembler import disassemble
    for text in ("DEPBAR.LE SB0, 0x0", "DEPBAR.LE SB1, 0x3", "DEPBAR 0x2, 0x1", "LDGDEPBAR",
                 "LDGSTS.E.BYPASS.128 [R13+0x400], [R4.64]", "LDGSTS.E [R7], [R2.64]",
                 "LDGSTS.E.BYPASS.LTC256B.128.ZFILL [R7+0x500], [R4.64], !P1", "LDGSTS.E.LTC64B.64 [R7], [R2.64]",
                 "QSPC.E.S P3, RZ, [R2.64]", "LD.E.64 R6, [R2.64+0x8]", "ST.E.U8 [R2.64+0x1], R5",
                 "ATOM.E.CAS.STRONG.GPU PT, R7, [R6.64], R8, R10"):
        got = [d.text for d in disassemble(nv_isa.db, assemble(nv_isa.db, text + " ;").data)]
        again = [d.text for d in disassemble(nv_isa.db, assemble(nv_isa.db, got[0] + " ;").data)]
        assert got == again and got[0].split()[0] == text.split()[0], (text, got)


@pytest.mark.parametrize("engine", ENGINES)
def test_ldgsts_source_predicate_zfill_and_hints(nv_isa, engine):
    """cp.async with a source size (decision D7-tut-1): a false source predicate writes zeros
    without reading; `.ZFILL` copies size - (address % size) bytes from the aligned address
    below and zero-fills the rest; `.BYPASS` and `.LTCnB` together are hints. The buffer
    ends 4 bytes before lane 7's 16-byte ZFILL slot: only the bytes read are checked."""
    g = (np.arange(40, dtype=np.uint64) * 0x01010101 + 0x10203).astype(np.uint32)
    res = _run(nv_isa, """
        S2R R0, SR_LANEID ;
        MOV R10, c[0x0][0x0] ;
        MOV R11, c[0x0][0x4] ;
        IMAD.SHL.U32 R9, R0, 0x10, RZ ;
        MOV R20, 0xdeadbeef ;
        STS.128 [R9], R20 ;                               // shared not zero before the copies
        STS.128 [R9+0x200], R20 ;
        STS [R9+0x400], R20 ;
        LOP3.LUT R1, R0, 0x1, RZ, 0xc0, !PT ;
        ISETP.NE.AND P0, PT, R1, RZ, PT ;                 // odd lanes
        ISETP.LT.AND P1, PT, R0, 0x8, PT ;
        IMAD.WIDE.U32 R4, R0, 0x10, R10 ;
        @P1 LDGSTS.E.BYPASS.LTC128B.128 [R9], [R4.64], !P0 ;   // even lanes < 8 copy, odd ones zero
        IADD3 R6, P2, R4, R0, RZ ;                        // + lane % 16 bytes: zero-fill lane bytes
        IMAD.X R7, RZ, RZ, R5, P2 ;
        @P1 LDGSTS.E.BYPASS.LTC64B.128.ZFILL [R9+0x200], [R6.64], P1 ;
        IMAD R12, R0, 0x5, R10 ;                          // 5 lane: z = lane % 4, from 5 lane - z
        MOV R13, R11 ;
        @P1 LDGSTS.E.LTC256B.ZFILL [R9+0x400], [R12.64], P1 ;
        LDGDEPBAR ;
        DEPBAR.LE SB0, 0x0 ;
        LDS.128 R24, [R9] ;
        LDS.128 R28, [R9+0x200] ;
        LDS R32, [R9+0x400] ;
    """, engine, buffers={"g": g[:31]}, params=["g"], shared_size=2048)
    w = res.warps[0]
    gb = g[:31].tobytes()
    fill = (0xDEADBEEF).to_bytes(4, "little")
    for i in range(32):
        got = b"".join(int(w.R[24 + k][i]).to_bytes(4, "little") for k in range(4))
        # lanes >= 8 do not copy: STS.128 of R20..R23 (R21..R23 zero) stays
        want = fill + bytes(12) if i >= 8 else bytes(16) if i % 2 else gb[16 * i:16 * i + 16]
        assert got == want, i
        got = b"".join(int(w.R[28 + k][i]).to_bytes(4, "little") for k in range(4))
        want = gb[16 * i:16 * i + 16 - i] + bytes(i) if i < 8 else fill + bytes(12)
        assert got == want, i
        got = int(w.R[32][i]).to_bytes(4, "little")
        want = gb[5 * i - i % 4:5 * i + 4 - 2 * (i % 4)] + bytes(i % 4) if i < 8 else fill
        assert got == want, i


@pytest.mark.parametrize("engine", ENGINES)
def test_mbarrier_arrivals_flip_the_phase_and_rearm(nv_isa, engine):
    """sm_80's mbarrier word (decision D7-tut-2): STS.64 of (0x40000000 - count, 0x80000000 - count);
    ATOMS.ARRIVE.64 adds 1 to the high word and returns the old word; ATOMS.ADD.S32 on the high
    word raises the pending count (cp.async .noinc); ARRIVES.LDGSTSBAR.64 arrives without a
    result; the arrival that clears the low 31 bits flips bit 31 and re-arms them."""
    count = 40
    res = _run(nv_isa, f"""
        S2R R0, SR_LANEID ;
        MOV R4, {0x40000000 - count:#x} ;
        MOV R5, {0x80000000 - count:#x} ;
        ISETP.EQ.AND P0, PT, R0, RZ, PT ;
        @P0 STS.64 [URZ+0x400], R4 ;
        ATOMS.ARRIVE.64 R6, [URZ+0x400] ;                 // 32 arrivals, lowest lane first
        MOV R8, -0x2 ;
        @P0 ATOMS.ADD.S32 RZ, [0x404], R8 ;               // two more pending
        ISETP.LT.AND P1, PT, R0, 0xa, PT ;
        @P1 ARRIVES.LDGSTSBAR.64 [URZ+0x400] ;            // 10 arrivals: 42 in all, the phase completes
        LDS.64 R10, [0x400] ;
        ATOMS.ARRIVE.64 R12, [0x400] ;                    // the next phase counts again
        LDS.64 R14, [0x400] ;
    """, engine, shared_size=2048)
    w = res.warps[0]
    lo, hi0 = 0x40000000 - count, 0x80000000 - count
    rearmed = 0x80000000 | ((lo + 0x40000000) & 0x7FFFFFFF)
    for i in range(32):
        assert (int(w.R[6][i]), int(w.R[7][i])) == (lo, hi0 + i)
        assert (int(w.R[10][i]), int(w.R[11][i])) == (lo, rearmed)
        assert (int(w.R[12][i]), int(w.R[13][i])) == (lo, rearmed + i)
        assert (int(w.R[14][i]), int(w.R[15][i])) == (lo, rearmed + 32)
    assert rearmed == 0xFFFFFFD8


def test_arrive_forms_round_trip_and_refusals(nv_isa):
    from gpuisa.asm.disassembler import disassemble
    from gpuisa.errors import AsmError
    for text in ("ARRIVES.LDGSTSBAR.64 [URZ+0x400]", "ARRIVES.LDGSTSBAR.64 [R3+0x8]", "ATOMS.ARRIVE.64 R4, [R2+0x8]"):
        got = [d.text for d in disassemble(nv_isa.db, assemble(nv_isa.db, text + " ;").data)]
        again = [d.text for d in disassemble(nv_isa.db, assemble(nv_isa.db, got[0] + " ;").data)]
        assert got == again and got[0].split()[0] == text.split()[0], (text, got)
    for text in ("ATOMG.E.ARRIVE.64 R4, [R2.64], R6 ;", "ATOMS.ARRIVE R4, [R2] ;", "ATOMS.ARRIVE.64 R4, [R2], R6 ;"):
        with pytest.raises(AsmError):
            assemble(nv_isa.db, text)
