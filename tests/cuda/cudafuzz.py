"""Random UB-free CUDA kernels and their independent reference (scripts/cuda_fuzz.py; docs/fuzzing.md).

``generate(seed)`` builds a program tree (csmith's idea for CUDA and this model): typed
expressions over int / unsigned / long long / unsigned long long / short / signed char /
unsigned char / bool / float with safe wrappers (division and modulo guarded, shifts masked,
signed arithmetic wrapped through the unsigned type, indices masked), per-lane divergent
if/else, bounded loops with break/continue, switch (dense and sparse), ``__noinline__`` device
functions (some recursive), a local array, shared memory between ``__syncthreads()``, warp
collectives at warp-convergent points and inside divergent code under a mask computed before
the branch, commutative atomics, integer intrinsics and explicitly rounded float intrinsics.

``Program.source()`` is the CUDA C++ text; ``Program.run(inputs)`` evaluates the same tree
with a per-thread interpreter (Python integers wrapped explicitly, numpy float32, exact
rational rounding for the fused multiply-add), every thread a Python generator that stops at a
warp collective or a barrier until the lanes it names arrive.  Nothing here uses gpuisa.

PYTEST_DONT_REWRITE: a helper module, no assertions to introspect (its rewriting cost seconds per
test worker).
"""
from __future__ import annotations

import functools
import math
import random
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Callable, Iterator

import numpy as np

import cudafuzz_fp as FP
import cudafuzz_v3 as V3

GEN_VERSION = 6                    # 1: the eighth round's programs (still generated); 2: floats, doubles, ...;
                                   # 3: control flow and memory shapes (cudafuzz_v3); 4: no NaN reaches a
                                   # conversion to a 32-bit integer (INTR4; decisions D18-13, D19-4); 5: no
                                   # plain product in the arguments of fmaf/fma (D20-1); 6: every float to
                                   # integer conversion's argument is in its range (INTR6; D24-1)
NIN = 256                          # words of each input buffer
NCNT = 16                          # global counters: 0..7 atomics, 8..15 the blocks' shared counters
M32, M64 = (1 << 32) - 1, (1 << 64) - 1
FULL = M32

# -- types ---------------------------------------------------------------------------------
CT = {"i32": "int", "u32": "unsigned", "i64": "long long", "u64": "unsigned long long", "i16": "short",
      "i8": "signed char", "u8": "unsigned char", "bool": "bool", "f32": "float", "f64": "double"}
BITS = {"i32": 32, "u32": 32, "i64": 64, "u64": 64, "i16": 16, "i8": 8, "u8": 8}
SIGNED = {"i32", "i64", "i16", "i8"}
UNS = {"i32": "u32", "i64": "u64", "u32": "u32", "u64": "u64"}
COMP = ("i32", "u32", "i64", "u64")            # integer computation types
STORE = ("i32", "u32", "i64", "u64", "i16", "i8", "u8", "bool", "f32")
STORE2 = STORE + ("f32", "f64", "f64")           # version 2: more floats, and doubles
FLT = ("f32", "f64")
# the counter slots' operations (each slot one commutative operation, so the order does not matter)
SLOT_OPS = ("add", "add", "or", "xor", "min", "max", "cas_add", "cas_max")
SLOT_INIT = {"min": M32}
# version 2: more counters (each slot one commutative operation; inc/dec never wrap from these starts)
SLOT2_OPS = ("inc", "dec", "smin", "smax", "and", "sub")
SLOT2_INIT = {"dec": 0x7FFFFFFF, "smin": 0x7FFFFFFF, "smax": 0x80000000, "and": M32}
SLOT64_OPS = ("add", "smin", "smax", "umin", "umax", "and", "or", "xor")
SLOT64_INIT = {"smin": (1 << 63) - 1, "smax": 1 << 63, "umin": M64, "and": M64}
# atomics on a slot of the thread's own (order-free, so their old values are outputs too)
PRIV32 = ("exch", "cas", "add", "sub", "inc", "dec", "min", "max", "smin", "smax", "and", "or", "xor")
PRIV64 = ("exch", "cas", "add", "min", "max", "smin", "smax", "and", "or", "xor")


def norm(v: int, t: str) -> int:
    if t == "bool":
        return int(v != 0)
    b = BITS[t]
    v &= (1 << b) - 1
    return v - (1 << b) if t in SIGNED and v >> (b - 1) else v


def lit(v: int, t: str) -> str:
    if t in ("i32", "i16", "i8", "u8", "bool"):
        return f"({v})" if v != -(1 << 31) else "(-2147483647 - 1)"
    if t == "u32":
        return f"{v}u"
    if t == "i64":
        return f"({v}ll)" if v != -(1 << 63) else "(-9223372036854775807ll - 1)"
    return f"{v}ull"


# -- float32 helpers (exact) ---------------------------------------------------------------
F32 = np.float32


def f32_round(q: Fraction) -> np.float32:
    """The exact rational *q* rounded to nearest-even binary32 (subnormals, overflow to inf)."""
    if q == 0:
        return F32(0.0)
    s = -1 if q < 0 else 1
    a = abs(q)
    e = a.numerator.bit_length() - a.denominator.bit_length()
    if Fraction(2) ** e > a:
        e -= 1
    e = max(e, -126)                      # subnormal range keeps the exponent of 2^-126
    scale = Fraction(2) ** (23 - e)
    m = a * scale
    n = m.numerator // m.denominator
    r = m - n
    if r > Fraction(1, 2) or (r == Fraction(1, 2) and n & 1):
        n += 1
    val = Fraction(n) / scale
    if val >= Fraction(2) ** 128:
        return F32(s * np.inf)
    return F32(s * float(val))


def fr(x: np.float32) -> Fraction:
    return Fraction(float(x))


def fbits(x: np.float32) -> int:
    return 0x7FFFFFFF if np.isnan(x) else int(np.array(x, F32).view(np.uint32))


def _fmm(a: np.float32, b: np.float32, want_max: bool) -> np.float32:
    if np.isnan(a):
        return b if not np.isnan(b) else F32(np.nan)
    if np.isnan(b):
        return a
    if a == b:
        ba, bb = fbits(a), fbits(b)
        return np.array((ba & bb) if want_max else (ba | bb), np.uint32).view(F32)[()]
    return a if (a > b) == want_max else b


def _f2i(x: np.float32, mode: str, lo: int, hi: int) -> int:
    if np.isnan(x):
        return 0
    if np.isinf(x):
        return hi if x > 0 else lo
    q = fr(x)
    n = {"rz": int(q), "rd": q.__floor__(), "ru": q.__ceil__(), "rn": round(q)}[mode]
    return min(max(n, lo), hi)


def _clz(v: int, b: int) -> int:
    return b - v.bit_length()


def _ffs(v: int) -> int:
    return (v & -v).bit_length()


def _brev(v: int, b: int) -> int:
    return int(format(v, f"0{b}b")[::-1], 2)


def _byte_perm(x: int, y: int, s: int) -> int:
    bs = (x | y << 32).to_bytes(8, "little")
    return sum(bs[(s >> 4 * i) & 7] << 8 * i for i in range(4))


def _funnel(lo: int, hi: int, sh: int, left: bool, clamp: bool) -> int:
    sh = min(sh, 32) if clamp else sh & 31
    w = hi << 32 | lo
    return ((w << sh) >> 32) & M32 if left else (w >> sh) & M32


def _tdiv(a: int, b: int) -> int:
    q = abs(a) // abs(b)
    return q if (a < 0) == (b < 0) else -q


# intrinsics: name -> (argument types, result type, C format, Python function of the argument values)
INTR: dict[str, tuple[tuple[str, ...], str, str, Callable[..., Any]]] = {
    "popc": (("u32",), "i32", "__popc({0})", lambda a: bin(a).count("1")),
    "popcll": (("u64",), "i32", "__popcll({0})", lambda a: bin(a).count("1")),
    "clz": (("i32",), "i32", "__clz({0})", lambda a: _clz(a & M32, 32)),
    "clzll": (("i64",), "i32", "__clzll({0})", lambda a: _clz(a & M64, 64)),
    "ffs": (("i32",), "i32", "__ffs({0})", lambda a: _ffs(a & M32)),
    "ffsll": (("i64",), "i32", "__ffsll({0})", lambda a: _ffs(a & M64)),
    "brev": (("u32",), "u32", "__brev({0})", lambda a: _brev(a, 32)),
    "brevll": (("u64",), "u64", "__brevll({0})", lambda a: _brev(a, 64)),
    "byte_perm": (("u32", "u32", "u32"), "u32", "__byte_perm({0}, {1}, ({2}) & 0x7777u)",
                  lambda a, b, s: _byte_perm(a, b, s & 0x7777)),
    "fshl": (("u32", "u32", "u32"), "u32", "__funnelshift_l({0}, {1}, {2})",
             lambda lo, hi, s: _funnel(lo, hi, s, True, False)),
    "fshr": (("u32", "u32", "u32"), "u32", "__funnelshift_r({0}, {1}, {2})",
             lambda lo, hi, s: _funnel(lo, hi, s, False, False)),
    "fshlc": (("u32", "u32", "u32"), "u32", "__funnelshift_lc({0}, {1}, {2})",
              lambda lo, hi, s: _funnel(lo, hi, s, True, True)),
    "fshrc": (("u32", "u32", "u32"), "u32", "__funnelshift_rc({0}, {1}, {2})",
              lambda lo, hi, s: _funnel(lo, hi, s, False, True)),
    "mulhi": (("i32", "i32"), "i32", "__mulhi({0}, {1})", lambda a, b: (a * b) >> 32),
    "umulhi": (("u32", "u32"), "u32", "__umulhi({0}, {1})", lambda a, b: (a * b) >> 32),
    "mul64hi": (("i64", "i64"), "i64", "__mul64hi({0}, {1})", lambda a, b: (a * b) >> 64),
    "umul64hi": (("u64", "u64"), "u64", "__umul64hi({0}, {1})", lambda a, b: (a * b) >> 64),
    "sad": (("i32", "i32", "u32"), "u32", "__sad({0}, {1}, {2})", lambda a, b, c: abs(a - b) + c),
    "usad": (("u32", "u32", "u32"), "u32", "__usad({0}, {1}, {2})", lambda a, b, c: abs(a - b) + c),
    "hadd": (("i32", "i32"), "i32", "__hadd({0}, {1})", lambda a, b: (a + b) >> 1),
    "rhadd": (("i32", "i32"), "i32", "__rhadd({0}, {1})", lambda a, b: (a + b + 1) >> 1),
    "uhadd": (("u32", "u32"), "u32", "__uhadd({0}, {1})", lambda a, b: (a + b) >> 1),
    "min": (("i32", "i32"), "i32", "min({0}, {1})", min),
    "umax": (("u32", "u32"), "u32", "max({0}, {1})", max),
    "llmin": (("i64", "i64"), "i64", "min({0}, {1})", min),
    "ullmax": (("u64", "u64"), "u64", "max({0}, {1})", max),
    "abs": (("i32",), "i32", "sabs32({0})", lambda a: a if a == -(1 << 31) else abs(a)),
    # explicitly rounded float work (never contracted by nvcc)
    "fadd": (("f32", "f32"), "f32", "__fadd_rn({0}, {1})", lambda a, b: a + b),
    "fsub": (("f32", "f32"), "f32", "__fsub_rn({0}, {1})", lambda a, b: a - b),
    "fmul": (("f32", "f32"), "f32", "__fmul_rn({0}, {1})", lambda a, b: a * b),
    "fdiv": (("f32", "f32"), "f32", "__fdiv_rn({0}, {1})", lambda a, b: a / b),
    "fma": (("f32", "f32", "f32"), "f32", "__fmaf_rn({0}, {1}, {2})",
            lambda a, b, c: f32_round(fr(a) * fr(b) + fr(c)) if np.isfinite(a) and np.isfinite(b) and
            np.isfinite(c) else F32(np.float64(a) * np.float64(b) + np.float64(c))),
    "fsqrt": (("f32",), "f32", "__fsqrt_rn(fabsf({0}))", lambda a: np.sqrt(abs(a))),
    "fmin": (("f32", "f32"), "f32", "fminf({0}, {1})", lambda a, b: _fmm(a, b, False)),
    "fmax": (("f32", "f32"), "f32", "fmaxf({0}, {1})", lambda a, b: _fmm(a, b, True)),
    "i2f": (("i32",), "f32", "__int2float_rn({0})", lambda a: f32_round(Fraction(a))),
    "u2f": (("u32",), "f32", "__uint2float_rn({0})", lambda a: f32_round(Fraction(a))),
    "ll2f": (("i64",), "f32", "__ll2float_rn({0})", lambda a: f32_round(Fraction(a))),
    "f2i_rz": (("f32",), "i32", "__float2int_rz({0})", lambda a: _f2i(a, "rz", -(1 << 31), (1 << 31) - 1)),
    "f2i_rn": (("f32",), "i32", "__float2int_rn({0})", lambda a: _f2i(a, "rn", -(1 << 31), (1 << 31) - 1)),
    "f2i_rd": (("f32",), "i32", "__float2int_rd({0})", lambda a: _f2i(a, "rd", -(1 << 31), (1 << 31) - 1)),
    "f2i_ru": (("f32",), "i32", "__float2int_ru({0})", lambda a: _f2i(a, "ru", -(1 << 31), (1 << 31) - 1)),
    "f2u_rz": (("f32",), "u32", "__float2uint_rz({0})", lambda a: _f2i(a, "rz", 0, M32)),
    "fbits": (("f32",), "u32", "fbits({0})", fbits),
}
FLOAT_CONSTS = ("0.0f", "0.5f", "1.0f", "-1.5f", "3.25f", "100.0f", "-7.0f", "0.1f", "1e-3f", "1e20f", "3e38f",
                "1e-40f")
DOUBLE_CONSTS = ("0.0", "0.5", "1.0", "-2.25", "0.1", "1e-3", "3.0e15", "1e300", "-1e-310", "4.9e-324",
                 "9007199254740993.0", "1.7976931348623157e308", "-0.0")


def _intr2() -> dict[str, tuple[tuple[str, ...], str, str, Callable[..., Any]]]:
    """Version 2's intrinsics: every rounding mode of the float and double arithmetic intrinsics
    and conversions (exact reference: cudafuzz_fp), bit views.  A conversion to a 64-bit integer
    takes its argument through ``nzf``/``nzd`` (NaN to 0) so that no NaN reaches it."""
    d: dict[str, tuple[tuple[str, ...], str, str, Callable[..., Any]]] = {}
    ff, dd = ("f32", "f32"), ("f64", "f64")
    for m in FP.MODES:
        d[f"fadd_{m}"] = (ff, "f32", f"__fadd_{m}({{0}}, {{1}})", FP.add("f32", m))
        d[f"fsub_{m}"] = (ff, "f32", f"__fsub_{m}({{0}}, {{1}})", FP.sub("f32", m))
        d[f"fmul_{m}"] = (ff, "f32", f"__fmul_{m}({{0}}, {{1}})", FP.mul("f32", m))
        d[f"fdiv_{m}"] = (ff, "f32", f"__fdiv_{m}({{0}}, {{1}})", FP.div("f32", m))
        d[f"frcp_{m}"] = (("f32",), "f32", f"__frcp_{m}({{0}})", FP.rcp("f32", m))
        d[f"fsqrt_{m}"] = (("f32",), "f32", f"__fsqrt_{m}(fabsf({{0}}))", FP.sqrt("f32", m))
        d[f"fmaf_{m}"] = (ff + ("f32",), "f32", f"__fmaf_{m}({{0}}, {{1}}, {{2}})", FP.fma("f32", m))
        d[f"dadd_{m}"] = (dd, "f64", f"__dadd_{m}({{0}}, {{1}})", FP.add("f64", m))
        d[f"dsub_{m}"] = (dd, "f64", f"__dsub_{m}({{0}}, {{1}})", FP.sub("f64", m))
        d[f"dmul_{m}"] = (dd, "f64", f"__dmul_{m}({{0}}, {{1}})", FP.mul("f64", m))
        d[f"ddiv_{m}"] = (dd, "f64", f"__ddiv_{m}({{0}}, {{1}})", FP.div("f64", m))
        d[f"drcp_{m}"] = (("f64",), "f64", f"__drcp_{m}({{0}})", FP.rcp("f64", m))
        d[f"dsqrt_{m}"] = (("f64",), "f64", f"__dsqrt_{m}(fabs({{0}}))", FP.sqrt("f64", m))
        d[f"dfma_{m}"] = (dd + ("f64",), "f64", f"__fma_{m}({{0}}, {{1}}, {{2}})", FP.fma("f64", m))
        d[f"i2f_{m}"] = (("i32",), "f32", f"__int2float_{m}({{0}})", FP.from_int("f32", m))
        d[f"u2f_{m}"] = (("u32",), "f32", f"__uint2float_{m}({{0}})", FP.from_int("f32", m))
        d[f"ll2f_{m}"] = (("i64",), "f32", f"__ll2float_{m}({{0}})", FP.from_int("f32", m))
        d[f"ull2f_{m}"] = (("u64",), "f32", f"__ull2float_{m}({{0}})", FP.from_int("f32", m))
        d[f"ll2d_{m}"] = (("i64",), "f64", f"__ll2double_{m}({{0}})", FP.from_int("f64", m))
        d[f"ull2d_{m}"] = (("u64",), "f64", f"__ull2double_{m}({{0}})", FP.from_int("f64", m))
        d[f"d2f_{m}"] = (("f64",), "f32", f"__double2float_{m}({{0}})", FP.d2f(m))
        d[f"f2i2_{m}"] = (("f32",), "i32", f"__float2int_{m}({{0}})", FP.to_int(m, 32, True))
        d[f"f2u_{m}"] = (("f32",), "u32", f"__float2uint_{m}({{0}})", FP.to_int(m, 32, False))
        d[f"f2ll_{m}"] = (("f32",), "i64", f"__float2ll_{m}(nzf({{0}}))", FP.to_int(m, 64, True))
        d[f"f2ull_{m}"] = (("f32",), "u64", f"__float2ull_{m}(nzf({{0}}))", FP.to_int(m, 64, False))
        d[f"d2i_{m}"] = (("f64",), "i32", f"__double2int_{m}({{0}})", FP.to_int(m, 32, True))
        d[f"d2u_{m}"] = (("f64",), "u32", f"__double2uint_{m}({{0}})", FP.to_int(m, 32, False))
        d[f"d2ll_{m}"] = (("f64",), "i64", f"__double2ll_{m}(nzd({{0}}))", FP.to_int(m, 64, True))
        d[f"d2ull_{m}"] = (("f64",), "u64", f"__double2ull_{m}(nzd({{0}}))", FP.to_int(m, 64, False))
    d["i2d"] = (("i32",), "f64", "__int2double_rn({0})", FP.from_int("f64", "rn"))
    d["u2d"] = (("u32",), "f64", "__uint2double_rn({0})", FP.from_int("f64", "rn"))
    d["fminf"] = (ff, "f32", "fminf({0}, {1})", FP.fminmax(False))
    d["fmaxf"] = (ff, "f32", "fmaxf({0}, {1})", FP.fminmax(True))
    d["dmin"] = (dd, "f64", "fmin({0}, {1})", FP.fminmax(False))
    d["dmax"] = (dd, "f64", "fmax({0}, {1})", FP.fminmax(True))
    d["fmaf"] = (ff + ("f32",), "f32", "fmaf({0}, {1}, {2})", FP.fma("f32", "rn"))
    d["dfma"] = (dd + ("f64",), "f64", "fma({0}, {1}, {2})", FP.fma("f64", "rn"))
    d["i_as_f"] = (("i32",), "f32", "__int_as_float({0})", lambda v: np.array(v & M32, np.uint32).view(F32)[()])
    d["ll_as_d"] = (("i64",), "f64", "__longlong_as_double({0})", FP.ll_as_double)
    d["fbits2"] = (("f32",), "u32", "fbits({0})", fbits)
    d["dbits"] = (("f64",), "u64", "dbits({0})", FP.dbits)
    d["hiloint"] = (("i32", "i32"), "f64", "__hiloint2double({0}, {1})",
                    lambda h, lo: FP.ll_as_double((h & M32) << 32 | (lo & M32)))
    return d


INTR2 = _intr2()


def _intr4() -> dict[str, tuple[tuple[str, ...], str, str, Callable[..., Any]]]:
    """Version 4: the conversions to 32-bit integers with their argument through ``nzf``/``nzd``
    as the 64-bit ones have it.  nvcc folds a conversion of a constant NaN differently per target
    (``__double2int_rn`` to INT_MIN, ``__double2uint_rn`` to 0x80000000 on sm_100/sm_120, where PTX's
    cvt gives 0: decisions D18-13, D19-4), so no NaN may reach one.  Named ``NAMEnz``."""
    def nz(f: Callable[[Any], int]) -> Callable[[Any], int]:
        return lambda a: f(type(a)(0) if a != a else a)
    d = {}
    for name in [n for n in INTR2 if n.split("_")[0] in ("f2i2", "f2u", "d2i", "d2u")]:
        args, t, text, ref = INTR2[name]
        fn = "nzf" if args[0] == "f32" else "nzd"
        d[name + "nz"] = (args, t, text.replace("({0})", f"({fn}({{0}}))"), nz(ref))
    return d


INTR4 = _intr4()

#: Version 6: the range a conversion's argument is clamped to: (float's, double's) bounds per result type.
#: Each bound is exactly representable and converts without saturating in every rounding mode.
CLAMP = {"i32": ((-2.0 ** 31, 2.0 ** 31 - 2.0 ** 7), (-2.0 ** 31, 2.0 ** 31 - 1)),
         "u32": ((0.0, 2.0 ** 32 - 2.0 ** 8), (0.0, 2.0 ** 32 - 1)),
         "i64": ((-2.0 ** 63, 2.0 ** 63 - 2.0 ** 39), (-2.0 ** 63, 2.0 ** 63 - 2.0 ** 10)),
         "u64": ((0.0, 2.0 ** 64 - 2.0 ** 40), (0.0, 2.0 ** 64 - 2.0 ** 11))}


def _intr6() -> dict[str, tuple[tuple[str, ...], str, str, Callable[..., Any]]]:
    """Version 6: every conversion of a float or double to an integer takes its argument through
    ``clf``/``cld`` (NaN to 0, then clamped into the result type's range).  C leaves the conversion
    of a value out of that range undefined; nvcc 13.0 folds a constant one as PTX's saturating cvt
    does, but CUDA 12.8's NVVM for sm_100 and later (LLVM 20) folds it to poison, and its code reads
    an undefined register or drops a branch (decision D24-1).  Named ``NAMEcl``."""
    d = {}
    for name in [n for n in INTR2 if n.split("_")[0] in ("f2i2", "f2u", "f2ll", "f2ull", "d2i", "d2u", "d2ll",
                                                          "d2ull")]:
        args, t, text, ref = INTR2[name]
        lo, hi = CLAMP[t][args[0] == "f64"]
        fn, lit_ = ("clf", lambda v: f"{v!r}f") if args[0] == "f32" else ("cld", repr)
        call = text[:text.index("(")] + f"({fn}({{0}}, {lit_(lo)}, {lit_(hi)}))"    # clf/cld, not nzf/nzd

        def clamped(a: Any, f: Callable[[Any], int] = ref, lo: float = lo, hi: float = hi) -> int:
            a = type(a)(0) if a != a else a
            return f(min(max(a, type(a)(lo)), type(a)(hi)))
        d[name + "cl"] = (args, t, call, clamped)
    return d


INTR6 = _intr6()
ALL_INTR = {**INTR, **INTR2, **INTR4, **INTR6}


# -- expressions ---------------------------------------------------------------------------
@dataclass
class E:
    op: str
    t: str
    args: tuple = ()
    val: Any = None

    def c(self) -> str:                                  # noqa: C901 - one case per operation
        op, t, a = self.op, self.t, self.args
        if op == "const":
            return self.val if t in FLT else lit(self.val, t)
        if op == "var":
            return self.val
        if op == "in":
            return f"{self.val}[(unsigned)({a[0].c()}) & {NIN - 1}u]"
        if op == "loc":
            return f"loc[(unsigned)({a[0].c()}) & 7u]"
        if op == "cast":
            return f"(({a[0].c()}) != 0)" if t == "bool" else f"(({CT[t]})({a[0].c()}))"
        if op in ("add", "sub", "mul"):
            o = {"add": "+", "sub": "-", "mul": "*"}[op]
            if t in SIGNED:
                u = CT[UNS[t]]
                return f"(({CT[t]})(({u})({a[0].c()}) {o} ({u})({a[1].c()})))"
            return f"(({a[0].c()}) {o} ({a[1].c()}))"
        if op in ("div", "mod"):
            return f"{'s' if t in SIGNED else 'u'}{op}{BITS[t]}({a[0].c()}, {a[1].c()})"
        if op == "shl":
            return f"(({CT[t]})(({CT[UNS[t]]})({a[0].c()}) << (({a[1].c()}) & {BITS[t] - 1})))"
        if op == "shr":
            return f"(({a[0].c()}) >> (({a[1].c()}) & {BITS[t] - 1}))"
        if op in ("and", "or", "xor"):
            return f"(({a[0].c()}) {dict(zip(('and', 'or', 'xor'), '&|^'))[op]} ({a[1].c()}))"
        if op == "neg":
            if t in SIGNED:
                return f"(({CT[t]})(({CT[UNS[t]]})0 - ({CT[UNS[t]]})({a[0].c()})))"
            return f"(({CT[t]})0 - ({a[0].c()}))"
        if op == "fneg":
            return f"(-({a[0].c()}))"
        if op == "fbin":
            return f"(({a[0].c()}) {self.val} ({a[1].c()}))"
        if op == "fsqrt_p":
            return f"sqrtf(fabsf({a[0].c()}))" if t == "f32" else f"sqrt(fabs({a[0].c()}))"
        if op == "fabs":
            return f"fabsf({a[0].c()})" if t == "f32" else f"fabs({a[0].c()})"
        if op == "not":
            return f"(~({a[0].c()}))"
        if op == "lnot":
            return f"(!({a[0].c()}))"
        if op in CMP:
            return f"(({a[0].c()}) {CMP[op][0]} ({a[1].c()}))"
        if op in ("land", "lor"):
            return f"(({a[0].c()}) {'&&' if op == 'land' else '||'} ({a[1].c()}))"
        if op == "cond":
            return f"(({a[0].c()}) ? ({a[1].c()}) : ({a[2].c()}))"
        if op == "intr":
            return ALL_INTR[self.val][2].format(*(x.c() for x in a))
        if op == "call":
            return f"{self.val}({', '.join(x.c() for x in a)})"
        return V3.expr_c(self)

    def ev(self, env: dict) -> Any:                      # noqa: C901 - one case per operation
        op, t, a = self.op, self.t, self.args
        if op == "const":
            if t == "f64":
                return float(self.val)
            return _f32_const(self.val) if t == "f32" else self.val
        if op == "var":
            return env[self.val]
        if op == "in":
            return int(env["@g"][self.val][a[0].ev(env) & (NIN - 1)])
        if op == "loc":
            return env["@loc"][a[0].ev(env) & 7]
        if op == "cast":
            return _cast(a[0].ev(env), a[0].t, t)
        if op in ARITH:
            x, y = a[0].ev(env), a[1].ev(env)
            return norm(ARITH[op](x, y, t), t)
        if op == "neg":
            return norm(-a[0].ev(env), t)
        if op == "fneg":
            return -a[0].ev(env)
        if op == "fbin":
            return _fbin(self.val, t, a[0].ev(env), a[1].ev(env))
        if op == "fsqrt_p":
            return F32(np.sqrt(abs(a[0].ev(env)))) if t == "f32" else float(np.sqrt(abs(np.float64(a[0].ev(env)))))
        if op == "fabs":
            return abs(a[0].ev(env))
        if op == "not":
            return norm(~a[0].ev(env), t)
        if op == "lnot":
            return int(not a[0].ev(env))
        if op in CMP:
            return int(CMP[op][1](a[0].ev(env), a[1].ev(env)))
        if op == "land":
            return int(bool(a[0].ev(env)) and bool(a[1].ev(env)))
        if op == "lor":
            return int(bool(a[0].ev(env)) or bool(a[1].ev(env)))
        if op == "cond":
            return a[1].ev(env) if a[0].ev(env) else a[2].ev(env)
        if op == "intr":
            r = ALL_INTR[self.val][3](*(x.ev(env) for x in a))
            return _conv(r, t)
        if op == "call":
            return env["@prog"].call(self.val, [x.ev(env) for x in a], env)
        return V3.expr_ev(self, env)


@functools.lru_cache(maxsize=None)
def _f32_const(text: str) -> np.float32:
    return f32_round(Fraction(text[:-1]))


def _cast(v: Any, src: str, t: str) -> Any:
    """C's conversion (the generator never converts a float to an integer type with a cast)."""
    if t in FLT:
        if src in FLT:
            return F32(v) if t == "f32" else float(v)          # double -> float rounds to nearest
        return FP.from_int(t, "rn")(v)
    if src in FLT:
        raise RefError(f"a cast of a {src} to {t}")
    return norm(v, t)


def _fbin(o: str, t: str, x: Any, y: Any) -> Any:
    """Plain + - * / on floats: IEEE, rounded to nearest (numpy's binary32 and binary64 are)."""
    with np.errstate(all="ignore"):
        if t == "f32":
            r = {"+": np.add, "-": np.subtract, "*": np.multiply, "/": np.divide}[o](F32(x), F32(y))
            return F32(r)
        r = {"+": np.add, "-": np.subtract, "*": np.multiply, "/": np.divide}[o](np.float64(x), np.float64(y))
        return float(r)


def _div(x: int, y: int, t: str) -> int:
    if y == 0 or (t in SIGNED and y == -1 and x == -(1 << (BITS[t] - 1))):
        return x
    return _tdiv(x, y)


def _mod(x: int, y: int, t: str) -> int:
    if y == 0 or (t in SIGNED and y == -1 and x == -(1 << (BITS[t] - 1))):
        return x
    return x - _tdiv(x, y) * y


ARITH: dict[str, Callable[[int, int, str], int]] = {
    "add": lambda x, y, t: x + y, "sub": lambda x, y, t: x - y, "mul": lambda x, y, t: x * y,
    "div": _div, "mod": _mod,
    "shl": lambda x, y, t: x << (y & (BITS[t] - 1)), "shr": lambda x, y, t: x >> (y & (BITS[t] - 1)),
    "and": lambda x, y, t: x & y, "or": lambda x, y, t: x | y, "xor": lambda x, y, t: x ^ y,
}
CMP: dict[str, tuple[str, Callable[[Any, Any], bool]]] = {
    "eq": ("==", lambda x, y: x == y), "ne": ("!=", lambda x, y: x != y), "lt": ("<", lambda x, y: x < y),
    "le": ("<=", lambda x, y: x <= y), "gt": (">", lambda x, y: x > y), "ge": (">=", lambda x, y: x >= y),
}


# -- statements ----------------------------------------------------------------------------
@dataclass
class S:
    kind: str
    a: dict = field(default_factory=dict)


class RefError(Exception):
    """The generated program is not what the generator promised (a generator bug)."""


@dataclass
class Func:
    name: str
    params: list[tuple[str, str]]
    locals_: list[tuple[str, str, E]]
    body: list[S]
    ret: E
    t: str


@dataclass
class Program:
    seed: int
    name: str
    block: int
    grid: int
    vars: list[tuple[str, str, E]]
    funcs: list[Func]
    pro: list[S]                    # block-convergent part
    tail: list[S]                   # after the last barrier (early returns)
    nout: int = 0
    _fmap: dict = field(default_factory=dict)
    version: int = 1
    bdim: tuple = ()                # version 2: the block's and grid's shapes, nvcc flags, gs's length
    gdim: tuple = ()
    flags: str = ""
    ngs: int = 0
    nbig: int = 0                   # version 3: the local long long array's length, the function table
    ftab: tuple = ()

    # ---- text
    def source(self) -> str:
        return emit(self)

    # ---- reference
    def call(self, name: str, args: list, env: dict) -> Any:
        f = self._fmap[name]
        fenv = {"@g": env["@g"], "@prog": self}
        for (pn, _pt), v in zip(f.params, args):
            fenv[pn] = v
        for ln, lt, init in f.locals_:
            fenv[ln] = _conv(init.ev(fenv), lt)
        gen = exec_block(f.body, fenv)
        try:
            req = next(gen)
        except StopIteration as stop:
            if stop.value == "return":
                return fenv["@ret"]
            return _conv(f.ret.ev(fenv), f.t)
        raise RefError(f"collective {req} inside device function {name}")

    def run(self, inputs: dict[str, np.ndarray]) -> dict[str, np.ndarray]:
        return run_program(self, inputs)


def _conv(v: Any, t: str) -> Any:
    if t in FLT and isinstance(v, (int, np.integer)):      # C's integer -> float: one rounding, to nearest
        return FP.from_int(t, "rn")(int(v))
    if t == "f64":
        return float(v)
    return F32(v) if t == "f32" else norm(v, t)


Sig = str       # control-flow signal: "" | "break" | "continue" | "return"


def exec_block(body: list[S], env: dict) -> Iterator[Any]:
    for st in body:
        sig = yield from exec_stmt(st, env)
        if sig:
            return sig
    return ""


def exec_stmt(st: S, env: dict):                         # noqa: C901 - one case per statement
    k, a = st.kind, st.a
    if k == "assign":
        env[a["var"]] = _conv(a["e"].ev(env), a["t"])
        return ""
    if k == "decl":
        env[a["var"]] = _conv(a["e"].ev(env), a["t"])
        return ""
    if k == "locstore":
        env["@loc"][a["idx"].ev(env) & 7] = norm(a["e"].ev(env), "i32")
        return ""
    if k == "if":
        if a["c"].ev(env):
            return (yield from exec_block(a["then"], env))
        return (yield from exec_block(a["else"], env))
    if k == "for":
        i = 0
        while True:
            env[a["iv"]] = i
            if not i < (a["n"].ev(env) & 7):
                return ""
            sig = yield from exec_block(a["body"], env)
            if sig == "break":
                return ""
            if sig and sig != "continue":          # return, version 3's goto out of a nest
                return sig
            i += 1
    if k == "while":
        w = 0
        env[a["iv"]] = 0
        while w < a["lim"] and a["c"].ev(env):
            w += 1
            env[a["iv"]] = w
            sig = yield from exec_block(a["body"], env)
            if sig == "break":
                return ""
            if sig and sig != "continue":
                return sig
        return ""
    if k == "break":
        return "break" if a["c"].ev(env) else ""
    if k == "continue":
        return "continue" if a["c"].ev(env) else ""
    if k == "return":
        if a["c"].ev(env):
            if "e" in a:
                env["@ret"] = _conv(a["e"].ev(env), a["t"])
            return "return"
        return ""
    if k == "switch":
        v = a["e"].ev(env)
        start = next((i for i, (vals, _, _) in enumerate(a["cases"]) if vals is not None and v in vals), None)
        if start is None:
            start = a["default"]
        if start is None:
            return ""
        for _vals, body, brk in a["cases"][start:]:
            sig = yield from exec_block(body, env)
            if sig:
                return sig if sig != "break" else ""
            if brk:
                return ""
        return ""
    if k == "atomic":
        _atomic(env, a["space"], a["slot"], norm(a["e"].ev(env), "u32"))
        return ""
    if k == "atomic64":
        g = env["@g"]["cnt64"]
        g[0] = np.uint64((int(g[0]) + norm(a["e"].ev(env), "u64")) & M64)
        return ""
    if k == "shround":
        env["@sh"][env["tid"]] = norm(a["e"].ev(env), "i32")
        yield ("bar", id(st), 0)
        env[a["var"]] = _conv(env["@sh"][norm(a["idx"].ev(env), "u32") % env["@bs"]], a["t"])
        yield ("bar", id(st) + 1, 0)
        return ""
    if k == "coll":
        mask = env[a["mask"]] if a["mask"] else FULL
        payload = [x.ev(env) for x in a["args"]]
        if a["op"] in ("ballot", "any", "all"):     # C: the predicate converts to the parameter's int
            payload[0] = norm(payload[0], "i32")
        r = yield ("coll", id(st), mask, a["op"], payload)
        if a["var"]:
            env[a["var"]] = _conv(r, a["t"])
        return ""
    if k == "wcall":
        f = env["@prog"]._fmap[a["f"]]
        fenv = {"@g": env["@g"], "@prog": env["@prog"], "a": a["args"][0].ev(env), "b": a["args"][1].ev(env),
                "m": env[a["mask"]] if a["mask"] else FULL}
        for ln, lt, init in f.locals_:
            fenv[ln] = _conv(init.ev(fenv), lt)
        if (yield from exec_block(f.body, fenv)):
            raise RefError(f"control left warp-synchronous function {f.name} early")
        env[a["var"]] = _conv(_conv(f.ret.ev(fenv), f.t), a["t"])
        return ""
    if k == "wround":
        mask = env[a["mask"]] if a["mask"] else FULL
        env["@shw"][env["tid"]] = norm(a["e"].ev(env), "i32")
        yield ("coll", id(st), mask, "syncwarp", [])
        if a["src"] == "ffs":
            src = _ffs(mask) - 1
        elif a["src"] == "top":
            src = 31 - _clz(mask, 32)
        else:
            src = a["src"].ev(env) & 31
        env[a["var"]] = _conv(env["@shw"][(env["tid"] & ~31) | src], a["t"])
        yield ("coll", id(st) + 1, mask, "syncwarp", [])
        return ""
    if k == "ballot_if":
        c = int(bool(a["c"].ev(env)))
        env[a["cvar"]] = c
        parent = env[a["parent"]] if a["parent"] else FULL
        m = yield ("coll", id(st), parent, "ballot", [c])
        env[a["mvar"]] = m
        env[a["evar"]] = parent & ~m & M32
        if c:
            return (yield from exec_block(a["then"], env))
        return (yield from exec_block(a["else"], env))
    if k == "gstride":
        return (yield from _gstride(a, env))
    if k == "shroundf":
        env["@shd"][env["tid"]] = float(a["e"].ev(env))
        yield ("bar", id(st), 0)
        env[a["var"]] = _conv(_cast(env["@shd"][norm(a["idx"].ev(env), "u32") % env["@bs"]], "f64", a["t"]), a["t"])
        yield ("bar", id(st) + 1, 0)
        return ""
    if k in V3.STMTS:
        return (yield from V3.exec_stmt(st, env))
    _exec_v2(k, a, env)
    return ""


def _gstride(a: dict, env: dict):
    j = env["gid"]
    n = a["n"] - (int(env["@g"]["in1"][a["k"]]) & 31 if a["k"] is not None else 0)
    while j < n:
        env[a["iv"]] = norm(j, a["T"])
        env["@g"]["gs"][j] = norm(a["e"].ev(env), "u32")
        sig = yield from exec_block(a["body"], env)
        if sig == "break":
            return ""
        if sig and sig != "continue":
            return sig
        j += env["@total"]
    return ""


def atomic_new(op: str, old: int, v: int, bits: int, w: int = 0) -> int:
    """The value an atomic leaves in memory (unsigned bits; *w* is a CAS's new value)."""
    if op in ("smin", "smax"):
        so, sv = norm(old, f"i{bits}"), norm(v, f"i{bits}")
        return (min(so, sv) if op == "smin" else max(so, sv)) & ((1 << bits) - 1)
    r = {"exch": v, "cas": w if old == v else old, "add": old + v, "sub": old - v,
         "inc": 0 if old >= v else old + 1, "dec": v if old == 0 or old > v else old - 1,
         "min": min(old, v), "max": max(old, v), "umin": min(old, v), "umax": max(old, v),
         "and": old & v, "or": old | v, "xor": old ^ v}[op]
    return r & ((1 << bits) - 1)


def _ftz(x: Any) -> Any:
    return F32(math.copysign(0.0, x)) if x != 0 and abs(x) < 2.0 ** -126 else x


def _fin(x: Any) -> Any:
    """The programs' ``fin``: a finite float, else 0."""
    return x if np.isfinite(x) else F32(0.0)


def _fadd_bits(arr: Any, i: int, v: float, t: str) -> None:
    """Add *v* exactly to the float (``t``) whose bits are ``arr[i]`` (the sums stay exact)."""
    if t == "f32":
        arr[i] = np.float32(np.array(arr[i], np.uint32).view(np.float32) + np.float32(v)).view(np.uint32)
    else:
        arr[i] = np.float64(np.array(arr[i], np.uint64).view(np.float64) + np.float64(v)).view(np.uint64)


def _exec_v2(k: str, a: dict, env: dict) -> None:        # noqa: C901 - one case per statement
    g = env["@g"]
    if k == "fatomic":
        v = float((norm(a["e"].ev(env), "u32") & 63) * 0.25)
        if a["space"] == "g":
            _fadd_bits(g["fcnt"], a["slot"], v, "f32")
        else:
            env["@sfcnt"][a["slot"]] += v
    elif k == "fpriv":                       # RED/ATOM.ADD.F32.FTZ.RN: subnormals flushed (PTX atom.add.f32)
        arr, i = g["fpriv"], env["gid"]
        old = F32(arr[i])
        arr[i] = _ftz(F32(_ftz(old) + _ftz(_fin(F32(a["e"].ev(env))))))
        env[a["var"]] = _conv(_cast(old, "f32", a["t"]) if a["t"] in FLT else FP.to_int("rz", 32, True)(old),
                              a["t"])
    elif k == "datomic":
        _fadd_bits(g["dcnt"], 0, float((norm(a["e"].ev(env), "u32") & 0xFFFF) * 0.5), "f64")
    elif k == "atomic2":
        arr, op = (g["cnt2"] if a["space"] == "g" else env["@scnt2"]), SLOT2_OPS[a["slot"]]
        v = M32 if op in ("inc", "dec") else norm(a["e"].ev(env), "u32")
        arr[a["slot"]] = atomic_new(op, int(arr[a["slot"]]), v, 32)
    elif k == "atomic64b":
        arr, op = (g["cnt64"] if a["space"] == "g" else env["@scnt64"]), SLOT64_OPS[a["slot"]]
        arr[a["slot"]] = atomic_new(op, int(arr[a["slot"]]), norm(a["e"].ev(env), "u64"), 64)
    elif k == "priv":
        bits = a["w"]
        arr, i = (g["priv"] if bits == 32 else g["priv64"], env["gid"]) if a["space"] == "g" else \
            (env["@shpriv"], env["tid"])
        ut = f"u{bits}"
        v = norm(a["e"].ev(env), ut)
        w = norm(a["e2"].ev(env), ut) if a["op"] == "cas" else 0
        old = int(arr[i])
        arr[i] = atomic_new(a["op"], old, v, bits, w)
        rt = f"i{bits}" if a["op"] in ("smin", "smax") else ut
        env[a["var"]] = _conv(_cast(norm(old, rt), rt, a["t"]), a["t"])
    else:
        raise AssertionError(k)


def _atomic(env: dict, space: str, slot: int, v: int) -> None:
    arr = env["@g"]["cnt"] if space == "g" else env["@scnt"]
    op = SLOT_OPS[slot]
    old = int(arr[slot])
    new = {"add": old + v, "cas_add": old + v, "or": old | v, "xor": old ^ v, "min": min(old, v),
           "max": max(old, v), "cas_max": max(old, v)}[op]
    arr[slot] = new & M32


def shuffle_src(kind: str, lane: int, b: int, width: int) -> int:
    """The source lane of a shuffle (PTX shfl's rule, as CUDA's __shfl*_sync set its c operand)."""
    seg = lane & ~(width - 1)
    if kind == "idx":
        return seg | (b & (width - 1))
    if kind == "up":
        j = lane - b
        return j if j >= seg else lane
    if kind == "down":
        j = lane + b
        return j if j <= seg + width - 1 else lane
    j = lane ^ b
    return j if j <= seg + width - 1 else lane


def new_rng(seed: int, version: int = GEN_VERSION) -> random.Random:
    return random.Random(f"cudafuzz-{version}-{seed}")


# -- the scheduler: one generator per thread, collectives and barriers when their lanes arrive --
def _thread(p: Program, env: dict) -> Iterator[Any]:
    for name, t, init in p.vars:
        env[name] = _conv(init.ev(env), t)
    yield ("bar", "init", 0)
    if (yield from exec_block(p.pro, env)):
        raise RefError("control left the block-convergent part")
    yield ("bar", "mid", 0)
    if env["tid"] < len(SLOT_OPS):
        c = env["@g"]["cnt"]
        c[8 + env["tid"]] = (int(c[8 + env["tid"]]) + env["@scnt"][env["tid"]]) & M32
    if p.version >= 2:
        _flush_v2(env)
    yield from exec_block(p.tail, env)
    _store(p, env)


def _flush_v2(env: dict) -> None:
    """Version 2's block counters added to the global ones after the last barrier."""
    g, tid = env["@g"], env["tid"]
    if tid < len(SLOT2_OPS):
        g["cnt2"][8 + tid] = (int(g["cnt2"][8 + tid]) + env["@scnt2"][tid]) & M32
    if tid < 2:
        _fadd_bits(g["fcnt"], 2 + tid, env["@sfcnt"][tid], "f32")
    if tid < len(SLOT64_OPS):
        g["cnt64"][8 + tid] = (int(g["cnt64"][8 + tid]) + env["@scnt64"][tid]) & M64


def _store(p: Program, env: dict) -> None:
    words: list[int] = []
    for name, t, _ in p.vars:
        v = env[name]
        if t == "f32":
            words.append(fbits(v))
        elif t == "f64":
            b = FP.dbits(v)
            words += [b & M32, b >> 32]
        elif t in ("i64", "u64"):
            words += [v & M32, (v & M64) >> 32]
        else:
            words.append(v & M32)
    words += [v & M32 for v in env["@loc"]]
    if p.version >= 2:
        words.append(env["@shpriv"][env["tid"]])
    if p.version >= 3:
        h = V3.big_fold(env["@big"])
        words += [h & M32, h >> 32]
    o = env["gid"] * p.nout
    env["@g"]["out"][o:o + p.nout] = words


def _collective(op: str, mask: int, lanes: dict[int, list]) -> dict[int, Any]:
    kind, *rest = op.split(":")
    if kind == "ballot":
        m = sum(1 << ln for ln, pl in lanes.items() if pl[0])
        return dict.fromkeys(lanes, m)
    if kind in ("any", "all"):
        vals = [bool(pl[0]) for pl in lanes.values()]
        return dict.fromkeys(lanes, int(any(vals) if kind == "any" else all(vals)))
    if kind in ("syncwarp", "activemask"):
        return dict.fromkeys(lanes, mask)
    if kind == "match":
        return {ln: sum(1 << o for o, q in lanes.items() if q[0] == pl[0]) for ln, pl in lanes.items()}
    if kind == "red":
        vals = [pl[0] for pl in lanes.values()]
        f = {"add": sum, "min": min, "max": max}.get(rest[0])
        if f is None:
            r = 0 if rest[0] != "and" else M32
            for v in vals:
                r = {"and": r & v, "or": r | v, "xor": r ^ v}[rest[0]]
            return dict.fromkeys(lanes, norm(r, "u32"))
        return dict.fromkeys(lanes, norm(f(vals), rest[1]))
    if kind == "shfl":
        out = {}
        for ln, pl in lanes.items():
            src = shuffle_src(rest[0], ln, pl[1] & 31 if rest[0] != "idx" else pl[1], int(rest[1]))
            if src not in lanes:
                raise RefError(f"{op}: lane {ln} reads lane {src}, not in the mask {mask:#x}")
            out[ln] = lanes[src][0]
        return out
    raise AssertionError(op)


def run_program(p: Program, inputs: dict[str, np.ndarray]) -> dict[str, np.ndarray]:
    """The reference: the output buffers (``out``, ``cnt``, ``cnt64``) after the launch."""
    g = {k: np.array(v).copy() for k, v in inputs.items()}
    g["out"] = np.zeros(p.grid * p.block * p.nout, np.uint32)
    with np.errstate(all="ignore"):
        for b in range(p.grid):
            _run_block(p, g, b)
    return {k: g[k] for k in outputs(p)}


def outputs(p: Program) -> tuple[str, ...]:
    if p.version >= 2:
        return ("out", "cnt", "cnt64", "cnt2", "fcnt", "dcnt", "priv", "priv64", "gs", "fpriv")
    return ("out", "cnt", "cnt64")


def _run_block(p: Program, g: dict, b: int) -> None:       # noqa: C901 - the scheduler
    sh = [0] * p.block
    shw = [0] * p.block
    scnt = [SLOT_INIT.get(op, 0) for op in SLOT_OPS]
    scnt2 = [SLOT2_INIT.get(op, 0) for op in SLOT2_OPS]
    scnt64 = [SLOT64_INIT.get(op, 0) for op in SLOT64_OPS]
    sfcnt = [0.0, 0.0]
    shd = [0.0] * p.block
    shpriv = [(t * 0x9E3779B9) & M32 for t in range(p.block)]
    gens, waiting, send = [], {}, {}
    for tid in range(p.block):
        gid = b * p.block + tid
        env = {"@g": g, "@prog": p, "@sh": sh, "@shw": shw, "@scnt": scnt, "@bs": p.block, "tid": tid, "gid": gid,
               "lane": tid & 31, "@loc": [int(g["in1"][(gid + k) & (NIN - 1)]) for k in range(8)]}
        if p.version >= 2:
            bx, by, _bz = p.bdim
            env.update({"@shd": shd, "@scnt2": scnt2, "@sfcnt": sfcnt, "@scnt64": scnt64, "@shpriv": shpriv, "bid": b,
                        "tx": tid % bx, "ty": tid // bx % by, "tz": tid // (bx * by), "@total": p.grid * p.block})
        if p.version >= 3:
            env["@big"] = V3.big_init(gid, g["in0"], p.nbig)
        gens.append(_thread(p, env))
        send[tid] = None
    done: set[int] = set()
    while len(done) < p.block:
        for tid in list(send):
            try:
                waiting[tid] = gens[tid].send(send.pop(tid))
            except StopIteration:
                done.add(tid)
        progressed = False
        live = [t for t in range(p.block) if t not in done]
        bars = {waiting[t][1] for t in live if waiting[t][0] == "bar"}
        if live and all(waiting[t][0] == "bar" for t in live):
            if len(bars) != 1:
                raise RefError(f"threads wait at different barriers {bars}")
            for t in live:
                del waiting[t]
                send[t] = None
            continue
        for w0 in range(0, p.block, 32):
            for ln in range(32):
                req = waiting.get(w0 + ln)
                if req is None or req[0] != "coll":
                    continue
                _, sid, mask, op, _pl = req
                if not mask >> ln & 1:
                    raise RefError(f"lane {ln} runs a collective whose mask {mask:#x} does not name it")
                members = [w0 + q for q in range(32) if mask >> q & 1]
                if any(w0 + q >= p.block for q in range(32) if mask >> q & 1):
                    raise RefError(f"mask {mask:#x} names lanes beyond the block")
                reqs = [waiting.get(m) for m in members]
                if all(r is not None and r[0] == "coll" and r[1] == sid and r[2] == mask for r in reqs):
                    res = _collective(op, mask, {m - w0: waiting[m][4] for m in members})
                    for m in members:
                        del waiting[m]
                        send[m] = res[m - w0]
                    progressed = True
        if not progressed and not send and len(done) < p.block:
            raise RefError(f"deadlock: {sorted((t, waiting[t][:4]) for t in waiting)[:4]}")


# -- CUDA text -----------------------------------------------------------------------------
PRELUDE = r"""#define I32MIN (-2147483647 - 1)
#define I64MIN (-9223372036854775807ll - 1)
__device__ __forceinline__ int sdiv32(int a, int b) { return (b == 0 || (a == I32MIN && b == -1)) ? a : a / b; }
__device__ __forceinline__ int smod32(int a, int b) { return (b == 0 || (a == I32MIN && b == -1)) ? a : a % b; }
__device__ __forceinline__ unsigned udiv32(unsigned a, unsigned b) { return b == 0 ? a : a / b; }
__device__ __forceinline__ unsigned umod32(unsigned a, unsigned b) { return b == 0 ? a : a % b; }
__device__ __forceinline__ long long sdiv64(long long a, long long b) { return (b == 0 || (a == I64MIN && b == -1)) ? a : a / b; }
__device__ __forceinline__ long long smod64(long long a, long long b) { return (b == 0 || (a == I64MIN && b == -1)) ? a : a % b; }
__device__ __forceinline__ unsigned long long udiv64(unsigned long long a, unsigned long long b) { return b == 0 ? a : a / b; }
__device__ __forceinline__ unsigned long long umod64(unsigned long long a, unsigned long long b) { return b == 0 ? a : a % b; }
__device__ __forceinline__ int sabs32(int a) { return a == I32MIN ? a : abs(a); }
__device__ __forceinline__ unsigned fbits(float f) { return f != f ? 0x7fffffffu : __float_as_uint(f); }
__device__ __forceinline__ void cas_add(unsigned *p, unsigned v)
{
    unsigned old = *(volatile unsigned *)p, assumed;
    do { assumed = old; old = atomicCAS(p, assumed, assumed + v); } while (old != assumed);
}
__device__ __forceinline__ void cas_max(unsigned *p, unsigned v)
{
    unsigned old = *(volatile unsigned *)p, assumed;
    do { assumed = old; old = atomicCAS(p, assumed, max(assumed, v)); } while (old != assumed);
}
"""
PRELUDE2 = r"""__device__ __forceinline__ float nzf(float x) { return x != x ? 0.0f : x; }
__device__ __forceinline__ double nzd(double x) { return x != x ? 0.0 : x; }
__device__ __forceinline__ float fin(float x) { return x - x == 0.0f ? x : 0.0f; }
__device__ __forceinline__ unsigned long long dbits(double d)
{
    return d != d ? 0x7fffffffffffffffull : (unsigned long long)__double_as_longlong(d);
}
__device__ __forceinline__ void cas_add64(unsigned long long *p, unsigned long long v)
{
    unsigned long long old = *(volatile unsigned long long *)p, assumed;
    do { assumed = old; old = atomicCAS(p, assumed, assumed + v); } while (old != assumed);
}
"""
PRELUDE6 = r"""__device__ __forceinline__ float clf(float x, float lo, float hi) { return x != x ? 0.0f : fminf(fmaxf(x, lo), hi); }
__device__ __forceinline__ double cld(double x, double lo, double hi) { return x != x ? 0.0 : fmin(fmax(x, lo), hi); }
"""
ATOM_FN = {"exch": "atomicExch", "cas": "atomicCAS", "add": "atomicAdd", "sub": "atomicSub", "inc": "atomicInc",
           "dec": "atomicDec", "min": "atomicMin", "max": "atomicMax", "umin": "atomicMin", "umax": "atomicMax",
           "smin": "atomicMin", "smax": "atomicMax", "and": "atomicAnd", "or": "atomicOr", "xor": "atomicXor"}
RED_FB = {"add": "r = ({ct})((unsigned)r + (unsigned)t)", "min": "r = min(r, t)", "max": "r = max(r, t)", "and": "r &= t", "or": "r |= t",
          "xor": "r ^= t"}
RED_INIT = {"add": "0", "min": "x", "max": "x", "and": "x", "or": "0", "xor": "0"}
SHFL = {"idx": "__shfl_sync", "up": "__shfl_up_sync", "down": "__shfl_down_sync", "xor": "__shfl_xor_sync"}


def _conv_text(e: str, t: str) -> str:
    if t == "bool":
        return f"(({e}) != 0)"
    return e if t == "f32" else f"({CT[t]})({e})"


def _mask_text(m: str) -> str:
    return m or "0xffffffffu"


def _coll_text(a: dict) -> list[str]:
    m = _mask_text(a["mask"])
    kind, *rest = a["op"].split(":")
    x = [e.c() for e in a["args"]]
    if kind == "syncwarp":
        return [f"__syncwarp({m});"]
    if kind == "activemask":
        call = "__activemask()"
        pre = ["__syncwarp();"]
    elif kind == "shfl":
        width = f", {rest[1]}" if rest[1] != "32" else ""
        call = f"{SHFL[rest[0]]}({m}, {x[0]}, {x[1]}{width})"
        pre = []
    elif kind == "red":
        ct = CT[rest[1]]
        hw = f"__reduce_{rest[0]}_sync({m}, ({ct})({x[0]}))"
        fb = f"fb_red_{rest[0]}_{rest[1]}({m}, ({ct})({x[0]}))"
        return ["#if __CUDA_ARCH__ >= 800",
                f"{a['var']} = {_conv_text(hw, a['t'])};",
                "#else",
                f"{a['var']} = {_conv_text(fb, a['t'])};",
                "#endif"]
    else:
        call = {"ballot": "__ballot_sync", "any": "__any_sync", "all": "__all_sync",
                "match": "__match_any_sync"}[kind] + f"({m}, {x[0]})"
        pre = []
    return pre + [f"{a['var']} = {_conv_text(call, a['t'])};"]


def _store_lines(p: Program) -> list[str]:
    lines, j = [], 0
    for name, t, _ in p.vars:
        if t == "f32":
            lines.append(f"out[o + {j}] = fbits({name});")
            j += 1
        elif t == "f64":
            lines.append(f"out[o + {j}] = (unsigned)dbits({name}); out[o + {j + 1}] = (unsigned)(dbits({name}) >> 32);")
            j += 2
        elif t in ("i64", "u64"):
            lines.append(f"out[o + {j}] = (unsigned)({name}); out[o + {j + 1}] = "
                         f"(unsigned)((unsigned long long)({name}) >> 32);")
            j += 2
        else:
            lines.append(f"out[o + {j}] = (unsigned)({name});")
            j += 1
    lines.append(f"for (int k = 0; k < 8; k++) out[o + {j} + k] = (unsigned)loc[k];")
    if p.version >= 2:
        lines.append(f"out[o + {j + 8}] = shpriv[tid];")
    if p.version >= 3:
        lines += V3.store_lines(j + 9)
    return lines


def emit_block(body: list[S], ind: str, p: Program) -> list[str]:     # noqa: C901 - one case per statement
    out: list[str] = []
    i2 = ind + "    "
    for st in body:
        k, a = st.kind, st.a
        if k == "assign":
            out.append(f"{ind}{a['var']} = {_conv_text(a['e'].c(), a['t'])};")
        elif k == "decl":
            out.append(f"{ind}{CT[a['t']]} {a['var']} = {_conv_text(a['e'].c(), a['t'])};")
        elif k == "locstore":
            out.append(f"{ind}loc[(unsigned)({a['idx'].c()}) & 7u] = (int)({a['e'].c()});")
        elif k == "if":
            out.append(f"{ind}if ({a['c'].c()}) {{")
            out += emit_block(a["then"], i2, p)
            if a["else"]:
                out.append(f"{ind}}} else {{")
                out += emit_block(a["else"], i2, p)
            out.append(f"{ind}}}")
        elif k == "ballot_if":
            par = _mask_text(a["parent"])
            out.append(f"{ind}int {a['cvar']} = ({a['c'].c()}) != 0;")
            out.append(f"{ind}unsigned {a['mvar']} = __ballot_sync({par}, {a['cvar']});")
            out.append(f"{ind}unsigned {a['evar']} = {par} & ~{a['mvar']};")
            out.append(f"{ind}if ({a['cvar']}) {{")
            out += emit_block(a["then"], i2, p)
            out.append(f"{ind}}} else {{")
            out += emit_block(a["else"], i2, p)
            out.append(f"{ind}}}")
        elif k == "for":
            out.append(f"{ind}for (int {a['iv']} = 0; {a['iv']} < (int)(({a['n'].c()}) & 7); {a['iv']}++) {{")
            out += emit_block(a["body"], i2, p)
            out.append(f"{ind}}}")
        elif k == "while":
            out.append(f"{ind}int {a['iv']} = 0;")
            out.append(f"{ind}while ({a['iv']} < {a['lim']} && ({a['c'].c()})) {{")
            out.append(f"{i2}{a['iv']}++;")
            out += emit_block(a["body"], i2, p)
            out.append(f"{ind}}}")
        elif k in ("break", "continue"):
            out.append(f"{ind}if ({a['c'].c()}) {k};")
        elif k == "return":
            if "e" in a:
                out.append(f"{ind}if ({a['c'].c()}) return {_conv_text(a['e'].c(), a['t'])};")
            else:
                out.append(f"{ind}if ({a['c'].c()}) {{")
                out += [i2 + s for s in _store_lines(p)]
                out.append(f"{i2}return;")
                out.append(f"{ind}}}")
        elif k == "switch":
            out.append(f"{ind}switch ({a['e'].c()}) {{")
            for vals, body, brk in a["cases"]:
                labels = " ".join(f"case {v}:" for v in vals) if vals is not None else "default:"
                out.append(f"{ind}{labels} {{")
                out += emit_block(body, i2, p)
                out.append(f"{ind}}}" + (" break;" if brk else " /* falls through */"))
            out.append(f"{ind}}}")
        elif k == "atomic":
            op = SLOT_OPS[a["slot"]]
            ptr = f"&{'cnt' if a['space'] == 'g' else 'scnt'}[{a['slot']}]"
            fn = op if op.startswith("cas") else "atomic" + op.capitalize()
            out.append(f"{ind}{fn}({ptr}, (unsigned)({a['e'].c()}));")
        elif k == "atomic64":
            out.append(f"{ind}atomicAdd(&cnt64[0], (unsigned long long)({a['e'].c()}));")
        elif k == "shround":
            out.append(f"{ind}sh[tid] = (int)({a['e'].c()});")
            out.append(f"{ind}__syncthreads();")
            rd = f"sh[(unsigned)({a['idx'].c()}) % {p.block}u]"
            out.append(f"{ind}{a['var']} = {_conv_text(rd, a['t'])};")
            out.append(f"{ind}__syncthreads();")
        elif k == "coll":
            out += [(ind if not s.startswith("#") else "") + s for s in _coll_text(a)]
        elif k == "wcall":
            call = f"{a['f']}({a['args'][0].c()}, {a['args'][1].c()}, {_mask_text(a['mask'])})"
            out.append(f"{ind}{a['var']} = {_conv_text(call, a['t'])};")
        elif k == "wround":
            m = _mask_text(a["mask"])
            src = {"ffs": f"(__ffs({m}) - 1)", "top": f"(31 - __clz({m}))"}.get(a["src"]) if isinstance(
                a["src"], str) else f"((unsigned)({a['src'].c()}) & 31u)"
            rd = f"shw[(tid & ~31) | {src}]"
            out += [f"{ind}shw[tid] = (int)({a['e'].c()});", f"{ind}__syncwarp({m});",
                    f"{ind}{a['var']} = {_conv_text(rd, a['t'])};", f"{ind}__syncwarp({m});"]

        elif k in V3.STMTS:
            out += V3.emit(st, ind, p)
        else:
            out += _emit_v2(k, a, ind, p)
    return out


def _atomic_call(op: str, ptr: str, bits: int, x: list[str]) -> str:
    ut = "unsigned" if bits == 32 else "unsigned long long"
    if op in ("smin", "smax"):
        st = "int" if bits == 32 else "long long"
        return f"{ATOM_FN[op]}(({st} *){ptr}, ({st})({x[0]}))"
    if op in ("inc", "dec") and len(x) == 0:
        return f"{ATOM_FN[op]}({ptr}, 0xffffffffu)"
    return f"{ATOM_FN[op]}({ptr}, {', '.join(f'({ut})({e})' for e in x)})"


def _emit_v2(k: str, a: dict, ind: str, p: Program) -> list[str]:
    if k == "gstride":
        ct, j = a["ct"], a["iv"]
        n = str(a["n"]) if a["k"] is None else f"{a['n']} - (in1[{a['k']}] & 31)"
        stride = f"({ct})(blockDim.x * blockDim.y * blockDim.z) * ({ct})(gridDim.x * gridDim.y * gridDim.z)"
        return ([f"{ind}for ({ct} {j} = ({ct})gid; {j} < ({ct})({n}); {j} += {stride}) {{",
                 f"{ind}    gs[{j}] = (unsigned)({a['e'].c()});"] + emit_block(a["body"], ind + "    ", p) + [f"{ind}}}"])
    if k == "fatomic":
        ptr = f"&{'fcnt' if a['space'] == 'g' else 'sfcnt'}[{a['slot']}]"
        return [f"{ind}atomicAdd({ptr}, (float)((unsigned)({a['e'].c()}) & 63u) * 0.25f);"]
    if k == "fpriv":
        call = f"atomicAdd(&fpriv[gid], fin({a['e'].c()}))"
        if a["t"] not in FLT:
            call = f"__float2int_rz({call})"
        return [f"{ind}{a['var']} = {_conv_text(call, a['t'])};"]
    if k == "shroundf":
        rd = f"shd[(unsigned)({a['idx'].c()}) % {p.block}u]"
        return [f"{ind}shd[tid] = (double)({a['e'].c()});", f"{ind}__syncthreads();",
                f"{ind}{a['var']} = {_conv_text(rd, a['t'])};", f"{ind}__syncthreads();"]
    if k == "datomic":
        return [f"{ind}atomicAdd(&dcnt[0], (double)((unsigned)({a['e'].c()}) & 0xffffu) * 0.5);"]
    if k == "atomic2":
        op = SLOT2_OPS[a["slot"]]
        ptr = f"&{'cnt2' if a['space'] == 'g' else 'scnt2'}[{a['slot']}]"
        return [f"{ind}{_atomic_call(op, ptr, 32, [] if op in ('inc', 'dec') else [a['e'].c()])};"]
    if k == "atomic64b":
        op = SLOT64_OPS[a["slot"]]
        ptr = f"&{'cnt64' if a['space'] == 'g' else 'scnt64'}[{a['slot']}]"
        if op == "add" and a["cas"]:
            return [f"{ind}cas_add64({ptr}, (unsigned long long)({a['e'].c()}));"]
        return [f"{ind}{_atomic_call(op, ptr, 64, [a['e'].c()])};"]
    if k == "priv":
        ptr = ("&priv[gid]" if a["w"] == 32 else "&priv64[gid]") if a["space"] == "g" else "&shpriv[tid]"
        args = [a["e"].c()] + ([a["e2"].c()] if a["op"] == "cas" else [])
        return [f"{ind}{a['var']} = {_conv_text(_atomic_call(a['op'], ptr, a['w'], args), a['t'])};"]
    raise AssertionError(k)


def _reds(body: list[S], acc: set) -> set:
    for st in body:
        if st.kind == "coll" and st.a["op"].startswith("red:"):
            acc.add(tuple(st.a["op"].split(":")[1:]))
        for key in ("then", "else", "body"):
            if key in st.a:
                _reds(st.a[key], acc)
        for _v, b, _k in st.a.get("cases", ()):
            _reds(b, acc)
    return acc


def _kernel_head(p: Program) -> list[str]:
    params = "const int *__restrict__ in0, const int *__restrict__ in1, unsigned *out, unsigned *cnt, " \
             "unsigned long long *cnt64"
    if p.version >= 2:
        params += (", unsigned *cnt2, float *fcnt, double *dcnt, unsigned *priv, unsigned long long *priv64, "
                   "unsigned *gs, float *fpriv")
    if p.version >= 3:                  # every pointer __restrict__ (no two alias)
        params = params.replace(" *", " *__restrict__ ").replace("*__restrict__ __restrict__", "*__restrict__")
    lines = ["", f"extern \"C\" __global__ void __launch_bounds__({p.block}) {p.name}({params})", "{",
             f"    __shared__ int sh[{p.block}], shw[{p.block}];", f"    __shared__ unsigned scnt[{len(SLOT_OPS)}];"]
    if p.version < 2:
        lines.append("    const int tid = threadIdx.x, gid = blockIdx.x * blockDim.x + threadIdx.x, lane = tid & 31;")
    else:
        i2, i64 = SLOT2_INIT, SLOT64_INIT
        lines += [f"    __shared__ unsigned scnt2[{len(SLOT2_OPS)}], shpriv[{p.block}];", "    __shared__ float sfcnt[2];",
                  f"    __shared__ double shd[{p.block}];",
                  f"    __shared__ unsigned long long scnt64[{len(SLOT64_OPS)}];",
                  "    const int tid = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);",
                  "    const int bid = blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z);",
                  "    const int gid = bid * (blockDim.x * blockDim.y * blockDim.z) + tid, lane = tid & 31;",
                  "    const int tx = threadIdx.x, ty = threadIdx.y, tz = threadIdx.z;",
                  "    shpriv[tid] = (unsigned)tid * 0x9e3779b9u;",
                  "    if (tid < 2) sfcnt[tid] = 0.0f;"]
        lines += [f"    if (tid == {i}) scnt2[{i}] = {i2.get(op, 0)}u;" for i, op in enumerate(SLOT2_OPS)]
        lines += [f"    if (tid == {i}) scnt64[{i}] = {i64.get(op, 0)}ull;" for i, op in enumerate(SLOT64_OPS)]
    lines += [f"    const int o = gid * {p.nout};",
              f"    if (tid < {len(SLOT_OPS)}) scnt[tid] = tid == {SLOT_OPS.index('min')} ? 0xffffffffu : 0u;",
              "    int loc[8];", f"    for (int k = 0; k < 8; k++) loc[k] = in1[(gid + k) & {NIN - 1}];"]
    if p.version >= 3:
        lines += V3.head_lines(p)
    return lines


def emit(p: Program) -> str:
    lines = [f"// cuda_fuzz seed {p.seed} (generator version {p.version}): scripts/cuda_fuzz.py, reference "
             "tests/cuda/cudafuzz.py"]
    if p.flags:
        lines.append(f"// nvcc-flags: {p.flags}")
    if p.version >= 2:
        lines += [f"// launch: grid {list(p.gdim)}, block {list(p.bdim)}", PRELUDE.rstrip(), PRELUDE2.rstrip()]
        if p.version >= 6:
            lines.append(PRELUDE6.rstrip())
    else:
        lines += ["// launch: grid %d, block %d" % (p.grid, p.block), PRELUDE.rstrip()]
    reds: set = set()
    for body in [p.pro] + [f.body for f in p.funcs]:
        _reds(body, reds)
    for op, t in sorted(reds):
        ct = CT[t]
        lines += ["#if __CUDA_ARCH__ < 800",
                  f"__device__ __forceinline__ {ct} fb_red_{op}_{t}(unsigned m, {ct} x)", "{",
                  f"    {ct} r = {RED_INIT[op]};",
                  f"    for (int l = 0; l < 32; l++) {{ {ct} t = __shfl_sync(m, x, l); if ((m >> l) & 1u) "
                  f"{RED_FB[op].format(ct=ct)}; }}", "    return r;", "}", "#endif"]
    for f in p.funcs:
        params = ", ".join(f"{CT[t]} {n}" for n, t in f.params)
        lines += ["", f"__device__ __noinline__ {CT[f.t]} {f.name}({params})", "{"]
        lines += [f"    {CT[t]} {n} = {_conv_text(e.c(), t)};" for n, t, e in f.locals_]
        lines += emit_block(f.body, "    ", p)
        lines += [f"    return {_conv_text(f.ret.c(), f.t)};", "}"]
    if p.version >= 3:
        lines += V3.global_lines(p)
    lines += _kernel_head(p)
    lines += [f"    {CT[t]} {n} = {_conv_text(e.c(), t)};" for n, t, e in p.vars]
    lines.append("    __syncthreads();")
    lines += emit_block(p.pro, "    ", p)
    lines += ["    __syncthreads();", f"    if (tid < {len(SLOT_OPS)}) atomicAdd(&cnt[8 + tid], scnt[tid]);"]
    if p.version >= 2:
        lines += [f"    if (tid < {len(SLOT2_OPS)}) atomicAdd(&cnt2[8 + tid], scnt2[tid]);",
                  "    if (tid < 2) atomicAdd(&fcnt[2 + tid], sfcnt[tid]);",
                  f"    if (tid < {len(SLOT64_OPS)}) atomicAdd(&cnt64[8 + tid], scnt64[tid]);"]
    lines += emit_block(p.tail, "    ", p)
    lines += ["    " + s for s in _store_lines(p)]
    lines.append("}")
    return "\n".join(lines) + "\n"
