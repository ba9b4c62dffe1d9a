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

import bisect

import numpy as np

from ..context import G_ALWAYS, G_NOT_PRED, G_PRED
from ..registry import semantics
from ..state import FULL, INST_SIZE, MASK32, MASK64, WARP_SIZE, Fault, Memory, array2mask, lanes_of, mask2array
from .bru import park_and_switch, set_rpc

CANONICAL_NAN = 0x7FFFFFFF
SIGN = 0x80000000
_U32 = np.uint32
_U64 = np.uint64


# -- operand helpers -------------------------------------------------------------------------
def _role(x, *names: str) -> str:
    """The first of *names* that this opcode variant has."""
    for n in names:
        if n in x.f:
            return n
    raise KeyError(f"{x.name} has none of the fields {names}")


def _b(x) -> str:
    return _role(x, "rb", "vb", "urb")


def _c(x) -> str:
    return _role(x, "rc", "vc", "urc")


def _lanes(v) -> np.ndarray:
    """A (32,) uint32 array of a per-lane array or a uniform Python int."""
    if isinstance(v, np.ndarray):
        return v if v.dtype == _U32 else v.astype(_U32)
    return np.full(WARP_SIZE, int(v) & MASK32, _U32)


def _raw(x, name: str) -> np.ndarray:
    """32-bit bits of a source, prefixes NOT applied, as a (32,) uint32 array."""
    k = x.kind(name)
    if k == "R":
        return x.w.R[x.reg_index(name)]
    if k == "U":
        i = x.reg_index(name)
        return _lanes(0 if i == 63 else x.w.UR[i])
    if k == "C":
        bank, off = x.cmem_ref(name)
        return _lanes(x.const.read(bank, off, 4))
    return _lanes(x.imm(name))  # immediate (sign-extended for SImm, masked by _lanes)


def _raw_int(x, name: str) -> int:
    """A uniform source (uniform register, immediate, constant) as a 32-bit Python int."""
    k = x.kind(name)
    if k == "U":
        i = x.reg_index(name)
        return 0 if i == 63 else x.w.UR[i] & MASK32
    if k == "C":
        bank, off = x.cmem_ref(name)
        return x.const.read(bank, off, 4) & MASK32
    return x.imm(name) & MASK32


def _addend(x, name: str, v):
    """IADD3 addend: ``~`` then ``-`` on the unbounded value (array of int64 or int)."""
    if x.flag(name + ".bitnot"):
        v = MASK32 - v
    if x.flag(name + ".neg"):
        v = (1 << 32) - v
    return v


def _bool_lanes(mask: int) -> np.ndarray:
    return mask2array(mask)


def _combine(r: int, p: int, bop: str) -> tuple[int, int]:
    """(r bop p, !r bop p) on lane masks."""
    nr = ~r & FULL
    if bop == "AND":
        return r & p, nr & p
    if bop == "OR":
        return (r | p) & FULL, (nr | p) & FULL
    return (r ^ p) & FULL, (nr ^ p) & FULL


# -- float helpers ---------------------------------------------------------------------------
def _fbits(x, name: str) -> np.ndarray:
    """Float32 source bits with its ``-`` prefix applied (sign-bit flip)."""
    v = _raw(x, name)
    if x.flag(name + ".neg"):
        v = v ^ _U32(SIGN)
    return v


def _f32(bits: np.ndarray) -> np.ndarray:
    return bits.view(np.float32)


def _out_bits(f: np.ndarray) -> np.ndarray:
    """float32 results as bits, NaNs canonicalised."""
    bits = np.ascontiguousarray(f, dtype=np.float32).view(_U32).copy()
    bits[np.isnan(f)] = CANONICAL_NAN
    return bits


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
def MOV(x):
    """MOV Rd, SrcB:
        Rd = SrcB;"""
    p = x.memo
    if p is None:
        p = x.memo = _plan_mov(x) if FAST else _MOV_generic
    p(x)


def _MOV_generic(x):
    """MOV without a plan: the reference the plans are tested against, and their
    fallback for the forms they do not specialise."""
    x.write("rd", _raw(x, _b(x)))


@semantics("UMOV")
def UMOV(x):
    """UMOV URd, SrcB:
        if (pmask != 0)
            URd = SrcB;"""
    x.write("urd", _raw_int(x, _b(x)))


@semantics("ULDC")
def ULDC(x):
    """ULDC{.64} URd, c[bank][offset]:
        if (pmask != 0) {
            n = .64 ? 8 : 4;
            URd = ConstantBank[bank][offset : offset + n];   // little endian; .64: UR[d:d+1]
        }"""
    if not x.pmask:
        return
    if x.mod("size") == "64":
        x.write("urd", x.src("vb", 64), width=64)
    else:
        x.write("urd", _raw_int(x, "vb"))


# -- integer arithmetic ----------------------------------------------------------------------
@semantics("IADD3")
def IADD3(x):
    """IADD3{.X} Rd, Pu, Ra, SrcB, SrcC, Pp:
        // each source as an unbounded integer: `~x` = 0xffffffff - x, `-x` = 2^32 - x
        a = src(Ra); b = src(SrcB); c = src(SrcC);
        cin = .X ? (Pp.not ? !Pp : Pp) : 0;
        sum = a + b + c + cin;
        Rd = sum[31:0];
        Pu = sum[32];          // the carry out of bit 31"""
    p = x.memo
    if p is None:
        p = x.memo = _plan_iadd3(x) if FAST else _IADD3_generic
    p(x)


def _IADD3_generic(x):
    """IADD3 without a plan: the reference the plans are tested against, and their
    fallback for the forms they do not specialise."""
    total = np.zeros(WARP_SIZE, np.int64)
    for name in ("ra", _b(x), _c(x)):
        total += _addend(x, name, _raw(x, name).astype(np.int64))
    if x.mod("x") == "X":
        total += mask2array(x.pred("pp")).astype(np.int64)
    x.write("rd", (total & MASK32).astype(_U32))
    x.write("pu", array2mask(((total >> 32) & 1).astype(bool)))


@semantics("UIADD3")
def UIADD3(x):
    """UIADD3{.X} URd, UPu, URa, SrcB, URc, UPp:
        // `~x` = 0xffffffff - x, `-x` = 2^32 - x, as for IADD3
        if (pmask != 0) {
            cin = .X ? (UPp.not ? !UPp : UPp) : 0;
            sum = a + b + c + cin;
            URd = sum[31:0];
            UPu = sum[32];
        }"""
    if not x.pmask:
        return
    total = sum(_addend(x, n, _raw_int(x, n)) for n in ("ura", _b(x), "urc"))
    if x.mod("x") == "X":
        total += int(x.upred("upp"))
    x.write("urd", total & MASK32)
    x.write("upu", bool((total >> 32) & 1))


@semantics("IMAD")
def IMAD(x):
    """IMAD{.mode}{.U32} Rd, Ra, SrcB, SrcC:
        a = .U32 ? zext(Ra) : sext(Ra);          // 64-bit
        b = .U32 ? zext(SrcB) : sext(SrcB);
        p = a * b;                                // exact 64-bit product
        switch (.mode) {
            case none, .SHL, .MOV: Rd = (p + SrcC)[31:0]; break;
            case .WIDE: R[d:d+1] = (p + C64)[63:0];  break;   // C64: 64-bit SrcC
            case .HI:   Rd = (p[63:32] + SrcC)[31:0]; break;
        }"""
    p = x.memo
    if p is None:
        p = x.memo = _plan_imad(x) if FAST else _IMAD_generic
    p(x)


def _IMAD_generic(x):
    """IMAD without a plan: the reference the plans are tested against, and their
    fallback for the forms they do not specialise."""
    mode = x.mod("mode")
    unsigned = x.mod("fmt") == "U32"
    a = _raw(x, "ra")
    b = _raw(x, _b(x))
    cn = _c(x)
    if unsigned:
        p = a.astype(_U64) * b.astype(_U64)
    else:
        p = (a.view(np.int32).astype(np.int64) * b.view(np.int32).astype(np.int64)).view(_U64)
    if mode == "WIDE":
        if x.kind(cn) == "I":
            c = (x.imm(cn) & MASK32 if unsigned else x.imm(cn)) & MASK64
            c = np.full(WARP_SIZE, c, _U64)
        elif x.kind(cn) == "C":
            c = np.full(WARP_SIZE, x.src(cn, 64) & MASK64, _U64)
        else:
            c = x.src_lanes(cn, 64)
        x.write("rd", p + c, width=64)  # uint64 arithmetic wraps modulo 2^64
        return
    c = _raw(x, cn).astype(_U64)
    if mode == "HI":
        hi = (p >> _U64(32)) if unsigned else (p.view(np.int64) >> 32).view(_U64)
        x.write("rd", ((hi + c) & _U64(MASK32)).astype(_U32))
    else:  # no mode, .SHL, .MOV: the low 32 bits
        x.write("rd", ((p + c) & _U64(MASK32)).astype(_U32))


# -- logic and shifts ------------------------------------------------------------------------
def _lut3(lut: int, a: np.ndarray, b: np.ndarray, c: np.ndarray) -> np.ndarray:
    r = np.zeros(WARP_SIZE, _U32)
    na, nb, nc = ~a, ~b, ~c
    for i in range(8):
        if (lut >> i) & 1:
            r |= (a if i & 4 else na) & (b if i & 2 else nb) & (c if i & 1 else nc)
    return r


@semantics("LOP3")
def LOP3(x):
    """LOP3.LUT Pu, Rd, Ra, SrcB, Rc, lut, Pp:
        for (i = 0; i < 32; i++)
            r[i] = lut[(Ra[i] << 2) | (SrcB[i] << 1) | Rc[i]];
        Rd = r;
        Pu = (r != 0) || (Pp.not ? !Pp : Pp);"""
    p = x.memo
    if p is None:
        p = x.memo = _plan_lop3(x) if FAST else _LOP3_generic
    p(x)


def _LOP3_generic(x):
    """LOP3 without a plan: the reference the plans are tested against, and their
    fallback for the forms they do not specialise."""
    r = _lut3(x.imm("lut"), _raw(x, "ra"), _raw(x, _b(x)), _raw(x, "rc"))
    pu = array2mask(r != 0) | x.pred("pp")
    x.write("rd", r)
    x.write("pu", pu)


@semantics("SHF")
def SHF(x):
    """SHF.dir{.W}.type{.HI} Rd, Ra, SrcB, Rc:
        lim = (.type == .U32 || .type == .S32) ? 32 : 64;
        n = .W ? (SrcB % lim) : min(SrcB, lim);       // SrcB unsigned
        v[63:0] = {Rc, Ra};
        if (.dir == .L)      v = v << n;                       // zeros in
        else if (.type is signed) v = v >>> n;                 // copies of v[63] in
        else                 v = v >> n;                       // zeros in
        Rd = .HI ? v[63:32] : v[31:0];"""
    p = x.memo
    if p is None:
        p = x.memo = _plan_shf(x) if FAST else _SHF_generic
    p(x)


def _SHF_generic(x):
    """SHF without a plan: the reference the plans are tested against, and their
    fallback for the forms they do not specialise."""
    typ = x.mod("type")
    lim = 32 if typ in ("U32", "S32") else 64
    n = _raw(x, _b(x)).astype(_U64)
    n = n % _U64(lim) if x.mod("wrap") == "W" else np.minimum(n, _U64(lim))
    v = (_raw(x, "rc").astype(_U64) << _U64(32)) | _raw(x, "ra").astype(_U64)
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
def ISETP(x):
    """ISETP.cmp{.U32}.bop Pu, Pv, Ra, SrcB, Pp:
        a = .U32 ? unsigned(Ra) : signed(Ra);
        b = .U32 ? unsigned(SrcB) : signed(SrcB);
        r = (a cmp b);
        p = Pp.not ? !Pp : Pp;
        Pu = r bop p;
        Pv = (!r) bop p;"""
    p = x.memo
    if p is None:
        p = x.memo = _plan_isetp(x) if FAST else _ISETP_generic
    p(x)


def _ISETP_generic(x):
    """ISETP without a plan: the reference the plans are tested against, and their
    fallback for the forms they do not specialise."""
    a = _raw(x, "ra")
    b = _raw(x, _b(x))
    if x.mod("fmt") != "U32":
        a, b = a.view(np.int32), b.view(np.int32)
    code = x.db.types["ICmpOp"].by_name[x.mod("cmp")]
    r = np.zeros(WARP_SIZE, bool)
    if code & 1:
        r |= a < b
    if code & 2:
        r |= a == b
    if code & 4:
        r |= a > b
    pu, pv = _combine(array2mask(r), x.pred("pp"), x.mod("bop"))
    x.write("pu", pu)
    x.write("pv", pv)


@semantics("SEL")
def SEL(x):
    """SEL Rd, Ra, SrcB, Pp:
        Rd = (Pp.not ? !Pp : Pp) ? Ra : SrcB;"""
    p = x.memo
    if p is None:
        p = x.memo = _plan_sel(x) if FAST else _SEL_generic
    p(x)


def _SEL_generic(x):
    """SEL without a plan: the reference the plans are tested against, and their
    fallback for the forms they do not specialise."""
    x.write("rd", np.where(mask2array(x.pred("pp")), _raw(x, "ra"), _raw(x, _b(x))))


# -- predicates ------------------------------------------------------------------------------
@semantics("PLOP3")
def PLOP3(x):
    """PLOP3.LUT Pu, Pv, Pa, Pb, Pc, lutu, lutv:
        a = Pa.not ? !Pa : Pa;  b = Pb.not ? !Pb : Pb;  c = Pc.not ? !Pc : Pc;
        i = (a << 2) | (b << 1) | c;
        Pu = lutu[i];
        Pv = lutv[i];"""
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
def P2R(x):
    """P2R Rd, PR, Ra, mask:
        packed = P0 | (P1 << 1) | ... | (P6 << 6);
        Rd = (Ra & ~mask) | (packed & mask);"""
    packed = np.zeros(WARP_SIZE, _U32)
    for i in range(7):
        packed |= mask2array(x.w.P[i]).astype(_U32) << _U32(i)
    mask = _U32(x.imm("vb") & MASK32)
    x.write("rd", (_raw(x, "ra") & ~mask) | (packed & mask))


@semantics("R2P")
def R2P(x):
    """R2P PR, Ra, mask:
        for (i = 0; i < 7; i++)
            if (mask[i]) Pi = Ra[i];"""
    if not x.pmask:
        return
    a = _raw(x, "ra")
    mask = x.imm("vb")
    w = x.w
    for i in range(7):
        if (mask >> i) & 1:
            bit = array2mask(((a >> _U32(i)) & _U32(1)).astype(bool))
            w.P[i] = (w.P[i] & ~x.pmask) | (bit & x.pmask)


# -- float32 ---------------------------------------------------------------------------------
@semantics("FADD")
def FADD(x):
    """FADD Rd, Ra, SrcB:
        a = Ra.neg ? -Ra : Ra;  b = SrcB.neg ? -SrcB : SrcB;    // sign-bit flip
        Rd = round_rn(a + b);   // exact sum rounded once; NaN result = 0x7fffffff"""
    p = x.memo
    if p is None:
        p = x.memo = _plan_fadd(x) if FAST else _FADD_generic
    p(x)


def _FADD_generic(x):
    """FADD without a plan: the reference the plans are tested against, and their
    fallback for the forms they do not specialise."""
    with np.errstate(all="ignore"):
        r = _f32(_fbits(x, "ra")) + _f32(_fbits(x, _b(x)))
    x.write("rd", _out_bits(r))


@semantics("FMUL")
def FMUL(x):
    """FMUL Rd, Ra, SrcB:
        a = Ra.neg ? -Ra : Ra;  b = SrcB.neg ? -SrcB : SrcB;    // sign-bit flip
        Rd = round_rn(a * b);   // NaN result = 0x7fffffff"""
    p = x.memo
    if p is None:
        p = x.memo = _plan_fmul(x) if FAST else _FMUL_generic
    p(x)


def _FMUL_generic(x):
    """FMUL without a plan: the reference the plans are tested against, and their
    fallback for the forms they do not specialise."""
    with np.errstate(all="ignore"):
        r = _f32(_fbits(x, "ra")) * _f32(_fbits(x, _b(x)))
    x.write("rd", _out_bits(r))


@semantics("FFMA")
def FFMA(x):
    """FFMA Rd, Ra, SrcB, SrcC:
        a = Ra.neg ? -Ra : Ra;  b = SrcB.neg ? -SrcB : SrcB;  c = SrcC.neg ? -SrcC : SrcC;
        Rd = round_rn(a * b + c);      // exact product and sum, one rounding"""
    p = x.memo
    if p is None:
        p = x.memo = _plan_ffma(x) if FAST else _FFMA_generic
    p(x)


def _FFMA_generic(x):
    """FFMA without a plan: the reference the plans are tested against, and their
    fallback for the forms they do not specialise."""
    r = _fma32(_f32(_fbits(x, "ra")), _f32(_fbits(x, _b(x))), _f32(_fbits(x, _c(x))))
    x.write("rd", _out_bits(r))


@semantics("FSETP")
def FSETP(x):
    """FSETP.cmp.bop Pu, Pv, Ra, SrcB, Pp:
        rel = isnan(a) || isnan(b) ? 8 : (a < b ? 1 : a == b ? 2 : 4);
        r = (.cmp & rel) != 0;          // .cmp value bits: lt 1, eq 2, gt 4, unordered 8
        p = Pp.not ? !Pp : Pp;
        Pu = r bop p;
        Pv = (!r) bop p;"""
    a = _f32(_fbits(x, "ra"))
    b = _f32(_fbits(x, _b(x)))
    code = x.db.types["FCmpOp"].by_name[x.mod("cmp")]
    r = np.zeros(WARP_SIZE, bool)
    with np.errstate(all="ignore"):
        if code & 1:
            r |= a < b
        if code & 2:
            r |= a == b
        if code & 4:
            r |= a > b
        if code & 8:
            r |= np.isnan(a) | np.isnan(b)
    pu, pv = _combine(array2mask(r), x.pred("pp"), x.mod("bop"))
    x.write("pu", pu)
    x.write("pv", pv)


@semantics("FMNMX")
def FMNMX(x):
    """FMNMX Rd, Ra, SrcB, Pp:
        if (isnan(a) && isnan(b)) Rd = 0x7fffffff;
        else if (isnan(a))        Rd = b;
        else if (isnan(b))        Rd = a;
        else Rd = (Pp.not ? !Pp : Pp) ? min(a, b) : max(a, b);   // -0 < +0"""
    ab, bb = _raw(x, "ra"), _raw(x, _b(x))
    a, b = _f32(ab), _f32(bb)
    want_min = mask2array(x.pred("pp"))
    with np.errstate(all="ignore"):
        mn = np.where(a < b, ab, np.where(b < a, bb, ab | bb))   # equal: -0 wins the min
        mx = np.where(a > b, ab, np.where(b > a, bb, ab & bb))   # equal: +0 wins the max
    r = np.where(want_min, mn, mx)
    na, nb = np.isnan(a), np.isnan(b)
    r = np.where(na & ~nb, bb, np.where(nb & ~na, ab, r))
    r = np.where(na & nb, _U32(CANONICAL_NAN), r).astype(_U32)
    x.write("rd", r)


@semantics("I2F")
def I2F(x):
    """I2F{.U32} Rd, SrcB:
        Rd = round_rn(float32(.U32 ? unsigned(SrcB) : signed(SrcB)));"""
    v = _raw(x, _b(x))
    v64 = v.astype(np.float64) if x.mod("fmt") == "U32" else v.view(np.int32).astype(np.float64)
    x.write("rd", v64.astype(np.float32).view(_U32))   # exact in float64, one rounding to float32


_ROUND = {"RN": np.rint, "FLOOR": np.floor, "CEIL": np.ceil, "TRUNC": np.trunc}


@semantics("F2I")
def F2I(x):
    """F2I{.U32}{.rnd} Rd, SrcB:
        if (isnan(SrcB)) Rd = 0;
        else {
            i = round(.rnd, SrcB);                       // an integer, or +-inf
            lo = .U32 ? 0 : -2^31;  hi = .U32 ? 2^32 - 1 : 2^31 - 1;
            Rd = min(max(i, lo), hi);
        }"""
    f = _f32(_raw(x, _b(x))).astype(np.float64)
    lo, hi = (0.0, float(MASK32)) if x.mod("fmt") == "U32" else (-2.0 ** 31, 2.0 ** 31 - 1)
    with np.errstate(all="ignore"):
        i = np.clip(_ROUND[x.mod("rnd")](f), lo, hi)
        i = np.where(np.isnan(f), 0.0, i)
    x.write("rd", (i.astype(np.int64) & MASK32).astype(_U32))


# -- memory ----------------------------------------------------------------------------------
# Field names of the memory instructions (gp.isa): the address base ``ra``, the
# signed byte offset ``offset`` (LDC: unsigned, with ``bank``), the data
# register ``rb`` (stores, atomic operand), ``rc`` (CAS swap value), ``rd``.
#: an access starting less than this many bytes after a buffer's end is reported
#: as "out of bounds" of that buffer; further away it is "unmapped".
OOB_SLACK = 4096
_SIZE_BYTES = {"32": 4, "U8": 1, "S8": 1, "U16": 2, "S16": 2, "64": 8, "128": 16}


def _size(x) -> tuple[str, int]:
    s = x.mod("size")
    n = _SIZE_BYTES.get(s)
    if n is None:   # pragma: no cover - the description's exceptions reject such words first
        x.fault("invalid-instruction", f"{x.name}: no access size {s}")
    return s, n


def _reg_row(x, idx: int) -> np.ndarray:
    """GPR *idx* as a (32,) uint64 array; RZ (and anything past it) reads 0."""
    if idx >= 255:
        return np.zeros(WARP_SIZE, _U64)
    return x.w.R[idx].astype(_U64)


def _global_addrs(x) -> np.ndarray:
    """``Ra.64 + sext(offset)`` modulo 2^64, per lane."""
    i = x.reg_index("ra")
    base = _reg_row(x, i) | (_reg_row(x, i + 1) << _U64(32))
    return base + _U64(x.imm("offset") & MASK64)


def _shared_addrs(x) -> np.ndarray:
    """``Ra + sext(offset)`` modulo 2^32, per lane (as uint64 for the memory API)."""
    return (_raw(x, "ra") + _U32(x.imm("offset") & MASK32)).astype(_U64)


def _where(mem, addr: int) -> str:
    """Why an access at *addr* is outside *mem*: past the end of a buffer (up to
    4 KiB beyond it: ``out of bounds``) or nowhere near one (``unmapped``)."""
    segs = list(getattr(mem, "segments", []))
    if mem.space == "shared" and segs:
        return f"out of bounds: shared memory is 0x{segs[-1].end:x} bytes"
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
            if mask and (np.asarray(addrs)[mask2array(mask)] % _U64(16)).any():
                raise Fault("misaligned", "", address=None)
            return [mem.load(addrs, mask, 8), mem.load(addrs + _U64(8), mask, 8)]
        return [mem.load(addrs, mask, nbytes)]
    except Fault as f:
        raise _fault(x, mem, what, addrs, mask, nbytes, f) from None


def _mem_store(x, mem, addrs: np.ndarray, mask: int, nbytes: int, parts: list) -> None:
    """Store per lane after checking every lane (a faulting store writes nothing)."""
    if not mask:
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
    if not x.pmask:
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


def _atomic_fn(x):
    """The update ``new = f(old, b, c)`` of an atomic on 32-bit Python ints."""
    op, typ = x.mod("op"), x.mod("type") or "U32"   # the CAS variants have no type field
    if typ == "F32" and op == "ADD":
        return lambda o, b, c: _fadd32(o, b)
    if typ in ("U32", "S32") and op in ("MIN", "MAX"):
        key = _s32 if typ == "S32" else (lambda v: v)
        pick = min if op == "MIN" else max
        return lambda o, b, c: pick(o, b, key=key)
    if typ == "U32":
        fn = {"ADD": lambda o, b, c: (o + b) & MASK32, "EXCH": lambda o, b, c: b,
              "CAS": lambda o, b, c: c if o == b else o, "AND": lambda o, b, c: o & b,
              "OR": lambda o, b, c: o | b, "XOR": lambda o, b, c: o ^ b}.get(op)
        if fn is not None:
            return fn
    x.fault("invalid-instruction", f"{x.name}: no atomic .{op}.{typ}")  # pragma: no cover - see the exceptions


def _atomic(x, mem, addrs: np.ndarray, returns: bool) -> None:
    """Lanes in order, lowest first, each on the memory left by the previous ones."""
    mask = x.pmask
    if not mask:
        return
    fn = _atomic_fn(x)
    olds = _mem_load(x, mem, addrs, mask, 4, "atomic access")[0].tolist()     # checks every lane first
    alist = np.asarray(addrs, dtype=_U64).tolist()
    b = _raw(x, "rb").tolist()
    c = _raw(x, "rc").tolist() if x.has("rc") else b
    cur: dict[int, int] = {}
    ret = [0] * WARP_SIZE
    for lane in lanes_of(mask):
        a = alist[lane]
        old = cur.get(a, olds[lane])
        cur[a] = fn(old, b[lane], c[lane])
        ret[lane] = old
    final = np.array([cur.get(a, 0) for a in alist], _U32)
    mem.store(addrs, final, mask, 4)   # every lane of an address writes its final value
    if returns:
        x.write("rd", np.array(ret, _U32))


@semantics("LDC")
def LDC(x):
    """LDC{.size} Rd, c[Bank][Ra+Imm]:
        for each executing lane:
            off = (Ra + Imm) % 2^32;            // unsigned 32-bit address arithmetic
            if (off % bytes(size) != 0) fault(misaligned);
            if (off + bytes(size) > size_of(ConstantBank[Bank])) fault(memory);
            v = ConstantBank[Bank][off : off + bytes(size)];    // little endian
            Rd = extend(size, v);               // .S8/.S16 sign-extend, others zero-extend"""
    size, n = _size(x)
    if not x.pmask or n > 8:
        if n > 8:  # pragma: no cover - the description's exception rejects LDC.128
            x.fault("invalid-instruction", "LDC has no .128 form")
        return
    offs = ((_raw(x, "ra").astype(np.int64) + x.imm("offset")) & MASK32)
    bank = x.imm("bank")
    try:
        v = x.const.read_lanes(bank, offs, x.pmask, n)
    except Fault as f:
        lane = next((ln for ln in lanes_of(x.pmask) if offs[ln] % n or offs[ln] + n > _bank_size(x, bank)), None)
        where = f" (lane {lane})" if lane is not None else ""
        raise Fault(f.kind, f"LDC: {f.message}{where}", lane=lane) from None
    _write_loaded(x, size, [v])


def _bank_size(x, bank: int) -> int:
    arr = x.const.banks.get(bank)
    return 0 if arr is None else int(arr.size)


@semantics("LDG")
def LDG(x):
    """LDG.E{.size} Rd, [Ra.64+Imm]:
        for each executing lane:
            addr = (Ra.64 + sext(Imm)) % 2^64;
            if (addr % bytes(size) != 0) fault(misaligned);
            if (addr .. addr + bytes(size) - 1 is not inside one buffer) fault(memory);
        // no fault: every executing lane loads
        for each executing lane:
            v = GlobalMemory[addr : addr + bytes(size)];    // little endian
            Rd = extend(size, v);     // .S8/.S16 sign-extend; .64/.128 fill R[d:d+1] / R[d:d+3]"""
    p = x.memo
    if p is None:
        p = x.memo = _plan_ldg(x) if FAST else _LDG_generic
    p(x)


def _LDG_generic(x):
    """LDG without a plan: the reference the plans are tested against, and their
    fallback for the forms they do not specialise."""
    _load(x, x.gmem, _global_addrs(x))


@semantics("STG")
def STG(x):
    """STG.E{.size} [Ra.64+Imm], Rb:
        for each executing lane:
            addr = (Ra.64 + sext(Imm)) % 2^64;
            if (addr % bytes(size) != 0) fault(misaligned);
            if (addr .. addr + bytes(size) - 1 is not inside one buffer) fault(memory);
        // no fault: the lanes store in order, so the highest lane wins on a collision
        for each executing lane, lowest first:
            GlobalMemory[addr : addr + bytes(size)] = Rb[8 * bytes(size) - 1 : 0];"""
    p = x.memo
    if p is None:
        p = x.memo = _plan_stg(x) if FAST else _STG_generic
    p(x)


def _STG_generic(x):
    """STG without a plan: the reference the plans are tested against, and their
    fallback for the forms they do not specialise."""
    _store(x, x.gmem, _global_addrs(x))


@semantics("LDS")
def LDS(x):
    """LDS{.size} Rd, [Ra+Imm]:
        for each executing lane:
            addr = (Ra + sext(Imm)) % 2^32;
            if (addr % bytes(size) != 0) fault(misaligned);
            if (addr + bytes(size) > SharedMemorySize) fault(memory);
        for each executing lane:
            Rd = extend(size, SharedMemory[addr : addr + bytes(size)]);"""
    p = x.memo
    if p is None:
        p = x.memo = _plan_lds(x) if FAST else _LDS_generic
    p(x)


def _LDS_generic(x):
    """LDS without a plan: the reference the plans are tested against, and their
    fallback for the forms they do not specialise."""
    _load(x, x.smem, _shared_addrs(x))


@semantics("STS")
def STS(x):
    """STS{.size} [Ra+Imm], Rb:
        for each executing lane:
            addr = (Ra + sext(Imm)) % 2^32;
            if (addr % bytes(size) != 0) fault(misaligned);
            if (addr + bytes(size) > SharedMemorySize) fault(memory);
        for each executing lane, lowest first:
            SharedMemory[addr : addr + bytes(size)] = Rb[8 * bytes(size) - 1 : 0];"""
    p = x.memo
    if p is None:
        p = x.memo = _plan_sts(x) if FAST else _STS_generic
    p(x)


def _STS_generic(x):
    """STS without a plan: the reference the plans are tested against, and their
    fallback for the forms they do not specialise."""
    _store(x, x.smem, _shared_addrs(x))


@semantics("ATOMG")
def ATOMG(x):
    """ATOMG.E.op{.type} Rd, [Ra.64+Imm], Rb, Rc:
        check every executing lane's address (4-byte aligned, inside a buffer) or fault;
        for each executing lane, lowest first:
            addr = (Ra.64 + sext(Imm)) % 2^64;
            old = GlobalMemory[addr : addr + 4];
            switch (.op) {
                case .ADD:  new = .F32 ? round_rn(f32(old) + f32(Rb)) : (old + Rb) % 2^32; break;
                case .MIN:  new = min(old, Rb);  break;     // signed with .S32
                case .MAX:  new = max(old, Rb);  break;
                case .EXCH: new = Rb;            break;
                case .CAS:  new = (old == Rb) ? Rc : old; break;
                case .AND:  new = old & Rb; break;
                case .OR:   new = old | Rb; break;
                case .XOR:  new = old ^ Rb; break;
            }
            GlobalMemory[addr : addr + 4] = new;
            Rd = old;"""
    _atomic(x, x.gmem, _global_addrs(x), True)


@semantics("ATOMS")
def ATOMS(x):
    """ATOMS.op{.type} Rd, [Ra+Imm], Rb, Rc:
        check every executing lane's address (4-byte aligned, inside shared memory) or fault;
        for each executing lane, lowest first:
            addr = (Ra + sext(Imm)) % 2^32;
            old = SharedMemory[addr : addr + 4];
            new = op(old, Rb, Rc);          // as ATOMG
            SharedMemory[addr : addr + 4] = new;
            Rd = old;"""
    _atomic(x, x.smem, _shared_addrs(x), True)


@semantics("RED")
def RED(x):
    """RED.E.op{.type} [Ra.64+Imm], Rb:
        check every executing lane's address (4-byte aligned, inside a buffer) or fault;
        for each executing lane, lowest first:
            addr = (Ra.64 + sext(Imm)) % 2^64;
            GlobalMemory[addr : addr + 4] = op(GlobalMemory[addr : addr + 4], Rb);   // as ATOMG"""
    _atomic(x, x.gmem, _global_addrs(x), False)


# -- fence and barrier -----------------------------------------------------------------------
@semantics("MEMBAR")
def MEMBAR(x):
    """MEMBAR.sem.scope:
        // no architectural effect in this model (all accesses are already visible)"""


def _bar_parked(x) -> int:
    """Valid lanes, not active and not asleep, whose next instruction (RPC) is a
    BAR.SYNC whose guard is true for them: the lanes that wait at a barrier."""
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
        out |= cand & array2mask(w.rpc == pc) & guard
    return out


@semantics("BAR", control=True)
def BAR(x):
    """BAR.SYNC BarId (decision G5, docs/gp-extension.md decision 8; PTX: the
    barrier makes the executing thread wait for all non-exited threads of its warp
    and marks the warp's arrival):

        pmask = ActiveMask & pgv;
        if (ActiveMask & ~pmask) {               // as WARPSYNC: false-guard lanes go on first
            RPC[pmask] = ActivePC; ActiveMask &= ~pmask; ActivePC += INST_SIZE; return;
        }
        // arrived: the executing lanes and the lanes parked at a BAR.SYNC
        // (RPC holds a BAR.SYNC whose guard is true for them; not sleeping)
        arrivemask = ActiveMask | parked;
        if (ValidMask & ~arrivemask) {           // the warp has not arrived yet
            failed WARPSYNC over ValidMask: RPC[ActiveMask] = ActivePC;
            switch to the missing lanes (sleep/yield candidate rules); return;
        }
        // every non-exited lane arrived: the warp arrives at the CTA barrier
        RPC[parked & RPC != ActivePC] += INST_SIZE;   // parked elsewhere: past their BAR.SYNC
        ActiveMask |= parked & RPC == ActivePC;  ActivePC += INST_SIZE;
        warp.state = WAITING_AT_BARRIER;  // released when every non-exited warp of the CTA waits
    """
    w = x.w
    pmask = x.pmask
    mask_np = w.active & ~pmask
    if mask_np or not w.active:
        set_rpc(w, pmask, x.pc)
        w.active = mask_np
        w.pc = x.pc + INST_SIZE
        return
    parked = _bar_parked(x)
    missing = w.valid & ~(w.active | parked)
    if missing:
        park_and_switch(x, missing)
        return
    here = parked & array2mask(w.rpc == x.pc)
    elsewhere = mask2array(parked & ~here)
    w.rpc[elsewhere] += INST_SIZE
    w.active |= here
    w.pc = x.pc + INST_SIZE
    x.barrier_wait()


# =============================================================================================
# Plans: per-address specialisations of the common instructions (docs/simulator.md,
# "Performance design").  The registered function builds a plan at the first execution of an
# address and keeps it in ``x.memo`` (it depends only on the decoded fields); the plan reads the
# warp's registers directly and makes as few numpy calls as it can.  Forms a plan does not
# specialise run the ``_X_generic`` function, which is also the reference the plans are tested
# against (tests/gp/test_plans.py runs random words both ways).  Results are bit-identical.
# =============================================================================================
#: False: every instruction runs its generic function (the tests' reference)
FAST = True

_RZ = 255
_URZ = 63
_PT = 7
_KCACHE: dict[int, np.ndarray] = {}
_K64CACHE: dict[int, np.ndarray] = {}


def _karr(v: int) -> np.ndarray:
    """A read-only (32,) uint32 array holding ``v & 0xffffffff`` (cached: an array operand
    costs about half the time of a Python int in a numpy call)."""
    v &= MASK32
    a = _KCACHE.get(v)
    if a is None:
        if len(_KCACHE) > 4096:
            _KCACHE.clear()
        a = np.full(WARP_SIZE, v, _U32)
        a.setflags(write=False)
        _KCACHE[v] = a
    return a


def _karr64(v: int) -> np.ndarray:
    """Like :func:`_karr` for uint64 values."""
    v &= MASK64
    a = _K64CACHE.get(v)
    if a is None:
        if len(_K64CACHE) > 4096:
            _K64CACHE.clear()
        a = np.full(WARP_SIZE, v, _U64)
        a.setflags(write=False)
        _K64CACHE[v] = a
    return a


_SH32 = _karr64(32)
_SIGN_ARR = _karr(SIGN)


def _spec(x, name: str) -> tuple[str, object]:
    """How to read 32-bit source *name* (prefixes not applied): ``("R", idx)``, ``("K", value)``
    (immediates, RZ, URZ), ``("U", idx)`` or ``("C", (bank, offset))``."""
    k = x.kind(name)
    if k == "R":
        i = x.reg_index(name)
        return ("K", 0) if i == _RZ else ("R", i)
    if k == "U":
        i = x.reg_index(name)
        return ("K", 0) if i == _URZ else ("U", i)
    if k == "C":
        return ("C", x.cmem_ref(name))
    return ("K", x.imm(name) & MASK32)


def _getter(spec):
    """``f(w, sim)`` -> the (32,) uint32 lanes of a source (a view of a register: never modify it)."""
    kind, v = spec
    if kind == "R":
        return lambda w, sim: w.R[v]
    if kind == "K":
        a = _karr(v)
        return lambda w, sim: a
    if kind == "U":
        return lambda w, sim: _karr(w.UR[v])
    bank, off = v
    return lambda w, sim: _karr(sim.const.read(bank, off, 4))


def _sgetter(spec):
    """Like :func:`_getter`, the lanes read as int32."""
    kind, v = spec
    if kind == "R":
        return lambda w, sim: w.Rs[v]
    if kind == "K":
        a = _karr(v).view(np.int32)
        return lambda w, sim: a
    g = _getter(spec)
    return lambda w, sim: g(w, sim).view(np.int32)


def _int_getter(spec):
    """``f(w, sim)`` -> a uniform source (U, C or K spec) as a 32-bit Python int."""
    kind, v = spec
    if kind == "K":
        return lambda w, sim: v
    if kind == "U":
        return lambda w, sim: w.UR[v] & MASK32
    bank, off = v
    return lambda w, sim: sim.const.read(bank, off, 4) & MASK32


def _put(x, idx: int, v) -> None:
    """``x.write`` of a GPR by number (array or int; the lanes of ``x.pmask``), with the same
    step record."""
    mask = x.pmask
    if not mask or idx >= _RZ:
        return
    row = x.w.R[idx]
    if mask == FULL:
        row[:] = v
    elif isinstance(v, np.ndarray):
        np.copyto(row, v, where=mask2array(mask))
    else:
        row[mask2array(mask)] = v
    if x.writes is not None:
        x.writes.append((f"R{idx}", mask, row.tolist()))


def _put_pred(x, idx: int, value: int) -> None:
    """``x.write`` of predicate P<idx> (a lane mask) in the lanes of ``x.pmask``."""
    mask = x.pmask
    if not mask or idx == _PT:
        return
    P = x.w.P
    P[idx] = (P[idx] & ~mask) | (value & mask)
    if x.writes is not None:
        x.writes.append((f"P{idx}", mask, P[idx]))


def _pred_dest(x, name: str) -> int | None:
    """The register number of a ``Pred`` destination, None for another kind."""
    return x.reg_index(name) if x.kind(name) == "P" else None


def _pp_getter(x, name: str = "pp"):
    """``f(w)`` -> the lane mask of a ``{!}Pp`` source (PT/!PT are constants)."""
    if x.kind(name) != "P":
        return lambda w: x.pred(name)
    i = x.reg_index(name)
    neg = x.flag(name + ".not")
    if i == _PT:
        v = 0 if neg else FULL
        return lambda w: v
    if neg:
        return lambda w: ~w.P[i] & FULL
    return lambda w: w.P[i]


# -- MOV -------------------------------------------------------------------------------------
def _plan_mov(x):
    rd = x.reg_index("rd")
    spec = _spec(x, _b(x))
    kind, v = spec
    if kind == "R":
        return lambda x: _put(x, rd, x.w.R[v])
    if kind == "K":
        return lambda x: _put(x, rd, v)
    get = _int_getter(spec)
    return lambda x: _put(x, rd, get(x.w, x.sim))


# -- IADD3 -----------------------------------------------------------------------------------
def _addend_int(v: int, bitnot: bool, neg: bool) -> int:
    """IADD3's ``~`` then ``-`` on the unbounded value (as :func:`_addend`)."""
    if bitnot:
        v = MASK32 - v
    if neg:
        v = (1 << 32) - v
    return v


def _plan_iadd3(x):
    """Sum = plus rows - minus rows + a constant, exactly as the unbounded sum of G2:
    ``-r`` = 2^32 - r, ``~r`` = 0xffffffff - r, ``-~r`` = r + 1.  Without a carry-out predicate
    the low 32 bits are computed in uint32 (wrapping); with one, in uint64 (exact: each addend
    is non-negative and below 2^33)."""
    rd = x.reg_index("rd")
    pu = _pred_dest(x, "pu")
    if pu is None:
        return _IADD3_generic
    plus, minus, uniform = [], [], []
    const = 0
    for name in ("ra", _b(x), _c(x)):
        spec = _spec(x, name)
        bn, ng = x.flag(name + ".bitnot"), x.flag(name + ".neg")
        if spec[0] == "K":
            const += _addend_int(spec[1], bn, ng)
        elif spec[0] == "R":
            if bn and ng:
                plus.append(spec[1])
                const += 1
            elif bn:
                minus.append(spec[1])
                const += MASK32
            elif ng:
                minus.append(spec[1])
                const += 1 << 32
            else:
                plus.append(spec[1])
        else:
            uniform.append((_int_getter(spec), bn, ng))
    carry_in = x.mod("x") == "X"
    pp = _pp_getter(x) if carry_in else None
    carry_out = pu != _PT

    def run(x):
        w = x.w
        R = w.R
        k = const
        for get, bn, ng in uniform:
            k += _addend_int(get(w, x.sim), bn, ng)
        cin = pp(w) if carry_in else 0
        if cin == FULL:
            k += 1
            cin = 0
        if not carry_out:
            acc = None
            fresh = False
            for i in plus:
                if acc is None:
                    acc = R[i]
                elif fresh:
                    np.add(acc, R[i], out=acc)
                else:
                    acc = acc + R[i]
                    fresh = True
            for i in minus:
                if acc is None:
                    acc = np.negative(R[i])
                elif fresh:
                    np.subtract(acc, R[i], out=acc)
                else:
                    acc = acc - R[i]
                fresh = True
            if cin:
                c = mask2array(cin)
                if acc is None:
                    acc = c.astype(_U32)
                elif fresh:
                    np.add(acc, c, out=acc)
                else:
                    acc = acc + c
                    fresh = True
            k &= MASK32
            if acc is None:
                _put(x, rd, k)
                return
            if k:
                if fresh:
                    np.add(acc, _karr(k), out=acc)
                else:
                    acc = acc + _karr(k)
            _put(x, rd, acc)
            return
        # with a carry out: the exact sum in uint64
        acc = None
        for i in plus:
            if acc is None:
                acc = R[i].astype(_U64)
            else:
                np.add(acc, R[i], out=acc)
        for i in minus:
            if acc is None:
                acc = np.zeros(WARP_SIZE, _U64)
            np.subtract(acc, R[i], out=acc)     # may wrap below 0; the constant brings it back
        if cin:
            if acc is None:
                acc = np.zeros(WARP_SIZE, _U64)
            np.add(acc, mask2array(cin), out=acc)
        if acc is None:
            _put(x, rd, k & MASK32)
            _put_pred(x, pu, FULL if (k >> 32) & 1 else 0)
            return
        if k:
            np.add(acc, _karr64(k), out=acc)
        _put(x, rd, acc.astype(_U32))
        _put_pred(x, pu, array2mask(np.right_shift(acc, _SH32) & _U64(1)))

    return run


# -- IMAD ------------------------------------------------------------------------------------
def _plan_imad(x):
    mode = x.mod("mode")
    if mode == "WIDE":
        return _plan_imad_wide(x)
    if mode == "HI":
        return _IMAD_generic
    rd = x.reg_index("rd")
    sa, sb, sc = _spec(x, "ra"), _spec(x, _b(x)), _spec(x, _c(x))
    ga, gb, gc = _getter(sa), _getter(sb), _getter(sc)
    zero_product = (sa == ("K", 0) and sb[0] != "C") or sb == ("K", 0)   # a c[][] operand is always read
    one_b = sb == ("K", 1)
    no_c = sc == ("K", 0)

    def run(x):     # low 32 bits of a*b + c: the same for signed and unsigned operands
        w, sim = x.w, x.sim
        if zero_product:
            _put(x, rd, gc(w, sim))
            return
        if one_b:
            p = ga(w, sim)
            if no_c:
                _put(x, rd, p)
                return
            _put(x, rd, p + gc(w, sim))
            return
        p = np.multiply(ga(w, sim), gb(w, sim))
        if not no_c:
            np.add(p, gc(w, sim), out=p)
        _put(x, rd, p)

    return run


def _plan_imad_wide(x):
    """``R[d:d+1] = a * b + C64`` in uint64 (a signed product is the int64 product's bits)."""
    rd = x.reg_index("rd")
    unsigned = x.mod("fmt") == "U32"
    ra = x.reg_index("ra")
    sb = _spec(x, _b(x))
    cn = _c(x)
    kind_c = x.kind(cn)
    if sb[0] == "K":
        b = sb[1]
        b64 = _karr64(b if unsigned else (b - (1 << 32) if b >> 31 else b))
        get_b = lambda w, sim: b64      # noqa: E731
    else:
        g = _getter(sb)
        if unsigned:
            get_b = lambda w, sim: g(w, sim).astype(_U64)      # noqa: E731
        else:
            get_b = lambda w, sim: g(w, sim).view(np.int32).astype(np.int64).view(_U64)    # noqa: E731
    if kind_c == "I":
        c64 = _karr64(x.imm(cn) & MASK32 if unsigned else x.imm(cn))
        get_c = lambda x: c64      # noqa: E731
    elif kind_c == "C":
        get_c = lambda x: _karr64(x.src(cn, 64))      # noqa: E731
    else:
        get_c = None
        ci = x.reg_index(cn)

    def run(x):
        w = x.w
        R = w.R
        a = R[ra]
        a64 = a.astype(_U64) if unsigned else w.Rs[ra].astype(np.int64).view(_U64)
        np.multiply(a64, get_b(w, x.sim), out=a64)
        if get_c is not None:
            np.add(a64, get_c(x), out=a64)
        elif ci < _RZ:      # R[c:c+1]: add the low and the high word (RZ reads 0)
            np.add(a64, R[ci], out=a64)
            if ci + 1 < _RZ:
                np.add(a64, np.left_shift(R[ci + 1].astype(_U64), _SH32), out=a64)
        _put(x, rd, a64.astype(_U32))
        if rd + 1 < _RZ and rd != _RZ:
            _put(x, rd + 1, np.right_shift(a64, _SH32).astype(_U32))

    return run


# -- ISETP -----------------------------------------------------------------------------------
_ICMP = {1: np.less, 2: np.equal, 3: np.less_equal, 4: np.greater, 5: np.not_equal, 6: np.greater_equal}


def _combiner(bop: str):
    if bop == "AND":
        return lambda r, p: (r & p, ~r & p & FULL)
    if bop == "OR":
        return lambda r, p: ((r | p) & FULL, (~r | p) & FULL)
    return lambda r, p: ((r ^ p) & FULL, (~r ^ p) & FULL)


def _plan_isetp(x):
    pu, pv = _pred_dest(x, "pu"), _pred_dest(x, "pv")
    if pu is None or pv is None:
        return _ISETP_generic
    code = x.db.types["ICmpOp"].by_name[x.mod("cmp")]
    signed = x.mod("fmt") != "U32"
    sa, sb = _spec(x, "ra"), _spec(x, _b(x))
    ga, gb = _getter(sa), _getter(sb)
    if signed:
        ga, gb = _sgetter(sa), _sgetter(sb)
    cmp = _ICMP.get(code)
    const = FULL if code == 7 else 0
    pp = _pp_getter(x)
    comb = _combiner(x.mod("bop"))

    def run(x):
        w, sim = x.w, x.sim
        if cmp is None:
            ga(w, sim), gb(w, sim)     # constant operands are still read (a bad c[][] faults)
            r = const
        else:
            r = array2mask(cmp(ga(w, sim), gb(w, sim)))
        a, b = comb(r, pp(w))
        _put_pred(x, pu, a)
        _put_pred(x, pv, b)

    return run


# -- SEL -------------------------------------------------------------------------------------
def _plan_sel(x):
    rd = x.reg_index("rd")
    ga, gb = _getter(_spec(x, "ra")), _getter(_spec(x, _b(x)))
    pp = _pp_getter(x)

    def run(x):
        w, sim = x.w, x.sim
        a, b = ga(w, sim), gb(w, sim)
        m = pp(w)
        _put(x, rd, a if m == FULL else b if not m else np.where(mask2array(m), a, b))

    return run


# -- LOP3 ------------------------------------------------------------------------------------
#: the 16 functions of two inputs (b, c) by truth table (bit (b<<1)|c); None = all zeros
_F2 = {
    0x0: None, 0xF: lambda b, c: _ONES, 0xC: lambda b, c: b, 0xA: lambda b, c: c,
    0x3: lambda b, c: np.invert(b), 0x5: lambda b, c: np.invert(c),
    0x8: np.bitwise_and, 0xE: np.bitwise_or, 0x6: np.bitwise_xor,
    0x9: lambda b, c: np.invert(np.bitwise_xor(b, c)), 0x7: lambda b, c: np.invert(np.bitwise_and(b, c)),
    0x1: lambda b, c: np.invert(np.bitwise_or(b, c)),
    0x4: lambda b, c: np.bitwise_and(b, np.invert(c)), 0x2: lambda b, c: np.bitwise_and(np.invert(b), c),
    0xD: lambda b, c: np.bitwise_or(b, np.invert(c)), 0xB: lambda b, c: np.bitwise_or(np.invert(b), c),
}
_ONES = _karr(MASK32)
_ZEROS = _karr(0)


def _lut_fn(lut: int):
    """``f(a, b, c)`` of LOP3's table with a few numpy calls: Shannon expansion on a,
    ``f = a ? g1(b, c) : g0(b, c) = g0 ^ (a & (g0 ^ g1))``."""
    t0, t1 = lut & 0xF, lut >> 4
    g0, g1, h = _F2[t0], _F2[t1], _F2[t0 ^ t1]
    if t0 == t1:
        return (lambda a, b, c: _ZEROS) if g0 is None else (lambda a, b, c: g0(b, c))
    if t0 == 0:
        return lambda a, b, c: np.bitwise_and(a, g1(b, c))
    if t1 == 0:
        return lambda a, b, c: np.bitwise_and(np.invert(a), g0(b, c))
    return lambda a, b, c: np.bitwise_xor(g0(b, c), np.bitwise_and(a, h(b, c)))


def _plan_lop3(x):
    rd = x.reg_index("rd")
    pu = _pred_dest(x, "pu")
    if pu is None:
        return _LOP3_generic
    ga, gb, gc = _getter(_spec(x, "ra")), _getter(_spec(x, _b(x))), _getter(_spec(x, "rc"))
    f = _lut_fn(x.imm("lut"))
    pp = _pp_getter(x)

    def run(x):
        w, sim = x.w, x.sim
        r = f(ga(w, sim), gb(w, sim), gc(w, sim))
        _put(x, rd, r)
        if pu != _PT:
            _put_pred(x, pu, array2mask(r) | pp(w))

    return run


# -- SHF -------------------------------------------------------------------------------------
def _plan_shf(x):
    """Constant shift counts of the two one-register forms: ``SHF.R.*.HI`` (Rc shifted right,
    logical or arithmetic) and ``SHF.L.*`` low half (Ra shifted left); the rest is generic."""
    sb = _spec(x, _b(x))
    if sb[0] != "K":
        return _SHF_generic
    typ = x.mod("type")
    lim = 32 if typ in ("U32", "S32") else 64
    n = sb[1] % lim if x.mod("wrap") == "W" else min(sb[1], lim)
    rd = x.reg_index("rd")
    right, hi = x.mod("dir") == "R", x.mod("half") == "HI"
    if right and hi:
        src = x.reg_index("rc")
        if typ in ("S32", "S64"):
            k = _karr(min(n, 31)).view(np.int32)
            return lambda x: _put(x, rd, np.right_shift(x.w.R[src].view(np.int32), k).view(_U32))
        if n >= 32:
            return lambda x: _put(x, rd, 0)
        k = _karr(n)
        return lambda x: _put(x, rd, np.right_shift(x.w.R[src], k))
    if not right and not hi:
        src = x.reg_index("ra")
        if n >= 32:
            return lambda x: _put(x, rd, 0)
        k = _karr(n)
        return lambda x: _put(x, rd, np.left_shift(x.w.R[src], k))
    return _SHF_generic


# -- float32 ---------------------------------------------------------------------------------
def _fgetter(x, name: str):
    """``f(w, sim)`` -> float32 lanes of a source with its ``-`` prefix (a sign-bit flip)."""
    spec = _spec(x, name)
    g = _getter(spec)
    if x.flag(name + ".neg"):
        return lambda w, sim: np.bitwise_xor(g(w, sim), _SIGN_ARR).view(np.float32)
    if spec[0] == "R":
        i = spec[1]
        return lambda w, sim: w.Rf[i]
    if spec[0] == "K":
        k = _karr(spec[1]).view(np.float32)
        return lambda w, sim: k
    return lambda w, sim: g(w, sim).view(np.float32)


def _canonical(r: np.ndarray) -> np.ndarray:
    """The bits of a fresh float32 result array, NaNs made 0x7fffffff (in place)."""
    bits = r.view(_U32)
    bits[r != r] = CANONICAL_NAN
    return bits


def _plan_fbin(x, op):
    rd = x.reg_index("rd")
    ga, gb = _fgetter(x, "ra"), _fgetter(x, _b(x))

    def run(x):   # the issue loops run with numpy's floating-point warnings off
        w, sim = x.w, x.sim
        _put(x, rd, _canonical(op(ga(w, sim), gb(w, sim))))

    return run


def _plan_fadd(x):
    return _plan_fbin(x, np.add)


def _plan_fmul(x):
    return _plan_fbin(x, np.multiply)


_LOW29 = _karr64((1 << 29) - 1)
_MID29 = _karr64(1 << 28)
_ABS64 = _karr64((1 << 63) - 1)
_ONE64 = _karr64(1)
_TINY_BITS = _karr64(0x3810000000000000 - 1)     # float64 bits of 2^-126, minus 1 (see the subtraction)


def _inexact(s: np.ndarray, a: np.ndarray, b: np.ndarray, c: np.ndarray, lanes: np.ndarray) -> bool:
    """True if ``s = fl64(a*b + c)`` differs from the exact sum in one of *lanes* (TwoSum error)."""
    p = a.astype(np.float64) * b
    c64 = c.astype(np.float64)
    t = s - p
    e = (p - (s - t)) + (c64 - t)
    return bool(np.count_nonzero(lanes & (e != 0)))


def _plan_ffma(x):
    """``fl32(a*b + c)``: the product is exact in float64; ``s = fl64(p + c)`` rounds to the
    same float32 as the exact sum unless ``s`` is exactly halfway between two float32 values
    (low 29 significand bits ``1 << 28``) or in float32's subnormal range; only then the
    exact method of :func:`_fma32` runs."""
    rd = x.reg_index("rd")
    ga, gb, gc = _fgetter(x, "ra"), _fgetter(x, _b(x)), _fgetter(x, _c(x))

    def run(x):
        w, sim = x.w, x.sim
        a, b, c = ga(w, sim), gb(w, sim), gc(w, sim)
        s = a.astype(np.float64)
        np.multiply(s, b, out=s)
        np.add(s, c, out=s)
        bits = s.view(_U64)
        mag = np.bitwise_and(bits, _ABS64)
        np.subtract(mag, _ONE64, out=mag)            # 0 wraps to the top: an exact zero is not "tiny"
        risky = (np.bitwise_and(bits, _LOW29) == _MID29) | (mag < _TINY_BITS)
        if np.count_nonzero(risky) and _inexact(s, a, b, c, risky):
            r = _fma32(a, b, c)
        else:
            r = s.astype(np.float32)
        _put(x, rd, _canonical(r))

    return run


# -- memory: 32-bit global and shared loads and stores ------------------------------------------
_ALIGN_SHIFT = {n: _karr64(64 - n.bit_length() + 1) for n in (2, 4, 8, 16)}


def _fast_offsets(mem, addrs: np.ndarray, mask: int, nbytes: int):
    """``(segment, byte offsets)`` when every lane of *mask* accesses one segment of *mem*
    aligned and in bounds (inactive lanes get an active lane's offset); None otherwise (the
    generic path then finds the fault or the several segments)."""
    lane = (mask & -mask).bit_length() - 1
    first = int(addrs[lane])
    bases = mem._bases
    i = bisect.bisect(bases, first) - 1
    if i < 0:
        return None
    seg = mem.segments[i]
    if seg.base % 16:
        return None
    off = np.subtract(addrs, _karr64(seg.base))
    if mask != FULL:
        off = np.where(mask2array(mask), off, _karr64(first - seg.base))
    # misaligned lanes get their low bits shifted to the top (so they fail the bound too)
    chk = np.bitwise_or(off, np.left_shift(off, _ALIGN_SHIFT[nbytes])) if nbytes > 1 else off
    if max(chk.tolist()) > seg.data.size - nbytes:
        return None
    return seg, off


def _global_getter(x):
    """``f(w)`` -> per-lane ``Ra.64 + sext(offset)`` (uint64)."""
    ra = x.reg_index("ra")
    off = x.imm("offset") & MASK64
    koff = _karr64(off)
    if ra >= _RZ:
        return lambda w: koff
    hi = ra + 1

    def get(w):
        R = w.R
        a = R[ra].astype(_U64)
        if hi < _RZ:
            np.bitwise_or(a, np.left_shift(R[hi].astype(_U64), _SH32), out=a)
        if off:
            np.add(a, koff, out=a)
        return a

    return get


def _shared_getter(x):
    """``f(w)`` -> per-lane ``(Ra + sext(offset)) % 2^32`` (as uint64)."""
    ra = x.reg_index("ra")
    koff = _karr(x.imm("offset") & MASK32)

    def get(w):
        return np.add(w.R[ra], koff).astype(_U64)

    return get


_SH2 = _karr64(2)


def _plan_load(x, generic, space: str):
    if x.mod("size") != "32":
        return generic
    rd = x.reg_index("rd")
    addr = _global_getter(x) if space == "global" else _shared_getter(x)

    def run(x):
        mask = x.pmask
        if not mask:
            return
        w = x.w
        mem = x.sim.gmem if space == "global" else w.cta.shared
        found = _fast_offsets(mem, addr(w), mask, 4)
        if found is None:
            generic(x)
            return
        seg, off = found
        _put(x, rd, seg.view(4)[np.right_shift(off, _SH2).view(np.int64)])   # int64 indices: the fast kind

    return run


def _plan_store(x, generic, space: str):
    if x.mod("size") != "32":
        return generic
    rb = x.reg_index("rb")
    addr = _global_getter(x) if space == "global" else _shared_getter(x)

    def run(x):
        mask = x.pmask
        if not mask:
            return
        w = x.w
        mem = x.sim.gmem if space == "global" else w.cta.shared
        found = None if Memory.log is not None else _fast_offsets(mem, addr(w), mask, 4)
        if found is None:  # (also when a step is recorded: the generic path logs the store, trace v2)
            generic(x)
            return
        seg, off = found
        idx = np.right_shift(off, _SH2).view(np.int64)
        v = w.R[rb]
        if mask == FULL:
            seg.view(4)[idx] = v        # lanes in order: the highest lane wins a collision
        else:
            m = mask2array(mask)
            seg.view(4)[idx[m]] = v[m]

    return run


def _plan_ldg(x):
    return _plan_load(x, _LDG_generic, "global")


def _plan_stg(x):
    return _plan_store(x, _STG_generic, "global")


def _plan_lds(x):
    return _plan_load(x, _LDS_generic, "shared")


def _plan_sts(x):
    return _plan_store(x, _STS_generic, "shared")
