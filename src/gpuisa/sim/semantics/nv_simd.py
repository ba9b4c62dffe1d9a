"""Integer dot products and video instructions nvcc emits (simd.isa): IDP.4A / IDP.2A (``__dp4a``,
``__dp2a_lo/hi``), VIADDMNMX, VABSDIFF, VABSDIFF4, I2I (saturating narrowing, D10-N-3),
F2IP (a float to an unsigned byte, D10-N-4), and the SIMD video forms of nv.isa's VIADD
(``.16x2``, ``.U8x4``) and VIMNMX (``.U16x2``, ``.S16x2``, ``.U8x4``) that nv_int's VIADD and
VIMNMX hand to :func:`viadd_lanes` / :func:`vimnmx_lanes` (decision SV-1).
Written once for both engines (lane-shaped arrays; ``SEMANTICS_CONTRACT.md``)."""
from __future__ import annotations

import numpy as np

from ..context import Exec
from ..registry import semantics
from ..state import array2mask, mask2array
from .gp import _U32, _b, _c, _raw

_I64 = np.int64


def _elem(v: np.ndarray, shift: int, bits: int, signed: bool) -> np.ndarray:
    e = (v.astype(_I64) >> shift) & ((1 << bits) - 1)
    if signed:
        e = np.where(e >= 1 << (bits - 1), e - (1 << bits), e)
    return e


@semantics("IDP")
def IDP(x: Exec) -> None:
    """IDP: pseudo code in the database (``__Semantics``, simd.isa; appended here by the registry)."""
    a = _raw(x, "ra")
    b = _raw(x, _b(x))
    acc = _raw(x, "rc").astype(_I64)
    at, bs = x.mod("atype"), x.mod("btype") == "S8"
    if x.mod("mode") == "4A":
        for i in range(4):
            acc = acc + _elem(a, 8 * i, 8, at in ("S8", "S16")) * _elem(b, 8 * i, 8, bs)
    else:
        k = 2 if x.mod("half") == "HI" else 0
        for i in range(2):
            acc = acc + _elem(a, 16 * i, 16, at in ("S8", "S16")) * _elem(b, 8 * (k + i), 8, bs)
    x.write("rd", (acc & 0xFFFFFFFF).astype(_U32))


@semantics("VIADDMNMX")
def VIADDMNMX(x: Exec) -> None:
    """VIADDMNMX: pseudo code in the database (``__Semantics``, simd.isa; appended here by the registry)."""
    fmt = x.mod("fmt")
    if fmt in ("S16x2", "U16x2"):       # two 16-bit lanes (CUDA 12's DPX __viaddmax_s16x2 ...; D10-N-1)
        _viaddmnmx_lanes(x, fmt == "S16x2")
        return
    a, b = _raw(x, "ra"), _raw(x, _b(x))
    if x.flag("ra.neg"):
        a = (0 - a.astype(np.int64)).astype(np.uint32)
    if x.flag(_b(x) + ".neg"):
        b = (0 - b.astype(np.int64)).astype(np.uint32)
    t = (a.astype(np.int64) + b) & 0xFFFFFFFF
    c = np.broadcast_to(_raw(x, _c(x)).astype(np.int64), t.shape)
    if x.mod("fmt") != "U32":
        t, c = (t ^ 0x80000000) - 0x80000000, (c ^ 0x80000000) - 0x80000000
    r = np.where(mask2array(x.pred("pp")), np.minimum(t, c), np.maximum(t, c))
    if x.mod("relu") == "RELU":         # signed only (the database refuses .U32.RELU)
        r = np.maximum(r, 0)
    x.write("rd", (r & 0xFFFFFFFF).astype(_U32))


def _viaddmnmx_lanes(x: Exec, signed: bool) -> None:
    """VIADDMNMX.S16x2 / .U16x2: per half, (Ra + Rb) wrapped to 16 bits, then its min (Pp) or max with SrcC."""
    b = _b(x)
    la, lb = _lane_split(_raw(x, "ra"), 16, False), _lane_split(_raw(x, b), 16, False)
    lc = _lane_split(np.broadcast_to(_raw(x, _c(x)), np.shape(la[0])), 16, signed)
    sa, sb = (-1 if x.flag("ra.neg") else 1), (-1 if x.flag(b + ".neg") else 1)
    pick_min = mask2array(x.pred("pp"))
    out = []
    for u, v, c in zip(la, lb, lc):
        t = (sa * u + sb * v) & 0xFFFF
        if signed:
            t = np.where(t >= 0x8000, t - 0x10000, t)
        r = np.where(pick_min, np.minimum(t, c), np.maximum(t, c))
        out.append(np.maximum(r, 0) if x.mod("relu") == "RELU" else r)
    x.write("rd", _lane_join(out, 16))


@semantics("VABSDIFF")
def VABSDIFF(x: Exec) -> None:
    """VABSDIFF: pseudo code in the database (``__Semantics``, simd.isa; appended here by the registry)."""
    a, b = _raw(x, "ra").astype(np.int64), _raw(x, _b(x)).astype(np.int64)
    if x.mod("fmt") != "U32":
        a, b = (a ^ 0x80000000) - 0x80000000, (b ^ 0x80000000) - 0x80000000
    c = _raw(x, _c(x)).astype(np.int64)
    x.write("rd", ((np.abs(a - b) + c) & 0xFFFFFFFF).astype(_U32))


# -- SIMD video lanes (decision SV-1) ---------------------------------------------------------
# lane width and signedness of each SIMD format (VIADD's .16x2 wraps, so its sign is moot)
LANE_FORMATS = {"16x2": (16, False), "U16x2": (16, False), "S16x2": (16, True), "U8x4": (8, False)}


def _lane_split(v: np.ndarray, width: int, signed: bool) -> list[np.ndarray]:
    """The 32 // width lanes of lane-shaped uint32 *v*, lowest first, as int64."""
    return [_elem(v, shift, width, signed) for shift in range(0, 32, width)]


def _lane_join(parts: list[np.ndarray], width: int) -> np.ndarray:
    """Lanes (any ints, wrapped to *width* bits) back into one uint32 word."""
    out = np.zeros(np.shape(parts[0]), _I64)
    for i, p in enumerate(parts):
        out |= (p & ((1 << width) - 1)) << (width * i)
    return out.astype(_U32)


def viadd_lanes(x: Exec) -> None:
    """VIADD.16x2 / VIADD.U8x4: each lane modulo 2^width; ``-`` negates each lane."""
    width, _ = LANE_FORMATS[x.mod("fmt") or ""]
    a, b = ("ra", _b(x))
    la, lb = _lane_split(_raw(x, a), width, False), _lane_split(_raw(x, b), width, False)
    sa, sb = (-1 if x.flag(a + ".neg") else 1), (-1 if x.flag(b + ".neg") else 1)
    x.write("rd", _lane_join([sa * u + sb * v for u, v in zip(la, lb)], width))


def vimnmx_lanes(x: Exec) -> None:
    """VIMNMX.U16x2 / .S16x2 / .U8x4: the minimum (Pp) or maximum of each lane; with 16-bit lanes
    Pu / Pv receive whether the low / high half of Ra was chosen (a tie chooses Ra; D10-N-2)."""
    width, signed = LANE_FORMATS[x.mod("fmt") or ""]
    a = _lane_split(_raw(x, "ra"), width, signed)
    b = _lane_split(_raw(x, _b(x)), width, signed)
    pick_min = mask2array(x.pred("pp"))
    lanes = [np.where(pick_min, np.minimum(u, v), np.maximum(u, v)) for u, v in zip(a, b)]
    if x.mod("relu") == "RELU":      # .S16x2 only (the description's exception)
        lanes = [np.maximum(v, 0) for v in lanes]
    x.write("rd", _lane_join(lanes, width))
    if width == 16:                  # the 32-bit and .U8x4 forms take PT only (the database refuses others)
        for name, (u, v) in zip(("pu", "pv"), zip(a, b)):
            x.write(name, array2mask(np.where(pick_min, u <= v, u >= v)))


@semantics("VABSDIFF4")
def VABSDIFF4(x: Exec) -> None:
    """VABSDIFF4: pseudo code in the database (``__Semantics``, simd.isa; appended here by the registry).
    Without ``.ACC`` Rc is not read (PTX ``vabsdiff4`` under its full byte mask; decision SV-1)."""
    d = [np.abs(u - v) for u, v in zip(_lane_split(_raw(x, "ra"), 8, False),
                                       _lane_split(_raw(x, _b(x)), 8, False))]
    if x.mod("acc") == "ACC":
        total = d[0] + d[1] + d[2] + d[3] + _raw(x, "rc").astype(_I64)
        x.write("rd", (total & 0xFFFFFFFF).astype(_U32))
    else:
        x.write("rd", _lane_join(d, 8))


@semantics("VIMNMX3")
def VIMNMX3(x: Exec) -> None:
    """VIMNMX3: pseudo code in the database (``__Semantics``, simd.isa; appended here by the registry)."""
    fmt = x.mod("fmt")
    relu = x.mod("relu") == "RELU"
    if fmt in ("S16x2", "U16x2"):       # two 16-bit lanes (D6-cub-5)
        a, b, c = (_lane_split(_raw(x, n), 16, fmt == "S16x2") for n in ("ra", _b(x), "rc"))
        pick_min = mask2array(x.pred("pp"))
        lanes = [np.where(pick_min, np.minimum(np.minimum(u, v), w), np.maximum(np.maximum(u, v), w))
                 for u, v, w in zip(a, b, c)]
        if relu:        # signed halves only (the database refuses .U16x2.RELU; D8-3)
            lanes = [np.maximum(v, 0) for v in lanes]
        x.write("rd", _lane_join(lanes, 16))
        return
    unsigned = fmt == "U32"
    vals = []
    for name in ("ra", _b(x), "rc"):
        v = np.broadcast_to(np.asarray(x.src(name, raw=True), dtype=np.int64) & 0xFFFFFFFF, x.lane_shape())
        vals.append(v if unsigned else np.where(v >= 1 << 31, v - (1 << 32), v))
    mn = np.minimum(np.minimum(vals[0], vals[1]), vals[2])
    mx = np.maximum(np.maximum(vals[0], vals[1]), vals[2])
    r = np.where(mask2array(x.pred("pp")), mn, mx)
    x.write("rd", np.maximum(r, 0) if relu else r)      # .RELU: signed only (D8-3)


@semantics("SGXT")
def SGXT(x: Exec) -> None:
    """SGXT: pseudo code in the database (``__Semantics``, simd.isa; appended here by the registry)."""
    a = np.broadcast_to(np.asarray(x.src("ra", raw=True), dtype=np.int64) & 0xFFFFFFFF, x.lane_shape())
    n = np.broadcast_to(np.asarray(x.src(_b(x), raw=True), dtype=np.int64) & 0xFFFFFFFF, x.lane_shape())
    x.write("rd", extend_low(a, n, x.mod("w") == "W", x.mod("fmt") != "U32"))


def extend_low(a: np.ndarray, n: np.ndarray, wrap: bool, signed: bool) -> np.ndarray:
    """SGXT's (and USGXT's) low *n* bits of *a* (int64 arrays; n clamped to 32, or modulo 32 with
    *wrap*) extended with their sign or zeros."""
    n = n % 32 if wrap else np.minimum(n, 32)
    keep = (np.int64(1) << n) - 1
    v = a & keep
    if signed:
        neg = (n > 0) & (((v >> np.maximum(n - 1, 0)) & 1) == 1)
        v = np.where(neg, v | (~keep & 0xFFFFFFFF), v)
    return v


@semantics("BMSK")
def BMSK(x: Exec) -> None:
    """BMSK: pseudo code in the database (``__Semantics``, simd.isa; appended here by the registry)."""
    pos = np.broadcast_to(np.asarray(x.src("ra", raw=True), dtype=np.int64) & 0xFFFFFFFF, x.lane_shape())
    ln = np.broadcast_to(np.asarray(x.src(_b(x), raw=True), dtype=np.int64) & 0xFFFFFFFF, x.lane_shape())
    x.write("rd", bit_mask(pos, ln, x.mod("w") == "W"))


def bit_mask(pos: np.ndarray, ln: np.ndarray, wrap: bool) -> np.ndarray:
    """BMSK's (and UBMSK's) mask of *ln* ones from bit *pos* (int64 arrays): with *wrap* both
    modulo 32, else 0 from position 32 on and at most 32 ones."""
    if wrap:
        pos, ln = pos % 32, ln % 32
    else:
        ln = np.minimum(ln, 32)
    m = (((np.int64(1) << ln) - 1) << np.minimum(pos, 32)) & 0xFFFFFFFF
    return np.where(pos >= 32, 0, m)


# I2I's destination types: (width, signed) (decision D10-N-3)
_I2I_DST = {"S8": (8, True), "U8": (8, False), "S16": (16, True), "U16": (16, False)}


@semantics("I2I")
def I2I(x: Exec) -> None:
    """I2I: pseudo code in the database (``__Semantics``, simd.isa; appended here by the registry)."""
    v = _raw(x, _b(x)).astype(_I64)
    if x.mod("stype_") != "U32":
        v = (v ^ 0x80000000) - 0x80000000
    width, signed = _I2I_DST[x.mod("dtype") or ""]
    if x.mod("sat") == "SAT":
        lo, hi = (-(1 << (width - 1)), (1 << (width - 1)) - 1) if signed else (0, (1 << width) - 1)
        v = np.clip(v, lo, hi)
    else:
        v = _elem(v, 0, width, signed)
    x.write("rd", (v & 0xFFFFFFFF).astype(_U32))


_F2IP_ROUND = {"RN": np.rint, "FLOOR": np.floor, "CEIL": np.ceil, "TRUNC": np.trunc}
# I2IP's / F2IP's packed types: (width, signed) (decisions D10-N-4, D10-N-5)
_PACK_DST = {"U8": (8, False), "S8": (8, True), "U16": (16, False), "S16": (16, True),
             "U4": (4, False), "S4": (4, True), "U2": (2, False), "S2": (2, True)}


def _pack_reg(x: Exec, name: str) -> np.ndarray:
    """A packing instruction's upper-bits operand: a GPR, an immediate, or `R6.24` / `R6.28`
    (PackReg24 / PackReg28, read as GPRs), lane-shaped int64."""
    return np.broadcast_to(_raw(x, name), x.lane_shape()).astype(_I64)


def pack_values(a: np.ndarray, b: np.ndarray, c: np.ndarray, dtype: str, sat: bool) -> np.ndarray:
    """I2IP's (F2IP's, UI2IP's) (c << 2n | a[n-1:0] << n | b[n-1:0])[31:0], a and b (int64) saturated
    to the packed type with *sat*, as int64."""
    n, signed = _PACK_DST[dtype]
    if sat:
        lo, hi = (-(1 << (n - 1)), (1 << (n - 1)) - 1) if signed else (0, (1 << n) - 1)
        a, b = np.clip(a, lo, hi), np.clip(b, lo, hi)
    m = (1 << n) - 1
    return ((c << (2 * n)) | ((a & m) << n) | (b & m)) & 0xFFFFFFFF


def _pack(x: Exec, a: np.ndarray, b: np.ndarray, c: np.ndarray, dtype: str, sat: bool) -> None:
    x.write("rd", pack_values(a, b, c, dtype, sat).astype(_U32))


@semantics("F2IP")
def F2IP(x: Exec) -> None:
    """F2IP: pseudo code in the database (``__Semantics``, simd.isa; appended here by the registry)."""
    rnd = _F2IP_ROUND[x.mod("rnd") or "RN"]
    vals = []
    for name in ("ra", _b(x)):
        f = np.broadcast_to(_raw(x, name), x.lane_shape()).view(np.float32).astype(np.float64)
        with np.errstate(all="ignore"):
            v = rnd(f)
            vals.append(np.where(np.isnan(v), 0.0, np.clip(v, -256.0, 256.0)).astype(_I64))   # NaN -> 0
    _pack(x, vals[0], vals[1], _pack_reg(x, _c(x)), x.mod("dtype") or "", True)


@semantics("I2IP")
def I2IP(x: Exec) -> None:
    """I2IP: pseudo code in the database (``__Semantics``, simd.isa; appended here by the registry)."""
    a, b = (np.broadcast_to(_raw(x, n), x.lane_shape()).astype(_I64) for n in ("ra", _b(x)))
    a, b = (a ^ 0x80000000) - 0x80000000, (b ^ 0x80000000) - 0x80000000     # .S32 sources
    _pack(x, a, b, _pack_reg(x, "rc"), x.mod("dtype") or "", x.mod("sat") == "SAT")
