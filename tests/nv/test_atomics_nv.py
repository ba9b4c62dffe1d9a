"""The atomics nvcc emits beyond 32-bit add/min/max/exch/logic (gp.isa, nv.isa): .INC/.DEC
(atomicInc/atomicDec), 64-bit types (.64, .S64, .F64 add), CAS.64, ATOMS.CAST.SPIN (the compare
and store of nvcc's shared-memory CAS loops) and ATOMS.POPC.INC.32.  Expected values are those of
CUDA's atomics in any order of the lanes (chosen so that the order does not matter), computed
with Python integers and floats."""
from __future__ import annotations

import struct

import numpy as np
import pytest

from gpuisa.asm.assembler import assemble
from gpuisa.asm.disassembler import disassemble


def _run(isa, text, engine, **kw):
    res = isa.launch(assemble(isa.db, text + "\nEXIT ;\n"), engine=engine, **kw)
    assert res.ok, (res.status, res.fault)
    return res


@pytest.mark.parametrize("engine", ["reference", "batched"])
def test_global_inc_dec_64bit_and_f64(nv_isa, engine):
    g = np.zeros(8, np.uint64)
    g[1] = 100                                   # DEC from 100 with bound 1000: never wraps
    g[3] = 5
    g[5] = struct.unpack("<Q", struct.pack("<d", 0.25))[0]
    res = _run(nv_isa, """
        S2R R0, SR_LANEID ;
        MOV R2, c[0x0][0x0] ;
        MOV R3, c[0x0][0x4] ;
        MOV R4, 0x3e8 ;
        RED.E.INC.STRONG.GPU [R2.64], R4 ;
        RED.E.DEC.STRONG.GPU [R2.64+0x8], R4 ;
        IADD3 R6, R0, 0x1, RZ ;
        MOV R7, 0x1 ;                                 // R6:R7 = (1 << 32) + lane + 1
        REDG.E.ADD.64.STRONG.GPU [R2.64+0x10], R6 ;
        REDG.E.MAX.64.STRONG.GPU [R2.64+0x18], R6 ;
        MOV R8, RZ ;
        MOV R9, 0x3ff00000 ;                          // 1.0
        REDG.E.ADD.F64.RN.STRONG.GPU [R2.64+0x28], R8 ;
        MOV R10, 0x5 ;
        MOV R11, RZ ;
        MOV R12, 0x63 ;
        MOV R13, 0x7 ;
        ATOMG.E.CAS.64.STRONG.GPU PT, R14, [R2.64+0x30], R10, R12 ;
    """, engine, buffers={"g": g}, params=["g"])
    out = res.buffers["g"].view(np.uint64) if res.buffers["g"].dtype != np.uint64 else res.buffers["g"]
    assert int(out[0]) == 32 and int(out[1]) == 68
    assert int(out[2]) == sum((1 << 32) + i + 1 for i in range(32))
    assert int(out[3]) == (1 << 32) + 32
    assert struct.unpack("<d", struct.pack("<Q", int(out[5])))[0] == 32.25
    assert int(out[6]) == 0                                   # 0 != 5: nothing swapped
    w = res.warps[0]
    assert all(int(w.R[14][i]) == 0 and int(w.R[15][i]) == 0 for i in range(32))


@pytest.mark.parametrize("engine", ["reference", "batched"])
def test_shared_popc_inc_cas_loop_and_inc(nv_isa, engine):
    res = _run(nv_isa, """
        S2R R0, SR_LANEID ;
        LOP3.LUT R8, R0, 0x3, RZ, 0xc0, !PT ;
        SHF.L.U32 R8, R8, 0x2, RZ ;
        ATOMS.POPC.INC.32 RZ, [R8] ;                  // 4 bins, 8 lanes each
        MOV R4, 0x64 ;
        ATOMS.INC RZ, [0x40], R4 ;
        BSSY B0, `(done) ;
    loop:
        LDS R9, [0x48] ;
        FADD R10, R9, 1 ;                             // a float add through compare-and-store
        ATOMS.CAST.SPIN R11, [0x48], R9, R10 ;
        ISETP.EQ.U32.AND P1, PT, R11, 0x1, PT ;
    @!P1 BRA `(loop) ;
    done:
        BSYNC B0 ;
        LDS.128 R16, [RZ] ;
        LDS R20, [0x40] ;
        LDS R21, [0x48] ;
    """, engine, shared_size=256)
    w = res.warps[0]
    assert [int(w.R[k][0]) for k in (16, 17, 18, 19)] == [8, 8, 8, 8]
    assert int(w.R[20][0]) == 32
    assert struct.unpack("<f", struct.pack("<I", int(w.R[21][0])))[0] == 32.0


def test_atomic_forms_print_as_nvdisasm(nv_isa):
    lines = ["ATOMS.POPC.INC.32 RZ, [R8+UR4]", "ATOMS.INC RZ, [UR4+0x48], R4", "ATOMS.CAST.SPIN R9, [R6], R8, R9",
             "RED.E.DEC.STRONG.GPU [UR6+0x20], R14", "RED.E.ADD.64.STRONG.GPU [UR8], R6",
             "REDG.E.ADD.F64.RN.STRONG.GPU [R18.64], R20", "ATOMG.E.EXCH.STRONG.GPU PT, RZ, [UR6+0xc], R0",
             "ATOMS.MAX.S32 RZ, [R2+UR4+0x20], R9"]
    prog = assemble(nv_isa.db, "".join(f"{ln} ;\n" for ln in lines))
    got = [d.text for d in disassemble(nv_isa.db, prog.data)]
    assert got[:6] == lines[:6] and got[7] == lines[7]
    assert got[6] == "ATOMG.E.EXCH.STRONG.GPU RZ, [UR6+0xc], R0"       # PT (the only Pu) is not printed


@pytest.mark.parametrize("engine", ["reference", "batched"])
def test_cast_with_a_predicate_result(nv_isa, engine):
    """`ATOMS.CAST.SPIN P1, [a], Rb, Rc` (sm_120, sm_75): P1 = the lanes that stored; a CAS loop
    adding 1.0 per lane to a shared float ends with 32.0."""
    res = _run(nv_isa, """
        BSSY B0, `(done) ;
    loop:
        LDS R4, [0x10] ;
        FADD R5, R4, 1 ;
        ATOMS.CAST.SPIN P1, [0x10], R4, R5 ;
    @!P1 BRA `(loop) ;
    done:
        BSYNC B0 ;
        LDS R6, [0x10] ;
    """, engine, shared_size=64)
    assert {int(v) for v in res.warps[0].R[6]} == {0x42000000}       # 32.0f


@pytest.mark.parametrize("engine", ["reference", "batched"])
def test_cast_64_with_a_predicate_result(nv_isa, engine):
    """`ATOMS.CAST.SPIN.64 P1, [a], Rb, Rc` (sm_120's 64-bit shared CAS loop, nvdisasm leaves out
    the RZ): a loop adding lane + 2^33 to a shared 64-bit word ends with sum(lanes) + 32 * 2^33."""
    res = _run(nv_isa, """
        S2R R0, SR_LANEID ;
        BSSY B0, `(done) ;
    loop:
        LDS.64 R4, [0x10] ;
        IADD3 R6, P0, R4, R0, RZ ;
        IADD3.X R7, R5, 0x2, RZ, P0, !PT ;
        ATOMS.CAST.SPIN.64 P1, [0x10], R4, R6 ;
    @!P1 BRA `(loop) ;
    done:
        BSYNC B0 ;
        LDS.64 R8, [0x10] ;
    """, engine, shared_size=64)
    w = res.warps[0]
    total = sum(range(32)) + 32 * (1 << 33)
    assert {int(v) for v in w.R[8]} == {total & 0xFFFFFFFF} and {int(v) for v in w.R[9]} == {total >> 32}
    got = [d.text for d in disassemble(nv_isa.db, assemble(nv_isa.db, "ATOMS.CAST.SPIN.64 P1, [R3], R8, R10 ;").data)]
    assert got == ["ATOMS.CAST.SPIN.64 P1, RZ, [R3], R8, R10"]
