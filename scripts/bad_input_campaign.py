#!/usr/bin/env python3
"""Bad CUDA input, adversarially (issue 11, direction bad11; docs/decisions.md D11-B-*).

    python scripts/bad_input_campaign.py [--seed 0] [--text 2000] [--cubin 200] [--options 300]
                                         [--archs sm_75,sm_80,sm_90,sm_120] [--stems vector_add,...]

Runs seeded mutants of the corpus's listings and cubins, and bad launch options,
through `gpuisa run` / `gpuisa asm` in-process with a per-case timeout
(tests/robust/badcuda.py), and classifies each outcome: ok, a located error
(exit 1), a fault report (exit 2), or a bug (TRACEBACK, INTERNAL = exit 70,
HANG, UNLOCATED message, BADJSON, DAMAGED output file, other exit status).
Prints every bug with its case and a summary; exit status 1 when there was one.
"""
from __future__ import annotations

import argparse
import collections
import random
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "robust"))
import badcuda  # noqa: E402 - the test helper, shared with the suite


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--text", type=int, default=2000, help="text-listing mutants in all")
    ap.add_argument("--cubin", type=int, default=200, help="cubin mutants in all")
    ap.add_argument("--options", type=int, default=300, help="launch-option cases")
    ap.add_argument("--archs", default="sm_75,sm_80,sm_90,sm_120")
    ap.add_argument("--stems", default="vector_add")
    ap.add_argument("--timeout", type=float, default=20.0)
    ap.add_argument("-v", "--verbose", action="store_true", help="print every outcome")
    ns = ap.parse_args()
    counts: collections.Counter = collections.Counter()
    bugs = []

    def report(o) -> None:
        counts[o.kind] += 1
        if o.bug:
            bugs.append(o)
            print(f"{o.kind}: {o.case}\n    exit {o.exit_code}: {o.message[-400:]}", flush=True)
        elif ns.verbose:
            print(f"{o.kind}: {o.case}: {o.message[:160]!r}", flush=True)

    inputs = badcuda.corpus_inputs(tuple(ns.archs.split(",")), tuple(ns.stems.split(",")))
    texts = [p for p in inputs if p.suffix != ".cubin"]
    cubins = [p for p in inputs if p.suffix == ".cubin"]
    with tempfile.TemporaryDirectory(prefix="gpuisa-bad-") as d:
        tmp = Path(d)
        for i, src in enumerate(texts):
            n = ns.text // len(texts) + (i < ns.text % len(texts))
            badcuda.run_text_mutants(tmp, ns.seed * 1000 + i, n, src, timeout=ns.timeout, report=report)
        for i, src in enumerate(cubins):
            n = ns.cubin // len(cubins) + (i < ns.cubin % len(cubins))
            badcuda.run_cubin_mutants(tmp, ns.seed * 1000 + i, n, src, timeout=ns.timeout, report=report)
        rng = random.Random(ns.seed)
        va = badcuda.corpus_inputs(tuple(ns.archs.split(",")), ("vector_add",))    # the options are vector_add's
        for opt, args in badcuda.option_cases(rng, ns.options):
            src = rng.choice(va)
            o = badcuda.classify(["run", src, *args, "--json"], path=str(src), option=opt, timeout=ns.timeout,
                                 case=f"{src.parent.name}/{src.name} {opt}: {' '.join(args)}")
            report(o)
    total = sum(counts.values())
    print(f"{total} cases: " + ", ".join(f"{k} {v}" for k, v in sorted(counts.items())))
    return 1 if bugs else 0


if __name__ == "__main__":
    sys.exit(main())
