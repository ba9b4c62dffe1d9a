"""Named CTA barriers with thread counts (PTX bar.sync a, b / bar.arrive a, b / bar.red; decisions
NB-1..NB-4): producer/consumer warps through shared memory checked against a Python
expectation, BAR.ARV not waiting, counts smaller than the CTA, register operands (nvcc's
`BAR.SYNC R6, R6`, `BAR.SYNC 0x2, R9`, `BAR.SYNC R0, 0x40`), deadlocks reported, invalid
operands faulted; every case on both engines, which must agree."""
from __future__ import annotations

import numpy as np
import pytest

from gpuisa.asm.assembler import assemble

ENGINES = ("reference", "batched")

# Two producer/consumer pairs per CTA of 4 warps, 3 rounds through one shared buffer each:
# warp 0 -> warp 1 with immediates (data barrier 1, "buffer free" barrier 2, 64 threads each),
# warp 2 -> warp 3 with register operands (barriers 3 and 4). Producers signal with BAR.ARV,
# consumers wait with BAR.SYNC; then a BAR.SYNC without count (the whole CTA) and a BAR.RED.POPC
# with a count of 128 (all four warps) counting the consumer threads.
PRODUCER_CONSUMER = """
        S2R R0, SR_CTAID.X ;
        S2R R1, SR_WARPID ;
        S2R R2, SR_LANEID ;
        SHF.R.U32 R7, R1, 0x1, RZ ;              // pair = warp / 2
        IMAD R8, R0, 0x2, R7 ;                   // cta * 2 + pair
        IMAD R8, R8, 0x60, R2 ;                  // its in[] index of round 0: (cta*2+pair)*96 + lane
        IMAD.SHL.U32 R9, R2, 0x4, RZ ;
        IMAD R9, R7, 0x80, R9 ;                  // shared address: pair*128 + lane*4
        MOV R4, 0x4 ;
        MOV R10, RZ ;                            // consumer: acc
        MOV R13, RZ ;                            // round
        MOV R20, 0x400003 ;                      // barrier 3, count 64 in bits 27..16
        MOV R21, 0x4 ;                           // barrier 4
        MOV R22, 0x40 ;                          // count 64
        MOV R23, 0x400004 ;                      // barrier 4, count 64 in bits 27..16
        MOV R24, 0x6 ;                           // barrier 6
        LOP3.LUT R5, R1, 0x1, RZ, 0xc0, !PT ;
        ISETP.NE.U32.AND P1, PT, R5, RZ, PT ;    // P1: consumer (odd warp)
        ISETP.NE.U32.AND P0, PT, R7, RZ, PT ;    // P0: the pair with register operands
    @P0 BRA `(PAIR1) ;
    @P1 BRA `(CONS0) ;
PROD0:
        ISETP.NE.U32.AND P2, PT, R13, RZ, PT ;
    @P2 BAR.SYNC 0x2, 0x40 ;                     // after round 0: wait until the buffer was read
        IMAD R11, R13, 0x20, R8 ;
        IMAD.WIDE.U32 R[14:15], R11, R4, c[0x0][0x0] ;
        LDG.E R12, [R14.64] ;
        IMAD R12, R12, 0x3, R13 ;                // in * 3 + round
        STS [R9], R12 ;
        BAR.ARV 0x1, 0x40 ;                      // data ready; no waiting
        IADD3 R13, R13, 0x1, RZ ;
        ISETP.LT.U32.AND P3, PT, R13, 0x3, PT ;
    @P3 BRA `(PROD0) ;
        BRA `(END) ;
CONS0:
        BAR.SYNC.DEFER_BLOCKING 0x1, 0x40 ;
        LDS R12, [R9] ;
        IMAD R10, R10, 0x5, R12 ;                // acc = acc * 5 + value
        BAR.ARV 0x2, 0x40 ;                      // buffer free
        IADD3 R13, R13, 0x1, RZ ;
        ISETP.LT.U32.AND P3, PT, R13, 0x3, PT ;
    @P3 BRA `(CONS0) ;
        BRA `(END) ;
PAIR1:
    @P1 BRA `(CONS1) ;
PROD1:
        ISETP.NE.U32.AND P2, PT, R13, RZ, PT ;
    @P2 BAR.SYNC R21, 0x40 ;
        IMAD R11, R13, 0x20, R8 ;
        IMAD.WIDE.U32 R[14:15], R11, R4, c[0x0][0x0] ;
        LDG.E R12, [R14.64] ;
        IMAD R12, R12, 0x3, R13 ;
        STS [R9], R12 ;
        BAR.ARV R20, R20 ;
        IADD3 R13, R13, 0x1, RZ ;
        ISETP.LT.U32.AND P3, PT, R13, 0x3, PT ;
    @P3 BRA `(PROD1) ;
        BRA `(END) ;
CONS1:
        BAR.SYNC 0x3, R22 ;
        LDS R12, [R9] ;
        IMAD R10, R10, 0x5, R12 ;
        BAR.ARV R23, R23 ;
        IADD3 R13, R13, 0x1, RZ ;
        ISETP.LT.U32.AND P3, PT, R13, 0x3, PT ;
    @P3 BRA `(CONS1) ;
END:
        BAR.SYNC R24 ;                           // barrier 6 without count: the whole CTA
        BAR.RED.POPC 0x5, 0x80, P1 ;
        B2R.RESULT R16 ;
    @!P1 EXIT ;
        IMAD R11, R0, 0x2, R7 ;
        IMAD R11, R11, 0x20, R2 ;                // (cta*2 + pair)*32 + lane
        IMAD.WIDE.U32 R[14:15], R11, R4, c[0x0][0x8] ;
        STG.E [R14.64], R10 ;
        STG.E [R14.64+0x200], R16 ;              // + 128 words (grid 2)
        EXIT ;
"""


def _run(isa, src, engine, **kw):
    bufs = kw.pop("buffers", None)
    if bufs is not None:
        kw["buffers"] = {k: v.copy() for k, v in bufs.items()}
    return isa.launch(assemble(isa.db, src), engine=engine, **kw)


def _same(a, b):
    assert (a.status, a.steps) == (b.status, b.steps)
    for x, y in zip(a.warps, b.warps):
        assert (x.cta, x.warp, x.state, x.pc) == (y.cta, y.warp, y.state, y.pc)
        assert x.regs.tobytes() == y.regs.tobytes()
        assert x.P.tobytes() == y.P.tobytes()
    for k in a.buffers:
        assert a.buffers[k].tobytes() == b.buffers[k].tobytes()


def _expect_producer_consumer(inp):
    acc = np.zeros(128, np.uint64)
    for cp in range(4):                         # cta * 2 + pair
        for lane in range(32):
            a = 0
            for r in range(3):
                v = (int(inp[cp * 96 + r * 32 + lane]) * 3 + r) & 0xFFFFFFFF
                a = (a * 5 + v) & 0xFFFFFFFF
            acc[cp * 32 + lane] = a
    return np.concatenate([acc, np.full(128, 64)]).astype(np.uint32)


def test_producer_consumer(isa):
    rng = np.random.default_rng(11)
    inp = rng.integers(0, 1 << 32, 384, dtype=np.uint64).astype(np.uint32)
    want = _expect_producer_consumer(inp)
    res = {}
    for engine in ENGINES:
        r = _run(isa, PRODUCER_CONSUMER, engine, grid=2, block=128,
                 buffers={"in": inp, "out": np.zeros(256, np.uint32)}, params=["in", "out"])
        assert r.ok, (r.status, r.fault)
        np.testing.assert_array_equal(r.buffers["out"], want)
        res[engine] = r
    _same(res["reference"], res["batched"])


ARV_NO_WAIT = """
        S2R R1, SR_WARPID ;
        ISETP.NE.U32.AND P0, PT, R1, RZ, PT ;
    @P0 EXIT ;
        BAR.ARV 0x7, 0x60 ;                      // 96 threads expected, only warp 0 ever arrives
        MOV R4, 0x2a ;
        EXIT ;
"""


@pytest.mark.parametrize("engine", ENGINES)
def test_arv_does_not_wait(isa, engine):
    r = _run(isa, ARV_NO_WAIT, engine, grid=1, block=64)
    assert r.ok, (r.status, r.fault)
    assert set(r.warp(0, 0).regs[4].tolist()) == {0x2A}


# A barrier of 64 threads in a CTA of 256: warps 0 and 1 meet at barrier 1 while warps 2..7 run a
# loop without barriers; warp 1 reads what warp 0 stored before the barrier.
SMALL_COUNT = """
        S2R R1, SR_WARPID ;
        S2R R2, SR_LANEID ;
        IMAD.SHL.U32 R9, R2, 0x4, RZ ;
        ISETP.GE.U32.AND P0, PT, R1, 0x2, PT ;
    @P0 BRA `(OTHERS) ;
        ISETP.NE.U32.AND P1, PT, R1, RZ, PT ;
        IADD3 R3, R2, 0x64, RZ ;
    @!P1 STS [R9], R3 ;                          // warp 0: shared[lane] = lane + 100
        BAR.SYNC 0x1, 0x40 ;
        LDS R5, [R9] ;
        EXIT ;
OTHERS:
        MOV R6, RZ ;
LOOP:
        IADD3 R6, R6, 0x1, RZ ;
        ISETP.LT.U32.AND P2, PT, R6, 0x20, PT ;
    @P2 BRA `(LOOP) ;
        EXIT ;
"""


def test_count_smaller_than_cta(isa):
    res = {}
    for engine in ENGINES:
        r = _run(isa, SMALL_COUNT, engine, grid=2, block=256)
        assert r.ok, (r.status, r.fault)
        for c in range(2):
            assert r.warp(c, 1).regs[5].tolist() == [lane + 100 for lane in range(32)]
            assert set(r.warp(c, 5).regs[6].tolist()) == {32}
        res[engine] = r
    _same(res["reference"], res["batched"])


def test_barrier_count_reached_twice_in_a_row(isa):
    """One barrier used by two groups of two warps one after the other (it starts over at once)."""
    src = """
        S2R R1, SR_WARPID ;
        BAR.SYNC 0x3, 0x40 ;
        IADD3 R7, R1, 0x1, RZ ;
        EXIT ;
    """
    for engine in ENGINES:
        r = _run(isa, src, engine, grid=1, block=128)
        assert r.ok, (r.status, r.fault)
        assert [int(r.warp(0, w).regs[7][0]) for w in range(4)] == [1, 2, 3, 4]


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("src,block", [
    ("BAR.SYNC 0x1, 0x60 ;\nEXIT ;", 64),           # 96 threads expected, 64 in the CTA
    ("BAR.SYNC 0x2, 0x400 ;\nEXIT ;", 128),
    # an explicit count does not count exited warps: warp 1 exits, warp 0 waits for 64 threads
    ("S2R R1, SR_WARPID ;\nISETP.NE.U32.AND P0, PT, R1, RZ, PT ;\n@P0 EXIT ;\nBAR.SYNC 0x1, 0x40 ;\nEXIT ;", 64),
    # warps 0, 1 wait at barrier 1 for each other, warps 2, 3 at barrier 2 for 96 threads
    ("S2R R1, SR_WARPID ;\nISETP.GE.U32.AND P0, PT, R1, 0x2, PT ;\n@P0 BRA `(B) ;\nBAR.SYNC 0x1, 0x40 ;\nEXIT ;\n"
     "B:\nBAR.SYNC 0x2, 0x60 ;\nEXIT ;", 128),
])
def test_deadlock(isa, engine, src, block):
    r = _run(isa, src, engine, grid=1, block=block)
    assert r.status == "deadlock", (r.status, r.fault)


@pytest.mark.parametrize("engine", ENGINES)
def test_no_count_waits_only_for_live_warps(isa, engine):
    src = ("S2R R1, SR_WARPID ;\nISETP.NE.U32.AND P0, PT, R1, RZ, PT ;\n@P0 EXIT ;\n"
           "BAR.SYNC 0x9 ;\nMOV R3, 0x5 ;\nEXIT ;")
    r = _run(isa, src, engine, grid=1, block=96)
    assert r.ok, (r.status, r.fault)
    assert set(r.warp(0, 0).regs[3].tolist()) == {5}


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("src", [
    "BAR.SYNC 0x1, 0x30 ;",                       # not a multiple of 32
    "BAR.SYNC 0x1, 0x0 ;",
    "MOV R0, 0x10 ;\nBAR.SYNC R0 ;",               # barrier 16
    "MOV R0, 0x100001 ;\nBAR.SYNC R0, R0 ;",       # count (bits 27..16) 16, not a multiple of 32
    "MOV R0, 0x1 ;\nBAR.ARV R0, R0 ;",             # an arrival with count (bits 27..16) 0
    "S2R R0, SR_LANEID ;\nBAR.SYNC R0, 0x40 ;",    # the lanes disagree
])
def test_invalid_operands(isa, engine, src):
    r = _run(isa, src + "\nEXIT ;", engine, grid=1, block=64)
    assert r.status == "invalid-operand", (r.status, r.fault)


# ptxas's non-aligned `barrier.sync 0` (cooperative_groups' block sync) reached by a diverged warp on
# sm_90+: `WARPSYNC.COLLECTIVE.ALL`, `BAR.SYNC R18, R18` with R18 = 0 (count bits 27..16 zero: the
# whole CTA), `ENDCOLLECTIVE`; the warp's other lanes wait at the plain `BAR.SYNC 0x0` (D11-S-2:
# OLCF's remove_if faulted with "thread count 0"). Every thread then reads what thread 63 - tid stored.
DIVERGED_WHOLE_CTA = """
        S2R R1, SR_TID.X ;
        IMAD.SHL.U32 R9, R1, 0x4, RZ ;
        STS [R9], R1 ;
        ISETP.GE.U32.AND P0, PT, R1, 0x28, PT ;  // tid >= 40: warp 1 diverges
    @P0 BRA `(DIV) ;
        BAR.SYNC.DEFER_BLOCKING 0x0 ;
        BRA `(AFTER) ;
DIV:
        MOV R18, RZ ;
        BAR.SYNC.DEFER_BLOCKING R18, R18 ;       // (nvcc brackets it with WARPSYNC.COLLECTIVE.ALL .. ENDCOLLECTIVE)
AFTER:
        IADD3 R2, -R1, 0x3f, RZ ;
        IMAD.SHL.U32 R2, R2, 0x4, RZ ;
        LDS R5, [R2] ;
        EXIT ;
"""


def test_register_count_zero_is_the_whole_cta(isa):
    res = {}
    for engine in ENGINES:
        r = _run(isa, DIVERGED_WHOLE_CTA, engine, grid=1, block=64)
        assert r.ok, (r.status, r.fault)
        for w in range(2):
            assert r.warp(0, w).regs[5].tolist() == [63 - (32 * w + lane) for lane in range(32)]
        res[engine] = r
    _same(res["reference"], res["batched"])


def test_nvcc_forms_assemble(isa):
    from gpuisa.asm.disassembler import disassemble
    lines = ["BAR.SYNC.DEFER_BLOCKING 0x1, 0x40", "BAR.ARV 0x1, 0x40", "BAR.SYNC.DEFER_BLOCKING R6, R6",
             "BAR.SYNC R0, 0x40", "BAR.SYNC.DEFER_BLOCKING 0x2, R9", "BAR.SYNC.DEFER_BLOCKING R0", "BAR.ARV R9, R9",
             "BAR.ARV 0x3, R9", "BAR.ARV R0, 0x60", "BAR.SYNC.DEFER_BLOCKING 0x4", "BAR.SYNC 0xf, 0x20",
             "BAR.RED.POPC.DEFER_BLOCKING 0x6, 0x40, P0", "BAR.RED.AND.DEFER_BLOCKING R9, R9, P0"]
    prog = assemble(isa.db, "".join(f"{ln} ;\n" for ln in lines))
    assert [d.text for d in disassemble(isa.db, prog.data)] == lines
    for bad in ("BAR.ARV 0x1", "BAR.ARV R0"):                       # arrive needs a count
        with pytest.raises(Exception, match="thread count"):
            assemble(isa.db, bad + " ;\n")


@pytest.mark.parametrize("arch", ["sm_75", "sm_80", "sm_90", "sm_120"])
def test_nvcc_kernel_both_engines(isa, arch):
    """The corpus kernel named_barrier (nvcc's BAR.ARV 0x1, 0x40 / BAR.SYNC 0x1, 0x40 / BAR.SYNC R6, R6)
    on both engines, with several barrier numbers and counts given as parameters."""
    from pathlib import Path

    from gpuisa.cuda import load_cuda
    corpus = Path(__file__).resolve().parents[1] / "cuda" / "corpus"
    k = load_cuda(isa, corpus / arch / "named_barrier.nvdisasm", "named_barrier")
    rng = np.random.default_rng(5)
    inp = rng.integers(-1000, 1000, 256).astype(np.int32)
    r = np.zeros((2, 128), np.int64)
    v = inp.astype(np.int64).reshape(2, 128)
    r[:, 32:64] = v[:, :32] * 3 + v[:, 32:64]
    r[:, 64:96] = 7
    r[:, 96:] = v[:, 64:96] + 7 - v[:, 96:]
    c = (r & 1).sum(1)
    want = np.stack([r, np.repeat(c[:, None], 128, 1)], 2).reshape(-1).astype(np.int32)
    for bar_id, cnt in ((3, 64), (15, 64), (2, 128)):   # 128 threads expected: a deadlock
        outs = []
        for engine in ENGINES:
            bufs = {"in": inp.copy(), "out": np.zeros(512, np.int32)}
            res = k.launch(grid=2, block=128, params=["ptr:in", "ptr:out", f"s32:{bar_id}", f"s32:{cnt}"],
                           buffers=bufs, engine=engine)
            if cnt == 128:      # only warps 2 and 3 arrive: the barrier never completes
                assert res.status == "deadlock", (res.status, res.fault)
                continue
            assert res.ok, (res.status, res.fault)
            np.testing.assert_array_equal(bufs["out"], want)
            outs.append(res)
        if outs:
            _same(*outs)


@pytest.mark.parametrize("engine", ENGINES)
def test_packed_count_zero_is_every_thread(isa, engine):
    """`nvcc -Xptxas -O0` writes `block.sync()` as `BAR.SYNC R13, R13` with R13 = 0 (D11-F-4): barrier 0,
    bits 27..16 zero -- no count, every thread of the CTA (the two warps meet: warp 1 reads warp 0's store)."""
    r = _run(isa, """
        S2R R1, SR_WARPID ;
        ISETP.NE.AND P0, PT, R1, RZ, PT ;
        MOV R2, 0x7 ;
        @!P0 STS [RZ], R2 ;
        MOV R13, RZ ;
        BAR.SYNC.DEFER_BLOCKING R13, R13 ;
        LDS R3, [RZ] ;
        EXIT ;""", engine, grid=1, block=64)
    assert r.status == "ok", (r.status, r.fault)
    assert all(int(w.R[3][0]) == 7 for w in r.warps)
