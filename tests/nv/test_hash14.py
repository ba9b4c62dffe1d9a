"""16-byte atomics (hash14, decision D14-H-1): `atomicCAS` / `atomicExch` on a 16-byte type (sm_90+)
are ATOMG/ATOMS/ATOM `.CAS.128` / `.EXCH.128` on register quads.  Expectations with Python ints."""
from __future__ import annotations

import numpy as np
import pytest

from gpuisa.asm.assembler import assemble
from gpuisa.errors import AsmError
from gpuisa.sim.state import SHARED_WINDOW

ENGINES = ["batched", "reference"]


def _new(lane: int) -> list[int]:
    return [lane + 1, 2 * lane, 7, lane << 20]        # the quad R12..R15 of each lane


@pytest.mark.parametrize("engine", ENGINES)
def test_cas128_and_exch128_lanes_in_order(nv_isa, engine):
    """Every lane CASes (0, 0, 0, 0) -> its own quad into one 16-byte word: lane 0 wins, the others
    read lane 0's quad; EXCH.128 hands each lane the previous lane's quad (lowest lane first), in
    global, shared and generic-on-shared memory."""
    g = np.zeros(12, np.uint32)
    g[8:12] = [5, 6, 7, 8]
    res = nv_isa.launch(assemble(nv_isa.db, f"""
        S2R R0, SR_LANEID ;
        MOV R2, c[0x0][0x0] ;
        MOV R3, c[0x0][0x4] ;
        MOV R8, RZ ;
        MOV R9, RZ ;
        MOV R10, RZ ;
        MOV R11, RZ ;
        IADD3 R12, R0, 0x1, RZ ;
        IADD3 R13, R0, R0, RZ ;
        MOV R14, 0x7 ;
        SHF.L.U32 R15, R0, 0x14, RZ ;
        ATOMG.E.CAS.128.STRONG.GPU PT, R16, [R2.64], R8, R12 ;
        ATOMS.CAS.128 R20, [0x10], R8, R12 ;
        MOV R6, 0x20 ;
        MOV R7, {SHARED_WINDOW >> 32:#x} ;
        ATOM.E.EXCH.128.STRONG.GPU PT, R24, [R6.64], R12 ;
        ATOMG.E.EXCH.128.STRONG.GPU PT, R28, [R2.64+0x20], R12 ;
        ATOMG.E.CAS.128.STRONG.GPU PT, RZ, [R2.64+0x10], R8, R12 ;
        LDS.128 R32, [0x10] ;
        LDS.128 R36, [0x20] ;
        EXIT ;"""), buffers={"g": g}, params=["g"], shared_size=64, engine=engine)
    assert res.ok, res.fault
    w = res.warp()
    quad = [[int(w.R[r][ln]) for r in range(base, base + 4)] for base in (16, 20, 24, 28) for ln in range(32)]
    cas_g, cas_s, exch_s, exch_g = (quad[k * 32:(k + 1) * 32] for k in range(4))
    assert cas_g == [[0, 0, 0, 0]] + [_new(0)] * 31 and cas_s == cas_g
    assert exch_s == [[0, 0, 0, 0]] + [_new(ln) for ln in range(31)]
    assert exch_g == [[5, 6, 7, 8]] + [_new(ln) for ln in range(31)]
    assert list(res.buffers["g"]) == _new(0) + _new(0) + _new(31)      # word 1: a CAS into RZ
    assert [int(w.R[r][0]) for r in range(32, 40)] == _new(0) + _new(31)


def test_128bit_atomics_misaligned_and_refused_forms(nv_isa):
    g = np.zeros(8, np.uint32)
    res = nv_isa.launch(assemble(nv_isa.db, """
        MOV R2, c[0x0][0x0] ;
        MOV R3, c[0x0][0x4] ;
        ATOMG.E.EXCH.128.STRONG.GPU PT, R4, [R2.64+0x8], R8 ;
        EXIT ;"""), buffers={"g": g}, params=["g"])
    assert res.status == "misaligned"
    for bad in ("ATOMG.E.ADD.128 PT, R4, [R2.64], R8 ;", "ATOMS.CAST.SPIN.128 R4, [R2], R8, R12 ;",
                "ATOMS.MAX.128 R4, [R2], R8 ;", "RED.E.ADD.128 [R2.64], R8 ;"):
        with pytest.raises(AsmError):
            assemble(nv_isa.db, bad + "\nEXIT ;")


@pytest.mark.parametrize("engine", ENGINES)
def test_subword_buffer_holds_its_aligned_word(nv_isa, engine):
    """D14-H-2: nvcc's 16-bit atomicCAS / cuda::atomic_ref<short> is a 32-bit CAS loop on the aligned
    word holding the short; a 2-byte buffer (cudaMalloc: 256-byte granules) has that word, padded
    with zeros, and the buffer gets its two bytes back.  A word past the padding still faults."""
    s16 = np.array([-5], np.int16)
    res = nv_isa.launch(assemble(nv_isa.db, """
        MOV R2, c[0x0][0x0] ;
        MOV R3, c[0x0][0x4] ;
        LDG.E R4, [R2.64] ;
        IADD3 R5, R4, 0x7, RZ ;
        PRMT R5, R4, 0x3254, R5 ;
        ATOMG.E.CAS.STRONG.GPU PT, R6, [R2.64], R4, R5 ;
        EXIT ;"""), buffers={"s16": s16}, params=["s16"], engine=engine, block=1)
    assert res.ok, res.fault
    assert s16.tolist() == [2] and int(res.warp().R[6][0]) == 0xfffb
    bad = nv_isa.launch(assemble(nv_isa.db, """
        MOV R2, c[0x0][0x0] ;
        MOV R3, c[0x0][0x4] ;
        LDG.E R4, [R2.64+0x4] ;
        EXIT ;"""), buffers={"s16": np.zeros(1, np.int16)}, params=["s16"], engine=engine, block=1)
    assert bad.status == "memory"


def test_subword_buffer_is_live_in_sim_buffers(nv_isa):
    """D14-H-2, merge: a padded buffer's ``sim.buffers`` entry is the memory itself, as an unpadded
    one's is: a write to it before the run reaches the kernel (the CUDA front end fills its
    parameter copy this way) and a read during the run sees the kernel's stores."""
    from gpuisa.sim.kernelargs import kernel_simulator
    b = np.zeros(3, np.uint8)
    sim = kernel_simulator(nv_isa, assemble(nv_isa.db, """
        MOV R2, c[0x0][0x0] ;
        MOV R3, c[0x0][0x4] ;
        LDG.E.U8 R4, [R2.64+0x1] ;
        IADD3 R4, R4, 0x1, RZ ;
        STG.E.U8 [R2.64+0x2], R4 ;
        EXIT ;"""), params=["b"], buffers={"b": b}, block=1)
    sim.buffers["b"][1] = 41
    for _ in sim.run_steps():
        pass
    assert sim.buffers["b"].tolist() == [0, 41, 42]
    res = sim.result()
    assert res.buffers["b"].tolist() == [0, 41, 42] and b.tolist() == [0, 41, 42]
