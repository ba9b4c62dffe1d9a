"""Lines exactly as nvdisasm prints them (nvcc 13 -O3, sm_75/80/90/120; `.reuse` and
`desc[URn]` dropped, which the assembler ignores) encode, decode and print back
unchanged: the disassembler writes what nvdisasm writes (decision A4b)."""
from __future__ import annotations

import pytest

from gpuisa.asm.assembler import encode_one
from gpuisa.asm.disassembler import decode_one

NV_LINES = [
    # register pairs written as their first register
    "LDC.64 R2, c[0x0][0x210]",
    "IMAD.WIDE R2, R5, 0x4, R2",
    "IMAD.WIDE.U32 R10, R2, R21, R10",
    "LDG.E.64 R16, [R16.64]",
    "STG.E.64 [R2.64+0x8], R8",
    "LDS.128 R12, [R7+0x10]",
    "ULDC.64 UR6, c[0x4][0x0]",
    # IADD3 with two carries (sm_120), IADD3.X with two carry-ins
    # (omitted carries are printed as sm_80 listings print them: without PT / !PT)
    ("IADD3 R2, PT, PT, R0, -0xd000000, RZ", "IADD3 R2, R0, -0xd000000, RZ"),
    ("IADD3 R8, P0, PT, R2, R4, RZ", "IADD3 R8, P0, R2, R4, RZ"),
    "IADD3 R8, P0, P1, R2, R4, RZ",
    ("IADD3.X R6, R3, UR4, RZ, P2, !PT", "IADD3.X R6, R3, UR4, RZ, P2"),
    ("IADD3.X R6, PT, PT, R3, R4, RZ, P2, !PT", "IADD3.X R6, R3, R4, RZ, P2"),
    "IADD3.X R6, R3, R4, RZ, P2, P3",
    # IMAD aliases, carries and prefixes
    "IMAD.IADD R0, R4, 0x1, -R5",
    "IMAD.X R0, R0, 0x1, R5, P2",
    "IMAD.X R17, R17, 0x1, ~R16, P4",
    "IMAD.MOV R0, RZ, RZ, -R16",
    "IMAD.MOV.U32 R1, RZ, RZ, c[0x0][0x28]",
    "IMAD.HI.U32 R18, P1, R17, R21, R18",
    "IMAD.WIDE.U32.X R8, R5, 0xc6f4544, R10, P0",
    "IMAD.U32 R4, RZ, RZ, UR8",
    "IMAD.SHL.U32 R6, R6, 0x800000, RZ",
    # 64-bit compares
    "ISETP.GE.U32.AND.EX P0, PT, R9, RZ, PT, P0",
    "ISETP.GE.AND.EX P0, PT, R11, c[0x0][0x174], PT, P0",
    "ISETP.NE.S64.AND P1, PT, R8, 0x3, PT",
    "ISETP.GE.S64.AND P0, PT, R4, UR6, PT",
    "ISETP.GE.U64.AND P0, PT, R10, 0x3, PT",
    # memory hints, barriers, branch-unit spellings
    "LDG.E.CONSTANT.SYS R2, [R4.64]",
    "LDG.E.64.SYS R16, [R16.64]",
    "LDG.E.EF R7, [R2.64+0x80]",
    "STG.E.STRONG.SYS [R6.64], R13",
    "STG.E.64.STRONG.GPU [R2.64+0x8], R8",
    "LDS.U R20, [R29+0x400]",
    "LDS.U.128 R4, [R32+0x10]",
    "BAR.SYNC.DEFER_BLOCKING 0x0",
    "BMOV.32.CLEAR RZ, B0",
    "BSYNC.RECONVERGENT B0",
    ("RET.REL.NODEC R4 `(0x0)", "RET.REL.NODEC R4, 0x0"),
    ("BRX R2 -0x130", "BRX R2, -0x130"),
    ("REDUX.SUM UR6, R0", "REDUXU.SUM UR6, R0"),
    ("REDUX.MAX.S32 UR4, R12", "REDUXU.S32.MAX UR4, R12"),
    # atomics as nvcc writes them
    # (the PT first operand is printed without it, like an omitted carry)
    ("ATOMG.E.CAS.STRONG.GPU PT, RZ, [R10.64+0xc], R2, R3", "ATOMG.E.CAS.STRONG.GPU RZ, [R10.64+0xc], R2, R3"),
    ("ATOMG.E.ADD.STRONG.GPU PT, R10, [R10.64+0x20], R5", "ATOMG.E.ADD.STRONG.GPU R10, [R10.64+0x20], R5"),
    "RED.E.ADD.F32.FTZ.RN.STRONG.GPU [R10.64], R9",
    "REDG.E.MAX.S32.STRONG.GPU [R10.64+0x4], R21",
    "REDG.E.ADD.STRONG.GPU [R8.64], R17",
    # uniform datapath, warp-wide
    "LDCU.64 UR4, c[0x0][0x358]",
    ("UIADD3 UR4, UPT, UPT, UR4, 0x1, URZ", "UIADD3 UR4, UR4, 0x1, URZ"),
    ("UIADD3.X UR7, URZ, UR7, URZ, UP0, !UPT", "UIADD3.X UR7, URZ, UR7, URZ, UP0"),
    "ULEA UR7, UR6, UR5, 0x18",
    "VOTE.ALL P0, P0",
    "VOTE.ANY R7, PT, PT",
    "MATCH.ANY R15, R12",
    "IADD.64 R14, R2, -R14",
    "F2I.FTZ.U32.TRUNC.NTZ R11, R10",
    "I2F.U64.RP R11, R12",
    # (float immediates are printed as the shortest round-tripping literal, not nvdisasm's digits)
    ("FFMA.RM R6, R2, R15, 12582913", "FFMA.RM R6, R2, R15, 12582913.0"),
    ("FSETP.GEU.AND P0, PT, |R0|, 1.175494350822287508e-38, PT", "FSETP.GEU.AND P0, PT, |R0|, 1.1754944e-38, PT"),
    ("MUFU.RSQ R7, -QNAN", "MUFU.RSQ R7, 0xffffffff"),   # NaN immediates print as bits
    "LDL.LU R2, [R1+0x10]",
    "HFMA2.MMA R27, -RZ, RZ, 0, 2.384185791015625e-07",
    "HFMA2.MMA R5, -RZ, RZ, 1.5048828125, 33.21875",
    "HFMA2 R11, -RZ, RZ, 0, 5.9604644775390625e-05",
    "STL.128 [R1+0x10], R8",
]


@pytest.fixture(scope="module")
def db():
    import gpuisa
    return gpuisa.load_isa().db


@pytest.mark.parametrize("line", NV_LINES, ids=[t if isinstance(t, str) else t[0] for t in NV_LINES])
def test_nvdisasm_line_round_trips(db, line):
    line, canon = line if isinstance(line, tuple) else (line, line)
    word = encode_one(db, line)
    d = decode_one(db, word)
    assert d.warning is None, d.warning
    assert d.text == canon
    assert encode_one(db, d.text) == word


def test_relative_targets_print_absolute(db):
    """CALL.REL.NOINC / BSSY targets are absolute in the text, PC-relative in the word."""
    for pc in (0x0, 0x480):
        for line in ("CALL.REL.NOINC 0x190", "BSSY.RECONVERGENT B0, 0x100"):
            assert decode_one(db, encode_one(db, line, pc=pc), pc=pc).text == line
    assert encode_one(db, "CALL.REL.NOINC 0x190", pc=0) != encode_one(db, "CALL.REL.NOINC 0x190", pc=0x80)


@pytest.mark.parametrize("noisy,clean", [
    ("IMAD.WIDE R2, R15.reuse, 0x4, R2", "IMAD.WIDE R2, R15, 0x4, R2"),
    ("LDG.E R0, desc[UR4][R2.64]", "LDG.E R0, [R2.64]"),
    ("STG.E desc[UR4][R4.64+0x4], R21", "STG.E [R4.64+0x4], R21"),
    ("LDS R3, [R14+-0x4]", "LDS R3, [R14-0x4]"),
    ("LDG.E R0, [R2]", "LDG.E R0, [R2.64]"),           # sm_75 writes a 64-bit base without .64
    ("IMAD.WIDE R2, R5, 0x4, R[2:3]", "IMAD.WIDE R2, R5, 0x4, R2"),
])
def test_listing_noise_is_ignored(db, noisy, clean):
    assert encode_one(db, noisy) == encode_one(db, clean)


@pytest.mark.parametrize("bad,msg", [
    ("IMAD.WIDE R3, R5, 0x4, R2", "write an even register (R2 for R[2:3]), not R3"),
    ("LDS.128 R6, [R2]", "multiple of 4 (R4 for R[4:7]), not R6"),
    ("LDG.E R0, [R3]", "must be an even register"),
    ("ISETP.NE.U32.S64.AND P1, PT, R8, 0x3, PT", ".U32 cannot be combined"),
])
def test_bad_pairs_are_located_errors(db, bad, msg):
    from gpuisa.errors import AsmError
    with pytest.raises(AsmError) as e:
        encode_one(db, bad)
    assert msg in str(e.value)
