"""LDL/STL: per-thread local memory (a stack through R1, local arrays)."""
from __future__ import annotations

import numpy as np


def test_local_arrays_are_private_per_thread(run):
    # each lane writes lane*10+k to loc[k] (k = 0..7) of its own stack frame, then reads
    # back loc[(lane * 3) & 7]: the value must come from its own frame
    prog = ["S2R R0, SR_LANEID ;", "MOV R1, 0x4000 ;", "VIADD R1, R1, 0xffffffe0 ;",
            "IMAD R2, R0, 0xa, RZ ;"]
    for k in range(8):
        prog.append(f"IADD3 R3, R2, {k:#x}, RZ ;")
        prog.append(f"STL [R1+{4 * k:#x}], R3 ;")
    prog += ["IMAD R4, R0, 0x3, RZ ;", "LOP3.LUT R4, R4, 0x7, RZ, 0xc0, !PT ;",
             "LEA R5, R4, R1, 0x2 ;", "LDL R6, [R5] ;", "LDL.64 R8, [R1+0x8] ;",
             "STL.128 [R1-0x10], R8 ;", "LDL.LU R12, [R1-0x4] ;"]
    w = run("\n".join(prog))
    lane = np.arange(32)
    assert list(w.R[6]) == list(lane * 10 + ((lane * 3) & 7))
    assert list(w.R[8]) == list(lane * 10 + 2) and list(w.R[9]) == list(lane * 10 + 3)
    assert list(w.R[12]) == [0] * 32          # R11 was never written


def test_local_out_of_range_is_a_memory_fault(nv_isa):
    from gpuisa.asm.assembler import assemble
    prog = assemble(nv_isa.db, "MOV R1, 0x4000 ;\nLDL R2, [R1] ;\nEXIT ;")
    res = nv_isa.launch(prog)
    assert not res.ok and res.fault["kind"] == "memory"
    prog = assemble(nv_isa.db, "MOV R1, 0x4000 ;\nLDL R2, [R1] ;\nEXIT ;")
    assert nv_isa.launch(prog, local_size=0x8000).ok
    prog = assemble(nv_isa.db, "MOV R1, 0x6 ;\nSTL [R1], R2 ;\nEXIT ;")
    res = nv_isa.launch(prog)
    assert not res.ok and res.fault["kind"] == "misaligned"


# -- session 13 (mem13): local memory at batch width, tested engine against engine ----------------
def _both(nv_isa, text, **launch):
    """The results of *text* (``EXIT ;`` appended) on both engines, and the per-warp issues of the batched one."""
    from gpuisa.asm.assembler import assemble
    from gpuisa.sim import engine_batched as eb
    issued: list[str] = []
    orig = eb.BatchedEngine._per_warp

    def per_warp(self, pc, idx):
        issued.append(self.sim.fetch(pc).optype)
        return orig(self, pc, idx)
    prog = assemble(nv_isa.db, text + "\nEXIT ;\n")
    bufs = launch.pop("buffers", {})
    eb.BatchedEngine._per_warp = per_warp
    try:
        bat = nv_isa.launch(prog, engine="batched", buffers={k: a.copy() for k, a in bufs.items()}, **launch)
    finally:
        eb.BatchedEngine._per_warp = orig
    ref = nv_isa.launch(prog, engine="reference", buffers={k: a.copy() for k, a in bufs.items()}, **launch)
    return bat, ref, issued


_LANE_WARP = """
        S2R R0, SR_LANEID ;
        S2R R2, SR_TID.X ;
        S2R R3, SR_CTAID.X ;
        MOV R1, 0x400 ;
        IMAD R4, R3, 0x100, R2 ;                       // thread number
"""


def test_local_every_width_at_batch_width_equals_the_reference(nv_isa):
    """Stores and loads of every width (.U8/.S8/.U16/.S16/32/.64/.128) at per-thread offsets over
    4 CTAs of 96 threads: both engines end with the same registers, and no warp is replayed alone
    (D13-M-1)."""
    text = _LANE_WARP + """
        LOP3.LUT R5, R4, 0x38, RZ, 0xc0, !PT ;         // a per-thread offset 0 .. 56, 8-aligned
        IMAD R6, R4, 0x1010101, RZ ;
        IADD3 R7, R6, 0x77, RZ ;
        STL.128 [R1+-0x80], R4 ;
        STL.64 [R5+0x100], R6 ;
        STL.U8 [R5+0x203], R6 ;
        STL.U16 [R5+0x282], R7 ;
        STL [R5+0x300], R4 ;
        LDL.S8 R8, [R5+0x203] ;
        LDL.U8 R9, [R5+0x203] ;
        LDL.S16 R10, [R5+0x282] ;
        LDL.U16 R11, [R5+0x282] ;
        LDL.64 R12, [R5+0x100] ;
        LDL.128 R16, [R1+-0x80] ;
        LDL R14, [R5+0x300] ;
        LDL R15, [R5+0x3fc] ;                         // never stored: 0
"""
    bat, ref, issued = _both(nv_isa, text, grid=4, block=96)
    assert bat.ok and ref.ok and not issued, (bat.fault, issued)
    for a, b in zip(bat.warps, ref.warps):
        assert np.array_equal(a.R, b.R)
    t = np.arange(96) + 0x100 * 3          # the last CTA's threads
    w = ref.warps[-1].R
    v = t * 0x1010101
    assert list(w[9]) == list(v[64:] & 0xFF) and list(w[8]) == list((v[64:] & 0xFF).astype(np.int8).astype(np.int32).view(np.uint32))
    assert list(w[11]) == list((v[64:] + 0x77) & 0xFFFF) and list(w[14]) == list(t[64:]) and not w[15].any()


def test_local_faults_at_the_same_warp_lane_and_pc_in_both_engines(nv_isa):
    """A misaligned STL in lane 5 of CTA 2's second warp, and a load past the thread's local memory
    in lane 17 of CTA 1's first warp: each engine reports the same fault, the same warp and lane,
    the same message (a faulting batch is replayed warp by warp)."""
    misaligned = _LANE_WARP + """
        ISETP.EQ.AND P0, PT, R4, 0x225, PT ;            // CTA 2, thread 37: warp 1, lane 5
        SEL R5, RZ, 0x2, !P0 ;
        STL [R5+0x10], R4 ;
"""
    oob = _LANE_WARP + """
        ISETP.EQ.AND P0, PT, R4, 0x111, PT ;            // CTA 1, thread 17
        SEL R5, RZ, 0x4000, !P0 ;
        LDL R6, [R5+0x10] ;
"""
    for text, kind in ((misaligned, "misaligned"), (oob, "memory")):
        bat, ref, _ = _both(nv_isa, text, grid=4, block=64)
        assert bat.fault["kind"] == ref.fault["kind"] == kind
        assert bat.fault == ref.fault, (bat.fault, ref.fault)
        assert "lane 5" in ref.fault["message"] or "lane 17" in ref.fault["message"]


def test_local_pages_are_allocated_on_first_store_and_digested(nv_isa):
    """The grid's local memory holds only the pages stores touched (a load of an untouched page
    reads zeros without allocating), and the watchdog's digest sees every byte of them."""
    from gpuisa.asm.assembler import assemble
    from gpuisa.sim import Simulator
    from gpuisa.sim.watchdog import Watchdog
    prog = assemble(nv_isa.db, _LANE_WARP + "STL [R1+-0x4], R4 ;\nLDL R6, [R1+0x1000] ;\nEXIT ;\n")
    sim = Simulator(nv_isa, prog, grid=64, block=64)
    assert sim.run().ok
    loc = sim.local
    assert loc.used == 1 + 128 and loc.data.shape[1] == 32 * loc.page     # one page per warp, slot 0 zero
    d0 = Watchdog(sim).digest()[0]
    for a in (loc.data[1:loc.used], loc.table):
        b = a.reshape(-1).view(np.uint8)
        b[b.size // 3] ^= 1
        assert Watchdog(sim).digest()[0] != d0
        b[b.size // 3] ^= 1


def test_generic_ld_st_match_elect_at_batch_width_equal_the_reference(nv_isa):
    """Generic LD/ST whose lanes mix the shared, local and global windows, MATCH .ANY/.ALL on 32
    and 64 bits (lanes asleep behind a guard), ELECT with a participation predicate: the batched
    engine runs them at batch width (no warp replayed alone) and ends where the reference does
    (decisions D13-M-2, D13-M-4)."""
    from gpuisa.sim.state import LOCAL_WINDOW, SHARED_WINDOW
    text = _LANE_WARP + f"""
        IMAD.SHL.U32 R20, R2, 0x4, RZ ;
        STS [R20], R4 ;
        STL [R20+0x100], R4 ;
        LOP3.LUT R21, R4, 0x3, RZ, 0xc0, !PT ;
        ISETP.EQ.AND P0, PT, R21, 0x1, PT ;            // lanes 1 mod 4: shared, 2 mod 4: local, else global
        ISETP.EQ.AND P1, PT, R21, 0x2, PT ;
        IMAD.SHL.U32 R10, R4, 0x4, RZ ;
        IADD3 R10, R10, 0x10000000, RZ ;               // buffer g (the first buffer's address): word t
        @P0 MOV R10, R20 ;
        @P1 IADD3 R10, R20, 0x100, RZ ;
        SEL R11, RZ, {LOCAL_WINDOW >> 32:#x}, !P1 ;
        @P0 MOV R11, {SHARED_WINDOW >> 32:#x} ;
        LD.E R12, [R10.64] ;
        IADD3 R13, R12, 0x5, RZ ;
        ST.E [R10.64+0x800], R13 ;                     // race-free: no lane reads what another writes
        LD.E R14, [R10.64+0x800] ;
        LOP3.LUT R15, R4, 0x6, RZ, 0xc0, !PT ;
        ISETP.NE.AND P2, PT, R0, 0x7, PT ;
        @P2 MATCH.ANY R16, R15 ;
        MATCH.ALL R17, P3, R3 ;
        MOV R18, R15 ;
        MOV R19, R3 ;
        MATCH.U64.ANY R23, R18 ;
        @P2 MATCH.ALL R24, P4, R15 ;
        ISETP.GT.AND P5, PT, R0, R3, PT ;
        ELECT P6, R25, P5 ;
        SEL R26, RZ, 0x1, !P6 ;
        SEL R27, RZ, 0x1, !P3 ;
"""
    g = np.zeros(2048, np.uint32)
    bat, ref, issued = _both(nv_isa, text, grid=4, block=64, buffers={"g": g})
    assert bat.ok and ref.ok and not issued, (bat.fault, ref.fault, issued)
    for a, b in zip(bat.warps, ref.warps):
        assert np.array_equal(a.R, b.R)
    w = ref.warps[-1].R            # CTA 3's second warp: threads 0x320 + lane
    lane = np.arange(32)
    t = 0x300 + 32 + lane
    v = t & 6
    assert list(w[16][lane != 7]) == [sum(1 << j for j in range(32) if j != 7 and v[j] == v[k]) for k in range(32) if k != 7]
    assert list(w[17]) == [0xFFFFFFFF] * 32 and list(w[27]) == [1] * 32
    assert list(w[25]) == [4] * 32 and list(w[26]) == [int(k == 4) for k in range(32)]     # lanes > 3 take part
    sh, lo = (t & 3) == 1, (t & 3) == 2
    assert list(w[12][sh | lo]) == list(t[sh | lo]) and list(w[14]) == list(w[12] + 5)
    gl = ~(sh | lo)
    assert not w[12][gl].any() and list(bat.buffers["g"][t[gl] + 0x200]) == [5] * int(gl.sum())


def test_order_dependent_atomics_at_batch_width_equal_the_replay(nv_isa):
    """CAS, EXCH, MIN/MAX (signed and not), INC, DEC, AND, OR, XOR, with many lanes of several warps
    on a few shared and global words, through ATOMS, ATOMG, RED and generic ATOM (global and shared
    lanes mixed): the batched engine folds them at batch width (D13-S-1, D13-M-6) and ends with the
    registers and memory of the reference's lane-by-lane order."""
    from gpuisa.sim.state import SHARED_WINDOW
    text = _LANE_WARP + f"""
        LOP3.LUT R5, R4, 0x7, RZ, 0xc0, !PT ;
        IMAD.SHL.U32 R5, R5, 0x4, RZ ;                  // 8 words, many lanes each
        IMAD R6, R4, 0x9e3779b1, RZ ;
        SHF.R.U32.HI R7, RZ, 0x1b, R6 ;                 // a small value per thread
        ATOMS.CAS R8, [R5], R7, R4 ;
        ATOMS.EXCH R9, [R5+0x20], R6 ;
        ATOMS.MAX.S32 R10, [R5+0x40], R6 ;
        ATOMS.MIN R11, [R5+0x60], R6 ;
        ATOMS.INC R12, [R5+0x80], R7 ;
        ATOMS.DEC R13, [R5+0xa0], R7 ;
        ATOMS.XOR R14, [R5+0xc0], R6 ;
        IADD3 R16, R5, 0x10000000, RZ ;                 // buffer g
        MOV R17, RZ ;
        ATOMG.E.CAS.STRONG.GPU PT, R18, [R16.64], R7, R4 ;
        ATOMG.E.EXCH.STRONG.GPU PT, R19, [R16.64+0x20], R6 ;
        RED.E.MIN.S32.STRONG.GPU [R16.64+0x40], R6 ;
        RED.E.DEC.STRONG.GPU [R16.64+0x60], R7 ;
        LOP3.LUT P0, RZ, R4, 0x1, RZ, 0xc0, !PT ;
        @P0 IADD3 R16, R5, 0xe0, RZ ;                   // odd threads: a shared word, even ones: global
        @P0 MOV R17, {SHARED_WINDOW >> 32:#x} ;
        ATOM.E.CAS.STRONG.GPU PT, R20, [R16.64], R7, R6 ;
        ATOM.E.OR.STRONG.SM PT, R21, [R16.64+0x100], R6 ;
        ATOMS.AND R22, [R5+0x1e0], R6 ;
        BAR.SYNC.DEFER_BLOCKING 0x0 ;
        LDS R24, [R5] ;
        LDS R25, [R5+0x40] ;
        LDS R26, [R5+0xe0] ;
        LDS R27, [R5+0x1e0] ;
"""
    g = np.arange(512, dtype=np.uint32) * 7
    bat, ref, issued = _both(nv_isa, text, grid=3, block=128, buffers={"g": g})
    assert bat.ok and ref.ok, (bat.fault, ref.fault)
    assert not {"ATOMS", "ATOMG", "ATOM", "RED"} & set(issued), issued
    for a, b in zip(bat.warps, ref.warps):
        assert np.array_equal(a.R, b.R)
    assert np.array_equal(bat.buffers["g"], ref.buffers["g"])
