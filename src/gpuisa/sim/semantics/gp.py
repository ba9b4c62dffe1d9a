"""General-purpose instructions (project extension, ``isa/gp.isa``).

One function per optype, named after it, the description's pseudo code in its
docstring.  Results are computed with numpy over the 32 lanes and written with
``x.write`` (which honours the guard ``x.pmask``).

Operands are found by role, whatever the opcode variant: the second source is
``rb`` (GPR), ``vb`` (immediate or ``c[bank][offset]``) or ``urb`` (uniform
register); the third is ``rc``, ``vc`` or ``urc``.

Decisions (see docs/gp-extension.md):

* Integer sources are read *raw* (:func:`_raw`) and the ``-``/``~`` prefixes
  are applied here on unbounded integers (``~x = 0xffffffff - x``,
  ``-x = 2^32 - x``), so that IADD3's carry out is that of the exact sum.
* Float32 prefixes flip the sign bit (also of NaNs).  FADD and FMUL use numpy
  float32 arithmetic (IEEE 754, round to nearest even, denormals kept: numpy
  does not enable flush-to-zero).  FFMA rounds once: the product of two
  float32 values is exact in float64, the float64 sum is corrected with the
  TwoSum error term where rounding it to float32 could double-round
  (:func:`_fma32`).  Every NaN result is the canonical ``0x7fffffff``.
"""
from __future__ import annotations

import struct


import numpy as np

from ..context import Exec, G_ALWAYS, G_NOT_PRED, G_PRED
from ..registry import semantics
from ..state import FULL, INST_SIZE, MASK32, MASK64, WARP_SIZE, Fault, array2mask, lanes_of, mask2array
from . import nv_float
from .bru import park_and_switch, set_rpc

from .operands import (CANONICAL_NAN, SIGN, _U32, _U64, _b, _c, _lanes, _out_bits, _raw, _raw_int, _sel_raw,  # noqa: F401
                       _role)


def _addend(x, name: str, v):
    """IADD3 addend: ``~`` then ``-`` on the unbounded value (array of int64 or int)."""
    if x.flag(name + ".bitnot"):
        v = MASK32 - v
    if x.flag(name + ".neg"):
        v = (1 << 32) - v
    return v


def _bool_lanes(mask: int) -> np.ndarray:
    return mask2array(mask)


def _combine(r, p, bop: str) -> tuple:
    """(r bop p, !r bop p) on lane masks (ints, or (n,) mask arrays in a batch)."""
    nr = ~r & FULL
    if bop == "AND":
        return r & p, nr & p
    if bop == "OR":
        return (r | p) & FULL, (nr | p) & FULL
    return (r ^ p) & FULL, (nr ^ p) & FULL


def bool_op(r, p, bop: str):
    """``r bop p`` (.AND, .OR, else .XOR) on per-lane booleans (arrays): the set-instructions that
    write values (FSET, HSET2) and the uniform compares."""
    if bop == "AND":
        return r & p
    if bop == "OR":
        return r | p
    return r ^ p


# -- float helpers ---------------------------------------------------------------------------
def _fbits(x, name: str) -> np.ndarray:
    """Float32 source bits with its ``-`` prefix applied (sign-bit flip)."""
    v = _raw(x, name)
    if x.flag(name + ".neg"):
        v = v ^ _U32(SIGN)
    return v


def _f32(bits: np.ndarray) -> np.ndarray:
    return bits.view(np.float32)


def _fma32(a: np.ndarray, b: np.ndarray, c: np.ndarray) -> np.ndarray:
    """float32 fused multiply-add, one rounding to nearest even.

    ``p = a*b`` is exact in float64 (24+24 significant bits, exponents within
    float64's range, also for denormals).  ``s = fl64(p + c)`` with the TwoSum
    error ``e`` (``s + e == p + c`` exactly).  Rounding ``s`` to float32 gives
    the correctly rounded ``p + c`` unless ``s`` is exactly a midpoint between
    two float32 values while ``e != 0`` (double rounding); then ``s`` is moved
    one float64 ulp toward the exact value first.
    """
    with np.errstate(all="ignore"):
        p = a.astype(np.float64) * b.astype(np.float64)
        c64 = c.astype(np.float64)
        s = p + c64
        t = s - p
        e = (p - (s - t)) + (c64 - t)
        f = s.astype(np.float32)
        f64 = f.astype(np.float64)
        big = np.float64(2.0 ** 128)
        up = np.nextafter(f, np.float32(np.inf)).astype(np.float64)
        dn = np.nextafter(f, np.float32(-np.inf)).astype(np.float64)
        up = np.where(np.isinf(up), big, up)
        dn = np.where(np.isinf(dn), -big, dn)
        f64c = np.where(np.isinf(f64), np.sign(f64) * big, f64)
        other = np.where(f64c > s, dn, up)
        mid = (f64c + other) * 0.5
        fix = np.isfinite(s) & (e != 0) & (mid == s)
        if fix.any():
            s2 = np.nextafter(s, np.where(e > 0, np.inf, -np.inf))
            f = np.where(fix, s2.astype(np.float32), f)
    return f


# -- moves -----------------------------------------------------------------------------------
@semantics("MOV")
def MOV(x: Exec) -> None:
    """MOV: pseudo code in the database (``__Semantics``, gp.isa; appended here by the registry)."""
    if x.mod("width") == "64":       # MOV.64 (issue 11): a register pair, 8 bytes, a 64-bit immediate
        bn = _b(x)
        v = x.imm(bn) & MASK64 if x.kind(bn) == "I" else x.src(bn, 64, raw=True)
        x.write("rd", np.broadcast_to(np.asarray(v, dtype=_U64), x.lane_shape()), width=64)
        return
    x.write("rd", _raw(x, _b(x)))


@semantics("RPCMOV")
def RPCMOV(x: Exec) -> None:
    """RPCMOV: pseudo code in the database (``__Semantics``, gp.isa; appended here by the registry)."""
    h = x.field("rpc")
    if "rd" in x.f:     # RPCMOV_X: Rd = Rpc half
        x.write("rd", x.rpc_half(h))
    else:               # RPCMOV_R: Rpc half = Ra
        x.set_rpc_half(h, x.src_lanes("ra"), x.pmask)


@semantics("UMOV")
def UMOV(x: Exec) -> None:
    """UMOV: pseudo code in the database (``__Semantics``, gp.isa; appended here by the registry)."""
    if x.mod("width") == "64":       # UMOV.64 (issue 11)
        bn = _b(x)
        v = x.imm(bn) & MASK64 if x.kind(bn) == "I" else x.src(bn, 64, raw=True)
        x.write("urd", v if isinstance(v, int) else np.asarray(v, dtype=_U64), width=64)
        return
    x.write("urd", _raw_int(x, _b(x)))


@semantics("ULDC")
def ULDC(x: Exec) -> None:
    """ULDC: pseudo code in the database (``__Semantics``, gp.isa; appended here by the registry)."""
    if not x.any_lane():
        return
    size = x.mod("size")
    if x.has("ura"):                              # ULDC_U: c[bank][URa+Imm] (D6-cl-1)
        n = 8 if size == "64" else 1 if size in ("U8", "S8") else 2 if size in ("U16", "S16") else 4
        b = uniform_const(x, n)
        if size in ("S8", "S16"):
            b = b - ((b >> (8 * n - 1)) << (8 * n))
        x.write("urd", b & (MASK64 if n == 8 else MASK32), width=64 if n == 8 else 32)
    elif size == "64":
        x.write("urd", x.src("vb", 64), width=64)
    elif size in ("U8", "S8", "U16", "S16"):    # a char / short parameter, zero- or sign-extended
        v = x.imm("vb")
        n = 1 if size[1:] == "8" else 2
        b = x.sim.const.read(v >> 16, v & 0xFFFF, n)
        if size[0] == "S" and b >> (8 * n - 1):
            b -= 1 << (8 * n)
        x.write("urd", b & MASK32)
    else:
        x.write("urd", _raw_int(x, "vb"))


def uniform_const(x: Exec, n: int, extra: int = 0):
    """The *n* bytes at ``c[bank][(URa + Imm) % 2^16 + extra]`` (ULDC_U, LDCU_U: the bank's 64 KiB
    wrap, decision D6-cl-1): a Python int, or for a batch an ``(n, 1)`` object array, one per warp
    (a warp without an executing lane reads nothing)."""
    bank, imm = x.imm("bank"), x.imm("offset")
    ura = _raw_int(x, "ura")
    if not isinstance(ura, np.ndarray):
        return x.sim.const.read(bank, ((ura + imm) & 0xFFFF) + extra, n)
    active = np.asarray(x.pmask).reshape(-1) != 0
    out = np.zeros(ura.shape, object)
    for w in np.flatnonzero(active):
        out[w, 0] = x.sim.const.read(bank, ((int(ura[w, 0]) + imm) & 0xFFFF) + extra, n)
    return out


# -- integer arithmetic ----------------------------------------------------------------------
@semantics("IADD3")
def IADD3(x: Exec) -> None:
    """IADD3: pseudo code in the database (``__Semantics``, gp.isa; appended here by the registry)."""
    total = x.lane_zeros(np.int64)
    for name in ("ra", _b(x), _c(x)):
        total += _addend(x, name, _raw(x, name).astype(np.int64))
    if x.mod("x") == "X":          # two carries in, each worth 1 (decision GA-9)
        total += mask2array(x.pred("pp")).astype(np.int64)
        if x.has("pq"):
            total += mask2array(x.pred("pq")).astype(np.int64)
    x.write("rd", (total & MASK32).astype(_U32))
    carry = total >> 32             # 0, 1 or 2: Pu = carry >= 1, Pv = carry >= 2
    x.write("pu", array2mask(carry >= 1))
    if x.has("pv"):
        x.write("pv", array2mask(carry >= 2))


@semantics("UIADD3")
def UIADD3(x: Exec) -> None:
    """UIADD3: pseudo code in the database (``__Semantics``, gp.isa; appended here by the registry)."""
    if not x.any_lane():
        return
    if x.mod("width") == "64":
        _uiadd3_64(x)
        return
    total = sum(_addend(x, n, _raw_int(x, n)) for n in ("ura", _b(x), "urc"))
    if x.mod("x") == "X":
        total = total + x.upred("upp")
        if x.has("upq"):
            total = total + x.upred("upq")          # second carry in, worth 1 (GA-9)
    x.write("urd", total & MASK32)
    x.write("upu", (total >> 32) >= 1)
    if x.has("upv"):
        x.write("upv", (total >> 32) >= 2)


def _uiadd3_64(x) -> None:
    """UIADD3.64 (sm_100+): three 64-bit uniform pairs (an immediate sign-extended), modulo 2^64."""
    total = 0
    for n in ("ura", _b(x), "urc"):
        if x.kind(n) == "I":
            v = x.imm(n) & MASK64
        else:
            v = x.src(n, 64, raw=True)
            v = v.astype(object) if isinstance(v, np.ndarray) else int(v)   # no 64-bit overflow
        if x.flag(n + ".bitnot"):
            v = MASK64 - v
        if x.flag(n + ".neg"):
            v = (1 << 64) - v
        total = total + v
    if isinstance(total, np.ndarray):
        x.write("urd", (total & MASK64).astype(_U64), width=64)
        x.write("upu", ((total >> 64) & 1).astype(bool))
    else:
        x.write("urd", total & MASK64, width=64)
        x.write("upu", bool((total >> 64) & 1))


@semantics("IMAD")
def IMAD(x: Exec) -> None:
    """IMAD: pseudo code in the database (``__Semantics``, gp.isa; appended here by the registry)."""
    if _imad_extended(x):
        _IMAD_carry(x)
        return
    mode = x.mod("mode")
    unsigned = x.mod("fmt") == "U32"
    a = _raw(x, "ra")
    b = _raw(x, _b(x))
    cn = _c(x)
    if unsigned:
        p = a.astype(_U64) * b.astype(_U64)
    else:
        p = (a.view(np.int32).astype(np.int64) * b.view(np.int32).astype(np.int64)).view(_U64)
    if mode == "WIDE" or mode == "HI":     # .HI: the high word of p + C64 (issue 11)
        if x.kind(cn) == "I":
            c = np.full(x.lane_shape(), (x.imm(cn) & MASK32 if unsigned else x.imm(cn)) & MASK64, _U64)
        elif x.kind(cn) == "C":
            c = np.full(x.lane_shape(), x.src(cn, 64) & MASK64, _U64)
        else:
            c = x.src_lanes(cn, 64)
        if mode == "WIDE":
            x.write("rd", p + c, width=64)  # uint64 arithmetic wraps modulo 2^64
        else:
            x.write("rd", ((p + c) >> _U64(32)).astype(_U32))
        return
    c = _raw(x, cn).astype(_U64)
    # no mode, .SHL, .MOV, .IADD: the low 32 bits
    x.write("rd", ((p + c) & _U64(MASK32)).astype(_U32))


def _imad_extended(x) -> bool:
    """IMAD with a carry in (.X), a written carry out Pu or a `-`/`~` on SrcC (decision G17)."""
    cn = _c(x)
    return (x.mod("x") == "X" or (x.has("pu") and not (x.kind("pu") == "P" and x.reg_index("pu") == 7))
            or x.flag(cn + ".neg") or x.flag(cn + ".bitnot"))


def _IMAD_carry(x):
    """IMAD's pseudo code with the carry: exact Python-int arithmetic per lane would loop, so
    the sum is split in 32-bit halves (uint64 numpy; every partial sum stays below 2^36)."""
    mode = x.mod("mode")
    unsigned = x.mod("fmt") == "U32"
    a = _raw(x, "ra")
    b = _raw(x, _b(x))
    cn = _c(x)
    if unsigned:
        p = a.astype(_U64) * b.astype(_U64)
    else:
        p = (a.view(np.int32).astype(np.int64) * b.view(np.int32).astype(np.int64)).view(_U64)
    cin = mask2array(x.pred("pp")).astype(_U64) if x.mod("x") == "X" else _U64(0)
    lo32 = _U64(MASK32)
    neg, bitnot = x.flag(cn + ".neg"), x.flag(cn + ".bitnot")
    if mode == "WIDE" or mode == "HI":    # .HI: the high word of the same 64-bit sum
        if x.kind(cn) == "I":
            c = np.full(x.lane_shape(), (x.imm(cn) & MASK32 if unsigned else x.imm(cn)) & MASK64, _U64)
        elif x.kind(cn) == "C":
            c = np.full(x.lane_shape(), x.src(cn, 64, raw=True) & MASK64, _U64)
        else:
            c = np.broadcast_to(np.asarray(x.src(cn, 64, raw=True), dtype=_U64), x.lane_shape())
        # unbounded c' = ~c then -c on 64 bits: -x = 2^64 - x, ~x = 2^64-1 - x
        c_lo, c_hi = c & lo32, c >> _U64(32)
        extra = _U64(0)   # bit 64 of c' (1 for -0 only)
        if bitnot:
            c_lo, c_hi = lo32 - c_lo, lo32 - c_hi
        if neg:   # 2^64 - v = (~v) + 1 on 64 bits, plus bit 64 when v == 0
            zero = (c_lo == 0) & (c_hi == 0)
            c_lo, c_hi = lo32 - c_lo, lo32 - c_hi
            c_lo = c_lo + _U64(1)
            c_hi = c_hi + (c_lo >> _U64(32))
            c_lo &= lo32
            extra = zero.astype(_U64)
            c_hi &= lo32
        s_lo = (p & lo32) + c_lo + cin
        s_hi = (p >> _U64(32)) + c_hi + (s_lo >> _U64(32))
        out = ((s_hi & lo32) << _U64(32)) | (s_lo & lo32)
        carry = ((s_hi >> _U64(32)) + extra) & _U64(1)
        if mode == "HI":
            x.write("rd", (s_hi & lo32).astype(_U32))
        else:
            x.write("rd", out, width=64)
        x.write("pu", array2mask(carry.astype(bool)))
        return
    c = _addend(x, cn, _raw(x, cn).astype(np.int64)).astype(_U64)   # unbounded, below 2^33
    part = (p >> _U64(32)) & lo32 if mode == "HI" else p & lo32
    if mode == "HI" and not unsigned:
        part = (p.view(np.int64) >> 32).view(_U64) & lo32
    total = part + c + cin
    x.write("rd", (total & lo32).astype(_U32))
    x.write("pu", array2mask(((total >> _U64(32)) & _U64(1)).astype(bool)))


# -- logic and shifts ------------------------------------------------------------------------
def _lut3(lut: int, a: np.ndarray, b: np.ndarray, c: np.ndarray) -> np.ndarray:
    r = np.zeros(np.broadcast_shapes(a.shape, b.shape, c.shape), _U32)
    na, nb, nc = ~a, ~b, ~c
    for i in range(8):
        if (lut >> i) & 1:
            r |= (a if i & 4 else na) & (b if i & 2 else nb) & (c if i & 1 else nc)
    return r


@semantics("LOP3")
def LOP3(x: Exec) -> None:
    """LOP3: pseudo code in the database (``__Semantics``, gp.isa; appended here by the registry)."""
    r = _lut3(x.imm("lut"), _raw(x, "ra"), _raw(x, _b(x)), _raw(x, "rc"))
    pu = array2mask(r != 0) | x.pred("pp")
    x.write("rd", r)
    x.write("pu", pu)


@semantics("SHF")
def SHF(x: Exec) -> None:
    """SHF: pseudo code in the database (``__Semantics``, gp.isa; appended here by the registry)."""
    typ = x.mod("type")
    lim = 32 if typ in ("U32", "S32") else 64
    n = _raw(x, _b(x)).astype(_U64)
    n = n % _U64(lim) if x.mod("wrap") == "W" else np.minimum(n, _U64(lim))
    v = (_raw(x, _c(x)).astype(_U64) << _U64(32)) | _raw(x, "ra").astype(_U64)
    n63 = np.minimum(n, _U64(63))
    if x.mod("dir") == "L":
        v = np.where(n >= 64, _U64(0), v << n63)
    elif typ in ("S32", "S64"):
        v = (v.view(np.int64) >> n63.astype(np.int64)).view(_U64)
    else:
        v = np.where(n >= 64, _U64(0), v >> n63)
    r = (v >> _U64(32)) if x.mod("half") == "HI" else (v & _U64(MASK32))
    x.write("rd", r.astype(_U32))


@semantics("ISETP")
def ISETP(x: Exec) -> None:
    """ISETP: pseudo code in the database (``__Semantics``, gp.isa; appended here by the registry)."""
    wide = x.mod("wide")
    if wide in ("S64", "U64"):
        bn = _b(x)
        a = np.asarray(x.src("ra", 64), dtype=_U64)
        if x.kind(bn) == "I":
            b = np.full(x.lane_shape(), x.imm(bn) & MASK64, _U64)   # sign-extended to 64 bits
        else:
            b = np.broadcast_to(np.asarray(x.src(bn, 64), dtype=_U64), x.lane_shape())
        if wide == "S64":
            a, b = a.view(np.int64), b.view(np.int64)
    else:
        a = _raw(x, "ra")
        b = _raw(x, _b(x))
        if x.mod("fmt") != "U32":
            a, b = a.view(np.int32), b.view(np.int32)
    code = x.db.types["ICmpOp"].by_name[x.mod("cmp") or ""]
    r = x.lane_zeros(bool)
    if code & 1:
        r |= a < b
    if code & 2:
        r |= a == b
    if code & 4:
        r |= a > b
    if x.mod("ex") == "EX" and code not in (0, 7):   # .F and .T ignore Pq
        q = mask2array(x.pred("pq"))
        if code in (1, 3):
            r = (a < b) | ((a == b) & q)
        elif code in (4, 6):
            r = (a > b) | ((a == b) & q)
        elif code == 2:
            r = (a == b) & q
        else:
            r = (a != b) | q
    pu, pv = _combine(array2mask(r), x.pred("pp"), x.mod("bop") or "")
    x.write("pu", pu)
    x.write("pv", pv)


@semantics("SEL")
def SEL(x: Exec) -> None:
    """SEL: pseudo code in the database (``__Semantics``, gp.isa; appended here by the registry)."""
    if x.mod("width") == "64":       # SEL.64 (issue 11): register pairs
        bn = _b(x)
        # a 33-bit immediate, sign-extended to 64 bits (`SEL.64 R10, R12, -0x3, P0`, D3-3;
        # `SEL.64 R16, RZ, -0xfffffffb, !P0` is 0xffffffff00000005, D8-fuzz-8)
        b = x.imm(bn) & MASK64 if x.kind(bn) == "I" else x.src(bn, 64, raw=True)
        a = np.broadcast_to(np.asarray(x.src("ra", 64, raw=True), dtype=_U64), x.lane_shape())
        x.write("rd", np.where(mask2array(x.pred("pp")), a, np.asarray(b, dtype=_U64)), width=64)
        return
    x.write("rd", np.where(mask2array(x.pred("pp")), _raw(x, "ra"), _raw(x, _b(x))))


# -- predicates ------------------------------------------------------------------------------
@semantics("PLOP3")
def PLOP3(x: Exec) -> None:
    """PLOP3: pseudo code in the database (``__Semantics``, gp.isa; appended here by the registry)."""
    a, b, c = x.pred("pa"), x.pred("pb"), x.pred("pc")
    terms = []
    for i in range(8):
        terms.append((a if i & 4 else ~a) & (b if i & 2 else ~b) & (c if i & 1 else ~c) & FULL)
    outs = []
    for lut in (x.imm("lutu"), x.imm("lutv")):
        m = 0
        for i in range(8):
            if (lut >> i) & 1:
                m |= terms[i]
        outs.append(m)
    x.write("pu", outs[0])
    x.write("pv", outs[1])


@semantics("P2R")
def P2R(x: Exec) -> None:
    """P2R: pseudo code in the database (``__Semantics``, gp.isa; appended here by the registry).
    Both widths (decision D13-S-5): ``x.w.P[i]`` is a warp's mask or the batch's ``(n,)`` masks."""
    packed = x.lane_zeros()
    for i in range(7):
        packed = packed | (mask2array(x.w.P[i]).astype(_U32) << _U32(i))
    k = 8 * "B0 B1 B2 B3".split().index(x.mod("byte") or "B0")     # .B1-.B3 (decision GA-10)
    mask = _U32((x.imm("vb") << k) & MASK32)
    x.write("rd", (_raw(x, "ra") & ~mask) | ((packed << _U32(k)) & mask))


@semantics("R2P")
def R2P(x: Exec) -> None:
    """R2P: pseudo code in the database (``__Semantics``, gp.isa; appended here by the registry).
    Both widths (decision D14-W-3): ``x.w.P[i]`` is a warp's mask or the batch's ``(n,)`` masks
    (a warp with no executing lane keeps its predicates: ``pmask`` is 0)."""
    if not np.any(x.pmask):
        return
    a = _sel_raw(x, "ra")      # `R3.B1` (R2P_RI_SEL, decision GA-10): the selected byte
    mask = x.imm("vb")
    w = x.w
    for i in range(7):
        if (mask >> i) & 1:
            bit = array2mask(((a >> _U32(i)) & _U32(1)).astype(bool))
            w.P[i] = (w.P[i] & ~x.pmask) | (bit & x.pmask)


# -- float32 ---------------------------------------------------------------------------------
def _fmods(x) -> bool:
    """A float modifier or prefix of issue 11 is written (.FTZ, .SAT, .RM/.RP/.RZ, |x|): the
    computation is nv_float's (directed rounding, flushing, saturation)."""
    if x.mod("ftz") == "FTZ" or x.mod("sat") == "SAT" or x.mod("rnd") not in (None, "RN"):
        return True
    if x.mod("scale") not in (None, "NoScale"):      # FMUL.D2 ... (D8-2)
        return True
    return any(x.flag(n + ".abs") for n in ("ra", "rb", "vb", "urb", "rc", "vc", "urc"))   # urc: D2-6


def _nv_float():
    return nv_float


@semantics("FADD")
def FADD(x: Exec) -> None:
    """FADD: pseudo code in the database (``__Semantics``, gp.isa; appended here by the registry)."""
    if _fmods(x):
        _nv_float().fadd_ext(x)
        return
    with np.errstate(all="ignore"):
        r = _f32(_fbits(x, "ra")) + _f32(_fbits(x, _b(x)))
    x.write("rd", _out_bits(r))


@semantics("FMUL")
def FMUL(x: Exec) -> None:
    """FMUL: pseudo code in the database (``__Semantics``, gp.isa; appended here by the registry)."""
    if _fmods(x):
        _nv_float().fmul_ext(x)
        return
    with np.errstate(all="ignore"):
        r = _f32(_fbits(x, "ra")) * _f32(_fbits(x, _b(x)))
    x.write("rd", _out_bits(r))


@semantics("FFMA")
def FFMA(x: Exec) -> None:
    """FFMA: pseudo code in the database (``__Semantics``, gp.isa; appended here by the registry)."""
    if _fmods(x):
        _nv_float().ffma_ext(x)
        return
    r = _fma32(_f32(_fbits(x, "ra")), _f32(_fbits(x, _b(x))), _f32(_fbits(x, _c(x))))
    x.write("rd", _out_bits(r))


@semantics("FSETP")
def FSETP(x: Exec) -> None:
    """FSETP: pseudo code in the database (``__Semantics``, gp.isa; appended here by the registry)."""
    if _fmods(x):
        a, b = _nv_float().fsetp_operands(x)    # |x|, .FTZ
    else:
        a = _f32(_fbits(x, "ra"))
        b = _f32(_fbits(x, _b(x)))
    fsetp_write(x, a, b)


@semantics("FSET")
def FSET(x: Exec) -> None:
    """FSET: pseudo code in the database (``__Semantics``, gp.isa; appended here by the registry)."""
    a, b = _nv_float().fsetp_operands(x)       # |x|, -, .FTZ
    r = fcmp(x, a, b)
    p, bop = mask2array(x.pred("pp")), x.mod("bop") or ""
    r = bool_op(r, p, bop)
    one = _U32(0x3F800000) if x.mod("bf") == "BF" else _U32(0xFFFFFFFF)
    x.write("rd", np.where(r, one, _U32(0)).astype(_U32))


def fcmp(x, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """``a cmp b`` per lane for the instruction's ``.cmp`` (FCmpOp bits: 1 <, 2 ==, 4 >, 8 unordered)."""
    code = x.db.types["FCmpOp"].by_name[x.mod("cmp") or "F"]
    r = np.zeros(np.shape(a), bool)
    with np.errstate(all="ignore"):
        if code & 1:
            r |= a < b
        if code & 2:
            r |= a == b
        if code & 4:
            r |= a > b
        if code & 8:
            r |= np.isnan(a) | np.isnan(b)
    return r


def fsetp_write(x, a: np.ndarray, b: np.ndarray) -> None:
    """FSETP's and DSETP's ``Pu = (a cmp b) bop Pp``, ``Pv = !(a cmp b) bop Pp`` (FCmpOp: bit 1 <,
    2 ==, 4 >, 8 unordered)."""
    pu, pv = _combine(array2mask(fcmp(x, a, b)), x.pred("pp"), x.mod("bop") or "")
    x.write("pu", pu)
    x.write("pv", pv)


def _sign_mods(x, name: str, bits: np.ndarray) -> np.ndarray:
    """float32 bits with the operand's ``|x|`` then ``-`` (issue 11: FMNMX's `|R0|`)."""
    if x.flag(name + ".abs"):
        bits = bits & _U32(0x7FFFFFFF)
    if x.flag(name + ".neg"):
        bits = bits ^ _U32(SIGN)
    return bits


def mnmx_bits(a: np.ndarray, b: np.ndarray, ab: np.ndarray, bb: np.ndarray, want_min: np.ndarray, nan: bool,
              canonical: int) -> np.ndarray:
    """FMNMX's rule on values *a*, *b* and their bit patterns *ab*, *bb* (uint32; float32 for
    FMNMX/FMNMX3, one 16-bit position for HMNMX2): the minimum where *want_min*, else the maximum;
    -0 < +0; one NaN operand gives the other, two (with *nan*: any) the *canonical* NaN."""
    with np.errstate(all="ignore"):
        mn = np.where(a < b, ab, np.where(b < a, bb, ab | bb))   # equal: -0 wins the min
        mx = np.where(a > b, ab, np.where(b > a, bb, ab & bb))   # equal: +0 wins the max
    r = np.where(want_min, mn, mx)
    na, nb = np.isnan(a), np.isnan(b)
    r = np.where(na & ~nb, bb, np.where(nb & ~na, ab, r))
    bad = (na | nb) if nan else (na & nb)     # .NAN: any NaN operand (D6-cl-5)
    return np.where(bad, _U32(canonical), r).astype(_U32)


def _fmnmx_bits(ab: np.ndarray, bb: np.ndarray, want_min: np.ndarray, nan: bool) -> np.ndarray:
    """FMNMX on float32 bit patterns."""
    return mnmx_bits(_f32(ab), _f32(bb), ab, bb, want_min, nan, CANONICAL_NAN)


@semantics("FMNMX")
def FMNMX(x: Exec) -> None:
    """FMNMX: pseudo code in the database (``__Semantics``, gp.isa; appended here by the registry)."""
    ab, bb = _sign_mods(x, "ra", _raw(x, "ra")), _sign_mods(x, _b(x), _raw(x, _b(x)))
    if x.mod("ftz") == "FTZ":   # .FTZ: denormal inputs are zeros (so is the result)
        ab, bb = _nv_float().ftz_bits(ab), _nv_float().ftz_bits(bb)
    x.write("rd", _fmnmx_bits(ab, bb, mask2array(x.pred("pp")), x.mod("nan") == "NAN"))


@semantics("FMNMX3")
def FMNMX3(x: Exec) -> None:
    """FMNMX3: pseudo code in the database (``__Semantics``, gp.isa; appended here by the registry)."""
    ops = [_sign_mods(x, n, _raw(x, n)) for n in ("ra", _b(x), "rc")]
    if x.mod("ftz") == "FTZ":
        ops = [_nv_float().ftz_bits(v) for v in ops]
    want_min, nan = mask2array(x.pred("pp")), x.mod("nan") == "NAN"
    x.write("rd", _fmnmx_bits(_fmnmx_bits(ops[0], ops[1], want_min, nan), ops[2], want_min, nan))


@semantics("I2F")
def I2F(x: Exec) -> None:
    """I2F: pseudo code in the database (``__Semantics``, gp.isa; appended here by the registry)."""
    if x.mod("hdtype") in ("F16", "BF16"):
        _nv_float().i2f_f16(x)     # I2F.F16{.U16 ...} (decision GA-13)
        return
    if x.mod("small") not in (None, "NoSmall") or x.mod("sel") == "Sel":
        _nv_float().i2f_small(x)   # 16/8-bit sources, selected registers (issue 11, decision SV-2)
        return
    if x.mod("dtype") == "F64":
        _nv_float().i2f_f64(x)     # I2F.F64 (issue 11)
        return
    if x.mod("rnd") not in (None, "RN") or x.mod("wide") not in (None, "NoWide"):
        _nv_float().i2f_ext(x)     # directed rounding, 64-bit sources (issue 11)
        return
    v = _raw(x, _b(x))
    v64 = v.astype(np.float64) if x.mod("fmt") == "U32" else v.view(np.int32).astype(np.float64)
    x.write("rd", v64.astype(np.float32).view(_U32))   # exact in float64, one rounding to float32


_ROUND = {"RN": np.rint, "FLOOR": np.floor, "CEIL": np.ceil, "TRUNC": np.trunc}


@semantics("F2I")
def F2I(x: Exec) -> None:
    """F2I: pseudo code in the database (``__Semantics``, gp.isa; appended here by the registry)."""
    if x.mod("wide") not in (None, "NoWide") or x.mod("ftz") == "FTZ" or x.mod("stype_") == "F64" \
            or x.mod("hstype") == "F16" or x.mod("bsrc") == "BF16" or x.mod("small") in ("S16", "U16", "S8", "U8"):
        _nv_float().f2i_ext(x)     # 64-bit results, .FTZ, binary64 / binary16 sources (issue 11, GA-13)
        return
    f = _f32(_nv_float().fsrc(x, _b(x))).astype(np.float64)      # |x|, - applied
    lo, hi = (0.0, float(MASK32)) if x.mod("fmt") == "U32" else (-2.0 ** 31, 2.0 ** 31 - 1)
    with np.errstate(all="ignore"):
        i = np.clip(_ROUND[x.mod("rnd") or ""](f), lo, hi)
        i = np.where(np.isnan(f), 0.0, i)
    x.write("rd", (i.astype(np.int64) & MASK32).astype(_U32))


# -- memory ----------------------------------------------------------------------------------
# Field names of the memory instructions (gp.isa): the address base ``ra``, the
# signed byte offset ``offset`` (LDC: unsigned, with ``bank``), the data
# register ``rb`` (stores, atomic operand), ``rc`` (CAS swap value), ``rd``.
#: an access starting less than this many bytes after a buffer's end is reported
#: as "out of bounds" of that buffer; further away it is "unmapped".
OOB_SLACK = 4096
_SIZE_BYTES = {"32": 4, "U8": 1, "S8": 1, "U16": 2, "S16": 2, "64": 8, "128": 16, "256": 32}


def _size(x: Exec) -> tuple[str, int]:
    s = x.mod("size")
    n = _SIZE_BYTES.get(s or "")
    if n is None:   # pragma: no cover - the description's exceptions reject such words first
        x.fault("invalid-instruction", f"{x.name}: no access size {s}")
    return str(s), n


def _reg_row(x, idx: int) -> np.ndarray:
    """GPR *idx* as a lane-shaped uint64 array; RZ (and anything past it) reads 0."""
    return x.reg(idx).astype(_U64)


def _ur_addr(x, width: int):
    """The address's uniform-register part (``[Ra+URb+imm]``, ``[URb]``; issue 11): the pair
    URb:URb+1 for a 64-bit address, URb for a 32-bit one; 0 for URZ or when the form has none.
    A Python int (one warp) or an ``(n, 1)`` array (a batch)."""
    if not x.has("ura"):
        return 0
    return x.src("ura", width)


def _global_addrs(x, reg: str = "ra") -> np.ndarray:
    """``Ra.64 + URb.64 + sext(offset)`` modulo 2^64, per lane (``Ra.U32``: Ra zero-extended);
    *reg*: the address register's field (LDGSTS's global address is ``rb``)."""
    i = x.reg_index(reg)
    if x.mod("scale") == "U32":     # `[R4.U32+UR4]`: one register, zero-extended (issue 11)
        base = _reg_row(x, i)
    else:
        base = _reg_row(x, i) | (_reg_row(x, i + 1) << _U64(32))
    u = _ur_addr(x, 64)
    if not isinstance(u, int) or u:
        base = base + np.asarray(u, dtype=_U64)
    return base + _U64(x.imm("offset") & MASK64)


_SCALES = {"X1": 1, "X4": 4, "X8": 8, "X16": 16}


def _shared_addrs(x) -> np.ndarray:
    """``Ra * scale + URb + sext(offset)`` modulo 2^32, per lane (as uint64 for the memory API);
    the scale (``[Ra.X4+imm]``, issue 11) is 1 unless written."""
    ra = _raw(x, "ra")
    sc = x.mod("scale")
    if sc not in (None, "X1"):
        ra = ra * _U32(_SCALES[sc])      # uint32 arithmetic wraps modulo 2^32
    u = _ur_addr(x, 32)
    if not isinstance(u, int) or u:      # `[Ra+URb+imm]` (issue 11)
        ra = ra + np.asarray(u, dtype=_U32)
    return (ra + _U32(x.imm("offset") & MASK32)).astype(_U64)


def _where(mem, addr: int) -> str:
    """Why an access at *addr* is outside *mem*: past the end of a buffer (up to
    4 KiB beyond it: ``out of bounds``) or nowhere near one (``unmapped``)."""
    segs = list(getattr(mem, "segments", []))
    if mem.space == "shared" and len(segs) > 1:      # a cluster launch: one segment per rank (D10-C-5)
        return (f"out of bounds: the cluster's {len(segs)} CTAs have 0x{segs[0].data.size:x} bytes of shared "
                f"memory each, rank r's at r << 24")
    if mem.space == "shared" and segs:
        return f"out of bounds: shared memory is 0x{segs[-1].end:x} bytes"
    if mem.space == "local":       # each thread's window is 32 bits wide: the stack grows down from its top
        size = mem.size
        off = addr & MASK32
        if off >= 1 << 31:      # below 0: the stack pointer went past the bottom (decision D11-B-9)
            return (f"a stack overflow: local offset -0x{(1 << 32) - off:x}, below the thread's 0x{size:x} bytes of "
                    f"local memory (deep recursion or large local arrays; give more with --local-bytes N)")
        return (f"out of bounds: local offset 0x{off:x}, past the thread's 0x{size:x} bytes of local memory "
                f"(--local-bytes N gives more)")
    below = [s for s in segs if s.base <= addr]
    if below:
        s = max(below, key=lambda s: s.base)
        if addr < s.end:
            return f"out of bounds: runs past the end of buffer {s.name!r} [0x{s.base:x}, 0x{s.end:x})"
        if addr < s.end + OOB_SLACK:
            past = f"{addr - s.end} bytes past" if addr > s.end else "just past"
            return f"out of bounds: {past} the end of buffer {s.name!r} [0x{s.base:x}, 0x{s.end:x})"
    names = ", ".join(f"{s.name!r} [0x{s.base:x}, 0x{s.end:x})" for s in segs[:4]) or "none"
    return f"unmapped: no {mem.space} buffer there (buffers: {names}{', ...' if len(segs) > 4 else ''})"


def _fault(x, mem, what: str, addrs: np.ndarray, mask: int, nbytes: int, f: Fault):
    """Re-raise the memory API's fault *f* naming the instruction, the lane and the reason."""
    if x.batched:       # the batched engine replays the warps one by one to report the fault
        return f
    bad = f.info.get("address")
    a = np.asarray(addrs, dtype=_U64)
    lane = None
    for ln in lanes_of(mask):
        ai = int(a[ln])
        if f.kind == "misaligned" and ai % nbytes:
            lane = ln
            break
        if f.kind != "misaligned" and bad is not None and ai <= bad < ai + nbytes:
            lane = ln
            break
    if lane is None:
        return f
    addr = int(a[lane])
    op = x.optype + ("." + x.mod("size") if x.has("size") and x.mod("size") != "32" else "")
    if f.kind == "misaligned":
        why = f"misaligned: not a multiple of {nbytes}"
    else:
        why = _where(mem, addr)
    return Fault(f.kind, f"{op}: {mem.space} {what} of {nbytes} bytes at 0x{addr:x} (lane {lane}) is {why}",
                 address=addr, lane=lane)


def _mem_load(x, mem, addrs: np.ndarray, mask: int, nbytes: int, what: str = "load") -> list[np.ndarray]:
    """Load *nbytes* (1, 2, 4, 8, 16) per lane; 16 bytes come back as two uint64
    halves.  Every lane is checked before anything is returned."""
    try:
        if nbytes == 16:
            if x.any_lane(mask) and (np.asarray(addrs)[mask2array(mask)] % _U64(16)).any():
                raise Fault("misaligned", "", address=None)
            return [mem.load(addrs, mask, 8), mem.load(addrs + _U64(8), mask, 8)]
        return [mem.load(addrs, mask, nbytes)]
    except Fault as f:
        raise _fault(x, mem, what, addrs, mask, nbytes, f) from None


def _mem_store(x, mem, addrs: np.ndarray, mask: int, nbytes: int, parts: list) -> None:
    """Store per lane after checking every lane (a faulting store writes nothing)."""
    if not x.any_lane(mask):
        return
    _mem_load(x, mem, addrs, mask, nbytes, "store")   # the checks, with no side effect
    if nbytes == 16:
        mem.store(addrs, parts[0], mask, 8)
        mem.store(addrs + _U64(8), parts[1], mask, 8)
    else:
        mem.store(addrs, parts[0], mask, nbytes)


def _write_loaded(x, size: str, parts: list) -> None:
    v = parts[0]
    if size == "32":
        x.write("rd", v)
    elif size == "U8" or size == "U16":
        x.write("rd", v.astype(_U32))
    elif size == "S8":
        x.write("rd", v.view(np.int8).astype(np.int32).view(_U32))
    elif size == "S16":
        x.write("rd", v.view(np.int16).astype(np.int32).view(_U32))
    elif size == "64":
        x.write("rd", v, width=64)
    else:  # 128: R[d:d+3], lowest address in the lowest register
        d = x.reg_index("rd")
        m32 = _U64(MASK32)
        for k, word in enumerate((v & m32, v >> _U64(32), parts[1] & m32, parts[1] >> _U64(32))):
            x.set_reg(d + k, word.astype(_U32), x.pmask)


def _store_parts(x, size: str) -> list:
    b = x.reg_index("rb")
    if size == "128":
        return [_reg_row(x, b) | (_reg_row(x, b + 1) << _U64(32)),
                _reg_row(x, b + 2) | (_reg_row(x, b + 3) << _U64(32))]
    if size == "64":
        return [_reg_row(x, b) | (_reg_row(x, b + 1) << _U64(32))]
    return [_raw(x, "rb")]   # .U8/.U16: the memory API keeps the low bytes


def _load(x, mem, addrs) -> None:
    size, n = _size(x)
    if not x.any_lane():
        return
    _write_loaded(x, size, _mem_load(x, mem, addrs, x.pmask, n))


def _store(x, mem, addrs) -> None:
    size, n = _size(x)
    _mem_store(x, mem, addrs, x.pmask, n, _store_parts(x, size))


def _s32(v: int) -> int:
    return v - (1 << 32) if v >> 31 else v


def _fadd32(a: int, b: int) -> int:
    with np.errstate(all="ignore"):
        r = np.array([a], _U32).view(np.float32) + np.array([b], _U32).view(np.float32)
    return int(_out_bits(r)[0])


def _ftz32(v: int) -> int:
    """A denormal float32 bit pattern flushed to the zero of its sign."""
    return v & SIGN if (v & 0x7F800000) == 0 else v


_WIDE_ATOM = ("64", "S64", "F64")


def _s64(v: int) -> int:
    v &= MASK64
    return v - (1 << 64) if v >> 63 else v


def _fadd64(a: int, b: int) -> int:
    """binary64 add, round to nearest even; NaN canonical (decision F64-1)."""
    r = struct.unpack("<d", struct.pack("<Q", a))[0] + struct.unpack("<d", struct.pack("<Q", b))[0]
    return 0x7FFFFFFFFFFFFFFF if r != r else struct.unpack("<Q", struct.pack("<d", r))[0]


def mbarrier_arrive(word: int) -> int:
    """One arrival on the 64-bit mbarrier *word* nvcc's sm_80 code keeps in shared memory
    (decision D7-tut-2): the high word counts up to the phase flip of its bit 31; when its low
    31 bits reach 0 they are re-armed from the low word, (low + 0x40000000) % 2^31."""
    lo, hi = word & MASK32, ((word >> 32) + 1) & MASK32
    if not hi & 0x7FFFFFFF:
        hi |= (lo + 0x40000000) & 0x7FFFFFFF
    return lo | hi << 32


def _atomic_fn(x):
    """The update ``new = f(old, b, c)`` of an atomic on Python ints (32 or 64 bits)."""
    op, typ = x.mod("op"), x.mod("type") or "U32"
    wide = typ in _WIDE_ATOM
    m = MASK64 if wide else MASK32
    if typ == "F32" and op == "ADD":
        if x.mod("ftz") == "FTZ":     # .FTZ (issue 11): denormal operands and result flushed
            return lambda o, b, c: _ftz32(_fadd32(_ftz32(o), _ftz32(b)))
        return lambda o, b, c: _fadd32(o, b)
    if typ == "F64" and op == "ADD":
        return lambda o, b, c: _fadd64(o, b)
    if typ in ("F16x2", "BF16x2") and op == "ADD":
        return _nv_float().pair_add(typ == "BF16x2")
    if op in ("MIN", "MAX"):
        key = _s32 if typ == "S32" else _s64 if typ == "S64" else (lambda v: v)
        pick = min if op == "MIN" else max
        return lambda o, b, c: pick(o, b, key=key)
    if op == "INC" and x.mod("popc") == "POPC":      # ATOMS.POPC.INC: every lane adds 1
        return lambda o, b, c: (o + 1) & m
    if op == "ARRIVE":                                # ATOMS.ARRIVE.64: an mbarrier arrival (D7-tut-2)
        return lambda o, b, c: mbarrier_arrive(o)
    fn = {"ADD": lambda o, b, c: (o + b) & m, "EXCH": lambda o, b, c: b,
          "CAS": lambda o, b, c: c if o == b else o, "CAST": lambda o, b, c: c if o == b else o,
          "AND": lambda o, b, c: o & b, "OR": lambda o, b, c: o | b, "XOR": lambda o, b, c: o ^ b,
          # CUDA's atomicInc / atomicDec: wrap to 0 at b, to b at 0 or above b
          "INC": lambda o, b, c: 0 if o >= b else o + 1,
          "DEC": lambda o, b, c: b if o == 0 or o > b else o - 1}.get(op)
    if fn is not None and (typ in ("U32", "64") or (op == "ADD" and typ == "S32")):   # ADD.S32: cuda::atomic_ref<int>
        return fn
    x.fault("invalid-instruction", f"{x.name}: no atomic .{op}.{typ}")  # pragma: no cover - see the exceptions


def _pairs(x, name: str, wide: bool) -> list:
    """A source operand per lane as Python ints (64-bit pairs when *wide*)."""
    if wide:
        return np.broadcast_to(np.asarray(x.src(name, 64, raw=True), dtype=_U64), (WARP_SIZE,)).tolist()
    return _raw(x, name).tolist()


def _atomic(x, mem, addrs: np.ndarray, returns: bool, keys: list | None = None, mask: int | None = None) -> None:
    """Lanes in order, lowest first, each on the memory left by the previous ones.  *keys*: per
    lane, what identifies the word updated when the address alone does not (generic addresses:
    the same local-window address is a different word in every lane).  *mask*: the lanes that
    update (default: the executing lanes)."""
    mask = x.pmask if mask is None else mask
    if not mask:
        return
    if (x.mod("type") or "U32") in _VEC_ATOM:
        _atomic_words(x, mem, addrs, returns, keys, mask, _VEC_ATOM[x.mod("type")], _vec_add(x))
        return
    if x.mod("type") == "128":      # .CAS.128 / .EXCH.128 (decision D14-H-1)
        _atomic_words(x, mem, addrs, returns, keys, mask, 4, _cas_words if x.mod("op") == "CAS" else _exch_words)
        return
    fn = _atomic_fn(x)
    wide = (x.mod("type") or "U32") in _WIDE_ATOM
    size = 8 if wide else 4
    olds = _mem_load(x, mem, addrs, mask, size, "atomic access")[0].tolist()     # checks every lane first
    alist = keys if keys is not None else np.asarray(addrs, dtype=_U64).tolist()
    b = _pairs(x, "rb", wide) if x.has("rb") else [0] * WARP_SIZE      # ATOMS.POPC.INC has no source
    c = _pairs(x, "rc", wide) if x.has("rc") else b
    cast = x.mod("op") == "CAST"
    cur: dict[int, int] = {}
    ret = [0] * WARP_SIZE
    for lane in lanes_of(mask):
        a = alist[lane]
        old = cur.get(a, olds[lane])
        cur[a] = fn(old, b[lane], c[lane])
        ret[lane] = int(old == b[lane]) if cast else old     # CAST: 1 when stored (issue 11)
    final = np.array([cur.get(a, 0) for a in alist], _U64 if wide else _U32)
    mem.store(addrs, final, mask, size)   # every lane of an address writes its final value
    if returns:
        x.write("rd", np.array(ret, _U64 if wide else _U32), mask, width=64 if wide else 32)
        if cast and x.has("pu"):           # ATOMS.CAST's predicate form: the lanes that stored
            x.write("pu", sum(1 << ln for ln in lanes_of(mask) if ret[ln]))


_VEC_ATOM = {"F32x2": 2, "F32x4": 4}     # atomicAdd(float2 *) / atomicAdd(float4 *), sm_90+


def _atomic_words(x, mem, addrs: np.ndarray, returns: bool, keys: list | None, mask: int, k: int, op) -> None:
    """The atomics on an aligned vector of *k* 32-bit words per lane (word j at address + 4j, the
    operands Rb+j and Rc+j, the old value to Rd+j): ``.ADD.F32x2`` / ``.ADD.F32x4`` and
    ``.CAS.128`` / ``.EXCH.128`` (``atomicCAS`` / ``atomicExch`` on a 16-byte type, sm_90+; decision
    D14-H-1).  The lanes in order, lowest first, each on the words the previous ones left, as the
    scalar atomics; ``op(old, b, c)`` gives a lane's new words."""
    parts = [p.tolist() for p in _mem_load(x, mem, addrs, mask, 4 * k, "atomic access")]  # checks every lane
    olds = [[(p[ln] >> (32 * h)) & MASK32 for p in parts for h in (0, 1)] for ln in range(WARP_SIZE)]
    alist = keys if keys is not None else np.asarray(addrs, dtype=_U64).tolist()

    def rows(name: str) -> list[list[int]]:      # per lane, the k registers from *name*'s
        base = x.reg_index(name)
        cols = [_reg_row(x, base + j).tolist() for j in range(k)]
        return [[col[ln] for col in cols] for ln in range(WARP_SIZE)]
    b = rows("rb")
    c = rows("rc") if x.has("rc") else b
    cur: dict[int, list[int]] = {}
    ret = [[0] * k for _ in range(WARP_SIZE)]
    for lane in lanes_of(mask):
        a = alist[lane]
        old = cur.get(a, olds[lane])
        cur[a] = op(old, b[lane], c[lane])
        ret[lane] = old
    final = [cur.get(a, [0] * k) for a in alist]
    halves = [np.array([f[2 * h] | (f[2 * h + 1] << 32) for f in final], _U64) for h in range(k // 2)]
    _mem_store(x, mem, addrs, mask, 4 * k, halves)
    if returns:         # RZ + j is RZ: set_reg ignores it
        d = x.reg_index("rd")
        for j in range(k):
            x.set_reg(d + j, np.array([r[j] for r in ret], _U32), mask)


def _vec_add(x):
    """``.ADD.F32x2`` / ``.ADD.F32x4``'s words: one float32 add per component (``.FTZ``: inputs and
    result flushed)."""
    add = (lambda o, b: _ftz32(_fadd32(_ftz32(o), _ftz32(b)))) if x.mod("ftz") == "FTZ" else _fadd32
    return lambda old, b, c: [add(o, v) for o, v in zip(old, b)]


def _cas_words(old: list[int], b: list[int], c: list[int]) -> list[int]:
    """``.CAS.128``: the new value Rc's when all four words equal the compare value Rb's."""
    return c if old == b else old


def _exch_words(old: list[int], b: list[int], c: list[int]) -> list[int]:
    """``.EXCH.128``: Rb's value."""
    return b


@semantics("LDC")
def LDC(x: Exec) -> None:
    """LDC: pseudo code in the database (``__Semantics``, gp.isa; appended here by the registry)."""
    size, n = _size(x)
    if not x.any_lane() or n > 8:
        if n > 8:  # pragma: no cover - the description's exception rejects LDC.128
            x.fault("invalid-instruction", "LDC has no .128 form")
        return
    offs = ((_raw(x, "ra").astype(np.int64) + x.imm("offset")) & 0xFFFF)    # a bank is 64 KiB (D6-cl-1)
    bank = x.imm("bank")
    try:
        v = x.const.read_lanes(bank, offs, x.pmask, n)
    except Fault as f:
        if x.batched:       # the batched engine replays the warps one by one to report the fault
            raise
        lane = next((ln for ln in lanes_of(x.pmask) if offs[ln] % n or offs[ln] + n > _bank_size(x, bank)), None)
        where = f" (lane {lane})" if lane is not None else ""
        raise Fault(f.kind, f"LDC: {f.message}{where}", lane=lane) from None
    _write_loaded(x, size, [v])


def _bank_size(x, bank: int) -> int:
    arr = x.const.banks.get(bank)
    return 0 if arr is None else int(arr.size)


@semantics("LDG")
def LDG(x: Exec) -> None:
    """LDG: pseudo code in the database (``__Semantics``, gp.isa; appended here by the registry)."""
    if x.mod("size") == "256":
        _load256(x, x.gmem, _global_addrs(x))
        return
    _load(x, x.gmem, _global_addrs(x))


@semantics("STG")
def STG(x: Exec) -> None:
    """STG: pseudo code in the database (``__Semantics``, gp.isa; appended here by the registry)."""
    if x.mod("size") == "256":
        _store256(x, x.gmem, _global_addrs(x))
        return
    _store(x, x.gmem, _global_addrs(x))


def _check32(x, mem, addrs, what: str) -> list[np.ndarray]:
    """A 32-byte access: every lane aligned to 32 and inside one buffer, or the fault (no effect);
    the 32 bytes as four uint64 parts."""
    if x.any_lane() and (np.asarray(addrs)[mask2array(x.pmask)] % _U64(32)).any():
        raise _fault(x, mem, what, addrs, x.pmask, 32, Fault("misaligned", "", address=None)) from None
    return _mem_load(x, mem, addrs, x.pmask, 16, what) + _mem_load(x, mem, addrs + _U64(16), x.pmask, 16, what)


def _load256(x, mem, addrs) -> None:
    """LDG .256 (D7-style-4): bytes 0..15 to Re..Re+3, 16..31 to Rd..Rd+3, the words of vmask."""
    if not x.any_lane():
        return
    halves = _check32(x, mem, addrs, "load")
    vmask = x.imm("vmask")
    m32 = _U64(MASK32)
    for k in range(8):
        if vmask >> k & 1:
            v = halves[k // 2]           # words 2h and 2h + 1 share 64-bit half h
            word = (v >> _U64(32)) if k % 2 else (v & m32)
            x.set_reg((x.reg_index("re") if k < 4 else x.reg_index("rd")) + k % 4, word.astype(_U32), x.pmask)


def _store256(x, mem, addrs) -> None:
    """STG .256 (D7-style-4): Rb..Rb+3 to bytes 0..15, Rc..Rc+3 to bytes 16..31."""
    if not x.any_lane():
        return
    _check32(x, mem, addrs, "store")
    for base, off in ((x.reg_index("rb"), 0), (x.reg_index("rc"), 16)):
        for h in range(2):
            v = _reg_row(x, base + 2 * h) | (_reg_row(x, base + 2 * h + 1) << _U64(32))
            mem.store(addrs + _U64(off + 8 * h), v, x.pmask, 8)


@semantics("LDS")
def LDS(x: Exec) -> None:
    """LDS: pseudo code in the database (``__Semantics``, gp.isa; appended here by the registry)."""
    _load(x, x.smem, _shared_addrs(x))


@semantics("STS")
def STS(x: Exec) -> None:
    """STS: pseudo code in the database (``__Semantics``, gp.isa; appended here by the registry)."""
    _store(x, x.smem, _shared_addrs(x))


@semantics("ATOMG", per_warp=True)  # lanes in order, on Python ints
def ATOMG(x: Exec) -> None:
    """ATOMG: pseudo code in the database (``__Semantics``, gp.isa; appended here by the registry)."""
    _atomic(x, x.gmem, _global_addrs(x), True)


@semantics("ATOMS", per_warp=True)  # lanes in order, on Python ints
def ATOMS(x: Exec) -> None:
    """ATOMS: pseudo code in the database (``__Semantics``, gp.isa; appended here by the registry)."""
    _atomic(x, x.smem, _shared_addrs(x), True)


@semantics("RED", per_warp=True)  # lanes in order, on Python ints
def RED(x: Exec) -> None:
    """RED: pseudo code in the database (``__Semantics``, gp.isa; appended here by the registry)."""
    _atomic(x, x.gmem, _global_addrs(x), False)


# -- fence and barrier -----------------------------------------------------------------------
@semantics("MEMBAR")
def MEMBAR(x: Exec) -> None:
    """MEMBAR: pseudo code in the database (``__Semantics``, gp.isa; appended here by the registry)."""


def _bar_reg_value(w, idx: int, mask: int) -> int | None:
    """The value of GPR *idx* in the lanes of *mask* if they all agree, else None."""
    if idx >= len(w.R):     # RZ (and registers the program never names) read 0
        return 0
    vals = np.unique(w.R[idx][mask2array(mask)])
    return int(vals[0]) if vals.size == 1 else None


def _bar_id(f: dict, w, mask: int) -> int | None:
    """The barrier number of a BAR with raw fields *f* for the lanes of *mask* (None: lanes disagree)."""
    if "vb" in f:
        return f["vb"]
    v = _bar_reg_value(w, f["ra"], mask)
    if v is not None and "rb" in f:
        v &= 0xFFFF                  # BAR_R_CR: the number in bits 15..0, the count in 27..16
    return v


def _bar_count(f: dict, w, mask: int) -> int | None:
    """The thread count of a BAR (None: the form has none); -1 when the lanes disagree."""
    if "vc" in f:
        return f["vc"]
    if "rb" not in f:
        return None
    v = _bar_reg_value(w, f["rb"], mask)
    if v is None:
        return -1
    if "ra" in f:           # BAR_R_CR: bits 27..16; 0 there is no count, the whole CTA (D11-S-2, D11-F-4)
        return ((v >> 16) & 0xFFF) or None
    return v


def _bar_parked(x, bid: int) -> int:
    """Valid lanes, not active and not asleep, whose next instruction (RPC) is a BAR of
    barrier *bid* whose guard is true for them: the lanes that wait at that barrier."""
    w = x.w
    cand = w.valid & ~w.active & ~w.sleep
    if not cand:
        return 0
    out = 0
    m = mask2array(cand)
    for pc in np.unique(w.rpc[m]).tolist():
        try:
            y = x.sim.fetch(int(pc) & MASK64)
        except Fault:
            continue
        if y.optype != "BAR":
            continue
        g = y.guard
        guard = (FULL if g == G_ALWAYS else w.P[y.pg] if g == G_PRED
                 else ~w.P[y.pg] & FULL if g == G_NOT_PRED else 0)
        lanes = cand & array2mask(w.rpc == pc) & guard
        if lanes and _bar_id(y.f, w, lanes) == bid:
            out |= lanes
    return out


@semantics("BAR", control=True)
def BAR(x: Exec) -> None:
    """BAR: pseudo code in the database (``__Semantics``, gp.isa; appended here by the registry).

    Decisions G5, NB-1..NB-4 (PTX: the barrier makes the executing thread wait for all
    non-exited threads of its warp and marks the warp's arrival at the named barrier).
    """
    w = x.w
    pmask = x.pmask
    mask_np = w.active & ~pmask
    if mask_np or not w.active:
        set_rpc(w, pmask, x.pc)
        w.active = mask_np
        w.pc = x.pc + INST_SIZE
        return
    bid = _bar_id(x.f, w, pmask)
    count = _bar_count(x.f, w, pmask)
    if bid is None or count == -1:
        x.fault("invalid-operand", f"BAR: the {'barrier number' if bid is None else 'thread count'} "
                                   "differs between the executing lanes")
    if bid > 15:
        x.fault("invalid-operand", f"BAR: barrier number {bid} is not 0..15")
    if count is not None and (count == 0 or count % WARP_SIZE):
        x.fault("invalid-operand", f"BAR: thread count {count} is not a non-zero multiple of {WARP_SIZE}")
    if count is None and x.mod("barop") == "ARV":
        x.fault("invalid-operand", "BAR.ARV: thread count 0 (bits 27..16 of the register): an arrival needs a count")
    parked = _bar_parked(x, bid)
    missing = w.valid & ~(w.active | parked)
    if missing:
        park_and_switch(x, missing)
        return
    here = parked & array2mask(w.rpc == x.pc)
    elsewhere = mask2array(parked & ~here)
    w.rpc[elsewhere] += INST_SIZE
    w.active |= here
    w.pc = x.pc + INST_SIZE
    op = x.mod("barop")
    red = None
    if op == "RED":
        red = (x.mod("redop"), x.pred("pp") & w.active, w.active)
    x.barrier_arrive(bid, count, op != "ARV", red)


@semantics("B2R", per_warp=True)
def B2R(x: Exec) -> None:
    """B2R: pseudo code in the database (``__Semantics``, fence.isa; appended here by the registry)."""
    w = x.w
    count, truth, op = w.bar_result
    if op == "POPC":
        truth = count != 0
    x.write("rd", count)
    x.write("pu", FULL if truth else 0)
