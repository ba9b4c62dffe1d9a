"""Large CUDA launches through ``gpuisa run``: wall time and peak memory against numpy.

    python benchmarks/bench_cuda_launch.py [--repeat N] [--arch sm_80] [--form nvdisasm] [--quick]

Each case runs one kernel of the corpus source ``lx_comm.cu`` (nvcc 13.0 -O3, the committed listing
or cubin of ``tests/cuda/corpus/ARCH/``) with ``gpuisa run ... --json`` in a process of its own,
N times (default 3): the median wall time of the whole command (start-up, reading the listing,
building the grid, the run, the JSON) and its peak RSS, the warps and warp-instructions of the
run, and the same computation in numpy measured in this process (median of 5) as the reference.
The dumped values are checked against numpy (a wrong result is reported, not timed):

* ``vector add``      2^22 floats, 256-thread CTAs: 16,384 CTAs, 131,072 warps (``--max-warps``);
* ``matmul``          512 x 512 floats, 16 x 16 shared-memory tiles: 1,024 CTAs, 8,192 warps;
* ``histogram``       2^24 bytes in 256 CTAs of 256 threads (shared ``ATOMS.POPC.INC``, then ``RED``);
* ``grid-stride``     y = a x + y over 2^20 floats with 8 CTAs of 128 threads (1,024 elements a thread);
* ``last block``      a reduction of 2^20 ints by 4,096 CTAs, the last one to finish (atomicInc ticket)
                      summing the partial sums;
* ``look-back scan``  a decoupled look-back scan of 1,000 tiles of 128 ints, tile ids from a counter;
* ``chained scan``    block b waits for block b-1's flag (200 CTAs of 64 threads; every waiting CTA
                      spins while the one before it finishes: quadratic in the CTAs, decision D12-L-5).

``--quick`` divides the sizes by 16 (a smoke run).  Exit status 0 either way.  Results of this
machine (2 cores shared with other work) are in ``results-bench_cuda_launch.txt``.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]


def _cases(q: int):
    """(label, kernel, grid, block, buffers, params, dumps, numpy reference, check)."""
    n = (1 << 22) // q
    mm = 512 // (4 if q > 1 else 1)
    hb = (1 << 24) // q
    gs = (1 << 20) // q
    lb = (1 << 20) // q
    tiles = 1000 // q
    chain = max(2, 200 // q)
    rng = np.random.default_rng(12)
    data = rng.integers(0, 256, hb, dtype=np.uint8)
    return [
        ("vector add", "lx_vadd", f"{n // 256}", "256",
         [f"a={4 * n}:iota:f32", f"b={4 * n}:fill:1:f32", f"c={4 * n}"], ["ptr:a", "ptr:b", "ptr:c", f"s32:{n}"],
         ["c:f32:64"], lambda: np.arange(n, dtype=np.float32) + np.float32(1),
         lambda d, want: d["c"] == want[:64].tolist()),
        ("matmul", "lx_matmul", f"{mm // 16},{mm // 16}", "16,16",
         [f"A={4 * mm * mm}:fill:1:f32", f"B={4 * mm * mm}:fill:2:f32", f"C={4 * mm * mm}"],
         ["ptr:A", "ptr:B", "ptr:C", f"s32:{mm}"], ["C:f32:64"],
         lambda: np.ones((mm, mm), np.float32) @ np.full((mm, mm), 2, np.float32),
         lambda d, want: d["C"] == want.ravel()[:64].tolist()),
        ("histogram", "lx_hist", "256", "256", [f"data={hb}:file:{{data}}", "hist=1024"],
         ["ptr:data", "ptr:hist", f"s64:{hb}"], ["hist:u32"], lambda: np.bincount(data, minlength=256),
         lambda d, want: d["hist"] == want.tolist(), data),
        ("grid-stride", "lx_gridstride", "8", "128", [f"x={4 * gs}:iota:f32", f"y={4 * gs}:fill:1:f32"],
         ["ptr:x", "ptr:y", "f32:2", f"s64:{gs}"], ["y:f32:64"],
         lambda: np.float32(2) * np.arange(gs, dtype=np.float32) + np.float32(1),
         lambda d, want: d["y"] == want[:64].tolist()),
        ("last block", "lx_lastblock", "4096", "128",
         [f"in={4 * lb}:fill:1:s32", "partial=16384", "result=8"],
         ["ptr:in", "ptr:partial", "ptr:result", f"s32:{lb}"], ["result:s32"],
         lambda: np.ones(lb, np.int32).sum(), lambda d, want: d["result"] == [int(want), 4096]),
        ("look-back scan", "lx_lookback", f"{tiles}", "128",
         [f"in={512 * tiles}:fill:1:s32", f"out={512 * tiles}", "ctr=4", f"state={8 * tiles}"],
         ["ptr:in", "ptr:out", "ptr:ctr", "ptr:state", f"s32:{128 * tiles}"], ["out:s32:64", "ctr:u32"],
         lambda: np.cumsum(np.ones(128 * tiles, np.int32)),
         lambda d, want: d["out"] == want[:64].tolist() and d["ctr"] == [tiles]),
        ("chained scan", "lx_chain", f"{chain}", "64",
         [f"in={256 * chain}:fill:1:s32", f"out={256 * chain}", f"flag={4 * chain}", f"carry={4 * chain}"],
         ["ptr:in", "ptr:out", "ptr:flag", "ptr:carry", f"s32:{64 * chain}"], ["carry:s32"],
         lambda: np.cumsum(np.ones(64 * chain, np.int32))[63::64],
         lambda d, want: d["carry"] == want.tolist()),
    ]


def _numpy_time(fn) -> float:
    times = []
    for _ in range(5):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def _run(cmd: list[str]) -> tuple[float, int, dict | None, str]:
    """Wall seconds, peak RSS (KiB) of the command, its JSON (None on failure), stderr.  The RSS is
    GNU time's (``/usr/bin/time -f %M``): a child's own ``ru_maxrss`` would count the benchmark's
    pages it shares between fork and exec; without GNU time it is that (an upper bound)."""
    import shutil
    import tempfile
    gnu = shutil.which("time", path="/usr/bin:/bin")
    with tempfile.TemporaryFile("w+") as out, tempfile.TemporaryFile("w+") as err, \
            tempfile.NamedTemporaryFile("r") as rss:
        full = [gnu, "-f", "%M", "-o", rss.name, *cmd] if gnu else cmd
        t = time.perf_counter()
        p = subprocess.Popen(full, stdout=out, stderr=err, env={**os.environ, "PYTHONPATH": str(ROOT / "src")})
        _, _, usage = os.wait4(p.pid, 0)
        wall = time.perf_counter() - t
        p.returncode = 0        # reaped by wait4
        out.seek(0)
        err.seek(0)
        try:
            res = json.loads(out.read())
        except ValueError:
            res = None
        peak = usage.ru_maxrss
        if gnu:
            text = rss.read().split()
            peak = int(text[-1]) if text and text[-1].isdigit() else peak
        return wall, peak, res, err.read()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--arch", default="sm_80")
    ap.add_argument("--form", default="nvdisasm", choices=("nvdisasm", "cuobjdump", "cubin"))
    ap.add_argument("--quick", action="store_true")
    args = ap.parse_args()
    src = ROOT / "tests" / "cuda" / "corpus" / args.arch / f"lx_comm.{args.form}"
    tmp = Path(os.environ.get("TMPDIR", "/tmp")) / f"bench_cuda_launch_{os.getpid()}.bin"
    print(f"gpuisa run {src.relative_to(ROOT)}: median of {args.repeat} (wall s, peak RSS of the process); "
          f"numpy: median of 5")
    print(f"{'case':<16} {'warps':>8} {'warp-instr':>11} {'gpuisa s':>9} {'RSS MiB':>8} {'numpy s':>9} "
          f"{'ratio':>8}  check")
    for case in _cases(16 if args.quick else 1):
        label, kernel, grid, block, bufs, params, dumps, ref, check = case[:9]
        if len(case) > 9:
            case[9].tofile(tmp)
            bufs = [b.replace("{data}", str(tmp)) for b in bufs]
        cmd = [sys.executable, "-m", "gpuisa", "run", str(src), "--kernel", kernel, "--grid", grid, "--block", block,
               "--max-warps", "200000", "--json"]
        for b in bufs:
            cmd += ["--buffer", b]
        for p in params:
            cmd += ["--param", p]
        for d in dumps:
            cmd += ["--dump-buffer", d]
        walls, rss, out, err = [], 0, None, ""
        for _ in range(args.repeat):
            w, r, out, err = _run(cmd)
            walls.append(w)
            rss = max(rss, r)
        want = ref()
        ok = out is not None and out.get("status") == "ok" and check(out["buffers"], want)
        wall, npt = statistics.median(walls), _numpy_time(ref)
        warps = len(out["warps"]) if out else 0
        steps = out["steps"] if out else 0
        print(f"{label:<16} {warps:>8,} {steps:>11,} {wall:>9.2f} {rss / 1024:>8.0f} {npt:>9.4f} "
              f"{wall / max(npt, 1e-9):>8.0f}x  {'ok' if ok else 'WRONG: ' + (err.strip()[-200:] or str(out)[:200])}")
    tmp.unlink(missing_ok=True)


if __name__ == "__main__":
    main()
