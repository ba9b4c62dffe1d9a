#!/usr/bin/env python3
"""Blind corpus 17: run strangers'-style kernels exactly as the acceptance does (never run by tests).

    python scripts/blind17_run.py BUILD_DIR [--build] [--archs 75,80,...] [--forms cubin,nvdisasm,cuobjdump]
                                  [--only SUBSTR] [-j 2]

BUILD_DIR holds sm_XX/NAME.{cubin,nvdisasm,cuobjdump}; `--build` first makes them from
scripts/blind17_src/*.cu (nvcc -cubin -O3 -arch=sm_XX, nvdisasm, cuobjdump -sass; decisions D17-B-*).  Every launch below runs as a subprocess
`python -m gpuisa run FILE --kernel K --grid G --block B --buffer n=file:IN --param ...
--dump-buffer n=OUT --json`, and the dumped bytes are compared with values computed here with
numpy / Python integers following CUDA C semantics (never with gpuisa).
"""
from __future__ import annotations

import argparse
import concurrent.futures as cf
import json
import math
from fractions import Fraction
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "cuda"))
from blind17_ref import _f2i, blind17_redux  # noqa: E402 - one copy of these references

DT = {np.dtype(np.int8): "s8", np.dtype(np.uint8): "u8", np.dtype(np.int16): "s16", np.dtype(np.uint16): "u16",
      np.dtype(np.int32): "s32", np.dtype(np.uint32): "u32", np.dtype(np.int64): "s64", np.dtype(np.uint64): "u64",
      np.dtype(np.float16): "f16", np.dtype(np.float32): "f32", np.dtype(np.float64): "f64"}
M32, M64 = (1 << 32) - 1, (1 << 64) - 1


def s32(v):
    v &= M32
    return v - (1 << 32) if v >> 31 else v


def s64(v):
    v &= M64
    return v - (1 << 64) if v >> 63 else v


def cdiv(a, b):
    q = abs(a) // abs(b)
    return q if (a < 0) == (b < 0) else -q


def cmod(a, b):
    return a - cdiv(a, b) * b


def rng(seed):
    return np.random.default_rng(seed)


LAUNCHES = []


def launch(src, kernel, grid, block, bufs, params, outs, expect, shared=0):
    """bufs: list of (name, array); outs: {name: cmp} with cmp 'exact' | ('tol', rtol, atol) |
    ('ulps', n) | 'sorted'; expect(inputs dict) -> {name: array}."""
    LAUNCHES.append(dict(src=src, kernel=kernel, grid=grid, block=block, bufs=bufs, params=params,
                         outs=outs, expect=expect, shared=shared))


# ---------------------------------------------------------------- b17_warp
def _warp():
    r = rng(1)
    a = r.integers(-1000, 1000, 256).astype(np.int32)
    def e(i):
        v = np.where(np.arange(256) < 200, i["in"].astype(np.int64), 0).reshape(8, 32).sum(1)
        return {"out": v.astype(np.int32)}
    launch("b17_warp", "warpSumDown", "2", "128", [("in", a), ("out", np.zeros(8, np.int32))],
           ["ptr:in", "ptr:out", "s32:200"], {"out": "exact"}, e)
    u = r.integers(0, 1 << 32, 128, dtype=np.uint64).astype(np.uint32)
    def e(i):
        v = np.where(np.arange(128) < 100, i["in"], 0).astype(np.uint64).reshape(4, 32).cumsum(1).ravel()
        out = (v & M32).astype(np.uint32)
        out[100:] = 0
        return {"out": out}
    launch("b17_warp", "warpScanUp", "1", "128", [("in", u), ("out", np.zeros(128, np.uint32))],
           ["ptr:in", "ptr:out", "s32:100"], {"out": "exact"}, e)
    f = r.standard_normal(96).astype(np.float32)
    launch("b17_warp", "warpMaxXor", "3", "32", [("in", f), ("out", np.zeros(96, np.float32))],
           ["ptr:in", "ptr:out"], {"out": "exact"},
           lambda i: {"out": np.repeat(i["in"].reshape(3, 32).max(1), 32)})
    x = r.integers(-20, 200, 96).astype(np.int32)
    x[64:] = np.abs(x[64:]) * 2
    def e(i):
        w = i["in"].astype(np.int64).reshape(3, 32)
        bal = [(sum(1 << l for l in range(32) if w[k, l] > 50)) for k in range(3)]
        fl = [int((w[k] < 0).any()) | (int((w[k] % 2 == 0).all()) << 1) | (bin(bal[k]).count("1") << 2) for k in range(3)]
        return {"ballots": np.array(bal, np.uint32), "flags": np.array(fl, np.int32)}
    launch("b17_warp", "voteKernel", "1", "96", [("in", x), ("ballots", np.zeros(3, np.uint32)), ("flags", np.zeros(3, np.int32))],
           ["ptr:in", "ptr:ballots", "ptr:flags", "s32:50"], {"ballots": "exact", "flags": "exact"}, e)
    u = r.integers(0, 1 << 32, 64, dtype=np.uint64).astype(np.uint32)
    u[40:50] = r.integers(0, 100, 10)
    launch("b17_warp", "reduxKernel", "1", "64", [("in", u), ("out", np.zeros(16, np.uint32))],
           ["ptr:in", "ptr:out"], {"out": "exact"}, blind17_redux)
    k = r.integers(0, 5, 96).astype(np.int32) + 0x300
    k[32:64] = r.integers(0, 3, 32) * 0x100 + 7
    def e(i):
        km = i["keys"].reshape(3, 32)
        anym, allm = [], []
        for w in range(3):
            for l in range(32):
                anym.append(sum(1 << j for j in range(32) if km[w, j] == km[w, l]))
                same = all((km[w, j] >> 8) == (km[w, 0] >> 8) for j in range(32))
                allm.append(0x7fffffff if same else 1)
        return {"any": np.array(anym, np.uint32), "all": np.array(allm, np.uint32)}
    launch("b17_warp", "matchKernel", "3", "32", [("keys", k), ("any", np.zeros(96, np.uint32)), ("all", np.zeros(96, np.uint32))],
           ["ptr:keys", "ptr:any", "ptr:all"], {"any": "exact", "all": "exact"}, e)
    p = r.integers(-100, 100, 96).astype(np.int32)
    def e(i):
        n = 20
        out = []
        for b in range(3):
            v = [int(t) for t in i["in"][32 * b:32 * b + 32]]
            for off in (1, 2, 4, 8, 16):
                v = [v[l] + (v[l ^ off] if (l ^ off) < n else 0) if l < n else v[l] for l in range(32)]
            out.append(s32(v[0]))
        return {"out": np.array(out, np.int32)}
    launch("b17_warp", "partialReduce", "3", "32", [("in", p), ("out", np.zeros(3, np.int32))],
           ["ptr:in", "ptr:out", "s32:20"], {"out": "exact"}, e)
    q = r.integers(-(1 << 40), 1 << 40, 64).astype(np.int64)
    def e(i):
        v = [int(t) for t in i["in"]]
        out = []
        for t in range(64):
            w, l = t // 32 * 32, t % 32
            rr = v[w + ((l + 5) & 31)]
            d = float(v[w + 31 - l]) * 0.5
            out.append(rr + int(d))
        return {"out": np.array(out, np.int64)}
    launch("b17_warp", "shflIdxRotate", "1", "64", [("in", q), ("out", np.zeros(64, np.int64))],
           ["ptr:in", "ptr:out", "s32:5"], {"out": "exact"}, e)


# ---------------------------------------------------------------- b17_ctrl
def _ctrl():
    r = rng(2)
    a = r.integers(-500, 500, 128).astype(np.int32)
    def e(i):
        out = np.zeros(128, np.int32)
        for t in range(100):
            x = int(i["in"][t])
            m = cmod(x, 3)
            if m == 0:
                v = x * x - 7
            elif m == 1:
                v = 0
                for k in range(x & 15):
                    v += k ^ x
            else:
                v = cdiv(-x, 5)
            out[t] = s32(v)
        return {"out": out}
    launch("b17_ctrl", "divergent", "1", "128", [("in", a), ("out", np.zeros(128, np.int32))],
           ["ptr:in", "ptr:out", "s32:100"], {"out": "exact"}, e)
    d = r.integers(-5, 20, 640).astype(np.int32)
    def e(i):
        out = []
        for row in range(64):
            acc = cnt = 0
            for v in i["data"][row * 10:row * 10 + 10]:
                if v == 7:
                    break
                if v < 0:
                    continue
                acc += int(v)
                cnt += 1
            out += [acc, cnt]
        return {"out": np.array(out, np.int32)}
    launch("b17_ctrl", "loopBreakContinue", "2", "32", [("data", d), ("out", np.zeros(128, np.int32))],
           ["ptr:data", "ptr:out", "s32:10", "s32:7"], {"out": "exact"}, e)
    op = r.integers(-1, 13, 96).astype(np.int32)
    x = r.integers(-(1 << 31), 1 << 31, 96).astype(np.int32)
    def e(i):
        out = []
        for o, v in zip(i["op"], i["a"]):
            o, v = int(o), int(v)
            rr = {0: v + 11, 1: v * 3, 2: v ^ 0x5a5a, 3: v >> 2, 4: ~v, 5: v - 100, 6: v * v,
                  7: (v << 3) | 7, 8: v & 0xff, 9: -v}.get(o, 12345)
            out.append(s32(rr))
        return {"out": np.array(out, np.int32)}
    launch("b17_ctrl", "switchDense", "3", "32", [("op", op), ("a", x), ("out", np.zeros(96, np.int32))],
           ["ptr:op", "ptr:a", "ptr:out"], {"out": "exact"}, e)
    sv = r.choice(np.array([-5, 17, 1000, 65536, 3, 4, 9, -1, 12], np.int32), 64)
    def e(i):
        tab = {-5: 1, 17: 2, 1000: 3, 65536: 4, 3: 6, 4: 6}
        return {"out": np.array([tab.get(int(v), int(v) & 7) for v in i["a"]], np.int32)}
    launch("b17_ctrl", "switchSparse", "1", "64", [("a", sv), ("out", np.zeros(64, np.int32))],
           ["ptr:a", "ptr:out"], {"out": "exact"}, e)
    c = r.integers(1, 1000, 64).astype(np.uint32)
    def e(i):
        def col(x):
            s = 0
            while x != 1:
                if s >= 200:
                    break
                x = (3 * x + 1) & M32 if x & 1 else x >> 1
                s += 1
            return s
        def fib(n):
            a_, b_ = 0, 1
            for _ in range(n):
                a_, b_ = b_, a_ + b_
            return a_
        return {"steps": np.array([col(int(v)) for v in i["in"]], np.int32),
                "fibs": np.array([fib(int(v) % 17) for v in i["in"]], np.uint32)}
    launch("b17_ctrl", "callsAndRecursion", "2", "32", [("in", c), ("steps", np.zeros(64, np.int32)), ("fibs", np.zeros(64, np.uint32))],
           ["ptr:in", "ptr:steps", "ptr:fibs"], {"steps": "exact", "fibs": "exact"}, e)
    ti = r.integers(-1000, 1000, 64).astype(np.int32)
    def e(i):
        o = (i["in"].astype(np.int64) * 3 - 17).astype(np.int32)
        o[50:] = 0
        return {"out": o}
    launch("b17_ctrl", "scaleT<int, 3>", "1", "64", [("in", ti), ("out", np.zeros(64, np.int32))],
           ["ptr:in", "ptr:out", "s32:50", "s32:-17"], {"out": "exact"}, e)
    td = r.standard_normal(64)
    def e(i):
        o = np.array([float(Fraction(float(v)) * 5 + Fraction(1, 8)) for v in i["in"]])   # fma
        o[50:] = 0
        return {"out": o}
    launch("b17_ctrl", "scaleT<double, 5>", "1", "64", [("in", td), ("out", np.zeros(64))],
           ["ptr:in", "ptr:out", "s32:50", "f64:0.125"], {"out": "exact"}, e)
    ts = r.integers(-32768, 32768, 64).astype(np.int16)
    def e(i):
        o = np.array([s32(int(v) * -2 + 301) & 0xffff for v in i["in"]], np.uint16).view(np.int16)
        o[50:] = 0
        return {"out": o}
    launch("b17_ctrl", "scaleT<short, -2>", "1", "64", [("in", ts), ("out", np.zeros(64, np.int16))],
           ["ptr:in", "ptr:out", "s32:50", "s16:301"], {"out": "exact"}, e)
    sf = r.standard_normal(64).astype(np.float32)
    def e(i):
        v = -(i["src"][:40] * np.float32(1.5))
        o = np.zeros(64, np.float32)
        o[:40] = (v.astype(np.float64) - 2.25).astype(np.float32) + (np.arange(40) >> 2).astype(np.float32)
        return {"dst": o}
    launch("b17_ctrl", "structByValue", "2", "32", [("src", sf), ("dst", np.zeros(64, np.float32))],
           ["struct:s32:40,f32:1.5,f64:-2.25,ptr:src,s16:2,s8:1", "ptr:dst"], {"dst": "exact"}, e)
    def e(i):
        vals = [-5, -300, 123456, -9876543210, 1250, int(3.5e-3 * 1e6), 200, 60000, 4000000000,
                0xffffffffffff0000 >> 3]
        vals.append(s64(-5 - 300 + 123456 - 9876543210 + 200 + 60000 + 4000000000))
        return {"out": np.array(vals, np.int64)}
    launch("b17_ctrl", "mixedParams", "1", "32", [("out", np.zeros(11, np.int64))],
           ["s8:-5", "s16:-300", "s32:123456", "s64:-9876543210", "f32:1.25", "f64:3.5e-3", "u8:200",
            "u16:60000", "u32:4000000000", "u64:0xffffffffffff0000", "ptr:out"], {"out": "exact"}, e)


# ---------------------------------------------------------------- b17_mem
def _mem():
    r = rng(3)
    d = r.integers(0, 256, 1000).astype(np.uint8)
    launch("b17_mem", "histShared", "3", "64", [("data", d), ("hist", np.zeros(64, np.uint32))],
           ["ptr:data", "ptr:hist", "u64:1000"], {"hist": "exact"},
           lambda i: {"hist": np.bincount(i["data"] % 64, minlength=64).astype(np.uint32)})
    for bs, n, g in ((128, 700, 3), (256, 1000, 2)):
        f = r.standard_normal(n).astype(np.float32)
        launch("b17_mem", f"blockReduce<{bs}>", str(g), str(bs), [("in", f), ("partial", np.zeros(g, np.float32))],
               ["ptr:in", "ptr:partial", f"s32:{n}"], {"partial": ("tol", 1e-5, 1e-4)},
               lambda i, bs=bs, g=g: {"partial": np.array([i["in"][2 * bs * b:2 * bs * b + 2 * bs].astype(np.float64).sum()
                                                           for b in range(g)], np.float32)})
    a = r.standard_normal(1001).astype(np.float32)
    b = r.standard_normal(1001).astype(np.float32)
    launch("b17_mem", "vecAddGridStride", "3", "96", [("a", a), ("b", b), ("c", np.zeros(1001, np.float32))],
           ["ptr:a", "ptr:b", "ptr:c", "s32:1001"], {"c": "exact"}, lambda i: {"c": i["a"] + i["b"]})
    def e(i):
        t = np.arange(64)
        lane, w = t & 31, t >> 5
        return {"out": ((31 - ((lane + 5) & 31)) ** 2 + w + 1).astype(np.int32)}
    launch("b17_mem", "syncwarpSleep", "1", "64", [("buf", np.zeros(64, np.int32)), ("out", np.zeros(64, np.int32))],
           ["ptr:buf", "ptr:out"], {"out": "exact"}, e)
    idx = r.integers(0, 1000, 64).astype(np.int32)
    vals = r.integers(-50, 50, 37).astype(np.int32)
    def e(i):
        out = []
        for t in range(64):
            arr = [int(i["vals"][(t + k) % 37]) * (k + 1) for k in range(24)]
            j = int(i["idx"][t])
            arr[j % 24] += 1000
            arr[(j * 7) % 24] -= arr[(j + 3) % 24]
            s = sum(arr[k] for k in range(0, 24, 1 + (j & 3)))
            out.append(s + arr[(j >> 2) % 24])
        return {"out": np.array(out, np.int32)}
    launch("b17_mem", "localArray", "2", "32", [("idx", idx), ("vals", vals), ("out", np.zeros(64, np.int32))],
           ["ptr:idx", "ptr:vals", "ptr:out", "s32:37"], {"out": "exact"}, e)
    c8 = r.integers(-128, 128, 70).astype(np.int8)
    s16 = r.integers(-32768, 32768, 70).astype(np.int16)
    h = (r.standard_normal(70) * 10).astype(np.float16)
    def e(i):
        a_ = i["c8"].astype(np.int64)
        b_ = i["s16"].astype(np.int64)
        u = ((a_ * b_ + 3) & 0xffff).astype(np.uint16)
        hh = (i["h"].astype(np.float64) * 1.5 + a_).astype(np.float16)   # nvcc fuses __hmul + __hadd: HFMA2
        c = (((b_ >> 3) + a_) & 0xff).astype(np.uint8).view(np.int8)
        return {"u16": u, "hout": hh.astype(np.float16), "c8out": c}
    launch("b17_mem", "narrowTypes", "1", "96",
           [("c8", c8), ("s16", s16), ("h", h), ("u16", np.zeros(70, np.uint16)), ("hout", np.zeros(70, np.float16)),
            ("c8out", np.zeros(70, np.int8))],
           ["ptr:c8", "ptr:s16", "ptr:h", "ptr:u16", "ptr:hout", "ptr:c8out", "s32:70"],
           {"u16": "exact", "hout": "exact", "c8out": "exact"}, e)
    def e(i):
        y, x = np.mgrid[0:19, 0:37]
        return {"out": (x.astype(np.float32) * np.float32(0.25) - y.astype(np.float32)).ravel()}
    launch("b17_mem", "grid2d", "5,3", "8,8", [("out", np.zeros(37 * 19, np.float32))],
           ["ptr:out", "s32:37", "s32:19"], {"out": "exact"}, e)
    def e(i):
        z, y, x = np.mgrid[0:5, 0:6, 0:10]
        t = (x % 4) + (y % 3) * 4 + (z % 2) * 12
        return {"out": (x + 100 * y + 10000 * z + t * 1000000).ravel().astype(np.int32)}
    launch("b17_mem", "grid3d", "3,2,3", "4,3,2", [("out", np.zeros(300, np.int32))],
           ["ptr:out", "s32:10", "s32:6", "s32:5"], {"out": "exact"}, e)
    dd = r.standard_normal(96)
    launch("b17_mem", "dynSharedRev", "2", "64", [("in", dd), ("out", np.zeros(96))],
           ["ptr:in", "ptr:out", "s32:48"], {"out": "exact"},
           lambda i: {"out": (i["in"].reshape(2, 48)[:, ::-1] * 2.0).ravel()}, shared=48 * 8)


# ---------------------------------------------------------------- b17_mm
def _mm():
    r = rng(4)
    for tile, (m, n, k) in ((8, (19, 23, 13)), (16, (33, 17, 29))):
        A = r.standard_normal(m * k).astype(np.float32)
        B = r.standard_normal(k * n).astype(np.float32)
        g = f"{(n + tile - 1) // tile},{(m + tile - 1) // tile}"
        launch("b17_mm", f"matmulTiled<{tile}>", g, f"{tile},{tile}", [("A", A), ("B", B), ("C", np.zeros(m * n, np.float32))],
               ["ptr:A", "ptr:B", "ptr:C", f"s32:{m}", f"s32:{n}", f"s32:{k}"], {"C": ("tol", 1e-5, 1e-5)},
               lambda i, m=m, n=n, k=k: {"C": (i["A"].reshape(m, k).astype(np.float64) @ i["B"].reshape(k, n)).ravel().astype(np.float32)})
    A = r.integers(-1 << 20, 1 << 20, 400).astype(np.int32)
    B = r.integers(-1 << 20, 1 << 20, 400).astype(np.int32)
    launch("b17_mm", "matmulIntNaive", "3,3", "8,8", [("A", A), ("B", B), ("C", np.zeros(400, np.int64))],
           ["ptr:A", "ptr:B", "ptr:C", "s32:20"], {"C": "exact"},
           lambda i: {"C": (i["A"].reshape(20, 20).astype(np.int64) @ i["B"].reshape(20, 20).astype(np.int64)).ravel()})
    A = r.standard_normal(100)
    B = r.standard_normal(100)
    launch("b17_mm", "matmulDouble", "3,3", "4,4", [("A", A), ("B", B), ("C", np.zeros(100))],
           ["ptr:A", "ptr:B", "ptr:C", "s32:10"], {"C": ("tol", 1e-12, 1e-13)},
           lambda i: {"C": (i["A"].reshape(10, 10) @ i["B"].reshape(10, 10)).ravel()})


# ---------------------------------------------------------------- b17_math
def _math():
    r = rng(5)
    x = r.uniform(0.1, 5, 40).astype(np.float32)
    y = r.uniform(0.5, 3, 40).astype(np.float32)
    F = np.float32
    def e(i):
        out = []
        for a, b in zip(i["x"], i["y"]):
            a7 = float(F(a) * F(7))
            out += [math.sqrt(a), math.exp(float(-a * F(0.5))), math.log(float(a + F(1))), math.sin(float(a * F(3))),
                    math.cos(b), float(a) ** float(b), math.erf(float(b - F(1))), math.fmod(a7, b),
                    math.remainder(a7, b), float(a) / float(b), math.tanh(float(b - F(2))),
                    math.atan2(float(b - F(1.5)), float(a - F(4)))]
        return {"out": np.array(out).astype(np.float32)}
    launch("b17_math", "floatMath", "2", "32", [("x", x), ("y", y), ("out", np.zeros(480, np.float32))],
           ["ptr:x", "ptr:y", "ptr:out", "s32:40"], {"out": ("ulps", 4)}, e)
    xd = r.uniform(0.1, 5, 24)
    yd = r.uniform(0.5, 3, 24)
    def e(i):
        out = []
        for a, b in zip(i["x"], i["y"]):
            out += [math.sqrt(a), math.exp(-a * 0.5), math.log(a + 1.0), math.sin(a * 3.0), a ** b, a / b,
                    math.fmod(a * 7.0, b), 1 / math.sqrt(a + 0.25)]
        return {"out": np.array(out)}
    launch("b17_math", "doubleMath", "1", "32", [("x", xd), ("y", yd), ("out", np.zeros(192))],
           ["ptr:x", "ptr:y", "ptr:out", "s32:24"], {"out": ("ulps", 2)}, e)
    si = r.integers(-(1 << 31), 1 << 31, 64).astype(np.int32)
    si[:4] = [-(1 << 31), (1 << 31) - 1, -1, 0]
    ui = r.integers(0, 1 << 32, 64, dtype=np.uint64).astype(np.uint32)
    ui[:3] = [0xffffffff, 0, 12]
    def e(i):
        out = []
        for a, b in zip(i["s"], i["u"]):
            a, b = int(a), int(b)
            out += [cdiv(a, 7), cmod(a, 7), cdiv(a, -16), cmod(a, 1000), b // 13, b % 13, b // 1024, b % 641]
        return {"out": np.array([s32(v) for v in out], np.int32)}
    launch("b17_math", "intDivConst", "1", "64", [("s", si), ("u", ui), ("out", np.zeros(512, np.int32))],
           ["ptr:s", "ptr:u", "ptr:out"], {"out": "exact"}, e)
    a = r.integers(-(1 << 31), 1 << 31, 64).astype(np.int32)
    b = r.integers(-3000, 3000, 64).astype(np.int32)
    b[b == 0] = 1
    b[:3] = [1, -1, (1 << 31) - 1]
    a[1] = 5
    ua = r.integers(0, 1 << 32, 64, dtype=np.uint64).astype(np.uint32)
    ub = r.integers(1, 1 << 32, 64, dtype=np.uint64).astype(np.uint32)
    ub[::3] = r.integers(1, 100, 22)
    def e(i):
        out = []
        for t in range(60):
            x_, y_, ux, uy = int(i["a"][t]), int(i["b"][t]), int(i["ua"][t]), int(i["ub"][t])
            out += [s32(cdiv(x_, y_)), s32(cmod(x_, y_)), s32(ux // uy), s32(ux % uy)]
        return {"out": np.array(out + [0] * 16, np.int32)}
    launch("b17_math", "intDivVar", "1", "64", [("a", a), ("b", b), ("ua", ua), ("ub", ub), ("out", np.zeros(256, np.int32))],
           ["ptr:a", "ptr:b", "ptr:ua", "ptr:ub", "ptr:out", "s32:60"], {"out": "exact"}, e)
    la = r.integers(-(1 << 63), (1 << 63) - 1, 40, dtype=np.int64)
    lb = r.integers(-(1 << 63), (1 << 63) - 1, 40, dtype=np.int64)
    lb[::2] = r.integers(-100000, 100000, 20)
    lb[lb == 0] = 3
    lb[1] = -1
    la[1] = 77
    def e(i):
        out = []
        for x_, y_ in zip(i["a"], i["b"]):
            x_, y_ = int(x_), int(y_)
            ux, uy = x_ & M64, y_ & M64
            out += [s64(cdiv(x_, y_)), s64(cmod(x_, y_)), s64(ux // uy), s64(ux % uy), cdiv(x_, 1000000007), ux % 10]
        return {"out": np.array(out, np.int64)}
    launch("b17_math", "int64Div", "2", "32", [("a", la), ("b", lb), ("out", np.zeros(240, np.int64))],
           ["ptr:a", "ptr:b", "ptr:out", "s32:40"], {"out": "exact"}, e)
    fx = r.uniform(-0.9, 6, 40).astype(np.float32)
    fx[:4] = [0.5, 1.5, 2.5, -0.5]
    def e(i):
        out = []
        for a_ in i["x"]:
            a_ = F(a_)
            rd = math.floor(abs(a_) + 0.5) * (1 if a_ >= 0 else -1)
            comb = F(F(F(math.floor(float(a_ * F(1.7)))) + F(math.ceil(float(a_ * F(-0.3))))) + F(math.trunc(float(a_ * F(2.5))))) + F(rd)
            out += [float(a_) / 3.0, 1 / math.sqrt(float(a_ + F(1))), min(max(float(a_ - F(2)), 0.0), 1.0), float(comb)]
        return {"out": np.array(out).astype(np.float32)}
    launch("b17_math", "fastIntrinsics", "1", "64", [("x", fx), ("out", np.zeros(160, np.float32))],
           ["ptr:x", "ptr:out", "s32:40"], {"out": ("ulps", 2)}, e)


# ---------------------------------------------------------------- b17_bits
def _bits():
    r = rng(6)
    u = r.integers(0, 1 << 32, 64, dtype=np.uint64).astype(np.uint32)
    u[:6] = [0, 1, 0x80000000, 0xffffffff, 32, 33]
    def e(i):
        v = [int(t) for t in i["in"]]
        out = []
        for t in range(64):
            x_, y_ = v[t], v[t ^ 1]
            ffs = (x_ & -x_).bit_length()
            brev = int(f"{x_:032b}"[::-1], 2)
            bb = (y_ << 32) | x_
            perm = 0
            for n_, sel in enumerate((1, 5, 3, 7)):
                perm |= ((bb >> (8 * sel)) & 0xff) << (8 * n_)
            fl = ((((y_ << 32) | x_) << ((y_ & 63) & 31)) >> 32) & M32
            fr = (((y_ << 32) | x_) >> (y_ & 31)) & M32
            frc = (((y_ << 32) | x_) >> min(y_ & 63, 32)) & M32
            out += [bin(x_).count("1"), 32 - x_.bit_length(), ffs, brev, perm, fl, fr, frc]
        return {"out": np.array(out, np.uint32)}
    launch("b17_bits", "bitOps32", "2", "32", [("in", u), ("out", np.zeros(512, np.uint32))],
           ["ptr:in", "ptr:out"], {"out": "exact"}, e)
    q = r.integers(0, 1 << 64, 64, dtype=np.uint64)
    q[:4] = [0, 1, 1 << 63, (1 << 64) - 1]
    q[4:12] >>= np.arange(8, dtype=np.uint64) * 7
    def e(i):
        out = []
        for x_ in i["in"]:
            x_ = int(x_)
            out += [bin(x_).count("1"), 64 - x_.bit_length(), (x_ & -x_).bit_length()]
        return {"out": np.array(out, np.int32)}
    launch("b17_bits", "bitOps64", "1", "64", [("in", q), ("out", np.zeros(192, np.int32))],
           ["ptr:in", "ptr:out"], {"out": "exact"}, e)
    total, stride = 5 * (1 << 32) + 12345, (1 << 26) + 3
    def e(i):
        out = []
        for tid in range(64):
            h_, c_ = 0, 0
            k_ = tid * stride
            while k_ < total:
                h_ ^= (k_ * 0x9E3779B97F4A7C15) & M64
                c_ += 1
                k_ += 64 * stride
            out += [h_, c_]
        return {"out": np.array(out, np.uint64)}
    launch("b17_bits", "bigIndex", "2", "32", [("out", np.zeros(128, np.uint64))],
           ["ptr:out", f"u64:{total}", f"u64:{stride}"], {"out": "exact"}, e)
    base = r.integers(-1000, 1000, 256).astype(np.int32)
    offs = r.integers(0, 256, 32)
    # the base buffer is the first: at 0x10000000 (docs/simulator-run.md, --buffer)
    ptrs = (0x10000000 + 4 * offs).astype(np.uint64)
    launch("b17_bits", "ptrDiff", "1", "32", [("base", base), ("ptrs", ptrs), ("out", np.zeros(32, np.int64))],
           ["ptr:base", "ptr:ptrs", "ptr:out"], {"out": "exact"},
           lambda i: {"out": np.array([int(o) * 3 + int(i["base"][o]) for o in offs], np.int64)})
    la = r.integers(-(1 << 63), (1 << 63) - 1, 32, dtype=np.int64)
    lb = r.integers(-(1 << 63), (1 << 63) - 1, 32, dtype=np.int64)
    def e(i):
        out = []
        for x_, y_ in zip(i["a"], i["b"]):
            x_, y_ = int(x_), int(y_)
            out += [s64(x_ * y_), s64((x_ * y_) >> 64), s64(((x_ & M64) * (y_ & M64)) >> 64)]
        return {"out": np.array(out, np.int64)}
    launch("b17_bits", "wideMul", "1", "32", [("a", la), ("b", lb), ("out", np.zeros(96, np.int64))],
           ["ptr:a", "ptr:b", "ptr:out"], {"out": "exact"}, e)


# ---------------------------------------------------------------- b17_atom
def _atom():
    r = rng(7)
    f = r.uniform(-1, 1, 128).astype(np.float32)
    def e(i):
        v = i["in"][:100].astype(np.float64)
        return {"sum": np.array([v.sum()], np.float32), "dsum": np.array([v.sum()]),
                "mx": np.array([max(-1e30, float(i["in"][:100].max()))], np.float32), "dcas": np.array([(v * 0.5).sum()])}
    launch("b17_atom", "atomicsFloat", "2", "64",
           [("in", f), ("sum", np.zeros(1, np.float32)), ("dsum", np.zeros(1)), ("mx", np.array([-1e30], np.float32)),
            ("dcas", np.zeros(1))],
           ["ptr:in", "ptr:sum", "ptr:dsum", "ptr:mx", "ptr:dcas", "s32:100"],
           {"sum": ("tol", 1e-5, 1e-5), "dsum": ("tol", 1e-12, 1e-13), "mx": "exact", "dcas": ("tol", 1e-12, 1e-13)}, e)
    v = r.integers(-(1 << 20), 1 << 20, 128).astype(np.int32)
    res0 = np.array([0, 0, (1 << 31) - 1, -(1 << 31), -1, 0, 0, 0], np.int32)
    ures0 = np.array([0, 0, 0xffffffff, 0, 0, 0], np.uint32)
    def e(i):
        n = 91
        vv = [int(t) for t in i["in"][:n]]
        res = [s32(sum(vv)), s32(-sum(vv)), min(vv), max(vv), 0, 0, 0, vv[-1]]
        a_ = -1
        o_ = x_ = 0
        for k, t in enumerate(vv):
            a_ &= ~(1 << (k & 31))
            o_ |= 1 << (t & 31)
            x_ ^= t
        res[4], res[5], res[6] = s32(a_), s32(o_), s32(x_)
        inc = dec = 0
        for _ in range(n):
            inc = 0 if inc >= 17 else inc + 1
            dec = 5 if (dec == 0 or dec > 5) else dec - 1
        uv = [t & M32 for t in vv]
        s = sum(uv)
        ures = [inc, dec, min(uv), max(uv), s & M32, s >> 32]
        s16 = [sum(t & 0xff for k, t in enumerate(vv) if (k & 3) == j) & 0xffff for j in range(4)]
        return {"res": np.array(res, np.int32), "ures": np.array(ures, np.uint32), "s16": np.array(s16, np.uint16)}
    launch("b17_atom", "atomicsInt", "2", "64",
           [("in", v), ("res", res0), ("ures", ures0), ("s16", np.zeros(4, np.uint16))],
           ["ptr:in", "ptr:res", "ptr:ures", "ptr:s16", "s32:91"], {"res": "exact", "ures": "exact", "s16": "exact"}, e)
    def e(i):
        got = [k for k in range(100) if k % 3]
        return {"counter": np.array([len(got)], np.int32), "slots": np.array(got + [-1] * (100 - len(got)), np.int32)}
    launch("b17_atom", "atomicCounterOrder", "2", "64", [("counter", np.zeros(1, np.int32)), ("slots", np.full(100, -1, np.int32))],
           ["ptr:counter", "ptr:slots", "s32:100"], {"counter": "exact", "slots": "sorted"}, e)
    def e(i):
        h = np.array([np.sum((np.arange(100) & 7) == j) * 0.5 for j in range(8)], np.float16)
        return {"h": h, "f": np.array([12.5, 12.5], np.float32)}
    launch("b17_atom", "atomicHalf", "2", "64", [("h", np.zeros(8, np.float16)), ("f", np.zeros(2, np.float32))],
           ["ptr:h", "ptr:f", "s32:100"], {"h": "exact", "f": "exact"}, e)

# ---------------------------------------------------------------- b17_more
def _more():
    r = rng(8)
    a = r.integers(-(1 << 20), 1 << 20, 256).astype(np.int32)
    launch("b17_more", "reduceVolatile", "2", "128", [("in", a), ("out", np.zeros(2, np.int32))],
           ["ptr:in", "ptr:out"], {"out": "exact"},
           lambda i: {"out": i["in"].astype(np.int64).reshape(2, 128).sum(1).astype(np.int32)})
    f = r.standard_normal(64).astype(np.float32)
    def e(i):
        x = i["in"].reshape(8, 8)
        F = np.float32
        v = [F(F(F(s[0] + s[4]) + F(s[2] + s[6])) + F(F(s[1] + s[5]) + F(s[3] + s[7]))) for s in x]
        g = np.arange(64)
        up = np.where(g % 4 >= 2, g - 2, g)
        return {"out": np.repeat(np.array(v, np.float32), 8), "idx": np.stack([g ^ 3, up], 1).ravel().astype(np.int32)}
    launch("b17_more", "segmentedShfl", "2", "32", [("in", f), ("out", np.zeros(64, np.float32)), ("idx", np.zeros(128, np.int32))],
           ["ptr:in", "ptr:out", "ptr:idx"], {"out": "exact", "idx": "exact"}, e)
    u = r.integers(0, 1 << 32, 1000, dtype=np.uint64).astype(np.uint32)
    def e(i):
        x = i["in"].astype(np.uint64)
        blk = (np.arange(1000) // 64) % 5
        part = np.array([int(x[blk == b].sum()) & M32 for b in range(5)], np.uint32)
        return {"partial": part, "total": np.array([int(x.sum()) & M32], np.uint32)}
    launch("b17_more", "lastBlockSum", "5", "64", [("in", u), ("partial", np.zeros(5, np.uint32)), ("total", np.zeros(1, np.uint32))],
           ["ptr:in", "ptr:partial", "ptr:total", "s32:1000"], {"partial": "exact", "total": "exact"}, e)
    f4 = r.standard_normal(128).astype(np.float32)
    i2 = r.integers(-(1 << 31), 1 << 31, 64).astype(np.int32)
    def e(i):
        x = i["in"].reshape(32, 4).copy()
        o = np.zeros((32, 4), np.float32)
        o[:30] = np.stack([x[:30, 3], x[:30, 2] * np.float32(2), x[:30, 1] - np.float32(1), x[:30, 0]], 1)
        pp = i["p"].astype(np.int64).reshape(32, 2)
        q = np.zeros(32, np.int32)
        q[:30] = [s32(int(a_) * int(b_)) for a_, b_ in pp[:30]]
        return {"out": o.ravel(), "q": q}
    launch("b17_more", "vec4Copy", "1", "32", [("in", f4), ("out", np.zeros(128, np.float32)), ("p", i2), ("q", np.zeros(32, np.int32))],
           ["ptr:in", "ptr:out", "ptr:p", "ptr:q", "s32:30"], {"out": "exact", "q": "exact"}, e)
    def e(i):
        t = np.arange(64, dtype=np.uint64)
        lane = t % 32
        rr = (((t * 0x1234567) & M32) >> 4) & 0xff
        return {"out": (lane | (lane << 8) | (rr << 16)).astype(np.uint32)}
    launch("b17_more", "inlinePtx", "1", "64", [("out", np.zeros(64, np.uint32))], ["ptr:out"], {"out": "exact"}, e)
    ia = r.integers(-(1 << 31), 1 << 31, 32).astype(np.int32)
    ib = r.integers(-(1 << 31), 1 << 31, 32).astype(np.int32)
    ia[:4] = [-(1 << 31), (1 << 31) - 1, -1, 0]
    ib[:4] = [(1 << 31) - 1, -(1 << 31), -1, 5]
    def e(i):
        out = []
        for x_, y_ in zip(i["a"], i["b"]):
            x_, y_ = int(x_), int(y_)
            ux, uy = x_ & M32, y_ & M32
            out += [(abs(x_ - y_) + 7) & M32, (x_ + y_) >> 1, (x_ + y_ + 1) >> 1, (x_ * y_) >> 32, (ux * uy) >> 32,
                    s32(abs(x_)), abs(x_ * y_), max(x_ * 3, y_ * 5), min(ux, uy), (((ux + uy) >> 1) + ((ux + uy + 1) >> 1)) & M32]
        return {"out": np.array(out, np.int64)}
    launch("b17_more", "intIntrinsics", "1", "32", [("a", ia), ("b", ib), ("out", np.zeros(320, np.int64))],
           ["ptr:a", "ptr:b", "ptr:out"], {"out": "exact"}, e)
    fv = np.array([np.nan, np.inf, -np.inf, 3e9, -3e9, 2.5, -2.5, 1.5, -0.5, 1e-3, 5e9, 2147483520.0, -2147483648.0,
                   4294967040.0, 0.5, -1.5] + list(r.uniform(-1e4, 1e4, 16)), np.float32)
    dv = np.array([np.nan, np.inf, -np.inf, 3e9, -3e9, 2.5, -2.5, 1e19, 2e19, -1e19, 4294967296.7, -0.9, 1e300, 123456789012.5,
                   2147483647.9, -2147483648.9] + list(r.uniform(-1e12, 1e12, 16)))
    def e(i):
        S32, U32, S64, U64 = (-(1 << 31), (1 << 31) - 1), (0, M32), (-(1 << 63), (1 << 63) - 1), (0, M64)
        out = []
        for x_, y_ in zip(i["f"], i["d"]):
            out += [_f2i(x_, "rz", *S32), s32(_f2i(x_, "rz", *U32)), _f2i(x_, "rn", *S32), _f2i(x_, "rd", *S32),
                    s32(_f2i(x_, "ru", *U32)), _f2i(y_, "rz", *S32), s32(_f2i(y_, "rz", *S64)), s32(_f2i(y_, "rz", *U64) >> 8)]
        return {"out": np.array(out, np.int32)}
    launch("b17_more", "floatToInt", "1", "32", [("f", fv), ("d", dv), ("out", np.zeros(256, np.int32))],
           ["ptr:f", "ptr:d", "ptr:out"], {"out": "exact"}, e)
    mx = r.uniform(0.2, 5, 40).astype(np.float32)
    def e(i):
        F = np.float32
        out = []
        for a_ in i["x"]:
            a_ = F(a_)
            t100 = float(a_ * F(100))
            m_, e_ = math.frexp(t100)
            t33 = a_ * F(3.3)
            ip = F(math.trunc(float(t33)))
            out += [math.cbrt(float(a_ - F(2))), math.hypot(a_, 1.5), math.expm1(float(a_ * F(0.01))), math.log1p(float(a_ * F(0.001))),
                    math.log2(a_), 2.0 ** float(a_), float(F(math.sin(a_)) + F(math.cos(a_))), math.sin(math.pi * float(a_)),
                    math.erfc(float(a_ - F(1))), math.lgamma(a_), float(F(m_) + F(e_)), math.ldexp(float(a_), e_ - 3),
                    float(F(t33 - ip) + F(ip * F(0.5))), float(F(math.copysign(a_, float(F(1) - a_))) + F(abs(float(a_ - F(3)))))]
        return {"out": np.array(out).astype(np.float32)}
    launch("b17_more", "moreMath", "2", "32", [("x", mx), ("out", np.zeros(560, np.float32))],
           ["ptr:x", "ptr:out", "s32:40"], {"out": ("tol", 2e-6, 2e-6)}, e)
    md = r.uniform(0.2, 5, 24)
    launch("b17_more", "moreDouble", "1", "32", [("x", md), ("out", np.zeros(144))], ["ptr:x", "ptr:out", "s32:24"],
           {"out": ("ulps", 3)},
           lambda i: {"out": np.array([f_(a_) for a_ in i["x"] for f_ in (lambda v: math.cbrt(v - 2.0), math.atan,
                                        lambda v: math.erf(v - 1.0), lambda v: math.tanh(v - 2.0), math.log1p,
                                        lambda v: math.expm1(v * 0.1))])})
    l6 = r.integers(-(1 << 62), 1 << 62, 64, dtype=np.int64)
    def e(i):
        v = [int(t) for t in i["in"][:50]]
        c = 1
        for t in v:
            c ^= (t * 0x9E3779B97F4A7C15) & M64
        return {"mn": np.array([min(v)], np.int64), "mx": np.array([max(v)], np.int64), "cas": np.array([c], np.uint64)}
    launch("b17_more", "atomics64", "2", "32",
           [("in", l6), ("mn", np.array([(1 << 63) - 1], np.int64)), ("mx", np.array([-(1 << 63)], np.int64)), ("cas", np.ones(1, np.uint64))],
           ["ptr:in", "ptr:mn", "ptr:mx", "ptr:cas", "s32:50"], {"mn": "exact", "mx": "exact", "cas": "exact"}, e)
    p3 = r.standard_normal(192).astype(np.float32)
    def e(i):
        x = i["pts"].astype(np.float64).reshape(64, 3)
        o = np.zeros(64, np.float32)
        o[:50] = (x[:50] ** 2).sum(1)
        return {"d2": o}
    launch("b17_more", "aosFloat3", "1", "64", [("pts", p3), ("d2", np.zeros(64, np.float32))], ["ptr:pts", "ptr:d2", "s32:50"],
           {"d2": ("tol", 1e-6, 1e-6)}, e)


for _f in (_warp, _ctrl, _mem, _mm, _math, _bits, _atom, _more):
    _f()


def ulps32(a, b):
    ia = a.astype(np.float32).view(np.int32).astype(np.int64)
    ib = b.astype(np.float32).view(np.int32).astype(np.int64)
    ia = np.where(ia < 0, -(1 << 31) - ia, ia)
    ib = np.where(ib < 0, -(1 << 31) - ib, ib)
    return np.abs(ia - ib)


def ulps64(a, b):
    ia = [int(t) for t in a.astype(np.float64).view(np.int64)]
    ib = [int(t) for t in b.astype(np.float64).view(np.int64)]
    fix = [(-(1 << 63) - t if t < 0 else t) for t in ia], [(-(1 << 63) - t if t < 0 else t) for t in ib]
    return np.array([abs(x - y) for x, y in zip(*fix)])


def compare(got, want, cmp):
    if got.shape != want.shape:
        return f"shape {got.shape} != {want.shape}"
    if cmp == "exact":
        bad = np.flatnonzero(got.view(np.uint8).reshape(len(got), -1).tobytes() != b"" and
                             (got.view(f"u{got.itemsize}") != want.astype(got.dtype).view(f"u{got.itemsize}")))
    elif cmp == "sorted":
        bad = np.flatnonzero(np.sort(got) != np.sort(want))
    elif cmp[0] == "tol":
        bad = np.flatnonzero(~np.isclose(got.astype(np.float64), want.astype(np.float64), rtol=cmp[1], atol=cmp[2]))
    else:
        u = ulps32(got, want) if got.dtype == np.float32 else ulps64(got, want)
        bad = np.flatnonzero(u > cmp[1])
    if len(bad):
        k = bad[:4]
        return f"{len(bad)} differ, e.g. [{', '.join(f'{j}: {got[j]!r} != {want[j]!r}' for j in k)}]"
    return None


def run_one(job):
    L, path, tmp = job
    tmp = Path(tmp)
    inputs = {}
    args = [sys.executable, "-m", "gpuisa", "run", str(path), "--kernel", L["kernel"], "--grid", L["grid"],
            "--block", L["block"], "--json"]
    for name, arr in L["bufs"]:
        f = tmp / f"{name}.in"
        arr.tofile(f)
        inputs[name] = arr.copy()
        args += ["--buffer", f"{name}=file:{f}"]
    for p in L["params"]:
        args += ["--param", p]
    for name in L["outs"]:
        args += ["--dump-buffer", f"{name}={tmp / (name + '.out')}"]
    if L["shared"]:
        args += ["--shared-bytes", str(L["shared"])]
    p = subprocess.run(args, capture_output=True, text=True, timeout=600)
    tag = f"{path.parent.name}/{path.name} {L['kernel']}"
    if p.returncode != 0:
        return tag, f"exit {p.returncode}: {(p.stderr or p.stdout).strip()[-600:]}"
    try:
        js = json.loads(p.stdout)
    except ValueError:
        return tag, f"bad JSON: {p.stdout[:200]}"
    if js.get("status") != "ok":
        return tag, f"status {js.get('status')}: {js.get('fault')}"
    try:
        want = L["expect"](inputs)
    except Exception as e:    # a bug of this script's expectation, not of gpuisa
        return tag, f"EXPECTATION ERROR {e!r}"
    errs = []
    for name, cmp in L["outs"].items():
        dt = dict(L["bufs"])[name].dtype
        got = np.fromfile(tmp / f"{name}.out", dt)
        msg = compare(got, want[name].astype(dt) if cmp != "sorted" else want[name], cmp)
        if msg:
            errs.append(f"{name}: {msg}")
    return tag, "; ".join(errs) or None


def build_all(build: Path, archs) -> None:
    import sysconfig
    src = Path(__file__).resolve().parent / "blind17_src"
    wheel = Path(sysconfig.get_paths()["purelib"]) / "nvidia" / "cu13" / "bin"
    nvdisasm = str(wheel / "nvdisasm") if (wheel / "nvdisasm").exists() else "nvdisasm"
    cuobjdump = str(wheel / "cuobjdump") if (wheel / "cuobjdump").exists() else "cuobjdump"
    env = dict(os.environ, NVDISASM_PATH=nvdisasm)
    for a in archs:
        out = build / f"sm_{a}"
        out.mkdir(parents=True, exist_ok=True)
        for cu in sorted(src.glob("*.cu")):
            cubin = out / f"{cu.stem}.cubin"
            subprocess.run(["nvcc", "-cubin", "-O3", f"-arch=sm_{a}", "-o", str(cubin), str(cu)], check=True,
                           capture_output=True)
            for tool, suffix in (([nvdisasm], "nvdisasm"), ([cuobjdump, "-sass"], "cuobjdump")):
                text = subprocess.run([*tool, str(cubin)], check=True, capture_output=True, text=True, env=env).stdout
                (out / f"{cu.stem}.{suffix}").write_text(text)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("build_dir")
    ap.add_argument("--archs", default="75,80,86,89,90,100,120")
    ap.add_argument("--forms", default="cubin,nvdisasm,cuobjdump")
    ap.add_argument("--only", default="")
    ap.add_argument("-j", type=int, default=2)
    ap.add_argument("--build", action="store_true", help="compile scripts/blind17_src/*.cu into BUILD_DIR first")
    ns = ap.parse_args()
    build = Path(ns.build_dir)
    if ns.build:
        build_all(build, ns.archs.split(","))
    jobs = []
    with tempfile.TemporaryDirectory(prefix="blind17-") as d:
        for L in LAUNCHES:
            if ns.only and ns.only not in L["kernel"] and ns.only not in L["src"]:
                continue
            for a in ns.archs.split(","):
                for form in ns.forms.split(","):
                    t = Path(d) / str(len(jobs))
                    t.mkdir()
                    jobs.append((L, build / f"sm_{a}" / f"{L['src']}.{form}", t))
        bad = 0
        with cf.ThreadPoolExecutor(ns.j) as ex:
            for tag, err in ex.map(run_one, jobs):
                if err:
                    bad += 1
                    print(f"FAIL {tag}: {err}", flush=True)
        print(f"{len(jobs)} runs, {bad} failed")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
