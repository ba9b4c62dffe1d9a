"""Relocatable device code (decision D6-4): `nvcc -cubin -O3 -rdc=true -arch=sm_80` of the corpus's
device_call.cu and of data/rdc/g.cu (device globals). The addresses the device linker would write
into instructions are not applied, so each input form is refused at the first such instruction
with a located error and exit 1 -- never a run that computes with zeros."""
from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from gpuisa.cli import main

DATA = Path(__file__).resolve().parent / "data" / "rdc"


@pytest.mark.parametrize("form,where,text", [
    ("nvdisasm", "device_call.nvdisasm:486:45:", "32@lo("),
    ("cuobjdump", "device_call.cuobjdump:284:36:", "CALL.ABS.NOINC 0x0"),
    ("cubin", "device_call.cubin (nvdisasm):486:45:", "32@lo("),
])
def test_rdc_call_is_refused_where_it_is(request, form, where, text):
    if form == "cubin":
        request.getfixturevalue("nvdisasm")
    r = CliRunner().invoke(main, ["run", str(DATA / f"device_call.{form}"), "--kernel", "device_call",
                                  "--grid", "1", "--block", "32", "--buffer", "a=512",
                                  "--param", "ptr:a", "--param", "ptr:a", "--param", "s32:1"])
    assert r.exit_code == 1, r.output
    assert where in r.output and "relocatable device code" in r.output and text in r.output
    assert "Traceback" not in r.output


def test_rdc_device_globals_are_refused(isa):
    """`UMOV UR4, 32@lo(scale)`: a device global's address, a relocation in rdc code."""
    from gpuisa.cuda import load_cuda
    from gpuisa.errors import UsageError
    with pytest.raises(UsageError) as e:
        load_cuda(isa, DATA / "g.nvdisasm")
    assert "relocatable device code" in str(e.value) and "g.nvdisasm:" in str(e.value)
