#!/usr/bin/env python3
"""Differential fuzzing of CUDA's float2 intrinsics: sm_100's packed FFMA2/FADD2/FMUL2 against the
scalar code of another target, both run in gpuisa (decision D20-6).

For every seed: a kernel of random expression trees of ``__ffma2_rX``, ``__fadd2_rX`` and
``__fmul2_rX`` over ``make_float2`` shuffles, negations, ``fabsf``, kernel parameters and constants
(every rounding mode). On ``--arch`` (default sm_100) nvcc writes them as FFMA2/FADD2/FMUL2 with
their pair selectors (``R4.F32x2.LO_HI``, ``UR6.F32``, ``.NP``); on ``--against`` (default sm_90)
the same source computes each position with the scalar ``__fmaf_rX``/``__fadd_rX``/``__fmul_rX``.
Both builds run in the model on 96 elements among which special values (zeros of both signs,
denormals, infinities, NaN, values near overflow), the packed one on both engines; every output
word must agree (NaNs compared as NaNs). ptxas fuses ``mul.rX.f32x2`` with ``add.rX.f32x2`` into
one FFMA2 (D20-6), so no product sits directly under an addition.

    python scripts/float2_fuzz.py --seed 0 --count 40

Exit status 1 when a seed disagreed; its source and builds stay in ``--out``.
"""
from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import click
import numpy as np

HEADER = """#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 1000
#define FMA2(m, a, b, c) __ffma2_##m(a, b, c)
#define ADD2(m, a, b) __fadd2_##m(a, b)
#define MUL2(m, a, b) __fmul2_##m(a, b)
#else
#define FMA2(m, a, b, c) ([&] { float2 A = (a), B = (b), C = (c); \\
    return make_float2(__fmaf_##m(A.x, B.x, C.x), __fmaf_##m(A.y, B.y, C.y)); }())
#define ADD2(m, a, b) ([&] { float2 A = (a), B = (b); return make_float2(__fadd_##m(A.x, B.x), __fadd_##m(A.y, B.y)); }())
#define MUL2(m, a, b) ([&] { float2 A = (a), B = (b); return make_float2(__fmul_##m(A.x, B.x), __fmul_##m(A.y, B.y)); }())
#endif
"""
SCALARS = ["x.x", "x.y", "y.x", "y.y", "z.x", "z.y", "s", "p", "q"]
CONSTS = ["1.5f", "-2.0f", "0.0f", "3.0f", "0.25f", "1e-38f", "-0.0f", "65504.0f"]
SPECIAL = np.array([0, -0.0, 1e-40, -3e-39, np.inf, -np.inf, np.nan, 3e38, 65504, 1e-45, 1.0, -1.0], np.float32)
N = 96
OUTPUTS = 6


def program(seed: int) -> str:
    """The kernel of *seed* (deterministic)."""
    r = random.Random(f"float2-{seed}")

    def scalar(d: int) -> str:
        k = r.random()
        if k < 0.5:
            return r.choice(SCALARS)
        if k < 0.6:
            return r.choice(CONSTS)
        if k < 0.7:
            return f"-{r.choice(SCALARS)}"
        if k < 0.8:
            return f"fabsf({r.choice(SCALARS)})"
        return f"{pair(d - 1) if d > 0 else 'x'}.{r.choice('xy')}"

    def pair(d: int) -> str:
        if d <= 0 or r.random() < 0.3:
            return r.choice(["x", "y", "z", "w"]) if r.random() < 0.4 else f"make_float2({scalar(0)}, {scalar(0)})"
        m = r.choice(["rn", "rn", "rz", "rd", "ru"])
        op = r.choice(["FMA2", "FMA2", "ADD2", "MUL2"])
        if op == "FMA2":
            return f"FMA2({m}, {pair(d - 1)}, {pair(d - 1)}, {pair(d - 1)})"
        a, b = pair(d - 1), pair(d - 1)
        if op == "ADD2":        # no product directly under an addition (ptxas fuses them: D20-6)
            a = f"FMA2({m}, x, y, {a})" if a.startswith("MUL2") else a
            b = f"FMA2({m}, y, z, {b})" if b.startswith("MUL2") else b
        return f"{op}({m}, {a}, {b})"

    body = "\n".join(f"    w = {pair(r.randint(1, 3))};\n    o[{k} * n + i] = w;" for k in range(OUTPUTS))
    return HEADER + f"""extern "C" __global__ void f2fz(const float2 *a, float2 *o, float s, float p, float q, int n)
{{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float2 x = a[i], y = a[i + n], z = a[(i * 7) % n + 2 * n], w = make_float2(s, q);
{body}
}}
"""


def inputs(seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    a = rng.uniform(-4, 4, 6 * N).astype(np.float32)
    a[rng.integers(0, 6 * N, 40)] = rng.choice(SPECIAL, 40)
    return a


def run(isa, cubin: Path, a: np.ndarray, engine: str) -> np.ndarray:
    k = isa.load_cuda(str(cubin), "f2fz")
    o = np.zeros(2 * OUTPUTS * N, np.float32)
    k.launch(grid=(2, 1, 1), block=(64, 1, 1), params=["ptr:a", "ptr:o", "f32:0.75", "f32:-1e-39", "f32:2.5", f"s32:{N}"],
             buffers={"a": a.copy(), "o": o}, engine=engine)
    bits = o.view(np.uint32).copy()
    bits[np.isnan(o)] = 0x7FFFFFFF
    return bits


@click.command(context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--seed", type=int, default=0, show_default=True, help="first seed")
@click.option("--count", type=int, default=20, show_default=True, help="number of consecutive seeds")
@click.option("--arch", default="sm_100", show_default=True, help="the target with FFMA2/FADD2/FMUL2 (sm_100, sm_103)")
@click.option("--against", default="sm_90", show_default=True, help="a target that computes float2 with scalar instructions")
@click.option("--out", type=click.Path(path_type=Path), default=Path("/tmp/float2_fuzz"), show_default=True,
              help="where sources and builds are written (a failing seed's stay)")
def main(seed: int, count: int, arch: str, against: str, out: Path) -> None:
    """Compile COUNT random float2 kernels from SEED on for ARCH and AGAINST and compare the model's
    results word by word."""
    import gpuisa
    isa = gpuisa.load_isa()
    out.mkdir(parents=True, exist_ok=True)
    failed = []
    for s in range(seed, seed + count):
        src = out / f"f2fz{s}.cu"
        src.write_text(program(s))
        cubins = {}
        try:
            for t in (arch, against):
                cubins[t] = out / f"f2fz{s}_{t}.cubin"
                subprocess.run(["nvcc", "-cubin", "-O3", "-std=c++17", f"-arch={t}", "-o", str(cubins[t]), str(src)],
                               check=True, capture_output=True, text=True)
        except subprocess.CalledProcessError as e:
            click.echo(f"seed {s}: nvcc failed (not gpuisa's failure): {e.stderr.strip()[:300]}")
            continue
        a = inputs(s)
        want = run(isa, cubins[against], a, "batched")
        bad = []
        for engine in ("batched", "reference"):
            got = run(isa, cubins[arch], a, engine)
            d = np.flatnonzero(got != want)
            if d.size:
                bad.append(f"{engine}: {d.size} words differ, e.g. [{d[0]}] {got[d[0]]:#x} vs {want[d[0]]:#x}")
        packed = isa.load_cuda(str(cubins[arch]), "f2fz").listing()
        n2 = sum(packed.count(op) for op in ("FFMA2", "FADD2", "FMUL2"))
        click.echo(f"seed {s}: {'FAIL ' + '; '.join(bad) if bad else 'ok'} ({n2} packed instructions)")
        if bad:
            failed.append(s)
        else:
            for f in [src, *cubins.values()]:
                f.unlink(missing_ok=True)
    click.echo(f"{count} seeds: {len(failed)} failing {failed}")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
