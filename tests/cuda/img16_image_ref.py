"""Session 16 (img16): independent references for ``img16_image`` (numpy, from the C source's
semantics: clamped borders, integer arithmetic exact; the bilinear resize + luma in float32 within
1 grey level, nvcc contracting its multiply-adds into FMAs).  Never gpuisa.

PYTEST_DONT_REWRITE: a helper module.
"""
from __future__ import annotations

import numpy as np

EXPECT: dict = {}


def expect(fn):
    EXPECT[fn.__name__] = fn
    return fn


def _clamped(img: np.ndarray, y: int, x: int) -> int:
    h, w = img.shape
    return int(img[min(max(y, 0), h - 1), min(max(x, 0), w - 1)])


@expect
def img16_gray(i, w, h):
    p = i["inp"].astype(np.uint32).reshape(h * w, 4)
    g = (77 * p[:, 0] + 150 * p[:, 1] + 29 * p[:, 2] + 128) >> 8
    return {"out": i["c_gamma"][g].astype(np.uint8)}


@expect
def img16_sobel(i, w, h):
    t = np.pad(i["inp"].astype(np.int64).reshape(h, w), 1, mode="edge")
    c = lambda dy, dx: t[1 + dy:1 + dy + h, 1 + dx:1 + dx + w]           # noqa: E731
    gx = -c(-1, -1) - 2 * c(0, -1) - c(1, -1) + c(-1, 1) + 2 * c(0, 1) + c(1, 1)
    gy = -c(-1, -1) - 2 * c(-1, 0) - c(-1, 1) + c(1, -1) + 2 * c(1, 0) + c(1, 1)
    return {"out": np.minimum(np.abs(gx) + np.abs(gy), 255).astype(np.uint8).ravel()}


@expect
def img16_median(i, w, h):
    t = np.pad(i["inp"].reshape(h, w), 1, mode="edge")
    stack = np.stack([t[dy:dy + h, dx:dx + w] for dy in range(3) for dx in range(3)])
    return {"out": np.median(stack, axis=0).astype(np.uint8).ravel()}


@expect
def img16_census(i, w, h, maxd):
    L, R = i["l"].reshape(h, w), i["r"].reshape(h, w)

    def census(im, y, cx):
        m, c = int(im[y, cx]), 0
        for dy in range(-2, 3):
            for dx in range(-3, 4):
                c = (c << 1) | int(_clamped(im, y + dy, cx + dx) < m)
        return c
    out = np.zeros((h, w, maxd), np.uint16)
    for y in range(h):
        cr = [census(R, y, x) for x in range(w)]
        for x in range(w):
            cl = census(L, y, x)
            for d in range(maxd):
                out[y, x, d] = bin(cl ^ cr[max(x - d, 0)]).count("1")
    return {"cost": out.ravel()}


@expect
def img16_hist(i, n):
    return {"hist": np.bincount(i["data"][:n].view(np.uint8), minlength=256).astype(np.uint32)}


@expect
def img16_mix(i, n, ga, gb):
    a, b = i["a"].astype(np.int64), i["b"].astype(np.int64)
    return {"o": np.clip((a * ga + b * gb) >> 8, -32768, 32767).astype(np.int16)}


@expect
def img16_resize(i, w, h, ow, oh):
    f32 = np.float32
    p = i["inp"].reshape(h, w, 4).astype(f32)
    out = np.zeros((oh, ow))
    for y in range(oh):
        for x in range(ow):
            fx, fy = f32((x + f32(0.5)) * f32(w)) / f32(ow) - f32(0.5), f32((y + f32(0.5)) * f32(h)) / f32(oh) - f32(0.5)
            x0, y0 = max(int(np.floor(fx)), 0), max(int(np.floor(fy)), 0)
            x1, y1 = min(x0 + 1, w - 1), min(y0 + 1, h - 1)
            ax, ay = (f32(0) if fx < 0 else fx - np.floor(fx)), (f32(0) if fy < 0 else fy - np.floor(fy))
            acc = (1 - ax) * (1 - ay) * p[y0, x0] + ax * (1 - ay) * p[y0, x1] + (1 - ax) * ay * p[y1, x0] + ax * ay * p[y1, x1]
            Y = f32(0.299) * acc[0] + f32(0.587) * acc[1] + f32(0.114) * acc[2]
            out[y, x] = np.rint(min(max(Y / f32(255), 0), 1) * f32(255))
    return {"yp": out.ravel()}
