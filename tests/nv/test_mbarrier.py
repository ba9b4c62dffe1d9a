"""The sm_90+ mbarrier (isa/mbarrier.isa, decisions D8-sync-1 .. D8-sync-5): SYNCS's forms and
guards, the word nvcc's code implies, warp-aggregated arrivals, transaction counts, protocol
errors and the deadlock of a phase that cannot complete, on both engines.  Expected words are
written out here from the layout (bit 63 phase, bits 62..43 2^20 - pending, bits 41..21 tx,
bits 20..1 2^20 - expected), not computed with the model's helpers."""
from __future__ import annotations

import pytest

from gpuisa.asm.assembler import assemble
from gpuisa.asm.disassembler import disassemble
from gpuisa.errors import AsmError

ENGINES = ["batched", "reference"]


def word(phase: int, pending: int, tx: int, expected: int) -> int:
    return (phase << 63 | ((1 << 20) - pending) % (1 << 20) << 43 | (tx % (1 << 21)) << 21
            | ((1 << 20) - expected) << 1)


def _init(count: int) -> str:
    """nvcc's mbarrier.init at shared 0x10 by thread 0 (the VOTEU.ALL-reduced guard)."""
    return f"""
        S2R R0, SR_TID.X ;
        S2R R1, SR_LANEID ;
        ISETP.NE.AND P0, PT, R0, RZ, PT ;
        VOTEU.ALL UP0, P0 ;
        UMOV UR6, 0x10 ;
        UMOV UR4, {((1 << 20) - count) << 1:#x} ;
        UMOV UR5, {((1 << 20) - count) << 11:#x} ;
        @!UP0 SYNCS.EXCH.64 URZ, [UR6], UR4 ;
        BAR.SYNC.DEFER_BLOCKING 0x0 ;
    """


def _launch(isa, text, engine, block=64, **kw):
    return isa.launch(assemble(isa.db, text + "\nEXIT ;\n"), engine=engine, block=block, shared_size=256, **kw)


FORMS = ["SYNCS.EXCH.64 URZ, [UR7], UR4", "SYNCS.EXCH.64 URZ, [UR6+0x8], UR4",
         "SYNCS.ARRIVE.TRANS64.A1T0 R6, [UR7], RZ", "SYNCS.ARRIVE.TRANS64 R4, [R17+URZ], R10",
         "SYNCS.ARRIVE.TRANS64.ART0 R4, [UR8], R9", "SYNCS.ARRIVE.TRANS64.RED.A0T1 RZ, [UR8], RZ",
         "SYNCS.ARRIVE.TRANS64.RED.A0TR RZ, [R3+URZ], R5", "SYNCS.ARRIVE.TRANS64.RED.A0TX RZ, [R17+URZ], R12",
         "SYNCS.ARRIVE.TRANS64.OPTOUT.A1T0 RZ, [UR4], RZ", "SYNCS.ARRIVE.TRANS64.A1T0 RZ, [R4+URZ+0x8], RZ",
         "SYNCS.PHASECHK.TRANS64.TRYWAIT P0, [UR7], R7", "SYNCS.PHASECHK.TRANS64 P1, [R2+URZ], R3",
         "SYNCS.CCTL.IV [UR4]", "SYNCS.CCTL.IV [R3+URZ+0x10]", "FENCE.VIEW.ASYNC.S",
         "ARRIVES.LDGSTSBAR.64.TRANSCNT [UR8]", "NANOSLEEP.SYNCS 0x3e8", "@!UP0 SYNCS.EXCH.64 URZ, [UR7], UR4",
         "@P0 SYNCS.ARRIVE.TRANS64.A1T0 R4, [R17+URZ], RZ", "@!UP0 S2UR UR6, SR_CgaCtaId", "@UP1 CS2UR UR6, SR_CLOCKLO",
         "DEPBAR.LE SB0, 0x0, 0x2", "SYNCS.CCTL.IVALL", "@P3 BRA.U.ANY 0x40", "@P3 R2UR.OR P0, UR5, R9",
         "UBLKCP.S.G [UR8], [UR4], UR7",
         "SYNCS.ARRIVE.TRANS64.RED.A1T0 RZ, [UR4], RZ"]     # an arrival at a cluster peer's mbarrier (D10-C-9)


@pytest.mark.parametrize("text", FORMS)
def test_listing_forms_round_trip(nv_isa, text):
    """nvdisasm's spelling assembles; the disassembly (defaults such as `+URZ` and an RZ source
    left out) assembles to the same word."""
    words = assemble(nv_isa.db, text + " ;").data
    got = [d.text for d in disassemble(nv_isa.db, words)]
    assert assemble(nv_isa.db, got[0] + " ;").data == words and got[0].split()[0] == text.split()[0], got


@pytest.mark.parametrize("text", ["SYNCS.EXCH.64 URZ, [R2], UR4", "SYNCS.ARRIVE.TRANS64.A0T1 R4, [UR4], RZ",
                                  "@P1 S2UR UR6, SR_CTAID.X", "SYNCS.ARRIVE.A1T0 R4, [UR4], RZ",
                                  "SYNCS.ARRIVE.TRANS64.OPTOUT.A1TR R4, [UR4], R5", "SYNCS.PHASECHK.TRANS64.RED P0, [UR4], R3",
                                  "SYNCS.EXCH URZ, [UR4], UR6", "@UP0 SYNCS.CCTL [UR4]"])
def test_refused_forms(nv_isa, text):
    with pytest.raises(AsmError):
        assemble(nv_isa.db, text + " ;")


def test_depbar_scoreboard_set_of_sm86_listings():
    from gpuisa.cuda.listing import nv_depbar
    assert nv_depbar("  DEPBAR.LE SB0, 0x0, {1} ;") == "  DEPBAR.LE SB0, 0x0, 0x2 ;"
    assert nv_depbar("DEPBAR.LE SB1, 0x0, {1,2} ;") == "DEPBAR.LE SB1, 0x0, 0x6 ;"
    assert nv_depbar("BRA `(.L_x_1) ;") == "BRA `(.L_x_1) ;"


@pytest.mark.parametrize("engine", ENGINES)
def test_a_warps_arrivals_are_one_and_share_the_token(nv_isa, engine):
    """64 threads arrive (A1T0): warp 0's lanes all receive the initial word, warp 1's the word
    after 32 arrivals; the 64th arrival completes phase 0 (parity 1, pending reloaded to 64).
    PHASECHK: true against the token's high word and against parity 0 << 31, false for parity 1."""
    res = _launch(nv_isa, _init(64) + """
        SYNCS.ARRIVE.TRANS64.A1T0 R2, [UR6], RZ ;
        BAR.SYNC.DEFER_BLOCKING 0x0 ;
        SYNCS.PHASECHK.TRANS64.TRYWAIT P1, [UR6], R3 ;
        MOV R8, 0x80000000 ;
        SYNCS.PHASECHK.TRANS64 P2, [UR6], R8 ;
        SYNCS.PHASECHK.TRANS64 P3, [UR6], RZ ;
        LDS.64 R4, [0x10] ;
    """, engine)
    assert res.ok, (res.status, res.fault)
    for w in res.warps:
        tok = word(0, 64 - 32 * w.warp, 0, 64)
        assert {(int(w.R[2][i]), int(w.R[3][i])) for i in range(32)} == {(tok & 0xFFFFFFFF, tok >> 32)}
        assert (int(w.R[4][0]) | int(w.R[5][0]) << 32) == word(1, 64, 0, 64)
        assert all(w.P[1]) and not any(w.P[2]) and all(w.P[3])


@pytest.mark.parametrize("engine", ENGINES)
def test_transaction_counts_hold_the_phase(nv_isa, engine):
    """expect_tx 12 (RED.A0TR) then every thread arrives: pending 0 but tx 12, the phase stays;
    complete_tx 4 from lanes 0..2 of warp 0 (RED.A0TX) completes it; RED.A0T1 +
    ARRIVES.LDGSTSBAR.64.TRANSCNT (cp.async.mbarrier.arrive) leave the count unchanged; .OPTOUT
    lowers the next phase's expected count; arrive.expect_tx (A1TR) and ART0 count."""
    res = _launch(nv_isa, _init(64) + """
        MOV R9, 0xc ;
        @!P0 SYNCS.ARRIVE.TRANS64.RED.A0TR RZ, [UR6], R9 ;
        SYNCS.ARRIVE.TRANS64.RED.A0T1 RZ, [UR6], RZ ;
        ARRIVES.LDGSTSBAR.64.TRANSCNT [UR6] ;
        SYNCS.ARRIVE.TRANS64.A1T0 RZ, [UR6], RZ ;
        BAR.SYNC.DEFER_BLOCKING 0x0 ;
        LDS.64 R4, [0x10] ;
        BAR.SYNC.DEFER_BLOCKING 0x0 ;
        ISETP.LT.U32.AND P1, PT, R0, 0x3, PT ;
        MOV R10, 0x4 ;
        @P1 SYNCS.ARRIVE.TRANS64.RED.A0TX RZ, [UR6], R10 ;
        BAR.SYNC.DEFER_BLOCKING 0x0 ;
        LDS.64 R6, [0x10] ;
        BAR.SYNC.DEFER_BLOCKING 0x0 ;
        ISETP.GE.U32.AND P2, PT, R0, 0x3c, PT ;
        @P2 SYNCS.ARRIVE.TRANS64.OPTOUT.A1T0 RZ, [UR6], RZ ;
        BAR.SYNC.DEFER_BLOCKING 0x0 ;
        LDS.64 R12, [0x10] ;
        BAR.SYNC.DEFER_BLOCKING 0x0 ;
        MOV R11, 0x3 ;
        @!P0 SYNCS.ARRIVE.TRANS64 R14, [UR6], R11 ;
        @!P0 SYNCS.ARRIVE.TRANS64.ART0 R16, [UR6], R11 ;
        LDS.64 R18, [0x10] ;
    """, engine)
    assert res.ok, (res.status, res.fault)
    w = res.warps[0]

    def pair(r):
        return int(w.R[r][0]) | int(w.R[r + 1][0]) << 32
    assert pair(4) == word(0, 0, 12, 64)          # every arrival in, 12 bytes still to come
    assert pair(6) == word(1, 64, 0, 64)          # complete_tx 3 x 4: phase 0 completes
    assert pair(12) == word(1, 60, 0, 60)         # four threads drop: 4 arrivals, expected 60 from now
    assert pair(14) == word(1, 60, 0, 60) and pair(16) == word(1, 59, 3, 60)
    assert pair(18) == word(1, 56, 3, 60)


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("prog,message", [
    ("MOV R9, 0x2 ;\n SYNCS.ARRIVE.TRANS64.ART0 RZ, [UR6], R9 ;", "an arrival of 64 on an mbarrier with 32 pending"),
    ("MOV R9, 0x100000 ;\n @!P0 SYNCS.ARRIVE.TRANS64.RED.A0TR RZ, [UR6], R9 ;", "out of its range"),
])
def test_protocol_errors_are_faults(nv_isa, engine, prog, message):
    res = _launch(nv_isa, _init(32) + prog, engine, block=32)
    assert res.status == "invalid-operand" and message in res.fault["message"], res.fault


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("who", ["warp 0 only", "tx left"])
def test_a_phase_that_cannot_complete_is_a_deadlock_not_a_hang(nv_isa, engine, who):
    """nvcc's wait loop (TRYWAIT, retry): 64 expected, but only warp 0 arrives -- or everyone
    arrives and 8 bytes of an expect_tx never come: every live warp keeps failing with nothing
    left to arrive, reported as a deadlock (D8-sync-4) long before the step limit."""
    arrive = ("ISETP.GE.U32.AND P3, PT, R0, 0x20, PT ;\n @!P3 SYNCS.ARRIVE.TRANS64.A1T0 R2, [UR6], RZ ;"
              if who == "warp 0 only" else
              "MOV R9, 0x8 ;\n @!P0 SYNCS.ARRIVE.TRANS64.RED.A0TR RZ, [UR6], R9 ;\n SYNCS.ARRIVE.TRANS64.A1T0 R2, [UR6], RZ ;")
    res = _launch(nv_isa, _init(64) + arrive + """
    RETRY:
        SYNCS.PHASECHK.TRANS64.TRYWAIT P1, [UR6], R3 ;
        @!P1 BRA `(RETRY) ;
    """, engine, max_steps=20000)
    assert res.status == "deadlock" and "mbarrier" in res.fault["message"], (res.status, res.fault)
    assert res.steps < 1000


@pytest.mark.parametrize("engine", ENGINES)
def test_a_uniform_guard_on_a_vector_instruction(nv_isa, engine):
    """@!UP0 on SYNCS (GuardPred, D8-sync-1): all active lanes or none, per warp."""
    res = _launch(nv_isa, """
        S2R R0, SR_TID.X ;
        ISETP.GE.U32.AND P0, PT, R0, 0x20, PT ;
        VOTEU.ALL UP0, P0 ;
        @!UP0 S2UR UR9, SR_CTAID.X ;
        UMOV UR6, 0x10 ;
        UMOV UR4, 0x7 ;
        UMOV UR5, 0x9 ;
        UMOV UR10, 0x20 ;
        @UP0 SYNCS.EXCH.64 URZ, [UR6], UR4 ;
        @!UP0 SYNCS.EXCH.64 UR12, [UR10], UR4 ;
        BAR.SYNC.DEFER_BLOCKING 0x0 ;
        LDS.64 R4, [0x10] ;
        LDS.64 R6, [0x20] ;
        LDS.64 R8, [0x28] ;
    """, engine, grid=2, block=96)
    assert res.ok, (res.status, res.fault)
    for w in res.warps:     # warp 0: UP0 false; warps 1, 2: true
        assert (int(w.R[4][5]), int(w.R[5][5]), int(w.R[6][9]), int(w.R[7][9])) == (7, 9, 7, 9)
        assert (int(w.R[8][0]), int(w.R[9][0])) == (0, 0)
        assert int(w.UR[12]) == 0 and (w.warp == 0 or int(w.UR[9]) == 0)


@pytest.mark.parametrize("engine", ENGINES)
def test_waterfall_loop_over_a_64_bit_value(nv_isa, engine):
    """nvcc's loop over the distinct values of a register pair (decision D8-sync-8): each round
    takes the lowest lane's pair into UR4:UR5 (R2UR / R2UR.OR: Pu marks the lanes whose value
    differs), the other lanes go round again through `@P3 BRA.U.ANY`; a pair (lane / 4, 7) takes
    8 rounds, a uniform pair 1."""
    res = _launch(nv_isa, """
        S2R R1, SR_LANEID ;
        SHF.R.U32.HI R8, RZ, 0x2, R1 ;
        MOV R9, 0x7 ;
        MOV R10, RZ ;
        PLOP3.LUT P3, PT, PT, PT, PT, 0x80, 0x0 ;
    LOOP:
        @P3 R2UR P0, UR4, R8 ;
        @P3 R2UR.OR P0, UR5, R9 ;
        @P3 PLOP3.LUT P1, PT, P0, PT, PT, 0x8, 0x0 ;
        @P1 IADD3 R10, R10, UR4, RZ ;
        @P1 IADD3 R11, RZ, UR5, RZ ;
        @P3 PLOP3.LUT P3, PT, P0, PT, PT, 0x80, 0x0 ;
        PLOP3.LUT P1, PT, PT, PT, PT, 0x8, 0x0 ;
        IADD3 R12, R12, 0x1, RZ ;
        @P3 BRA.U.ANY `(LOOP) ;
    """, engine, block=32)
    assert res.ok, (res.status, res.fault)
    w = res.warps[0]
    assert [int(v) for v in w.R[10]] == [i // 4 for i in range(32)] and all(int(v) == 7 for v in w.R[11])
    assert all(int(v) == 8 for v in w.R[12])


def test_a_module_wide_function_slot_refuses_only_the_kernels_that_read_it():
    """sm_120's `.nv.constant4` of a module holds `__cuda_syscall_cp_async_bulk_unicast` for one
    kernel; the others do not call it (decision D8-sync-9)."""
    from gpuisa.cuda import _reads_slot
    assert _reads_slot("LDC.64 R2, c[0x4][R2] ;", 4, 0) and _reads_slot("LDC.64 R2, c[0x4][0x8] ;", 4, 8)
    assert not _reads_slot("LDC.64 R2, c[0x4][0x10] ;\nLDC R3, c[0x0][0x210] ;", 4, 0)


@pytest.mark.parametrize("engine", ENGINES)
def test_bulk_copy_completes_its_bytes_on_the_mbarrier(nv_isa, engine):
    """sm_90's aligned cuda::memcpy_async (decision D8-sync-10): `ELECT P1, URZ, PT` (ELECTU),
    UBLKCP.S.G of UR7 * 16 bytes from global UR4:UR5 to shared UR8, completed on the mbarrier at
    UR9 (tx -128 before the expect_tx of +128 that nvcc writes after it); 32 arrivals complete the
    phase and every lane reads the copied words."""
    import numpy as np
    from gpuisa.cuda.listing import nv_elect
    assert nv_elect("         @P0 ELECT P1, URZ, PT ;") == "        @P0 ELECTU P1, URZ, PT ;"
    assert nv_elect("ELECT P0, R4, PT ;") == "ELECT P0, R4, PT ;"
    g = np.arange(100, 132, dtype=np.uint32)
    res = _launch(nv_isa, _init(32) + """
        UMOV UR8, 0x40 ;
        UMOV UR9, 0x10 ;
        ULDC.64 UR4, c[0x0][0x0] ;
        UMOV UR7, 0x8 ;
        @!P0 ELECTU P1, URZ, PT ;
        @!UP0 UBLKCP.S.G [UR8], [UR4], UR7 ;
        MOV R9, 0x80 ;
        @P1 SYNCS.ARRIVE.TRANS64.RED.A0TR RZ, [UR9], R9 ;
        SYNCS.ARRIVE.TRANS64.A1T0 R2, [UR9], RZ ;
        SYNCS.PHASECHK.TRANS64.TRYWAIT P2, [UR9], R3 ;
        LDS R4, [R1.X4+0x40] ;
    """, engine, block=32, buffers={"g": g}, const={0: [0x10000000, 0]})
    assert res.ok, (res.status, res.fault)
    w = res.warps[0]
    assert all(w.P[2]) and [int(v) for v in w.R[4]] == [100 + i for i in range(32)]
