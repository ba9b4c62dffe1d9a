"""The scheduler's starvation bound and spin hints, contended CAS, and parked spin-waits at scale
(decisions D15-S-*, D25-1).

    python benchmarks/bench_scale15.py --baseline /path/to/older/src [--repeat N] [--arch sm_90]
                                        [--warps 1024] [--timeout 120] [NAME ...]

As ``bench_perwarp.py`` (each case a corpus launch scaled to ``--warps`` warps as ``bench_scale.py``
scales it, run from this tree's committed nvdisasm listing in a fresh process with this tree's
``src`` and with the baseline's, interleaved, N times), but the time is the run's **CPU time**
(``time.process_time``: the machine these were measured on ran five workers on two cores, where wall
times varied by 3x between identical runs) and the batches are counted.  ``hash14_stack_big`` is a
full launch (GPUISA_CUDA_FULL is set for the listing of cases) run at its own size (24 warps: its
result depends on the CTA count).  Results: ``results-bench_scale15.txt``.
"""
from __future__ import annotations

import os
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "cuda"))
sys.path.insert(0, str(ROOT / "benchmarks"))
from bench_perwarp import CHILD_SETUP  # noqa: E402 - one child start for both benchmarks
os.environ.setdefault("GPUISA_CUDA_FULL", "1")
#: per-lane divergent code (D15-S-1: the starvation bound), NANOSLEEP spin-waits (D15-S-1: the
#: spin hint), contended CAS (D15-S-2), and spin locks whose schedule must not change
CASES = ["pw14_fsm_lane", "pw14_nap", "sleepy", "spin_shared", "hash14_stack_big", "sc_lock", "pw14_ticket",
         "its_lg_spinred_small", "switch_many",
         # decision D25-1: spin-waits between CTAs whose waiters park (a chained scan, a look-back, a handshake)
         "lx_chain", "park25_chain", "park25_lookback", "park25_handshake"]
#: launches run at their own size (their results depend on the grid)
OWN_SIZE = {"hash14_stack_big", "park25_handshake"}

_CHILD = CHILD_SETUP + r"""t = time.process_time()
res = sim.run()
cpu = time.process_time() - t
eng = sim._pending
print(json.dumps({"status": res.status, "steps": res.steps, "sec": cpu, "warps": len(sim.warps),
                  "batches": getattr(eng, "batches", 0)}))
"""


def run_once(src: str, stem: str, launch: dict, arch: str, timeout: int) -> dict:
    """bench_perwarp's runner with this benchmark's child (CPU time, batches)."""
    from bench_perwarp import run_once as run
    return run(src, stem, launch, arch, timeout, child=_CHILD, wall=timeout * 3 + 60)


def main(argv=None) -> int:
    from bench_perwarp import parse_args, side_by_side
    a = parse_args(argv, __doc__)
    print(f"{'launch':<22} {'arch':<7} {'warps':>6} {'steps':>9} {'batches':>8} {'cpu s':>7} "
          f"{'base steps':>10} {'batches':>8} {'cpu s':>7} {'x':>6}")
    for launch, arch, mine, base in side_by_side(a, CASES, run_once, OWN_SIZE):
        def cell(rs: list) -> tuple[str, str, str, float | None]:
            ok = [r for r in rs if r["status"] == "ok"]
            if len(ok) < len(rs):
                bad = next(r["status"] for r in rs if r["status"] != "ok")
                return "-", "-", f"{bad[:7]:>7}" if bad != "timeout" else f"> {a.timeout}", None
            t = statistics.median(r["sec"] for r in ok)
            return str(ok[0]["steps"]), str(ok[0]["batches"]), f"{t:7.2f}", t
        s1, b1, t1, v1 = cell(mine)
        s0, b0, t0, v0 = cell(base)
        x = f"{v0 / v1:6.1f}" if v0 and v1 else ""
        warps = next((r["warps"] for r in mine if "warps" in r), "?")
        print(f"{launch['name']:<22} {arch:<7} {warps:>6} {s1:>9} {b1:>8} {t1:>7} {s0:>10} {b0:>8} {t0:>7} {x:>6}",
              flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
