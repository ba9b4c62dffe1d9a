"""Simulator speed: warp-instructions per second.

    python benchmarks/bench_sim.py [--repeat N] [--generic]

1. one warp running a divergent loop (per-lane trip counts: each iteration
   the lowest remaining lane leaves through BREAK; BSSY/BSYNC reconvergence),
   repeated by an outer counted loop (IADD3/ISETP): 512 outer iterations,
   about 100,000 warp-instructions;
2. a 64-CTA grid (one warp per CTA) running the same kernel with 32 outer
   iterations (about 400,000 warp-instructions);
3. one warp running a loop of general-purpose instructions (LDG, FFMA, STG,
   IADD3, LOP3, SHF, ISETP, SEL, IMAD, FADD, FMUL, BRA): 2,000 iterations,
   about 28,000 warp-instructions;
4. examples/vector_add.s on 64 CTAs of 256 threads (16,384 elements, about
   8,000 warp-instructions).

Each case is run N times (default 5) with a fresh Simulator; the median rate
is reported (min and max in brackets), with the ratio to Accel-Sim's published
12,500 warp-instructions/s and to the 250,000/s target of the one-warp case.
``--generic`` runs the general-purpose instructions without their per-address
plans (the reference functions of semantics/gp.py), for comparison.
Exits 0 either way; the last line says "target met" or "below target".
"""
from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

import numpy as np

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

GP_KERNEL = """
        S2R R1, SR_LANEID ;
        MOV R7, RZ ;
        MOV R2, 0x3f800000 ;                            // 1.0
        MOV R3, 0x4 ;
        IMAD.WIDE.U32 R[4:5], R1, R3, c[0x0][0x0] ;     // &x[lane]
    LOOP:
        LDG.E R8, [R4.64] ;
        FFMA R8, R8, R2, R2 ;
        STG.E [R4.64], R8 ;
        IADD3 R9, R1, R7, RZ ;
        LOP3.LUT R9, R9, 0xff, RZ, 0xc0, !PT ;
        SHF.R.U32.HI R10, RZ, 0x2, R9 ;
        ISETP.GT.U32.AND P0, PT, R10, 0x20, PT ;
        SEL R11, R9, R10, P0 ;
        IMAD R12, R11, 0x3, R1 ;
        FADD R13, R8, -R2 ;
        FMUL R13, R13, R2 ;
        IADD3 R7, R7, 0x1, RZ ;
        ISETP.LT.AND P3, PT, R7, {trips:#x}, PT ;
    @P3 BRA `(LOOP) ;
        EXIT ;
"""

VECTOR_ADD = Path(__file__).resolve().parents[1] / "examples" / "vector_add.s"

CASES = (  # label, kernel, grid, block, outer trip count
    ("one warp, divergent loop", "seed", 1, 32, 512),
    ("64-CTA grid", "seed", 64, 32, 32),
    ("one warp, GP loop", "gp", 1, 32, 2000),
    ("vector add, 64x256", "vadd", 64, 256, 0),
)


def _launch(isa, kind: str, prog, grid: int, block: int):
    """A fresh simulator for one run of a case."""
    if kind == "seed":
        return isa.simulator(prog, grid=grid, block=block)
    from gpuisa.sim.kernelargs import kernel_simulator
    if kind == "gp":
        return kernel_simulator(isa, prog, grid=grid, block=block, buffers={"x": np.zeros(32, np.float32)},
                                params=["x"])
    n = grid * block
    bufs = {"a": np.arange(n, dtype=np.float32), "b": np.full(n, 0.5, np.float32), "c": np.zeros(n, np.float32)}
    return kernel_simulator(isa, prog, grid=grid, block=block, buffers=bufs,
                            params=["a", "b", "c", ("u32", n), ("u32", block)])


def bench(isa, kind: str, prog, grid: int, block: int, repeat: int) -> tuple[int, list[float]]:
    rates = []
    steps = 0
    for _ in range(repeat):
        sim = _launch(isa, kind, prog, grid, block)
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
    ap.add_argument("--generic", action="store_true",
                    help="general-purpose instructions without per-address plans (for comparison)")
    args = ap.parse_args(argv)
    if args.generic:
        from gpuisa.sim.fastpath import gp_plans as gp
        gp.FAST = False
    isa = gpuisa.load_isa()
    one_warp = None
    for label, kind, grid, block, trips in CASES:
        text = {"seed": KERNEL, "gp": GP_KERNEL}.get(kind)
        prog = isa.assemble(text.format(trips=trips) if text else VECTOR_ADD.read_text())
        steps, rates = bench(isa, kind, prog, grid, block, max(1, args.repeat))
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
