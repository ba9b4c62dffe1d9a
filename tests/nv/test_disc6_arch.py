"""Forms of the architectures outside the main corpus (issue 11; decisions D6-1..D6-3): VIMNMX's two
predicate results (sm_100/103/110), CREDUX (sm_100/103/110), and the BMOV forms of sm_87's
prologue (a B register from an immediate or from another B register). Expected values from Python
integers; both engines, several warps."""
from __future__ import annotations

import pytest

from gpuisa.asm.assembler import assemble
from gpuisa.asm.disassembler import disassemble
from gpuisa.errors import AsmError

from .conftest import launch_text

M32 = 0xFFFFFFFF
ENGINES = ["batched", "reference"]


def _launch(isa, text, engine, grid=2, **kw):
    return launch_text(isa, text, engine, grid=grid, **kw)


def _s32(v: int) -> int:
    v &= M32
    return v - (1 << 32) if v >> 31 else v


def _lanes(seed: int, seed3: int):
    """R2 = a per-lane value with both signs, R3 another (the same formula as the program)."""
    a = [((lane * 0x9E3779B1 + seed) & M32) for lane in range(32)]
    b = [((lane * 0x85EBCA6B + seed3) & M32) for lane in range(32)]
    return a, b


SETUP = """
        S2R R0, SR_LANEID ;
        MOV R8, {s} ;
        MOV R9, {s3} ;
        IMAD R2, R0, 0x9e3779b1, R8 ;
        IMAD R3, R0, 0x85ebca6b, R9 ;"""


@pytest.mark.parametrize("engine", ENGINES)
def test_vimnmx_with_predicate_results(nv_isa, engine):
    """`VIMNMX R7, PT, PT, R6, R7, !PT` (nvcc for sm_100) is the plain VIMNMX: Pp true selects the
    minimum; .U32 compares unsigned, .S16x2 per signed half (D6-1)."""
    res = _launch(nv_isa, SETUP.format(s=0x1234567, s3=0x3456789) + """
        VIMNMX R4, PT, PT, R2, R3, PT ;
        VIMNMX R5, PT, PT, R2, R3, !PT ;
        VIMNMX.U32 R6, PT, PT, R2, 0x40, !PT ;
        VIMNMX.S16x2 R7, PT, PT, R2, R3, PT ;
        VIMNMX R10, R2, R3, PT ;""", engine)
    a, b = _lanes(0x1234567, 0x3456789)

    def half(v, i):
        h = (v >> (16 * i)) & 0xFFFF
        return h - 0x10000 if h >> 15 else h
    for w in res.warps:
        for lane in range(32):
            x, y = a[lane], b[lane]
            assert _s32(int(w.R[4][lane])) == min(_s32(x), _s32(y))
            assert _s32(int(w.R[5][lane])) == max(_s32(x), _s32(y))
            assert int(w.R[6][lane]) == max(x, 0x40)
            want = sum((min(half(x, i), half(y, i)) & 0xFFFF) << (16 * i) for i in range(2))
            assert int(w.R[7][lane]) == want
            assert int(w.R[10][lane]) == int(w.R[4][lane])


def test_vimnmx_predicate_results_only_pt(nv_isa):
    """Their meaning is not modelled for the 32-bit forms: a predicate other than PT is refused on
    its line (the 16x2 forms give them a meaning since D10-N-2: tests/nv/test_int10.py)."""
    with pytest.raises(AsmError) as e:
        assemble(nv_isa.db, "VIMNMX R7, PT, P1, R6, R7, !PT ;\n", filename="k.s")
    d = e.value.errors[0]
    assert d.coord.line == 1 and "need .S16x2 or .U16x2" in d.message


def test_vimnmx_round_trip(nv_isa):
    """Both spellings give one word; the disassembler writes the short one."""
    long = assemble(nv_isa.db, "VIMNMX.U32 R5, PT, PT, R5, 0x3, PT ;\n").data
    short = assemble(nv_isa.db, "VIMNMX.U32 R5, R5, 0x3, PT ;\n").data
    assert long == short
    assert disassemble(nv_isa.db, long)[0].text == "VIMNMX.U32 R5, R5, 0x3, PT"


@pytest.mark.parametrize("engine", ENGINES)
def test_credux_min_max(nv_isa, engine):
    """`CREDUX.MIN.S32 UR6, R0` (sm_100+) reduces the lanes with a true guard into a uniform
    register, as REDUXU does (D6-2): signed and unsigned minimum and maximum."""
    res = _launch(nv_isa, SETUP.format(s=0x7654321, s3=0x1111) + """
        ISETP.GT.U32.AND P0, PT, R0, 0x4, PT ;
        CREDUX.MIN.S32 UR6, R2 ;
        CREDUX.MAX.S32 UR7, R2.reuse ;
        CREDUX.MIN UR8, R2 ;
        CREDUX.MAX UR9, R2 ;
        @P0 CREDUX.MIN UR10, R3 ;
        @P0 CREDUX.MAX.S32 UR11, R3 ;""", engine)
    a, b = _lanes(0x7654321, 0x1111)
    hi = [b[lane] for lane in range(32) if lane > 4]
    for w in res.warps:
        ur = [int(v) for v in w.UR]
        assert ur[6] == min(_s32(v) for v in a) & M32
        assert ur[7] == max(_s32(v) for v in a) & M32
        assert ur[8] == min(a) and ur[9] == max(a)
        assert ur[10] == min(hi)
        assert ur[11] == max(_s32(v) for v in hi) & M32


def test_credux_is_min_max_only(nv_isa):
    """CREDUX is seen with .MIN and .MAX only; another operator is an unknown mnemonic."""
    with pytest.raises(AsmError) as e:
        assemble(nv_isa.db, "CREDUX.SUM UR6, R0 ;\n")
    assert "CREDUX" in e.value.errors[0].message


@pytest.mark.parametrize("engine", ENGINES)
def test_bmov_immediate_and_b_to_b(nv_isa, engine):
    """`BMOV.32 B0, 0xffffffff`, `BMOV.32.CLEAR B1, B0` (D6-3): the immediate is written; the copy
    takes the source's value and .CLEAR then zeroes the source; a false guard does nothing."""
    res = _launch(nv_isa, """
        BMOV.32 B0, 0xfedcba98 ;
        BMOV.32 B3, 0x13579 ;
        BMOV.32.CLEAR B1, B0 ;
        BMOV.32 B2, B1 ;
        BMOV.32.CLEAR B4, B4 ;
        @!PT BMOV.32 B5, 0x77 ;
        @!PT BMOV.32.CLEAR B6, B3 ;
        BMOV.32 R4, B0 ;
        BMOV.32 R5, B1 ;
        BMOV.32 R6, B2 ;
        BMOV.32 R7, B3 ;""", engine)
    for w in res.warps:
        b = [int(v) for v in w.B]
        assert b[:7] == [0, 0xFEDCBA98, 0xFEDCBA98, 0x13579, 0, 0, 0]
        assert [int(w.R[r][9]) for r in (4, 5, 6, 7)] == [0, 0xFEDCBA98, 0xFEDCBA98, 0x13579]


@pytest.mark.parametrize("engine", ENGINES)
def test_sm87_prologue_leaves_b_registers_zero(nv_isa, engine):
    """nvcc for sm_87 starts a kernel with B0 = ~0 and a chain of `.CLEAR` copies to B15, then
    `BMOV.32 B15, 0x0`: every B register ends 0 and a BSSY/BSYNC region after it works."""
    chain = "\n".join(f"BMOV.32.CLEAR B{i + 1}, B{i} ;" for i in range(15))
    res = _launch(nv_isa, f"""
        BMOV.32 B0, 0xffffffff ;
        {chain}
        BMOV.32 B15, 0x0 ;
        S2R R0, SR_LANEID ;
        BSSY B0, `(join) ;
        ISETP.GE.AND P0, PT, R0, 0x10, PT ;
        @P0 BRA `(join) ;
        MOV R1, 0x5 ;
join:
        BSYNC B0 ;
        IADD3 R1, R1, 0x1, RZ ;""", engine)
    for w in res.warps:
        assert [int(v) for v in w.B] == [0] * 16
        assert [int(w.R[1][lane]) for lane in range(32)] == [6] * 16 + [1] * 16


@pytest.mark.parametrize("engine", ENGINES)
def test_fchk_divisor_sign_prefixes(nv_isa, engine):
    """`FCHK P0, -R13, |R10|` (nvcc -fmad=false; D6-5): the check reads exponents and zero-ness, so
    `-` and `|..|` on the divisor change nothing: the same predicate as without them."""
    import struct
    vals = [1.0, -3.5, 0.0, -0.0, 1e-40, float("inf"), 2.0 ** 127, -2.0 ** -100, 7.25, float("nan")]
    bits = [struct.unpack("<I", struct.pack("<f", v))[0] for v in vals]
    prog = ["S2R R0, SR_LANEID ;", "LOP3.LUT R0, R0, 0x7, RZ, 0xc0, !PT ;"]
    prog += [f"ISETP.EQ.AND P1, PT, R0, {i:#x}, PT ;\n@P1 MOV R10, {b:#x} ;\n@P1 MOV R13, {bits[(i + 3) % 10]:#x} ;"
             for i, b in enumerate(bits[:8])]
    prog += ["FCHK P0, -R13, |R10| ;", "SEL R4, RZ, 0x1, !P0 ;", "FCHK P2, R13, R10 ;", "SEL R5, RZ, 0x1, !P2 ;",
             "FCHK P3, R13, -R10 ;", "SEL R6, RZ, 0x1, !P3 ;"]
    res = _launch(nv_isa, "\n".join(prog), engine)
    for w in res.warps:
        for lane in range(32):
            assert int(w.R[4][lane]) == int(w.R[5][lane]) == int(w.R[6][lane])
        assert {int(w.R[5][lane]) for lane in range(32)} == {0, 1}    # both outcomes occur
