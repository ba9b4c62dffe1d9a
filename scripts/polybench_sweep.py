#!/usr/bin/env python3
"""Session 16: PolyBench/GPU's CUDA kernels as published, as a differential and numpy-checked sweep.

PolyBench/GPU 1.0 (github.com/cavazos-lab/PolyBench-ACC, directory ``CUDA``; 21 programs, 47 kernels)
is a classic a stranger's corpus may come from. Its host code no longer builds with CUDA 13
(``cudaThreadSynchronize``), so each program's ``__global__`` functions are cut out of its ``.cu`` and
compiled alone with the program's ``.cuh`` and small sizes (``-D`` sizes in the table below, chosen
to leave partial blocks), with ``nvcc -cubin -O3`` (and ``--use_fast_math`` with ``--fast-math``) for
each target, listed with nvdisasm and ``cuobjdump -sass``. Every kernel then runs once from each
target's nvdisasm listing, cuobjdump listing and cubin (the launches the suite's host code makes,
grid and block scaled to the sizes) on the same random inputs, and the buffers must be equal bit for
bit across all of them: the targets' code differs, the answers may not. (The corpus source
``pb16_polybench`` checks seven of the kernels against numpy references from the suite's CPU code.)

Usage (the checkout is not shipped; ``git clone`` it, or point at a copy)::

    python scripts/polybench_sweep.py PATH/PolyBench-ACC [--arch sm_75,sm_80,sm_90,sm_120]
                                      [--fast-math] [--out DIR] [-j 2]

Prints one line per kernel (``ok`` / ``BAD`` with the runs that failed or disagreed); exit 1 if any.
Needs nvcc on PATH and nvdisasm / cuobjdump (as scripts/build_cuda_corpus.py finds them).
"""
from __future__ import annotations

import argparse
import itertools
import os
import re
import subprocess
import sys
import tempfile
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from build_cuda_corpus import tool  # noqa: E402

FORMS = ("nvdisasm", "cuobjdump", "cubin")
COUNT = 16384          # floats per buffer: every program's arrays at these sizes fit


def P(n: str) -> str:
    return f"ptr:{n}"


def s(v: int) -> str:
    return f"s32:{v}"


def f(v: float) -> str:
    return f"f32:{v}"


#: program -> (its .cu under CUDA/, its -D sizes, [(kernel, grid, block, params)])
PROGRAMS = {  # bench: (source, -D sizes, [(kernel, grid, block, params)])
 "correlation": ("datamining/correlation/correlation.cu", "-DM=40 -DN=36", [
    ("mean_kernel", (1,), (256,), [s(40), s(36), P("mean"), P("data")]),
    ("std_kernel", (1,), (256,), [s(40), s(36), P("mean"), P("std"), P("data")]),
    ("reduce_kernel", (2, 5), (32, 8), [s(40), s(36), P("mean"), P("std"), P("data")]),
    ("corr_kernel", (1,), (256,), [s(40), s(36), P("symmat"), P("data")])]),
 "covariance": ("datamining/covariance/covariance.cu", "-DM=40 -DN=36", [
    ("mean_kernel", (1,), (256,), [s(40), s(36), P("mean"), P("data")]),
    ("reduce_kernel", (2, 5), (32, 8), [s(40), s(36), P("mean"), P("data")]),
    ("covar_kernel", (1,), (256,), [s(40), s(36), P("symmat"), P("data")])]),
 "2mm": ("linear-algebra/kernels/2mm/2mm.cu", "-DNI=24 -DNJ=20 -DNK=28 -DNL=18", [
    ("mm2_kernel1", (1, 3), (32, 8), [s(24), s(20), s(28), s(18), f(1.5), f(1.2), P("tmp"), P("A"), P("B")]),
    ("mm2_kernel2", (1, 3), (32, 8), [s(24), s(20), s(28), s(18), f(1.5), f(1.2), P("tmp"), P("C"), P("D")])]),
 "3mm": ("linear-algebra/kernels/3mm/3mm.cu", "-DNI=24 -DNJ=20 -DNK=28 -DNL=18 -DNM=22", [
    ("mm3_kernel1", (1, 3), (32, 8), [s(24), s(20), s(28), s(18), s(22), P("A"), P("B"), P("E")]),
    ("mm3_kernel2", (1, 3), (32, 8), [s(24), s(20), s(28), s(18), s(22), P("C"), P("D"), P("F")]),
    ("mm3_kernel3", (1, 3), (32, 8), [s(24), s(20), s(28), s(18), s(22), P("E"), P("F"), P("G")])]),
 "atax": ("linear-algebra/kernels/atax/atax.cu", "-DNX=40 -DNY=36", [
    ("atax_kernel1", (2,), (32, 8), [s(40), s(36), P("A"), P("x"), P("tmp")]),
    ("atax_kernel2", (2,), (32, 8), [s(40), s(36), P("A"), P("y"), P("tmp")])]),
 "bicg": ("linear-algebra/kernels/bicg/bicg.cu", "-DNX=40 -DNY=36", [
    ("bicg_kernel1", (1,), (256,), [s(40), s(36), P("A"), P("r"), P("s")]),
    ("bicg_kernel2", (1,), (256,), [s(40), s(36), P("A"), P("p"), P("q")])]),
 "doitgen": ("linear-algebra/kernels/doitgen/doitgen.cu", "-DNR=6 -DNQ=5 -DNP=12", [
    ("doitgen_kernel1", (1, 1), (32, 8), [s(6), s(5), s(12), P("sum"), P("A"), P("C4"), s(2)]),
    ("doitgen_kernel2", (1, 1), (32, 8), [s(6), s(5), s(12), P("sum"), P("A"), P("C4"), s(2)])]),
 "gemm": ("linear-algebra/kernels/gemm/gemm.cu", "-DNI=24 -DNJ=20 -DNK=28", [
    ("gemm_kernel", (1, 3), (32, 8), [s(24), s(20), s(28), f(32412), f(2123), P("a"), P("b"), P("c")])]),
 "gemver": ("linear-algebra/kernels/gemver/gemver.cu", "-DN=40", [
    ("gemver_kernel1", (2, 5), (32, 8), [s(40), f(43532), f(12313), P("a"), P("v1"), P("v2"), P("u1"), P("u2")]),
    ("gemver_kernel2", (1,), (256,), [s(40), f(43532), f(12313), P("a"), P("x"), P("y"), P("z")]),
    ("gemver_kernel3", (1,), (256,), [s(40), f(43532), f(12313), P("a"), P("x"), P("w")])]),
 "gesummv": ("linear-algebra/kernels/gesummv/gesummv.cu", "-DN=40", [
    ("gesummv_kernel", (1,), (256,), [s(40), f(43532), f(12313), P("A"), P("B"), P("tmp"), P("x"), P("y")])]),
 "mvt": ("linear-algebra/kernels/mvt/mvt.cu", "-DN=40", [
    ("mvt_kernel1", (2,), (32, 8), [s(40), P("a"), P("x1"), P("y_1")]),
    ("mvt_kernel2", (2,), (32, 8), [s(40), P("a"), P("x2"), P("y_2")])]),
 "syr2k": ("linear-algebra/kernels/syr2k/syr2k.cu", "-DNI=24 -DNJ=20", [
    ("syr2k_kernel", (1, 3), (32, 8), [s(24), s(20), f(12435), f(4546), P("a"), P("b"), P("c")])]),
 "syrk": ("linear-algebra/kernels/syrk/syrk.cu", "-DNI=24 -DNJ=20", [
    ("syrk_kernel", (1, 3), (32, 8), [s(24), s(20), f(12435), f(4546), P("a"), P("c")])]),
 "gramschmidt": ("linear-algebra/solvers/gramschmidt/gramschmidt.cu", "-DNI=24 -DNJ=20", [
    ("gramschmidt_kernel1", (1, 1), (256,), [s(24), s(20), P("a"), P("r"), P("q"), s(1)]),
    ("gramschmidt_kernel2", (1,), (256,), [s(24), s(20), P("a"), P("r"), P("q"), s(1)]),
    ("gramschmidt_kernel3", (1,), (256,), [s(24), s(20), P("a"), P("r"), P("q"), s(1)])]),
 "lu": ("linear-algebra/solvers/lu/lu.cu", "-DN=40", [
    ("lu_kernel1", (1,), (256,), [s(40), P("A"), s(2)]),
    ("lu_kernel2", (2, 5), (32, 8), [s(40), P("A"), s(2)])]),
 "adi": ("stencils/adi/adi.cu", "-DTSTEPS=1 -DN=40", [
    ("adi_kernel1", (1,), (256,), [s(40), P("A"), P("B"), P("X")]),
    ("adi_kernel2", (1,), (256,), [s(40), P("A"), P("B"), P("X")]),
    ("adi_kernel3", (1,), (256,), [s(40), P("A"), P("B"), P("X")]),
    ("adi_kernel4", (1,), (256,), [s(40), P("A"), P("B"), P("X"), s(3)]),
    ("adi_kernel5", (1,), (256,), [s(40), P("A"), P("B"), P("X")]),
    ("adi_kernel6", (1,), (256,), [s(40), P("A"), P("B"), P("X"), s(3)])]),
 "conv2d": ("stencils/convolution-2d/2DConvolution.cu", "-DNI=40 -DNJ=36", [
    ("convolution2D_kernel", (2, 5), (32, 8), [s(40), s(36), P("A"), P("B")])]),
 "conv3d": ("stencils/convolution-3d/3DConvolution.cu", "-DNI=12 -DNJ=10 -DNK=40", [
    ("convolution3D_kernel", (2, 2), (32, 8), [s(12), s(10), s(40), P("A"), P("B"), s(3)])]),
 "fdtd2d": ("stencils/fdtd-2d/fdtd2d.cu", "-DTMAX=2 -DNX=24 -DNY=40", [
    ("fdtd_step1_kernel", (2, 3), (32, 8), [s(24), s(40), P("fict"), P("ex"), P("ey"), P("hz"), s(1)]),
    ("fdtd_step2_kernel", (2, 3), (32, 8), [s(24), s(40), P("ex"), P("ey"), P("hz"), s(1)]),
    ("fdtd_step3_kernel", (2, 3), (32, 8), [s(24), s(40), P("ex"), P("ey"), P("hz"), s(1)])]),
 "jacobi1d": ("stencils/jacobi-1d-imper/jacobi1D.cu", "-DTSTEPS=2 -DN=40", [
    ("runJacobiCUDA_kernel1", (1,), (256,), [s(40), P("A"), P("B")]),
    ("runJacobiCUDA_kernel2", (1,), (256,), [s(40), P("A"), P("B")])]),
 "jacobi2d": ("stencils/jacobi-2d-imper/jacobi2D.cu", "-DTSTEPS=2 -DN=40", [
    ("runJacobiCUDA_kernel1", (2, 5), (32, 8), [s(40), P("A"), P("B")]),
    ("runJacobiCUDA_kernel2", (2, 5), (32, 8), [s(40), P("A"), P("B")])]),
}


def device_source(cuda: Path, src: str, defs: str) -> str:
    """The program's ``__global__`` functions alone, after its sizes, its ``.cuh`` and polybench.h."""
    text = (cuda / src).read_text()
    kernels = []
    for m in re.finditer(r"__global__", text):
        depth, i = 0, text.index("{", m.start())
        for j in range(i, len(text)):
            depth += {"{": 1, "}": -1}.get(text[j], 0)
            if depth == 0:
                break
        kernels.append(text[m.start():j + 1])
    consts = [ln for ln in text.splitlines() if re.match(r"#\s*define\s+(FLOAT_N|EPS)\b", ln)]
    sizes = [f"#define {kv[2:].split('=')[0]} {kv.split('=')[1]}" for kv in defs.split()]
    return "\n".join([f"// PolyBench/GPU 1.0 {src}: device code as published", "#include <cuda_runtime.h>",
                      "#include <math.h>", *consts, *sizes, f'#include "{Path(src).stem}.cuh"',
                      "#include <polybench.h>", "", *kernels, ""])


def build(job) -> str | None:
    cuda, out, name, arch, fast = job
    src, defs, _ = PROGRAMS[name]
    d = Path(out) / (name + ("_fm" if fast else "")) / arch
    d.mkdir(parents=True, exist_ok=True)
    (d / "k.cu").write_text(device_source(Path(cuda), src, defs))
    return compile_and_list(d, f"{name} {arch}", [f"-arch={arch}", *(["--use_fast_math"] if fast else []),
                                                   f"-I{cuda}/utilities", f"-I{(Path(cuda) / src).parent}"])


def compile_and_list(d: Path, label: str, options: list[str]) -> str | None:
    """``nvcc -cubin -O3 OPTIONS d/k.cu`` into d/k.cubin, then its nvdisasm and cuobjdump listings
    (d/k.nvdisasm, d/k.cuobjdump); nvcc's errors as one line, or None (also rodinia_sweep's)."""
    cmd = ["nvcc", "-cubin", "-O3", *options, "-o", str(d / "k.cubin"), str(d / "k.cu")]
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode:
        return f"{label}: nvcc failed: " + " | ".join(ln for ln in r.stderr.splitlines() if "error" in ln)[:300]
    env = dict(os.environ, NVDISASM_PATH=tool("nvdisasm"))
    for form, exe in (("nvdisasm", tool("nvdisasm")), ("cuobjdump", tool("cuobjdump"))):
        args = [exe, str(d / "k.cubin")] if form == "nvdisasm" else [exe, "-sass", str(d / "k.cubin")]
        (d / f"k.{form}").write_text(subprocess.run(args, capture_output=True, text=True, check=True, env=env).stdout)
    return None


def inputs(params) -> dict[str, np.ndarray]:
    rng = np.random.default_rng(16)
    return {p[4:]: (rng.random(COUNT, dtype=np.float32) + np.float32(0.5)) for p in params if p.startswith("ptr:")}


def run(job):
    out, name, fast, index, archs = job
    import gpuisa
    from gpuisa.cuda import load_cuda
    isa = gpuisa.load_isa()
    kernel, grid, block, params = PROGRAMS[name][2][index]
    label = name + ("_fm" if fast else "")
    results, problems = {}, []
    for arch, form in itertools.product(archs, FORMS):
        try:
            k = load_cuda(isa, Path(out) / label / arch / f"k.{form}", kernel)
            bufs = inputs(params)
            res = k.launch(grid=grid, block=block, params=params, buffers=bufs)
        except Exception as e:        # a refusal or a crash: both are what the sweep looks for
            problems.append(f"{arch}/{form}: {type(e).__name__}: {str(e)[:200]}")
            continue
        if res.status != "ok":
            problems.append(f"{arch}/{form}: {res.status} {res.fault}")
            continue
        results[(arch, form)] = {n: a.tobytes() for n, a in bufs.items()}
    if results:
        first, *rest = results
        problems += [f"{a}/{f} differs from {first[0]}/{first[1]}" for a, f in rest if results[(a, f)] != results[first]]
    return label, kernel, problems


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("checkout", type=Path, help="a PolyBench-ACC checkout (its CUDA directory is read)")
    ap.add_argument("--arch", default="sm_75,sm_80,sm_90,sm_120")
    ap.add_argument("--fast-math", action="store_true", help="also build every program with --use_fast_math")
    ap.add_argument("--out", help="where the builds go (default: a temporary directory)")
    ap.add_argument("-j", type=int, default=2)
    a = ap.parse_args()
    cuda = (a.checkout / "CUDA").resolve()
    if not (cuda / "utilities" / "polybench.h").exists():
        ap.error(f"{a.checkout}: not a PolyBench-ACC checkout (no CUDA/utilities/polybench.h)")
    archs = a.arch.split(",")
    modes = [False, True] if a.fast_math else [False]
    with tempfile.TemporaryDirectory() as tmp:
        out = a.out or tmp
        with ProcessPoolExecutor(a.j) as ex:
            failed = [r for r in ex.map(build, [(str(cuda), out, n, ar, fm) for n in PROGRAMS for ar in archs
                                               for fm in modes]) if r]
            for f in failed:
                print("BUILD", f)
            jobs = [(out, n, fm, i, archs) for n in PROGRAMS for fm in modes for i in range(len(PROGRAMS[n][2]))]
            bad = 0
            for label, kernel, problems in ex.map(run, jobs):
                bad += bool(problems)
                print("ok " if not problems else "BAD", label, kernel, *problems[:4], flush=True)
    print(f"{len(jobs) - bad} of {len(jobs)} kernels equal from every form on {len(archs)} targets")
    return 1 if bad or failed else 0


if __name__ == "__main__":
    sys.exit(main())
