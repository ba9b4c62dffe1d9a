"""Code from an older toolkit (decision D9-2): ptxas 12.9's cubins for sm_80 (ELF ABI version 7:
nvdisasm names the target only in `.headerflags`) and sm_120 run from all three forms and give
the corpus's expected result for the same source (switch_table; cuda_expect, numpy); ptxas 12.4's
sm_90 code of fp8_convert, whose 8-bit float packing merges into `Rc.H1` (decision D21-2)."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from cuda_expect import compare, expected, launches, make_inputs

from gpuisa.cuda import detect

DATA = Path(__file__).resolve().parent / "data" / "ptxas12"
LAUNCH = next(l for stem, l in launches() if stem == "switch_table")


def test_the_target_of_an_old_elf_listing_is_in_its_header_flags():
    text = (DATA / "switch_table_sm_80.nvdisasm").read_text()
    assert ".target" not in text and 'EF_CUDA_SM80' in text
    assert detect(text) == "nvdisasm"


@pytest.mark.parametrize("arch", ["sm_80", "sm_120"])
@pytest.mark.parametrize("form", ["nvdisasm", "cuobjdump", "cubin"])
def test_older_ptxas_code_runs(request, isa, arch, form):
    if form == "cubin":
        request.getfixturevalue("nvdisasm")
    k = isa.load_cuda(DATA / f"switch_table_{arch}.{form}", LAUNCH["kernel"])
    assert k.module.arch == int(arch[3:])
    inputs = make_inputs(LAUNCH)
    want = expected(LAUNCH, inputs)
    bufs = {n: a.copy() for n, a in inputs.items()}
    res = k.launch(grid=tuple(LAUNCH["grid"]), block=tuple(LAUNCH["block"]), params=LAUNCH["params"], buffers=bufs)
    assert res.status == "ok", res.fault
    assert compare(LAUNCH, "out", bufs["out"], want["out"]) is None
    assert np.array_equal(bufs["in"], inputs["in"])


FP8 = next(l for stem, l in launches() if stem == "fp8_convert")


@pytest.mark.parametrize("form", ["nvdisasm", "cuobjdump", "cubin"])
def test_ptxas_12_4_fp8_packing_runs(request, isa, form):
    if form == "cubin":
        request.getfixturevalue("nvdisasm")
    path = DATA / f"fp8_convert_sm_90.{form}"
    if form != "cubin":
        assert "PACK_AB_MERGE_C R13, R12.reuse, R11.reuse, R13.H1" in path.read_text()
    k = isa.load_cuda(path, FP8["kernel"])
    inputs = make_inputs(FP8)
    want = expected(FP8, inputs)
    bufs = {n: a.copy() for n, a in inputs.items()}
    res = k.launch(grid=tuple(FP8["grid"]), block=tuple(FP8["block"]), params=FP8["params"], buffers=bufs)
    assert res.status == "ok", res.fault
    for name in FP8["outputs"]:
        assert compare(FP8, name, bufs[name], want[name]) is None
