"""Corpus kernels at thousands of warps: wall time, warp-instructions per second and peak RSS per launch.

    python benchmarks/bench_scale.py [--repeat N] [--arch sm_90,sm_120] [--warps 1024] [--quick] [NAME ...]

Each case is a launch of the corpus (``tests/cuda/corpus/src/*.json``) relaunched with its grid's x
dimension multiplied until the grid has at least ``--warps`` warps (default 1,024), every buffer
and every integer parameter equal to a buffer's element count or to the grid's thread count scaled
by the same factor, run from the committed nvdisasm listing in a process of its own (forked), N
times (default 3; medians).  The reference, measured in the same run and interleaved with it, is
the same launch with the batch plans of ``sim/fastpath/atomics.py`` and the CALL/RET kernel of
``sim/fastpath/calls.py`` turned off (every atomic and every CALL/RET replayed one warp at a time,
as before decisions D13-S-1 and D13-S-4): the column ``x`` is its median time over the plan's.  A launch that does not end in its time limit (``--timeout``, default 120 s)
is reported as such.  The result is not checked (the scaled launch computes something else than
the manifest's; tests/cuda checks the manifests' launches), only that the run ends ``ok``.

The default cases are the corpus kernels whose atomics the replay slowed down most (the sweep of
decision D13-S-2 ranked all 477 sm_90 launches by warp-instructions per second).  Results of this
machine (2 cores shared with other work) are in ``results-bench_scale.txt``.
"""
from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "cuda"))
CASES = ["sc_fold", "sc_lock", "atomics64", "atom_mix", "atomics", "device_call", "vector_add", "block_reduce"]


def scaled(launch: dict, warps: int) -> dict:
    """*launch* with its grid's x dimension (and buffers, and size parameters) scaled up."""
    g = list(launch["grid"]) + [1, 1]
    b = list(launch["block"]) + [1, 1]
    threads = b[0] * b[1] * b[2]
    have = math.ceil(threads / 32) * g[0] * g[1] * g[2]
    if have >= warps or launch.get("cooperative") or "cluster" in launch:
        return launch
    k = math.ceil(warps / have)
    out = json.loads(json.dumps(launch))
    out["grid"] = [g[0] * k] + list(launch["grid"][1:])
    counts = {bb["count"] for bb in out["buffers"].values()}
    total = threads * g[0] * g[1] * g[2]
    for bb in out["buffers"].values():
        bb["count"] *= k
    params = []
    for p in out["params"]:
        t, _, v = p.partition(":")
        if t in ("s32", "u32", "s64", "u64") and v.isdigit() and int(v) > 1 and (int(v) in counts or int(v) == total):
            p = f"{t}:{int(v) * k}"
        params.append(p)
    out["params"] = params
    return out


def _child(stem: str, launch: dict, arch: str, plans: bool, timeout: int) -> dict:
    import signal

    import gpuisa
    from cuda_expect import CORPUS, launch_options, make_inputs
    from gpuisa.sim import engine_batched
    if not plans:       # as before D13-S-1 and D13-S-4: the atomics and CALL/RET replayed warp by warp
        engine_batched.batch_plan = lambda x: None
        for op in ("CALL", "RET"):
            engine_batched.KERNELS.pop(op, None)
    isa = gpuisa.load_isa()
    k = isa.load_cuda(CORPUS / arch / f"{stem}.nvdisasm", launch["kernel"])
    bufs = make_inputs(launch)
    sim = k.simulator(grid=tuple(launch["grid"]), block=tuple(launch["block"]), params=launch["params"],
                      buffers=bufs, shared_bytes=launch.get("shared_bytes", 0), max_warps=1 << 20,
                      **launch_options(launch, arch))
    signal.alarm(timeout)
    t = time.perf_counter()
    res = sim.run()
    dt = time.perf_counter() - t
    signal.alarm(0)
    return {"status": res.status, "steps": res.steps, "sec": dt, "warps": len(sim.warps)}


def run_once(stem: str, launch: dict, arch: str, plans: bool, timeout: int) -> dict:
    """One launch in a forked process: its result, and the process's peak RSS in MB."""
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:            # pragma: no cover - the child
        os.close(r)
        try:
            d = _child(stem, launch, arch, plans, timeout)
        except BaseException as e:     # noqa: BLE001 - reported, not raised
            d = {"status": f"{type(e).__name__}: {e}"[:120]}
        os.write(w, json.dumps(d).encode())
        os._exit(0)
    os.close(w)
    data = b""
    while chunk := os.read(r, 1 << 16):
        data += chunk
    os.close(r)
    _, status, usage = os.wait4(pid, 0)
    d = json.loads(data) if data else {"status": "timeout" if os.WTERMSIG(status) == 14 else f"killed ({status})"}
    d["rss"] = usage.ru_maxrss / 1024
    return d


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("names", nargs="*", help="launch names (default: the cases above)")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--arch", default="sm_90,sm_120")
    ap.add_argument("--warps", type=int, default=1024)
    ap.add_argument("--timeout", type=int, default=120)
    ap.add_argument("--quick", action="store_true", help="128 warps, one repeat")
    a = ap.parse_args(argv)
    if a.quick:
        a.warps, a.repeat = 128, 1
    from cuda_expect import CORPUS, launches
    want = a.names or CASES
    todo = [(s, lc) for s, lc in launches() if lc["name"] in want]
    print(f"{'launch':<14} {'arch':<7} {'warps':>6} {'warp-insts':>10} {'plans s':>8} {'winst/s':>9} {'RSS MB':>7} "
          f"{'replay s':>9} {'x':>6}")
    for arch in a.arch.split(","):
        for stem, launch in todo:
            if not (CORPUS / arch / f"{stem}.nvdisasm").exists():
                continue
            big = scaled(launch, a.warps)
            runs: dict[bool, list] = {True: [], False: []}
            for _ in range(a.repeat):
                for plans in (True, False):
                    runs[plans].append(run_once(stem, big, arch, plans, a.timeout))
            on, off = runs[True], runs[False]
            if any(r["status"] != "ok" for r in on):
                print(f"{launch['name']:<14} {arch:<7} {on[0]['status']}")
                continue
            t_on = statistics.median(r["sec"] for r in on)
            ok_off = [r["sec"] for r in off if r["status"] == "ok"]
            t_off = statistics.median(ok_off) if len(ok_off) == len(off) else None
            steps = on[0]["steps"]
            rss = statistics.median(r["rss"] for r in on)
            off_txt = f"{t_off:9.2f} {t_off / t_on:6.1f}" if t_off else f"{'> ' + str(a.timeout):>9} {'':>6}"
            print(f"{launch['name']:<14} {arch:<7} {on[0]['warps']:>6} {steps:>10} {t_on:8.2f} {steps / t_on:9.0f} "
                  f"{rss:7.0f} {off_txt}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
