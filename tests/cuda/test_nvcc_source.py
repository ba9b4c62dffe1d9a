"""`gpuisa run kernel.cu`: a CUDA source compiled with the installed nvcc, then run like its
cubin (decision D8-9). Skipped where nvcc is not installed; the errors that need no nvcc are
tested everywhere."""
from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

from gpuisa.cli import main
from gpuisa.cuda import nvcc

needs_nvcc = pytest.mark.skipif(nvcc.find_nvcc() is None, reason="nvcc (the CUDA toolkit) is not installed")

SAXPY = """
__global__ void saxpy(float a, const float *x, float *y, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = __fmaf_rn(a, x[i], y[i]);
}
"""


def _run(*args):
    return CliRunner().invoke(main, ["run", *map(str, args)])


@needs_nvcc
def test_run_a_cuda_source(tmp_path):
    src = tmp_path / "saxpy.cu"
    src.write_text(SAXPY)
    r = _run(src, "--arch", "sm_80", "--grid", 2, "--block", 64, "--buffer", "x=400:iota:f32",
             "--buffer", "y=400:fill:0.25:f32", "--param", "f32:1.5", "--param", "ptr:x", "--param", "ptr:y",
             "--param", "s32:100", "--dump-buffer", "y:f32", "--json")
    assert r.exit_code == 0, r.output
    got = json.loads(next(ln for ln in r.output.splitlines() if ln.startswith("{")))["buffers"]["y"]
    want = [float(np.float32(1.5) * np.float32(i) + np.float32(0.25)) for i in range(100)]    # exact here
    assert got == want
    assert "compiled with nvcc -cubin -arch=sm_80 -O3" in r.output     # the note (stderr, mixed in here)


@needs_nvcc
def test_a_compile_error_shows_nvccs_message(tmp_path):
    src = tmp_path / "bad.cu"
    src.write_text("__global__ void k(int *p) { p[0] = undeclared; }\n")
    r = _run(src, "--arch", "sm_90")
    assert r.exit_code == 1 and "nvcc failed" in r.output and "undeclared" in r.output, r.output
    assert "Traceback" not in r.output


def test_without_nvcc_a_clear_error(tmp_path, monkeypatch):
    monkeypatch.setattr(nvcc, "find_nvcc", lambda: None)
    src = tmp_path / "k.cu"
    src.write_text(SAXPY)
    r = _run(src)
    assert r.exit_code == 1 and "needs nvcc to compile it, and none was found" in r.output, r.output


def test_arch_applies_to_a_cuda_source_only(tmp_path):
    src = tmp_path / "p.s"
    src.write_text("EXIT ;\n")
    r = _run(src, "--arch", "sm_90")
    assert r.exit_code == 1 and "--arch and --nvcc-flag apply to a CUDA source (.cu)" in r.output, r.output


PTX = Path(__file__).resolve().parent / "data" / "ptx" / "saxpy_sm80.ptx"      # nvcc -ptx -O3 -arch=sm_80


def _saxpy_args(*extra):
    return [*extra, "--grid", 2, "--block", 64, "--buffer", "x=400:iota:f32", "--buffer", "y=400:fill:0.25:f32",
            "--param", "f32:1.5", "--param", "ptr:x", "--param", "ptr:y", "--param", "s32:100",
            "--dump-buffer", "y:f32", "--json"]


@needs_nvcc
@pytest.mark.parametrize("arch,want_arch", [(None, "sm_80"), ("sm_90", "sm_90")])
def test_run_ptx(tmp_path, arch, want_arch):
    """D15-5: PTX (found by its `.version`/`.target` directives, whatever the file's name) is compiled
    with nvcc for its own `.target`, or the later one --arch names, then run as that cubin."""
    ptx = tmp_path / "saxpy.txt"
    ptx.write_bytes(PTX.read_bytes())
    r = _run(ptx, *_saxpy_args(*(["--arch", arch] if arch else [])))
    assert r.exit_code == 0, r.output
    got = json.loads(next(ln for ln in r.output.splitlines() if ln.startswith("{")))["buffers"]["y"]
    assert got == [float(np.float32(1.5) * np.float32(i) + np.float32(0.25)) for i in range(100)]
    assert f"compiled with nvcc -cubin -arch={want_arch} -O3" in r.output


def test_ptx_for_a_later_target_than_arch_is_refused_before_compiling():
    r = _run(PTX, *_saxpy_args("--arch", "sm_75"))
    assert r.exit_code == 1 and "Traceback" not in r.output
    assert "--arch sm_75: " in r.output and "is PTX for sm_80 (its .target)" in r.output and "--arch sm_80" in r.output


def test_ptx_without_nvcc_says_so(monkeypatch):
    monkeypatch.setattr(nvcc, "find_nvcc", lambda: None)
    r = _run(PTX, *_saxpy_args())
    assert r.exit_code == 1 and "a CUDA source or PTX needs nvcc to compile it, and none was found" in r.output
