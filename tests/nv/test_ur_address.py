"""Uniform-register parts of memory addresses (issue 11), as nvcc writes them:
`[UR4]`, `[UR4+0x44]`, `[R2+UR4]`, `[R2+UR4+0x20]` (shared, local), `[UR6]` and
`[R6.64+UR8]` (global: the uniform pair UR6:UR7 is a 64-bit address part). Expected
values from numpy over the same buffers; both engines."""
from __future__ import annotations

import numpy as np
import pytest

from gpuisa.asm.assembler import assemble
from gpuisa.asm.disassembler import disassemble

LINES = ["LDS R5, [UR4]", "LDS R6, [R3+UR5]", "STS [R2+UR4+0x20], R9", "LDG.E.SYS R4, [UR6]",
         "LDG.E R2, [R6.64+UR8+0x10]", "LDL R0, [R19+UR10]", "ATOMS.ADD RZ, [R2+UR4], R9",
         "RED.E.ADD.STRONG.GPU [UR6+0x4], R0", "LDS.128 R4, [UR8-0x20]", "STL [R9+UR10], R0",
         "LDG.E.U8.SYS R7, [R2.U32+UR4]", "STG.E.SYS [R5.U32+UR4+0x8], R9"]


def test_forms_round_trip_as_nvdisasm_prints_them(nv_isa):
    prog = assemble(nv_isa.db, "".join(f"{ln} ;\n" for ln in LINES))
    assert [d.text for d in disassemble(nv_isa.db, prog.data)] == LINES
    # nvdisasm's `+-` before a negative offset is read too
    assert assemble(nv_isa.db, "LDS.128 R4, [UR8+-0x20] ;\n").words == assemble(nv_isa.db, f"{LINES[8]} ;\n").words


def test_odd_uniform_pair_of_a_global_address_is_refused(nv_isa):
    from gpuisa.errors import AsmError
    with pytest.raises(AsmError, match="even register"):
        assemble(nv_isa.db, "LDG.E R2, [UR7] ;\n")


@pytest.mark.parametrize("engine", ["reference", "batched"])
def test_uniform_parts_add_to_the_address(nv_isa, engine):
    n = 64
    src = np.arange(n, dtype=np.uint32) * 7 + 3
    prog = assemble(nv_isa.db, """
        S2R R0, SR_LANEID ;
        SHF.L.U32 R2, R0, 0x2, RZ ;          // lane * 4
        MOV R3, c[0x0][0x0] ;
        MOV R4, c[0x0][0x4] ;
        UMOV UR5, 0x40 ;                      // shared: 0x40 + lane * 4
        ULDC.64 UR6, c[0x0][0x0] ;            // global pointer to src, as a uniform pair
        UMOV UR8, 0x8 ;                       // global: + 8 + 0x10 bytes
        UMOV UR9, 0x0 ;
        MOV R6, R3 ;
        MOV R7, R4 ;
        IMAD.WIDE.U32 R6, R0, 0x4, R6 ;       // &src[lane]
        LDG.E R10, [R6.64+UR8+0x10] ;         // src[lane + 6]
        LDG.E R11, [UR6+0x8] ;                // src[2] (every lane)
        STS [R2+UR5], R10 ;                   // shared[0x40 + 4 lane] = src[lane + 6]
        STS [R2+UR5+0x100], R0 ;
        LDS R12, [R2+UR5] ;
        LDS R13, [UR5+0x10] ;                 // shared[0x50] = src[4 + 6]
        LDL R14, [R2+UR5] ;                   // local memory starts as zeros
        STL [R2+UR5], R11 ;
        LDL R15, [R2+UR5] ;
        IADD3 R16, R2, 0xc, RZ ;              // a 32-bit offset, zero-extended: [R16.U32+UR6]
        LDG.E R16, [R16.U32+UR6] ;            // src[lane + 3]
    """ + "EXIT ;\n")
    res = nv_isa.launch(prog, grid=4, buffers={"src": src}, params=["src"], shared_size=1024, engine=engine)
    assert res.ok, (res.status, res.fault)
    assert len(res.warps) == 4           # the batched engine runs the four CTAs' warps as one batch
    lane = np.arange(32)
    for w in res.warps:
        _check(w, src, lane)


def _check(w, src, lane):
    assert list(w.R[10]) == list(src[lane + 6])
    assert list(w.R[11]) == [src[2]] * 32
    assert list(w.R[12]) == list(src[lane + 6])
    assert list(w.R[13]) == [src[10]] * 32
    assert list(w.R[14]) == [0] * 32
    assert list(w.R[15]) == [src[2]] * 32
    assert list(w.R[16]) == list(src[lane + 3])
