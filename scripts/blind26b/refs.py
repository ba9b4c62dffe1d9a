"""Reference helpers: exact rounding, C integer semantics, bit ops."""
import math
from fractions import Fraction
import numpy as np

M32 = 0xFFFFFFFF
M64 = 0xFFFFFFFFFFFFFFFF

FMT = {'f16': (11, -14, 15), 'bf16': (8, -126, 127), 'f32': (24, -126, 127), 'f64': (53, -1022, 1023)}


def s32(v):
    v &= M32
    return v - (1 << 32) if v >> 31 else v


def s64(v):
    v &= M64
    return v - (1 << 64) if v >> 63 else v


def tdiv(a, b):
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b >= 0) else -q


def tmod(a, b):
    return a - b * tdiv(a, b)


def rnd(F, fmt, mode='rn'):
    """Round exact Fraction F to format fmt with mode rn/rz/ru/rd; return python float."""
    p, emin, emax = FMT[fmt]
    if F == 0:
        return 0.0
    neg = F < 0
    a = -F if neg else F
    e = a.numerator.bit_length() - a.denominator.bit_length()
    if Fraction(2) ** e > a:
        e -= 1
    while Fraction(2) ** (e + 1) <= a:
        e += 1
    e = max(e, emin)
    q = Fraction(2) ** (e - p + 1)
    m = a / q
    fl = m.numerator // m.denominator
    rem = m - fl
    if mode == 'rn':
        if rem > Fraction(1, 2) or (rem == Fraction(1, 2) and fl % 2 == 1):
            fl += 1
    elif mode == 'rz':
        pass
    elif mode == 'ru':
        if rem and not neg:
            fl += 1
    elif mode == 'rd':
        if rem and neg:
            fl += 1
    v = fl * q
    maxf = (2 - Fraction(2) ** (1 - p)) * Fraction(2) ** emax
    if v > maxf:
        if mode == 'rn':
            r = math.inf
        elif mode == 'rz':
            r = float(maxf)
        elif mode == 'ru':
            r = float(maxf) if neg else math.inf
        else:
            r = math.inf if neg else float(maxf)
        return -r if neg else r
    r = float(v)
    return -r if neg else r


def f32bits(v):
    return int(np.array([v], np.float32).view(np.uint32)[0])


def bf16bits(v):
    b = f32bits(v)
    assert b & 0xffff == 0 or math.isnan(v)
    return b >> 16


def bf16_to_float(bits):
    return float(np.array([bits << 16], np.uint32).view(np.float32)[0])


def popc(x):
    return bin(x).count('1')


def clz(x, w=32):
    return w - x.bit_length()


def ffs(x):
    return (x & -x).bit_length() if x else 0


def brev(x, w=32):
    return int(format(x, '0%db' % w)[::-1], 2)


def byte_perm(x, y, s):
    b = x | (y << 32)
    r = 0
    for n in range(4):
        sel = (s >> (4 * n)) & 7
        r |= ((b >> (8 * sel)) & 0xff) << (8 * n)
    return r


def ulp32(x):
    x = abs(float(x))
    if x < 2.0 ** -126:
        return 2.0 ** -149
    e = math.frexp(x)[1] - 1
    return 2.0 ** (e - 23)


def ulp64(x):
    x = abs(float(x))
    if x < 2.0 ** -1022:
        return 2.0 ** -1074
    e = math.frexp(x)[1] - 1
    return 2.0 ** (e - 52)
