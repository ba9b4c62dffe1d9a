"""Simulator speed: warp-instructions per second.

    python benchmarks/bench_sim.py [--repeat N]

1. one warp running a divergent loop (per-lane trip counts: each iteration
   the lowest remaining lane leaves through BREAK; BSSY/BSYNC reconvergence),
   repeated by an outer counted loop (IADD3/ISETP): 512 outer iterations,
   about 100,000 warp-instructions;
2. a 64-CTA grid (one warp per CTA) running the same kernel with 32 outer
   iterations (about 400,000 warp-instructions).

Each case is run N times (default 5) with a fresh Simulator; the median rate
is reported (min and max in brackets), with the ratio to Accel-Sim's published
12,500 warp-instructions/s and to the 250,000/s target of the one-warp case.
Exits 0 either way; the last line says "target met" or "below target".
"""
from __future__ import annotations

import argparse
import statistics
import time

import gpuisa

ACCEL_SIM = 12_500
TARGET = 250_000

KERNEL = """
        S2R R1, SR_LANEID ;
        MOV R7, RZ ;
    OUTER:
        BSSY B0, `(END) ;
    LOOP:
        ELECT P1, R9 ;
        SHFL.BFLY PT, R2, R1, 0x1, 0x1f ;
        VOTE.ANY R3, P2, PT ;
    @P1 BREAK B0 ;
    @P1 BRA `(END) ;
        BRA `(LOOP) ;
    END:
        BSYNC B0 ;
        IADD3 R7, R7, 0x1, RZ ;
        ISETP.LT.AND P3, PT, R7, {trips:#x}, PT ;
    @P3 BRA `(OUTER) ;
        EXIT ;
"""

CASES = (  # label, grid (CTAs of one warp), outer trip count
    ("one warp, divergent loop", 1, 512),
    ("64-CTA grid", 64, 32),
)


def bench(isa, prog, grid: int, repeat: int) -> tuple[int, list[float]]:
    rates = []
    steps = 0
    for _ in range(repeat):
        sim = isa.simulator(prog, grid=grid, block=32)
        t0 = time.perf_counter()
        res = sim.run()
        dt = time.perf_counter() - t0
        assert res.ok, res.fault
        steps = res.steps
        rates.append(res.steps / dt)
    return steps, rates


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=5, help="runs per case (median reported; default 5)")
    args = ap.parse_args(argv)
    isa = gpuisa.load_isa()
    one_warp = None
    for label, grid, trips in CASES:
        prog = isa.assemble(KERNEL.format(trips=trips))
        steps, rates = bench(isa, prog, grid, max(1, args.repeat))
        rate = statistics.median(rates)
        if one_warp is None:
            one_warp = rate
        print(f"{label:26s} {steps:8d} warp-instructions  {rate:10,.0f}/s median of {len(rates)} "
              f"[{min(rates):,.0f} .. {max(rates):,.0f}]  {rate / ACCEL_SIM:5.1f}x Accel-Sim  "
              f"{rate / TARGET:5.2f}x target")
    verdict = "target met" if one_warp >= TARGET else "below target"
    print(f"one-warp target {TARGET:,}/s (20x Accel-Sim's {ACCEL_SIM:,}/s): {verdict}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
