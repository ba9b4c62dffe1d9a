"""Float instructions nvcc emits (issue 11, ``isa/nv.isa``): FSEL, I2FP, MUFU, FCHK, and
the rounding helpers (``.RN/.RM/.RP/.RZ``, ``.FTZ``, ``.SAT``) used by FADD/FMUL/FFMA.

Written once for both engines (``SEMANTICS_CONTRACT.md``).  Model decisions
(docs/gp-extension.md, "Instructions nvcc emits"):

* Directed rounding is exact: a result is computed as ``s + e`` (float64 ``s`` and
  its exact error ``e``), rounded to nearest even with the double-rounding fix of
  :func:`gpuisa.sim.semantics.gp._fma32`, then moved one float32 step when the exact
  value lies on the other side of the rounded one.
* MUFU computes each function in float64 and rounds once to float32, flushing
  denormal inputs and results to zero as the hardware does.
"""
from __future__ import annotations

from typing import Any

import numpy as np

from ..context import Exec
from ..registry import semantics
from ..state import array2mask, mask2array
from .operands import CANONICAL_NAN, SIGN, _U32, _b, _lanes, _out_bits, _raw, _sel_raw, split_selected

_F32, _F64 = np.float32, np.float64
_BIG = _F64(2.0 ** 128)


def rn32(s: np.ndarray, e: np.ndarray) -> np.ndarray:
    """The float32 nearest (ties to even) to the exact value ``s + e`` (float64 arrays,
    ``|e| <= ulp(s) / 2``)."""
    with np.errstate(all="ignore"):
        f = s.astype(_F32)
        f64 = f.astype(_F64)
        up = np.nextafter(f, _F32(np.inf)).astype(_F64)
        dn = np.nextafter(f, _F32(-np.inf)).astype(_F64)
        up = np.where(np.isinf(up), _BIG, up)
        dn = np.where(np.isinf(dn), -_BIG, dn)
        f64c = np.where(np.isinf(f64), np.sign(f64) * _BIG, f64)
        other = np.where(f64c > s, dn, up)
        mid = (f64c + other) * 0.5
        fix = np.isfinite(s) & (e != 0) & (mid == s)
        s2 = np.nextafter(s, np.where(e > 0, np.inf, -np.inf))
        return np.where(fix, s2.astype(_F32), f)


def round32(s: np.ndarray, e: np.ndarray, mode: str) -> np.ndarray:
    """``s + e`` rounded to float32 in *mode* (``RN``, ``RM``, ``RP``, ``RZ``)."""
    r = rn32(s, e)
    if mode == "RN" or mode is None:
        return r
    with np.errstate(all="ignore"):
        r64 = r.astype(_F64)
        d = (s - r64) + e            # sign of (exact - r); +-inf when r overflowed
        d = np.where(np.isnan(d), 0.0, d)
        if mode == "RM":
            step = d < 0
            target = _F32(-np.inf)
        elif mode == "RP":
            step = d > 0
            target = _F32(np.inf)
        else:                        # RZ: r is too large in magnitude
            step = ((d < 0) & (r > 0)) | ((d > 0) & (r < 0))
            target = _F32(0.0)
        step &= np.isfinite(s)
        return np.where(step, np.nextafter(r, target), r)


def half_f64(h: np.ndarray, bf: bool) -> np.ndarray:
    """16-bit float patterns (any unsigned integer array, the low 16 bits) as their float64
    values: binary16, or with *bf* bfloat16 (binary32's upper half)."""
    h = np.asarray(h) & 0xFFFF
    if bf:
        return (h.astype(_U32) << _U32(16)).view(_F32).astype(_F64)
    return h.astype(np.uint16).view(np.float16).astype(_F64)


def ftz_bits(bits: np.ndarray) -> np.ndarray:
    """Denormal float32 bit patterns flushed to a zero of the same sign."""
    return np.where((bits & _U32(0x7F800000)) == 0, bits & _U32(SIGN), bits)


def fsrc(x, name: str, ftz: bool = False) -> np.ndarray:
    """A float32 source as bits, ``|x|`` then ``-`` applied (sign bit), optionally flushed."""
    v = _raw(x, name)
    if x.flag(name + ".abs"):
        v = v & _U32(0x7FFFFFFF)
    if x.flag(name + ".neg"):
        v = v ^ _U32(SIGN)
    return ftz_bits(v) if ftz else v


def saturate(r: np.ndarray) -> np.ndarray:
    """``.SAT`` on rounded results (any float dtype): clamped to [0, 1], NaN and -0 give +0."""
    r = np.asarray(r)
    with np.errstate(all="ignore"):
        r = np.where(np.isnan(r), r.dtype.type(0), np.clip(r, r.dtype.type(0), r.dtype.type(1)))
        return np.where(r == 0, r.dtype.type(0), r).astype(r.dtype)


def finish(x, f: np.ndarray, ftz: bool = False, sat: bool = False) -> np.ndarray:
    """float32 results -> bits: ``.SAT`` clamps to [0, 1] (NaN -> +0), ``.FTZ`` flushes
    denormal results, NaNs become the canonical 0x7fffffff."""
    if sat:
        f = saturate(f)
    bits = _out_bits(f)
    return ftz_bits(bits) if ftz else bits


@semantics("FSEL")
def FSEL(x: Exec) -> None:
    """FSEL: pseudo code in the database (``__Semantics``, nv.isa; appended here by the registry)."""
    x.write("rd", np.where(mask2array(x.pred("pp")), fsrc(x, "ra"), fsrc(x, _b(x))))


@semantics("I2FP")
def I2FP(x: Exec) -> None:
    """I2FP: pseudo code in the database (``__Semantics``, nv.isa; appended here by the registry)."""
    v = _raw(x, _b(x))
    s = v.astype(_F64) if x.mod("stype_") == "U32" else v.view(np.int32).astype(_F64)   # exact
    x.write("rd", _out_bits(round32(s, np.zeros_like(s), x.mod("rnd") or "")))


def _mufu(op: str, v: np.ndarray) -> np.ndarray:
    """op(v) in float64 (v: float64 of float32 values, denormals already flushed)."""
    with np.errstate(all="ignore"):
        if op == "RCP":
            return 1.0 / v
        if op == "RSQ":
            return np.where(v == 0, np.copysign(np.inf, v), 1.0 / np.sqrt(v))
        if op == "SQRT":
            return np.sqrt(v)
        if op == "EX2":
            return np.exp2(v)
        if op == "LG2":
            return np.where(v == 0, -np.inf, np.log2(v))
        if op == "SIN":
            return np.where(np.isinf(v), np.nan, np.sin(2.0 * np.pi * np.fmod(v, 1.0)))
        if op == "COS":
            return np.where(np.isinf(v), np.nan, np.cos(2.0 * np.pi * np.fmod(v, 1.0)))
        return np.tanh(v)   # TANH


@semantics("MUFU")
def MUFU(x: Exec) -> None:
    """MUFU: pseudo code in the database (``__Semantics``, nv.isa; appended here by the registry)."""
    b = _b(x)
    op = x.mod("op") or ""
    if op in ("RCP64H", "RSQ64H"):      # the high word of a binary64 (decision F64-2)
        d = (fsrc(x, b).astype(np.uint64) << np.uint64(32)).view(_F64)
        with np.errstate(all="ignore"):
            r = 1.0 / d if op == "RCP64H" else 1.0 / np.sqrt(d)
        bits = np.where(np.isnan(r), np.uint64(0x7FFFFFFFFFFFFFFF), r.view(np.uint64))
        x.write("rd", (bits >> np.uint64(32)).astype(np.uint32))
        return
    if x.mod("fmt") in ("F16", "BF16"):     # 16-bit operand and result (decision D10-H-1)
        x.write("rd", mufu16(x, b, op, x.mod("fmt") == "BF16", _mufu))
        return
    v = fsrc(x, b, ftz=True).view(_F32).astype(_F64)
    r = _mufu(op, v)
    with np.errstate(all="ignore"):
        f = r.astype(_F32)
    x.write("rd", finish(x, f, ftz=True))


@semantics("FCHK")
def FCHK(x: Exec) -> None:
    """FCHK: pseudo code in the database (``__Semantics``, nv.isa; appended here by the registry)."""
    a, b = _raw(x, "ra"), _raw(x, _b(x))
    ea = ((a >> _U32(23)) & _U32(0xFF)).astype(np.int64)
    eb = ((b >> _U32(23)) & _U32(0xFF)).astype(np.int64)
    d = ea - eb       # a zero dividend (ea 0) takes the slow path: it keeps the quotient's sign (D5-4)
    r = (ea == 255) | (eb == 255) | (eb == 0) | (ea < 26) | (eb >= 253) | (d < -125) | (d > 125)
    x.write("pu", array2mask(r))


__all__ = ["rn32", "round32", "ftz_bits", "fsrc", "finish", "CANONICAL_NAN"]


# -- FADD / FMUL / FFMA / FSETP / FMNMX with .FTZ, .SAT, .RM/.RP/.RZ, |x| ------------------
# (gp.py's functions call these when one of the modifiers is written; the plain forms keep
# their own code and fast-path plans.)
def _sum_rm_zero(r: np.ndarray, s, e, p, c) -> np.ndarray:
    """`.RM`: an exact zero sum of operands that are not both +0 is -0 (IEEE 754)."""
    plus_zero = (p == 0) & (c == 0) & ~np.signbit(p) & ~np.signbit(c)
    return np.where((s == 0) & (e == 0) & ~plus_zero, _F32(-0.0), r)


def _two_sum(p: np.ndarray, c: np.ndarray):
    with np.errstate(all="ignore"):
        s = p + c
        t = s - p
        e = (p - (s - t)) + (c - t)
        e = np.where(np.isfinite(s), e, 0.0)
    return s, e


def round_sum(p: np.ndarray, c: np.ndarray, rnd: str) -> np.ndarray:
    """The exact ``p + c`` (float64 values: a binary32 product or operand and an addend) rounded
    once to binary32 in *rnd*; an exact zero sum in ``.RM`` is -0 unless both are +0 (IEEE 754).
    FADD's, FFMA's, their packed (FADD2, FFMA2) and uniform (UFADD, UFFMA) forms."""
    s, e = _two_sum(p, c)
    r = round32(s, e, rnd)
    if rnd == "RM":
        r = _sum_rm_zero(r, s, e, p, c)
    return r


def fadd_ext(x):
    """FADD{.FTZ}{.rnd}{.SAT}: see gp.FADD's pseudo code; the rounding of ``a + b`` is *rnd*."""
    ftz = x.mod("ftz") == "FTZ"
    a = fsrc(x, "ra", ftz).view(_F32).astype(_F64)
    b = fsrc(x, _b(x), ftz).view(_F32).astype(_F64)
    x.write("rd", finish(x, round_sum(a, b, x.mod("rnd") or "RN"), ftz, x.mod("sat") == "SAT"))


def fmul_ext(x):
    """FMUL{.FTZ}{.rnd}{.scale}{.SAT}: ``a * b`` (exact in float64) rounded once in *rnd*, then
    scaled by ``.D2`` ... ``.M8`` and rounded again."""
    ftz = x.mod("ftz") == "FTZ"
    a = fsrc(x, "ra", ftz).view(_F32).astype(_F64)
    b = fsrc(x, _b(x), ftz).view(_F32).astype(_F64)
    with np.errstate(all="ignore"):
        p = a * b
    r = scaled_product(p, x.mod("rnd") or "RN", x.mod("scale"), ftz)
    x.write("rd", finish(x, r, ftz, x.mod("sat") == "SAT"))


# FMUL's .scale modifier: the power of two the rounded product is multiplied by
FMUL_SCALE = {"D2": -1, "D4": -2, "D8": -3, "M8": 3, "M4": 2, "M2": 1}


def scaled_product(p: np.ndarray, rnd: str, scale: str | None, ftz: bool) -> np.ndarray:
    """FMUL's and UFMUL's result before ``.SAT``: the exact product *p* (float64) rounded to
    binary32 in *rnd*, then with ``.D2`` ... ``.M8`` (*scale*) flushed (``.FTZ``), multiplied by the
    power of two and rounded again: the two multiplications ptxas folded (decision D8-2)."""
    r = np.asarray(round32(p, np.zeros_like(p), rnd), _F32)
    k = FMUL_SCALE.get(scale or "", 0)
    if k:
        if ftz:
            r = ftz_bits(r.view(_U32)).view(_F32)
        with np.errstate(all="ignore"):
            q = r.astype(_F64) * 2.0 ** k        # exact in float64
        r = np.asarray(round32(q, np.zeros_like(q), rnd), _F32)
    return r


def ffma_ext(x):
    """FFMA{.FTZ}{.rnd}{.SAT}: ``a * b + c`` (exact product, TwoSum) rounded once in *rnd*."""
    from .operands import _c
    ftz = x.mod("ftz") == "FTZ"
    a = fsrc(x, "ra", ftz).view(_F32).astype(_F64)
    b = fsrc(x, _b(x), ftz).view(_F32).astype(_F64)
    c = fsrc(x, _c(x), ftz).view(_F32).astype(_F64)
    with np.errstate(all="ignore"):
        p = a * b
    x.write("rd", finish(x, round_sum(p, c, x.mod("rnd") or "RN"), ftz, x.mod("sat") == "SAT"))


# -- FADD2 / FMUL2 / FFMA2: packed binary32 pairs (packed.isa, decision D20-2) -----------------
def _pair(x, name: str, ftz: bool) -> tuple[np.ndarray, np.ndarray]:
    """(low position, high position) of a pair source as float64, selector, ``|x|``, ``-``, ``.NP``
    and ``.FTZ`` applied: F2Reg ``ra``/``rb``/``rc`` (number in bits 7..0, selector in 10..8), F2UReg
    ``urb``/``urc`` (number in 5..0, selector in 8..6), or a float32 immediate to both positions.
    Selectors 0-2 are `.F32x2.HI_LO`, `.F32x2.LO_HI`, `.F32`; 3-5 the same with `.NP`, which negates
    the high position after `|x|` and `-` (decision D20-6)."""
    np_hi = False
    if name[0] == "v":
        lo = hi = _lanes(x, x.src(name, raw=True))
    else:
        raw = x.reg_index(name)
        if name[0] == "u":
            reg, sel = split_selected(raw, uniform=True)
            lo, hi = _lanes(x, x.ureg(reg)), _lanes(x, x.ureg(reg + 1))
        else:
            reg, sel = split_selected(raw)
            lo, hi = _lanes(x, x.reg(reg)), _lanes(x, x.reg(reg + 1))
        np_hi, sel = sel >= 3, sel % 3
        if sel == 1:            # `.F32x2.LO_HI`: the pair swapped
            lo, hi = hi, lo
        elif sel == 2:          # `.F32`: the one register to both positions
            hi = lo
    out = []
    for pos, v in enumerate((lo, hi)):
        if x.flag(name + ".abs"):
            v = v & _U32(0x7FFFFFFF)
        if x.flag(name + ".neg"):
            v = v ^ _U32(SIGN)
        if pos and np_hi:
            v = v ^ _U32(SIGN)
        if ftz:
            v = ftz_bits(v)
        out.append(v.view(_F32).astype(_F64))
    return out[0], out[1]


def _pair_srcs(x) -> tuple[str, ...]:
    return tuple(n for n in ("ra", "rb", "urb", "vb", "rc", "urc", "vc") if x.has(n))


def _write_pair(x, lo: np.ndarray, hi: np.ndarray, ftz: bool) -> None:
    lo_bits = finish(x, lo, ftz).astype(np.uint64)
    hi_bits = finish(x, hi, ftz).astype(np.uint64)
    x.write("rd", lo_bits | (hi_bits << np.uint64(32)), width=64)


def _pair_op(x, op: str) -> None:
    ftz = x.mod("ftz") == "FTZ"
    rnd = x.mod("rnd") or "RN"
    srcs = [_pair(x, n, ftz) for n in _pair_srcs(x)]
    res = []
    for p in (0, 1):
        a, b = srcs[0][p], srcs[1][p]
        with np.errstate(all="ignore"):
            if op == "mul":
                r = scaled_product(a * b, rnd, None, ftz)    # exact in float64, rounded once
            elif op == "fma":
                r = round_sum(a * b, srcs[2][p], rnd)
            else:
                r = round_sum(a, b, rnd)
        res.append(np.asarray(r, _F32))
    _write_pair(x, res[0], res[1], ftz)


@semantics("FADD2")
def FADD2(x: Exec) -> None:
    """FADD2: pseudo code in the database (``__Semantics``, packed.isa; appended here by the registry)."""
    _pair_op(x, "add")


@semantics("FMUL2")
def FMUL2(x: Exec) -> None:
    """FMUL2: pseudo code in the database (``__Semantics``, packed.isa; appended here by the registry)."""
    _pair_op(x, "mul")


@semantics("FFMA2")
def FFMA2(x: Exec) -> None:
    """FFMA2: pseudo code in the database (``__Semantics``, packed.isa; appended here by the registry)."""
    _pair_op(x, "fma")


def fsetp_operands(x):
    """FSETP's (a, b) as float32 with |x|, - and .FTZ applied."""
    ftz = x.mod("ftz") == "FTZ"
    return fsrc(x, "ra", ftz).view(_F32), fsrc(x, _b(x), ftz).view(_F32)


# -- I2F / F2I: 64-bit integers, directed rounding, .FTZ --------------------------------------
def _int_to_f64_exact(x, name: str, wide: str | None, unsigned: bool):
    """(s, e): the integer SrcB as a float64 ``s`` plus its exact error ``e``."""
    if wide in ("S64", "U64") and x.kind(name) == "I":     # I2F.S64 R3, 0x1 is 2^32 (D9-F-3): the high word
        imm = (x.imm(name) & 0xFFFFFFFF) << 32
        imm = imm - (1 << 64) if wide == "S64" and imm >> 63 else imm
        s = np.full(x.lane_shape(), float(imm), _F64)      # exact: at most 32 significant bits
        return s, np.zeros_like(s)
    if wide in ("S64", "U64"):
        v = np.broadcast_to(np.asarray(x.src(name, 64, raw=True), dtype=np.uint64), x.lane_shape())
        lo = (v & np.uint64(0xFFFFFFFF)).astype(_F64)
        hi32 = (v >> np.uint64(32)).astype(np.uint32)
        hi = (hi32.view(np.int32) if wide == "S64" else hi32).astype(_F64) * 4294967296.0   # exact
        s = hi + lo                       # one rounding
        e = (hi - s) + lo                 # exact (Sterbenz; small integers)
        return s, e
    v = _raw(x, name)
    s = v.astype(_F64) if unsigned else v.view(np.int32).astype(_F64)   # exact
    return s, np.zeros_like(s)


def i2f_ext(x):
    """I2F{.U32}{.S64|.U64}{.rnd}: the integer rounded once to float32 in *rnd*."""
    s, e = _int_to_f64_exact(x, _b(x), x.mod("wide"), x.mod("fmt") == "U32" or x.mod("wide") == "U64")
    x.write("rd", _out_bits(round32(s, e, x.mod("rnd"))))


_SMALL = {"U16": (16, False), "S16": (16, True), "U8": (8, False), "S8": (8, True)}


def _small_int_source(x) -> np.ndarray:
    """I2F's integer source as int64 lanes: a plain register or a selected halfword/byte
    (``R2.H1``, ``R0.B3``; SelReg: the register number, then the selector), truncated to the
    ``.U16/.S16/.U8/.S8`` type and extended, else 32 bits, signed unless ``.U32``."""
    v: np.ndarray = _sel_raw(x, _b(x)).astype(np.int64)
    small = x.mod("small")
    if small in _SMALL:
        bits, signed = _SMALL[small]
        v = v & ((1 << bits) - 1)
        if signed:
            v = np.where(v >= 1 << (bits - 1), v - (1 << bits), v)
    elif x.mod("fmt") != "U32":
        v = np.where(v >= 1 << 31, v - (1 << 32), v)
    return v


def i2f_small(x):
    """I2F{.F64}{.U32}{.U16|.S16|.U8|.S8} with a plain or selected source (decision SV-2): the
    selected halfword or byte (``R2.H1``, ``R0.B3``), zero- or sign-extended by the type; every such
    value is exact in float32 and binary64, so the rounding mode has no effect."""
    f = _small_int_source(x).astype(_F64)     # exact
    if x.mod("dtype") == "F64":
        x.write("rd", f.view(np.uint64), width=64)
    else:
        x.write("rd", f.astype(np.float32).view(np.uint32))   # one rounding (exact for 16/8 bits)


_F2I_ROUND = {"RN": np.rint, "FLOOR": np.floor, "CEIL": np.ceil, "TRUNC": np.trunc}
_SIGN64 = np.uint64(1 << 63)


def dbits(x, name: str) -> np.ndarray:
    """A binary64 source (register pair, the high word of an F64H immediate, 8 bytes of constant
    memory, a uniform pair) as lane-shaped uint64 bits, ``|x|`` then ``-`` applied to the sign."""
    if x.kind(name) == "I":
        v = np.asarray((x.imm(name) & 0xFFFFFFFF) << 32, dtype=np.uint64)
    else:
        v = np.asarray(x.src(name, 64, raw=True), dtype=np.uint64)
    v = np.broadcast_to(v, x.lane_shape()).copy()
    if x.flag(name + ".abs"):
        v &= ~_SIGN64
    if x.flag(name + ".neg"):
        v ^= _SIGN64
    return v


#: F2I's and UF2I's 16- and 8-bit results (D7-math-4, D8-tiny-8): the range they saturate to
F2I_SMALL_RANGE = {"S16": (-32768.0, 32767.0), "U16": (0.0, 65535.0), "S8": (-128.0, 127.0), "U8": (0.0, 255.0)}


def f2i_range(x) -> tuple[float, float]:
    """The range a 32-bit-or-narrower F2I / UF2I result saturates to (``.small``, else ``.fmt``)."""
    small = F2I_SMALL_RANGE.get(x.mod("small") or "")
    if small is not None:
        return small
    return (0.0, 4294967295.0) if x.mod("fmt") == "U32" else (-2.0 ** 31, 2.0 ** 31 - 1)


def f2i_source(x) -> np.ndarray:
    """F2I's source as float64: binary64 with ``.F64`` (issue 11), else binary32 (``.FTZ``)."""
    if x.mod("stype_") == "F64":
        return dbits(x, _b(x)).view(_F64)
    bf = x.mod("bsrc") == "BF16"      # a bfloat16 in the low half (decision D7-math-4)
    if x.mod("hstype") == "F16" or bf:       # the binary16 in the low half (decision GA-13)
        name = _b(x)
        f = half_f64(_sel_raw(x, name), bf)      # a selected half `R3.H1` (SelReg; decision D3-5)
        if x.flag(name + ".abs"):      # |x| then - on the half (read raw above)
            f = np.abs(f)
        if x.flag(name + ".neg"):
            f = -f
        return f
    return fsrc(x, _b(x), x.mod("ftz") == "FTZ").view(_F32).astype(_F64)


def i2f_f64(x) -> None:
    """I2F.F64{.U32}{.S64|.U64}{.rnd}: the integer as binary64, rounded once (64-bit sources)."""
    wide = x.mod("wide")
    s, e = _int_to_f64_exact(x, _b(x), wide, x.mod("fmt") == "U32" or wide == "U64")
    mode = x.mod("rnd") or "RN"
    with np.errstate(all="ignore"):
        if mode == "RP":
            s = np.where(e > 0, np.nextafter(s, np.inf), s)
        elif mode == "RM":
            s = np.where(e < 0, np.nextafter(s, -np.inf), s)
        elif mode == "RZ":
            s = np.where((e != 0) & ((e < 0) != (s < 0)), np.nextafter(s, 0.0), s)
    x.write("rd", s.view(np.uint64), width=64)


def f2i_ext(x):
    """F2I{.FTZ}{.U32|.S64|.U64}{.rnd}: round, saturate to the type's range, NaN -> 0."""
    f = f2i_source(x)          # binary32, or binary64 with .F64 (issue 11)
    wide = x.mod("wide")
    with np.errstate(all="ignore"):
        i = _F2I_ROUND[x.mod("rnd") or "RN"](f)
        nan = np.isnan(i)
        if wide in ("S64", "U64"):
            if wide == "S64":
                lo_v, hi_v = -(2.0 ** 63), 2.0 ** 63
                r = np.where(i >= hi_v, np.int64(2 ** 63 - 1),
                             np.where(i < lo_v, np.int64(-2 ** 63), np.where(nan, 0.0, i).astype(np.int64)))
                x.write("rd", r.view(np.uint64), width=64)
            else:
                hi_v = 2.0 ** 64
                r = np.where(i >= hi_v, np.uint64(2 ** 64 - 1),
                             np.where((i <= 0) | nan, np.uint64(0), np.where(nan | (i <= 0) | (i >= hi_v), 0.0, i).astype(np.uint64)))
                x.write("rd", r, width=64)
            return
        lo, hi = f2i_range(x)
        i = np.where(nan, 0.0, np.clip(i, lo, hi))
    x.write("rd", (i.astype(np.int64) & 0xFFFFFFFF).astype(_U32))


def _rn16(s: np.ndarray, e: np.ndarray) -> np.ndarray:
    """The binary16 nearest (ties to even) to the exact ``s + e`` (float64 arrays), as
    :func:`rn32` does for binary32 (a midpoint of two halves reached by rounding is moved
    one float64 step toward the exact value first)."""
    with np.errstate(all="ignore"):
        h = s.astype(np.float16)
        h64 = h.astype(_F64)
        big = _F64(65536.0)
        up = np.nextafter(h, np.float16(np.inf)).astype(_F64)
        dn = np.nextafter(h, np.float16(-np.inf)).astype(_F64)
        up = np.where(np.isinf(up), big, up)
        dn = np.where(np.isinf(dn), -big, dn)
        hc = np.where(np.isinf(h64), np.sign(h64) * big, h64)
        other = np.where(hc > s, dn, up)
        mid = (hc + other) * 0.5
        fix = np.isfinite(s) & (e != 0) & (mid == s)
        s2 = np.nextafter(s, np.where(e > 0, np.inf, -np.inf))
        return np.where(fix, s2.astype(np.float16), h)


def bf16_bits(u, mode: str = "RN") -> np.ndarray:
    """binary32 bit patterns (uint32 array) rounded once to bfloat16 in *mode* (RN/RZ/RP/RM): the
    16-bit patterns as uint32; a NaN gives 0x7fff (decision GA-3).  bfloat16 is binary32's upper
    half, so rounding works on the bits: truncate, then step the magnitude up by one unit where
    the mode requires (RN: above half, or half with an odd result)."""
    u = np.asarray(u, dtype=np.uint32).astype(np.uint64)
    t = u >> np.uint64(16)
    low = u & np.uint64(0xFFFF)
    neg = (u >> np.uint64(31)) == 1
    if mode == "RN":
        up = (low > 0x8000) | ((low == 0x8000) & ((t & np.uint64(1)) == 1))
    elif mode == "RZ":
        up = np.zeros(u.shape, bool)
    elif mode == "RP":
        up = (low != 0) & ~neg
    else:   # RM
        up = (low != 0) & neg
    r = t + up.astype(np.uint64)
    nan = ((u & np.uint64(0x7F800000)) == 0x7F800000) & ((u & np.uint64(0x7FFFFF)) != 0)
    return np.where(nan, np.uint64(0x7FFF), r).astype(np.uint32)


def _bf16_of(x: float) -> int:
    """A binary64 value rounded once to bfloat16 (to nearest even): via binary32 rounded to odd,
    which keeps enough bits for the second rounding to be exact."""
    with np.errstate(all="ignore"):
        f = np.float32(x)
    if np.isfinite(f) and float(f) != x:
        if abs(float(f)) > abs(x):
            f = np.nextafter(f, np.float32(0))
        odd = np.array(f).view(np.uint32) | np.uint32(1)
        return int(bf16_bits(odd))
    return int(bf16_bits(np.array(f, np.float32).view(np.uint32)))


def _rnbf16(s: np.ndarray, e: np.ndarray) -> np.ndarray:
    """The exact ``s + e`` (a two-sum pair) rounded once to bfloat16, as uint32 bits (NaN 0x7fff):
    binary32 rounded to odd first, so that the second rounding is exact."""
    with np.errstate(all="ignore"):
        f = np.asarray(s, _F64).astype(np.float32)
        r = (s - f.astype(_F64)) + e                      # the residual's sign is exact
        inexact = (r != 0) & np.isfinite(f) & np.isfinite(r)
        toward = inexact & (f != 0) & (np.sign(r) != np.sign(f))
        f = np.where(toward, np.nextafter(f, np.float32(0)), f)
        bits = f.view(_U32)
        # a nonzero value that binary32 cannot hold, or that stepping toward zero made zero, keeps
        # its own sign (the leading part s has it), not the residual's (D16-I-1)
        bits = np.where(inexact & (f == 0), np.where(np.signbit(s), _U32(0x80000000), _U32(0)), bits)
        bits = bits | inexact.astype(_U32)
    return bf16_bits(bits)


def mufu16(x, name: str, op: str, bf: bool, fn) -> np.ndarray:
    """MUFU.TANH/.EX2 with ``.F16``/``.BF16`` (decision D10-H-1): the low half of source *name* (its
    high half when selected, ``R2.H1``), ``|x|`` and ``-`` on bit 15, as a binary16 / bfloat16 value;
    ``fn(op, value)`` (float64) rounded once to nearest even to the format, in the low half of the
    result.  bfloat16 ``.EX2`` (PTX ``ex2.approx.ftz.bf16``) flushes denormal operands and results."""
    h = _sel_raw(x, name) & _U32(0xFFFF)
    if x.flag(name + ".abs"):
        h = h & _U32(0x7FFF)
    if x.flag(name + ".neg"):
        h = h ^ _U32(0x8000)
    ftz = bf and op == "EX2"
    if ftz:
        h = np.where((h & _U32(0x7F80)) == 0, h & _U32(0x8000), h)
    if bf:
        v = (h << _U32(16)).view(np.float32).astype(_F64)
    else:
        v = h.astype(np.uint16).view(np.float16).astype(_F64)
    r = np.asarray(fn(op, v), _F64)
    if bf:
        out = _rnbf16(r, np.zeros_like(r))
        if ftz:
            out = np.where((out & _U32(0x7F80)) == 0, out & _U32(0x8000), out)
        return out.astype(_U32)
    with np.errstate(all="ignore"):
        f = r.astype(np.float16)       # one rounding from float64 (numpy rounds to nearest even)
    return np.where(np.isnan(f), _U32(0x7FFF), f.view(np.uint16).astype(_U32))


def pair_add(bf: bool):
    """The update of ``atomicAdd`` on a pair of binary16 (*bf*: bfloat16) values in a 32-bit word:
    each position added exactly and rounded once to nearest even; NaN -> 0x7fff."""
    def half(v: int) -> float:
        if bf:
            return float(np.array(v << 16, np.uint32).view(np.float32))
        return float(np.array(v, np.uint16).view(np.float16))

    def rnd(x: float) -> int:
        if x != x:
            return 0x7FFF
        if bf:
            return _bf16_of(x)
        with np.errstate(all="ignore"):
            return int(np.array(np.float16(x)).view(np.uint16))

    def add(o: int, b: int, c: int) -> int:
        hi = rnd(half(o >> 16) + half(b >> 16))
        lo = rnd(half(o & 0xFFFF) + half(b & 0xFFFF))
        return (hi << 16) | lo
    return add


def i2f_f16(x) -> None:
    """I2F.F16{.U32}{.U16|.S16|.U8|.S8}{.rnd}: the integer rounded once to binary16 in the low half
    (decision GA-13), or with .BF16 to bfloat16 (D6-cub-7); small sources as i2f_small reads them."""
    wide = x.mod("wide")
    if wide in ("S64", "U64"):          # `__ll2half_rn`: I2F.F16.S64 (D7-math-6): s + e exact
        s, e = _int_to_f64_exact(x, _b(x), wide, wide == "U64")
    else:
        s = _small_int_source(x).astype(_F64)
        e = np.zeros_like(s)
    mode = x.mod("rnd") or "RN"
    if x.mod("hdtype") == "BF16":       # I2F.BF16 (D6-cub-7): truncate to binary32 with a sticky bit
        f = _narrow(s, "F32", "RZ")      # (round to odd), then one rounding to bfloat16
        back = f.astype(_F64)
        f = np.where((back == s) & (e != 0) & (np.sign(e) != np.sign(s)), np.nextafter(f, _F32(0)), f)
        bits = f.view(np.uint32) | ((back != s) | (e != 0)).astype(np.uint32)
        x.write("rd", bf16_bits(bits, mode))
        return
    # binary16: |s| >= 2^53 lies far beyond binary16's range, where s alone decides the result;
    # below it e is 0
    h = _narrow(s, "F16", mode)                   # exact source, one rounding
    x.write("rd", h.view(np.uint16).astype(np.uint32))


def _narrow(d: np.ndarray, fmt: str, mode: str) -> np.ndarray:
    """float64 values rounded once to *fmt* (F32/F16) in *mode*: round to nearest even, then
    one step toward the exact value where RZ/RP/RM require it."""
    t: Any = {"F16": np.float16, "F32": _F32, "F64": _F64}[fmt]
    with np.errstate(all="ignore"):
        f = d.astype(t)
        if mode in ("RN", "", None):
            return f
        back = f.astype(_F64)
        if mode == "RZ":
            adj = np.abs(back) > np.abs(d)
            return np.where(adj, np.nextafter(f, t(0)), f)
        if mode == "RP":
            return np.where(back < d, np.nextafter(f, t(np.inf)), f)
        return np.where(back > d, np.nextafter(f, t(-np.inf)), f)
