#!/usr/bin/env python3
"""Session 17 (rod17): the Rodinia benchmark suite's CUDA kernels as published, as a differential and numpy-checked sweep.

Rodinia 3.1 (github.com/yuhc/gpu-rodinia, directory ``cuda``) is the suite GPU architects run first.
Its host code is old (``cudaThreadSynchronize``, ``cutil``, textures bound with ``cudaBindTexture``)
and reads data files, so, as scripts/polybench_sweep.py does for PolyBench, each program's device
functions are cut out of its sources (a kernel file that is device code alone is included whole) and
compiled alone, after a short prelude with the sizes and types its headers give, with ``nvcc -cubin
-O3`` for each target (``--use_fast_math`` too with ``--fast-math``), listed with nvdisasm and
``cuobjdump -sass``.  Every kernel then runs once from each target's nvdisasm listing, cuobjdump
listing and cubin (small sizes, the launch shapes the suite's host code makes) on the same inputs --
random floats, and for index arrays (bfs's graph, srad's neighbour tables, b+tree's nodes) valid
indices --, and the buffers must be equal bit for bit across the three forms of a target, and across
targets equal or (float buffers: nvcc contracts a*b+c into FFMA differently per target) within
``TARGET_RTOL``, printed as a note; a fast-math buffer may differ from the plain one only within
``FAST_RTOL``.
Kernels with a ``ref`` are also compared with a numpy reference written from the suite's own CPU
code (``--no-ref`` skips them).

Kernels that read textures (kmeans' ``kmeansPoint``, hybridsort's ``mergeSortPass``...) run in a
texture-free variant where the suite has one (kmeans: ``t_features``/``t_clusters`` fetches become
global loads, as the suite's ``#ifdef`` alternative does); the table says which.

Usage (the checkout is not shipped; ``git clone`` it, or point at a copy)::

    python scripts/rodinia_sweep.py PATH/gpu-rodinia [--arch sm_75,sm_80,...] [--fast-math [ARCHS]]
                                    [--only NAME,...] [--out DIR] [-j 2]

Prints one line per kernel (``ok`` / ``BAD`` with the runs that failed or disagreed) and a summary
(programs, kernels, targets, instruction lines, runs); exit 1 if any kernel is bad.
"""
from __future__ import annotations

import argparse
import itertools
import re
import sys
import tempfile
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Callable

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from polybench_sweep import FORMS, P, compile_and_list, f, s  # noqa: E402 - the same building blocks
ARCHS = "sm_75,sm_80,sm_86,sm_89,sm_90,sm_100,sm_103,sm_120,sm_121"
FAST_ARCHS = "sm_80,sm_120"
FAST_RTOL = 2e-5     # fast-math's __expf/__logf/__fdividef... against the plain build (docs/cuda.md)
TARGET_RTOL = 1e-6   # one target's float results against another's: nvcc contracts a*b+c into FFMA (or
                     # keeps FMUL+FADD) differently per target (hotspot3D: sm_75..sm_90 keep ct*temp3 apart)


def L(v: int) -> str:
    return f"s64:{v}"


# ---- inputs ------------------------------------------------------------------------------------

def rnd(n, lo=0.5, hi=1.5):
    return lambda rng: (rng.random(n, dtype=np.float32) * np.float32(hi - lo) + np.float32(lo))


def ints(n, lo, hi, dtype=np.int32):
    return lambda rng: rng.integers(lo, hi, n).astype(dtype)


def const(a: np.ndarray):
    """A fixed array (a copy each time: a launch writes its buffers in place)."""
    return lambda rng: a.copy()


def zeros(n, dtype=np.float32):
    return lambda rng: np.zeros(n, dtype)


def bfs_graph(nodes, deg=3):
    """Node {int starting, no_of_edges} pairs and the edge list (every node deg edges or fewer)."""
    def g(rng):
        cnt = rng.integers(0, deg + 1, nodes)
        start = np.concatenate([[0], np.cumsum(cnt)[:-1]])
        return np.stack([start, cnt], 1).astype(np.int32).ravel()
    return g


def srad_nbrs(rows, cols):
    """srad v1's iN/iS/jW/jE index tables as its main.c fills them (clamped at the edges)."""
    r, c = np.arange(rows), np.arange(cols)
    return {"iN": np.maximum(r - 1, 0).astype(np.int32), "iS": np.minimum(r + 1, rows - 1).astype(np.int32),
            "jW": np.maximum(c - 1, 0).astype(np.int32), "jE": np.minimum(c + 1, cols - 1).astype(np.int32)}


# ---- references from the suite's CPU code (float32 numpy; compared with a tolerance) --------------

def ref_gaussian_fan1(b, size=24, t=2):
    m, a = b["m"].copy(), b["a"][:size * size].reshape(size, size)
    mm = m[:size * size].reshape(size, size)
    mm[t + 1:, t] = a[t + 1:, t] / a[t, t]
    return {"m": m}


def ref_gaussian_fan2(b, size=24, t=2):
    m = b["m"][:size * size].reshape(size, size)
    a0 = b["a"].copy()
    a = a0[:size * size].reshape(size, size)
    bb = b["b"].copy()
    a[t + 1:, t:] -= np.outer(m[t + 1:, t], a[t, t:])
    bb[t + 1:size] -= m[t + 1:, t] * bb[t]
    return {"a": a0, "b": bb}


def ref_nn(b, n=300, lat=30.0, lng=90.0):
    loc = b["loc"].reshape(-1, 2)[:n].astype(np.float64)
    d = b["dist"].copy()
    d[:n] = np.sqrt((lat - loc[:, 0]) ** 2 + (lng - loc[:, 1]) ** 2)
    return {"dist": d}


def ref_hotspot3d(b, nx=16, ny=12, nz=5, c=(0.1, 0.12, 0.13, 0.14, 0.05, 0.06, 0.4), sdc=0.5):
    ce, cw, cn, cs, ct, cb, cc = c
    t = b["tIn"][:nx * ny * nz].reshape(nz, ny, nx).astype(np.float64)
    p = b["p"][:nx * ny * nz].reshape(nz, ny, nx)
    pad = np.pad(t, 1, mode="edge")
    out = (cc * t + cw * pad[1:-1, 1:-1, :-2] + ce * pad[1:-1, 1:-1, 2:] + cs * pad[1:-1, 2:, 1:-1]
           + cn * pad[1:-1, :-2, 1:-1] + cb * pad[:-2, 1:-1, 1:-1] + ct * pad[2:, 1:-1, 1:-1] + sdc * p + ct * 80.0)
    o = b["tOut"].copy()
    o[:nx * ny * nz] = out.ravel()
    return {"tOut": o}


def ref_srad_prepare(b, ne=700):
    sums, sums2 = b["sums"].copy(), b["sums2"].copy()
    sums[:ne], sums2[:ne] = b["I"][:ne], b["I"][:ne] * b["I"][:ne]
    return {"sums": sums, "sums2": sums2}


def ref_srad_extract(b, ne=700):
    i = b["I"].copy()
    i[:ne] = np.exp(i[:ne].astype(np.float64) / 255)
    return {"I": i}


def ref_bfs1(b, n=200):
    nodes = b["nodes"].reshape(-1, 2)
    mask, upd, vis, cost = b["mask"].copy(), b["upd"].copy(), b["vis"], b["cost"].copy()
    for tid in range(n):
        if mask[tid]:
            mask[tid] = 0
            for i in range(nodes[tid, 0], nodes[tid, 0] + nodes[tid, 1]):
                e = b["edges"][i]
                if not vis[e]:
                    cost[e] = b["cost"][tid] + 1
                    upd[e] = 1
    return {"mask": mask, "upd": upd, "cost": cost}


def ref_bfs2(b, n=200):
    mask, upd, vis, over = b["mask"].copy(), b["upd"].copy(), b["vis"].copy(), b["over"].copy()
    sel = upd[:n] != 0
    mask[:n][sel] = 1
    vis[:n][sel] = 1
    upd[:n][sel] = 0
    if sel.any():
        over[0] = 1
    return {"mask": mask, "upd": upd, "vis": vis, "over": over}


def ref_pathfinder(b, cols=300, it=2, border=2):
    """dynproc over pyramid height *it*: every block writes its small block's columns."""
    wall = b["wall"][:cols * it].reshape(it, cols).astype(np.int64)
    prev = b["src"][:cols].astype(np.int64)
    for r in range(it):
        left = np.concatenate([[prev[0]], prev[:-1]])
        right = np.concatenate([prev[1:], [prev[-1]]])
        prev = np.minimum(np.minimum(left, prev), right) + wall[r]
    out = b["res"].copy()
    out[:cols] = prev
    return {"res": out}


def ref_backprop_adjust(b, hid=16, n_in=32):
    w, oldw = b["w"].copy(), b["oldw"].copy()
    delta, ly = b["delta"].astype(np.float64), b["ly"].astype(np.float64)
    W, O = w.reshape(-1, hid + 1), oldw.reshape(-1, hid + 1)
    for j in range(1, hid + 1):
        for k in range(0, n_in + 1):
            nd = 0.3 * delta[j] * (ly[k] if k else 1.0) + 0.3 * O[k, j]
            W[k, j] += nd
            O[k, j] = nd
    return {"w": w, "oldw": oldw}


# ---- the programs ---------------------------------------------------------------------------------
# name -> (prelude, [(file, [functions] or None = the whole file)], [(kernel, grid, block, params, buffers, ref)])

BP_IN, BP_HID = 32, 16
PROGRAMS: dict = {
 "backprop": ('#include "backprop.h"\n', [("backprop/backprop_cuda_kernel.cu", None)], [
    ("bpnn_layerforward_CUDA", (1, BP_IN // 16), (16, 16),
     [P("input"), P("out"), P("ih"), P("partial"), s(BP_IN), s(BP_HID)],
     {"input": rnd(BP_IN + 1), "out": rnd(BP_HID + 1), "ih": rnd((BP_IN + 1) * (BP_HID + 1)),
      "partial": zeros(BP_IN // 16 * 16)}, None),
    ("bpnn_adjust_weights_cuda", (1, BP_IN // 16), (16, 16),
     [P("delta"), s(BP_HID), P("ly"), s(BP_IN), P("w"), P("oldw")],
     {"delta": rnd(BP_HID + 1), "ly": rnd(BP_IN + 1), "w": rnd((BP_IN + 1) * (BP_HID + 1)),
      "oldw": rnd((BP_IN + 1) * (BP_HID + 1))}, ref_backprop_adjust)]),
 "bfs": ("#define MAX_THREADS_PER_BLOCK 128\nstruct Node { int starting; int no_of_edges; };\n",
         [("bfs/kernel.cu", None), ("bfs/kernel2.cu", None)], [
    ("Kernel", (2,), (128,), [P("nodes"), P("edges"), P("mask"), P("upd"), P("vis"), P("cost"), s(200)],
     {"nodes": bfs_graph(256), "edges": ints(1024, 0, 200), "mask": lambda rng: (ints(256, 0, 2, np.uint8)(rng) *
                                                                               (np.arange(256) < 100)).astype(np.uint8),
      "upd": zeros(256, np.uint8), "vis": lambda rng: (np.arange(256) < 100).astype(np.uint8),
      "cost": lambda rng: np.where(np.arange(256) < 100, 3, 0).astype(np.int32)}, ref_bfs1),
    ("Kernel2", (2,), (128,), [P("mask"), P("upd"), P("vis"), P("over"), s(200)],
     {"mask": ints(256, 0, 2, np.uint8), "upd": ints(256, 0, 2, np.uint8), "vis": ints(256, 0, 2, np.uint8),
      "over": zeros(4, np.uint8)}, ref_bfs2)]),
 "gaussian": ("", [("gaussian/gaussian.cu", ["Fan1", "Fan2"])], [
    ("Fan1", (1,), (32,), [P("m"), P("a"), s(24), s(2)], {"m": zeros(576), "a": rnd(576)}, ref_gaussian_fan1),
    ("Fan2", (3, 3), (8, 8), [P("m"), P("a"), P("b"), s(24), s(24), s(2)],
     {"m": rnd(576), "a": rnd(576), "b": rnd(24)}, ref_gaussian_fan2)]),
 "hotspot": ("#define BLOCK_SIZE 16\n#define IN_RANGE(x, min, max) ((x)>=(min) && (x)<=(max))\n",
             [("hotspot/hotspot.cu", ["calculate_temp"])], [
    ("calculate_temp", (3, 3), (16, 16),
     [s(2), P("power"), P("src"), P("dst"), s(36), s(36), s(2), s(2), f(0.5), f(1.5), f(1.25), f(2.0), f(0.01), f(0.001)],
     {"power": rnd(1296), "src": rnd(1296, 320, 340), "dst": zeros(1296)}, None)]),
 "hotspot3D": ("", [("hotspot3D/opt1.cu", ["hotspotOpt1"])], [
    ("hotspotOpt1", (2, 3), (8, 4),
     [P("p"), P("tIn"), P("tOut"), f(0.5), s(16), s(12), s(5), f(0.1), f(0.12), f(0.13), f(0.14), f(0.05), f(0.06), f(0.4)],
     {"p": rnd(960), "tIn": rnd(960, 300, 340), "tOut": zeros(960)}, ref_hotspot3d)]),
 "pathfinder": ("#define BLOCK_SIZE 256\n#define HALO 1\n#define IN_RANGE(x, min, max) ((x)>=(min) && (x)<=(max))\n"
                "#define MIN(a, b) ((a)<=(b) ? (a) : (b))\n", [("pathfinder/pathfinder.cu", ["dynproc_kernel"])], [
    ("dynproc_kernel", (2,), (256,), [s(2), P("wall"), P("src"), P("res"), s(300), s(3), s(0), s(2)],
     {"wall": ints(900, 0, 10), "src": ints(300, 0, 10), "res": zeros(300, np.int32)}, ref_pathfinder)]),
 "nw": ('#include "needle.h"\n', [("nw/needle_kernel.cu", None)], [
    ("needle_cuda_shared_1", (2,), (16,), [P("ref"), P("mat"), s(49), s(10), s(2), s(3)],
     {"ref": ints(49 * 49, -10, 11), "mat": ints(49 * 49, -40, 1)}, "nw1"),
    ("needle_cuda_shared_2", (2,), (16,), [P("ref"), P("mat"), s(49), s(10), s(2), s(3)],
     {"ref": ints(49 * 49, -10, 11), "mat": ints(49 * 49, -40, 1)}, "nw2")]),
 "lud": ("#define BLOCK_SIZE 16\n", [("lud/cuda/lud_kernel.cu", ["lud_diagonal", "lud_perimeter", "lud_internal"])], [
    ("lud_diagonal", (1,), (16,), [P("m"), s(48), s(16)], {"m": rnd(48 * 48, 1, 2)}, "lud_diagonal"),
    ("lud_perimeter", (1,), (32,), [P("m"), s(48), s(16)], {"m": rnd(48 * 48, 1, 2)}, None),
    ("lud_internal", (1, 1), (16, 16), [P("m"), s(48), s(16)], {"m": rnd(48 * 48, 1, 2)}, None)]),
 "srad_v2": ('#include "srad.h"\n', [("srad/srad_v2/srad_kernel.cu", None)], [
    ("srad_cuda_1", (2, 2), (16, 16), [P("E"), P("W"), P("N"), P("S"), P("J+128"), P("C"), s(32), s(32), f(0.05)],
     {"E": zeros(1024), "W": zeros(1024), "N": zeros(1024), "S": zeros(1024), "J": rnd(1024 + 64), "C": zeros(1024)},
     None),
    ("srad_cuda_2", (2, 2), (16, 16),
     [P("E"), P("W"), P("N"), P("S"), P("J"), P("C"), s(32), s(32), f(0.5), f(0.05)],
     {"E": rnd(1024, -0.1, 0.1), "W": rnd(1024, -0.1, 0.1), "N": rnd(1024, -0.1, 0.1), "S": rnd(1024, -0.1, 0.1),
      "J": rnd(1024), "C": rnd(1024 + 32, 0, 1)}, None)]),
 "srad_v1": ("#define fp float\n#define NUMBER_THREADS 512\n",
             [(f"srad/srad_v1/{k}_kernel.cu", None) for k in ("extract", "prepare", "reduce", "srad", "srad2", "compress")], [
    ("extract", (2,), (512,), [L(700), P("I")], {"I": rnd(1024, 0, 255)}, ref_srad_extract),
    ("prepare", (2,), (512,), [L(700), P("I"), P("sums"), P("sums2")],
     {"I": rnd(1024), "sums": zeros(1024), "sums2": zeros(1024)}, ref_srad_prepare),
    ("reduce", (2,), (512,), [L(700), s(700), s(1), P("sums"), P("sums2")],
     {"sums": rnd(1024), "sums2": rnd(1024)}, "srad_reduce"),
    ("srad", (2,), (512,),
     [f(0.5), s(28), s(25), L(700), P("iN"), P("iS"), P("jE"), P("jW"), P("dN"), P("dS"), P("dE"), P("dW"), f(0.05), P("c"), P("I")],
     {**{k: const(v) for k, v in srad_nbrs(28, 25).items()},
      "dN": zeros(700), "dS": zeros(700), "dE": zeros(700), "dW": zeros(700), "c": zeros(700), "I": rnd(700)}, None),
    ("srad2", (2,), (512,),
     [f(0.5), s(28), s(25), L(700), P("iN"), P("iS"), P("jE"), P("jW"), P("dN"), P("dS"), P("dE"), P("dW"), P("c"), P("I")],
     {**{k: const(v) for k, v in srad_nbrs(28, 25).items()},
      "dN": rnd(700, -0.1, 0.1), "dS": rnd(700, -0.1, 0.1), "dE": rnd(700, -0.1, 0.1), "dW": rnd(700, -0.1, 0.1),
      "c": rnd(700, 0, 1), "I": rnd(700)}, None),
    ("compress", (2,), (512,), [L(700), P("I")], {"I": rnd(1024)}, None)]),
 "nn": ("typedef struct latLong { float lat; float lng; } LatLong;\n", [("nn/nn_cuda.cu", ["euclid"])], [
    ("euclid", (2, 1), (256,), [P("loc"), P("dist"), s(300), f(30.0), f(90.0)],
     {"loc": rnd(600, 0, 180), "dist": zeros(512)}, ref_nn)]),
}


# streamcluster's Point {float weight; float *coord; long assign; float cost;} (32 bytes)
SC_POINT = np.dtype([("weight", "<f4"), ("coord", "<u8"), ("assign", "<i8"), ("cost", "<f4")], align=True)
# lavaMD's box_str (main.h): 4 ints, a long offset, int nn, nei_str nei[26] (nei_str: 4 ints + long)
LAVA_NEI = np.dtype([("x", "<i4"), ("y", "<i4"), ("z", "<i4"), ("number", "<i4"), ("offset", "<i8")], align=True)
LAVA_BOX = np.dtype([("x", "<i4"), ("y", "<i4"), ("z", "<i4"), ("number", "<i4"), ("offset", "<i8"), ("nn", "<i4"),
                     ("nei", LAVA_NEI, (26,))], align=True)
LAVA_PAR = 24          # particles per box (the suite's NUMBER_PAR_PER_BOX is 100; smaller here, as its comment allows)


def sc_points(n, k):
    def g(rng):
        a = np.zeros(n, SC_POINT)
        a["weight"], a["cost"] = rng.random(n) + 0.5, rng.random(n) * 4
        a["assign"] = rng.integers(0, n, n)
        return a.view(np.uint8)
    return g


def lava_boxes(b1d):
    """The boxes main.c makes for boxes1d = b1d: each box's neighbours within the cube."""
    def g(rng):
        nb = b1d ** 3
        a = np.zeros(nb, LAVA_BOX)
        for n in range(nb):
            z, y, x = n // (b1d * b1d), n // b1d % b1d, n % b1d
            a[n]["x"], a[n]["y"], a[n]["z"], a[n]["number"], a[n]["offset"] = x, y, z, n, n * LAVA_PAR
            k = 0
            for dz, dy, dx in itertools.product((-1, 0, 1), repeat=3):
                if (dz, dy, dx) != (0, 0, 0) and 0 <= z + dz < b1d and 0 <= y + dy < b1d and 0 <= x + dx < b1d:
                    m = (z + dz) * b1d * b1d + (y + dy) * b1d + x + dx
                    a[n]["nei"][k] = (x + dx, y + dy, z + dz, m, m * LAVA_PAR)
                    k += 1
            a[n]["nn"] = k
        return a.view(np.uint8)
    return g


def cfd_vars(nelr):
    def g(rng):
        return np.concatenate([rng.random(nelr) + 0.5, rng.random(3 * nelr) * 0.6 - 0.3,
                               rng.random(nelr) + 2.0]).astype(np.float32)
    return g


def kmeans_ref(b, npoints=300, nf=5, k=6):
    pts = b["features"][:npoints * nf].reshape(nf, npoints).T.astype(np.float32)
    cl = b["c_clusters"][:k * nf].reshape(k, nf)
    d = ((pts[:, None, :] - cl[None, :, :]) ** 2).sum(2)
    m = b["membership"].copy()
    m[:npoints] = d.argmin(1)
    return {"membership": m}


PROGRAMS.update({
 "kmeans": ('#include "kmeans.h"\n', [("kmeans/kmeans_cuda_kernel.cu", None, [
     (r"texture<[^;]*;", ""),                                   # texture-free: fetches become global loads
     (r"tex1Dfetch\(t_features,\s*addr\)", "features[addr]"),
     (r"tex1Dfetch\(t_features_flipped,\s*", "features_flipped_missing("), ])], [
    ("invert_mapping", (2,), (256,), [P("input"), P("output"), s(300), s(5)],
     {"input": rnd(1500), "output": zeros(1500)}, None),
    ("kmeansPoint", (2,), (256,), [P("features"), s(5), s(300), s(6), P("membership"), P("clusters"), P("bc"), P("bd")],
     {"features": rnd(1500), "membership": zeros(512, np.int32), "clusters": rnd(30), "bc": zeros(64),
      "bd": zeros(4, np.int32), "c_clusters": rnd(32 * 34)}, kmeans_ref)]),
 "streamcluster": (lambda cuda: "\n".join(
     ln for ln in (cuda / "streamcluster/streamcluster_header.cu").read_text().split("/* this is the array")[0]
     .split("/* this structure represents a point */")[1:]) + "\n",
     [("streamcluster/streamcluster_cuda.cu", ["d_dist", "kernel_compute_cost"])], [
    ("kernel_compute_cost", (2, 1), (128,),
     [s(200), s(4), L(7), P("p"), s(5), s(6), P("coord"), P("work"), P("center"), P("switch")],
     {"p": sc_points(200, 5), "coord": rnd(800), "work": zeros(1200), "center": ints(200, 0, 5),
      "switch": zeros(200, np.uint8)}, None)]),
 "lavaMD": (lambda cuda: re.sub(r"NUMBER_PAR_PER_BOX 100", f"NUMBER_PAR_PER_BOX {LAVA_PAR}",
                                (cuda / "lavaMD/main.h").read_text()) + "\n",
            [("lavaMD/kernel/kernel_gpu_cuda.cu", None)], [
    ("kernel_gpu_cuda", (8,), (128,),
     ["struct:f64:0.5", "struct:s32:0,s32:0,s32:0,s32:2,s64:8,s64:5248,s64:192,s64:6144,s64:1536",
      P("box"), P("rv"), P("qv"), P("fv")],
     {"box": lava_boxes(2), "rv": lambda rng: (rng.random(192 * 4) * 0.9 + 0.1), "qv": lambda rng: rng.random(192) + 1.0,
      "fv": zeros(192 * 4, np.float64)}, None)]),
})


def cfd_program(file: str, dt, block: int) -> tuple:
    """cfd's four kernels (euler3d.cu, float; euler3d_double.cu, double) with their __device__ helpers."""
    def vars_(nelr):
        return lambda rng: cfd_vars(nelr)(rng).astype(dt)

    def r(n, lo=0.5, hi=1.5):
        return lambda rng: rnd(n, lo, hi)(rng).astype(dt)
    return (lambda cuda: "\n".join(ln for ln in (cuda / file).read_text().splitlines() if re.match(
             r"#define (GAMMA|NDIM|NNB|RK|ff_mach|deg_angle_of_attack|VAR_\w+|NVAR)\b|__constant__", ln))
            + "".join(f"\n#define BLOCK_SIZE_{i} {block}" for i in range(5)) + f"\n#define block_length {block}\n",
            [(file, ["compute_flux_contribution", "compute_velocity", "compute_speed_sqd", "compute_pressure",
                     "compute_speed_of_sound", "cuda_initialize_variables", "cuda_compute_step_factor",
                     "cuda_compute_flux", "cuda_time_step"])], [
    ("cuda_initialize_variables", (2,), (block,), [s(2 * block), P("variables")],
     {"variables": zeros(10 * block, dt), "ff_variable": r(5)}, None),
    ("cuda_compute_step_factor", (2,), (block,), [s(2 * block), P("variables"), P("areas"), P("step")],
     {"variables": vars_(2 * block), "areas": r(2 * block), "step": zeros(2 * block, dt)}, None),
    ("cuda_compute_flux", (2,), (block,), [s(2 * block), P("ese"), P("normals"), P("variables"), P("fluxes")],
     {"ese": ints(8 * block, -2, 2 * block), "normals": r(24 * block, -1, 1), "variables": vars_(2 * block),
      "fluxes": zeros(10 * block, dt), "ff_variable": vars_(1), "ff_flux_contribution_momentum_x": r(3),
      "ff_flux_contribution_momentum_y": r(3), "ff_flux_contribution_momentum_z": r(3),
      "ff_flux_contribution_density_energy": r(3)}, None),
    ("cuda_time_step", (2,), (block,), [s(1), s(2 * block), P("old"), P("variables"), P("step"), P("fluxes")],
     {"old": vars_(2 * block), "variables": zeros(10 * block, dt), "step": r(2 * block, 0, 0.1),
      "fluxes": r(10 * block, -1, 1)}, None)])


PROGRAMS.update({
 "cfd": cfd_program("cfd/euler3d.cu", np.float32, 64),
 "cfd_double": cfd_program("cfd/euler3d_double.cu", np.float64, 64),
 "heartwall": (lambda cuda: (cuda / "heartwall/define.c").read_text() + "\n".join(
                   ln for ln in (cuda / "heartwall/main.cu").read_text().splitlines() if ln.startswith("__constant__")) + "\n",
               [("heartwall/kernel.cu", None)], [
    ("kernel", None, None, [], {}, None)]),     # load-only: its setup is main.cu's 600 lines of AVI frames
})

# b+tree's knode {int location; int indices[ORDER+1]; int keys[ORDER+1]; bool is_leaf; int num_keys;} at ORDER 32
BT_ORDER, BT_LEAVES, BT_PER_LEAF = 32, 8, 24
BT_KNODE = np.dtype([("location", "<i4"), ("indices", "<i4", (BT_ORDER + 1,)), ("keys", "<i4", (BT_ORDER + 1,)),
                     ("is_leaf", "u1"), ("num_keys", "<i4")], align=True)
BT_KEYS = np.arange(BT_LEAVES * BT_PER_LEAF, dtype=np.int32) * 3 + 5      # record r has key 3r + 5


def bt_nodes(rng):
    """A two-level tree as transform_to_cuda lays one out: the root (node 0) over BT_LEAVES leaves; the keys
    past a node's last one are INT_MAX, so the kernels' ``keys[t] <= k < keys[t+1]`` picks one slot."""
    a = np.zeros(1 + BT_LEAVES, BT_KNODE)
    a["keys"] = np.iinfo(np.int32).max
    a[0]["num_keys"], a[0]["keys"][0] = BT_LEAVES, -1
    for j in range(BT_LEAVES):
        if j:
            a[0]["keys"][j] = BT_KEYS[j * BT_PER_LEAF]
        a[0]["indices"][j] = 1 + j
        leaf = a[1 + j]
        leaf["location"], leaf["is_leaf"], leaf["num_keys"] = 1 + j, 1, BT_PER_LEAF
        leaf["keys"][:BT_PER_LEAF] = BT_KEYS[j * BT_PER_LEAF:(j + 1) * BT_PER_LEAF]
        leaf["indices"][:BT_PER_LEAF] = np.arange(j * BT_PER_LEAF, (j + 1) * BT_PER_LEAF)
        leaf["indices"][BT_PER_LEAF:] = 1 << 20
    return a.view(np.uint8)


def bt_queries(n):
    return lambda rng: np.where(rng.random(n) < 0.8, rng.choice(BT_KEYS, n), rng.integers(0, 3 * len(BT_KEYS), n)).astype(np.int32)


def bt_findk_ref(b, n=20):
    keys, ans = b["keys"][:n], b["ans"].copy()
    for i, k in enumerate(keys):
        hit = np.nonzero(BT_KEYS == k)[0]
        if len(hit):
            ans[i] = b["records"][hit[0]]
    return {"ans": ans}


PF_N = 600


def pf_find_index_ref(b, n=PF_N):
    cdf, u = b["CDF"][:n], b["u"][:n]
    idx = np.array([next((x for x in range(n) if cdf[x] >= ui), n - 1) for ui in u])
    xj, yj = b["xj"].copy(), b["yj"].copy()
    xj[:n], yj[:n] = b["arrayX"][idx], b["arrayY"][idx]
    return {"xj": xj, "yj": yj}


PROGRAMS.update({
 "b+tree": (f"#define RD_WG_SIZE_0_0 {BT_ORDER}\n" '#include "../common.h"\n',
            [("b+tree/kernel/kernel_gpu_cuda.cu", None), ("b+tree/kernel/kernel_gpu_cuda_2.cu", None)], [
    ("findK", (20,), (BT_ORDER,), [L(1), P("knodes"), L(1 + BT_LEAVES), P("records"), P("curr"), P("offset"), P("keys"), P("ans")],
     {"knodes": bt_nodes, "records": ints(len(BT_KEYS), 0, 1 << 30), "curr": zeros(20, np.int64),
      "offset": zeros(20, np.int64), "keys": bt_queries(20), "ans": lambda rng: np.full(20, -1, np.int32)}, bt_findk_ref),
    ("findRangeK", (20,), (BT_ORDER,),
     [L(1), P("knodes"), L(1 + BT_LEAVES), P("curr"), P("offset"), P("last"), P("offset2"), P("start"), P("end"),
      P("recstart"), P("reclen")],
     {"knodes": bt_nodes, "curr": zeros(20, np.int64), "offset": zeros(20, np.int64), "last": zeros(20, np.int64),
      "offset2": zeros(20, np.int64), "start": lambda rng: rng.choice(BT_KEYS[:100], 20).astype(np.int32),
      "end": lambda rng: rng.choice(BT_KEYS[100:], 20).astype(np.int32), "recstart": zeros(20, np.int32),
      "reclen": zeros(20, np.int32)}, None)]),
 "particlefilter": ("#include <limits.h>\n#define PI 3.1415926535897932\nconst int threads_per_block = 512;\n",
                    [("particlefilter/ex_particle_CUDA_float_seq.cu",
                      ["calcLikelihoodSum", "cdfCalc", "d_randu", "d_randn", "updateWeights", "findIndexBin",
                       "dev_round_double", "find_index_kernel", "normalize_weights_kernel", "sum_kernel",
                       "likelihood_kernel"])], [
    ("likelihood_kernel", (2,), (512,),
     [P("arrayX"), P("arrayY"), P("xj"), P("yj"), P("CDF"), P("ind"), P("objxy"), P("likelihood"), P("I"), P("u"),
      P("weights"), s(PF_N), s(5), s(4000), s(1), s(20), s(10), P("seed"), P("partial")],
     {"arrayX": zeros(PF_N, np.float64), "arrayY": zeros(PF_N, np.float64),
      "xj": lambda rng: rng.random(PF_N) * 8 + 6, "yj": lambda rng: rng.random(PF_N) * 8 + 6,
      "CDF": zeros(PF_N, np.float64), "ind": zeros(PF_N * 5, np.int32), "objxy": ints(10, -2, 3),
      "likelihood": zeros(PF_N, np.float64), "I": ints(4000, 0, 256, np.uint8), "u": zeros(PF_N, np.float64),
      "weights": zeros(PF_N, np.float64), "seed": ints(PF_N, 1, 1 << 30), "partial": zeros(2, np.float64)}, None),
    ("sum_kernel", (2,), (512,), [P("partial"), s(PF_N)], {"partial": lambda rng: rng.random(2)}, "pf_sum"),
    ("normalize_weights_kernel", (2,), (512,), [P("weights"), s(PF_N), P("partial"), P("CDF"), P("u"), P("seed")],
     {"weights": lambda rng: rng.random(PF_N), "partial": lambda rng: rng.random(2) + 200, "CDF": zeros(PF_N, np.float64),
      "u": zeros(PF_N, np.float64), "seed": ints(PF_N, 1, 1 << 30)}, None),
    ("find_index_kernel", (2,), (512,),
     [P("arrayX"), P("arrayY"), P("CDF"), P("u"), P("xj"), P("yj"), P("weights"), s(PF_N)],
     {"arrayX": lambda rng: rng.random(PF_N), "arrayY": lambda rng: rng.random(PF_N),
      "CDF": lambda rng: np.cumsum(rng.random(PF_N)) / PF_N * 1.02, "u": lambda rng: np.sort(rng.random(PF_N)) * 0.6,
      "xj": zeros(PF_N, np.float64), "yj": zeros(PF_N, np.float64), "weights": zeros(PF_N, np.float64)},
     pf_find_index_ref)]),
})

# hybridsort at LOG_DIVISIONS 6 (the suite's is 10: 1,024 buckets) and 2,048 floats in [0.5, 1.5)
HS_LOG, HS_N, HS_BLOCKS, HS_THREADS = 6, 2048, 4, 32
HS_DIV = 1 << HS_LOG
HS_TEX = [(r"texture<float, 1, cudaReadModeElementType> texPivot;", "__device__ float texPivot_mem[DIVISIONS];"),
          (r"tex1Dfetch\(texPivot, idx\)", "texPivot_mem[idx]"),
          (r"texture<float4, 1, cudaReadModeElementType> tex;", f"__device__ float4 tex_mem[{HS_N // 4}];"),
          (r"texture<float, 1, cudaReadModeElementType> txt;", ""),
          (r"tex1Dfetch\(tex, ", "tex_mem[("), (r"(tex_mem\[\([^;]*?)\);", r"\1)];")]


def hs_data(rng):
    return (rng.random(HS_N, dtype=np.float32) + np.float32(0.5))


def hs_pivots(rng):
    return np.quantile(hs_data(np.random.default_rng(99)), np.arange(1, HS_DIV + 1) / (HS_DIV + 1)).astype(np.float32)


def hs_bucket_inputs():
    """bucketsort's inputs as bucketcount and bucketprefixoffset leave them (each block's elements numbered
    in thread order within their bucket; prefix offsets per block and bucket; the buckets' starts)."""
    data = hs_data(np.random.default_rng(99))
    piv = hs_pivots(None)
    idx = np.searchsorted(piv, data, side="right")            # the kernel's binary search: first pivot > elem
    idx = np.minimum(idx, HS_DIV - 1)
    nthreads = HS_BLOCKS * HS_THREADS
    count = np.zeros((HS_BLOCKS, HS_DIV), np.int64)
    ind = np.zeros(HS_N, np.int32)
    for tid in range(HS_N):
        blk = tid % nthreads // HS_THREADS
        ind[tid] = (count[blk, idx[tid]] << HS_LOG) + idx[tid]
        count[blk, idx[tid]] += 1
    prefix = np.cumsum(count, 0) - count                      # exclusive over blocks, per bucket
    totals = count.sum(0)
    loff = np.cumsum(totals) - totals
    return {"input": data, "indice": ind, "prefix": prefix.astype(np.uint32).ravel(), "loff": loff.astype(np.uint32)}


def hs_hist_ref(b):
    data = b["data"]
    bins = (((data - np.float32(0.5)) / (np.float32(1.5) - np.float32(0.5))) * np.float32(1024)).astype(np.uint32) & 0x3FF
    return {"result": np.bincount(bins, minlength=1024).astype(np.uint32)}


def hs_bucketsort_ref(b):
    out = np.zeros(HS_N, np.float32)
    ind = b["indice"]
    out[b["loff"][ind & (HS_DIV - 1)] + b["prefix"].reshape(HS_BLOCKS, HS_DIV)[
        np.arange(HS_N) % (HS_BLOCKS * HS_THREADS) // HS_THREADS, ind & (HS_DIV - 1)] + (ind >> HS_LOG)] = b["input"]
    return {"output": out}


HS_STARTS = np.arange(HS_DIV + 1, dtype=np.int32) * (HS_N // 4 // HS_DIV)     # float4 units: 8 per division

PROGRAMS.update({
 "hybridsort": (lambda cuda: re.sub(r"LOG_DIVISIONS\s+10", f"LOG_DIVISIONS {HS_LOG}",
                                    (cuda / "hybridsort/bucketsort.cuh").read_text()) + "\n",
                [("hybridsort/histogram1024_kernel.cu", None, [(r"(?s)\n#define BLOCK_N 64.*", "\n")]),
                 ("hybridsort/bucketsort_kernel.cu", None, HS_TEX),
                 ("hybridsort/mergesort_kernel.cu", None, HS_TEX)], [
    ("histogram1024Kernel", (4,), (96,), [P("result"), P("data"), f(0.5), f(1.5), s(HS_N)],
     {"result": zeros(1024, np.uint32), "data": hs_data}, hs_hist_ref),
    ("bucketcount", (HS_BLOCKS,), (HS_THREADS,), [P("input"), P("indice"), P("prefix"), s(HS_N)],
     {"input": hs_data, "indice": zeros(HS_N, np.int32), "prefix": zeros(HS_BLOCKS * HS_DIV, np.uint32),
      "texPivot_mem": hs_pivots}, None),
    ("bucketprefixoffset", (HS_DIV // 32,), (32,), [P("prefix"), P("offsets"), s(HS_BLOCKS)],
     {"prefix": ints(HS_BLOCKS * HS_DIV, 0, 20, np.uint32), "offsets": zeros(HS_DIV, np.uint32)}, None),
    ("bucketsort", (HS_BLOCKS,), (HS_THREADS,), [P("input"), P("indice"), P("output"), s(HS_N), P("prefix"), P("loff")],
     {**{k: const(v) for k, v in hs_bucket_inputs().items()}, "output": zeros(HS_N)},
     hs_bucketsort_ref),
    ("mergeSortFirst", (2,), (256,), [P("result"), s(HS_N)], {"result": zeros(HS_N), "tex_mem": hs_data}, None),
    ("mergeSortPass", (8,), (32,), [P("result"), s(2), s(4)],
     {"result": zeros(HS_N), "tex_mem": lambda rng: np.sort(hs_data(rng).reshape(-1, 4), 1).ravel(),
      "constStartAddr": const(HS_STARTS)}, None),
    ("mergepack", (1, HS_DIV), (256,), [P("orig"), P("result")],
     {"orig": hs_data, "result": zeros(HS_N), "constStartAddr": const(HS_STARTS),
      "finalStartAddr": lambda rng: HS_STARTS * 4 - np.arange(HS_DIV + 1, dtype=np.int32),
      "nullElems": lambda rng: np.ones(HS_DIV, np.int32)}, None)]),
})

HF_BLOCKS, HF_WORDS = 32, 16          # pack2: 32 encoded blocks of up to 16 dwords


def hf_codes(rng):
    lens = rng.integers(1, 8, 256)   # a Huffman code compresses: at most 28 bits per dword.astype(np.uint32)
    return np.array([int(rng.integers(0, 1 << int(n))) for n in lens], np.uint32), lens


def hf_pack_inputs():
    rng = np.random.default_rng(5)
    src = rng.integers(0, 1 << 32, HF_BLOCKS * HF_WORDS, dtype=np.uint64).astype(np.uint32)
    size = rng.integers(40, HF_WORDS * 32 - 40, HF_BLOCKS).astype(np.uint32)
    pos = (np.cumsum(size) - size).astype(np.uint32)
    return {"src": src, "cindex": size, "cindex2": pos, "dst": np.zeros(HF_BLOCKS * HF_WORDS + 2, np.uint32)}


def hf_histo_ref(b):
    return {"histo": np.bincount(b["buffer"][:5000], minlength=256).astype(np.uint32)}


def hf_prescan_ref(b):
    x = b["idata"].astype(np.int64).reshape(2, 128)
    out = (np.cumsum(x, 1) - x).astype(np.uint32).ravel()
    return {"odata": out, "sums": x.sum(1).astype(np.uint32)}


def hf_uniform_ref(b):
    d = b["data"].copy()
    d += np.repeat(b["uni"][:2], 128)
    return {"data": d}


PROGRAMS.update({
 "huffman": ("", [("huffman/hist.cu", ["histo_kernel"]), ("huffman/vlc_kernel_sm64huff.cu", None),
                  ("huffman/pack_kernels.cu", None), ("huffman/scanLargeArray_kernel.cu", None),
                  ("// the host's prescanArray launches prescan<true, false>\n"
                   "template __global__ void prescan<true, false>(unsigned int *, const unsigned int *, unsigned int *, "
                   "int, int, int);\n", None)], [
    ("histo_kernel", (4,), (256,), [P("buffer"), L(5000), P("histo")],
     {"buffer": ints(5120, 0, 256, np.uint8), "histo": zeros(256, np.uint32)}, hf_histo_ref),
    ("vlc_encode_kernel_sm64huff", (4,), (256,),
     [P("data"), P("cw"), P("cwlen"), P("cw32"), P("cw32len"), P("cw32idx"), P("out"), P("outidx")],
     {"data": ints(1024, 0, 1 << 31, np.uint32), "cw": lambda rng: hf_codes(np.random.default_rng(3))[0],
      "cwlen": lambda rng: hf_codes(np.random.default_rng(3))[1], "cw32": zeros(1024, np.uint32),
      "cw32len": zeros(1024, np.uint32), "cw32idx": zeros(1024, np.uint32), "out": zeros(1024, np.uint32),
      "outidx": zeros(4, np.uint32)}, None, {"shared_bytes": (2 * 256 + 256) * 4}),
    ("pack2", (HF_BLOCKS // 16,), (16,), [P("src"), P("cindex"), P("cindex2"), P("dst"), s(HF_WORDS)],
     {k: const(v) for k, v in hf_pack_inputs().items()}, None),
    ("prescan<true, false>", (2,), (64,), [P("odata"), P("idata"), P("sums"), s(256), s(0), s(0)],
     {"odata": zeros(256, np.uint32), "idata": ints(256, 0, 1000, np.uint32), "sums": zeros(2, np.uint32)},
     hf_prescan_ref, {"shared_bytes": 1024}),
    ("uniformAdd", (2,), (64,), [P("data"), P("uni"), s(256), s(0), s(0)],
     {"data": ints(256, 0, 1000, np.uint32), "uni": ints(4, 0, 1000, np.uint32)}, hf_uniform_ref)]),
})


def dwt_launch(kind, sx, wx, wy, sy=40):
    """One of dwt2d's templated kernels as launchXDWTyyKernel<wx, wy> launches it for an sx x sy image."""
    steps = -(-sy // (15 * wy))
    flt = kind.endswith("97")
    ty, sig = ("f", "PKfPfiii") if flt else ("i", "PKiPiiii")
    name = f"_ZN8dwt_cuda{len(kind) + 6}{kind}KernelILi{wx}ELi{wy}EEEv{sig}"
    data = rnd(sx * sy, -128, 127) if flt else ints(sx * sy, -128, 128)
    return (name, (-(-sx // wx), -(-sy // (wy * steps))), (wx,), [P("in"), P("out"), s(sx), s(sy), s(steps)],
            {"in": data, "out": zeros(sx * sy, np.float32 if flt else np.int32)}, None)


PROGRAMS.update({
 "dwt2d": ("", [(f"dwt2d/dwt_cuda/{k}.cu", None) for k in ("fdwt53", "fdwt97", "rdwt53", "rdwt97")], [
    dwt_launch("fdwt53", 64, 64, 8), dwt_launch("fdwt53", 100, 128, 8), dwt_launch("fdwt97", 64, 64, 6),
    dwt_launch("fdwt97", 200, 192, 8), dwt_launch("rdwt53", 64, 64, 8), dwt_launch("rdwt53", 150, 128, 8),
    dwt_launch("rdwt97", 64, 64, 6), dwt_launch("rdwt97", 200, 192, 8)]),
})


def texture_free(text: str, size: int) -> str:
    """A 1-D ``texture<T, 1, cudaReadModeElementType> NAME`` becomes ``__device__ T NAME_mem[size]`` and
    each ``tex1Dfetch(NAME, i)`` a load ``NAME_mem[(i)]`` (what binding it to a cudaMalloc'd array reads)."""
    text = re.sub(r"texture<(\w+), 1, cudaReadModeElementType>\s*(\w+)\s*;", rf"__device__ \1 \2_mem[{size}];", text)
    out, i = [], 0
    for m in re.finditer(r"tex1Dfetch\(\s*(\w+)\s*,", text):
        if m.start() < i:
            continue
        depth, j = 1, m.end()
        while depth:
            depth += {"(": 1, ")": -1}.get(text[j], 0)
            j += 1
        out += [text[i:m.start()], f"{m.group(1)}_mem[({text[m.end():j - 1].strip()})]"]
        i = j
    return "".join(out + [text[i:]])


def header_of(file: str, size: int, keep=r"#define |__constant__ |texture<|const int ") -> Callable:
    """The prelude: *file*'s #defines, __constant__ arrays and textures (made texture-free), in order."""
    def pre(cuda: Path) -> str:
        text = texture_free((cuda / file).read_text(), size)
        return "\n".join(ln for ln in text.splitlines() if re.match(keep, ln) or "_mem[" in ln and "__device__" in ln) + "\n"
    return pre


def ptr_table(*names):
    """A table of device pointers to the buffers *names* (a float ** argument); filled by inputs()."""
    return ("ptrs", names)


LK_GM, LK_GN = 56, 50        # GICOV: a 56 x 50 gradient image (6 blocks of 12 threads)
LK_CELLS = ((20, 30), (25, 40))


def lk_stencil(rng):
    """GICOV's c_tX/c_tY: NCIRCLES x NPOINTS offsets of points on ellipses of radius < MAX_RAD."""
    ang = np.arange(150) * 2 * np.pi / 150
    rad = np.arange(7)[:, None] * 2 + 7
    return np.round(rad * np.cos(ang)).astype(np.int32).ravel(), np.round(rad * np.sin(ang)).astype(np.int32).ravel()


PROGRAMS.update({
 "leukocyte": (lambda cuda: header_of("leukocyte/CUDA/find_ellipse_kernel.cu", LK_GM * LK_GN)(cuda)
               + '#define PI 3.14159\n#define ONE_OVER_PI (1.0 / PI)\n#define MU 0.5\n#define LAMBDA (8.0 * MU + 1.0)\n'
               "const int threads_per_block = 320;\nconst int next_lowest_power_of_two = 256;\n",
               [("leukocyte/CUDA/find_ellipse_kernel.cu", ["GICOV_kernel", "dilate_kernel"],
                 [(r"(?s).*", lambda m: texture_free(m.group(0), LK_GM * LK_GN))]),
                ("leukocyte/CUDA/track_ellipse_kernel.cu", ["heaviside", "IMGVF_kernel"])], [
    ("GICOV_kernel", (LK_GN - 44,), (LK_GM - 44,), [s(LK_GM), P("gicov")],
     {"gicov": zeros(LK_GM * LK_GN), "t_grad_x_mem": rnd(LK_GM * LK_GN, -1, 1), "t_grad_y_mem": rnd(LK_GM * LK_GN, -1, 1),
      "c_sin_angle": lambda rng: np.sin(np.arange(150) * 2 * np.pi / 150).astype(np.float32),
      "c_cos_angle": lambda rng: np.cos(np.arange(150) * 2 * np.pi / 150).astype(np.float32),
      "c_tX": lambda rng: lk_stencil(rng)[0], "c_tY": lambda rng: lk_stencil(rng)[1]}, None),
    ("dilate_kernel", (4,), (176,), [s(30), s(24), s(9), s(9), P("dilated")],
     {"dilated": zeros(720), "t_img_mem": rnd(LK_GM * LK_GN, 0, 4),
      "c_strel": lambda rng: np.pad((np.hypot(*np.mgrid[-4:5, -4:5]) <= 4).astype(np.float32).ravel(), (0, 625 - 81))},
     None),
    ("IMGVF_kernel", (len(LK_CELLS),), (320,),
     [P("imgvf"), P("I"), P("m"), P("n"), f(1.0), f(0.5), f(1.0), s(4), f(0.0001)],
     {"imgvf0": rnd(LK_CELLS[0][0] * LK_CELLS[0][1], 0, 1), "imgvf1": rnd(LK_CELLS[1][0] * LK_CELLS[1][1], 0, 1),
      "I0": rnd(LK_CELLS[0][0] * LK_CELLS[0][1], 0, 1), "I1": rnd(LK_CELLS[1][0] * LK_CELLS[1][1], 0, 1),
      "imgvf": ptr_table("imgvf0", "imgvf1"), "I": ptr_table("I0", "I1"),
      "m": lambda rng: np.array([c[0] for c in LK_CELLS], np.int32),
      "n": lambda rng: np.array([c[1] for c in LK_CELLS], np.int32)}, None)]),
})

MY_EQ, MY_PAR = 91, 18


def my_defines(cuda: Path) -> str:
    """myocyte's define.c: its #defines (fp, EQUATIONS, PARAMETERS...)."""
    return "\n".join(ln for ln in (cuda / "myocyte/define.c").read_text().splitlines() if ln.startswith("#define")) + "\n"


PROGRAMS.update({
 "myocyte": (my_defines, [(f"myocyte/{k}.cu", None) for k in ("kernel_ecc", "kernel_cam", "kernel")], [
    ("kernel", (2,), (32,), [s(1), P("initvalu"), P("finavalu"), P("params"), P("com")],
     {"initvalu": rnd(MY_EQ, 0.001, 1.0), "finavalu": zeros(MY_EQ), "params": rnd(MY_PAR, 0.1, 1.0), "com": zeros(3)},
     None)]),
 "myocyte_2": (my_defines, [(f"myocyte/{k}.cu", None) for k in
                            ("kernel_fin_2", "kernel_ecc_2", "kernel_cam_2", "kernel_2", "embedded_fehlberg_7_8_2",
                             "solver_2")], [
    ("solver_2", (1,), (32,), [s(2), s(1), P("x"), P("y"), P("params"), P("com"), P("err"), P("scale"), P("yy"),
                               P("initvalu_temp"), P("finavalu_temp")],
     {"x": zeros(2 * 2), "y": rnd(2 * 2 * MY_EQ, 0.001, 1.0), "params": rnd(2 * MY_PAR, 0.1, 1.0), "com": zeros(6),
      "err": zeros(2 * MY_EQ), "scale": zeros(2 * MY_EQ), "yy": zeros(2 * MY_EQ), "initvalu_temp": zeros(2 * MY_EQ),
      "finavalu_temp": zeros(2 * 13 * MY_EQ)}, None)]),
})


def cfd_pre_program(file: str, dt) -> tuple:
    """pre_euler3d(_double).cu: the flux contributions precomputed by a kernel of their own."""
    base = cfd_program(file, dt, 64)
    b = 64

    def r(n, lo=0.5, hi=1.5):
        return lambda rng: rnd(n, lo, hi)(rng).astype(dt)
    fc = {f"fc{k}": zeros(6 * b, dt) for k in "xyze"}
    return (base[0], [(file, base[1][0][1][:5] + ["cuda_compute_flux_contributions", "cuda_compute_flux"])], [
        ("cuda_compute_flux_contributions", (2,), (b,), [s(2 * b), P("variables"), *(P(f"fc{k}") for k in "xyze")],
         {"variables": lambda rng: cfd_vars(2 * b)(rng).astype(dt), **fc}, None),
        ("cuda_compute_flux", (2,), (b,),
         [s(2 * b), P("ese"), P("normals"), P("variables"), *(P(f"fc{k}") for k in "xyze"), P("fluxes")],
         {"ese": ints(8 * b, -2, 2 * b), "normals": r(24 * b, -1, 1),
          "variables": lambda rng: cfd_vars(2 * b)(rng).astype(dt), **{f"fc{k}": r(6 * b, -1, 1) for k in "xyze"},
          "fluxes": zeros(10 * b, dt), "ff_variable": lambda rng: cfd_vars(1)(rng).astype(dt),
          "ff_flux_contribution_momentum_x": r(3), "ff_flux_contribution_momentum_y": r(3),
          "ff_flux_contribution_momentum_z": r(3), "ff_flux_contribution_density_energy": r(3)}, None)])


PROGRAMS.update({
 "cfd_pre": cfd_pre_program("cfd/pre_euler3d.cu", np.float32),
 "cfd_pre_double": cfd_pre_program("cfd/pre_euler3d_double.cu", np.float64),
 # kmeans with the suite's two #ifdef'd GPU reductions on (deltas per block; new centres per block)
 "kmeans_reduce": ('#define GPU_DELTA_REDUCTION\n#define GPU_NEW_CENTER_REDUCTION\n#define THREADS_PER_BLOCK 256\n'
                   '#include "kmeans.h"\n',
                   [("kmeans/kmeans_cuda_kernel.cu", None, [(r"(?s).*", lambda m: texture_free(m.group(0), 2560))])], [
    ("kmeansPoint", (2,), (256,), [P("features"), s(5), s(300), s(6), P("membership"), P("clusters"), P("bc"), P("bd")],
     {"features": rnd(1500), "membership": zeros(512, np.int32), "clusters": rnd(30), "bc": zeros(64),
      "bd": zeros(4, np.int32), "c_clusters": rnd(32 * 34), "t_features_mem": rnd(2560),
      "t_features_flipped_mem": rnd(2560)}, None)]),
 # nw and lud at the suite's other block size (RD_WG_SIZE_0_0 = 32)
 "nw_32": ('#define RD_WG_SIZE_0_0 32\n#include "needle.h"\n', [("nw/needle_kernel.cu", None)], [
    ("needle_cuda_shared_1", (2,), (32,), [P("ref"), P("mat"), s(97), s(10), s(2), s(3)],
     {"ref": ints(97 * 97, -10, 11), "mat": ints(97 * 97, -40, 1)}, None),
    ("needle_cuda_shared_2", (2,), (32,), [P("ref"), P("mat"), s(97), s(10), s(3), s(3)],
     {"ref": ints(97 * 97, -10, 11), "mat": ints(97 * 97, -40, 1)}, None)]),
 "lud_32": ("#define BLOCK_SIZE 32\n", [("lud/cuda/lud_kernel.cu", ["lud_diagonal", "lud_perimeter", "lud_internal"])], [
    ("lud_diagonal", (1,), (32,), [P("m"), s(96), s(32)], {"m": rnd(96 * 96, 1, 2)}, None),
    ("lud_perimeter", (1,), (64,), [P("m"), s(96), s(32)], {"m": rnd(96 * 96, 1, 2)}, None),
    ("lud_internal", (1, 1), (32, 32), [P("m"), s(96), s(32)], {"m": rnd(96 * 96, 1, 2)}, None)]),
})


def ref_nw(tiles, cols=49, pen=10, bs=16):
    """needle_cuda_shared_1/2: each tile (by, bx) of the anti-diagonal filled by nw's recurrence
    M[r][c] = max(M[r-1][c-1] + ref[r][c], M[r][c-1] - penalty, M[r-1][c] - penalty) from its edges."""
    def ref(b):
        m = b["mat"].astype(np.int64).reshape(-1, cols)
        r = b["ref"].astype(np.int64).reshape(-1, cols)
        for by, bx in tiles:
            for y in range(by * bs + 1, by * bs + bs + 1):
                for x in range(bx * bs + 1, bx * bs + bs + 1):
                    m[y, x] = max(m[y - 1, x - 1] + r[y, x], m[y, x - 1] - pen, m[y - 1, x] - pen)
        return {"mat": m.astype(np.int32).ravel()}
    return ref


def ref_lud_diagonal(b, n=48, off=16, bs=16):
    """lud_diagonal: the Doolittle LU (unit L below, U on and above the diagonal) of the block at
    (off, off), in float64; its first row is not written back."""
    m = b["m"].copy().reshape(n, n)
    a = m[off:off + bs, off:off + bs].astype(np.float64)
    for i in range(bs):
        for r in range(i + 1, bs):
            a[r, i] /= a[i, i]
            a[r, i + 1:] -= a[r, i] * a[i, i + 1:]
    m[off + 1:off + bs, off:off + bs] = a[1:]
    return {"m": m.ravel()}


def ref_srad_reduce(b, n=700):
    """reduce (one pass, d_mul 1): block b's sums of its elements in element 0 of the block."""
    s, s2 = b["sums"].copy(), b["sums2"].copy()
    for blk in range(-(-n // 512)):
        lo, hi = blk * 512, min(n, blk * 512 + 512)
        s[lo] = b["sums"][lo:hi].astype(np.float64).sum()
        s2[lo] = b["sums2"][lo:hi].astype(np.float64).sum()
    return {"sums": s, "sums2": s2}


def ref_pf_sum(b):
    p = b["partial"].copy()
    p[0] = p[:2].sum()        # ceil(600 / 512) = 2 partial sums
    return {"partial": p}


#: references defined after the table that names them
LATE_REFS = {"nw1": ref_nw([(1, 0), (0, 1)]), "nw2": ref_nw([(2, 1), (1, 2)]), "lud_diagonal": ref_lud_diagonal,
             "srad_reduce": ref_srad_reduce, "pf_sum": ref_pf_sum}


# ---- build and run ---------------------------------------------------------------------------------

def functions(text: str, names) -> list[str]:
    """The definitions of the __global__/__device__ functions *names* in *text* (brace-matched)."""
    out = []
    for name in names:
        m = re.search(r"^[^\n;{}]*__(global|device)__[^;{}]*?\b" + re.escape(name) + r"\s*\([^;{]*\{", text, re.M | re.S)
        if not m:
            raise SystemExit(f"{name}: no definition found")
        depth, i = 0, m.end() - 1
        for j in range(i, len(text)):
            depth += {"{": 1, "}": -1}.get(text[j], 0)
            if depth == 0:
                break
        out.append(text[m.start():j + 1])
    return out


def device_source(cuda: Path, name: str) -> str:
    prelude, files, _ = PROGRAMS[name]
    prelude = prelude(cuda) if callable(prelude) else prelude
    parts = [f"// Rodinia 3.1 {name}: device code as published (cut out by scripts/rodinia_sweep.py)",
             "#include <cuda_runtime.h>", "#include <math.h>", "#include <stdio.h>", prelude]
    for file, names, *subs in files:
        if file.startswith("//"):            # text of the sweep's own (an explicit template instantiation)
            parts.append(file)
            continue
        text = (cuda / file).read_text()
        for pat, rep in (subs[0] if subs else ()):
            text = re.sub(pat, rep, text)
        if names is None:
            parts.append(f'#include "{cuda / file}"' if not subs else text)
        else:
            parts.append("\n".join(functions(text, names)))
    return "\n".join(parts) + "\n"


def build(job) -> str | None:
    cuda, out, name, arch, fast = job
    _, files, _ = PROGRAMS[name]
    d = Path(out) / (name + ("_fm" if fast else "")) / arch
    d.mkdir(parents=True, exist_ok=True)
    (d / "k.cu").write_text(device_source(Path(cuda), name))
    incs = sorted({f"-I{(Path(cuda) / file[0]).parent}" for file in files if not file[0].startswith("//")})
    return compile_and_list(d, f"{name} {arch}", [f"-arch={arch}", *(["--use_fast_math"] if fast else []), *incs])


def inputs(name: str, index: int) -> dict[str, np.ndarray]:
    """The launch's buffers, in the table's order (so where each lands is known: a pointer table, listed
    after the buffers it points to, holds their addresses as the simulator places them)."""
    from gpuisa.sim.simulator import buffer_addresses
    rng = np.random.default_rng(17 + index)
    table = PROGRAMS[name][2][index][4]
    out = {n: (np.zeros(len(g[1]), np.uint64) if isinstance(g, tuple) else g(rng)) for n, g in table.items()}
    where = buffer_addresses(out)
    for n, g in table.items():
        if isinstance(g, tuple):
            out[n][:] = [where[x] for x in g[1]]
    return out


def close(a: np.ndarray, b: np.ndarray, rtol: float) -> bool:
    if a.dtype.kind != "f":
        return bool(np.array_equal(a, b))
    return bool(np.allclose(a.astype(np.float64), b.astype(np.float64), rtol=rtol, atol=rtol, equal_nan=True))


def run(job):
    out, name, index, builds, check_ref = job
    import gpuisa
    from gpuisa.cuda import load_cuda
    isa = gpuisa.load_isa()
    kernel, grid, block, params, _, ref, *more = PROGRAMS[name][2][index]
    ref = LATE_REFS[ref] if isinstance(ref, str) else ref
    extra = more[0] if more else {}
    results, problems = {}, []
    for (label, arch), form in itertools.product(builds, FORMS):
        path = Path(out) / label / arch / f"k.{form}"
        try:
            k = load_cuda(isa, path, kernel)
            if grid is None:                  # load-only: every line accepted is all it checks
                results[(label, arch, form)] = {}
                continue
            bufs = inputs(name, index)
            res = k.launch(grid=grid, block=block, params=params, buffers=bufs, **extra)
        except Exception as e:        # a refusal or a crash: both are what the sweep looks for
            problems.append(f"{label}/{arch}/{form}: {type(e).__name__}: {str(e)[:300]}")
            continue
        if res.status != "ok":
            problems.append(f"{label}/{arch}/{form}: {res.status} {res.fault}")
            continue
        results[(label, arch, form)] = bufs
    notes = []
    for fast in (False, True):
        keys = [key for key in results if key[0].endswith("_fm") == fast]
        for key in keys[1:]:
            first = next(k for k in keys if k[1] == key[1])      # the same target's first form
            bad = [n for n in results[key] if results[key][n].tobytes() != results[first][n].tobytes()]
            if bad:                                               # forms of one target: bit for bit
                problems.append(f"{'/'.join(key)} differs from {'/'.join(first)} in {bad}")
                continue
            diff = [n for n in results[key] if results[key][n].tobytes() != results[keys[0]][n].tobytes()]
            far = [n for n in diff if not close(results[key][n], results[keys[0]][n], TARGET_RTOL)]
            if far:
                problems.append(f"{'/'.join(key)} beyond {TARGET_RTOL} of {'/'.join(keys[0])} in {far}")
            elif diff and key[2] == FORMS[0]:                     # nvcc contracted differently: a note
                notes.append(f"{key[1]}{'_fm' if fast else ''}: {diff} within {TARGET_RTOL} of {keys[0][1]}")
    plain = [key for key in results if not key[0].endswith("_fm")]
    for key in (key for key in results if key[0].endswith("_fm")):
        if plain:
            bad = [n for n in results[key] if not close(results[key][n], results[plain[0]][n], FAST_RTOL)]
            if bad:
                problems.append(f"{'/'.join(key)} beyond {FAST_RTOL} of {'/'.join(plain[0])} in {bad}")
    if ref is not None and check_ref and plain:
        want = ref(inputs(name, index))
        bad = [n for n, w in want.items() if not close(results[plain[0]][n], w, 1e-5)]
        if bad:
            problems.append(f"{'/'.join(plain[0])} differs from the numpy reference in {bad}")
    return name, kernel, problems, len(results), ref is not None and check_ref, notes


def count_lines(path: Path) -> int:
    return sum(1 for ln in path.read_text().splitlines() if re.match(r"\s*/\*[0-9a-f]{4,}\*/\s+\S", ln))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    ap.add_argument("checkout", type=Path, help="a gpu-rodinia checkout (its cuda directory is read)")
    ap.add_argument("--arch", default=ARCHS)
    ap.add_argument("--fast-math", nargs="?", const=FAST_ARCHS, default="",
                    help=f"also build these targets with --use_fast_math (default {FAST_ARCHS})")
    ap.add_argument("--only", default="", help="programs to run (comma-separated; default all)")
    ap.add_argument("--no-ref", action="store_true", help="skip the numpy references")
    ap.add_argument("--out", help="where the builds go (default: a temporary directory)")
    ap.add_argument("-j", type=int, default=2)
    a = ap.parse_args(argv)
    cuda = (a.checkout / "cuda").resolve()
    if not (cuda / "bfs" / "kernel.cu").exists():
        ap.error(f"{a.checkout}: not a gpu-rodinia checkout (no cuda/bfs/kernel.cu)")
    names = a.only.split(",") if a.only else list(PROGRAMS)
    builds = [(n, ar) for n in names for ar in a.arch.split(",")]
    builds += [(n + "_fm", ar) for n in names for ar in a.fast_math.split(",") if ar]
    with tempfile.TemporaryDirectory() as tmp:
        out = a.out or tmp
        with ProcessPoolExecutor(a.j) as ex:
            failed = [r for r in ex.map(build, [(str(cuda), out, lb.removesuffix("_fm"), ar, lb.endswith("_fm"))
                                               for lb, ar in builds]) if r]
            for msg in failed:
                print("BUILD", msg)
            lines = sum(count_lines(Path(out) / lb / ar / "k.nvdisasm") for lb, ar in builds
                        if (Path(out) / lb / ar / "k.nvdisasm").exists())
            jobs = [(out, n, i, [(lb, ar) for lb, ar in builds if lb.removesuffix("_fm") == n], not a.no_ref)
                    for n in names for i in range(len(PROGRAMS[n][2]))]
            bad = runs = refs = 0
            for name, kernel, problems, nruns, checked, notes in ex.map(run, jobs):
                bad += bool(problems)
                runs += nruns
                refs += checked
                print("ok " if not problems else "BAD", name, kernel, *problems[:4], flush=True)
                for note in notes:
                    print("    note:", note)
    print(f"{len(jobs) - bad} of {len(jobs)} kernels of {len(names)} programs equal from every form on "
          f"{len(a.arch.split(','))} targets (+{len([x for x in a.fast_math.split(',') if x])} fast-math); "
          f"{runs} runs ok, {lines} nvdisasm instruction lines, {refs} kernels checked against numpy")
    return 1 if bad or failed else 0


if __name__ == "__main__":
    sys.exit(main())
