"""Golden text <-> hex rows for the general-purpose extension.  Expected words are
built from field positions copied by hand from src/gpuisa/isa/gp.isa and the
Optype/SType values of base.isa (written out below), not from the database."""
from __future__ import annotations

import re

import struct

import pytest

from gpuisa.asm.assembler import encode_one
from gpuisa.asm.disassembler import decode_one

CTRL = (7 << 120) | (7 << 123)  # wsb = rsb = 7 (none)
PG_PT = (12, 3, 7)
# base.isa: Optype values of the extension, SType values
MOV, IADD3, ISETP, FADD, LDG, STG, LDS = 0x40, 0x43, 0x48, 0x4D, 0x55, 0x56, 0x57
S_I, S_R, S_RR, S_RI, S_RIR = 2, 1, 5, 6, 11


def W(*fields):
    w = CTRL
    for pos, width, value in fields:
        assert 0 <= value < (1 << width)
        w |= value << pos
    return w


def f32(x: float) -> int:
    return struct.unpack("<I", struct.pack("<f", x))[0]


ROWS = [
    # MOV_I: rd<16,8>, vb<32,32> UImm32; 32-bit immediates wrap (-1 -> 0xffffffff)
    ("MOV R1, 0x2a", W((0, 8, MOV), (8, 4, S_I), PG_PT, (16, 8, 1), (32, 32, 0x2A)), None),
    ("MOV R1, -1", W((0, 8, MOV), (8, 4, S_I), PG_PT, (16, 8, 1), (32, 32, 0xFFFFFFFF)), "MOV R1, 0xffffffff"),
    # IADD3_RIR: rd<16,8>, ra<24,8>, ra.neg<72>, vb<32,32> SImm32, rc<64,8>, x<80>, pp<98,3>, pu<106,3>
    ("IADD3 R0, -R2, 0x10, RZ",
     W((0, 8, IADD3), (8, 4, S_RIR), PG_PT, (16, 8, 0), (24, 8, 2), (72, 1, 1), (32, 32, 0x10), (64, 8, 255),
       (98, 3, 7), (106, 3, 7), (102, 3, 7), (88, 3, 7), (91, 1, 1)), None),  # pv, pq, pq.not (issue 11)
    ("IADD3 R0, P1, R2, -0x1, RZ",
     W((0, 8, IADD3), (8, 4, S_RIR), PG_PT, (16, 8, 0), (24, 8, 2), (32, 32, 0xFFFFFFFF), (64, 8, 255),
       (98, 3, 7), (106, 3, 1), (102, 3, 7), (88, 3, 7), (91, 1, 1)), None),
    # ISETP_RR: ra<24,8>, rb<32,8>, cmp<80,3> (GE=6), fmt<83> (U32=1), bop<84,2> (AND=0), pp<98,3>, pv<102,3>, pu<106,3>
    ("ISETP.GE.U32.AND P0, PT, R0, R1, PT",
     W((0, 8, ISETP), (8, 4, S_RR), PG_PT, (24, 8, 0), (32, 8, 1), (80, 3, 6), (83, 1, 1), (84, 2, 0),
       (98, 3, 7), (102, 3, 7), (106, 3, 0), (88, 3, 7)), None),  # pq (issue 11)
    # FADD_RI: rd<16,8>, ra<24,8>, vb<32,32> as binary32
    ("FADD R1, R2, 1.5", W((0, 8, FADD), (8, 4, S_RI), PG_PT, (16, 8, 1), (24, 8, 2), (32, 32, f32(1.5))), None),
    ("FADD R1, R2, -0.1", W((0, 8, FADD), (8, 4, S_RI), PG_PT, (16, 8, 1), (24, 8, 2), (32, 32, f32(-0.1))), None),
    # LDG_R: rd<16,8>, ra<24,8> (64-bit base), offset<40,24> SImm24, ura<72,6> (URZ = 63 when no
    # uniform part is written), e<80>, size<81,3> (64 = 5)
    ("LDG.E.64 R[4:5], [R2.64+0x10]",
     W((0, 8, LDG), (8, 4, S_R), PG_PT, (16, 8, 4), (24, 8, 2), (40, 24, 0x10), (72, 6, 63), (81, 3, 5)), None),
    ("@P0 LDG.E R4, [R2.64-0x8]",
     W((0, 8, LDG), (8, 4, S_R), (12, 3, 0), (16, 8, 4), (24, 8, 2), (40, 24, (-8) & 0xFFFFFF), (72, 6, 63)), None),
    ("LDG.E R4, [R2.64+UR6+0x8]",
     W((0, 8, LDG), (8, 4, S_R), PG_PT, (16, 8, 4), (24, 8, 2), (40, 24, 8), (72, 6, 6)), None),
    # STG_RR: ra<24,8>, rb<32,8>, offset<40,24>, ura<72,6>, scale<78> (U32 = 1), e<80>, size<81,3> (U8 = 1)
    ("STG.E.U8 [R6.64+0x3], R9",
     W((0, 8, STG), (8, 4, S_RR), PG_PT, (24, 8, 6), (32, 8, 9), (40, 24, 3), (72, 6, 63), (81, 3, 1)), None),
    ("STG.E.U8 [R7.U32+UR4], R9",
     W((0, 8, STG), (8, 4, S_RR), PG_PT, (24, 8, 7), (32, 8, 9), (72, 6, 4), (78, 1, 1), (81, 3, 1)), None),
]


@pytest.mark.parametrize("text,word,canon", ROWS, ids=[r[0] for r in ROWS])
def test_gp_golden(shipped_db, text, word, canon):
    assert encode_one(shipped_db, text) == word, f"{encode_one(shipped_db, text):#034x} != {word:#034x}"
    line = decode_one(shipped_db, word)
    assert line.warning is None
    assert line.text == nv_pairs(canon or text)


def nv_pairs(text: str) -> str:
    """A register group written ``R[2:3]`` as the disassembler prints it, ``R2`` (decision A4b)."""
    return re.sub(r"\b(U?R)\[(\d+):\d+\]", r"\1\2", text)
