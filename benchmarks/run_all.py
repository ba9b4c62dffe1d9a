"""The simulator benchmark suite: one table.

    python benchmarks/run_all.py [--quick] [--sizes 1,32,1024,32768] [--ref-steps N]

Warp-instructions per second of ``Simulator.run()`` (the run and its result; building the
simulator is timed apart, the ``build`` column; each case first runs the same kernel on at most
64 warps in the same process, so imports and first calls are not counted) for 1, 32, 1,024 and
32,768 warps on four kernels, with both engines and their ratio, and the peak RSS of each case
(each case runs in its own process, so RSS is that case's).  The batched engine is timed twice:
``batched`` is the grid's first run in its process (it pays the first touch of the memory the
run allocates itself: about 0.5 ms per MiB on this machine; the register file is zeroed when
the simulator is built, decision E8, so that cost is in ``build``), ``warm`` the median of the
same launch repeated five times (the steady state of a process that launches kernels one after
another); the target column says met / NOT met for each (decisions E7, E8):

* ``vector add``  examples/vector_add.s, 256-thread CTAs (one 32-thread CTA for 1 warp);
* ``loop``        an integer ALU loop (IADD3, LOP3, SHF, ISETP, SEL, IMAD, BRA), 100 trips;
* ``divergent``   examples/collatz.s (per-lane trip counts, if/else, BREAK, BSSY/BSYNC), 64-thread CTAs;
* ``reduction``   examples/block_reduce.s (shared memory, BAR.SYNC tree), 128-thread CTAs.

The reference engine is slow on large grids: it runs at most ``--ref-steps``
warp-instructions (default 300,000; status step-limit) and its rate is measured
on that prefix.  Then the end-to-end CLI run of a 32,768-warp vector add (wall
time and peak RSS of the whole ``gpuisa run`` process), and the cost curve
(batched vector add, seconds against warps: linear when seconds/warp is flat).
Targets (issue 12) are printed next to the numbers.  Exit status 0 either way.
"""
from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: the `gpuisa` command as a process (the console script's entry point)
GPUISA = [sys.executable, "-c", "import sys; from gpuisa.cli import main; sys.argv[0] = \"gpuisa\"; main()"]

LOOP = """
        S2R R1, SR_LANEID ;
        MOV R7, RZ ;
    LOOP:
        IADD3 R9, R1, R7, RZ ;
        LOP3.LUT R9, R9, 0xff, RZ, 0xc0, !PT ;
        SHF.R.U32.HI R10, RZ, 0x2, R9 ;
        ISETP.GT.U32.AND P0, PT, R10, 0x20, PT ;
        SEL R11, R9, R10, P0 ;
        IMAD R12, R11, 0x3, R1 ;
        IADD3 R7, R7, 0x1, RZ ;
        ISETP.LT.AND P3, PT, R7, 0x64, PT ;
    @P3 BRA `(LOOP) ;
        EXIT ;
"""
KERNELS = ("vector add", "loop", "divergent", "reduction")
#: warm runs of a batched case (the median is reported)
WARM_RUNS = 5
TARGETS = {("vector add", 1024): 10e6, ("loop", 1024): 10e6, ("divergent", 1024): 3e6, ("loop", 1): 250e3}


def _case(kernel: str, engine: str, nwarps: int, ref_steps: int) -> dict:
    """Run one case in this process (after a warm-up run of the same kernel on at most 64 warps:
    imports and first-call costs are not the engine's rate); returns rate, steps, seconds, peak RSS.
    The batched engine then runs the same case a second time: ``warm`` is that run's rate (the
    process's heap already holds the grid's memory, as in a regression that launches kernels one
    after another); the first run (``rate``) pays the first touch of every page of the grid's
    fresh register file and temporaries (about 0.5 ms per MiB on this machine, decision E7)."""
    import gc
    _run_case(kernel, engine, min(nwarps, 64), min(ref_steps, 20_000))
    gc.collect()
    out = _run_case(kernel, engine, nwarps, ref_steps)
    if engine == "batched":
        warm = []
        for _ in range(WARM_RUNS):
            gc.collect()
            warm.append(_run_case(kernel, engine, nwarps, ref_steps))
        mid = sorted(warm, key=lambda r: r["seconds"])[len(warm) // 2]       # the median run
        out["warm"], out["warm_seconds"] = mid["rate"], mid["seconds"]
        out["rss"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
    return out


def _run_case(kernel: str, engine: str, nwarps: int, ref_steps: int) -> dict:
    import numpy as np

    import gpuisa
    from gpuisa.sim import Simulator

    isa = gpuisa.load_isa()
    limit = ref_steps if engine == "reference" else 10 ** 12
    n = nwarps * 32
    rng = np.random.default_rng(1)
    if kernel == "vector add":
        block = 32 if nwarps == 1 else 256
        prog = isa.assemble((ROOT / "examples" / "vector_add.s").read_text())
        bufs = {"a": rng.random(n, dtype=np.float32), "b": np.arange(n, dtype=np.float32), "c": np.zeros(n, np.float32)}
        params = ["a", "b", "c", n, block]
    elif kernel == "loop":
        block = 32
        prog = isa.assemble(LOOP)
        bufs, params = {}, None
    elif kernel == "divergent":
        block = 32 if nwarps == 1 else 64
        prog = isa.assemble((ROOT / "examples" / "collatz.s").read_text())
        bufs = {"in": rng.integers(1, 1000, n).astype(np.uint16), "steps": np.zeros(n, np.uint32)}
        params = ["in", "steps", n, block]
    else:
        block = 32 if nwarps == 1 else 128
        prog = isa.assemble((ROOT / "examples" / "block_reduce.s").read_text())
        bufs = {"in": rng.integers(0, 2 ** 32, n, dtype=np.uint32), "out": np.zeros(n // block, np.uint32)}
        params = ["in", "out", block]
    t = time.perf_counter()
    sim = Simulator(isa, prog, grid=n // block, block=block, buffers=bufs, params=params, engine=engine,
                    max_steps=limit, max_warps=max(nwarps, 65536))
    build = time.perf_counter() - t
    t = time.perf_counter()
    res = sim.run()
    dt = time.perf_counter() - t
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
    return {"rate": res.steps / dt if dt else 0.0, "steps": res.steps, "seconds": dt, "rss": rss, "status": res.status,
            "build": build}


def _sub(kernel: str, engine: str, nwarps: int, ref_steps: int) -> dict:
    out = subprocess.run([sys.executable, __file__, "--case", kernel, engine, str(nwarps), str(ref_steps)],
                         capture_output=True, text=True, cwd=ROOT)
    if out.returncode:
        return {"error": out.stderr.strip().splitlines()[-1] if out.stderr.strip() else "failed"}
    return json.loads(out.stdout.strip().splitlines()[-1])


def _fmt_rate(r: dict | None, key: str = "rate") -> str:
    if not r:
        return "-"
    if "error" in r:
        return "error"
    mark = "*" if r["status"] == "step-limit" else ""
    v = r[key]
    return f"{v / 1e6:.2f}M{mark}" if v >= 1e6 else f"{v / 1e3:.0f}k{mark}"


def _cli_end_to_end(nwarps: int = 32768) -> tuple[float, int, str]:
    n = nwarps * 32
    cmd = [*GPUISA, "run", "examples/vector_add.s", "--grid", str(nwarps // 8), "--block", "256",
           "--buffer", f"a={4 * n}:random:1:f32", "--buffer", f"b={4 * n}:iota:f32", "--buffer", f"c={4 * n}",
           "--param", "ptr:a", "--param", "ptr:b", "--param", "ptr:c", "--param", f"u32:{n}", "--param", "u32:256",
           "--dump-buffer", "c:f32:4"]
    times, rss, last = [], 0, ""
    for _ in range(3):
        t = time.perf_counter()
        p = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        _, _, ru = os.wait4(p.pid, 0)
        times.append(time.perf_counter() - t)
        rss = max(rss, ru.ru_maxrss * 1024)
        last = p.stdout.read().strip().splitlines()[-1] if p.stdout else ""
    return statistics.median(times), rss, last


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--case", nargs=4, help=argparse.SUPPRESS)
    ap.add_argument("--sizes", default="1,32,1024,32768")
    ap.add_argument("--ref-steps", type=int, default=300_000)
    ap.add_argument("--quick", action="store_true", help="sizes 1,32,1024 and no CLI run")
    a = ap.parse_args()
    if a.case:
        k, e, nw, rs = a.case
        print(json.dumps(_case(k, e, int(nw), int(rs))))
        return
    sizes = [1, 32, 1024] if a.quick else [int(s) for s in a.sizes.split(",")]
    print("warp-instructions/s of Simulator.run() (* = reference engine timed on its first "
          f"{a.ref_steps:,} warp-instructions); batched: the first run of the grid in its process, and "
          "warm: the median of five repeated launches (memory already mapped); ratio: batched / reference; "
          "peak RSS of the batched case; build: building its first simulator (not timed in the rates: "
          "it includes zeroing the register file, decision E8)")
    head = (f"{'kernel':<11} {'warps':>6} {'batched':>9} {'warm':>9} {'reference':>10} {'ratio':>7} {'RSS':>8} "
            f"{'build':>9}  target (first run / warm)")
    print(head)
    print("-" * len(head))
    curve = {}
    for k in KERNELS:
        for nw in sizes:
            b = _sub(k, "batched", nw, a.ref_steps)
            r = _sub(k, "reference", nw, a.ref_steps)
            ratio = f"{b['rate'] / r['rate']:.1f}x" if "rate" in b and "rate" in r and r["rate"] else "-"
            rss = f"{b['rss'] / 2 ** 20:.0f}M" if "rss" in b else "-"
            tgt = TARGETS.get((k, nw))
            t = ""
            if tgt is not None:
                eng = b if nw > 1 else max((b, r), key=lambda d: d.get("rate", 0))
                first = "met" if eng.get("rate", 0) >= tgt else "NOT met"
                warm = "met" if b.get("warm", 0) >= tgt else "NOT met"
                t = f">= {tgt / 1e6:g}M: {first} / {warm}"
            build = f"{b['build'] * 1e3:.1f}ms" if "build" in b else "-"
            print(f"{k:<11} {nw:>6} {_fmt_rate(b):>9} {_fmt_rate(b, 'warm'):>9} {_fmt_rate(r):>10} {ratio:>7} "
                  f"{rss:>8} {build:>9}  {t}", flush=True)
            if k == "vector add" and "seconds" in b:
                curve[nw] = (b["seconds"], b.get("warm_seconds", b["seconds"]))
    if curve:
        print("\ncost curve (vector add, batched engine, run() seconds: first run, warm run):")
        for nw, (s, w) in sorted(curve.items()):
            print(f"  {nw:>6} warps  {s:8.4f} s {s / nw * 1e6:8.2f} us/warp    {w:8.4f} s {w / nw * 1e6:8.2f} us/warp")
    if not a.quick:
        dt, rss, last = _cli_end_to_end()
        ok = dt < 3.0 and rss < 512 * 2 ** 20
        print(f"\nCLI end to end, 32,768-warp vector add (median of 3 processes): {dt:.2f} s, peak RSS "
              f"{rss / 2 ** 20:.0f} MiB ({last}); target < 3 s and < 512 MiB: {'met' if ok else 'NOT met'}")


if __name__ == "__main__":
    main()
