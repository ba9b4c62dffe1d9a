"""Spin-waits, jump tables and YIELD/WARPSYNC switches at thousands of warps, against a baseline tree.

    python benchmarks/bench_perwarp.py --baseline /path/to/older/src [--repeat N] [--arch sm_90]
                                        [--warps 1024] [--timeout 120] [NAME ...]

Each case is a launch of the corpus scaled as ``bench_scale.py`` scales it (its grid's x dimension
multiplied until the grid has ``--warps`` warps, buffers and size parameters alike), run from this
tree's committed nvdisasm listing in a fresh process, once with this tree's ``src`` and once with
the baseline's (``--baseline``: the ``src`` directory of a checkout of the commit to compare with,
e.g. a ``git worktree`` of main), interleaved, N times (default 3): the median wall time of the
run, its warp-instructions (the step count: a spin loop's trip count depends on the scheduler, so
it differs between the two), and the baseline's median over this tree's (``x``).  A run that does
not end in ``--timeout`` seconds is reported as such.  Results of this machine (2 cores shared
with other work): ``results-bench_perwarp.txt``.  Decision D14-W-6.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "cuda"))
sys.path.insert(0, str(ROOT / "benchmarks"))
#: the corpus launches that spun, switched or slept one warp at a time (decision D13-S-2's sweep)
#: (pw14_fsm_lane, a state machine switched per lane, does not end in 90 s at 1,024 warps with
#: either tree: batches of ~4 warps, D14-W-7)
CASES = ["sc_lock", "spin_shared", "sleepy", "its_lg_spinred_small", "switch_many", "pw14_ticket", "pw14_nap",
         "lx_chain"]

#: a child's start: the launch built on the tree given (its arguments: see run_once), the alarm set;
#: each benchmark's child appends how it runs and measures (bench_scale15: CPU time and batches)
CHILD_SETUP = r"""
import json, signal, sys, time
src, tests, stem, arch, timeout = sys.argv[1:6]
launch = json.loads(sys.argv[6])
sys.path[:0] = [src, tests]
import gpuisa
from cuda_expect import CORPUS, launch_options, make_inputs
isa = gpuisa.load_isa()
k = isa.load_cuda(CORPUS / arch / f"{stem}.nvdisasm", launch["kernel"])
sim = k.simulator(grid=tuple(launch["grid"]), block=tuple(launch["block"]), params=launch["params"],
                  buffers=make_inputs(launch), shared_bytes=launch.get("shared_bytes", 0), max_warps=1 << 20,
                  **launch_options(launch, arch))
signal.alarm(int(timeout))
"""

_CHILD = CHILD_SETUP + r"""t = time.perf_counter()
res = sim.run()
print(json.dumps({"status": res.status, "steps": res.steps, "sec": time.perf_counter() - t, "warps": len(sim.warps)}))
"""


def run_once(src: str, stem: str, launch: dict, arch: str, timeout: int, child: str = _CHILD,
             wall: int | None = None) -> dict:
    """One launch in a fresh interpreter on the tree *src* (the *child* script prints a JSON line);
    *wall*: how long to wait for it (default *timeout* + 60 s)."""
    env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1")
    env.pop("PYTHONPATH", None)
    p = subprocess.run([sys.executable, "-c", child, src, str(ROOT / "tests" / "cuda"), stem, arch, str(timeout),
                        json.dumps(launch)], capture_output=True, text=True, env=env,
                       timeout=wall if wall is not None else timeout + 60)
    if p.returncode:
        return {"status": "timeout" if p.returncode in (-14, 142) else f"failed ({p.returncode})"}
    return json.loads(p.stdout.strip().splitlines()[-1])


def parse_args(argv, doc: str) -> argparse.Namespace:
    """The options this benchmark and bench_scale15 share."""
    ap = argparse.ArgumentParser(description=doc.splitlines()[0])
    ap.add_argument("names", nargs="*", help="launch names (default: the cases above)")
    ap.add_argument("--baseline", required=True, help="the src directory of the tree to compare with")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--arch", default="sm_90")
    ap.add_argument("--warps", type=int, default=1024)
    ap.add_argument("--timeout", type=int, default=120)
    return ap.parse_args(argv)


def side_by_side(a: argparse.Namespace, cases: list[str], run, own_size=frozenset()):
    """``(launch, arch, this tree's runs, the baseline's runs)`` for each case on each target that
    has its listing: *a.repeat* runs of each tree by *run* (:func:`run_once`'s signature),
    interleaved; every launch scaled to *a.warps* warps but those named in *own_size*."""
    from bench_scale import scaled
    from cuda_expect import CORPUS, launches
    want = a.names or cases
    todo = [(s, lc) for s, lc in launches() if lc["name"] in want]
    here = str(ROOT / "src")
    for arch in a.arch.split(","):
        for stem, launch in todo:
            if not (CORPUS / arch / f"{stem}.nvdisasm").exists():
                continue
            big = launch if launch["name"] in own_size else scaled(launch, a.warps)
            runs: dict[str, list] = {here: [], a.baseline: []}
            for _ in range(a.repeat):
                for src in runs:
                    runs[src].append(run(src, stem, big, arch, a.timeout))
            yield launch, arch, runs[here], runs[a.baseline]


def main(argv=None) -> int:
    a = parse_args(argv, __doc__)
    print(f"{'launch':<22} {'arch':<7} {'warps':>6} {'steps':>9} {'this s':>8} {'base steps':>10} {'base s':>8} {'x':>6}")
    for launch, arch, mine, base in side_by_side(a, CASES, run_once):
        def cell(rs: list) -> tuple[str, str, float | None]:
            ok = [r for r in rs if r["status"] == "ok"]
            if len(ok) < len(rs):
                bad = next(r["status"] for r in rs if r["status"] != "ok")
                return "-", f"{bad[:8]:>8}" if bad != "timeout" else f"> {a.timeout}", None
            t = statistics.median(r["sec"] for r in ok)
            return str(ok[0]["steps"]), f"{t:8.2f}", t
        s1, t1, v1 = cell(mine)
        s0, t0, v0 = cell(base)
        x = f"{v0 / v1:6.1f}" if v0 and v1 else ""
        warps = next((r["warps"] for r in mine if "warps" in r), "?")
        print(f"{launch['name']:<22} {arch:<7} {warps:>6} {s1:>9} {t1:>8} {s0:>10} {t0:>8} {x:>6}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
