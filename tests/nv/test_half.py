"""HADD2 / HMUL2 / HFMA2 on binary16 pairs with nvdisasm's selectors (half.isa, decision UN6):
each position against the exact result (binary64, exact for these) rounded once by numpy to
binary16; the printing of selectors; `.reuse` before a selector."""
from __future__ import annotations

import numpy as np
import pytest

from gpuisa.asm.assembler import assemble
from gpuisa.asm.disassembler import disassemble


def _pairs(rng):
    v = rng.uniform(-60, 60, 64).astype(np.float16)
    return v, v.view(np.uint16)


def _sel(bits_hi, bits_lo, sel):
    return {"": (bits_hi, bits_lo), ".H0_H0": (bits_lo, bits_lo), ".H1_H1": (bits_hi, bits_hi)}[sel]


@pytest.mark.parametrize("engine", ["reference", "batched"])
@pytest.mark.parametrize("sa, sb", [("", ""), (".H0_H0", ".H1_H1"), (".H1_H1", "")])
def test_hadd2_hmul2_hfma2(nv_isa, rng, engine, sa, sb):
    a, _ = _pairs(rng)
    b, _ = _pairs(rng)
    c, _ = _pairs(rng)
    ra = (a[:32].view(np.uint16).astype(np.uint32) << 16) | a[32:].view(np.uint16)
    rb = (b[:32].view(np.uint16).astype(np.uint32) << 16) | b[32:].view(np.uint16)
    rc = (c[:32].view(np.uint16).astype(np.uint32) << 16) | c[32:].view(np.uint16)
    prog = assemble(nv_isa.db, f"HADD2 R3, R0{sa}, -R1{sb} ;\nHMUL2 R4, R0{sa}, R1{sb} ;\n"
                               f"HFMA2 R5, R0{sa}, R1{sb}, R2 ;\nHADD2.F32 R6, R0{sa}, R1{sb} ;\nEXIT ;\n")
    res = nv_isa.launch(prog, grid=2, engine=engine, init={"R0": list(ra), "R1": list(rb), "R2": list(rc)})
    w = res.warps[1]
    ah, al = _sel(a[:32].astype(np.float64), a[32:].astype(np.float64), sa)
    bh, bl = _sel(b[:32].astype(np.float64), b[32:].astype(np.float64), sb)
    ch, cl = c[:32].astype(np.float64), c[32:].astype(np.float64)

    def pack(hi, lo):
        h = hi.astype(np.float16).view(np.uint16).astype(np.uint32)
        lo16 = lo.astype(np.float16).view(np.uint16).astype(np.uint32)
        return list((h << 16) | lo16)
    assert list(w.R[3]) == pack(ah - bh, al - bl)
    assert list(w.R[4]) == pack(ah * bh, al * bl)
    assert list(w.R[5]) == pack(ah * bh + ch, al * bl + cl)
    assert list(w.R[6]) == list((al + bl).astype(np.float32).view(np.uint32))


def test_half_forms_print_as_nvdisasm(nv_isa):
    lines = ["HADD2 R3, R0.H0_H0, 1.5, 1.5", "HMUL2 R6, R3.H0_H0, R0.H0_H0", "HADD2.F32 R6, -RZ, R6.H0_H0",
             "HFMA2 R0, R0.H0_H0, R3.H0_H0, R6.H0_H0", "HFMA2.MMA R27, -RZ, RZ, 0, 2.384185791015625e-07",
             "HADD2 R2, R4, -R5.H1_H1"]
    prog = assemble(nv_isa.db, "".join(f"{ln} ;\n" for ln in lines))
    assert [d.text for d in disassemble(nv_isa.db, prog.data)] == lines
    assert assemble(nv_isa.db, "HFMA2 R0, R0.H0_H0, R3.H0_H0, R6.reuse.H0_H0 ;\n").words == \
        assemble(nv_isa.db, "HFMA2 R0, R0.H0_H0, R3.H0_H0, R6.H0_H0 ;\n").words


@pytest.mark.parametrize("engine", ["reference", "batched"])
def test_hadd2_with_a_half_selected_constant(nv_isa, engine):
    """nvdisasm's `HADD2.F32 R19, -RZ, c[0x0] [0x188].H0_H0` (`__half2float` of a `__half` kernel
    parameter, sm_75/sm_80): the selector is read as a modifier; the value against numpy."""
    hi, lo = np.float16(3.140625), np.float16(-0.5)
    word = int(np.array([hi]).view(np.uint16)[0]) << 16 | int(np.array([lo]).view(np.uint16)[0])
    a = np.arange(32, dtype=np.float16) / 4
    ra = (a.view(np.uint16).astype(np.uint32) << 16) | a.view(np.uint16)
    text = ("        /*0000*/                   HADD2.F32 R1, -RZ, c[0x0] [0x0].H0_H0 ;\n"
            "        /*0010*/                   HADD2.F32 R2, -RZ, -c[0x0] [0x0].H1_H1 ;\n"
            "        /*0020*/                   HADD2 R3, R0, c[0x0] [0x0].H1_H1 ;\n"
            "HADD2 R4, R0.H0_H0, c[0x0][0x0] ;\nEXIT ;")
    res = nv_isa.launch(assemble(nv_isa.db, text), init={"R0": ra}, params=[word], engine=engine)
    assert res.ok, res.fault
    w = res.warp()
    assert (w.R[1].view(np.float32) == np.float32(lo)).all()
    assert (w.R[2].view(np.float32) == -np.float32(hi)).all()
    want3 = ((a + hi).astype(np.float16).view(np.uint16).astype(np.uint32) << 16) | (a + hi).astype(np.float16).view(np.uint16)
    assert (w.R[3] == want3).all()
    want4 = ((a + hi).astype(np.float16).view(np.uint16).astype(np.uint32) << 16) | (a + lo).astype(np.float16).view(np.uint16)
    assert (w.R[4] == want4).all()
    texts = [d.text for d in disassemble(nv_isa.db, assemble(nv_isa.db, text).data)]
    assert texts[0] == "HADD2.F32.H0_H0 R1, -RZ, c[0x0][0x0]" and texts[1] == "HADD2.F32.H1_H1 R2, -RZ, -c[0x0][0x0]"
