"""Session 17: independent references for ``img17_more`` (numpy and Python integers from the C
source's semantics; the float IIR and the bf16 pipeline rounded exactly as IEEE binary32 / bfloat16
operations round: a float64 result of one operation on binary32 / bf16 operands rounds correctly to
binary32 and then to bf16, since 53 >= 2*24 + 2 and 24 >= 2*8 + 2).  Never gpuisa.

PYTEST_DONT_REWRITE: a helper module.
"""
from __future__ import annotations

import numpy as np

EXPECT: dict = {}


def expect(fn):
    EXPECT[fn.__name__] = fn
    return fn


def _clamp(v, lo=0, hi=255):
    return np.minimum(np.maximum(v, lo), hi)


@expect
def img17_nv12(i, w, h):
    yy = i["y"].astype(np.int64).reshape(h, w) - 16
    uv = i["uv"].astype(np.int64).reshape(-1, w)
    rows = np.arange(h)[:, None] >> 1
    cols = np.arange(w)[None, :] & ~1
    u, v = uv[rows, cols] - 128, uv[rows, cols + 1] - 128
    c = 298 * yy
    rgba = np.stack([_clamp((c + 409 * v + 128) >> 8), _clamp((c - 100 * u - 208 * v + 128) >> 8),
                     _clamp((c + 516 * u + 128) >> 8), np.full((h, w), 255)], axis=-1)
    return {"out": rgba.astype(np.uint8).ravel()}


@expect
def img17_integral_rows(i, w, h):
    return {"out": np.cumsum(i["in"].astype(np.uint64).reshape(h, w), axis=1).astype(np.uint32).ravel()}


@expect
def img17_integral_cols(i, w, h):
    return {"img": np.cumsum(i["img"].astype(np.uint64).reshape(h, w), axis=0).astype(np.uint32).ravel()}


@expect
def img17_morph(i, w, h):
    t = np.pad(i["in"].reshape(h, w), 1, mode="edge")
    win = np.stack([t[dy:dy + h, dx:dx + w] for dy in range(3) for dx in range(3)])
    return {"ero": win.min(axis=0).ravel(), "dil": win.max(axis=0).ravel()}


def _f32(v: float) -> float:
    return float(np.float32(v))


@expect
def img17_iir(i, w, h, a, b):
    x = i["in"].astype(np.float64).reshape(h, w)
    a, b = _f32(a), _f32(b)
    out = np.zeros((h, w), np.float32)
    for r in range(h):
        yp = 0.0
        for k in range(w):
            yp = _f32(b * yp + _f32(a * x[r, k]))       # __fmaf_rn(b, yp, a * x): one rounding of b*yp + p
            out[r, k] = yp
        yp = 0.0
        for k in range(w - 1, -1, -1):
            yp = _f32(b * yp + _f32(a * x[r, k]))
            out[r, k] = np.float32(_f32(float(out[r, k]) + yp))
    return {"out": out.ravel()}


def _565(c: int) -> tuple[int, int, int]:
    return ((c >> 11) & 31) * 255 // 31, ((c >> 5) & 63) * 255 // 63, (c & 31) * 255 // 31


@expect
def img17_dxt1(i, bw):
    blocks = i["blocks"].astype(np.uint64).reshape(-1, 2)
    bh = blocks.shape[0] // bw
    out = np.zeros((bh * 4, bw * 4, 4), np.uint8)
    for n, (lo, hi) in enumerate(blocks.tolist()):
        c0, c1 = lo & 0xFFFF, lo >> 16
        p0, p1 = _565(c0), _565(c1)
        if c0 > c1:
            pal = [p0 + (255,), p1 + (255,), tuple((2 * a + b) // 3 for a, b in zip(p0, p1)) + (255,),
                   tuple((a + 2 * b) // 3 for a, b in zip(p0, p1)) + (255,)]
        else:
            pal = [p0 + (255,), p1 + (255,), tuple((a + b) // 2 for a, b in zip(p0, p1)) + (255,), (0, 0, 0, 0)]
        by, bx = divmod(n, bw)
        for py in range(4):
            for px in range(4):
                out[by * 4 + py, bx * 4 + px] = pal[(hi >> (2 * (py * 4 + px))) & 3]
    return {"out": out.ravel()}


@expect
def img17_bitplanes(i, n):
    words = (len(i["planes"]) // 8)
    v = np.zeros(words * 32, np.int64)
    v[:n] = i["in"][:n]
    planes, runs = [], []
    for wd in range(words):
        for k in range(8):
            bits = sum(1 << j for j in range(32) if (v[wd * 32 + j] >> k) & 1)
            t = bin(bits ^ (bits >> 1)).count("1")
            top = bits.bit_length() - 1 if bits else 0xFF
            longest = max((len(s) for s in format(bits, "032b").split("0")), default=0)
            planes.append(bits)
            runs.append((t << 16) | (top << 8) | longest)
    return {"planes": np.array(planes, np.uint32), "runs": np.array(runs, np.uint32)}


def _bf16(v: float) -> float:
    """binary32 rounding, then bfloat16 round-to-nearest-even (exact: see the module's docstring)."""
    u = int(np.float32(v).view(np.uint32))
    u = ((u + 0x7FFF + ((u >> 16) & 1)) >> 16) << 16
    return float(np.uint32(u).view(np.float32))


def _bits(v: float) -> int:
    return int(np.float32(v).view(np.uint32)) >> 16


@expect
def img17_bf16(i, n, s):
    a = (i["a"].astype(np.uint32) << 16).view(np.float32).astype(np.float64)
    b = (i["b"].astype(np.uint32) << 16).view(np.float32).astype(np.float64)
    sb = _bf16(s)
    out = []
    for k in range(2 * n):
        x, y = float(a[k]), float(b[k])
        acc = _bf16(x * y + sb)
        acc = _bf16(acc * acc - x)
        acc = max(acc, -4.0)
        out.append(_bits(_bf16(acc * y)))
    return {"out": np.array(out, np.uint16)}
