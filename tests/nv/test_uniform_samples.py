"""Uniform forms found running classic CUDA programs (decision CS-1): ULEA with LEA's
.HI/.X/.SX32 and carry predicates (a `short` parameter's element address), ULDC of a byte or a
half word (`char`/`short` parameters), UIMAD with an immediate addend (cooperative_groups'
tile count) and UPRMT (sign/zero extension of sub-word parameters).  Expected values from
Python integers, both engines, several warps at once."""
from __future__ import annotations

import random

import pytest

from gpuisa.asm.assembler import assemble
from gpuisa.asm.disassembler import disassemble

M32 = 0xFFFFFFFF


def s32(v):
    v &= M32
    return v - (1 << 32) if v >> 31 else v


def _run(isa, body, engine, const=None):
    prog = assemble(isa.db, body + "\nEXIT ;\n")
    res = isa.launch(prog, grid=3, engine=engine, const=const or {})
    assert res.ok, (res.status, res.fault)
    assert len({tuple(int(v) for v in w.UR[:40]) for w in res.warps}) == 1   # every warp alike
    return res.warps[0]


def _umov(vals):
    return "".join(f"UMOV UR{i}, {v & M32:#x} ;\n" for i, v in vals.items())


def _prmt(lo, hi, sel):
    b = (hi << 32 | lo).to_bytes(8, "little")
    out = 0
    for i in range(4):
        n = sel >> 4 * i & 0xF
        v = b[n & 7]
        if n & 8:
            v = 0xFF if v & 0x80 else 0
        out |= v << 8 * i
    return out


@pytest.mark.parametrize("engine", ["reference", "batched"])
@pytest.mark.parametrize("seed", range(4))
def test_ulea_hi_x_sx32_uimad_imm_uprmt(nv_isa, engine, seed):
    r = random.Random(seed)
    a, b, c, k = (r.choice([0, 1, 0x7FFFFFFF, 0x80000000, M32, r.getrandbits(32)]) for _ in range(4))
    sh = r.choice([0, 1, 2, 3, 0x1f, r.randrange(32)])
    sel = r.choice([0x9910, 0x8880, 0x7710, 0x3210, r.getrandbits(16)])
    w = _run(nv_isa, _umov({4: a, 5: b, 6: c, 7: k}) + f"""
        ULEA UR8, UP0, UR4, UR5, {sh:#x} ;
        ULEA.HI.X.SX32 UR9, UR4, UR6, {sh:#x}, UP0 ;
        ULEA.HI UR10, UR4, UR5, UR6, {sh:#x} ;
        ULEA.HI UR11, UP1, UR4, 0x10, URZ, {sh:#x} ;
        ULEA.HI.X UR12, UR4, UR5, UR6, {sh:#x}, !UP1 ;
        ULEA UR13, UR4, 0x400, {sh:#x} ;
        UIMAD UR14, UR4, UR5, 0x1f ;
        UIMAD UR15, UR4, UR5, -0x61 ;
        UIMAD.WIDE.U32 UR16, UR4, UR5, 0x7 ;
        UPRMT UR18, UR4, {sel:#x}, URZ ;
        UPRMT UR19, UR4, UR7, UR5 ;
    """, engine)
    UR, UP = [int(v) for v in w.UR], [bool(v) for v in w.UP]
    # the 64-bit address base + (s32(a) << sh), base = {c:b}
    lo = ((a << sh) & M32) + b
    assert UR[8] == lo & M32 and UP[0] == bool(lo >> 32)
    assert UR[8] | UR[9] << 32 == (((s32(a) << sh) + (c << 32 | b)) & ((1 << 64) - 1))
    assert UR[10] == (((((c << 32) | a) << sh) >> 32) + b) & M32
    hi = (a << sh) >> 32
    assert UR[11] == (hi + 0x10) & M32 and UP[1] == bool((hi + 0x10) >> 32)
    assert UR[12] == (((((c << 32) | a) << sh) >> 32) + b + (not UP[1])) & M32
    assert UR[13] == ((a << sh) + 0x400) & M32
    assert UR[14] == (a * b + 0x1f) & M32
    assert UR[15] == (a * b - 0x61) & M32
    assert UR[16] | UR[17] << 32 == a * b + 7
    assert UR[18] == _prmt(a, 0, sel)
    assert UR[19] == _prmt(a, b, k & 0xFFFF)


@pytest.mark.parametrize("engine", ["reference", "batched"])
def test_uldc_subword_parameters(nv_isa, engine):
    """`ULDC.S8 UR6, c[0x0][0x1a8]` / `ULDC.U16` / `ULDC.U8` / `ULDC.S16`: a char / short parameter."""
    w = _run(nv_isa, """
        ULDC.S8 UR4, c[0x0][0x1] ;
        ULDC.U8 UR5, c[0x0][0x1] ;
        ULDC.S16 UR6, c[0x0][0x6] ;
        ULDC.U16 UR7, c[0x0][0x6] ;
        ULDC.S8 UR8, c[0x0][0x2] ;
        ULDC UR9, c[0x0][0x4] ;
    """, engine, const={0: [0x0034F500, 0xBEEF1234]})
    UR = [int(v) for v in w.UR]
    assert UR[4] == 0xFFFFFFF5 and UR[5] == 0xF5
    assert UR[6] == 0xFFFFBEEF and UR[7] == 0xBEEF
    assert UR[8] == 0x34 and UR[9] == 0xBEEF1234


def test_forms_print_as_nvdisasm(nv_isa):
    """As nvdisasm prints them, but for a URZ high word of ULEA.HI, left out as LEA leaves out RZ."""
    lines = ["ULEA UR4, UP0, UR12, UR14, 0x1", "ULEA.HI.X.SX32 UR5, UR12, UR15, 0x1, UP0",
             "ULEA.HI UR4, UR4, UR5, 0x1f", "ULEA UR4, UR5, UR4, 0x18", "ULEA UR4, UR4, 0x400, 0x2",
             "ULDC.S8 UR6, c[0x0][0x1a8]", "ULDC.U16 UR4, c[0x0][0x178]", "ULDC.U8 UR5, c[0x0][0x258]",
             "UIMAD UR4, UR4, UR5, 0x1f", "UIMAD UR4, UR4, -0x61, UR10", "UPRMT UR6, UR6, 0x9910, URZ",
             "UPRMT UR4, UR5, UR6, UR7"]
    prog = assemble(nv_isa.db, "".join(f"{ln} ;\n" for ln in lines))
    assert [d.text for d in disassemble(nv_isa.db, prog.data)] == lines
