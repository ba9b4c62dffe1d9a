"""Local memory, generic pointers and MATCH at thousands of warps through ``gpuisa run`` (session 13,
direction mem13; decisions D13-M-1 .. D13-M-4): wall time and peak RSS against numpy.

    python benchmarks/bench_local_mem.py [--repeat N] [--arch sm_90] [--src DIR] [--quick]

Each case runs one kernel of the corpus source ``mem13_local.cu`` (nvcc 13.0 -O3, the committed
nvdisasm listing of ``tests/cuda/corpus/ARCH/``) with ``gpuisa run ... --json`` in a process of its
own, N times (default 3; the median wall time of the whole command and its peak RSS), and the same
computation in numpy in this process (median of 5) as the reference.  The dumped values are checked
against numpy.  ``--src DIR`` runs another tree's ``gpuisa`` (e.g. ``/work/main/src``: before).

* ``local array``   ``int a[64]`` filled, then 8 reads at run-time indices (STL.128, LDL): 1,024 x 256;
* ``sub-word``      char/short/long long/double local arrays (STL.128, LDL.U8/.S8/.S16/.64): 512 x 256;
* ``recursion``     a recursive ``__noinline__`` device function (its frames on the stack): 256 x 256;
* ``generic ptr``   a pointer to shared, local or global memory chosen per thread (LD/ST): 1,024 x 256;
* ``generic atom``  atomicAdd through a pointer to a shared bin or a global counter (ATOM): 512 x 256;
* ``match``         __match_any_sync / __match_all_sync on 32 and 64 bits: 1,024 x 256.

``--quick`` divides the grids by 16.  Results of this machine are in ``results-bench_local_mem.txt``.
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
import bench_cuda_launch as bcl  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]


def _walk(t: np.ndarray, v: np.ndarray, d: int) -> np.ndarray:
    if d == 0:
        return v
    r = _walk(t, t[v & 255] - 1, d - 1) + (v & 7) + _walk(t, (v >> 1) & 255, d - 1)
    return np.where(v < 0, v, r)


def _cases(q: int, files: dict):
    rng = np.random.default_rng(13)

    def ints(name, n, lo, hi):
        a = rng.integers(lo, hi, n).astype(np.int32)
        a.tofile(files[name])
        return a

    out = []
    g = 1024 // q
    n = g * 256
    la = ints("la", n, -1000, 1000)

    def localarr():
        i = np.arange(n)
        s = np.zeros(n, np.int64)
        for m in range(8):
            j = (la.astype(np.int64) * (m + 3)) & 63
            s += la[(i + j) % n] ^ j
        return s.astype(np.int32)
    out.append(("local array", "mem13_localarr", g, [f"in={4 * n}:file:{files['la']}", f"out={4 * n}"],
                ["ptr:in", "ptr:out", f"s32:{n}"], "out:s32", localarr))
    g2 = 512 // q
    n2 = g2 * 256
    sw = ints("sw", n2, -1000, 1000)

    def subword():
        v = sw.astype(np.int64)
        j = v & 31
        k = (j * 5) % 48
        c1 = ((v * (k + 1) + k + 128) & 0xFF) - 128
        m = np.fmod(v >> 3, 48)
        k2 = np.where(m < 0, 0, m)
        c2 = ((v * (k2 + 1) + k2 + 128) & 0xFF) - 128
        k3 = (j * 3) % 40
        h = ((v * 131 - k3 * 977 + 32768) & 0xFFFF) - 32768
        u = (v + ((j * 7) % 36) * 7) & 0xFF
        return (c1 + c2 + h + u).astype(np.int32)
    out.append(("sub-word", "mem13_subword", g2, [f"in={4 * n2}:file:{files['sw']}", f"out={4 * n2}", f"out64={16 * n2}"],
                ["ptr:in", "ptr:out", "ptr:out64", f"s32:{n2}"], "out:s32", subword))
    g3 = max(1, 256 // q)
    n3 = g3 * 256
    tt = ints("tt", 256, 0, 300)

    def recur():
        i = np.arange(n3)
        res = np.zeros(n3, np.int64)
        for d in range(4):
            sel = (i & 3) == d
            res[sel] = _walk(tt.astype(np.int64), tt[i[sel] & 255].astype(np.int64), d + 2)
        return res.astype(np.int32)
    out.append(("recursion", "mem13_recur", g3, [f"t=1024:file:{files['tt']}", f"out={4 * n3}"],
                ["ptr:t", "ptr:out", f"s32:{n3}"], "out:s32", recur))
    gp = ints("gp", n, 0, 1 << 20)

    def genptr():
        v = gp.astype(np.int64)
        return (np.where(v & 1, 3 * v, v) + 120).astype(np.int32)
    out.append(("generic ptr", "mem13_genptr", g, [f"in={4 * n}:file:{files['gp']}", f"out={4 * n}"],
                ["ptr:in", "ptr:out", f"s32:{n}"], "out:s32", genptr))
    ga = ints("ga", n2, 0, 1 << 16)

    def genatom():
        v = ga.astype(np.int64)
        return np.bincount(np.where(v & 1, 8 + (v & 7), (v >> 1) & 7), minlength=16).astype(np.int32)
    out.append(("generic atom", "mem13_genatom", g2, [f"in={4 * n2}:file:{files['ga']}", "cnt=64", f"out={4 * n2}"],
                ["ptr:in", "ptr:cnt", "ptr:out", f"s32:{n2}"], "cnt:s32", genatom))
    mk = ints("mk", n, 0, 1024)

    def match():
        v = mk.reshape(-1, 32).astype(np.int64)
        bits = np.uint64(1) << np.arange(32, dtype=np.uint64)
        a32 = (((v[:, :, None] & 15) == (v[:, None, :] & 15)) * bits).sum(2)
        a64 = (((v[:, :, None] & 3) == (v[:, None, :] & 3)) * bits).sum(2)
        same = ((v >> 8) == (v[:, :1] >> 8)).all(1, keepdims=True)
        r = a32 ^ np.where(same, 3 * 0xFFFFFFFF ^ 0x80000000, 0).astype(np.uint64) ^ (a64 << np.uint64(1))
        return (r.astype(np.uint64) & np.uint64(0xFFFFFFFF)).astype(np.uint32).reshape(-1)
    out.append(("match", "mem13_matchk", g, [f"in={4 * n}:file:{files['mk']}", f"out={4 * n}"],
                ["ptr:in", "ptr:out", f"s32:{n}"], "out:u32", match))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--arch", default="sm_90")
    ap.add_argument("--src", default=str(ROOT / "src"), help="the gpuisa source tree to run (PYTHONPATH)")
    ap.add_argument("--quick", action="store_true")
    args = ap.parse_args()
    bcl.ROOT = Path(args.src).resolve().parent      # bcl._run puts ROOT/src on PYTHONPATH
    listing = ROOT / "tests" / "cuda" / "corpus" / args.arch / "mem13_local.nvdisasm"
    tmp = Path(tempfile.mkdtemp(prefix="bench_local_mem_"))
    files = {k: tmp / f"{k}.bin" for k in ("la", "sw", "tt", "gp", "ga", "mk")}
    print(f"gpuisa run {listing.relative_to(ROOT)} ({args.src}): median of {args.repeat} (wall s, peak RSS); "
          f"numpy: median of 5")
    print(f"{'case':<14} {'warps':>7} {'warp-instr':>11} {'gpuisa s':>9} {'RSS MiB':>8} {'numpy s':>9} {'ratio':>8}  check")
    for label, kernel, grid, bufs, params, dump, ref in _cases(16 if args.quick else 1, files):
        cmd = [sys.executable, "-m", "gpuisa", "run", str(listing), "--kernel", kernel, "--grid", str(grid),
               "--block", "256", "--json", "--dump-buffer", dump]
        for b in bufs:
            cmd += ["--buffer", b]
        for p in params:
            cmd += ["--param", p]
        walls, rss, res, err = [], 0, None, ""
        for _ in range(args.repeat):
            w, r, res, err = bcl._run(cmd)
            walls.append(w)
            rss = max(rss, r)
        want = ref()
        name = dump.split(":")[0]
        ok = res is not None and res.get("status") == "ok" and res["buffers"][name] == want.tolist()
        wall, npt = statistics.median(walls), bcl._numpy_time(ref)
        warps = len(res["warps"]) if res else 0
        steps = res["steps"] if res else 0
        print(f"{label:<14} {warps:>7,} {steps:>11,} {wall:>9.2f} {rss / 1024:>8.0f} {npt:>9.4f} "
              f"{wall / max(npt, 1e-9):>7.0f}x  {'ok' if ok else 'WRONG ' + (err.strip()[-200:] if err else str(res)[:200])}",
              flush=True)
    for f in files.values():
        f.unlink(missing_ok=True)
    tmp.rmdir()
    print(os.popen("uptime").read().rstrip())


if __name__ == "__main__":
    main()
