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
