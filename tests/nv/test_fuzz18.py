"""Forms found by the eighteenth round's random CUDA programs (scripts/cuda_fuzz.py, generator
version 3, sm_89 and sm_121; decisions D18-N). Expectations computed with Python integers from
CUDA's definition of ``__byte_perm`` (test_nv_ops), never with gpuisa."""
from __future__ import annotations

import pytest

from gpuisa.asm.assembler import assemble
from gpuisa.asm.disassembler import disassemble

from .conftest import assert_round_trip, launch_text
from .test_nv_ops import _byte_perm as byte_perm     # CUDA's __byte_perm, written out in Python

ENGINES = ["batched", "reference"]


def test_prmt_with_a_uniform_high_word_round_trips(nv_isa):
    """D18-3: sm_120/sm_121 write `PRMT R4, R4, R3, UR42` -- the selector in a GPR, the high word
    in a uniform register (PRMT_RRU); nvdisasm's spelling comes back."""
    assert_round_trip(nv_isa.db, "PRMT R4, R4, R3, UR42 ;")
    words = assemble(nv_isa.db, "PRMT R4, R4, R3, UR42 ;\nPRMT R0, R1, R2, URZ ;").data
    assert [d.text for d in disassemble(nv_isa.db, words)] == ["PRMT R4, R4, R3, UR42", "PRMT R0, R1, R2, URZ"]


@pytest.mark.parametrize("engine", ENGINES)
def test_prmt_with_a_uniform_high_word(nv_isa, engine):
    cases = [(0x89ABCDEF, 0x01234567, 0x3210), (0x89ABCDEF, 0x01234567, 0x7654),
             (0x80FF7F01, 0xC0DE0080, 0x8C9B), (0xDEADBEEF, 0x00000000, 0x0F4E), (0x12345678, 0xFEDCBA98, 0x5D17)]
    lines = []
    for k, (x, y, s) in enumerate(cases):
        lines += [f"MOV R{10 + k}, {x:#x} ;", f"MOV R{20 + k}, {s:#x} ;", f"UMOV UR{8 + k}, {y:#x} ;",
                  f"PRMT R{30 + k}, R{10 + k}, R{20 + k}, UR{8 + k} ;"]
    lines.append("PRMT R40, R10, R20, URZ ;")
    w = launch_text(nv_isa, "\n".join(lines), engine, grid=1).warp()
    for k, (x, y, s) in enumerate(cases):
        assert int(w.R[30 + k][5]) == byte_perm(x, y, s), k
    assert int(w.R[40][0]) == byte_perm(cases[0][0], 0, cases[0][2])


def test_brxu_round_trips(nv_isa):
    """D18-10: sm_120/sm_121 write a jump table indexed by a warp-uniform value as `BRXU UR8
    -0x3df0` (nvdisasm's name for BRX with a uniform register)."""
    assert_round_trip(nv_isa.db, "BRXU UR8, -0x3df0 ;")
    words = assemble(nv_isa.db, "BRXU UR8 -0x3df0 ;\n@P0 BRXU UR4, -0x110 ;").data
    assert [d.text for d in disassemble(nv_isa.db, words)] == ["BRXU UR8, -0x3df0", "@P0 BRXU UR4, -0x110"]


_BRXU = """
S2R R0, SR_LANEID ;
ISETP.LT.AND P0, PT, R0, 0x10, PT ;
UMOV UR8, 0x20 ;
@P0 BRXU UR8, 0x0 ;
MOV R2, 0x1 ;
MOV R3, 0x2 ;
MOV R4, 0x3 ;
"""


@pytest.mark.parametrize("engine", ENGINES)
def test_brxu_jumps_by_the_uniform_value(nv_isa, engine):
    """The target is the next instruction plus UR8 (0x20: two instructions on); lanes 0-15 jump
    there, lanes 16-31 (guard false) run the two skipped moves first (the BRX page's rules)."""
    w = launch_text(nv_isa, _BRXU, engine, grid=1).warp()
    for ln in range(32):
        skipped = ln < 16
        assert [int(w.R[r][ln]) for r in (2, 3, 4)] == ([0, 0, 3] if skipped else [1, 2, 3]), ln


def test_ulea_hi_with_an_immediate_high_word_round_trips(nv_isa):
    """D18-12: sm_120 writes `ULEA.HI.X UR49, UR4, UR49, 0xffffffff, 0x2, UP0` (the high word of a
    negative 32-bit index, as LEA_RRI's immediate Rc)."""
    assert_round_trip(nv_isa.db, "ULEA.HI.X UR49, UR4, UR49, 0xffffffff, 0x2, UP0 ;")


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("index", [-5, 7, -(1 << 31), 0x12345])
def test_ulea_pair_adds_a_shifted_index_to_a_64_bit_base(nv_isa, engine, index):
    """The pair nvcc writes for `base + (long long)i * 4` with the index's high word an immediate:
    {UR49:UR48} += ({hi:i} << 2) with the low word's carry; hi is 0xffffffff as nvcc writes it for
    a negative i (here for every i: the instruction adds what its operands say). Python integers."""
    base = 0x1_0000_0040
    text = (f"UMOV UR4, {index & 0xFFFFFFFF:#x} ;\nUMOV UR48, {base & 0xFFFFFFFF:#x} ;\nUMOV UR49, {base >> 32:#x} ;\n"
            "ULEA UR48, UP0, UR4, UR48, 0x2 ;\nULEA.HI.X UR49, UR4, UR49, 0xffffffff, 0x2, UP0 ;\n"
            "IMAD.U32 R2, RZ, RZ, UR48 ;\nIMAD.U32 R3, RZ, RZ, UR49 ;")
    w = launch_text(nv_isa, text, engine, grid=1).warp()
    want = (base + ((0xFFFFFFFF << 32 | (index & 0xFFFFFFFF)) << 2)) & ((1 << 64) - 1)
    assert int(w.R[2][0]) | int(w.R[3][0]) << 32 == want


def test_a_binary64_nan_immediate_takes_its_high_word_from_the_encoding(nv_isa):
    """D18-14: nvdisasm prints the NaN high word of `DADD.RM R38, RZ, <NaN>` (sm_120, seed 18395)
    as `+QNAN`, as it does binary32 NaNs; the bits are the NVIDIA word's 63..32, and the line then
    assembles. The uniform datapath's float immediates alike; a half-precision pair is left alone."""
    from gpuisa.cuda.listing import nan_immediate
    word = 0x7FF80000_00000A48
    line = "                   DADD.RM R38, RZ, +QNAN  ;"     # the address comment blanked, as the readers do
    fixed = nan_immediate(line, word)
    assert fixed == line.replace("+QNAN", "0x7ff80000")
    assemble(nv_isa.db, fixed.strip())
    for text, bits in (("DMUL R4, R2, -QNAN ;", 0xFFF80000), ("@P0 DSETP.NE.AND P1, PT, R2, +QNAN, PT ;", 0x7FF80000),
                       ("UFADD UR4, UR5, +QNAN ;", 0x7FC00000), ("FFMA R2, R3, +QNAN, R4 ;", 0x7FC00001)):
        assert nan_immediate(text, bits << 32) == text.replace("+QNAN", f"0x{bits:08x}").replace("-QNAN", f"0x{bits:08x}")
    assert nan_immediate("HADD2 R2, R3, +QNAN, +QNAN ;", 0x7E007E00 << 32) == "HADD2 R2, R3, +QNAN, +QNAN ;"
