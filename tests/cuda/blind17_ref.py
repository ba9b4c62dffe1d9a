"""Session 17 (blind17): independent references for ``blind17_warp`` and ``blind17_mix`` (Python
integers and floats following the C source's semantics, lane by lane; never gpuisa).

PYTEST_DONT_REWRITE: a helper module.
"""
from __future__ import annotations

import numpy as np

EXPECT: dict = {}
M32, M64 = (1 << 32) - 1, (1 << 64) - 1


def expect(fn):
    EXPECT[fn.__name__] = fn
    return fn


def _s32(v: int) -> int:
    v &= M32
    return v - (1 << 32) if v >> 31 else v


def _s64(v: int) -> int:
    v &= M64
    return v - (1 << 64) if v >> 63 else v


@expect
def blind17_redux(i):
    """__reduce_{add,min,max,and,or,xor}_sync per warp (sm_75: the shuffle fallback), 8 words a warp."""
    out = []
    for k in range(len(i["in"]) // 32):
        w = [int(v) for v in i["in"][32 * k:32 * k + 32]]
        sw = [_s32(v) for v in w]
        a, o, x = M32, 0, 0
        for v in w:
            a &= v | 0x0F0F0000
            o |= v & 0xFF
            x ^= v
        out += [sum(w) & M32, min(w), max(w), min(sw) & M32, max(sw) & M32, a, o, x]
    return {"out": np.array(out, np.uint32)}


@expect
def blind17_match(i):
    """__match_any_sync(k): the lanes with the same key; __match_all_sync(k >> 8, &pred) is the full
    mask (pred set: written ^ 0x80000000) or 0 (written ^ 1)."""
    km = [int(v) for v in i["keys"]]
    anym, allm = [], []
    for w in range(len(km) // 32):
        ks = km[32 * w:32 * w + 32]
        same = all((k >> 8) == (ks[0] >> 8) for k in ks)
        for k in ks:
            anym.append(sum(1 << j for j in range(32) if ks[j] == k))
            allm.append(0x7FFFFFFF if same else 1)
    return {"any": np.array(anym, np.uint32), "all": np.array(allm, np.uint32)}


@expect
def blind17_partial(i, n):
    """A butterfly over the first n lanes, adding a partner's value only when the partner is < n."""
    out = []
    for b in range(len(i["in"]) // 32):
        v = [int(t) for t in i["in"][32 * b:32 * b + 32]]
        for off in (1, 2, 4, 8, 16):
            v = [v[l] + (v[l ^ off] if (l ^ off) < n else 0) if l < n else v[l] for l in range(32)]
        out.append(_s32(v[0]))
    return {"out": np.array(out, np.int32)}


@expect
def blind17_rotate(i, shift):
    """A 64-bit __shfl_sync from lane (lane + shift) & 31 plus a double one from lane 31 - lane, halved
    and truncated toward zero (the values are below 2^41: exact in a double)."""
    v = [int(t) for t in i["in"]]
    out = []
    for t in range(len(v)):
        w, l = t // 32 * 32, t % 32
        out.append(_s64(v[w + ((l + shift) & 31)] + int(float(v[w + 31 - l]) * 0.5)))
    return {"out": np.array(out, np.int64)}


@expect
def blind17_params(i, c, s, i32, i64, f, d, uc, us, u, u64):
    """Eleven parameters of sizes 1, 2, 4, 8, 4, 8, 1, 2, 4, 8, 8 (C's layout), each read back;
    the float ones scaled and truncated; the sum with C's promotions (to long long)."""
    vals = [c, s, i32, i64, int(np.float32(f) * np.float32(1000.0)), int(d * 1e6), uc, us, u, u64 >> 3,
            _s64(c + s + i32 + i64 + uc + us + u)]
    return {"out": np.array(vals, np.int64)}


@expect
def blind17_scale_short(i, n, bias):
    """scaleT<short, -2>: in * (short)-2 + bias in int, stored as short (wraps)."""
    o = i["out"].copy()
    for t in range(n):
        o[t] = ((int(i["in"][t]) * -2 + bias) & 0xFFFF) - (1 << 16 if ((int(i["in"][t]) * -2 + bias) & 0x8000) else 0)
    return {"out": o}


@expect
def blind17_atomics(i, n):
    """Every 32-bit integer atomic on one word each (order-independent results: inc/dec step by one
    around their ranges), a 64-bit add over two words, a 16-bit CAS-loop add per element of 4."""
    vv = [int(t) for t in i["in"][:n]]
    res = [int(t) for t in i["res"]]
    res[0] = _s32(res[0] + sum(vv))
    res[1] = _s32(res[1] - sum(vv))
    res[2] = min([res[2]] + vv)
    res[3] = max([res[3]] + vv)
    for k, t in enumerate(vv):
        res[4] = _s32(res[4] & ~(1 << (k & 31)))
        res[5] = _s32(res[5] | (1 << (t & 31)))
        res[6] = _s32(res[6] ^ t)
    res[7] = vv[-1]
    u = [int(t) for t in i["ures"]]
    for _ in range(n):
        u[0] = 0 if u[0] >= 17 else u[0] + 1
        u[1] = 5 if (u[1] == 0 or u[1] > 5) else u[1] - 1
    uv = [t & M32 for t in vv]
    u[2] = min([u[2]] + uv)
    u[3] = max([u[3]] + uv)
    acc = (u[4] | (u[5] << 32)) + sum(uv)
    u[4], u[5] = acc & M32, (acc >> 32) & M32
    s16 = [int(t) for t in i["s16"]]
    for k, t in enumerate(vv):
        s16[k & 3] = (s16[k & 3] + (t & 0xFF)) & 0xFFFF
    return {"res": np.array(res, np.int32), "ures": np.array(u, np.uint32), "s16": np.array(s16, np.uint16)}


@expect
def blind17_volatile(i):
    """The classic volatile warp-synchronous tail of a shared-memory reduction: the block's sum."""
    return {"out": i["in"].astype(np.int64).reshape(-1, 128).sum(1).astype(np.int32)}


@expect
def blind17_segshfl(i):
    """Shuffles with a width: down-tree sums of 8-lane segments (float32, that tree's order) broadcast
    from each segment's lane 0; xor 3 within 16 lanes; up 2 within 4 lanes (own value below)."""
    f = np.float32
    v = [f(f(f(s[0] + s[4]) + f(s[2] + s[6])) + f(f(s[1] + s[5]) + f(s[3] + s[7]))) for s in i["in"].reshape(-1, 8)]
    g = np.arange(len(i["in"]))
    up = np.where(g % 4 >= 2, g - 2, g)
    return {"out": np.repeat(np.array(v, np.float32), 8), "idx": np.stack([g ^ 3, up], 1).ravel().astype(np.int32)}


def _f2i(x, mode, lo, hi):
    """C / PTX float -> integer: NaN -> 0, rounded by mode, saturated to [lo, hi]."""
    import math
    x = float(x)
    if math.isnan(x):
        return 0
    if math.isinf(x):
        return hi if x > 0 else lo
    r = int({"rz": math.trunc, "rd": math.floor, "ru": math.ceil, "rn": round}[mode](x))
    return min(max(r, lo), hi)


@expect
def blind17_f2i(i):
    """(int)f, (int)(unsigned)f, __float2int_rn/_rd, __float2uint_ru, (int)d, (int)(long long)d,
    (int)((unsigned long long)d >> 8) of NaN, infinities and out-of-range values (saturating)."""
    S32, U32, S64, U64 = (-(1 << 31), (1 << 31) - 1), (0, M32), (-(1 << 63), (1 << 63) - 1), (0, M64)
    out = []
    for x, y in zip(i["f"], i["d"]):
        out += [_f2i(x, "rz", *S32), _s32(_f2i(x, "rz", *U32)), _f2i(x, "rn", *S32), _f2i(x, "rd", *S32),
                _s32(_f2i(x, "ru", *U32)), _f2i(y, "rz", *S32), _s32(_f2i(y, "rz", *S64)), _s32(_f2i(y, "rz", *U64) >> 8)]
    return {"out": np.array(out, np.int32)}


@expect
def blind17_atom64(i, n):
    """atomicMin / atomicMax on long long, and a 64-bit atomicCAS loop folding in v * golden (xor:
    the same in any order)."""
    v = [int(t) for t in i["in"][:n]]
    c = int(i["cas"][0])
    for t in v:
        c ^= (t * 0x9E3779B97F4A7C15) & M64
    return {"mn": np.array([min([int(i["mn"][0])] + v)], np.int64), "mx": np.array([max([int(i["mx"][0])] + v)], np.int64),
            "cas": np.array([c], np.uint64)}
