"""Forms found by session 21's probes (decision D21-2): ptxas 12.4's sm_90 code merges a packed pair
of 8-bit floats into the *high* half of a register it keeps (`F2FP.SATFINITE.E4M3.F32.PACK_AB_MERGE_C
R13, R12, R11, R13.H1`: a 16-bit result written into the low half). Expected codes by the formats'
definitions (E4M3: bias 7, 3 fraction bits; E5M2: bias 15, 2 fraction bits); both engines."""
from __future__ import annotations

import struct

import pytest

from gpuisa.asm.assembler import assemble

ENGINES = ["batched", "reference"]


def _bits(v: float) -> int:
    return struct.unpack("<I", struct.pack("<f", v))[0]


# value -> (E4M3 code, E5M2 code), exact in both
CODES = {1.0: (0x38, 0x3C), -2.0: (0xC0, 0xC0), 0.5: (0x30, 0x38), 448.0: (0x7E, 0x5F), -0.0: (0x80, 0x80)}


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("a,b", [(1.0, -2.0), (0.5, 448.0), (-0.0, 1.0)])
def test_merge_with_the_high_half_of_c(nv_isa, engine, a, b):
    res = nv_isa.launch(assemble(nv_isa.db, f"""
        MOV R2, {_bits(a):#x} ;
        MOV R3, {_bits(b):#x} ;
        MOV R13, 0xabcd1234 ;
        MOV R14, 0xabcd1234 ;
        MOV R15, 0x5a5a6b6b ;
        F2FP.SATFINITE.E4M3.F32.PACK_AB_MERGE_C R13, R2, R3, R13.H1 ;
        F2FP.SATFINITE.E4M3.F32.PACK_AB_MERGE_C R14, R2, R3, R14 ;
        F2FP.E5M2.F32.PACK_AB_MERGE_C R16, R2, R3, R15.H1 ;
        F2FP.SATFINITE.E5M2.F32.PACK_AB_MERGE_C R17, R2, R3, R15 ;
        EXIT ;"""), engine=engine)
    assert res.ok
    w = res.warp()
    e4 = CODES[a][0] << 8 | CODES[b][0]
    e5 = CODES[a][1] << 8 | CODES[b][1]
    assert int(w.R[13][0]) == 0xABCD0000 | e4          # Rc.H1: the register's own high half stays
    assert int(w.R[14][0]) == 0x12340000 | e4          # Rc: its low half goes up
    assert int(w.R[16][0]) == 0x5A5A0000 | e5
    assert int(w.R[17][0]) == 0x6B6B0000 | e5


def test_the_selected_form_round_trips(nv_isa):
    from gpuisa.asm.disassembler import disassemble
    text = "F2FP.SATFINITE.E4M3.F32.PACK_AB_MERGE_C R13, R12, R11, R13.H1 ;"
    got = [d.text for d in disassemble(nv_isa.db, assemble(nv_isa.db, text).data)]
    assert got == [text.rstrip(" ;")]
