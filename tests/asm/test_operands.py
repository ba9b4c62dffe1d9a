"""Operand forms added with the general-purpose unit: memory addresses
(``[Ra.64+imm]``, ``c[b][Ra+imm]``), float immediates (``F32``), 32-bit
immediates of either sign, prefix fields whose default is True.

They are tested on ``data/operands.isa`` (a small description loaded with the
base file only); expected words are built from the field positions written in
that file, not from the database."""
from __future__ import annotations

import struct
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gpuisa.asm.assembler import assemble, encode_one
from gpuisa.asm.disassembler import decode_one, disassemble
from gpuisa.asm.floats import format_f32, parse_f32, round_to_f32
from gpuisa.errors import AsmError
from gpuisa.spec import load

OPERANDS = Path(__file__).resolve().parent / "data" / "operands.isa"
CTRL = (7 << 120) | (7 << 123)  # wsb = rsb = 7; sched = req = 0
PG_PT = (12, 3, 7)
M24, M16 = (1 << 24) - 1, (1 << 16) - 1


@pytest.fixture(scope="module")
def db():
    return load([], texts={OPERANDS.name: OPERANDS.read_text()})


def W(*fields: tuple[int, int, int]) -> int:
    w = CTRL
    for pos, width, value in fields:
        assert 0 <= value < (1 << width)
        w |= value << pos
    return w


# Optype values (base.isa): LDC 0x54, LDG 0x55, STG 0x56, LDS 0x57, STS 0x58, ATOMS 0x5a,
# FADD 0x4d, IADD3 0x43, MOV 0x40, SEL 0x49, P2R 0x4b.  SType: R 1, U 3, I 2, RR 5, RI 6, RC 8, RIR 11.
# LDG: rd<16,8> ra<24,8> off<32,24> SImm24, e<80,1>, w<81,2>; STG: ra<24,8> off<32,24> rb<64,8> e<80,1>;
# LDS_R: ra<24,8>, LDS_U: ura<24,6>, off<32,24> UImm24; STS_I: off<32,16> rb<64,8>;
# ATOMS_RR: rd<16,8> ra<24,8> rb<64,8>; LDC_RC: rd<16,8> ra<24,8> off<32,16> SImm16 bank<48,5>.
GOLDEN = [
    # (text, expected word, canonical text or None)
    ("LDG R0, [R2.64+0x10]", W((0, 8, 0x55), (8, 4, 1), PG_PT, (24, 8, 2), (32, 24, 0x10)), None),
    ("LDG.E.64 R4, [R6.64-0x10]",
     W((0, 8, 0x55), (8, 4, 1), PG_PT, (16, 8, 4), (24, 8, 6), (32, 24, -0x10 & M24), (80, 1, 1), (81, 2, 1)), None),
    ("LDG R0, [R2.64]", W((0, 8, 0x55), (8, 4, 1), PG_PT, (24, 8, 2)), None),
    ("LDG R0, [R2.64+0x0]", W((0, 8, 0x55), (8, 4, 1), PG_PT, (24, 8, 2)), "LDG R0, [R2.64]"),
    ("LDG R0, [ R2.64 + 0x10 ]", W((0, 8, 0x55), (8, 4, 1), PG_PT, (24, 8, 2), (32, 24, 0x10)), "LDG R0, [R2.64+0x10]"),
    ("LDG R0, [R2.64+16]", W((0, 8, 0x55), (8, 4, 1), PG_PT, (24, 8, 2), (32, 24, 0x10)), "LDG R0, [R2.64+0x10]"),
    ("LDG R0, [0x10]", W((0, 8, 0x55), (8, 4, 1), PG_PT, (24, 8, 255), (32, 24, 0x10)), None),
    ("LDG R0, [RZ.64+0x10]", W((0, 8, 0x55), (8, 4, 1), PG_PT, (24, 8, 255), (32, 24, 0x10)), "LDG R0, [0x10]"),
    ("LDG R0, [-0x800000]", W((0, 8, 0x55), (8, 4, 1), PG_PT, (24, 8, 255), (32, 24, 0x800000)), None),
    ("LDG R0, [0x0]", W((0, 8, 0x55), (8, 4, 1), PG_PT, (24, 8, 255)), None),
    ("@!P1 LDG R0, [R2.64+0x7fffff]",
     W((0, 8, 0x55), (8, 4, 1), (12, 3, 1), (15, 1, 1), (24, 8, 2), (32, 24, 0x7fffff)), None),
    # the base width follows a modifier (Bitwidth<ra> = 32 + (e == "E") * 32)
    ("STG.E [R2.64+0x10], R5", W((0, 8, 0x56), (8, 4, 1), PG_PT, (24, 8, 2), (32, 24, 0x10), (64, 8, 5), (80, 1, 1)), None),
    ("STG [R2+0x10], R5", W((0, 8, 0x56), (8, 4, 1), PG_PT, (24, 8, 2), (32, 24, 0x10), (64, 8, 5)), None),
    ("STG [R3-0x4], RZ", W((0, 8, 0x56), (8, 4, 1), PG_PT, (24, 8, 3), (32, 24, -4 & M24), (64, 8, 255)), None),
    # the base register's file selects the variant
    ("LDS R1, [R2+0x10]", W((0, 8, 0x57), (8, 4, 1), PG_PT, (16, 8, 1), (24, 8, 2), (32, 24, 0x10)), None),
    ("LDS R1, [UR4+0x8]", W((0, 8, 0x57), (8, 4, 3), PG_PT, (16, 8, 1), (24, 6, 4), (32, 24, 0x8)), None),
    ("LDS R1, [UR4]", W((0, 8, 0x57), (8, 4, 3), PG_PT, (16, 8, 1), (24, 6, 4)), None),
    ("LDS R1, [0x10]", W((0, 8, 0x57), (8, 4, 1), PG_PT, (16, 8, 1), (24, 8, 255), (32, 24, 0x10)), None),
    # [0x10] would select LDS_R: the zero uniform base is printed
    ("LDS R1, [URZ+0x10]", W((0, 8, 0x57), (8, 4, 3), PG_PT, (16, 8, 1), (24, 6, 63), (32, 24, 0x10)), None),
    ("LDS R1, [0xffffff]", W((0, 8, 0x57), (8, 4, 1), PG_PT, (16, 8, 1), (24, 8, 255), (32, 24, M24)), None),
    # no base register / no offset
    ("STS [0x10], R1", W((0, 8, 0x58), (8, 4, 2), PG_PT, (32, 16, 0x10), (64, 8, 1)), None),
    ("STS [+0xfff0], R1", W((0, 8, 0x58), (8, 4, 2), PG_PT, (32, 16, 0xfff0), (64, 8, 1)), "STS [0xfff0], R1"),
    ("ATOMS R0, [R2], R3", W((0, 8, 0x5a), (8, 4, 5), PG_PT, (24, 8, 2), (64, 8, 3)), None),
    ("ATOMS R0, [RZ], R3", W((0, 8, 0x5a), (8, 4, 5), PG_PT, (24, 8, 255), (64, 8, 3)), None),
    # constant addresses
    ("LDC R0, c[0x3][R2+0x10]", W((0, 8, 0x54), (8, 4, 8), PG_PT, (24, 8, 2), (32, 16, 0x10), (48, 5, 3)), None),
    ("LDC R0, c[0x3][R2-0x8]", W((0, 8, 0x54), (8, 4, 8), PG_PT, (24, 8, 2), (32, 16, -8 & M16), (48, 5, 3)), None),
    ("LDC R0, c[0x3][R2]", W((0, 8, 0x54), (8, 4, 8), PG_PT, (24, 8, 2), (48, 5, 3)), None),
    ("LDC R7, c[0x1f][0x10]", W((0, 8, 0x54), (8, 4, 8), PG_PT, (16, 8, 7), (24, 8, 255), (32, 16, 0x10), (48, 5, 31)), None),
    ("LDC R7, c[0x0][RZ+0x10]", W((0, 8, 0x54), (8, 4, 8), PG_PT, (16, 8, 7), (24, 8, 255), (32, 16, 0x10)),
     "LDC R7, c[0x0][0x10]"),
    ("LDC R7, c[0x0][-0x8000]", W((0, 8, 0x54), (8, 4, 8), PG_PT, (16, 8, 7), (24, 8, 255), (32, 16, 0x8000)), None),
    # F32 immediates
    ("FADD R0, R1, 1.5", W((0, 8, 0x4d), (8, 4, 6), PG_PT, (24, 8, 1), (32, 32, 0x3fc00000)), None),
    ("FADD R0, R1, 0x3fc00000", W((0, 8, 0x4d), (8, 4, 6), PG_PT, (24, 8, 1), (32, 32, 0x3fc00000)), "FADD R0, R1, 1.5"),
    ("FADD R0, R1, -0.25", W((0, 8, 0x4d), (8, 4, 6), PG_PT, (24, 8, 1), (32, 32, 0xbe800000)), None),
    ("FADD R0, R1, 1e-3", W((0, 8, 0x4d), (8, 4, 6), PG_PT, (24, 8, 1), (32, 32, 0x3a83126f)), "FADD R0, R1, 0.001"),
    ("FADD R0, R1, 3.0e+2", W((0, 8, 0x4d), (8, 4, 6), PG_PT, (24, 8, 1), (32, 32, 0x43960000)), "FADD R0, R1, 300.0"),
    ("FADD R0, R1, 1", W((0, 8, 0x4d), (8, 4, 6), PG_PT, (24, 8, 1), (32, 32, 0x3f800000)), "FADD R0, R1, 1.0"),
    ("FADD R0, R1, -0.0", W((0, 8, 0x4d), (8, 4, 6), PG_PT, (24, 8, 1), (32, 32, 0x80000000)), None),
    ("FADD R0, R1, 0.1", W((0, 8, 0x4d), (8, 4, 6), PG_PT, (24, 8, 1), (32, 32, 0x3dcccccd)), None),
    ("FADD R0, R1, 1e-45", W((0, 8, 0x4d), (8, 4, 6), PG_PT, (24, 8, 1), (32, 32, 0x00000001)), None),
    ("FADD R0, R1, 3.4028235e+38", W((0, 8, 0x4d), (8, 4, 6), PG_PT, (24, 8, 1), (32, 32, 0x7f7fffff)), None),
    ("FADD R0, R1, inf", W((0, 8, 0x4d), (8, 4, 6), PG_PT, (24, 8, 1), (32, 32, 0x7f800000)), "FADD R0, R1, INF"),
    ("FADD R0, R1, +INF", W((0, 8, 0x4d), (8, 4, 6), PG_PT, (24, 8, 1), (32, 32, 0x7f800000)), "FADD R0, R1, INF"),
    ("FADD R0, R1, -INF", W((0, 8, 0x4d), (8, 4, 6), PG_PT, (24, 8, 1), (32, 32, 0xff800000)), None),
    ("FADD R0, R1, nan", W((0, 8, 0x4d), (8, 4, 6), PG_PT, (24, 8, 1), (32, 32, 0x7fffffff)), "FADD R0, R1, 0x7fffffff"),
    ("FADD R0, R1, -QNAN", W((0, 8, 0x4d), (8, 4, 6), PG_PT, (24, 8, 1), (32, 32, 0xffffffff)), "FADD R0, R1, 0xffffffff"),
    ("FADD R0, R1, 0x7fc00001", W((0, 8, 0x4d), (8, 4, 6), PG_PT, (24, 8, 1), (32, 32, 0x7fc00001)), None),
    # 32-bit immediates: -2**31..2**32-1, printed by the field's signedness
    ("MOV R0, -1", W((0, 8, 0x40), (8, 4, 2), PG_PT, (32, 32, 0xffffffff)), "MOV R0, 0xffffffff"),
    ("MOV R0, -0x80000000", W((0, 8, 0x40), (8, 4, 2), PG_PT, (32, 32, 0x80000000)), "MOV R0, 0x80000000"),
    ("IADD3 R0, R1, 0xffffffff, RZ", W((0, 8, 0x43), (8, 4, 11), PG_PT, (24, 8, 1), (32, 32, 0xffffffff), (64, 8, 255)),
     "IADD3 R0, R1, -0x1, RZ"),
    ("IADD3 R0, R1, 0x80000000, RZ", W((0, 8, 0x43), (8, 4, 11), PG_PT, (24, 8, 1), (32, 32, 0x80000000), (64, 8, 255)),
     "IADD3 R0, R1, -0x80000000, RZ"),
    # a prefix field whose default is True: written without the prefix it is 0
    ("SEL R0, R1, R2, P0", W((0, 8, 0x49), (8, 4, 5), PG_PT, (24, 8, 1), (32, 8, 2), (98, 3, 0)), None),
    ("SEL R0, R1, R2, !P0", W((0, 8, 0x49), (8, 4, 5), PG_PT, (24, 8, 1), (32, 8, 2), (98, 3, 0), (101, 1, 1)), None),
    ("SEL R0, R1, R2, PT", W((0, 8, 0x49), (8, 4, 5), PG_PT, (24, 8, 1), (32, 8, 2), (98, 3, 7)), None),
    ("SEL R0, R1, R2", W((0, 8, 0x49), (8, 4, 5), PG_PT, (24, 8, 1), (32, 8, 2), (98, 3, 7), (101, 1, 1)), None),
    ("SEL R0, R1, R2, !PT", W((0, 8, 0x49), (8, 4, 5), PG_PT, (24, 8, 1), (32, 8, 2), (98, 3, 7), (101, 1, 1)),
     "SEL R0, R1, R2"),
    # the same for the guard (pg.not = True in group TN)
    ("P2R R0", W((0, 8, 0x4b), (8, 4, 1), PG_PT, (15, 1, 1)), None),
    ("@!PT P2R R0", W((0, 8, 0x4b), (8, 4, 1), PG_PT, (15, 1, 1)), "P2R R0"),
    ("@PT P2R R0", W((0, 8, 0x4b), (8, 4, 1), PG_PT), None),
    ("@P0 P2R R0", W((0, 8, 0x4b), (8, 4, 1), (12, 3, 0)), None),
    ("@!P0 P2R R0", W((0, 8, 0x4b), (8, 4, 1), (12, 3, 0), (15, 1, 1)), None),
]


@pytest.mark.parametrize("text,word,canon", GOLDEN, ids=[g[0] for g in GOLDEN])
def test_golden(db, text, word, canon):
    got = encode_one(db, text)
    assert got == word, f"{text}: got {got:#034x}, expected {word:#034x} (diff {got ^ word:#x})"
    line = decode_one(db, word)
    assert line.warning is None, line.warning
    assert line.text == (canon or text)
    assert encode_one(db, line.text) == word


ERRORS = [
    # (text, column, caret length, message fragment)
    ("LDG R0, [R3+0x10]", 9, 9, "base R3 must be an even register"),  # [R2+0x10] is [R2.64+0x10] (A4b)
    ("STG [R2.64+0x10], R5", 5, 12, "the base register of addr is 32 bits wide: write R2 without .64"),
    ("LDG R0, [R3.64]", 9, 7, "R3.64 must be an even register"),
    ("LDG R0, [R254.64]", 9, 9, "runs past the last Reg register"),
    ("LDG R0, [R2.64+0x800000]", 9, 16, "address offset 0x800000 does not fit in off (SImm24: -0x800000..0x7fffff)"),
    ("LDS R1, [R2-0x10]", 9, 9, "address offset -0x10 does not fit in off (UImm24"),
    ("LDG R0, [R999.64]", 9, 9, "R999 is not a register"),
    ("LDG R0, [UR2.64]", 9, 8, "the base UR2 is a UReg but addr expects [Reg.64+SImm24]"),
    ("LDC R0, c[0x3][UR2]", 9, 11, "the base UR2 is a UReg but addr expects c[UImm5][Reg+SImm16]"),
    ("LDC R0, c[0x20][0x10]", 9, 13, "constant bank 0x20 out of range for addr (0x0..0x1f)"),
    ("STS [R1+0x10], R1", 5, 9, "addr has no base register"),
    ("ATOMS R0, [R2+0x4], R3", 11, 8, "addr has no offset: write [R2]"),
    ("LDG R0, [R2.64 0x10]", 16, 4, "'+' or '-' between base and offset"),
    ("LDG R0, []", 10, 1, "empty address"),
    ("LDG R0, [R2.64+]", 15, 1, "address offset missing after '+'"),
    ("LDG R0, [R2*4]", 10, 4, "an address is written [Ra+offset]"),
    ("LDG R0, R2", 9, 2, "operand 2 `R2` is a Reg but addr expects [Reg.64+SImm24]"),
    ("LDG R0, c[0x0][0x10]", 9, 12, "is a constant-memory reference but addr expects [Reg.64+SImm24]"),
    ("LDG R0, [R2.64+`(.a - .b)]", 9, 18, "cannot relocate"),
    ("FADD R0, R1, 1.5e", 14, 4, "cannot read operand '1.5e'"),
    ("FADD R0, R1, R2", 14, 2, "`R2` is a Reg but vb expects float"),
    ("MOV R0, 1.5", 9, 3, "`1.5` is a float literal but vb expects UImm32"),
    ("MOV R0, 0x100000000", 9, 11, "does not fit in vb (32-bit immediate: -0x80000000..0xffffffff)"),
    ("MOV R0, -0x80000001", 9, 11, "does not fit in vb (32-bit immediate"),
    ("MOV R0, 0x1, -1", 14, 2, "-0x1 does not fit in lo16 (UImm16: 0x0..0xffff)"),
]


@pytest.mark.parametrize("src,col,length,msg", ERRORS, ids=[e[0] for e in ERRORS])
def test_errors(db, src, col, length, msg):
    with pytest.raises(AsmError) as e:
        assemble(db, src, filename="bad.s")
    (d,) = e.value.errors
    assert msg in d.message, d.format()
    assert (d.coord.line, d.coord.col, d.length) == (1, col, length), d.format()


def test_narrow_immediates_stay_strict(shipped_db):
    with pytest.raises(AsmError, match=r"-0x1 does not fit in vb \(UImm5"):
        encode_one(shipped_db, "SHFL.UP P1, R2, R1, -1, 0")
    # shifted and pc-relative 32-bit fields are not wrapped either
    with pytest.raises(AsmError, match="out of range"):
        encode_one(shipped_db, "BSSY B0, 0x1000000000")


def test_shipped_32bit_immediates(shipped_db):
    assert encode_one(shipped_db, "MOV R0, -1") == encode_one(shipped_db, "MOV R0, 0xffffffff")
    assert decode_one(shipped_db, encode_one(shipped_db, "MOV R0, -1")).text == "MOV R0, 0xffffffff"
    w = encode_one(shipped_db, "WARPSYNC -1")
    assert (w >> 32) & 0xffffffff == 0xffffffff


def test_address_relocation(db):
    prog = assemble(db, "LDG R0, [R2.64+`(table + 0x10)]\nL: LDC R1, c[0x2][R4+`(L)]\nSTS [`(buf)], R1")
    (r1, r2) = prog.relocations
    assert (r1.address, r1.symbol, r1.field, r1.kind, r1.addend, r1.pos, r1.width) == (0, "table", "off", "abs", 0x10, 32, 24)
    assert (r2.address, r2.symbol, r2.field, r2.addend, r2.pos, r2.width) == (0x20, "buf", "off", 0, 32, 16)
    assert prog.records[1].text == "LDC R1, c[0x2][R4+0x10]"  # L is defined: no relocation
    # `(sym)` in parentheses without the backquote is the same expression
    a, b = assemble(db, "LDG R0, [R2.64+(x+4)]"), assemble(db, "LDG R0, [R2.64+`(x+4)]")
    assert a.words == b.words and a.relocations == b.relocations
    with pytest.raises(AsmError, match="cannot relocate"):
        assemble(db, "LDG R0, [R2.64-(x)]")  # subtracting an undefined symbol


def test_disassembler_rejects_invalid_bases(db):
    # an odd 64-bit base is not something the assembler can write: raw data
    w = W((0, 8, 0x55), (8, 4, 1), PG_PT, (24, 8, 3))
    line = decode_one(db, w)
    assert line.instruction is None and "not a valid 64-bit register" in line.warning
    # UR values 0..63 are all listed; a Reg base of 0xff is RZ (valid)
    assert decode_one(db, W((0, 8, 0x55), (8, 4, 1), PG_PT, (24, 8, 255))).text == "LDG R0, [0x0]"
    # listings of address operands re-assemble
    text = "LDG R0, [R2.64+0x10]\nLDS R1, [URZ+0x10]\nLDC R0, c[0x3][R2-0x8]\nSTS [0x10], R1\n"
    prog = assemble(db, text)
    from gpuisa.asm.disassembler import format_listing
    assert assemble(db, format_listing(disassemble(db, prog.data))).data == prog.data


# --------------------------------------------------------------------------
# float literals


def _f32_bits_exact(x: Fraction) -> int:
    """Independent reference: the binary32 neighbours of x, by brute force on
    numpy's float32 grid (nextafter), tie to the even mantissa."""
    sign = 0x80000000 if x < 0 else 0
    x = abs(x)
    lo = np.float32(float(x))  # within one float32 step of x
    while Fraction(float(lo)) > x:
        lo = np.nextafter(lo, np.float32(0))
    hi = np.nextafter(lo, np.float32(np.inf))
    while Fraction(float(hi)) < x:
        lo, hi = hi, np.nextafter(hi, np.float32(np.inf))
    a, b = Fraction(float(lo)), Fraction(float(hi)) if np.isfinite(hi) else Fraction(2) ** 128
    lb = struct.unpack("<I", struct.pack("<f", lo))[0]
    if x - a < b - x or (x - a == b - x and lb % 2 == 0):
        return sign | lb
    return sign | (lb + 1)


@settings(max_examples=300, deadline=None)
@given(st.integers(1, 10 ** 12), st.integers(-60, 40))
def test_parse_f32_is_correctly_rounded(mant, exp):
    text = f"{mant}e{exp}"
    x = Fraction(mant) * Fraction(10) ** exp
    if x >= Fraction(2) ** 128 - Fraction(2) ** 103:
        assert parse_f32(text) == 0x7f800000
        return
    assert parse_f32(text) == _f32_bits_exact(x)
    assert parse_f32("-" + text) == 0x80000000 | _f32_bits_exact(x)


def test_parse_f32_single_rounding():
    # just above the midpoint between 1.0 and the next float32: binary64 rounds it down to
    # the midpoint and struct.pack then ties to even (1.0); the exact value rounds up
    text = "1.000000059604644775390625000001"
    assert struct.unpack("<I", struct.pack("<f", float(text)))[0] == 0x3f800000
    assert parse_f32(text) == 0x3f800001
    assert round_to_f32(1, 3) == 0x3eaaaaab


@settings(max_examples=500, deadline=None)
@given(st.integers(0, (1 << 32) - 1))
def test_format_f32_round_trips(bits):
    text = format_f32(bits)
    if (bits >> 23) & 0xff == 0xff and bits & 0x7fffff:
        assert text == f"{bits:#010x}"  # NaN: hex bits, payload kept
        return
    assert parse_f32(text) == bits
    digits = text.split("e")[0].lstrip("-").replace(".", "").strip("0")
    assert len(digits) <= 9  # shortest: at most 9 significant digits identify a binary32
    if "e" not in text and (bits >> 23) & 0xff != 0xff:
        assert "." in text  # 300.0, not 300


def test_float_words():
    assert [parse_f32(t) for t in ("inf", "+INF", "Infinity", "-inf", "nan", "QNAN", "-QNAN", "+qnan")] == \
        [0x7f800000, 0x7f800000, 0x7f800000, 0xff800000, 0x7fffffff, 0x7fffffff, 0xffffffff, 0x7fffffff]
    assert [format_f32(b) for b in (0x7f800000, 0xff800000, 0x7fc00000, 0x3f800000, 0x4b800000, 0x00000001)] == \
        ["INF", "-INF", "0x7fc00000", "1.0", "16777216.0", "1e-45"]
    with pytest.raises(ValueError):
        parse_f32("1.5e")


# --------------------------------------------------------------------------
# the fast path of `assemble` agrees with the diagnostic path (`Assembler.statement`)

FAST_SAMPLES = [
    "LDG R0, [R2.64+0x10]", "LDG R0, [R2+0x10]", "LDG R0, [R2.640x10]", "LDG R0, []", "LDG R0, [0x10]",
    "LDS R1, [URZ+0x10]", "LDS R1, [0x10]", "LDS R1, [-0x10]", "LDC R0, c[0x3][R2-0x8]", "LDC R0, c[0x3][-0x8]",
    "LDC R0, c[0x3][0x8]", "LDC R0, -c[0x3][0x8]", "LDC R0, c[0x20][0x8]", "STS [0x10], R1", "STS [R1+0x10], R1",
    "ATOMS R0, [R2], R3", "ATOMS R0, [R2+0x4], R3", "FADD R0, R1, 1.5", "FADD R0, R1, -1", "FADD R0, R1, 0x7fc00001",
    "FADD R0, R1, -INF", "FADD R0, R1, 1.5e", "MOV R0, -1", "MOV R0, 0x100000000", "MOV R0, 007", "MOV R0, +5",
    "IADD3 R0, R1, -0x80000000, RZ", "SEL R0, R1, R2, !P0", "SEL R0, R1, R2", "@!PT P2R R0", "@P9 P2R R0",
    "P2R R0 $sched=3 $req=0x3f", "P2R R0 $sched=32", "P2R R0 $foo=1", "P2R R0 $sched = 3", "P2R R0 $sched=0o3",
    "P2R R0 $sched=3 $sched=3", "P2R R0 $req=1 $sched=3 $req=2",
    "MOV R0, 0o17", "MOV R0, 1_0", "MOV R0, 1__0", "MOV R0, 0x_1f", "MOV R0, 0X1F", "MOV R0, 0b101", "MOV R0, -0b1",
    "LDG R0, [R2.64+16]", "LDG R0, [R2.64+0X10]", "LDG R0, [R2.X+0x10]", "LDC R0, c[3][R2]", "LDC R0, --c[0x3][0x8]",
    "LDC R0, ~-c[0x3][0x8]", "FADD R0, R1, 1.", "FADD R0, R1, .5", "FADD R0, R1, 1e", "SEL R0, R1, R2, -P0",
]


@pytest.mark.parametrize("text", FAST_SAMPLES)
def test_fast_path_agrees(db, text):
    from gpuisa.asm.assembler import Assembler, _Ctx, _fast, state
    fast = _fast(state(db), text, 0x40)
    a = Assembler(db)
    a.relocations = []
    stmts, symbols, _ = a.scan(text, 0x40)
    slow = a.statement(stmts[0], _Ctx(symbols, True))
    if fast is not None:
        assert fast == slow
    # the fast path may decline what the slow path accepts, never the reverse
    assert slow is not None or fast is None


FUZZ_MNEMONICS = ["LDG", "LDG.E.64", "STG.E", "STG", "LDS", "STS", "ATOMS", "LDC", "FADD", "IADD3", "MOV", "SEL",
                  "P2R", "@P0 LDG", "@!PT SEL"]
FUZZ_OPERANDS = ["R0", "R1", "RZ", "UR4", "URZ", "P0", "!P0", "PT", "-R2", "~R3", "[R2.64+0x10]", "[R2+0x10]",
                 "[R3.64]", "[0x10]", "[-0x10]", "[URZ+0x8]", "[UR4]", "[RZ]", "c[0x3][R2-0x8]", "c[0x3][0x8]",
                 "-c[0x3][0x8]", "c[0x40][0x8]", "0x10", "-1", "0xffffffff", "0x100000000", "1.5", "-0.25", "INF",
                 "nan", "1e-3", "007", "R[2:3]", "`(x)", "[R2.64+`(x)]", "", "[R2.64 + 0x10]", "[R999.64]"]


@settings(max_examples=400, deadline=None)
@given(st.sampled_from(FUZZ_MNEMONICS), st.lists(st.sampled_from(FUZZ_OPERANDS), max_size=5),
       st.sampled_from(["", " $sched=3", " $req=0x3f $wsb=0", " $sched=99", " $wsb=1 $wsb=1"]))
def test_fast_path_agrees_fuzz(db, mn, ops, ctl):
    text = f"{mn} {', '.join(ops)}{ctl}".strip()
    from gpuisa.asm.assembler import Assembler, _Ctx, _fast, state
    fast = _fast(state(db), text, 0x40)
    if fast is None:
        return
    a = Assembler(db)
    a.relocations = []
    stmts, symbols, _ = a.scan(text, 0x40)
    assert a.statement(stmts[0], _Ctx(symbols, True)) == fast, text
