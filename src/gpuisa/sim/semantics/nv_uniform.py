"""The uniform datapath ops nvcc emits (uniform.isa): UISETP, ULOP3, USHF, UFLO, UIMAD, R2UR.

One value per warp: a uniform source is a Python int (one warp) or an ``(n, 1)`` array (a
batch); the functions compute on ``np.uint64`` / ``np.int64`` arrays of that shape (0-d for one
warp), so the same code serves both engines (``SEMANTICS_CONTRACT.md``).  Like UIADD3, a
destination is written when at least one lane executes the instruction.
"""
from __future__ import annotations

import numpy as np

from ..context import Exec
from ..registry import semantics
from ..state import MASK32, MASK64, array2mask, mask2array
from .gp import bool_op, fcmp
from .nv_f64 import f2f_bits, frnd_half_bits
from .nv_float import f2i_range, finish, ftz_bits, half_f64, round32, round_sum, scaled_product
from .nv_int import brev32
from .nv_simd import bit_mask, extend_low, pack_values
from .operands import _b, _c

_U64 = np.uint64
_I64 = np.int64


def _u(x, name: str, width: int = 32) -> np.ndarray:
    """A uniform source (register or immediate) as uint64 bits, wrapped to *width*; its prefixes
    (``~``, ``-``) are not applied (each function applies those its instruction has)."""
    v = x.imm(name) if x.kind(name) == "I" else x.src(name, width, raw=True)
    m = MASK64 if width == 64 else MASK32
    if isinstance(v, np.ndarray):
        return v.astype(_I64, copy=False).astype(_U64) & _U64(m)
    return np.asarray(int(v) & m, dtype=_U64)


def _out(v):
    """A 0-d result as a Python int (one warp), an ``(n, 1)`` array as is (a batch)."""
    a = np.asarray(v)
    return int(a) if a.ndim == 0 else a


def _s32(v: np.ndarray) -> np.ndarray:
    return (v.astype(_I64) ^ 0x80000000) - 0x80000000


@semantics("UISETP")
def UISETP(x: Exec) -> None:
    """UISETP: pseudo code in the database (``__Semantics``, uniform.isa; appended here by the registry)."""
    if not x.any_lane():
        return
    wide = x.mod("wide")
    if wide in ("S64", "U64"):           # one 64-bit compare (D7-style-5): the pairs, the immediate sign-extended
        a, b = _u(x, "ura", 64), _u(x, _b(x), 64)
        if wide == "S64":
            a, b = a.view(_I64), b.view(_I64)
    else:
        a, b = _u(x, "ura"), _u(x, _b(x))
        if x.mod("fmt") != "U32":
            a, b = _s32(a), _s32(b)
    code = x.db.types["ICmpOp"].by_name[x.mod("cmp") or ""]
    lt, eq, gt = a < b, a == b, a > b
    r = np.zeros(np.shape(lt), bool)
    if code & 1:
        r = r | lt
    if code & 2:
        r = r | eq
    if code & 4:
        r = r | gt
    if x.mod("ex") == "EX" and code not in (0, 7):
        q = np.asarray(x.upred("upq"), dtype=bool)
        if code in (1, 3):
            r = lt | (eq & q)
        elif code in (4, 6):
            r = gt | (eq & q)
        elif code == 2:
            r = eq & q
        else:
            r = ~eq | q
    p = np.asarray(x.upred("upp"), dtype=bool)
    bop = x.mod("bop") or "AND"
    x.write("upu", _out(bool_op(r, p, bop)))
    x.write("upv", _out(bool_op(~r, p, bop)))


@semantics("ULOP3")
def ULOP3(x: Exec) -> None:
    """ULOP3: pseudo code in the database (``__Semantics``, uniform.isa; appended here by the registry)."""
    if not x.any_lane():
        return
    a, b, c = _u(x, "ura"), _u(x, _b(x)), _u(x, _c(x))
    lut = x.imm("lut")
    r = np.zeros(np.broadcast_shapes(a.shape, b.shape, c.shape), _U64)
    for k in range(8):      # the minterms of the table: bits where (a, b, c) == (k>>2, k>>1, k) & 1
        if lut >> k & 1:
            r |= (a if k & 4 else ~a) & (b if k & 2 else ~b) & (c if k & 1 else ~c)
    r &= _U64(MASK32)
    x.write("urd", _out(r))
    x.write("upu", _out((r != 0) | np.asarray(x.upred("upp"), dtype=bool)))


@semantics("USHF")
def USHF(x: Exec) -> None:
    """USHF: pseudo code in the database (``__Semantics``, uniform.isa; appended here by the registry)."""
    if not x.any_lane():
        return
    typ = x.mod("type")
    lim = 32 if typ in ("U32", "S32") else 64
    n = _u(x, _b(x))
    n = n % _U64(lim) if x.mod("wrap") == "W" else np.minimum(n, _U64(lim))
    v = (_u(x, _c(x)) << _U64(32)) | _u(x, "ura")
    n63 = np.minimum(n, _U64(63))
    if x.mod("dir") == "L":
        v = np.where(n >= 64, _U64(0), v << n63)
    elif typ in ("S32", "S64"):
        v = (v.view(_I64) >> n63.astype(_I64)).view(_U64)
    else:
        v = np.where(n >= 64, _U64(0), v >> n63)
    r = (v >> _U64(32)) if x.mod("half") == "HI" else (v & _U64(MASK32))
    x.write("urd", _out(r))


@semantics("UFLO")
def UFLO(x: Exec) -> None:
    """UFLO: pseudo code in the database (``__Semantics``, uniform.isa; appended here by the registry)."""
    if not x.any_lane():
        return
    bn = _b(x)
    v = _u(x, bn)
    if x.flag(bn + ".bitnot"):
        v = ~v & _U64(MASK32)
    if x.mod("fmt") != "U32":
        v = np.where(v >> _U64(31) != 0, ~v & _U64(MASK32), v)
    pos = np.where(v == 0, -1, np.floor(np.log2(np.maximum(v, _U64(1)).astype(np.float64))).astype(_I64))
    r = np.where(v == 0, MASK32, (31 - pos) if x.mod("sh") == "SH" else pos)
    x.write("urd", _out(np.asarray(r).astype(_I64) & MASK32))


@semantics("UIMAD")
def UIMAD(x: Exec) -> None:
    """UIMAD: pseudo code in the database (``__Semantics``, uniform.isa; appended here by the registry)."""
    if not x.any_lane():
        return
    mode = x.mod("mode")
    a, b = _u(x, "ura"), _u(x, _b(x))
    if x.mod("fmt") != "U32":
        a, b = _s32(a).astype(_U64), _s32(b).astype(_U64)     # sign-extended, products modulo 2^64
    p = a * b
    cn = _c(x)
    c = _u(x, cn, 64 if mode in ("WIDE", "HI") else 32)     # .HI: the 64-bit URc pair, as IMAD.HI (D9-L-1)
    neg = x.flag(cn + ".neg")
    if x.mod("x") == "X" or _writes_upu(x):
        _uimad_carry(x, p, c, neg, mode == "WIDE", mode == "HI")
        return
    if neg:          # -URc (D7-style-2): 2^32 - URc, 2^64 - URc.64 with .WIDE
        c = _U64(0) - c
    if mode == "WIDE":
        x.write("urd", _out(p + c), width=64)
    elif mode == "HI":       # bits 63:32 of the 64-bit product plus the 64-bit URc (modulo 2^64)
        x.write("urd", _out(((p + c) >> _U64(32)) & _U64(MASK32)))
    else:
        x.write("urd", _out((p + c) & _U64(MASK32)))


def _writes_upu(x) -> bool:
    return x.has("upu") and x.field("upu") != 7       # UPT: no carry out written


def _uimad_carry(x, p, c, neg: bool, wide: bool, hi: bool = False) -> None:
    """UIMAD with a carry in (.X, UPp) or out (UPu), D7-style-8: the sum in 32-bit halves (uint64
    numpy, no partial sum reaches 2^36); -URc is 2^w - URc unbounded (-0 carries), as IMAD's.
    *hi* (``.HI``, D11-F-5): the 64-bit sum as ``.WIDE``'s, its high word written, UPu its bit 64."""
    lo32 = _U64(MASK32)
    wide = wide or hi
    cin = np.asarray(x.upred("upp"), dtype=bool).astype(_U64) if x.mod("x") == "X" else _U64(0)
    c_lo, c_hi = (c & lo32, c >> _U64(32)) if wide else (c, _U64(0))
    extra = _U64(0)
    if neg:                              # 2^w - v = ~v + 1 on w bits, plus bit w when v == 0
        zero = (c_lo == 0) & (c_hi == 0)
        c_lo = lo32 - c_lo + _U64(1)
        c_hi = ((lo32 - c_hi) + (c_lo >> _U64(32))) & lo32 if wide else _U64(0)
        c_lo &= lo32
        extra = zero.astype(_U64)
    s_lo = (p & lo32) + c_lo + cin
    if wide:
        s_hi = (p >> _U64(32)) + c_hi + (s_lo >> _U64(32))
        if hi:
            x.write("urd", _out(s_hi & lo32))
        else:
            x.write("urd", _out(((s_hi & lo32) << _U64(32)) | (s_lo & lo32)), width=64)
        carry = ((s_hi >> _U64(32)) + extra) & _U64(1)
    else:
        x.write("urd", _out(s_lo & lo32))
        carry = ((s_lo >> _U64(32)) + extra) & _U64(1)
    x.write("upu", _out(carry.astype(bool)))


@semantics("UPRMT")
def UPRMT(x: Exec) -> None:
    """UPRMT: pseudo code in the database (``__Semantics``, uniform.isa; appended here by the registry)."""
    if not x.any_lane():
        return
    src = (_u(x, "urc") << _U64(32)) | _u(x, "ura")
    sel = _u(x, _b(x))
    out = np.zeros_like(src)
    for i in range(4):
        n = (sel >> _U64(4 * i)) & _U64(0xF)
        byte = (src >> ((n & _U64(7)) * _U64(8))) & _U64(0xFF)
        byte = np.where(n & _U64(8) != 0, np.where(byte & _U64(0x80) != 0, _U64(0xFF), _U64(0)), byte)
        out |= byte << _U64(8 * i)
    x.write("urd", _out(out))


@semantics("R2UR")
def R2UR(x: Exec) -> None:
    """R2UR: pseudo code in the database (``__Semantics``, uniform.isa; appended here by the registry).
    Decision UN1: the value of the lowest executing lane."""
    if not x.any_lane():
        return
    row = x.src("ra")                                   # (32,) or (n, 32)
    act = mask2array(x.pmask)                           # bool, same shape
    first = np.argmax(act, axis=-1)                     # lowest executing lane (0 when none)
    v = np.take_along_axis(np.asarray(row), np.asarray(first)[..., None], axis=-1)
    x.write("urd", _out(v[0]) if v.ndim == 1 else v.astype(_U64))
    if x.has("pu"):                                     # the executing lanes whose Ra is not that value (D8-sync-6)
        differ = (np.asarray(row) != v) & act
        if x.mod("or") == "OR":                         # R2UR.OR: accumulate (D8-sync-8)
            differ |= mask2array(x.pred("pu")) & act
        x.write("pu", array2mask(differ))


@semantics("UBREV")
def UBREV(x: Exec) -> None:
    """UBREV: pseudo code in the database (``__Semantics``, uniform.isa; appended here by the registry)."""
    if not x.any_lane():
        return
    x.write("urd", _out(brev32(_u(x, _b(x))).astype(_U64)))


@semantics("UPOPC")
def UPOPC(x: Exec) -> None:
    """UPOPC: pseudo code in the database (``__Semantics``, uniform.isa; appended here by the registry)."""
    if not x.any_lane():
        return
    bn = _b(x)
    v = _u(x, bn)
    if x.flag(bn + ".bitnot"):
        v = ~v & _U64(MASK32)
    n = np.zeros(v.shape, _U64)
    for k in range(32):
        n += (v >> _U64(k)) & _U64(1)
    x.write("urd", _out(n))


def _f32u(x, name: str) -> np.ndarray:
    """A uniform binary32 source as float64 (exact), ``-`` applied."""
    bits = _u(x, name).astype(np.uint32)
    if x.flag(name + ".neg"):
        bits = bits ^ np.uint32(0x80000000)
    return bits.view(np.float32).astype(np.float64)


def _f32_out(f: np.ndarray):
    bits = np.where(np.isnan(f), np.uint32(0x7FFFFFFF), np.asarray(f, np.float32).view(np.uint32))
    return _out(bits.astype(_U64))


@semantics("UI2FP")
def UI2FP(x: Exec) -> None:
    """UI2FP: pseudo code in the database (``__Semantics``, uniform.isa; appended here by the registry)."""
    if not x.any_lane():
        return
    v = _u(x, _b(x))
    s = v.astype(np.float64) if x.mod("stype_") == "U32" else _s32(v).astype(np.float64)   # exact
    x.write("urd", _f32_out(round32(s, np.zeros_like(s), x.mod("rnd") or "RN")))


@semantics("UFFMA")
def UFFMA(x: Exec) -> None:
    """UFFMA: pseudo code in the database (``__Semantics``, uniform.isa; appended here by the registry)."""
    if not x.any_lane():
        return
    ftz = x.mod("ftz") == "FTZ"
    a, b, c = (_f32u_mods(x, n, ftz) for n in ("ura", _b(x), _c(x)))
    with np.errstate(all="ignore"):
        p = a * np.broadcast_to(b, np.shape(a))          # exact in binary64
    _write_f32u(x, round_sum(p, np.broadcast_to(c, p.shape), x.mod("rnd") or "RN"), ftz)


def _write_f32u(x, f: np.ndarray, ftz: bool) -> None:
    """URd = the rounded binary32 result *f* as FADD/FFMA/FMUL finish theirs: ``.SAT`` clamping it
    (D20-3), NaNs canonical, ``.FTZ`` flushing a denormal result (D2-5) (UFFMA, UFADD, UFMUL)."""
    bits = finish(x, f, ftz, x.mod("sat") == "SAT").reshape(np.shape(f))     # one warp: 0-d (finish gives 1-d)
    x.write("urd", _out(bits.astype(_U64)))


def _sign_mods(x, name: str, bits, sign: int):
    """A uniform float source's bit pattern *bits* with its ``|x|`` then ``-`` applied to the
    sign bit *sign* (31 for binary32, 15 for a 16-bit value in the low half, 63 for binary64)."""
    bits = np.asarray(bits)
    one = bits.dtype.type(1 << sign)
    if x.flag(name + ".abs"):
        bits = bits & ~one
    if x.flag(name + ".neg"):
        bits = bits ^ one
    return bits


def _f32u_mods(x, name: str, ftz: bool) -> np.ndarray:
    """A uniform binary32 source as float64 (exact): ``|x|`` then ``-``, .FTZ flush."""
    bits = _sign_mods(x, name, _u(x, name).astype(np.uint32), 31)
    if ftz:
        bits = ftz_bits(bits)
    return bits.view(np.float32).astype(np.float64)


@semantics("UFADD")
def UFADD(x: Exec) -> None:
    """UFADD: pseudo code in the database (``__Semantics``, uniform.isa; appended here by the registry)."""
    if not x.any_lane():
        return
    ftz = x.mod("ftz") == "FTZ"
    a, b = _f32u_mods(x, "ura", ftz), _f32u_mods(x, _b(x), ftz)
    _write_f32u(x, round_sum(a, np.broadcast_to(b, np.shape(a)), x.mod("rnd") or "RN"), ftz)


@semantics("UFMUL")
def UFMUL(x: Exec) -> None:
    """UFMUL: pseudo code in the database (``__Semantics``, uniform.isa; appended here by the registry)."""
    if not x.any_lane():
        return
    ftz = x.mod("ftz") == "FTZ"
    a, b = _f32u_mods(x, "ura", ftz), _f32u_mods(x, _b(x), ftz)
    with np.errstate(all="ignore"):
        p = a * np.broadcast_to(b, np.shape(a))        # exact in binary64 (24 + 24 significant bits)
    _write_f32u(x, scaled_product(p, x.mod("rnd") or "RN", x.mod("scale"), ftz), ftz)   # .D2 ... .M8 as FMUL (D8-2)


_SMALL = {"U16": (16, False), "S16": (16, True), "U8": (8, False), "S8": (8, True)}


@semantics("UI2F")
def UI2F(x: Exec) -> None:
    """UI2F: pseudo code in the database (``__Semantics``, uniform.isa; appended here by the registry)."""
    if not x.any_lane():
        return
    v = _u(x, _b(x)).astype(_I64)
    small = x.mod("small")
    if small in _SMALL:
        bits, signed = _SMALL[small]
        v = v & _I64((1 << bits) - 1)
        if signed:
            v = np.where(v >= 1 << (bits - 1), v - (1 << bits), v)
    elif x.mod("fmt") != "U32":
        v = _s32(v.astype(_U64))
    s = np.asarray(v, np.float64)                 # exact: at most 32 significant bits
    if x.mod("hdtype") in ("F16", "BF16"):        # UI2F.F16 / .BF16 (D8-tiny-7): F2F's rounding
        x.write("urd", _out(f2f_bits(s, str(x.mod("hdtype")), x.mod("rnd") or "RN", False)))
        return
    x.write("urd", _f32_out(round32(s, np.zeros_like(s), x.mod("rnd") or "RN")))


@semantics("UFSETP")
def UFSETP(x: Exec) -> None:
    """UFSETP: pseudo code in the database (``__Semantics``, uniform.isa; appended here by the registry)."""
    if not x.any_lane():
        return
    ftz = x.mod("ftz") == "FTZ"
    a, b = _f32u_mods(x, "ura", ftz), _f32u_mods(x, _b(x), ftz)
    r = fcmp(x, *np.broadcast_arrays(a, b))
    p = np.asarray(x.upred("upp"), dtype=bool)
    bop = x.mod("bop") or "AND"
    x.write("upu", _out(bool_op(r, p, bop)))
    x.write("upv", _out(bool_op(~r, p, bop)))


def _u_signs(x, name: str) -> np.ndarray:
    """A uniform binary32 source's bits with ``|x|`` then ``-`` applied (no rounding, NaNs kept)."""
    bits = _u(x, name)
    if x.flag(name + ".abs"):
        bits = bits & _U64(0x7FFFFFFF)
    if x.flag(name + ".neg"):
        bits = bits ^ _U64(0x80000000)
    return bits


@semantics("UFSEL")
def UFSEL(x: Exec) -> None:
    """UFSEL: pseudo code in the database (``__Semantics``, uniform.isa; appended here by the registry)."""
    if not x.any_lane():
        return
    p = np.asarray(x.upred("upp"), dtype=bool)
    x.write("urd", _out(np.where(p, _u_signs(x, "ura"), _u_signs(x, _b(x)))))


_ROUNDING = {"RN": np.rint, "NoMode": np.rint, "FLOOR": np.floor, "CEIL": np.ceil, "TRUNC": np.trunc}


@semantics("UF2I")
def UF2I(x: Exec) -> None:
    """UF2I: pseudo code in the database (``__Semantics``, uniform.isa; appended here by the registry)."""
    if not x.any_lane():
        return
    name = _b(x)
    if x.mod("hstype") == "F16" or x.mod("bsrc") == "BF16":     # a 16-bit source (D8-tiny-8)
        f = half_f64(_sign_mods(x, name, _u(x, name) & _U64(0xFFFF), 15), x.mod("hstype") != "F16")
    else:
        f = _f32u_mods(x, name, x.mod("ftz") == "FTZ")
    lo, hi = f2i_range(x)
    with np.errstate(all="ignore"):
        i = np.clip(_ROUNDING[x.mod("rnd") or "RN"](f), lo, hi)
        i = np.where(np.isnan(f), 0.0, i)
    x.write("urd", _out((np.asarray(i).astype(_I64) & MASK32).astype(_U64)))


@semantics("UF2F")
def UF2F(x: Exec) -> None:
    """UF2F: pseudo code in the database (``__Semantics``, uniform.isa; appended here by the registry).
    F2F's conversion (:func:`f2f_bits`) of a uniform source."""
    if not x.any_lane():
        return
    dt, st = x.mod("dtype") or "F32", x.mod("stype_") or "F32"
    ftz = x.mod("ftz") == "FTZ"
    name = _b(x)
    width, sign = {"F64": (64, 63), "F32": (32, 31), "F16": (32, 15)}[st]
    bits = _sign_mods(x, name, _u(x, name, width), sign)
    if st == "F64":
        d = bits.view(np.float64)
    elif st == "F32":
        d = (ftz_bits(bits.astype(np.uint32)) if ftz else bits.astype(np.uint32)).view(np.float32).astype(np.float64)
    else:
        d = half_f64(bits, False)
    x.write("urd", _out(f2f_bits(d, dt, x.mod("rnd") or "RN", ftz)), width=64 if dt == "F64" else 32)


def _ufrnd_half(x) -> None:
    """UFRND.F16 / .BF16: the 16-bit value in the low half of SrcB rounded to an integral value of
    its format (exact), zero-extended; NaN -> 0x7fff (as FRND.F16: D7-math-12)."""
    name = _b(x)
    h = _sign_mods(x, name, _u(x, name) & _U64(0xFFFF), 15)
    bf = x.mod("hdtype") == "BF16"
    x.write("urd", _out(frnd_half_bits(half_f64(h, bf), bf, x.mod("mode")).astype(_U64)))


@semantics("UFRND")
def UFRND(x: Exec) -> None:
    """UFRND: pseudo code in the database (``__Semantics``, uniform.isa; appended here by the registry)."""
    if not x.any_lane():
        return
    if x.mod("hdtype") in ("F16", "BF16"):       # a binary16 / bfloat16 source (D8-tiny-10)
        _ufrnd_half(x)
        return
    ftz = x.mod("ftz") == "FTZ"
    f = _f32u_mods(x, _b(x), ftz)
    with np.errstate(all="ignore"):
        r = np.asarray(_ROUNDING[x.mod("mode") or "NoMode"](f), np.float32)   # integral: exact
    bits = np.where(np.isnan(r), np.uint32(0x7FFFFFFF), r.view(np.uint32))
    if ftz:
        bits = ftz_bits(bits)
    x.write("urd", _out(bits.astype(_U64)))


@semantics("UP2UR")
def UP2UR(x: Exec) -> None:
    """UP2UR: pseudo code in the database (``__Semantics``, uniform.isa; appended here by the registry)."""
    if not x.any_lane():
        return
    m = _U64(x.imm("vb") & MASK32)
    x.write("urd", _out((_u(x, "ura") & ~m & _U64(MASK32)) | (x.upred_bits() & m)))


@semantics("USEL")
def USEL(x: Exec) -> None:
    """USEL: pseudo code in the database (``__Semantics``, uniform.isa; appended here by the registry)."""
    if not x.any_lane():
        return
    bn = _b(x)
    if x.mod("width") == "64":
        b = np.asarray(x.imm(bn) & MASK64, dtype=_U64) if x.kind(bn) == "I" else _u(x, bn, 64)
        a, w = _u(x, "ura", 64), 64
    else:
        b, a, w = _u(x, bn), _u(x, "ura"), 32
    p = np.asarray(x.upred("upp"), dtype=bool)
    x.write("urd", _out(np.where(p, a, b)), width=w)


@semantics("UBMSK")
def UBMSK(x: Exec) -> None:
    """UBMSK: pseudo code in the database (``__Semantics``, uniform.isa; appended here by the registry)."""
    if not x.any_lane():
        return
    pos, ln = _u(x, "ura").astype(_I64), _u(x, _b(x)).astype(_I64)
    x.write("urd", _out(bit_mask(pos, ln, x.mod("w") == "W").astype(_U64)))


@semantics("UVIMNMX")
def UVIMNMX(x: Exec) -> None:
    """UVIMNMX: pseudo code in the database (``__Semantics``, uniform.isa; appended here by the registry)."""
    if not x.any_lane():
        return
    a, b = _u(x, "ura").astype(_I64), _u(x, _b(x)).astype(_I64)
    if x.mod("fmt") != "U32":
        a, b = _s32(a), _s32(b)
    r = np.where(np.asarray(x.upred("upp"), dtype=bool), np.minimum(a, b), np.maximum(a, b))
    if x.mod("relu") == "RELU":
        r = np.maximum(r, 0)
    x.write("urd", _out((r & MASK32).astype(_U64)))


@semantics("UPLOP3")
def UPLOP3(x: Exec) -> None:
    """UPLOP3: pseudo code in the database (``__Semantics``, uniform.isa; appended here by the registry)."""
    if not x.any_lane():
        return
    a, b, c = (np.asarray(x.upred(n), dtype=_I64) for n in ("upa", "upb", "upc"))
    i = (a << 2) | (b << 1) | c
    x.write("upu", _out((x.imm("lutu") >> i) & 1 == 1))
    x.write("upv", _out((x.imm("lutv") >> i) & 1 == 1))


@semantics("UIMNMX")
def UIMNMX(x: Exec) -> None:
    """UIMNMX: pseudo code in the database (``__Semantics``, uniform.isa; appended here by the registry)."""
    if not x.any_lane():
        return
    wide = x.mod("wide")
    w = 64 if wide in ("S64", "U64") else 32
    a, b = _u(x, "ura", w), _u(x, _b(x), w)
    if wide == "S64":
        ka, kb = a.view(_I64), b.view(_I64)
    elif wide != "U64" and x.mod("fmt") != "U32":
        ka, kb = _s32(a), _s32(b)
    else:
        ka, kb = a, b
    take_min = np.asarray(x.upred("upp"), dtype=bool)
    pick_a = np.where(take_min, ka <= kb, ka >= kb)
    x.write("urd", _out(np.where(pick_a, a, b)), width=w)
    x.write("upu", _out(pick_a))
    x.write("upv", _out(~pick_a))


@semantics("USGXT")
def USGXT(x: Exec) -> None:
    """USGXT: pseudo code in the database (``__Semantics``, simd.isa; appended here by the registry)."""
    if not x.any_lane():
        return
    a, n = _u(x, "ura").astype(_I64), _u(x, _b(x)).astype(_I64)
    x.write("urd", _out(extend_low(a, n, x.mod("w") == "W", x.mod("fmt") != "U32").astype(_U64)))


@semantics("UI2IP")
def UI2IP(x: Exec) -> None:
    """UI2IP: pseudo code in the database (``__Semantics``, simd.isa; appended here by the registry).
    URc `UR12.24` (UPackReg24/28) is read as a uniform register."""
    if not x.any_lane():
        return
    a, b, c = _s32(_u(x, "ura")), _s32(_u(x, _b(x))), _u(x, "urc").astype(_I64)
    x.write("urd", _out(pack_values(a, b, c, x.mod("dtype") or "", x.mod("sat") == "SAT").astype(_U64)))
