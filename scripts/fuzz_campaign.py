#!/usr/bin/env python3
"""Long robustness campaigns (issue 16; docs/fuzzing.md).

    python scripts/fuzz_campaign.py structured --seeds 20000 [--start 0] [--jobs 2]
        random structured BSSY/BSYNC programs against the per-thread reference
        (tests/robust/structgen.py): never a deadlock, always the same registers
    python scripts/fuzz_campaign.py fuzz --scale 200 [--random]
        the fuzz suite (tests/robust/test_fuzz.py) with SCALE times its examples;
        --random draws new inputs each run instead of the fixed test-run sequence

Exit status 0 when nothing failed.  A structured failure prints the seed; its
program is ``structgen.generate(seed).source()``.
"""
from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _chunk(args: tuple[int, int]) -> list[tuple[int, str]]:
    start, stop = args
    sys.path.insert(0, str(ROOT / "tests" / "robust"))
    import structgen  # noqa: E402 - the test helper, shared with the test run
    import gpuisa
    isa = gpuisa.load_isa()
    bad = []
    for seed in range(start, stop):
        msg = structgen.check(isa, seed)
        if msg:
            bad.append((seed, msg))
    return bad


def structured(ns) -> int:
    t0 = time.time()
    step = 250
    chunks = [(s, min(s + step, ns.start + ns.seeds)) for s in range(ns.start, ns.start + ns.seeds, step)]
    bad: list[tuple[int, str]] = []
    with ProcessPoolExecutor(max_workers=ns.jobs) as ex:
        for i, res in enumerate(ex.map(_chunk, chunks)):
            bad += res
            for seed, msg in res:
                print(f"seed {seed}: {msg}", flush=True)
            done = chunks[i][1] - ns.start
            print(f"\r{done}/{ns.seeds} programs, {len(bad)} failures, {time.time() - t0:.0f} s",
                  end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    print(f"structured: {ns.seeds} programs from seed {ns.start}: {len(bad)} failures in {time.time() - t0:.0f} s")
    return 1 if bad else 0


def fuzz(ns) -> int:
    env = dict(os.environ, GPUISA_FUZZ_SCALE=str(ns.scale))
    if ns.random:
        env["GPUISA_FUZZ_RANDOM"] = "1"
    cmd = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", str(ROOT / "tests" / "robust" / "test_fuzz.py")]
    if ns.random:
        cmd += ["--hypothesis-seed", str(int(time.time()))]
    return subprocess.call(cmd, env=env, cwd=ROOT)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    s = sub.add_parser("structured", help="structured BSSY/BSYNC programs vs the per-thread reference")
    s.add_argument("--seeds", type=int, default=10000)
    s.add_argument("--start", type=int, default=0)
    s.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    f = sub.add_parser("fuzz", help="the fuzz suite with a larger budget")
    f.add_argument("--scale", type=float, default=100.0)
    f.add_argument("--random", action="store_true", help="new random inputs (default: the derandomised sequence)")
    ns = ap.parse_args()
    return structured(ns) if ns.cmd == "structured" else fuzz(ns)


if __name__ == "__main__":
    sys.exit(main())
