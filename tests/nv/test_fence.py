"""The fences and cache controls nvcc emits for __threadfence() (fence.isa): accepted in
nvdisasm's spelling (``ERRBAR;`` without a space), printed back as nvdisasm prints them, and
architectural no-ops (decision G19: no cache, accesses performed in program order)."""
from __future__ import annotations

import numpy as np

from gpuisa.asm.assembler import assemble
from gpuisa.asm.disassembler import disassemble

# the fence sequence of nvcc 13 -O3 for __threadfence() on sm_90 (tests/cuda/corpus kind: fence)
NV = """\
        /*00c0*/                   MEMBAR.SC.GPU ;
        /*00d0*/                   ERRBAR;
        /*00e0*/                   CGAERRBAR ;
        /*00f0*/                   CCTL.IVALL ;
"""


def test_fences_assemble_and_print_as_nvdisasm(nv_isa):
    lines = [ln.split("*/", 1)[1].strip() for ln in NV.splitlines()]
    prog = assemble(nv_isa.db, "\n".join(lines) + "\n")
    got = [d.text for d in disassemble(nv_isa.db, prog.data)]
    assert got == ["MEMBAR.SC.GPU", "ERRBAR", "CGAERRBAR", "CCTL.IVALL"]


def test_fences_change_nothing(run):
    # a store, the fences (also guarded), a load of the same address: as without them
    w = run("""
        S2R R0, SR_LANEID ;
        SHF.L.U32 R2, R0, 0x2, RZ ;
        IMAD R3, R0, 0x7, RZ ;
        IADD3 R3, R3, 0x3, RZ ;
        STS [R2], R3 ;
        MEMBAR.SC.GPU ;
        ERRBAR ;
        CGAERRBAR ;
        ISETP.GE.U32.AND P0, PT, R0, 0x10, PT ;
    @P0 CCTL.IVALL ;
        CCTL.IV ;
        LDS R4, [R2] ;
    """)
    lane = np.arange(32, dtype=np.uint32)
    assert (w.R[4] == lane * 7 + 3).all()


# two CTAs of a cluster exchange through distributed shared memory (decisions D10-C-5, -6): each
# stores rank * 1000 + tid at its own address (rank << 24) + 4 tid, waits at the cluster barrier,
# then reads the other CTA's word with LDS (R5) and through the generic shared window (LD: R8)
CLUSTER_SWAP = """
        S2R R0, SR_TID.X ;
        S2R R1, SR_CgaCtaId ;
        IMAD.SHL.U32 R2, R0, 0x4, RZ ;
        LEA R3, R1, R2, 0x18 ;
        IMAD R4, R1, 0x3e8, R0 ;
        STS [R3], R4 ;
        UCGABAR_ARV ;
        UCGABAR_WAIT ;
        LOP3.LUT R9, R1, 0x1, RZ, 0x3c, !PT ;
        LEA R6, R9, R2, 0x18 ;
        LDS R5, [R6] ;
        S2R R7, SR_SWINHI ;
        LD.E R8, [R6.64] ;
        EXIT ;
"""


def test_cluster_barrier_and_distributed_shared_memory(nv_isa):
    """Regression (D9-4 made the cluster barrier a fault; D10-C-6 runs it): in a cluster launch
    SR_CgaCtaId is the CTA's rank, a shared address's bits 24..31 name the CTA, and the barrier
    orders the two CTAs' stores before the reads -- on both engines, two warps per CTA."""
    prog = assemble(nv_isa.db, CLUSTER_SWAP)
    assert [d.text for d in disassemble(nv_isa.db, prog.data)][6:8] == ["UCGABAR_ARV", "UCGABAR_WAIT"]
    tid = np.arange(64).reshape(2, 32)
    for engine in ("reference", "batched"):
        res = nv_isa.launch(prog, grid=4, block=64, cluster=2, engine=engine)
        assert res.ok, (engine, res.status, res.fault)
        for cta in range(4):
            rank, other = cta % 2, 1 - cta % 2
            for w in range(2):
                wr = res.warp(cta, w)
                assert (wr.R[1] == rank).all()
                assert (wr.R[5] == other * 1000 + tid[w]).all(), (engine, cta, w, wr.R[5])
                assert (wr.R[8] == other * 1000 + tid[w]).all(), (engine, cta, w, wr.R[8])


def test_cluster_barrier_faults_and_implicit_clusters(nv_isa):
    """A wait without an arrival, or a second arrival before the wait, is a located `invalid-operand`
    fault; an arrival whose warp exits without waiting is not. Without a cluster launch each CTA
    is a cluster of one: the barrier is the CTA's and SR_CgaCtaId is 0. A rank beyond the
    cluster is outside shared memory."""
    for engine in ("reference", "batched"):
        res = nv_isa.launch(assemble(nv_isa.db, "S2R R0, SR_LANEID ;\nUCGABAR_WAIT ;\nEXIT ;\n"), engine=engine)
        assert res.status == "invalid-operand" and res.fault["pc"] == 0x10, (engine, res.fault)
        assert "without having arrived" in res.fault["message"]
        res = nv_isa.launch(assemble(nv_isa.db, "UCGABAR_ARV ;\nUCGABAR_ARV ;\nEXIT ;\n"), engine=engine,
                            grid=2, cluster=2)
        assert res.status == "invalid-operand" and res.fault["pc"] == 0x10, (engine, res.fault)
        res = nv_isa.launch(assemble(nv_isa.db, "UCGABAR_ARV ;\nEXIT ;\n"), engine=engine, grid=2, cluster=2)
        assert res.ok, (engine, res.fault)
        res = nv_isa.launch(assemble(nv_isa.db, CLUSTER_SWAP.replace("LDS R5, [R6]", "LDS R5, [R3]")
                                             .replace("LD.E R8, [R6.64]", "MOV R8, RZ")),
                            engine=engine, grid=3, block=64)
        assert res.ok, (engine, res.fault)
        assert (res.warp(2, 1).R[5] == 32 + np.arange(32)).all() and (res.warp(2, 1).R[1] == 0).all()
        bad = CLUSTER_SWAP.replace("LOP3.LUT R9, R1, 0x1, RZ, 0x3c, !PT", "MOV R9, 0x2")
        res = nv_isa.launch(assemble(nv_isa.db, bad), engine=engine, grid=2, block=64, cluster=2)
        assert res.status == "memory" and "0x2000000" in res.fault["message"], (engine, res.fault)


def test_cluster_barrier_counts_threads_of_divergent_halves(nv_isa):
    """Regression (D10-C-6): nvcc's non-aligned barrier.cluster.arrive/wait in both arms of a branch
    (`WARPSYNC.COLLECTIVE.ALL ; UCGABAR_ARV` per arm) arrives with each half of the warp in turn;
    counting warps made the second half a double arrival. Threads count: the barrier completes
    when every live thread of the cluster has arrived (a partial warp of 16 lanes included)."""
    body = "WARPSYNC 0xffffffff ;\nUCGABAR_ARV ;\nWARPSYNC 0xffffffff ;\nUCGABAR_WAIT ;\n"
    split = CLUSTER_SWAP.replace("UCGABAR_ARV ;\n        UCGABAR_WAIT ;\n",
                                 "LOP3.LUT P0, RZ, R0, 0x1, RZ, 0xc0, !PT ;\nBSSY B0, `(J) ;\n@P0 BRA `(B) ;\n"
                                 + body + "BRA `(J) ;\nB:\n" + body + "J:\nBSYNC B0 ;\n")
    assert split.count("UCGABAR_ARV") == 2
    prog = assemble(nv_isa.db, split)
    for engine in ("reference", "batched"):
        res = nv_isa.launch(prog, grid=2, block=48, cluster=2, engine=engine)
        assert res.ok, (engine, res.status, res.fault)
        for cta in range(2):
            for w, n in ((0, 32), (1, 16)):
                got = res.warp(cta, w).R[5][:n]
                assert (got == (1 - cta) * 1000 + 32 * w + np.arange(n)).all(), (engine, cta, w, got)


# two CTAs of a cluster of 3 (one warp each, in one batch) arrive at rank 0's mbarrier (64 threads
# expected: lo = (2^20 - 64) << 1, hi = (2^20 - 64) << 11, D8-sync); rank 0 reads the word after
MBAR_LO, MBAR_HI = (2**20 - 64) << 1, (2**20 - 64) << 11
REMOTE_ARRIVE = f"""
        S2R R1, SR_CgaCtaId ;
        ISETP.NE.AND P0, PT, R1, RZ, PT ;
        MOV R4, {MBAR_LO:#x} ;
        MOV R5, {MBAR_HI:#x} ;
  @!P0  STS.64 [RZ], R4 ;
        UCGABAR_ARV ;
        UCGABAR_WAIT ;
        UMOV UR7, 0x0 ;
  @P0   SYNCS.ARRIVE.TRANS64.RED.A1T0 RZ, [UR7], RZ ;
        UCGABAR_ARV ;
        UCGABAR_WAIT ;
        LDS.64 R6, [RZ] ;
        EXIT ;
"""


def test_remote_mbarrier_arrivals_of_two_ctas_in_one_batch(nv_isa):
    """Regression (D10-C-9): `SYNCS.ARRIVE.TRANS64.RED.A1T0 RZ, [URa], RZ` (an arrival without a token,
    nvcc's `mbarrier.arrive.shared::cluster`) was refused; and a batch grouped the arrivals by the
    address plus each warp's own CTA's place in the pool, so two CTAs arriving at another CTA's
    mbarrier in one batch each updated the old word: 32 arrivals of 64 were lost and the phase did
    not complete. Both engines."""
    prog = assemble(nv_isa.db, REMOTE_ARRIVE)
    for engine in ("reference", "batched"):
        res = nv_isa.launch(prog, grid=3, cluster=3, engine=engine)
        assert res.ok, (engine, res.fault)
        w = res.warp(0, 0)
        assert int(w.R[6][0]) == MBAR_LO and int(w.R[7][0]) == MBAR_HI | 1 << 31, (engine, hex(int(w.R[7][0])))
