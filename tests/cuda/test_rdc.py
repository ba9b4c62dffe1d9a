"""Relocatable device code (decisions D6-4, D11-F-3): `nvcc -cubin -O3 -rdc=true -arch=sm_80` of the
corpus's device_call.cu and of data/rdc/g.cu (device globals).  The addresses the linker would write
into instructions name, in nvdisasm's text (an nvdisasm listing, a cubin) or in the relocations of the
cubin beside a cuobjdump listing, a function or a variable of the module: the kernel is linked with
them and runs.  A cuobjdump listing without its cubin shows them as 0, and a symbol of another
translation unit is not defined here: a located error and exit 1 -- never a run that computes with
zeros."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner
from cuda_expect import device_call

from gpuisa.cli import main

DATA = Path(__file__).resolve().parent / "data" / "rdc"


@pytest.mark.parametrize("form", ["nvdisasm"])     # a cubin is read as nvdisasm's text of it (FULL corpus: fl11_gcalls)
def test_rdc_call_of_a_function_of_the_module_runs(isa, form):
    from gpuisa.cuda import load_cuda
    k = load_cuda(isa, DATA / f"device_call.{form}", "device_call")
    rng = np.random.default_rng(5)
    a = rng.integers(-20, 20, 64).astype(np.int32)
    out = np.zeros(64, np.int32)
    res = k.launch(grid=1, block=64, params=["ptr:in", "ptr:out", "s32:5"], buffers={"in": a, "out": out})
    assert res.status == "ok", res.fault
    assert (out == device_call({"in": a}, 5)["out"]).all()


def test_rdc_cuobjdump_links_with_the_cubin_beside_it(isa):
    """cuobjdump shows `MOV R20, 0x0` / `CALL.ABS.NOINC 0x0`: the cubin beside the listing (found by its
    code) names them in its relocations (D11-F-3)."""
    from gpuisa.cuda import load_cuda
    k = load_cuda(isa, DATA / "device_call.cuobjdump", "device_call")
    a = np.arange(-32, 32, dtype=np.int32)
    out = np.zeros(64, np.int32)
    res = k.launch(grid=1, block=64, params=["ptr:in", "ptr:out", "s32:3"], buffers={"in": a, "out": out})
    assert res.status == "ok", res.fault
    assert (out == device_call({"in": a}, 3)["out"]).all()


def test_rdc_cuobjdump_call_without_its_cubin_is_refused_where_it_is(tmp_path):
    (tmp_path / "device_call.cuobjdump").write_bytes((DATA / "device_call.cuobjdump").read_bytes())
    r = CliRunner().invoke(main, ["run", str(tmp_path / "device_call.cuobjdump"), "--kernel", "device_call",
                                  "--grid", "1", "--block", "32", "--buffer", "a=512",
                                  "--param", "ptr:a", "--param", "ptr:a", "--param", "s32:1"])
    assert r.exit_code == 1, r.output
    assert "device_call.cuobjdump:284:36:" in r.output and "cuobjdump listing shows as 0" in r.output
    assert "CALL.ABS.NOINC 0x0" in r.output and "Traceback" not in r.output


def test_rdc_call_of_another_translation_unit_is_refused(isa):
    """A callee the module does not define (another .cu file's, left to nvlink) is refused at the call."""
    from gpuisa.cuda import load_cuda
    from gpuisa.errors import UsageError
    text = (DATA / "device_call.nvdisasm").read_text()
    assert "CALL.ABS.NOINC `(_Z4polyii)" in text
    with pytest.raises(UsageError) as e:
        load_cuda(isa, text.replace("CALL.ABS.NOINC `(_Z4polyii)", "CALL.ABS.NOINC `(_Z5otherii)"),
                  "device_call", filename="dc.nvdisasm")
    assert "relocatable device code" in str(e.value) and "dc.nvdisasm:" in str(e.value)
    assert "_Z5otherii" in str(e.value)


def test_rdc_device_globals_are_linked(isa):
    """`UMOV UR4, 32@lo(scale)`: a device global's address written into the code, known at launch."""
    from gpuisa.cuda import load_cuda
    k = load_cuda(isa, DATA / "g.nvdisasm")
    o = np.zeros(32, np.float32)
    bufs = {"o": o}
    views = k.device_globals(bufs)        # the arrays the launch maps (bufs gains the device globals)
    res = k.launch(grid=1, block=32, params=["ptr:o"], buffers=bufs)
    assert res.status == "ok", res.fault
    assert (o == np.array([1, 2, 3, 4] * 8, np.float32) * np.arange(32)).all()
    assert views["counter"].view(np.int32)[0] == 32
