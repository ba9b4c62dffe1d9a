import math, struct
import numpy as np
from refs import *

TESTS = []
def test(fn):
    TESTS.append(fn); return fn

def cmp_exact(name, got, exp, errs):
    got = np.asarray(got); exp = np.asarray(exp).astype(got.dtype)
    bad = got != exp
    idx = np.flatnonzero(bad)
    if len(idx):
        k = idx[0]
        errs.append('%s: %d/%d mismatches, first [%d] got %s expected %s' % (name, len(idx), bad.size, k, hex(int(got.flat[k]) & M64), hex(int(exp.flat[k]) & M64)))

def warps(nthreads):
    """yield (base, nl) per warp of a block"""
    for wb in range(0, nthreads, 32):
        yield wb, min(32, nthreads - wb)

def shfl_src(mode, lane, b, width):
    seg = (32 - width) & 31
    clamp = 0 if mode == 'up' else 31
    maxl = (lane & seg) | (clamp & ~seg & 31)
    minl = lane & seg
    if mode == 'up': j = lane - b; p = j >= maxl
    elif mode == 'down': j = lane + b; p = j <= maxl
    elif mode == 'bfly': j = lane ^ b; p = j <= maxl
    else: j = minl | (b & 31 & ~seg); p = j <= maxl
    return j if p else lane

def popc(x): return bin(x & M32).count('1')

# ---------------------------------------------------------------- 1
@test
def t_shfl(rng):
    G, B = 5, 48
    v = rng.integers(-2**31, 2**31, G * B).astype(np.int32)
    exp = np.zeros(G * B * 8, np.int64)
    for blk in range(G):
        for wb, nl in warps(B):
            live = (1 << nl) - 1
            odd, even = live & 0xAAAAAAAA, live & 0x55555555
            V = [int(v[blk * B + wb + l]) for l in range(nl)]
            X = [((V[l] << 32) | ((V[l] * 7 + l) & M32)) & M64 for l in range(nl)]
            for l in range(nl):
                def S(mode, b, width, mask, vals=V):
                    j = shfl_src(mode, l, b, width)
                    assert (mask >> j) & 1 and j < nl, (mode, l, b, width, j)
                    return vals[j]
                if l & 1:
                    r = [S('bfly', 2, 32, odd), S('down', 4, 8, odd), S('up', 6, 16, odd), S('idx', l + 34, 16, odd),
                         S('bfly', 16, 16, odd), S('idx', (nl - 33) & M32, 32, odd)]
                    x = S('bfly', 4, 32, odd, X)
                else:
                    r = [S('bfly', 6, 8, even), S('idx', l * 3 + 64, 8, even), S('down', 2, 16, even), S('up', 4, 32, even),
                         S('bfly', 8, 4, even)]
                    if l % 4 == 0:
                        r.append(2 * S('idx', (l + 4) & (nl - 1), 32, live & 0x11111111))
                    else:
                        r.append(S('up', 4, 32, live & 0x44444444) + 1000000)
                    x = S('idx', l ^ 2, 32, even, X)
                r += [x & M32, x >> 32]
                g = blk * B + wb + l
                exp[g * 8:g * 8 + 8] = [s32(q) for q in r]
    def check(o, arch, errs):
        cmp_exact('out', o['out'], exp, errs)
    return dict(file='k01_shfl', kernel='shfl_partial', grid=str(G), block=str(B), inputs={'inp': v},
                outputs={'out': (np.int32, G * B * 8, None)}, params=['ptr:inp', 'ptr:out'], check=check)

# ---------------------------------------------------------------- 2
@test
def t_vote(rng):
    B = 1000
    x = rng.integers(0, 2**32, B, dtype=np.uint64).astype(np.uint32)
    exp = np.zeros(B * 6, np.uint32)
    for wb, nl in warps(B):
        X = [int(x[wb + l]) for l in range(nl)]
        live = (1 << nl) - 1
        bal = lambda mask, f: sum(1 << l for l in range(nl) if (mask >> l) & 1 and f(l))
        m1 = bal(live, lambda l: X[l] & 1)
        m2 = bal(m1, lambda l: X[l] & 2)
        m3 = m1 & ~m2
        m4 = live & ~m1
        for l in range(nl):
            xv = X[l]; o = [m1, 0, 0, 0, 0, 0]
            if xv & 1:
                o[1] = m2
                if xv & 2:
                    o[2] = int(bal(m2, lambda q: X[q] & 4) != 0)
                    o[3] = int(bal(m2, lambda q: X[q] & 8) == m2)
                    o[4] = bal(m2, lambda q: X[q] & 16)
                else:
                    o[2] = int(bal(m3, lambda q: X[q] & 4) == m3) + 10
                    o[3] = int(bal(m3, lambda q: X[q] & 8) != 0) + 10
                    o[4] = bal(m3, lambda q: q > 10)
                o[5] = popc(bal(m1, lambda q: X[q] & 32))
            else:
                o[1] = 0xdead
                n = (xv >> 8) & 3
                acc = 0; mi = bal(m4, lambda q: ((X[q] >> 8) & 3) > 0)
                for i in range(n):
                    nxt = bal(mi, lambda q: i + 1 < ((X[q] >> 8) & 3))
                    acc += popc(nxt) * (i + 1) + 100 * int(bal(mi, lambda q: X[q] & 64) == mi)
                    mi = nxt
                o[2] = acc & M32
                o[3] = int(bal(m4, lambda q: X[q] & 128) != 0)
                o[4] = bal(m4, lambda q: X[q] & 4)
            exp[(wb + l) * 6:(wb + l) * 6 + 6] = o
    def check(o, arch, errs):
        cmp_exact('out', o['out'], exp, errs)
    return dict(file='k02_vote', kernel='vote_nested', grid='1', block=str(B), inputs={'inp': x},
                outputs={'out': (np.uint32, B * 6, None)}, params=['ptr:inp', 'ptr:out'], check=check)

# ---------------------------------------------------------------- 3
@test
def t_match(rng):
    N = 512
    v = rng.choice(np.array([3, 0x70000003, 0x10000000, 0x30000005, 7, 0xF0000000], np.uint32), N)
    hi = rng.choice(np.array([0, 1, 0x100, 0xFF0000], np.uint64), N)
    for w in range(16):
        s = slice(w * 32, w * 32 + 32)
        if w % 4 == 0: v[s] = (v[s] & 0x0FFFFFFF) | 0x70000000
        if w % 4 == 1: hi[s] = 0x100
        if w % 4 == 2:
            for l in range(0, 32, 3): v[w * 32 + l] = 0x30000005; hi[w * 32 + l] = 0xFF0000
    w64 = (hi << np.uint64(32)) | v.astype(np.uint64)
    fl = rng.choice(np.array([0, 0x80000000, 0x3f800000, 0x7fc00000, 0x7fc00001], np.uint32), N)
    exp = np.zeros(N * 8, np.uint32)
    for wb in range(0, N, 32):
        V = [int(q) for q in v[wb:wb + 32]]; W = [int(q) for q in w64[wb:wb + 32]]; F = [int(q) for q in fl[wb:wb + 32]]
        m = sum(1 << l for l in range(32) if l % 3 != 0); m3 = M32 & ~m
        many = lambda mask, vals, l: sum(1 << q for q in range(32) if (mask >> q) & 1 and vals[q] == vals[l])
        def mall(mask, vals):
            s = {vals[q] for q in range(32) if (mask >> q) & 1}
            return (mask, 1) if len(s) == 1 else (0, 0)
        for l in range(32):
            o = [0] * 8
            o[0] = many(M32, V, l); o[7] = many(M32, F, l)
            if l % 3:
                o[1] = many(m, V, l); o[2] = many(m, W, l)
                o[3], o[4] = mall(m, [q & 0xF0000000 for q in V])
                o[5], o[6] = mall(m, [q >> 40 for q in W])
            else:
                o[1] = many(m3, W, l)
                o[2], o[3] = mall(m3, [q & M32 for q in W])
                o[4], o[5] = mall(m3, [q & 0xFFFFFFFF000000FF for q in W])
                o[6] = many(m3, [q & 0x30000000 for q in V], l)
            exp[(wb + l) * 8:(wb + l) * 8 + 8] = o
    def check(o, arch, errs):
        cmp_exact('out', o['out'], exp, errs)
    return dict(file='k03_match', kernel='match_k', grid='2,2', block='8,8,2', inputs={'i32': v, 'i64': w64, 'ifl': fl},
                outputs={'out': (np.uint32, N * 8, None)}, params=['ptr:i32', 'ptr:i64', 'ptr:ifl', 'ptr:out'], check=check)

# ---------------------------------------------------------------- 4
@test
def t_redux(rng):
    G, B = 5, 48
    u = rng.integers(0, 2**32, G * B, dtype=np.uint64).astype(np.uint32)
    u[u == 0x80000000] = 1
    u[::7] &= 0xFF
    exp = np.zeros(G * B * 5, np.uint32)
    for blk in range(G):
        for wb, nl in warps(B):
            U = [int(q) for q in u[blk * B + wb: blk * B + wb + nl]]
            S = [s32(q) for q in U]
            live = (1 << nl) - 1
            sel = lambda mask, vals: [vals[q] for q in range(nl) if (mask >> q) & 1]
            m = sum(1 << q for q in range(nl) if U[q] & 1)
            m2 = live & ~m
            b2 = sum(1 << q for q in range(nl) if (m2 >> q) & 1 and U[q] & 2)
            for l in range(nl):
                o = [sum(U) & M32]
                if U[l] & 1:
                    o += [min(sel(m, S)) & M32, max(sel(m, S)) & M32, min(sel(m, U)), max(sel(m, U))]
                else:
                    a_ = M32; r_ = 0; x_ = 0
                    for q in sel(m2, U): a_ &= q; r_ |= q; x_ ^= q
                    o += [a_, r_, x_]
                    if U[l] & 2:
                        m3 = m2 & b2
                        o.append(((sum(q * 3 for q in sel(m3, U)) & M32) ^ (max(-q for q in sel(m3, S)) & M32)))
                    else:
                        m3 = m2 & ~b2
                        o.append(min(-q for q in sel(m3, S)) & M32)
                g = blk * B + wb + l
                exp[g * 5:g * 5 + 5] = o
    def check(o, arch, errs):
        cmp_exact('out', o['out'], exp, errs)
    return dict(file='k04_redux', kernel='redux_k', grid=str(G), block=str(B), inputs={'inp': u}, archs=[80, 90, 120],
                outputs={'out': (np.uint32, G * B * 5, None)}, params=['ptr:inp', 'ptr:out'], check=check)

# ---------------------------------------------------------------- 5
@test
def t_cgco(rng):
    G, B = 5, 48
    v = rng.integers(0, 100, G * B).astype(np.int32)
    exp = np.full(G * B * 9, -7, np.int64)
    for blk in range(G):
        for wb, nl in warps(B):
            V = [int(q) for q in v[blk * B + wb: blk * B + wb + nl]]
            A = [l for l in range(nl) if V[l] % 3]
            for l in A:
                r = A.index(l); o = [len(A), r, V[A[0]], sum(V[q] for q in A), V[A[len(A) - 1 - r]]]
                if V[l] % 3 == 1:
                    A1 = [q for q in A if V[q] % 3 == 1]; r1 = A1.index(l)
                    o += [len(A1) * 100 + r1, sum(V[q] for q in A1[:r1])]
                else:
                    A2 = [q for q in A if V[q] % 3 == 2 and V[q] % 5 == V[l] % 5]; r2 = A2.index(l)
                    o += [len(A2) * 100 + r2, max(V[q] for q in A2)]
                P = [q for q in A if (V[q] > 50) == (V[l] > 50)]
                o += [len(P) * 1000 + P.index(l), sum(1 << i for i, q in enumerate(P) if V[q] & 1)]
                g = blk * B + wb + l
                exp[g * 9:g * 9 + 9] = o
    def check(o, arch, errs):
        cmp_exact('out', o['out'], exp, errs)
    return dict(file='k05_cgco', kernel='cg_coalesced', grid=str(G), block=str(B), inputs={'inp': v},
                outputs={'out': (np.int32, G * B * 9, None)}, params=['ptr:inp', 'ptr:out'], check=check)

# ---------------------------------------------------------------- 6
@test
def t_cgtile(rng):
    N = 512
    v = rng.integers(-60, 61, N).astype(np.int32)
    exp = np.zeros(N * 9, np.int64)
    for g in range(N):
        t = g % 128; base = g - t
        b4 = base + (t // 4) * 4; b16 = base + (t // 16) * 16
        V4 = [int(q) for q in v[b4:b4 + 4]]; V16 = [int(q) for q in v[b16:b16 + 16]]
        r4 = t % 4; r16 = t % 16
        xs = 0
        for q in V16[:r16]: xs ^= q
        o = [sum(V4), sum(V4[:r4 + 1]), xs, max(q & M32 for q in V16), min(V16[:r16 + 1]),
             V16[r16 + 3] if r16 + 3 < 16 else V16[r16], (t // 4) * 100 + 32, sum(V4[:r4]),
             sum(1 << i for i, q in enumerate(V16) if q & 1) + (int(any(q > 0 for q in V4)) << 20) + (int(all(q > -50 for q in V4)) << 21)]
        exp[g * 9:g * 9 + 9] = [s32(q) for q in o]
    def check(o, arch, errs):
        cmp_exact('out', o['out'], exp, errs)
    return dict(file='k06_cgtile', kernel='cg_tiles', grid='2,2', block='8,8,2', inputs={'inp': v},
                outputs={'out': (np.int32, N * 9, None)}, params=['ptr:inp', 'ptr:out'], check=check)

# ---------------------------------------------------------------- 7
@test
def t_syncwarp(rng):
    B = 1000
    v = rng.integers(-10**6, 10**6, B).astype(np.int32)
    exp = np.zeros(B * 3, np.int64)
    for wb, nl in warps(B):
        V = [int(q) for q in v[wb:wb + nl]]
        for l in range(nl):
            j = (l + 1) % nl
            r0 = V[j] * 3 if j & 1 else V[j] + 7
            if l < 16:
                j = (l + 5) % min(16, nl); r1 = (V[j] ^ 0x55) * (2 if l >= 8 else 1)
            else:
                r1 = -1
            exp[(wb + l) * 3:(wb + l) * 3 + 3] = [r0, r1, sum(V)]
    def check(o, arch, errs):
        cmp_exact('out', o['out'], exp, errs)
    return dict(file='k07_syncwarp', kernel='syncwarp_k', grid='1', block=str(B), inputs={'inp': v},
                outputs={'out': (np.int32, B * 3, None)}, params=['ptr:inp', 'ptr:out'], check=check)

# ---------------------------------------------------------------- 8
def f32b(x): return int(np.array([x], np.float32).view(np.uint32)[0])
def f64b(x): return int(np.array([x], np.float64).view(np.uint64)[0])

@test
def t_satom(rng):
    G, B = 2, 256
    x = rng.integers(0, 2**32, G * B, dtype=np.uint64).astype(np.uint32)
    y = rng.integers(0, 2**64, G * B, dtype=np.uint64)
    x[5] = 0x7fffffff; y[9] = 0x8000000000000000; y[300] = 0xFFFFFFFFFFFFFFFF; y[301] = 0
    exp = np.zeros(G * 32, np.uint64)
    for b in range(G):
        X = [int(q) for q in x[b * B:(b + 1) * B]]; Y = [int(q) for q in y[b * B:(b + 1) * B]]
        a_, o_, x_ = M32, 0, 0x12345678
        for q in X: a_ &= q | 0x0F0F0000; o_ |= q & 0x00F0F00F; x_ ^= q
        r = [(5 + sum(X)) & M32, min(0x7fffffff, min(s32(q) for q in X)) & M32, max(-2**31, max(s32(q) for q in X)) & M32,
             min(X), max(X), a_, o_, x_, B % 38, (-B) % 42, None, (1 + sum(q * q for q in X)) & M32]
        a_, o_, x_ = M64, 0, 0x0123456789abcdef
        for q in Y: a_ &= q | 0xF0F0F0F000000000; o_ |= q & 0x000F00000000F00F; x_ ^= q
        r += [(7 + sum(Y)) & M64, min(2**63 - 1, min(s64(q) for q in Y)) & M64, max(-2**63, max(s64(q) for q in Y)) & M64,
              min(Y), max(Y), a_, o_, x_, None, (3 + sum(3 * q for q in Y)) & M64]
        r += [f32b(0.5 + sum((q % 1000) - 500 for q in X)), f32b(-1.0 + sum((q & 7) * 0.125 for q in X)),
              f64b(0.25 + sum(q * 0.25 for q in X)), f64b(1e10 - sum(q >> 20 for q in Y))]
        r += [(0xfff0 + i + sum(X[t] & 0xff for t in range(B) if t % 6 == i)) & 0xffff for i in range(6)]
        exp[b * 32:b * 32 + 32] = [0 if q is None else q for q in r]
    def check(o, arch, errs):
        got = o['out'].copy(); e = exp.copy()
        for b in range(G):
            fin32 = int(got[b * 32 + 10]); fin64 = int(got[b * 32 + 20])
            ms = sorted([int(q) for q in o['olds32'][b * B:(b + 1) * B]] + [fin32])
            if ms != sorted([0xabcdef01] + [int(q) for q in x[b * B:(b + 1) * B]]):
                errs.append('block %d: atomicExch u32 olds+final not a permutation of init+values' % b)
            ms = sorted([int(q) for q in o['olds64'][b * B:(b + 1) * B]] + [fin64])
            if ms != sorted([0x5555aaaa5555aaaa] + [int(q) for q in y[b * B:(b + 1) * B]]):
                errs.append('block %d: atomicExch u64 olds+final not a permutation of init+values' % b)
            e[b * 32 + 10] = got[b * 32 + 10]; e[b * 32 + 20] = got[b * 32 + 20]
        cmp_exact('out', got, e, errs)
    return dict(file='k08_satom', kernel='satom', grid=str(G), block=str(B), inputs={'ix': x, 'iy': y},
                outputs={'out': (np.uint64, G * 32, None), 'olds32': (np.uint32, G * B, None), 'olds64': (np.uint64, G * B, None)},
                params=['ptr:ix', 'ptr:iy', 'ptr:out', 'ptr:olds32', 'ptr:olds64'], check=check)

# ---------------------------------------------------------------- 9
def h16(x): return int(np.array([x], np.float16).view(np.uint16)[0])
def bf16(x): return f32b(x) >> 16

@test
def t_gatomh(rng):
    G, B = 3, 64
    N = G * B
    v = rng.integers(0, 10**6, N).astype(np.int32)
    A = [(int(q) % 7) - 3 for q in v]; Bv = [((int(q) >> 4) % 5) - 2 for q in v]
    h2i = np.zeros(8, np.uint16); b2i = np.zeros(8, np.uint16); h1i = np.zeros(4, np.uint16)
    h1i[3] = 0x3c00; b1i = np.zeros(4, np.uint16); b1i[0] = 0x4049
    fi = np.zeros(8, np.float32); fi[2] = 3.5; fi[3] = -2.0; fi[6] = 0.25
    u16i = np.array([1, 2, 3, 4, 5, 0xAAAA], np.uint16)
    eh2 = np.zeros(8, np.uint16); eb2 = np.zeros(8, np.uint16)
    for k in range(4):
        gs = [g for g in range(N) if g % 4 == k]
        eh2[2 * k] = h16(sum(A[g] for g in gs)); eh2[2 * k + 1] = h16(sum(3 * Bv[g] for g in gs))
        eb2[2 * k] = bf16(sum(Bv[g] for g in gs)); eb2[2 * k + 1] = bf16(sum(A[g] for g in gs))
    eh1 = h1i.copy(); eb1 = b1i.copy()
    for k in range(3):
        gs = [g for g in range(N) if g % 3 == k]
        eh1[k] = h16(sum(A[g] + Bv[g] for g in gs)); eb1[1 + k] = bf16(sum(A[g] - Bv[g] for g in gs))
    ef = fi.copy()
    ef[0] += sum(A); ef[1] += sum(Bv); ef[4] += N; ef[5] += sum(A); ef[6] += sum(a * b for a, b in zip(A, Bv)); ef[7] += -0.5 * N
    eu = u16i.copy()
    for k in range(5):
        xv = int(u16i[k])
        for _ in range(sum(1 for g in range(N) if g % 5 == k)): xv = (xv * 3 + 1) & 0xffff
        eu[k] = xv
    def check(o, arch, errs):
        cmp_exact('h2', o['h2'], eh2, errs); cmp_exact('b2', o['b2'], eb2, errs)
        cmp_exact('h1', o['h1'], eh1, errs); cmp_exact('b1', o['b1'], eb1, errs)
        cmp_exact('f', o['f'].view(np.uint32), ef.view(np.uint32), errs); cmp_exact('u16', o['u16'], eu, errs)
    return dict(file='k09_gatomh', kernel='gatom_half', grid=str(G), block=str(B), inputs={'inp': v},
                outputs={'h2': (np.uint16, 8, h2i), 'b2': (np.uint16, 8, b2i), 'h1': (np.uint16, 4, h1i), 'b1': (np.uint16, 4, b1i),
                         'f': (np.float32, 8, fi), 'u16': (np.uint16, 6, u16i)},
                params=['ptr:inp', 'ptr:h2', 'ptr:b2', 'ptr:h1', 'ptr:b1', 'ptr:f', 'ptr:u16'], check=check)

# ---------------------------------------------------------------- 10
@test
def t_gatom64(rng):
    G, B = 5, 48
    N = G * B
    v = rng.integers(-2**63, 2**63, N, dtype=np.int64)
    v[3] = -2**63; v[4] = 2**63 - 1; v[10] = -1; v[11] = 0
    init = np.array([2**63 - 1, -2**63, -1, 0, -1, 0, 0x0123456789abcdef, 77, 5, 0, 0, 0, 0, 0, -2**63, 2**63 - 1, -1], np.int64)
    V = [int(q) for q in v]; U = [q & M64 for q in V]
    e = [int(q) & M64 for q in init]
    e[0] = min(V + [2**63 - 1]) & M64; e[1] = max(V) & M64; e[2] = min(U); e[3] = max(U)
    a_, o_, x_ = M64, 0, e[6]
    for q in U: a_ &= q | 0x8421842184218421; o_ |= q & 0x0000F000000F0001; x_ ^= q
    e[4], e[5], e[6] = a_, o_, x_
    e[8] = (5 + sum(U)) & M64
    for b in range(G): e[9 + b] = sum(q >> 3 for q in U[b * B:(b + 1) * B]) & M64
    e[14] = max(q >> 1 for q in V) & M64
    e[15] = min(min(q ^ 0x5555 for q in V), 2**63 - 1) & M64
    m = M64
    for g in range(N): m &= ~(1 << (g % 50)) & M64
    e[16] = m
    exp = np.array(e, np.uint64)
    def check(o, arch, errs):
        got = o['acc'].view(np.uint64).copy()
        ms = sorted([int(q) for q in o['olds']] + [int(got[7])])
        if ms != sorted([77] + U):
            errs.append('atomicExch u64 olds+final not a permutation')
        ee = exp.copy(); ee[7] = got[7]
        cmp_exact('acc', got, ee, errs)
    return dict(file='k10_gatom64', kernel='gatom64', grid=str(G), block=str(B), inputs={'inp': v},
                outputs={'acc': (np.int64, 17, init), 'olds': (np.uint64, N, None)},
                params=['ptr:inp', 'ptr:acc', 'ptr:olds'], check=check)

# ---------------------------------------------------------------- 11 PTX bit ops
def bfe(a, pos, ln, signed, msb, mask=True):
    if mask: pos &= 0xff; ln &= 0xff
    sbit = 0 if (not signed or ln == 0) else (a >> min(pos + ln - 1, msb)) & 1
    d = 0
    for i in range(msb + 1):
        bit = ((a >> (pos + i)) & 1) if (i < ln and pos + i <= msb) else sbit
        d |= bit << i
    return d

def bfi(a, b, pos, ln):
    pos &= 0xff; ln &= 0xff; f = b
    i = 0
    while i < ln and pos + i <= 31:
        f = (f & ~(1 << (pos + i))) | (((a >> i) & 1) << (pos + i)); i += 1
    return f & M32

PRMT = {'f4e': [[0, 1, 2, 3], [1, 2, 3, 4], [2, 3, 4, 5], [3, 4, 5, 6]],
        'b4e': [[0, 7, 6, 5], [1, 0, 7, 6], [2, 1, 0, 7], [3, 2, 1, 0]],
        'rc8': [[0] * 4, [1] * 4, [2] * 4, [3] * 4],
        'ecl': [[0, 1, 2, 3], [1, 1, 2, 3], [2, 2, 2, 3], [3, 3, 3, 3]],
        'ecr': [[0, 0, 0, 0], [0, 1, 1, 1], [0, 1, 2, 2], [0, 1, 2, 3]],
        'rc16': [[0, 1, 0, 1], [2, 3, 2, 3], [0, 1, 0, 1], [2, 3, 2, 3]]}   # listed d.b0..d.b3

def prmt(a, b, c, mode=None):
    src = [(((b << 32) | a) >> (8 * i)) & 0xff for i in range(8)]
    d = 0
    if mode is None:
        for i in range(4):
            s = (c >> (4 * i)) & 0xf
            by = src[s & 7]
            if s & 8: by = 0xff if by & 0x80 else 0
            d |= by << (8 * i)
    else:
        for i, s in enumerate(PRMT[mode][c & 3]): d |= src[s] << (8 * i)
    return d

def sbyte(x, i): v = (x >> (8 * i)) & 0xff; return v - 256 if v & 0x80 else v
def ubyte(x, i): return (x >> (8 * i)) & 0xff
def clampi(v, lo, hi): return max(lo, min(hi, v))

def f32v(bits): return float(np.array([bits], np.uint32).view(np.float32)[0])

def cvt_f2i(bits, lo, hi, mode):
    f = f32v(bits)
    if math.isnan(f): return 0
    if math.isinf(f): return lo if f < 0 else hi
    if mode == 'rni':
        r = round(f)  # python round: half to even
    else:
        r = math.trunc(f)
    return clampi(int(r), lo, hi)

def bfind_u(x):
    return (x.bit_length() - 1) if x else M32

def ptx_ref(a, b, c, p, l):
    o = []
    o.append(bfe(a, p, l, False, 31)); o.append(bfe(a, p, l, True, 31))
    a64 = (b << 32) | a
    d = bfe(a64, (p * 2) & M32, (l * 2) & M32, False, 63, False); o += [d & M32, d >> 32]
    d = bfe(a64, (p * 2 + 1) & M32, (l * 2) & M32, True, 63, False); o += [d & M32, d >> 32]
    o.append(bfi(a, b, p, l))
    o.append(prmt(a, b, c))
    for m in ['f4e', 'b4e', 'rc8', 'ecl', 'ecr', 'rc16']: o.append(prmt(a, b, c, m))
    o.append((((s32(a) * s32(b)) >> 32) + c) & M32)
    o.append((((a * b) >> 32) + c) & M32)
    c64 = ((p << 40) ^ (c << 7) ^ l) & M64
    d = (s32(a) * s32(b) + s64(c64)) & M64; o += [d & M32, d >> 32]
    d = (a * b + c64) & M64; o += [d & M32, d >> 32]
    n = (p + l) & M32
    ba = (b << 32) | a
    for nn, left in [(n & 31, 1), (min(n, 32), 1), (n & 31, 0), (min(n, 32), 0)]:
        o.append(((ba << nn) >> 32) & M32 if left else (ba >> nn) & M32)
    for lut in [0x96, 0xE8, 0x1B]:
        d = 0
        for i in range(32):
            idx = (((a >> i) & 1) << 2) | (((b >> i) & 1) << 1) | ((c >> i) & 1)
            d |= ((lut >> idx) & 1) << i
        o.append(d)
    o.append((c + sum(abs(ubyte(a, i) - ubyte(b, i)) for i in range(4))) & M32)
    o.append(sum((clampi(abs(sbyte(a, i) - sbyte(b, i)), -128, 127) & 0xff) << (8 * i) for i in range(4)))
    o.append(sum((clampi(sbyte(a, i) + sbyte(b, i), -128, 127) & 0xff) << (8 * i) for i in range(4)))
    o.append(sum((clampi(ubyte(a, i) + ubyte(b, i), 0, 255)) << (8 * i) for i in range(4)))
    o.append(sum(((ubyte(a, i) + ubyte(b, i)) & 0xff) << (8 * i) for i in range(4)))
    o.append(sum((clampi(sbyte(a, i) + sbyte(b, i), 0, 255)) << (8 * i) for i in range(4)))
    fa = f32v(a); e = (a >> 23) & 0xff; mant = a & 0x7fffff
    bits = 0
    if not (math.isinf(fa) or math.isnan(fa)): bits |= 1
    if math.isinf(fa): bits |= 2
    if not math.isnan(fa): bits |= 4
    if math.isnan(fa): bits |= 8
    if 0 < e < 255 or (a & 0x7fffffff) == 0: bits |= 16   # ptxas: zero counts as normal (see SASS)
    if e == 0 and mant: bits |= 32
    o.append(bits)
    o.append((a & 0x80000000) | (b & 0x7fffffff))
    sc = s32(c)
    o += [clampi(sc, -128, 127) & M32, clampi(sc, 0, 255), clampi(sc, -32768, 32767) & M32, clampi(sc, 0, 65535),
          max(sc, 0), min(c, 2**31 - 1)]
    o.append(cvt_f2i(b, -128, 127, 'rni') & M32)
    o.append(cvt_f2i(b, 0, 65535, 'rzi'))
    x = a & l
    o.append(bfind_u(x))
    sx = s32(x)
    o.append(bfind_u((~sx) & M32) if sx < 0 else bfind_u(x))
    x = b & l
    o.append((31 - bfind_u(x)) if x else M32)
    o.append((sum(sbyte(a, i) * sbyte(b, i) for i in range(4)) + s32(c)) & M32)
    o.append((sum(ubyte(a, i) * ubyte(b, i) for i in range(4)) + c) & M32)
    h = lambda x, i: s32(((x >> (16 * i)) & 0xffff) << 16) >> 16
    hu = lambda x, i: (x >> (16 * i)) & 0xffff
    o.append((h(a, 0) * sbyte(b, 0) + h(a, 1) * sbyte(b, 1) + s32(c)) & M32)
    o.append((hu(a, 0) * ubyte(b, 2) + hu(a, 1) * ubyte(b, 3) + c) & M32)
    return o

@test
def t_ptx(rng):
    G, B = 2, 40
    N = G * B
    a = rng.integers(0, 2**32, N, dtype=np.uint64).astype(np.uint32)
    b = rng.integers(0, 2**32, N, dtype=np.uint64).astype(np.uint32)
    c = rng.integers(0, 2**32, N, dtype=np.uint64).astype(np.uint32)
    p = rng.integers(0, 40, N).astype(np.uint32); l = rng.integers(0, 40, N).astype(np.uint32)
    specials = [0, 1, 31, 32, 33, 63, 64, 255, 256, 257, 0x1ff, 0xffffffff]
    p[::3] = rng.choice(specials, len(p[::3])); l[1::3] = rng.choice(specials, len(l[1::3]))
    fspec = [0x7f800000, 0xff800000, 0x7fc00000, 0x7f800001, 0x00000001, 0x807fffff, 0x80000000, 0, 0x00800000, 0x3f800000]
    a[:len(fspec)] = fspec
    bf = np.concatenate([rng.uniform(-200, 200, N // 2), rng.uniform(-80000, 80000, N - N // 2)]).astype(np.float32)
    bf[::5] = np.round(bf[::5] * 2) / 2
    b[N // 4:] = bf[N // 4:].view(np.uint32)
    b[20:30] = [0x7fc00000, 0xff800000, 0x7f800000, f32b(127.5), f32b(-128.5), f32b(126.5), f32b(65535.9), f32b(-0.7), f32b(2.5), f32b(-3.5)]
    c[::4] = rng.integers(-70000, 70000, len(c[::4])).astype(np.uint32)
    c[1::4] = rng.integers(-300, 300, len(c[1::4])).astype(np.uint32)
    l[::7] = 0xffffffff
    exp = np.zeros(N * 50, np.uint32)
    for g in range(N):
        exp[g * 50:g * 50 + 50] = ptx_ref(int(a[g]), int(b[g]), int(c[g]), int(p[g]), int(l[g]))
    names = ['bfe.u32', 'bfe.s32', 'bfe.u64.lo', 'bfe.u64.hi', 'bfe.s64.lo', 'bfe.s64.hi', 'bfi', 'prmt', 'prmt.f4e', 'prmt.b4e', 'prmt.rc8',
             'prmt.ecl', 'prmt.ecr', 'prmt.rc16', 'mad.hi.s32', 'mad.hi.u32', 'mad.wide.s32.lo', 'mad.wide.s32.hi', 'mad.wide.u32.lo',
             'mad.wide.u32.hi', 'shf.l.wrap', 'shf.l.clamp', 'shf.r.wrap', 'shf.r.clamp', 'lop3.96', 'lop3.E8', 'lop3.1B',
             'vabsdiff4.add', 'vabsdiff4.s.sat', 'vadd4.s.sat', 'vadd4.u.sat', 'vadd4.u', 'vadd4.u.s.sat', 'testp', 'copysign',
             'cvt.sat.s8', 'cvt.sat.u8', 'cvt.sat.s16', 'cvt.sat.u16', 'cvt.sat.u32.s32', 'cvt.sat.s32.u32', 'cvt.rni.s8.f32',
             'cvt.rzi.u16.f32', 'bfind.u32', 'bfind.s32', 'bfind.shiftamt', 'dp4a.s', 'dp4a.u', 'dp2a_lo', 'dp2a_hi']
    def check(o, arch, errs):
        got = o['out'].reshape(N, 50); e = exp.reshape(N, 50)
        for k in range(50):
            bad = np.flatnonzero(got[:, k] != e[:, k])
            if len(bad):
                g = bad[0]
                errs.append('%s: %d/%d bad, first g=%d a=%08x b=%08x c=%08x p=%d l=%d got %08x exp %08x' % (
                    names[k], len(bad), N, g, a[g], b[g], c[g], p[g], l[g], got[g, k], e[g, k]))
    return dict(file='k11_ptx', kernel='ptx_bits', grid=str(G), block=str(B), inputs={'A': a, 'B': b, 'C': c, 'P': p, 'L': l},
                outputs={'out': (np.uint32, N * 50, None)}, params=['ptr:A', 'ptr:B', 'ptr:C', 'ptr:P', 'ptr:L', 'ptr:out'], check=check)

# ---------------------------------------------------------------- 12 local memory
def rec_ref(depth, seed, trace):
    a = [((seed * (i + 1)) & M32) ^ depth for i in range(64)]
    idx = (seed >> 3) & 63
    if depth > 0: a[idx] = (a[idx] + rec_ref(depth - 1, (seed * 5 + 3) & M32, trace)) & M32
    trace[depth] = a[(idx * 7 + depth) & 63]
    s = 0
    for i in range(0, 64, 3): s += a[i] * (i + depth)
    return (s + a[idx]) & M32

def sx(v, bits): v &= (1 << bits) - 1; return v - (1 << bits) if v >> (bits - 1) else v

def local_ref(x):
    arr = [(x * i + i * i) & M32 for i in range(40)]
    for k in range(40):
        j = ((x + k * 7) & M32) % 40
        arr[j] ^= (arr[(j * 3 + 1) % 40] + k) & M32
    s0 = sum(arr) & M32; s1 = 0
    for i in range(40): s1 ^= (arr[i] * (i + 1)) & M32
    o = [s0, s1, arr[x % 40]]
    loc = []
    for i in range(6):
        loc.append(dict(a=s32(s32(x >> i) - 1000 * i), b=sx(x * i, 16), c=[sx((x >> (q * 5)) + i, 8) for q in range(5)],
                        d=float((x & 0xffff)) * 0.5 + i))
    tmp = dict(loc[x % 6]); tmp['c'] = list(tmp['c'])
    loc[((x + 1) & M32) % 6] = dict(tmp)
    loc[0] = dict(loc[0]); loc[0]['d'] = loc[0]['d'] + tmp['a']
    pk = loc[(x >> 3) % 6]
    o += [pk['a'] & M32, pk['b'] & 0xffff, sum((pk['c'][q] & 0xff) << (8 * q) for q in range(4)), pk['c'][4] & 0xff]
    db = f64b(loc[0]['d']); o += [db & M32, db >> 32]
    tr = [0] * 11
    o.append(rec_ref(10, x, tr)); o += tr
    o += [0] * 11
    return o

@test
def t_local(rng):
    G, B = 2, 40
    N = G * B
    x = rng.integers(0, 2**32, N, dtype=np.uint64).astype(np.uint32)
    x[:4] = [0, 0xffffffff, 0x80000000, 41]
    exp = np.zeros(N * 32, np.uint32)
    for g in range(N): exp[g * 32:g * 32 + 32] = local_ref(int(x[g]))
    def check(o, arch, errs):
        cmp_exact('out', o['out'], exp, errs)
    return dict(file='k12_local', kernel='local_k', grid=str(G), block=str(B), inputs={'inp': x},
                outputs={'out': (np.uint32, N * 32, None)}, params=['ptr:inp', 'ptr:out'], check=check)

# ---------------------------------------------------------------- 13 function pointers / virtual
@test
def t_fptr(rng):
    B = 96; sel = 2
    x = rng.integers(0, 2**32, B, dtype=np.uint64).astype(np.uint32)
    fs = [lambda a, b: (a + b) & M32, lambda a, b: (a * b + 1) & M32, lambda a, b: ((a ^ b) * 3) & M32,
          lambda a, b: ((a << (b & 31)) | (a >> ((32 - b) & 31))) & M32]
    exp = np.zeros(B * 4, np.uint32)
    for t in range(B):
        xv = int(x[t])
        r0 = fs[xv & 3](xv, t)
        lt = [fs[2], fs[0], fs[(sel + t) & 3]]
        r1 = lt[t % 3](xv, 7)
        k = xv % 3
        if k == 0: op, i = (xv * t + 1) & M32, 1
        elif k == 1: op, i = (xv ^ t) >> 1, 2
        else: op, i = (((xv ^ t) >> 1) + 1000 + 7 * t) & M32, 3
        exp[t * 4:t * 4 + 4] = [r0, r1, (op * 10 + i) & M32, i]
    def check(o, arch, errs):
        cmp_exact('out', o['out'], exp, errs)
    return dict(file='k13_fptr', kernel='fptr_k', grid='1', block=str(B), inputs={'inp': x},
                outputs={'out': (np.uint32, B * 4, None)}, params=['ptr:inp', 'ptr:out', 's32:%d' % sel], check=check)

# ---------------------------------------------------------------- 14 cache-hinted loads / stores
@test
def t_ldst(rng):
    n = 150
    a = rng.integers(-2**31, 2**31, (n, 4)).astype(np.int32)
    b = rng.integers(-1000, 1000, (n, 4)).astype(np.float32) / 8
    c = rng.integers(-10**6, 10**6, (n, 2)).astype(np.float64) / 16
    ub = rng.integers(0, 256, 3 * n + 2).astype(np.uint8)
    sb = rng.integers(-128, 128, 5 * n + 4).astype(np.int8)
    sh = rng.integers(-32768, 32768, 3 * n + 8).astype(np.int16)
    c2 = rng.integers(-128, 128, (2 * n + 2, 2)).astype(np.int8)
    ea = np.zeros((n, 4), np.int32); eb = np.zeros((n, 4), np.float32); ec = np.zeros((n, 2), np.float64); em = np.zeros(n * 6, np.int64)
    A = a.astype(np.int64)
    for g in range(n):
        w = A[(g + 5) % n]; x = A[g]
        ea[g] = [s32(x[0] + w[1]), s32(x[1] - w[0]), s32(x[2] ^ w[3]), s32(x[3] + w[2])]
        y = b[g]; q = b[(g * 7) % n]
        eb[g] = [y[0] * np.float32(2) + q[3], y[1] - q[2], y[2] + q[1], y[3] * q[0]]
        z = c[g]; r = c[(g + 1) % n]
        ec[g] = [z[0] + r[1], z[1] * 2.0 - r[0]]
        em[g * 6:g * 6 + 6] = [ub[3 * g + 1], sb[5 * g + 3], sh[3 * g + 1], int(ub[2 * g + 1]) + 1000 * int(sb[2 * g + 1]),
                               int(c2[2 * g + 1, 0]) * 1000 + int(c2[2 * g + 1, 1]), int(sh[g + 7]) - (int(sh[2 * g + 3]) & 0xffff)]
    def check(o, arch, errs):
        cmp_exact('oa', o['oa'], ea.ravel(), errs)
        cmp_exact('ob', o['ob'].view(np.uint32), eb.ravel().view(np.uint32), errs)
        cmp_exact('oc', o['oc'].view(np.uint64), ec.ravel().view(np.uint64), errs)
        cmp_exact('om', o['om'], em, errs)
    return dict(file='k14_ldst', kernel='ldst_k', grid='3', block='64',
                inputs={'a': a, 'b': b, 'c': c, 'ub': ub, 'sb': sb, 'sh': sh, 'c2': c2},
                outputs={'oa': (np.int32, n * 4, None), 'ob': (np.float32, n * 4, None), 'oc': (np.float64, n * 2, None), 'om': (np.int32, n * 6, None)},
                params=['ptr:a', 'ptr:b', 'ptr:c', 'ptr:ub', 'ptr:sb', 'ptr:sh', 'ptr:c2', 'ptr:oa', 'ptr:ob', 'ptr:oc', 'ptr:om', 's32:%d' % n], check=check)

# ---------------------------------------------------------------- 15 memcpy/memset
@test
def t_memcpy(rng):
    G, B = 5, 48
    N = G * B
    src = rng.integers(0, 256, N * 41 + 8).astype(np.uint8)
    dst0 = rng.integers(0, 256, N * 41 + 8).astype(np.uint8)
    exp = dst0.copy()
    for g in range(N):
        loc = src[g * 41 + 3:g * 41 + 40].copy()
        loc[5:16] = 0xA5 ^ (g & 0xff)
        k = g % 13 + 1
        loc[20:20 + k] = src[g * 41 + 1:g * 41 + 1 + k]
        off = g % 5; m = g % 7
        loc[off:off + m] = src[g * 41 + 30:g * 41 + 30 + m]
        exp[g * 41:g * 41 + 41] = 0x3C
        exp[g * 41 + 2:g * 41 + 39] = loc
        exp[g * 41 + 40] = loc[(g * 11) % 37]
        s = g * 41 + 1 + g % 3
        exp[s:s + g % 4] = g & 0x7f
    def check(o, arch, errs):
        cmp_exact('dst', o['dst'], exp, errs)
    return dict(file='k15_memcpy', kernel='memcpy_k', grid=str(G), block=str(B), inputs={'src': src},
                outputs={'dst': (np.uint8, len(dst0), dst0)}, params=['ptr:src', 'ptr:dst'], check=check)

# ---------------------------------------------------------------- 16 __syncthreads_count/and/or, 1024-thread blocks
@test
def t_syncpred(rng):
    G, B = 2, 1024
    v = rng.integers(-5000, 5000, G * B).astype(np.int32)
    v[v == 777] = 778
    v[100] = 777; v[900] = 12345; v[1500] = -2000000
    v[(v & 1023) == 0] += 1
    v[B + 5] = 2048
    exp = np.zeros(G * B * 3, np.int64)
    for blk in range(G):
        V = [int(q) for q in v[blk * B:(blk + 1) * B]]
        c1 = sum(q > 0 for q in V); a1 = all(q != 12345 for q in V); o1 = any(q == 777 for q in V)
        a2 = all(q > -1000000 for q in V); o2 = any((q & 1023) == 0 for q in V)
        mine = [V[(t * 37 + 11) % B] for t in range(B)]
        c2 = sum(1 for q in mine if q & 4)
        for t in range(B):
            g = blk * B + t
            exp[g * 3:g * 3 + 3] = [c1 + 10000 * c2, int(a1) | (int(o1) << 1) | (int(a2) << 2) | (int(o2) << 3), mine[t]]
    def check(o, arch, errs):
        cmp_exact('out', o['out'], exp, errs)
    return dict(file='k16_syncpred', kernel='syncpred_k', grid=str(G), block=str(B), inputs={'inp': v},
                outputs={'out': (np.int32, G * B * 3, None)}, params=['ptr:inp', 'ptr:out'], check=check)

# ---------------------------------------------------------------- 17 generic-pointer atomics (shared vs global), address-space tests
@test
def t_genatom(rng):
    G, B = 3, 96
    N = G * B
    v = rng.integers(0, 10**6, N).astype(np.int32)
    A = [(int(q) % 9) - 4 for q in v]; Bq = [((int(q) // 9) % 7) - 3 for q in v]
    gh2 = np.array([h16(5.0), h16(-1.0)], np.uint16); gb2 = np.array([bf16(-7.0), bf16(2.0)], np.uint16)
    gf = np.array([1.5], np.float32); gd = np.array([3.0], np.float64)
    gu = np.array([7 << 20], np.uint64); gs = np.array([50], np.int64); gw = np.array([8], np.uint32); gx = np.array([0x8000000000000001], np.uint64)
    def fold(idx, init):
        h2 = list(init['h2']); b2 = list(init['b2']); f = init['f']; d = init['d']; u = init['u']; s = init['s']; w = init['w']; x = init['x']
        for g in idx:
            a, b = A[g], Bq[g]
            h2 = [h2[0] + a, h2[1] + b]; b2 = [b2[0] + b, b2[1] + a]; f += a; d += b * 0.5
            u = max(u, (a * 1000 + b + 5000) << 20); s = min(s, a * b - 7); w = 0 if w >= 10 else w + 1
            x ^= 1 << ((a + 64) % 64)
        return h2, b2, f, d, u, s, w, x
    gi = [g for g in range(N) if g % B % 2 == 0]
    h2, b2, f, d, u, s, w, x = fold(gi, dict(h2=[5, -1], b2=[-7, 2], f=1.5, d=3.0, u=7 << 20, s=50, w=8, x=0x8000000000000001))
    eg = dict(gh2=[h16(h2[0]), h16(h2[1])], gb2=[bf16(b2[0]), bf16(b2[1])], gf=[f], gd=[d], gu=[u], gs=[s], gw=[w], gx=[x])
    esh = np.zeros(G * 8 + N, np.uint64)
    for blk in range(G):
        idx = [blk * B + t for t in range(1, B, 2)]
        h2, b2, f, d, u, s, w, x = fold(idx, dict(h2=[1, -2], b2=[3, 0], f=0.25, d=-1.0, u=3, s=1000000, w=4, x=0xF0))
        esh[blk * 8:blk * 8 + 8] = [h16(h2[0]) | (h16(h2[1]) << 16), bf16(b2[0]) | (bf16(b2[1]) << 16), f32b(f), f64b(d), u, s & M64, w, x]
        for t in range(B):
            esh[G * 8 + blk * B + t] = (blk * B + t) * 3 + sum(int(v[blk * B + q]) for q in range(B) if (q * 7) % B == t)
    eflag = 1 | (2 << 4) | (4 << 8) | (1 << 12) | (8 << 16)
    def check(o, arch, errs):
        for k, e in eg.items():
            dt = o[k].dtype
            cmp_exact(k, o[k].view(np.uint64 if dt.itemsize == 8 else (np.uint32 if dt.itemsize == 4 else np.uint16)),
                      np.array(e, dt).view(np.uint64 if dt.itemsize == 8 else (np.uint32 if dt.itemsize == 4 else np.uint16)), errs)
        cmp_exact('outsh', o['outsh'], esh, errs)
        cmp_exact('flags', o['flags'], np.full(N, eflag, np.uint32), errs)
    return dict(file='k17_genatom', kernel='gen_atom', grid=str(G), block=str(B), inputs={'inp': v},
                outputs={'flags': (np.uint32, N, None), 'gh2': (np.uint16, 2, gh2), 'gb2': (np.uint16, 2, gb2), 'gf': (np.float32, 1, gf),
                         'gd': (np.float64, 1, gd), 'gu': (np.uint64, 1, gu), 'gs': (np.int64, 1, gs), 'gw': (np.uint32, 1, gw),
                         'gx': (np.uint64, 1, gx), 'outsh': (np.uint64, G * 8 + N, None)},
                params=['ptr:inp', 'ptr:flags', 'ptr:gh2', 'ptr:gb2', 'ptr:gf', 'ptr:gd', 'ptr:gu', 'ptr:gs', 'ptr:gw', 'ptr:gx', 'ptr:outsh'],
                extra=['--shared-bytes', str(8 * B)], check=check)

# ---------------------------------------------------------------- 18 cp.async with zero fill
@test
def t_cpasync(rng):
    G, B = 2, 64
    N = G * B
    s16 = rng.integers(-2**31, 2**31, (N, 4)).astype(np.int32)
    s8 = rng.integers(-2**31, 2**31, (N, 2)).astype(np.int32)
    s4 = rng.integers(-2**31, 2**31, N).astype(np.int32)
    z = rng.integers(0, 1024, N).astype(np.int32)
    def zf(raw, nbytes, zfill):
        bb = bytearray(raw.tobytes()); bb[nbytes - zfill:] = b'\0' * zfill
        return np.frombuffer(bytes(bb), np.int32)
    e16 = np.zeros((N, 4), np.int32); e8 = np.zeros((N, 2), np.int32); e4 = np.zeros(N, np.int32)
    for blk in range(G):
        for t in range(B):
            g = blk * B + t
            src = blk * B + (t + 1) % 64; zz = int(z[src])
            f16 = (zz & 15) if (zz & 15) else (16 if zz & 16 else 0)
            e16[g] = zf(s16[src], 16, f16)
            src = blk * B + (t - 3) % 64; e8[g] = zf(s8[src], 8, (int(z[src]) >> 5) & 7)
            src = blk * B + 63 - t; e4[g] = zf(s4[src:src + 1], 4, (int(z[src]) >> 8) & 3)[0]
    def check(o, arch, errs):
        cmp_exact('dst', o['dst'], e16.ravel(), errs); cmp_exact('dst8', o['dst8'], e8.ravel(), errs); cmp_exact('dst4', o['dst4'], e4, errs)
    return dict(file='k18_cpasync', kernel='cpasync_k', grid=str(G), block=str(B), inputs={'s16': s16, 's8': s8, 's4': s4, 'z': z},
                outputs={'dst': (np.int32, N * 4, None), 'dst8': (np.int32, N * 2, None), 'dst4': (np.int32, N, None)},
                params=['ptr:s16', 'ptr:s8', 'ptr:s4', 'ptr:z', 'ptr:dst', 'ptr:dst8', 'ptr:dst4'], check=check)

# ---------------------------------------------------------------- 19 cluster distributed shared memory
@test
def t_dsmem(rng):
    G, B = 8, 64
    N = G * B
    v = rng.integers(-2**31, 2**31, N).astype(np.int32)
    exp = np.zeros(N * 4, np.int64)
    for cb in range(0, G, 4):
        sm = [[int(q) for q in v[(cb + r) * B:(cb + r + 1) * B]] for r in range(4)]
        val = [[sm[(r + 1) % 4][(t * 5) % 64] for t in range(B)] for r in range(4)]
        cnt = [0] * 4; mx = [0] * 4
        for r in range(4):
            for t in range(B):
                cnt[(r + 3) % 4] += val[r][t] & 0xff
                mx[(t + r) % 4] = max(mx[(t + r) % 4], ((val[r][t] & M32) << 8) | r)
        for r in range(4):
            for t in range(B):
                g = (cb + r) * B + t
                exp[g * 4:g * 4 + 4] = [val[r][t], s32(cnt[r]), r * 1000 + 40 + r, s32((mx[r] >> 8) ^ (mx[r] & 0xff))]
    def check(o, arch, errs):
        cmp_exact('out', o['out'], exp, errs)
    return dict(file='k19_dsmem', kernel='dsmem_k', grid=str(G), block=str(B), inputs={'inp': v}, archs=[90, 120],
                outputs={'out': (np.int32, N * 4, None)}, params=['ptr:inp', 'ptr:out'], check=check)

# ---------------------------------------------------------------- 20 spin locks (needs independent thread scheduling)
@test
def t_spinlock(rng):
    G, B = 2, 64
    N = G * B
    def check(o, arch, errs):
        if int(o['cnt'][0]) != N: errs.append('counter %d expected %d' % (o['cnt'][0], N))
        if sorted(int(q) for q in o['order']) != list(range(N)): errs.append('order not a permutation of 0..N-1')
        if int(o['lock'][0]) != 0 or int(o['lock2'][0]) != 0: errs.append('lock not released')
        tot = sum((g & 7) + 1 for g in range(N))
        if int(o['cnt2'][0]) != tot: errs.append('counter2 %d expected %d' % (o['cnt2'][0], tot))
        inc = {int(o['order2'][g]): (g & 7) + 1 for g in range(N)}
        pos = 0
        for k in sorted(inc):
            if k != pos: errs.append('order2 chain broken at %d' % k); break
            pos += inc[k]
    z = lambda: np.zeros(1, np.int32)
    return dict(file='k20_spinlock', kernel='spinlock_k', grid=str(G), block=str(B), inputs={},
                outputs={'lock': (np.int32, 1, z()), 'cnt': (np.int32, 1, z()), 'order': (np.int32, N, None),
                         'lock2': (np.int32, 1, z()), 'cnt2': (np.int32, 1, z()), 'order2': (np.int32, N, None)},
                params=['ptr:lock', 'ptr:cnt', 'ptr:order', 'ptr:lock2', 'ptr:cnt2', 'ptr:order2'], check=check)

# ---------------------------------------------------------------- 21 named barriers (bar.arrive / bar.sync id,count), early exit + __syncthreads
@test
def t_namedbar(rng):
    G, B = 3, 128
    N = G * B; n = 301
    v = rng.integers(-10**5, 10**5, n).astype(np.int32)
    exp = np.zeros(N, np.int64)
    for blk in range(G):
        acc = [0] * B
        for it in range(6):
            buf = [int(v[(blk * B + t + it * 17) % n]) * (it + 1) for t in range(64)]
            for t in range(64, 128): acc[t] += buf[(t - 64 + it * 5) % 64]
        r0 = sum(acc[:100]); r1 = 99
        for t in range(B):
            exp[blk * B + t] = s32(acc[t] if t >= 100 else acc[t] + r0 * 3 + r1 * 100000)
    def check(o, arch, errs):
        cmp_exact('out', o['out'], exp, errs)
    return dict(file='k21_namedbar', kernel='namedbar_k', grid=str(G), block=str(B), inputs={'inp': v},
                outputs={'out': (np.int32, N, None)}, params=['ptr:inp', 'ptr:out', 's32:%d' % n], check=check)
