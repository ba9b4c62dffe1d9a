"""BAR.RED.POPC/.AND/.OR + B2R.RESULT, nvcc's __syncthreads_count / _and / _or (decision AT-2):
the CTA's count of true predicates and its AND/OR, computed here with Python over thread ids;
several CTAs of several warps, both engines, barriers in a loop (epochs)."""
from __future__ import annotations

import pytest

from gpuisa.asm.assembler import assemble
from gpuisa.asm.disassembler import disassemble

SRC = """
        S2R R0, SR_TID.X ;
        S2R R2, SR_CTAID.X ;
        MOV R10, RZ ;
        MOV R11, RZ ;
        MOV R12, RZ ;
        MOV R13, RZ ;
loop:
        IMAD R3, R13, 0x3, R2 ;                    // k = 3 * trip + cta
        IADD3 R3, R0, R3, RZ ;
        LOP3.LUT R1, R3, 0x3, RZ, 0xc0, !PT ;
        ISETP.EQ.U32.AND P2, PT, R1, RZ, PT ;      // (tid + k) % 4 == 0
        BAR.RED.POPC.DEFER_BLOCKING 0x0, P2 ;
        B2R.RESULT R7 ;
        IADD3 R10, R10, R7, RZ ;
        ISETP.LT.U32.AND P1, PT, R0, 0x60, PT ;    // tid < 96: all of a 96-thread CTA, not of 128
        BAR.RED.AND.DEFER_BLOCKING 0x0, P1 ;
        B2R.RESULT RZ, P0 ;
    @P0 IADD3 R11, R11, 0x1, RZ ;
        ISETP.EQ.U32.AND P3, PT, R0, R2, PT ;      // tid == cta
        BAR.RED.OR 0x0, P3 ;
        B2R.RESULT R8, P4 ;
    @P4 IADD3 R12, R12, 0x1, RZ ;
        IADD3 R13, R13, 0x1, RZ ;
        ISETP.LT.U32.AND P5, PT, R13, 0x3, PT ;
    @P5 BRA `(loop) ;
        EXIT ;
"""


@pytest.mark.parametrize("engine", ["reference", "batched"])
@pytest.mark.parametrize("block", [96, 128])
def test_syncthreads_count_and_or(nv_isa, engine, block):
    res = nv_isa.launch(assemble(nv_isa.db, SRC), grid=3, block=block, engine=engine)
    assert res.ok, (res.status, res.fault)
    for w in res.warps:
        cta = w.cta
        count = sum(sum(1 for t in range(block) if (t + 3 * trip + cta) % 4 == 0) for trip in range(3))
        assert {int(v) for v in w.R[10]} == {count}
        assert {int(v) for v in w.R[11]} == {3 if block <= 96 else 0}
        assert {int(v) for v in w.R[12]} == {3}                 # cta < block: one thread has tid == cta


def test_bar_red_prints_as_nvdisasm(nv_isa):
    lines = ["BAR.RED.POPC.DEFER_BLOCKING 0x0, P2", "B2R.RESULT R7", "BAR.RED.AND.DEFER_BLOCKING 0x0, P1",
             "B2R.RESULT RZ, P0", "BAR.SYNC.DEFER_BLOCKING 0x0", "BAR.RED.OR 0x0, !P0"]
    prog = assemble(nv_isa.db, "".join(f"{ln} ;\n" for ln in lines))
    assert [d.text for d in disassemble(nv_isa.db, prog.data)] == lines
