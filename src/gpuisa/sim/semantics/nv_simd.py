"""Integer dot products nvcc emits (simd.isa): IDP.4A / IDP.2A (``__dp4a``, ``__dp2a_lo/hi``).
Written once for both engines (lane-shaped arrays; ``SEMANTICS_CONTRACT.md``)."""
from __future__ import annotations

import numpy as np

from ..context import Exec
from ..registry import semantics
from ..state import mask2array
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
    x.write("rd", (r & 0xFFFFFFFF).astype(_U32))


@semantics("VABSDIFF")
def VABSDIFF(x: Exec) -> None:
    """VABSDIFF: pseudo code in the database (``__Semantics``, simd.isa; appended here by the registry)."""
    a, b = _raw(x, "ra").astype(np.int64), _raw(x, _b(x)).astype(np.int64)
    if x.mod("fmt") != "U32":
        a, b = (a ^ 0x80000000) - 0x80000000, (b ^ 0x80000000) - 0x80000000
    c = _raw(x, _c(x)).astype(np.int64)
    x.write("rd", ((np.abs(a - b) + c) & 0xFFFFFFFF).astype(_U32))
