"""Session 25 (blind25): independent references for ``blind25_algo.cu`` and ``blind25_num.cu``
(Python integers, numpy and textbook formulations of each algorithm; never gpuisa).

PYTEST_DONT_REWRITE: a helper module.
"""
from __future__ import annotations

import numpy as np

EXPECT: dict = {}
M32, M64 = (1 << 32) - 1, (1 << 64) - 1
F32 = np.float32


def expect(fn):
    EXPECT[fn.__name__] = fn
    return fn


# -- blind25_algo.cu ---------------------------------------------------------------------------------

@expect
def blind25_floyd(i):
    """All-pairs shortest paths of a 32-node dense graph: d = min(d, d[:, k] + d[k, :]) for every k."""
    d = i["dist"].astype(np.int64).reshape(32, 32)
    for k in range(32):
        d = np.minimum(d, d[:, k:k + 1] + d[k:k + 1, :])
    return {"dist": d.reshape(-1).astype(np.int32)}


def _queens(n: int, c0: int, c1: int) -> int:
    """Solutions of n-queens with the queens of rows 0 and 1 in columns c0 and c1."""
    def ok(cols, c):
        r = len(cols)
        return all(c != q and abs(c - q) != r - k for k, q in enumerate(cols))

    def count(cols):
        if len(cols) == n:
            return 1
        return sum(count(cols + [c]) for c in range(n) if ok(cols, c))
    return count([c0, c1]) if ok([c0], c1) else 0


def _nqueens(i, n):
    out = i["counts"].copy()
    for t in range(min(n * n, len(out))):
        out[t] = _queens(n, t % n, t // n)
    return {"counts": out}


@expect
def blind25_nqueens(i, n):
    return _nqueens(i, n)


@expect
def blind25_nqueens6(i, n):
    return _nqueens(i, n)


@expect
def blind25_edit(i, pairs):
    """Levenshtein distance of pairs of 16-byte strings (the full DP table)."""
    out = i["out"].copy()
    for p in range(pairs):
        s, u = i["a"][16 * p:16 * p + 16].tolist(), i["b"][16 * p:16 * p + 16].tolist()
        d = [[0] * 17 for _ in range(17)]
        for x in range(17):
            d[x][0] = x
            d[0][x] = x
        for x in range(1, 17):
            for y in range(1, 17):
                d[x][y] = min(d[x - 1][y] + 1, d[x][y - 1] + 1, d[x - 1][y - 1] + (s[x - 1] != u[y - 1]))
        out[p] = d[16][16]
    return {"out": out}


@expect
def blind25_morton(i, n):
    """3-D Morton code of 21-bit coordinates: bit b of x, y, z at bits 3b, 3b+1, 3b+2 (bit by bit);
    the decode gives the coordinates back."""
    xyz = [int(v) for v in i["xyz"]]
    code = []
    for p in range(n):
        c = 0
        for axis in range(3):
            v = xyz[3 * p + axis]
            for bit in range(21):
                c |= ((v >> bit) & 1) << (3 * bit + axis)
        code.append(c)
    return {"code": np.array(code, np.uint64), "back": np.array(xyz[:3 * n], np.uint32)}


@expect
def blind25_qsort(i):
    """Each thread's 16 floats in ascending order."""
    return {"data": np.sort(i["data"].reshape(-1, 16), axis=1).reshape(-1)}


@expect
def blind25_qsort_dup(i):
    return blind25_qsort(i)


@expect
def blind25_knn(i, n):
    """The 4 nearest of n integer-valued points (squared distance, exact), ties to the lower index
    (a stable sort by distance)."""
    pts = i["pts"].astype(np.int64).reshape(-1, 2)[:n]
    idx, dist = [], []
    for qx, qy in i["queries"].astype(np.int64).reshape(-1, 2):
        d = (pts[:, 0] - qx) ** 2 + (pts[:, 1] - qy) ** 2
        order = np.argsort(d, kind="stable")[:4]
        idx += order.tolist()
        dist += d[order].tolist()
    return {"idx": np.array(idx, np.int32), "dist": np.array(dist, np.float32)}


# -- blind25_num.cu ----------------------------------------------------------------------------------

@expect
def blind25_trapezoid(i, a, h, n):
    """The trapezoid rule for x^2/2 + 3x on [a, a + n h]: every term a multiple of 2^-8 and the sum
    below 2^53 of them, so exact in any order (computed with fractions)."""
    from fractions import Fraction
    a, h = Fraction(a), Fraction(h)
    tot = Fraction(0)
    for k in range(n + 1):
        x = a + k * h
        w = Fraction(1, 2) if k in (0, n) else 1
        tot += w * (x * x / 2 + 3 * x)
    return {"sum": np.array([float(tot * h)], np.float64)}


@expect
def blind25_rk4(i, dt, steps):
    """A damped, driven pendulum by classical RK4, in float64 (the kernel's float32 differs by
    rounding only: rtol 1e-4 over 200 steps)."""
    st = i["state"].astype(np.float64).reshape(-1, 2)

    def f(t, x, v):
        return v, -np.sin(x) - 0.1 * v + 0.5 * np.cos(0.8 * t)
    x, v = st[:, 0].copy(), st[:, 1].copy()
    dt = float(np.float32(dt))
    t = 0.0
    for _ in range(steps):
        k1 = f(t, x, v)
        k2 = f(t + dt / 2, x + dt / 2 * k1[0], v + dt / 2 * k1[1])
        k3 = f(t + dt / 2, x + dt / 2 * k2[0], v + dt / 2 * k2[1])
        k4 = f(t + dt, x + dt * k3[0], v + dt * k3[1])
        x = x + dt / 6 * (k1[0] + 2 * k2[0] + 2 * k3[0] + k4[0])
        v = v + dt / 6 * (k1[1] + 2 * k2[1] + 2 * k3[1] + k4[1])
        t += dt
    return {"state": np.stack([x, v], axis=1).reshape(-1).astype(np.float32)}


@expect
def blind25_bilateral(i, n, radius, inv2ss, inv2sr):
    """out[i] = sum w v / sum w, w = exp(-k^2 inv2ss - (v - c)^2 inv2sr), clamped neighbours (float64)."""
    x = i["in"].astype(np.float64)
    out = i["out"].copy()
    for p in range(n):
        c = x[p]
        k = np.arange(-radius, radius + 1)
        v = x[np.clip(p + k, 0, n - 1)]
        w = np.exp(-(k * k) * inv2ss - (v - c) ** 2 * inv2sr)
        out[p] = np.float32((w * v).sum() / w.sum())
    return {"out": out}


@expect
def blind25_cas(i):
    """CAS-built atomics: the product of powers of two (exact in any order), the largest double,
    a 16-bit counter (+3 by each of 32 threads per slot), and the float max/min through the integer
    order of their bits (max over g >= 0 as s32, min of the negatives' bits as u32)."""
    f = i["f"].astype(np.float64)
    prod = np.float32(np.prod(f))
    mx = max(float(i["mx"][0]), float(i["d"].max()))
    n = len(f)
    cnt = np.zeros(4, np.uint16)
    for t in range(n):
        cnt[t & 3] = (int(cnt[t & 3]) + 3) & 0xFFFF
    g = (f * (np.arange(n) - 40)).astype(np.float32)
    pos, neg = g[g >= 0], g[g < 0]
    hi = max([0] + [int(v) for v in pos.view(np.int32)])
    lo = min([M32] + [int(v) for v in neg.view(np.uint32)])
    return {"prod": np.array([prod], np.float32), "mx": np.array([mx]), "cnt16": cnt,
            "maxf": np.array([hi, lo], np.uint32).view(np.int32)}


@expect
def blind25_divide(i):
    """C's division: the quotient truncated toward zero, the remainder with the dividend's sign
    (cuda_expect's tdiv / _crem); unsigned: Python's floor division of the wrapped values."""
    from cuda_expect import _crem, tdiv     # here: cuda_expect imports this module at its end
    q32, u32, q64, u64 = [], [], [], []
    for x, y, X, Y in zip(*(i[k].tolist() for k in ("a", "b", "la", "lb"))):
        q32 += [tdiv(x, y), _crem(x, y)]
        u32 += [(x & M32) // (y & M32), (x & M32) % (y & M32)]
        q64 += [tdiv(X, Y), _crem(X, Y)]
        u64 += [(X & M64) // (Y & M64), (X & M64) % (Y & M64)]
    return {"q32": np.array(q32, np.int32), "u32": np.array(u32, np.uint32), "q64": np.array(q64, np.int64),
            "u64": np.array(u64, np.uint64)}


@expect
def blind25_gather64(i, stride, n, count):
    """out[i] = in[k % n] + (float)(k / n), k = i * stride modulo 2^64 (unsigned); the quotient
    rounded to binary32 once (cuda_expect's _round_f32: a float64 on the way would round twice)."""
    from fractions import Fraction

    from cuda_expect import _round_f32
    out = i["out"].copy()
    for p in range(count):
        k = (p * stride) & M64
        out[p] = F32(i["in"][k % n]) + F32(_round_f32(Fraction(k // n)))
    return {"out": out}

