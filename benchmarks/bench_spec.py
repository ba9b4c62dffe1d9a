"""Spec-compiler speed: cold `gpuisa spec list` (a fresh process, as a user
runs it) and in-process compilation of the shipped ISA.

    python benchmarks/bench_spec.py

Target (issue 2): `gpuisa spec list` in under 0.5 s cold on a 2-core machine.
"""
from __future__ import annotations

import statistics
import subprocess
import sys
import time

TARGET_S = 0.5


def cold_cli(runs: int = 7) -> float:
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        subprocess.run([sys.executable, "-m", "gpuisa", "spec", "list"], check=True, stdout=subprocess.DEVNULL)
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def in_process(runs: int = 20) -> tuple[float, int]:
    from gpuisa.spec import compile_spec, shipped_files
    n_lines = sum(len(p.read_text(encoding="utf-8").splitlines()) for p in shipped_files())
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        compile_spec(None)
        times.append(time.perf_counter() - t0)
    return statistics.median(times), n_lines


def main() -> None:
    cold = cold_cli()
    warm, n_lines = in_process()
    print(f"gpuisa spec list (cold process): {cold * 1000:7.1f} ms   target {TARGET_S * 1000:.0f} ms   "
          f"ratio {cold / TARGET_S:.2f} of budget")
    print(f"compile shipped ISA (in process): {warm * 1000:7.1f} ms   {n_lines / warm:,.0f} description lines/s")


if __name__ == "__main__":
    main()
