"""Per-address plans: the one-warp engine's specialisations of the common
general-purpose instructions (speed code, kept out of the reference semantics).

The reference semantics (``gpuisa.sim.semantics.gp``) are written once for one
warp and for a batch of warps.  The one-warp engine (``--engine reference``,
``Simulator.step()``) pays 4-6 us of Python per warp-instruction, so for the
most common forms it runs a *plan* instead: a closure built once per address
(it depends only on the decoded fields) that reads the warp's registers
directly and makes as few numpy calls as it can.  Forms a plan does not
specialise run the reference function.  ``tests/gp/test_plans.py`` runs random
words both ways: results, faults and step records are identical.

:func:`plan_for` is called by ``Simulator.fetch``; ``FAST = False`` disables
the plans (every instruction then runs its reference function).
"""
from __future__ import annotations

import bisect
import math
from dataclasses import dataclass

from typing import Any

import numpy as np

from ..semantics import gp as _gp
from ..semantics import misc as _misc
from ..semantics.gp import (CANONICAL_NAN, SIGN, _b, _c, _fma32, _U32, _U64)
from ..state import FULL, MASK32, MASK64, PT, RZ, URZ, WARP_SIZE, Fault, Memory, array2mask, mask2array

#: False: every instruction runs its reference function (the tests' reference)
FAST = True

_MOV_generic = _gp.MOV
_IADD3_generic = _gp.IADD3
_IMAD_generic = _gp.IMAD
_LOP3_generic = _gp.LOP3
_SHF_generic = _gp.SHF
_ISETP_generic = _gp.ISETP
_SEL_generic = _gp.SEL
_LDG_generic = _gp.LDG
_STG_generic = _gp.STG
_LDS_generic = _gp.LDS
_STS_generic = _gp.STS
_S2R_generic = _misc.S2R
_LANES = np.arange(WARP_SIZE, dtype=_U32)


def plan_for(x):
    """The plan of the one-warp Exec *x* (a callable ``f(x)``), or None when its
    optype has none or ``FAST`` is off."""
    if not FAST:
        return None
    builder = _PLANS.get(x.optype)
    if builder is None:
        return None
    if x.optype in ("FADD", "FMUL", "FFMA") and _gp._fmods(x):
        return None      # .FTZ/.SAT/.RM/.RP/.RZ/|x| (issue 11): the semantics function itself
    if x.batched and _names_uniform_register(x):
        # the plans read a uniform register as one warp's int (``w.UR[v]``); a batch has one per
        # warp: the semantics function, which reads them as (n, 1) arrays at batch width (it
        # was replayed one warp at a time, and its address stayed per warp)
        return None
    try:
        return builder(x)
    except _NoPlan:
        return None


class _NoPlan(Exception):
    """A plan builder met an operand form it does not specialise: the semantics function."""


def _names_uniform_register(x) -> bool:
    """The instruction reads or writes a uniform register other than URZ."""
    return any(f.type == "UReg" and x.f.get(f.name, URZ) != URZ for f in x.op.fields)


_RZ, _URZ, _PT = RZ, URZ, PT   # the register files' constant registers (sim/state.py)
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


def _spec(x, name: str) -> tuple[str, Any]:
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
    if x.batched:       # a batch (the batched engine): the API's write
        x.set_reg(idx, v, x.pmask)
        return
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
    if x.batched:
        if idx != _PT:
            row = x.eng.P[idx]
            row[x.sel] = (row[x.sel] & ~mask) | (value & mask)
        return
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
        raise _NoPlan(name)     # (a closure over this x would read the Exec it was built from)
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
    if x.mod("width") == "64":       # MOV.64 (issue 11): the semantics function
        return _gp.MOV
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


def _carry_in(cin):
    """A carry-in mask (an int; ``(n,)`` masks in a batch) as ``(constant to add, the mask
    left, whether one is left)``: a carry in every lane is the constant 1, none is nothing."""
    if isinstance(cin, np.ndarray):
        if (cin == FULL).all():
            return 1, 0, False
        if not cin.any():
            return 0, 0, False
        return 0, cin, True
    if cin == FULL:
        return 1, 0, False
    return 0, cin, cin != 0


def _plan_iadd3(x):
    """Sum = plus rows - minus rows + a constant, exactly as the unbounded sum of G2:
    ``-r`` = 2^32 - r, ``~r`` = 0xffffffff - r, ``-~r`` = r + 1.  Without a carry-out predicate
    the low 32 bits are computed in uint32 (wrapping); with one, in uint64 (exact: each addend
    is non-negative and below 2^33)."""
    rd = x.reg_index("rd")
    pu = _pred_dest(x, "pu")
    if pu is None or (x.has("pv") and x.reg_index("pv") != _PT) or (
            x.has("pq") and x.mod("x") == "X" and not (x.reg_index("pq") == _PT and x.flag("pq.not"))):
        return _IADD3_generic   # a second carry (Pv, Pq): the generic function
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
        kin, cin, has_cin = _carry_in(cin)
        k += kin
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
            if has_cin:
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
                acc = np.zeros(x.lane_shape(), _U64)
            np.subtract(acc, R[i], out=acc)     # may wrap below 0; the constant brings it back
        if has_cin:
            if acc is None:
                acc = np.zeros(x.lane_shape(), _U64)
            np.add(acc, mask2array(cin), out=acc)
        if acc is None:
            _put(x, rd, k & MASK32)
            _put_pred(x, pu, FULL if k >> 32 else 0)      # carry >= 1 (decision GA-9)
            return
        if k:
            np.add(acc, _karr64(k), out=acc)
        _put(x, rd, acc.astype(_U32))
        _put_pred(x, pu, array2mask(np.right_shift(acc, _SH32) != 0))     # carry >= 1 (GA-9)

    return run


# -- IMAD ------------------------------------------------------------------------------------
def _plan_imad(x):
    if _gp._imad_extended(x):
        return _IMAD_generic    # carry in/out, -/~ on SrcC: the generic function
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

    c_row = sc[1] if sc[0] == "R" else None

    def run(x):     # low 32 bits of a*b + c: the same for signed and unsigned operands
        w, sim = x.w, x.sim
        if x.batched and x.full and isinstance(x.sel, slice) and rd < _RZ and not zero_product \
                and not one_b and c_row != rd:
            # a batch of full warps: the product straight into Rd's rows (no temporary; a and b
            # may be Rd itself: elementwise, in place); c is not Rd (checked), added after
            dst = sim.R[rd, x.sel]
            np.multiply(ga(w, sim), gb(w, sim), out=dst)
            if not no_c:
                np.add(dst, gc(w, sim), out=dst)
            return
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


@dataclass(slots=True)
class _Wide:
    """What IMAD.WIDE's batch paths need of the decoded operands (see :func:`_plan_imad_wide`)."""
    rd: int
    ra: int
    rb: int | None          # b a register, or
    kb: int | None          # b an immediate (its 32 bits), and
    bwide: Any              # b as a numpy 64-bit scalar (None for a register)
    unsigned: bool
    kind_c: str             # "I", "C" or "R"
    cn: str                 # C's field name
    ci: int                 # C's register (kind R), else -1
    get_c: Any              # uniform C as (32,) uint64 lanes, or None for a register pair


def _wide_c(p: _Wide, x, R, sel):
    """C as ``(largest low word, low word, high word)``: ints for a uniform C, rows for a
    register pair, zeros for RZ."""
    if p.kind_c in ("I", "C"):
        c = (x.imm(p.cn) & (MASK32 if p.unsigned else MASK64)) if p.kind_c == "I" else x.src(p.cn, 64)
        c &= MASK64
        return c & MASK32, _U32(c & MASK32), c >> 32
    if p.ci < _RZ:
        clo = R[p.ci, sel]
        return int(clo.max()), clo, (R[p.ci + 1, sel] if p.ci + 1 < _RZ else 0)
    return 0, None, 0


def _wide_narrow(p: _Wide, x, R, sel) -> bool:
    """``a * b + C`` without a carry into the high word, in 32-bit arithmetic: when the largest
    a, b (non-negative in the signed form) and low word of C cannot sum past 2^32 - 1, the low
    word is ``a * b + lo(C)`` and the high word is ``hi(C)`` (three reductions instead of five
    passes over uint64 arrays and two 256 KiB temporaries: the address arithmetic of nearly
    every kernel).  False: the general path."""
    rd, ci = p.rd, p.ci
    a = R[p.ra, sel]
    amax = int(a.max())
    if p.rb is not None:
        b = R[p.rb, sel]
        bmax = int(b.max())
    else:
        bmax = p.kb or 0        # (the caller checked that b is a register or an immediate)
        b = _U32(bmax)
    if not p.unsigned and (amax | bmax) >> 31:
        return False        # a negative operand: its sign extends into the high word
    clo_max, clo, chi = _wide_c(p, x, R, sel)
    if amax * bmax + clo_max > MASK32:
        return False
    if isinstance(chi, np.ndarray) and ci + 1 == rd:
        chi = chi.copy()        # the low-word write below would overwrite it
    dst = R[rd, sel]
    if rd == ci:
        lo = np.multiply(a, b, dtype=_U32)      # Rd is C's low word: a temporary first
        if clo is not None and clo_max:
            np.add(lo, clo, out=lo)
        np.copyto(dst, lo)
    else:       # straight into Rd (a and b may be Rd: elementwise, in place)
        np.multiply(a, b, out=dst, dtype=_U32)
        if clo is not None and clo_max:
            np.add(dst, clo, out=dst)
    if rd + 1 < _RZ and not (isinstance(chi, np.ndarray) and ci + 1 == rd + 1):
        np.copyto(R[rd + 1, sel], chi, casting="unsafe")
    return True


def _wide_batch(p: _Wide, x) -> bool:
    """A batch of full warps over consecutive warps: without a carry into the high word
    (:func:`_wide_narrow`) in 32-bit arithmetic, else one product into a fresh uint64 array,
    written straight into R[d] and R[d+1] (no 32-bit intermediates)."""
    sel = x.sel
    if not (x.full and isinstance(sel, slice)) or (p.kb is None and p.rb is None):
        return False
    R = x.sim.R
    rd, ci, rb = p.rd, p.ci, p.rb
    if rd < _RZ and _wide_narrow(p, x, R, sel):
        return True
    if p.unsigned:
        b = p.bwide if rb is None else R[rb, sel]
        a64 = np.multiply(R[p.ra, sel], b, dtype=_U64)
    else:
        b = p.bwide if rb is None else R[rb, sel].view(np.int32)
        a64 = np.multiply(R[p.ra, sel].view(np.int32), b, dtype=np.int64).view(_U64)
    if p.get_c is not None:
        np.add(a64, p.get_c(x), out=a64)
    elif ci < _RZ:
        np.add(a64, R[ci, sel], out=a64)
        if ci + 1 < _RZ:
            h = R[ci + 1, sel].astype(_U64)
            np.left_shift(h, _SH32, out=h)
            np.add(a64, h, out=a64)
    if rd < _RZ:
        np.copyto(R[rd, sel], a64, casting="unsafe")        # the low word (C truncation)
        if rd + 1 < _RZ:
            np.right_shift(a64, _SH32, out=a64)
            np.copyto(R[rd + 1, sel], a64, casting="unsafe")
    return True


def _plan_imad_wide(x):
    """``R[d:d+1] = a * b + C64`` in uint64 (a signed product is the int64 product's bits)."""
    rd = x.reg_index("rd")
    unsigned = x.mod("fmt") == "U32"
    ra = x.reg_index("ra")
    if ra >= _RZ:
        return _IMAD_generic
    sb = _spec(x, _b(x))
    cn = _c(x)
    kind_c = x.kind(cn)
    if kind_c not in ("I", "C", "R"):
        return _IMAD_generic    # C a uniform-register pair (``UR[4:5]``): the semantics function
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
    ci = -1
    if kind_c == "I":
        c64 = _karr64(x.imm(cn) & MASK32 if unsigned else x.imm(cn))
        get_c = lambda x: c64      # noqa: E731
    elif kind_c == "C":
        get_c = lambda x: _karr64(x.src(cn, 64))      # noqa: E731
    else:
        get_c = None
        ci = x.reg_index(cn)
    kb = sb[1] if sb[0] == "K" else None
    p = _Wide(rd=rd, ra=ra, rb=sb[1] if sb[0] == "R" else None, kb=kb, unsigned=unsigned, kind_c=kind_c, cn=cn,
              ci=ci, get_c=get_c,
              bwide=None if kb is None else (np.uint64(kb) if unsigned else np.int64(kb - (1 << 32) if kb >> 31 else kb)))

    def run(x):
        if x.batched and _wide_batch(p, x):
            return
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
    # ``~r & FULL`` first: r may be a Python int and p an array of masks (a batch)
    if bop == "AND":
        return lambda r, p: (r & p, (~r & FULL) & p)
    if bop == "OR":
        return lambda r, p: ((r | p) & FULL, ((~r & FULL) | p) & FULL)
    return lambda r, p: ((r ^ p) & FULL, ((~r & FULL) ^ p) & FULL)


def _plan_isetp(x):
    pu, pv = _pred_dest(x, "pu"), _pred_dest(x, "pv")
    if pu is None or pv is None or x.mod("ex") == "EX" or x.mod("wide") not in (None, "NoWide"):
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
    if x.mod("width") == "64":       # SEL.64 (issue 11): the semantics function
        return _gp.SEL
    rd = x.reg_index("rd")
    ga, gb = _getter(_spec(x, "ra")), _getter(_spec(x, _b(x)))
    pp = _pp_getter(x)

    def run(x):
        w, sim = x.w, x.sim
        a, b = ga(w, sim), gb(w, sim)
        m = pp(w)
        if isinstance(m, np.ndarray):   # a batch: one mask per warp
            _put(x, rd, np.where(mask2array(m), a, b))
            return
        _put(x, rd, a if m == FULL else b if not m else np.where(mask2array(m), a, b))

    return run


# -- LOP3 ------------------------------------------------------------------------------------
#: the 16 functions of two inputs (b, c) by truth table (bit (b<<1)|c); None = all zeros
_F2: dict[int, Any] = {
    0x0: None, 0xF: lambda b, c: _ONES, 0xC: lambda b, c: b, 0xA: lambda b, c: c,
    0x3: lambda b, c: np.invert(b), 0x5: lambda b, c: np.invert(c),
    0x8: np.bitwise_and, 0xE: np.bitwise_or, 0x6: np.bitwise_xor,
    0x9: lambda b, c: np.invert(np.bitwise_xor(b, c)), 0x7: lambda b, c: np.invert(np.bitwise_and(b, c)),
    0x1: lambda b, c: np.invert(np.bitwise_or(b, c)),
    0x4: lambda b, c: np.bitwise_and(b, np.invert(c)), 0x2: lambda b, c: np.bitwise_and(np.invert(b), c),
    0xD: lambda b, c: np.bitwise_or(b, np.invert(c)), 0xB: lambda b, c: np.bitwise_or(np.invert(b), c),
}
_ONES: np.ndarray = _karr(MASK32)
_ZEROS: np.ndarray = _karr(0)


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
    if sb[0] != "K" or not x.has("rc"):      # SHF_RRI (an immediate high word): generic
        return _SHF_generic
    typ = x.mod("type")
    lim = 32 if typ in ("U32", "S32") else 64
    n = sb[1] % lim if x.mod("wrap") == "W" else min(sb[1], lim)
    rd = x.reg_index("rd")
    right, hi = x.mod("dir") == "R", x.mod("half") == "HI"
    if right and hi:
        src = x.reg_index("rc")
        if src >= _RZ:
            return _SHF_generic
        if typ in ("S32", "S64"):
            k = _karr(min(n, 31)).view(np.int32)
            return lambda x: _put(x, rd, np.right_shift(x.w.R[src].view(np.int32), k).view(_U32))
        if n >= 32:
            return lambda x: _put(x, rd, 0)
        k = _karr(n)
        return lambda x: _put(x, rd, np.right_shift(x.w.R[src], k))
    if right and not hi and x.reg_index("rc") >= _RZ and typ in ("U32", "U64") and n < 32:
        src = x.reg_index("ra")     # {RZ, Ra} >> n, low half: Ra >> n (zeros in)
        if src >= _RZ:
            return _SHF_generic
        k = _karr(n)
        return lambda x: _put(x, rd, np.right_shift(x.w.R[src], k))
    if not right and not hi:
        src = x.reg_index("ra")
        if src >= _RZ:
            return _SHF_generic
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
        if x.batched and x.full and isinstance(x.sel, slice) and rd < _RZ:
            # a batch of full warps: straight into Rd's rows (a or b may be Rd: elementwise);
            # the sum of the results is finite unless a lane is NaN or infinite (or it overflows):
            # only then look for NaNs to make canonical
            dst = sim.R[rd, x.sel].view(np.float32)
            op(ga(w, sim), gb(w, sim), out=dst)
            if not math.isfinite(float(np.add.reduce(dst, axis=None))):
                dst.view(_U32)[dst != dst] = CANONICAL_NAN
            return
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
        s = np.multiply(a, b, dtype=np.float64)
        if s.shape == np.shape(c):
            np.add(s, c, out=s)
        else:       # a batch whose a and b are (32,) constants (RZ, immediates): broadcast to c's rows
            s = np.add(s, c, dtype=np.float64)
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

    def get(w):     # one warp (32,) or a batch (n, 32): x.w's R reads the batch's rows
        R = w.R
        a = R[ra].astype(_U64)
        if hi < _RZ:
            h = R[hi].astype(_U64)
            np.left_shift(h, _SH32, out=h)
            np.bitwise_or(a, h, out=a)
        if off:
            np.add(a, koff, out=a)
        return a

    return get


def _shared_getter(x):
    """``f(w)`` -> per-lane ``(Ra + sext(offset)) % 2^32`` (as uint64)."""
    ra = x.reg_index("ra")
    koff = _karr(x.imm("offset") & MASK32)
    if ra >= _RZ:
        k64 = _karr64(x.imm("offset") & MASK32)
        return lambda w: k64

    def get(w):
        return np.add(w.R[ra], koff).astype(_U64)

    return get


_SH2 = _karr64(2)


def _batch_indices(mem, a: np.ndarray):
    """``(segment, int64 word indices)`` when every address of the batch *a* (``(n, 32)``
    uint64, consumed) is a 4-byte access inside one segment, aligned; else None (the semantics
    function then finds the fault or the several segments)."""
    first = int(a[0, 0])
    i = bisect.bisect(mem._bases, first) - 1
    if i < 0:
        return None
    seg = mem.segments[i]
    if seg.base % 16:
        return None
    np.subtract(a, _karr64(seg.base), out=a)        # below the base: wraps to a huge offset
    if int(a.max()) > seg.data.size - 4 or int(np.bitwise_or.reduce(a, axis=None)) & 3:
        return None
    np.right_shift(a, _SH2, out=a)
    return seg, a.view(np.int64)


#: the byte offsets of a warp's consecutive words, lane by lane
_LANE4 = np.arange(WARP_SIZE, dtype=_U32) * _U32(4)
_LANE4.setflags(write=False)


_SCRATCH = np.zeros(0, _U32)


def _scratch(shape: tuple) -> np.ndarray:
    """A uint32 work array of *shape*, reused from call to call (its contents are garbage;
    never returned to a caller): a test's temporary that does not fault fresh pages in
    every new grid's first run."""
    global _SCRATCH
    n = shape[0] * shape[1]
    if _SCRATCH.size < n:
        _SCRATCH = np.empty(max(n, 2 * _SCRATCH.size), _U32)
    return _SCRATCH[:n].reshape(shape)


def _signed64(v: int) -> int:
    v &= MASK64
    return v - (1 << 64) if v >> 63 else v


def _batch_words(x, ra: int, off: int, work: np.ndarray | None = None):
    """The words a batch of full warps accesses at ``R[ra:ra+1] + off`` (4-byte accesses), in
    32-bit arithmetic: ``(words, start, idx)`` when every warp's high address word is the same,
    every address lies in one segment of global memory and is 4-aligned; *start* is the first
    word when the batch reads consecutive words in lane then warp order (a coalesced access:
    a slice), else *idx* the ``(n, 32)`` word indices.  None: the 64-bit path decides.
    *work*: an ``(n, 32)`` uint32 array the caller lets this overwrite (not the address rows;
    a load's destination), else a reused scratch array."""
    sel = x.sel
    R = x.sim.R
    lo = R[ra, sel]
    hi = R[ra + 1, sel] if ra + 1 < _RZ else None
    h0 = int(hi[0, 0]) if hi is not None else 0
    if hi is not None and (int(hi.min()) != h0 or int(hi.max()) != h0):
        return None
    mem = x.sim.gmem
    first = ((h0 << 32) + int(lo[0, 0]) + off) & MASK64
    i = bisect.bisect(mem._bases, first) - 1
    if i < 0:
        return None
    seg = mem.segments[i]
    d = (h0 << 32) + off - seg.base          # byte offset in the segment = lo + d (off signed)
    if d & 3 or seg.base % 16 or seg.data.size > (1 << 32):
        return None
    lmin, lmax = int(lo.min()), int(lo.max())
    if lmin + d < 0 or lmax + d > seg.data.size - 4 or int(np.bitwise_or.reduce(lo, axis=None)) & 3:
        return None
    words = seg.view(4)
    n = lo.size
    if lmax - lmin == 4 * (n - 1) and int(lo[0, 0]) == lmin:
        # coalesced: every row is its first word's 32 consecutive words, the rows one after another
        t = np.subtract(lo, lo[:, :1], out=work if work is not None else _scratch(lo.shape))
        col = lo[:, 0].astype(np.int64)
        if (t == _LANE4).all() and (col == lmin + 128 * np.arange(col.size, dtype=np.int64)).all():
            return words, (lmin + d) >> 2, None
    idx = np.add(lo, _U32(d & MASK32))      # lo + d lies in [0, size - 4]: the uint32 sum is exact
    np.right_shift(idx, _U32(2), out=idx)
    return words, None, idx


def _plan_load(x, generic, space: str):
    if x.mod("size") != "32":
        return generic
    rd = x.reg_index("rd")
    addr = _global_getter(x) if space == "global" else _shared_getter(x)
    ra, aoff = x.reg_index("ra"), _signed64(x.imm("offset"))
    batch_ok = space == "global" and ra < _RZ and rd < _RZ

    def run(x):
        if x.batched:
            # every lane of every warp of the batch, one segment: one gather into Rd's rows
            if batch_ok and x.full:
                sel = x.sel
                if isinstance(sel, slice):
                    dst = x.sim.R[rd, sel]
                    got = _batch_words(x, ra, aoff, dst if rd not in (ra, ra + 1) else None)
                    if got is not None:
                        words, start, idx = got
                        if idx is None:
                            np.copyto(dst, words[start:start + dst.size].reshape(dst.shape))
                        else:
                            np.take(words, idx, out=dst, mode="clip")
                        return
                found = _batch_indices(x.sim.gmem, addr(x.w))
                if found is not None:
                    seg, idx = found
                    if isinstance(sel, slice):
                        np.take(seg.view(4), idx, out=x.sim.R[rd, sel], mode="clip")   # in bounds (checked)
                    else:
                        x.sim.R[rd][sel] = seg.view(4)[idx]
                    return
            generic(x)
            return
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
    if rb >= _RZ:
        return generic
    addr = _global_getter(x) if space == "global" else _shared_getter(x)
    ra, aoff = x.reg_index("ra"), _signed64(x.imm("offset"))
    batch_ok = space == "global" and ra < _RZ

    def run(x):
        if x.batched:
            # every lane of every warp, one segment, no store log: one scatter in warp then lane
            # order (the last warp of the batch, then the highest lane, wins a collision)
            if batch_ok and x.full and Memory.log is None:
                if isinstance(x.sel, slice):
                    got = _batch_words(x, ra, aoff)
                    if got is not None:
                        words, start, idx = got
                        v = x.sim.R[rb, x.sel]
                        if idx is None:
                            words[start:start + v.size] = v.reshape(-1)
                        else:
                            words[idx] = v
                        return
                found = _batch_indices(x.sim.gmem, addr(x.w))
                if found is not None:
                    seg, idx = found
                    seg.view(4)[idx] = x.sim.R[rb][x.sel]
                    return
            generic(x)
            return
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


def _ur_part(x) -> bool:
    """The address has a uniform-register part (``[R2+UR4]``, issue 11): the semantics function."""
    return x.has("ura") and x.reg_index("ura") != URZ or x.mod("scale") == "U32"


def _plan_ldg(x):
    if _ur_part(x):
        return _LDG_generic
    return _plan_load(x, _LDG_generic, "global")


def _plan_stg(x):
    if _ur_part(x):
        return _STG_generic
    return _plan_store(x, _STG_generic, "global")


def _plan_lds(x):
    if x.mod("scale") not in (None, "X1") or _ur_part(x):
        return _LDS_generic      # `[Ra.X4+imm]`, `[Ra+URb]` (issue 11): the semantics function
    return _plan_load(x, _LDS_generic, "shared")


def _plan_sts(x):
    if x.mod("scale") not in (None, "X1") or _ur_part(x):
        return _STS_generic
    return _plan_store(x, _STS_generic, "shared")


# -- S2R -------------------------------------------------------------------------------------
def _plan_s2r(x):
    """A batch of full warps reads the identity registers of nvcc's every prologue (lane, warp,
    CTA and thread ids) straight into Rd's rows; everything else (and one warp) runs the
    semantics function (``sreg_value``, semantics/misc.py)."""
    try:
        name = _misc.sreg_name(x, x.field("sreg"))
    except Fault:
        return _S2R_generic
    rd = x.reg_index("rd")
    if rd >= _RZ or not (name in ("SR_LANEID", "SR_WARPID") or name[:-1] in ("SR_CTAID.", "SR_TID.")):
        return _S2R_generic
    axis = "XYZ".index(name[-1]) if name[-2] == "." else 0

    def run(x):
        if not (x.batched and x.full and isinstance(x.sel, slice)):
            _S2R_generic(x)
            return
        sel = x.sel
        e = x.eng
        dst = x.sim.R[rd, sel]
        if name == "SR_LANEID":
            np.copyto(dst, _LANES)
        elif name == "SR_WARPID":
            np.copyto(dst, e.widx[sel].astype(_U32)[:, None])
        elif name[:-1] == "SR_CTAID.":
            np.copyto(dst, e.ctaid_all[sel, axis].astype(_U32)[:, None])
        else:   # SR_TID: the block's threads numbered x fastest (as sreg_value)
            bx, by, _ = x.sim.block
            lin = e.widx[sel].astype(_U32)[:, None] * _U32(WARP_SIZE) + _LANES
            if axis == 0:
                np.remainder(lin, _U32(bx), out=dst)
            elif axis == 1:
                np.remainder(lin // _U32(bx), _U32(by), out=dst)
            else:
                np.floor_divide(lin, _U32(bx * by), out=dst)

    return run


_PLANS = {"MOV": _plan_mov, "IADD3": _plan_iadd3, "IMAD": _plan_imad, "ISETP": _plan_isetp, "SEL": _plan_sel,
          "LOP3": _plan_lop3, "SHF": _plan_shf, "FADD": _plan_fadd, "FMUL": _plan_fmul, "FFMA": _plan_ffma,
          "LDG": _plan_ldg, "STG": _plan_stg, "LDS": _plan_lds, "STS": _plan_sts, "S2R": _plan_s2r}
