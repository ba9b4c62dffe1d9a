"""Operand helpers shared by the general-purpose semantics modules (``gp``, ``nv_int``,
``nv_float``, ``nv_mem``): sources found by role, raw 32-bit lanes, float32 result bits.
Its own module so that the semantics modules import it, never each other in a circle."""
from __future__ import annotations

import numpy as np

from ..state import MASK32, RZ, URZ, WARP_SIZE

CANONICAL_NAN = 0x7FFFFFFF
SIGN = 0x80000000
_U32 = np.uint32
_U64 = np.uint64


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


def _lanes(x, v) -> np.ndarray:
    """A lane-shaped ((32,) or (n, 32)) uint32 array of a per-lane array or a
    uniform value (a Python int, or an (n, 1) array in a batch)."""
    if isinstance(v, np.ndarray):
        if v.shape[-1] != WARP_SIZE:
            return np.broadcast_to(v.astype(_U32), x.lane_shape())
        return v if v.dtype == _U32 else v.astype(_U32)
    return np.full(x.lane_shape(), int(v) & MASK32, _U32)


def _raw(x, name: str) -> np.ndarray:
    """32-bit bits of a source, prefixes NOT applied, lane-shaped uint32 (read only)."""
    return _lanes(x, x.src(name, raw=True))   # immediates sign-extended, masked by _lanes


# bits 10..8 of a SelReg source (simd.isa): the selector's right shift (none, .H1, .B1, .B2, .B3)
_SEL_SHIFT = (0, 16, 8, 16, 24)


def split_selected(raw: int, uniform: bool = False) -> tuple[int, int]:
    """``(register, selector)`` of a register operand whose type numbers the register and a selector
    together (SelReg ``R2.H1``, HReg ``R6.H0_H0``, F2Reg ``R4.F32x2.LO_HI``, F2UReg ``UR6.F32``): the
    register in the low bits, as wide as its register file (R0-RZ, or UR0-URZ when *uniform*)."""
    n = (URZ if uniform else RZ) + 1
    return raw % n, raw // n


def _sel_raw(x, name: str) -> np.ndarray:
    """A source that may be a selected register (SelReg, decision SV-2: ``R2.H1``, ``R0.B3``):
    its register's 32 bits shifted right to the part the selector names, lane-shaped uint32; any
    other source as :func:`_raw` reads it (the caller truncates to the part's width)."""
    if x.kind(name) != "E":
        return _raw(x, name)
    reg, sel = split_selected(x.reg_index(name))
    return np.broadcast_to(np.asarray(x.reg(reg), dtype=_U32), x.lane_shape()) >> _U32(_SEL_SHIFT[sel])


def _raw_int(x, name: str):
    """A uniform source (uniform register, immediate, constant) as 32 bits: a Python
    int (one warp) or an (n, 1) int64 array (a batch)."""
    v = x.src(name, raw=True)
    if isinstance(v, np.ndarray):
        return v.astype(np.int64) & MASK32
    return v & MASK32


def _out_bits(f: np.ndarray) -> np.ndarray:
    """float32 results as bits, NaNs canonicalised."""
    bits = np.ascontiguousarray(f, dtype=np.float32).view(_U32).copy()
    bits[np.isnan(f)] = CANONICAL_NAN
    return bits
