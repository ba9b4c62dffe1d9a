"""The tensor-core unit (mma.isa): HMMA, IMMA, BMMA, QMMA, DMMA, LDSM, STSM (issue 11, decisions D10-M-*).

Every instruction is warp-wide: it gathers the matrices from the fragments that the 32 lanes'
registers hold (the PTX ISA's fragment layouts, tabulated at the top of mma.isa), computes, and
scatters the result back.  Written once for both engines: a register is ``(32,)`` for one warp and
``(n, 32)`` for a batch, lanes last, so a fragment gathered from ``R`` registers is ``(..., R, 32)``
and a matrix ``(..., rows, cols)``.
"""
from __future__ import annotations

import functools

import numpy as np

from ..context import Exec
from ..registry import semantics
from ..state import FULL, WARP_SIZE
from .gp import _U32, _U64, _shared_addrs
from .nv_f64 import fma_rn_exact
from .nv_half import _FP8_TO_F16

_LANE = np.arange(WARP_SIZE)
_G, _T = _LANE // 4, _LANE % 4          # PTX's groupID and threadID_in_group
_NAN32 = _U32(0x7FFFFFFF)
_NAN16 = np.uint16(0x7FFF)
_NAN64 = _U64(0x7FFFFFFFFFFFFFFF)


# -- fragment layouts ---------------------------------------------------------------------------
def _int_a(g, t, i: int, per: int):
    """Element i of an integer A fragment with *per* elements a register."""
    return g + 8 * ((i // per) % 2), per * t + i % per + 4 * per * (i // (2 * per))


def _int_b(g, t, i: int, per: int):
    return per * t + i % per + 4 * per * (i // per), g


# (row, column) of element i of lane 4g + t's fragment (g, t: lane-shaped; i: an int), by kind
_LAYOUTS = {
    "A16": lambda g, t, i: (g + 8 * ((i // 2) % 2), 2 * t + i % 2 + 8 * (i // 4)),
    "B16": lambda g, t, i: (2 * t + i % 2 + 8 * (i // 2), g),
    "C16": lambda g, t, i: (g + 8 * (i // 2), 2 * t + i % 2),
    "Atf32": lambda g, t, i: (g + 8 * (i % 2), t + 4 * (i // 2)),
    "Btf32": lambda g, t, i: (t + 4 * i, g),
    # integer (and 8-bit float) fragments with 4 (8-bit), 8 (4-bit) or 32 (1-bit) elements a register
    "A8": lambda g, t, i: _int_a(g, t, i, 4), "B8": lambda g, t, i: _int_b(g, t, i, 4),
    "A4": lambda g, t, i: _int_a(g, t, i, 8), "B4": lambda g, t, i: _int_b(g, t, i, 8),
    "A1": lambda g, t, i: _int_a(g, t, i, 32), "B1": lambda g, t, i: _int_b(g, t, i, 32),
    "C8": lambda g, t, i: (g, 2 * t + i),
    "Af64": lambda g, t, i: (g, t),
    "Bf64": lambda g, t, i: (t, g),
}


@functools.lru_cache(maxsize=None)
def _layout(kind: str, rows: int, cols: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """(row_of, col_of): ``(32, E)`` arrays, the matrix position of each lane's element; and
    (lane_of, elem_of): ``(rows, cols)`` arrays, the lane and element holding each position."""
    n = rows * cols // WARP_SIZE
    row_of = np.empty((WARP_SIZE, n), np.intp)
    col_of = np.empty((WARP_SIZE, n), np.intp)
    for i in range(n):
        row_of[:, i], col_of[:, i] = _LAYOUTS[kind](_G, _T, i)
    lane_of = np.full((rows, cols), -1, np.intp)
    elem_of = np.full((rows, cols), -1, np.intp)
    lane_of[row_of, col_of] = _LANE[:, None]
    elem_of[row_of, col_of] = np.arange(n)[None, :]
    assert (lane_of >= 0).all(), (kind, rows, cols)     # a bijection: every position held once
    return row_of, col_of, lane_of, elem_of


def _regs(x: Exec, base: int, count: int) -> np.ndarray:
    """Registers base .. base + count - 1 stacked: ``(..., count, 32)`` uint32 (RZ and beyond read 0)."""
    return np.stack([np.asarray(x.reg(base + j)) for j in range(count)], axis=-2)


def _elements(regs: np.ndarray, bits: int) -> np.ndarray:
    """``(..., R, 32)`` registers -> ``(..., 32, E)`` elements of *bits* bits, each register's from
    its low bits up (64-bit elements take a register pair, low word first)."""
    lanes_last = np.swapaxes(regs, -1, -2)                    # (..., 32, R)
    if bits == 32:
        return lanes_last
    if bits == 64:
        lo = lanes_last[..., 0::2].astype(_U64)
        hi = lanes_last[..., 1::2].astype(_U64)
        return lo | (hi << _U64(32))
    per = 32 // bits
    shifts = (np.arange(per, dtype=_U32) * _U32(bits))
    parts = (lanes_last[..., :, None] >> shifts) & _U32((1 << bits) - 1)   # (..., 32, R, per)
    return parts.reshape(lanes_last.shape[:-1] + (-1,))


def _pack(elems: np.ndarray, bits: int) -> np.ndarray:
    """The inverse of :func:`_elements`: ``(..., 32, E)`` -> ``(..., R, 32)`` uint32 registers."""
    words: np.ndarray
    if bits == 64:
        e64 = elems.astype(_U64)
        words = np.stack([(e64 & _U64(0xFFFFFFFF)).astype(_U32), (e64 >> _U64(32)).astype(_U32)], axis=-1)
        words = words.reshape(e64.shape[:-1] + (-1,))
    elif bits == 32:
        words = elems.astype(_U32)
    else:
        per = 32 // bits
        e = elems.astype(_U32).reshape(elems.shape[:-1] + (-1, per))
        shifts = np.arange(per, dtype=_U32) * _U32(bits)
        words = np.bitwise_or.reduce(e << shifts, axis=-1)
    return np.swapaxes(words, -1, -2)


def gather(x: Exec, base: int, kind: str, rows: int, cols: int, bits: int) -> np.ndarray:
    """The ``(..., rows, cols)`` matrix (raw *bits*-bit elements) whose fragments lanes hold in
    the registers from *base* on (layout *kind*)."""
    n = rows * cols // WARP_SIZE
    e = _elements(_regs(x, base, n * bits // 32), bits)
    _, _, lane_of, elem_of = _layout(kind, rows, cols)
    return e[..., lane_of, elem_of]


def scatter(x: Exec, base: int, mat: np.ndarray, kind: str, bits: int) -> None:
    """Write the matrix *mat* ``(..., rows, cols)`` of raw *bits*-bit elements as the fragments
    of layout *kind* into the registers from *base* on, in the executing lanes."""
    row_of, col_of, _, _ = _layout(kind, mat.shape[-2], mat.shape[-1])
    regs = _pack(mat[..., row_of, col_of], bits)
    for j in range(regs.shape[-2]):
        x.set_reg(base + j, regs[..., j, :], x.pmask)


def _whole_warp(x: Exec) -> bool:
    """False when no lane executes; a warp in which only some lanes execute is a fault (the
    instruction is `.sync.aligned`: the whole warp or none)."""
    pm = np.asarray(x.pmask)
    if np.any((pm != 0) & (pm != FULL)):
        x.fault("invalid-operand", f"{x.name.split('_')[0]} is warp-wide: all 32 lanes of the warp must "
                "execute it (divergent, exited or missing lanes)")
    return x.any_lane()


# -- element formats ----------------------------------------------------------------------------
def _f16(bits: np.ndarray) -> np.ndarray:
    return bits.astype(np.uint16).view(np.float16).astype(np.float64)


def _bf16(bits: np.ndarray) -> np.ndarray:
    return (bits.astype(_U32) << _U32(16)).view(np.float32).astype(np.float64)


def _tf32(bits: np.ndarray) -> np.ndarray:
    """A tf32 operand: the binary32 register with its low 13 fraction bits ignored."""
    return (bits.astype(_U32) & _U32(0xFFFFE000)).view(np.float32).astype(np.float64)


def _f32(bits: np.ndarray) -> np.ndarray:
    return bits.astype(_U32).view(np.float32).astype(np.float64)


_HMMA_K = {"1688": 8, "16816": 16, "1684": 4}


@semantics("HMMA")
def HMMA(x: Exec) -> None:
    """HMMA: pseudo code in the database (``__Semantics``, mma.isa; appended here by the registry).
    Products exact, sums in binary64 in k order from C, one rounding (decision D10-M-2)."""
    if not _whole_warp(x):
        return
    k = _HMMA_K[x.mod("shape") or "16816"]
    at, dt = x.mod("atype") or "F16", x.mod("dtype") or "F32"
    if at == "TF32":
        a = _tf32(gather(x, x.field("ra"), "Atf32", 16, k, 32))
        b = _tf32(gather(x, x.field("rb"), "Btf32", k, 8, 32))
    else:
        conv = _bf16 if at == "BF16" else _f16
        a = conv(gather(x, x.field("ra"), "A16", 16, k, 16))
        b = conv(gather(x, x.field("rb"), "B16", k, 8, 16))
    _accumulate(x, a, b, dt)


def _accumulate(x: Exec, a: np.ndarray, b: np.ndarray, dt: str) -> None:
    """D = A * B + C for float inputs *a* ``(..., 16, K)``, *b* ``(..., K, 8)`` (float64, exact
    values): the products added to C in binary64 in k order, rounded once to *dt* (F32, F16)."""
    if dt == "F16":
        acc = _f16(gather(x, x.field("rc"), "C16", 16, 8, 16))
    else:
        acc = _f32(gather(x, x.field("rc"), "C16", 16, 8, 32))
    for i in range(a.shape[-1]):             # k order, binary64 (the products are exact)
        acc = acc + a[..., :, i, None] * b[..., None, i, :]
    if dt == "F16":
        h = acc.astype(np.float16).view(np.uint16)
        scatter(x, x.field("rd"), np.where(np.isnan(acc), _NAN16, h), "C16", 16)
    else:
        f = acc.astype(np.float32).view(_U32)
        scatter(x, x.field("rd"), np.where(np.isnan(acc), _NAN32, f), "C16", 32)


_IMMA_MK = {"8816": (8, 16), "16816": (16, 16), "16832": (16, 32), "8832": (8, 32), "16864": (16, 64)}


def _int(bits: np.ndarray, t: str) -> np.ndarray:
    """8- or 4-bit elements of type *t* (S8, U8, S4, U4) as int64."""
    v = bits.astype(np.int64)
    w = 4 if t in ("S4", "U4") else 8
    return v - ((v >> (w - 1)) << w) if t[0] == "S" else v


@semantics("IMMA")
def IMMA(x: Exec) -> None:
    """IMMA: pseudo code in the database (``__Semantics``, mma.isa; appended here by the registry).
    Exact; wrapped to 32 bits, or clamped with ``.SAT`` (decision D10-M-4)."""
    if not _whole_warp(x):
        return
    m, k = _IMMA_MK[x.mod("shape") or "8816"]
    ck = "C8" if m == 8 else "C16"
    at, bt = x.mod("atype") or "S8", x.mod("btype") or "S8"
    w = 4 if at in ("S4", "U4") else 8
    a = _int(gather(x, x.field("ra"), f"A{w}", m, k, w), at)
    b = _int(gather(x, x.field("rb"), f"B{w}", k, 8, w), bt)
    acc = gather(x, x.field("rc"), ck, m, 8, 32).astype(_U32).view(np.int32).astype(np.int64)
    acc = acc + np.matmul(a, b)              # exact in int64: |sum| < 2^31 + 64 * 2^16
    if x.mod("sat") == "SAT":
        acc = np.clip(acc, -(1 << 31), (1 << 31) - 1)
    scatter(x, x.field("rd"), (acc & 0xFFFFFFFF).astype(_U32), ck, 32)


_BMMA_MK = {"88128": (8, 128), "168128": (16, 128), "168256": (16, 256)}


@semantics("BMMA")
def BMMA(x: Exec) -> None:
    """BMMA: pseudo code in the database (``__Semantics``, mma.isa; appended here by the registry)."""
    if not _whole_warp(x):
        return
    m, k = _BMMA_MK[x.mod("shape") or "88128"]
    ck = "C8" if m == 8 else "C16"
    a = gather(x, x.field("ra"), "A1", m, k, 1).astype(np.int64)
    b = gather(x, x.field("rb"), "B1", k, 8, 1).astype(np.int64)
    if x.mod("op") == "AND":
        pop = np.matmul(a, b)                                  # popc of AND: the 1 bits in common
    else:                                                      # popc of XOR: the bits that differ
        pop = a.sum(-1)[..., :, None] + b.sum(-2)[..., None, :] - 2 * np.matmul(a, b)
    acc = gather(x, x.field("rc"), ck, m, 8, 32).astype(np.int64) + pop
    scatter(x, x.field("rd"), (acc & 0xFFFFFFFF).astype(_U32), ck, 32)


def _fp8(bits: np.ndarray, fmt: str) -> np.ndarray:
    """8-bit float codes of *fmt* (E4M3, E5M2) as float64 (exact)."""
    return _FP8_TO_F16[fmt][bits.astype(np.intp)].astype(np.uint16).view(np.float16).astype(np.float64)


@semantics("QMMA")
def QMMA(x: Exec) -> None:
    """QMMA: pseudo code in the database (``__Semantics``, mma.isa; appended here by the registry).
    As HMMA: exact products, binary64 sums in k order from C, one rounding (decision D10-M-2)."""
    if not _whole_warp(x):
        return
    a = _fp8(gather(x, x.field("ra"), "A8", 16, 32, 8), x.mod("atype") or "E4M3")
    b = _fp8(gather(x, x.field("rb"), "B8", 32, 8, 8), x.mod("btype") or "E4M3")
    _accumulate(x, a, b, x.mod("dtype") or "F32")


@semantics("DMMA")
def DMMA(x: Exec) -> None:
    """DMMA: pseudo code in the database (``__Semantics``, mma.isa; appended here by the registry).
    One fused multiply-add per k, in k order, each rounded to nearest even (decision D10-M-3)."""
    if not _whole_warp(x):
        return
    a = gather(x, x.field("ra"), "Af64", 8, 4, 64).view(np.float64)
    b = gather(x, x.field("rb"), "Bf64", 4, 8, 64).view(np.float64)
    d = gather(x, x.field("rc"), "C8", 8, 8, 64).view(np.float64)
    for i in range(4):
        pa, pb, d = np.broadcast_arrays(a[..., :, i, None], b[..., None, i, :], d)
        d = fma_rn_exact(np.ascontiguousarray(pa), np.ascontiguousarray(pb), np.array(d))
    scatter(x, x.field("rd"), np.where(np.isnan(d), _NAN64, d.view(_U64)), "C8", 64)


# -- ldmatrix / stmatrix -----------------------------------------------------------------------
def _row_addresses(x: Exec, num: int) -> np.ndarray:
    """The shared addresses of the 8 * num matrix rows (lane 8j + r: row r of matrix j), checked
    16-byte aligned in the executing warps: ``(..., 32)`` uint64."""
    addr = _shared_addrs(x)
    used = np.broadcast_to(np.asarray(x.lanes()), np.shape(addr)) & (_LANE < 8 * num)
    if np.any(used & (addr % _U64(16) != 0)):
        bad = int(np.asarray(addr)[used & (addr % _U64(16) != 0)].reshape(-1)[0])
        x.fault("misaligned", f"{x.name.split('_')[0]}: a matrix row address must be 16-byte aligned (0x{bad:x})")
    return addr


@semantics("LDSM")
def LDSM(x: Exec) -> None:
    """LDSM: pseudo code in the database (``__Semantics``, mma.isa; appended here by the registry)."""
    if not _whole_warp(x):
        return
    num = int(x.mod("num") or "1")
    addr = _row_addresses(x, num)
    out = []
    for j in range(num):
        if x.mod("layout") == "MT88":         # column g of matrix j: rows 2t and 2t + 1
            lo = x.smem.load(addr[..., 8 * j + 2 * _T] + _U64(2) * _G.astype(_U64), x.pmask, 2)
            hi = x.smem.load(addr[..., 8 * j + 2 * _T + 1] + _U64(2) * _G.astype(_U64), x.pmask, 2)
            out.append(lo.astype(_U32) | (hi.astype(_U32) << _U32(16)))
        else:                                 # row g of matrix j: columns 2t and 2t + 1
            out.append(x.smem.load(addr[..., 8 * j + _G] + _U64(4) * _T.astype(_U64), x.pmask, 4).astype(_U32))
    for j, v in enumerate(out):               # every load first: a fault writes nothing
        x.set_reg(x.field("rd") + j, v, x.pmask)


@semantics("STSM")
def STSM(x: Exec) -> None:
    """STSM: pseudo code in the database (``__Semantics``, mma.isa; appended here by the registry)."""
    if not _whole_warp(x):
        return
    num = int(x.mod("num") or "1")
    addr = _row_addresses(x, num)
    regs = _regs(x, x.field("rb"), num)       # (..., num, 32)
    rows = _LANE % 8                           # lane 8j + r stores row r of matrix j
    mats = np.minimum(_LANE // 8, num - 1)
    lanes = _U32((1 << (8 * num)) - 1 if num < 4 else FULL)
    mask = np.asarray(x.pmask) & lanes if isinstance(x.pmask, np.ndarray) else int(x.pmask) & int(lanes)
    x.smem.load(addr, mask, 4)                 # every row inside shared memory: checked before a store
    x.smem.load(addr + _U64(12), mask, 4)
    if x.mod("layout") == "MT88":             # row r of the stored matrix = column r of the fragment's
        for c in range(8):
            w = regs[..., mats, 4 * c + rows // 2]
            v = (w >> (_U32(16) * (rows % 2).astype(_U32))) & _U32(0xFFFF)
            x.smem.store(addr + _U64(2 * c), v, mask, 2)
    else:
        for k in range(4):
            x.smem.store(addr + _U64(4 * k), regs[..., mats, 4 * rows + k], mask, 4)
