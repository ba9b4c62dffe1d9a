"""`__device__` variables by name (decision D8-6): `gpuisa run --dump-buffer counter` prints a
device global after the run, `--buffer counter=4:fill:7` initialises it (cudaMemcpyToSymbol),
`--param ptr:counter` passes its address (cudaGetSymbolAddress); a namespaced variable is also
found by its C++ name (`stats::total`). data/devglobals/dg.cu, from all three input forms.
Expected values: Python sums of what each thread adds."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from gpuisa.cli import main

DATA = Path(__file__).resolve().parent / "data" / "devglobals"
FORMS = [("sm_75", "cubin"), ("sm_90", "nvdisasm"), ("sm_90", "cuobjdump")]


def _run(*args):
    return CliRunner().invoke(main, ["run", *map(str, args)])


@pytest.mark.parametrize("arch,form", FORMS)
def test_dump_device_globals_by_name(arch, form):
    r = _run(DATA / f"dg_{arch}.{form}", "--grid", 2, "--block", 64, "--buffer", "o=512", "--param", "ptr:o",
             "--dump-buffer", "counter:s32", "--dump-buffer", "table:f32", "--dump-buffer", "stats::total:u64",
             "--json")
    assert r.exit_code == 0, r.output
    got = json.loads(r.output)["buffers"]
    threads = range(128)
    assert got["counter"] == [sum(threads)]
    assert got["table"] == [1.0 + k + sum(1 for t in threads if t % 4 == k) for k in range(4)]
    assert got["stats::total"] == [sum(t * t for t in threads)]


def test_initialise_a_device_global_and_pass_its_address():
    """--buffer SYMBOL initialises the variable itself (a prefix of it may be given); the text
    output says it is a device global; its mangled name works too."""
    r = _run(DATA / "dg_sm_90.nvdisasm", "--grid", 1, "--block", 32, "--buffer", "stats::total=8:fill:5:u64",
             "--buffer", "table=8:fill:-1:f32", "--param", "u64:0", "--dump-buffer", "_ZN5stats5totalE:u64",
             "--dump-buffer", "table:f32")
    assert r.exit_code == 0, r.output
    assert "device global _ZN5stats5totalE at 0x" in r.output
    r = _run(DATA / "dg_sm_90.nvdisasm", "--grid", 1, "--block", 32, "--buffer", "stats::total=8:fill:5:u64",
             "--buffer", "table=8:fill:-1:f32", "--param", "u64:0", "--dump-buffer", "_ZN5stats5totalE:u64",
             "--dump-buffer", "table:f32", "--json")
    got = json.loads(r.output)["buffers"]
    assert got["_ZN5stats5totalE"] == [5 + sum(t * t for t in range(32))]
    # the first two floats given (-1), the others from the initialiser (3, 4); 8 threads add to each
    assert got["table"] == [-1.0 + 8, -1.0 + 8, 3.0 + 8, 4.0 + 8]
    # the kernel's o = &counter: thread i stores i (counter >= 0) over the counter's word -> faults
    # past its 4 bytes for lane 1: a located memory fault naming the global's section
    r = _run(DATA / "dg_sm_90.nvdisasm", "--grid", 1, "--block", 32, "--param", "ptr:counter")
    assert r.exit_code == 2 and "just past the end of buffer '.nv.global" in r.output, r.output


def test_device_global_errors_are_clear():
    r = _run(DATA / "dg_sm_90.nvdisasm", "--block", 32, "--buffer", "counter=8", "--param", "ptr:counter")
    assert r.exit_code == 1 and "8 bytes, but the device global counter has 4" in r.output, r.output
    r = _run(DATA / "dg_sm_90.nvdisasm", "--block", 32, "--param", "u64:0", "--dump-buffer", "count")
    assert r.exit_code == 1 and "no device global of that name" in r.output and "counter" in r.output, r.output
    assert "Traceback" not in r.output
