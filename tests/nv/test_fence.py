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


def test_cluster_barrier_is_accepted_and_faults_when_executed(nv_isa):
    """`UCGABAR_ARV` / `UCGABAR_WAIT` (decision D9-4): accepted and printed as nvdisasm prints them
    (a type-erased cg::thread_group's sync() holds them beside BAR.SYNC); gpuisa launches without
    clusters, so the path that runs them is not taken -- run anyway, each is a located fault
    naming clusters, on both engines. (The corpus kernel cg_generic_sync runs the other path.)"""
    prog = assemble(nv_isa.db, "UCGABAR_ARV ;\nUCGABAR_WAIT ;\n")
    assert [d.text for d in disassemble(nv_isa.db, prog.data)] == ["UCGABAR_ARV", "UCGABAR_WAIT"]
    for first in ("UCGABAR_ARV", "UCGABAR_WAIT"):
        for engine in ("reference", "batched"):
            res = nv_isa.launch(assemble(nv_isa.db, f"S2R R0, SR_LANEID ;\n{first} ;\nEXIT ;\n"),
                                engine=engine)
            assert res.status == "invalid-instruction" and res.fault["pc"] == 0x10, (engine, res.fault)
            assert res.fault["message"].startswith(f"{first}: a cluster barrier"), res.fault
