"""Kernel arguments: typed parameters in constant bank 0, global buffers and
buffer dumps, for ``gpuisa run --param/--buffer/--dump-buffer`` and for
Python callers (:func:`launch_kernel`).

Textual forms (also in ``docs/simulator-run.md`` and ``gpuisa run --help``)::

    --param TYPE:VALUE          TYPE: u8 s8 u16 s16 u32 s32 u64 s64 f16 bf16 f32 f64 ptr
                                ptr:NAME[+OFFSET]  the 64-bit address of buffer NAME
    --param struct:F,F,...      a struct passed by value: fields F = TYPE:VALUE laid out
                                as C does (each at a multiple of its size; the struct
                                aligned to and padded to a multiple of its largest field)
    --param struct@N:F,F,...    the same, aligned to (at least) N bytes: a float2 (8), a
                                float4/int4/double2 (16), an alignas(N) struct
    --buffer NAME=SIZE[:INIT]   SIZE in bytes; INIT: zeros | iota[:DTYPE] |
                                fill:VALUE[:DTYPE] | random:SEED[:DTYPE] | file:PATH
    --buffer NAME=file:PATH     the bytes of PATH, SIZE = the file's size
    --dump-buffer NAME[:DTYPE[:COUNT]]
    --dump-buffer NAME[:DTYPE[:COUNT]]=PATH   the elements' bytes written to the file PATH

Parameters are laid out in order from ``c[0x0][0x0]``, each at the next offset
that is a multiple of its size (natural alignment; ``ptr`` is 8 bytes; a ``struct``
at a multiple of its largest field).
Buffers are placed in global memory in order by the simulator (256-byte
aligned from 0x10000000, see :class:`gpuisa.sim.Simulator`).
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass, replace
from fractions import Fraction
from pathlib import Path
from typing import Any, Mapping, Sequence

import numpy as np

from ..asm.floats import round_to_binary
from ..errors import UsageError
from ..exprlang import HEX, SIGNED_NUMBER
from ..numtext import MAX_DIGITS, NumberTooLong, parse_decimal, parse_int

#: element types of parameters, buffer initialisers and dumps
DTYPES: dict[str, np.dtype] = {n: np.dtype(t) for n, t in (
    ("u8", "<u1"), ("s8", "<i1"), ("u16", "<u2"), ("s16", "<i2"), ("u32", "<u4"), ("s32", "<i4"),
    ("u64", "<u8"), ("s64", "<i8"), ("f16", "<f2"), ("f32", "<f4"), ("f64", "<f8"))}
PARAM_TYPES = tuple(DTYPES) + ("bf16", "ptr", "struct")     # bf16: a __nv_bfloat16 parameter (D12-C-8)
#: element types of buffer initialisers and dumps: DTYPES and bf16, a ``__nv_bfloat16`` stored as
#: its 16 bits, printed as its value (decision D26-3)
ELEMENTS = tuple(DTYPES) + ("bf16",)
_BF16_STORE = np.dtype("<u2")


def _storage(dtype: str) -> np.dtype:
    """How an element of *dtype* (one of ELEMENTS) is stored: its numpy type; bf16 as its bits."""
    return _BF16_STORE if dtype == "bf16" else DTYPES[dtype]


def element_size(dtype: str) -> int:
    """The bytes of one element of *dtype* (one of ELEMENTS)."""
    return _storage(dtype).itemsize


def bf16_round(values: np.ndarray) -> np.ndarray:
    """The bfloat16 bits (uint16) of float64 *values*, rounded once, to nearest even: the
    simulator's own rounding of a binary64 value to bfloat16 (``nv_float._rnbf16``, the exact
    sum ``s + 0``), which F2FP and the bf16 MUFU forms use."""
    from .semantics.nv_float import _rnbf16
    v = np.ascontiguousarray(values, np.float64)
    return _rnbf16(v, np.zeros_like(v)).astype(np.uint16)


def bf16_values(raw: np.ndarray) -> np.ndarray:
    """bfloat16 bits (uint16) as the float32 values they are (exact: a bfloat16 is a float32's top half)."""
    return (np.asarray(raw, np.uint16).astype(np.uint32) << np.uint32(16)).view(np.float32)


INITS = ("zeros", "iota", "fill", "random", "file")
#: a buffer name: an identifier, or a C++ qualified one (`stats::total`, a device global; D8-6)
#: ... whose parts may have template arguments (`stats::total<int>`, a variable template; D12-C-6)
_TARGS = r"(?:<[^<>]*(?:<[^<>]*>[^<>]*)*>)?"
_IDENT = rf"[A-Za-z_][A-Za-z0-9_]*{_TARGS}(?:::[A-Za-z_][A-Za-z0-9_]*{_TARGS})*"
_NAME = re.compile(_IDENT + r"\Z")
_INT = re.compile(rf"{SIGNED_NUMBER}\Z")     # gpuisa.exprlang's number syntax
MAX_BUFFER = 1 << 30
#: ``gpuisa run --buffer NAME=SIZE`` allocates SIZE rounded up to a multiple of this many bytes
#: (decision D7-4): CUDA's own code reads and CASes the aligned 32-bit word that holds a 16- or
#: 8-bit element (``atomicAdd(__half *)``), which cudaMalloc's granularity makes legal at the end
#: of a buffer; the bytes beyond SIZE start as zeros and are not dumped.
ALLOC_GRANULE = 4


# -- numbers --------------------------------------------------------------------------------
def _int(text: str, what: str) -> int:
    t = text.strip().replace("_", "")
    if not _INT.match(t):
        raise UsageError(f"{_short(what, 60)}: {_short(text)!r} is not an integer (decimal, 0x hex or 0b binary)")
    try:
        return parse_int(t, 0)
    except NumberTooLong as e:
        raise UsageError(f"{_short(what, 60)}: {e}") from None


def _short(text: str, n: int = 40) -> str:
    """*text*, cut to *n* characters for a message."""
    return text if len(text) <= n else text[:n - 3] + "..."


# (fraction bits, largest exponent) of the binary formats below binary64
_BINARY = {16: (10, 15), 32: (23, 127)}


def _round_binary(q: Fraction, bits: int) -> float | None:
    """*q* rounded once, to nearest even, to binary16 or binary32 (``bits`` 16, 32; the
    assembler's :func:`~gpuisa.asm.floats.round_to_binary`) or binary64 (64; CPython's int/int
    true division is correctly rounded); None when it overflows."""
    if q == 0:
        return 0.0
    neg, q = q < 0, abs(q)
    if bits in _BINARY:
        man, emax = _BINARY[bits]
        b = round_to_binary(q.numerator, q.denominator, man, emax)
        if b >> man == 2 * emax + 1:          # the infinity
            return None
        v = float(np.array([b], f"<u{bits // 8}").view(f"<f{bits // 8}")[0])
    else:
        try:
            v = q.numerator / q.denominator
        except OverflowError:
            return None
        if v == math.inf:
            return None
    return -v if neg else v


def _fraction(t: str, text: str, what: str) -> Fraction | None:
    """The exact value of the decimal or fraction *t* (lower case, stripped); None when it is too
    large for any float (``parse_decimal``'s overflow)."""
    try:
        # exponents are read without building 10**exp (Fraction("1e999999999") never returns)
        if "/" in t:  # a fraction n/d (Fraction's syntax)
            if len(t) > MAX_DIGITS:
                raise NumberTooLong(t)
            return Fraction(t)
        return parse_decimal(t)
    except NumberTooLong as e:
        raise UsageError(f"{_short(what, 60)}: {e}") from None
    except (ValueError, ZeroDivisionError):
        raise UsageError(f"{_short(what, 60)}: {_short(text)!r} is not a number") from None


def bf16_bits(text: str, what: str) -> int:
    """A ``__nv_bfloat16`` parameter's bits: a decimal or float literal rounded once, to nearest
    even, to bfloat16 (8-bit exponent, 7-bit fraction), ``inf``, ``nan``, or ``0x…`` raw bits
    (decision D12-C-8)."""
    t = text.strip().lower()
    if re.fullmatch(HEX, t):
        raw = int(t, 16)
        if raw >> 16:
            raise UsageError(f"{_short(what, 60)}: {_short(text)} does not fit in 16 bits")
        return raw
    sign = 0x8000 if t.startswith("-") else 0
    body = t.lstrip("+-")
    if body in ("inf", "infinity"):
        return sign | 0x7F80
    if body == "nan":
        return 0x7FC0
    q = _fraction(t, text, what)
    b = None if q is None else round_to_binary(abs(q.numerator), q.denominator, 7, 127) if q else 0
    if b is None or b >> 7 >= 0xFF:
        raise UsageError(f"{_short(what, 60)}: {_short(text.strip())} does not fit in bf16 (largest finite value "
                         f"3.3895314e38; write inf for infinity)")
    return sign | b


def float_value(text: str, dtype: str, what: str) -> float:
    """A decimal or float literal (``1.5``, ``-2e-3``, ``inf``, ``nan``) rounded
    once, to nearest even, to float16, float32 or float64; or ``0x…`` raw bits."""
    t = text.strip().lower()
    bits = {"f16": 16, "f32": 32}.get(dtype, 64)
    if re.fullmatch(HEX, t):
        raw = int(t, 16)
        if raw >> bits:
            raise UsageError(f"{_short(what, 60)}: {_short(text)} does not fit in {bits} bits")
        return float(np.array([raw], f"<u{bits // 8}").view(f"<f{bits // 8}")[0])
    sign = -1.0 if t.startswith("-") else 1.0
    body = t.lstrip("+-")
    if body in ("inf", "infinity"):
        return sign * math.inf
    if body == "nan":
        return math.nan
    q = _fraction(t, text, what)
    r = None if q is None else _round_binary(q, bits)
    if r is None:
        biggest = {16: "65504", 32: "3.4028235e38"}.get(bits, "1.7976931348623157e308")
        raise UsageError(f"{_short(what, 60)}: {_short(text.strip())} does not fit in {dtype} (largest finite value {biggest}; "
                         f"write inf for infinity)")
    return r if r != 0 or sign > 0 else -0.0


def _scalar(text: str, dtype: str, what: str):
    """*text* as a numpy scalar of *dtype* (integers must fit the type)."""
    dt = DTYPES[dtype]
    if dt.kind == "f":
        return dt.type(float_value(text, dtype, what))
    v = _int(text, what)
    info = np.iinfo(dt)
    if not info.min <= v <= info.max:
        # unsigned types also take negative values and signed ones their unsigned bit patterns
        bits = 8 * dt.itemsize
        if -(1 << (bits - 1)) <= v < (1 << bits):
            v &= (1 << bits) - 1
            if dt.kind == "i" and v >> (bits - 1):
                v -= 1 << bits
        else:
            raise UsageError(f"{_short(what, 60)}: {_short(text)} does not fit in {dtype}")
    return dt.type(v)


# -- parameters -------------------------------------------------------------------------------
@dataclass(frozen=True)
class Param:
    """One kernel parameter: *type* is a :data:`DTYPES` name, ``ptr`` or ``struct``;
    *value* a number, for ``ptr`` a buffer name (with *offset*), for ``struct`` the
    tuple of its field Params (C layout, :func:`struct_layout`)."""

    type: str
    value: Any
    offset: int = 0    # ptr: added to the buffer's address
    text: str = ""
    min_align: int = 1     # struct@N: an alignment beyond its fields' (float4, alignas(16); D12-C-1)

    @property
    def align(self) -> int:
        if self.type == "struct":
            return max([self.min_align] + [f.align for f in self.value])
        return self.size

    @property
    def size(self) -> int:
        if self.type == "struct":
            end = struct_layout(self.value)[-1] + self.value[-1].size
            return end + (-end) % self.align
        return 8 if self.type == "ptr" else 2 if self.type == "bf16" else DTYPES[self.type].itemsize


def struct_layout(fields: Sequence[Param]) -> list[int]:
    """The offset of each field of a struct: C's layout, each at the next multiple of its size."""
    offs, end = [], 0
    for f in fields:
        end += (-end) % f.align
        offs.append(end)
        end += f.size
    return offs


#: C, numpy and LLVM spellings of the element types, for "did you mean" hints (not accepted as types:
#: one spelling per type in commands, JSON and docs)
_TYPE_SPELLINGS = {
    **{f"i{n}": f"s{n}" for n in (8, 16, 32, 64)}, **{f"int{n}": f"s{n}" for n in (8, 16, 32, 64)},
    **{f"uint{n}": f"u{n}" for n in (8, 16, 32, 64)}, **{f"float{n}": f"f{n}" for n in (16, 32, 64)},
    "char": "s8", "short": "s16", "int": "s32", "long": "s64", "uchar": "u8", "ushort": "u16", "uint": "u32",
    "unsigned": "u32", "ulong": "u64", "size_t": "u64", "half": "f16", "float": "f32", "double": "f64",
    "bfloat16": "bf16", "__nv_bfloat16": "bf16", "nv_bfloat16": "bf16", "__half": "f16", "pointer": "ptr",
    "float2": "struct@8", "float4": "struct@16", "int4": "struct@16",
}


def _did_you_mean(typ: str) -> str:
    """`` (did you mean s32?)`` for a C/numpy spelling of a type (``i32``, ``int``), else ''."""
    alt = _TYPE_SPELLINGS.get(typ.strip().lower())
    return f" (did you mean {alt}?)" if alt else ""


def parse_param(text: str) -> Param:
    """``TYPE:VALUE``: ``u32:5``, ``s32:-1``, ``f32:1.5``, ``u64:0x100000000``, ``ptr:a``, ``ptr:a+0x10``;
    ``struct:s32:5,f32:1.5,ptr:a`` (a struct by value: its fields in order)."""
    typ, sep, val = text.partition(":")
    typ = typ.strip().lower()
    typ, align = _struct_align(typ, f"--param {text!r}")
    if not sep or typ not in PARAM_TYPES:
        raise UsageError(f"--param {text!r}: expected TYPE:VALUE with TYPE one of {', '.join(PARAM_TYPES)}"
                         f" (struct@N: a struct aligned to N bytes){_did_you_mean(typ) if sep else ''}")
    if typ == "struct":
        parts = [f.strip() for f in val.split(",")]
        if not val.strip() or any(not f or f.lower().startswith("struct") for f in parts):
            raise UsageError(f"--param {text!r}: expected struct:TYPE:VALUE,TYPE:VALUE,... (fields of scalar "
                             f"types or ptr; a nested struct is written as its fields)")
        return Param("struct", tuple(parse_param(f) for f in parts), 0, text, align)
    if typ == "ptr":
        m = re.fullmatch(r"\s*(" + _IDENT + r")\s*(?:([-+])\s*(\S+))?\s*", val)
        if not m:
            raise UsageError(f"--param {text!r}: expected ptr:NAME or ptr:NAME+OFFSET (NAME a --buffer)")
        off = _int(m.group(3), f"--param {text}") if m.group(3) else 0
        return Param("ptr", m.group(1), -off if m.group(2) == "-" else off, text)
    if typ == "bf16":
        return Param("bf16", bf16_bits(val, f"--param {text}"), 0, text)
    return Param(typ, _scalar(val, typ, f"--param {text}"), 0, text)


#: the largest alignment struct@N takes (CUDA's kernel parameters are at most 32,764 bytes; alignas
#: beyond a few hundred bytes is not a parameter layout anyone writes)
MAX_ALIGN = 256


def _struct_align(typ: str, what: str) -> tuple[str, int]:
    """``struct@16`` -> (``struct``, 16); any other type -> (it, 1)."""
    if not typ.startswith("struct@"):
        return typ, 1
    n = typ[len("struct@"):]
    if not n.isdigit() or int(n) & (int(n) - 1) or not 1 <= int(n) <= MAX_ALIGN:
        raise UsageError(f"{_short(what, 60)}: struct@N needs N a power of two from 1 to {MAX_ALIGN}, not {_short(n)!r}")
    return "struct", int(n)


def _typed(dtype: str, v, what: str):
    """A Python or numpy number *v* (or a text) as a numpy scalar of *dtype*,
    with the same checks as the command line: integers must fit (unsigned
    types also take negative values, signed ones their unsigned bit patterns),
    a finite number must stay finite in a float type."""
    if isinstance(v, str):
        return _scalar(v, dtype, what)
    dt = DTYPES[dtype]
    if dt.kind == "f":
        try:
            f = float(v)
        except (TypeError, ValueError, OverflowError):
            raise UsageError(f"{what}: {v!r} is not a {dtype} value") from None
        with np.errstate(over="ignore"):
            r = dt.type(f)
        if math.isfinite(f) and not np.isfinite(r):
            raise UsageError(f"{what}: {v!r} does not fit in {dtype}")
        return r
    if isinstance(v, (bool, np.bool_)) or not isinstance(v, (int, np.integer)):
        if isinstance(v, (float, np.floating)) and float(v).is_integer():
            v = int(v)
        else:
            raise UsageError(f"{what}: {v!r} is not an integer")
    return _scalar(str(int(v)), dtype, what)


def _as_param(p) -> Param:
    if isinstance(p, Param):
        return p
    if isinstance(p, str):
        return parse_param(p) if ":" in p else Param("ptr", p, 0, p)
    if isinstance(p, tuple) and len(p) == 2:
        typ, v = p
        typ, align = _struct_align(typ, f"param {p!r}") if isinstance(typ, str) else (typ, 1)
        if typ == "struct":
            if not isinstance(v, (list, tuple)) or not v:
                raise UsageError(f"param {p!r}: a struct is ('struct', [field, ...]) with fields as for params")
            fields = tuple(_as_param(f) for f in v)
            if any(f.type == "struct" for f in fields):
                raise UsageError(f"param {p!r}: a nested struct is written as its fields")
            head = "struct" if align == 1 else f"struct@{align}"
            return Param("struct", fields, 0, head + ":" + ",".join(f.text or f.type for f in fields), align)
        if typ == "ptr":
            return Param("ptr", v, 0, f"ptr:{v}")
        if typ == "bf16":
            return Param("bf16", bf16_bits(str(v), f"param {p!r}"), 0, f"bf16:{v}")
        if typ not in DTYPES:
            raise UsageError(f"param {p!r}: unknown type {typ!r} (types: {', '.join(PARAM_TYPES)})"
                             + _did_you_mean(typ))
        return Param(typ, _typed(typ, v, f"param {p!r}"), 0, f"{typ}:{v}")
    if isinstance(p, np.generic):
        for name, dt in DTYPES.items():
            if p.dtype == dt:
                return Param(name, p, 0, f"{name}:{p}")
    if isinstance(p, (bool, np.bool_)):
        return Param("u32", np.uint32(int(p)), 0, str(p))
    if isinstance(p, int):
        return Param("u32" if p >= 0 else "s32", _scalar(str(p), "u32" if p >= 0 else "s32", "param"), 0, str(p))
    if isinstance(p, float):
        return Param("f32", _typed("f32", p, f"param {p!r}"), 0, str(p))
    raise UsageError(f"param {p!r}: expected a 'TYPE:VALUE' string, a buffer name, (type, value), "
                     "an int, a float or a numpy scalar")


def _scalar_bytes(p: Param, addresses: Mapping[str, int]) -> tuple[bytes, Any]:
    """The bytes of a scalar or pointer parameter and the number stored."""
    if p.type == "ptr":
        if p.value not in addresses:
            known = ", ".join(addresses) or "none"
            raise UsageError(f"--param ptr:{p.value}: no buffer named {p.value!r} (buffers: {known})")
        v = (addresses[p.value] + p.offset) & ((1 << 64) - 1)
        return v.to_bytes(8, "little"), v
    if p.type == "bf16":
        return int(p.value).to_bytes(2, "little"), p.value
    x = DTYPES[p.type].type(p.value)
    return np.array([x], DTYPES[p.type]).tobytes(), x.item()


@dataclass(frozen=True)
class ParamSlot:
    offset: int
    param: Param
    value: int | float    # the stored number (a ptr: the address)


def pack_params(params: Sequence, addresses: Mapping[str, int]) -> tuple[bytes, list[ParamSlot]]:
    """Lay out *params* for constant bank 0: in order, each at the next multiple
    of its size.  Returns the bank's bytes and where each parameter went.

    Each item is a :class:`Param`, a ``"TYPE:VALUE"`` string, a buffer name
    (a pointer), a ``(type, value)`` pair, a numpy scalar (its own type), an int
    (u32, s32 if negative) or a float (f32)."""
    out = bytearray()
    layout = []
    for item in params:
        p = _as_param(item)
        out += bytes((-len(out)) % p.align)
        off = len(out)
        if p.type == "struct":
            data = bytearray(p.size)
            for f, foff in zip(p.value, struct_layout(p.value)):
                data[foff:foff + f.size] = _scalar_bytes(f, addresses)[0]
            out += data
            v: Any = int.from_bytes(data, "little")
        else:
            b, v = _scalar_bytes(p, addresses)
            out += b
        layout.append(ParamSlot(off, p, v))
    if len(out) > 0x10000:
        raise UsageError(f"kernel parameters take {len(out)} bytes; constant bank 0 holds 64 KiB")
    return bytes(out), layout


# -- buffers ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class BufferSpec:
    name: str
    size: int
    init: str = "zeros"       # one of INITS
    arg: str | None = None    # fill value, random seed, file path
    dtype: str = "u32"
    text: str = ""


def parse_buffer(text: str) -> BufferSpec:
    """``NAME=SIZE[:INIT]``, INIT = ``zeros`` | ``iota[:DTYPE]`` | ``fill:VALUE[:DTYPE]`` |
    ``random:SEED[:DTYPE]`` | ``file:PATH``; or ``NAME=file:PATH``, SIZE the file's size."""
    what = f"--buffer {text}"
    name, eq, rest = text.partition("=")
    name = name.strip()
    if not eq or not _NAME.match(name):
        raise UsageError(f"--buffer {text!r}: expected NAME=SIZE[:INIT] with NAME an identifier")
    size_text, _, init = rest.partition(":")
    if size_text.strip().lower() == "file":     # NAME=file:PATH: SIZE is the file's size
        if not init:
            raise UsageError(f"{what}: file needs a path (NAME=file:PATH)")
        try:
            size = Path(init).expanduser().stat().st_size
        except OSError as e:
            raise UsageError(f"{what}: cannot read {init}: {e.strerror}") from None
        if size == 0:
            raise UsageError(f"{what}: {init} is empty (give a SIZE: NAME=SIZE:file:PATH)")
        init = "file:" + init
    else:
        size = _int(size_text, what + " (SIZE in bytes, or NAME=file:PATH)")
    if not 0 < size <= MAX_BUFFER:
        raise UsageError(f"{what}: SIZE must be 1..{MAX_BUFFER} bytes")
    kind, _, tail = init.partition(":")
    kind = kind.strip().lower() or "zeros"
    if kind not in INITS:
        raise UsageError(f"{what}: unknown initialiser {kind!r} (zeros, iota[:DTYPE], fill:VALUE[:DTYPE], "
                         f"random:SEED[:DTYPE], file:PATH)")
    arg, dtype = None, "u32"
    if kind == "file":
        if not tail:
            raise UsageError(f"{what}: file needs a path (file:PATH)")
        arg = tail
    elif kind == "zeros":
        if tail:
            raise UsageError(f"{what}: zeros takes no argument")
    elif kind == "iota":
        dtype = tail.strip().lower() or "u32"
    else:
        arg, _, d = tail.partition(":")
        if not arg.strip():
            raise UsageError(f"{what}: {kind} needs a value ({kind}:{'VALUE' if kind == 'fill' else 'SEED'}[:DTYPE])")
        dtype = d.strip().lower() or "u32"
    if dtype not in ELEMENTS:
        raise UsageError(f"{what}: unknown element type {dtype!r} (types: {', '.join(ELEMENTS)}){_did_you_mean(dtype)}")
    if kind not in ("zeros", "file") and size % element_size(dtype):     # zeros, file: any size
        raise UsageError(f"{what}: SIZE {size} is not a multiple of the {dtype} element size {element_size(dtype)}")
    return BufferSpec(name, size, kind, arg, dtype, text)


def allocate(spec: BufferSpec) -> tuple[np.ndarray, np.ndarray]:
    """(the memory a launch gets: ``spec.size`` bytes rounded up to :data:`ALLOC_GRANULE`, the
    buffer's own ``spec.size`` bytes, a view of it) for ``--buffer``."""
    data = make_buffer(spec)
    pad = (-data.nbytes) % ALLOC_GRANULE
    if not pad:
        return data, data
    whole = np.zeros(data.nbytes + pad, np.uint8)
    whole[:data.nbytes] = data
    return whole, whole[:data.nbytes]


def make_buffer(spec: BufferSpec) -> np.ndarray:
    """The initial contents of *spec*: a uint8 array of ``spec.size`` bytes."""
    what = f"--buffer {spec.text or spec.name}"
    if spec.init == "zeros":
        return np.zeros(spec.size, np.uint8)
    if spec.dtype == "bf16":        # iota, fill, random (a file's bytes have no element type)
        return _bf16_buffer(spec, what)
    dt = DTYPES[spec.dtype]
    n = spec.size // dt.itemsize
    if spec.init == "iota":
        if dt.kind == "f":
            arr = np.arange(n, dtype=np.float64).astype(dt)
        else:
            arr = (np.arange(n, dtype=np.uint64) & np.uint64((1 << (8 * dt.itemsize)) - 1)).astype(dt)
    elif spec.init == "fill":
        assert spec.arg is not None   # the parser requires the value
        arr = np.full(n, _scalar(spec.arg, spec.dtype, what), dt)
    elif spec.init == "random":
        assert spec.arg is not None   # the parser requires the seed
        rng = np.random.default_rng(_int(spec.arg, what + " (SEED)"))
        if dt.kind != "f":
            return rng.integers(0, 256, spec.size, dtype=np.uint8)   # uniform over the type's whole range
        arr = rng.random(n).astype(dt)                                  # uniform in [0, 1)
    else:  # file
        try:
            data = Path(spec.arg or "").expanduser().read_bytes()
        except OSError as e:
            raise UsageError(f"{what}: cannot read {spec.arg}: {e.strerror}") from None
        if len(data) > spec.size:
            raise UsageError(f"{what}: {spec.arg} has {len(data)} bytes, more than SIZE {spec.size}")
        buf = np.zeros(spec.size, np.uint8)
        buf[:len(data)] = np.frombuffer(data, np.uint8)
        return buf
    return np.ascontiguousarray(arr).view(np.uint8).copy()


def _bf16_buffer(spec: BufferSpec, what: str) -> np.ndarray:
    """iota, fill and random of bf16 elements (decision D26-3): 0, 1, 2 ... rounded to nearest
    even; the value as a bf16 parameter takes it; random's uniform values in [0, 1) rounded once, to
    nearest even (as f16's are)."""
    n = spec.size // _BF16_STORE.itemsize
    if spec.init == "iota":
        raw = bf16_round(np.arange(n, dtype=np.float64))
    elif spec.init == "fill":
        assert spec.arg is not None   # the parser requires the value
        raw = np.full(n, bf16_bits(spec.arg, what), _BF16_STORE)
    else:   # random
        assert spec.arg is not None   # the parser requires the seed
        rng = np.random.default_rng(_int(spec.arg, what + " (SEED)"))
        raw = bf16_round(rng.random(n))
    return np.ascontiguousarray(raw, _BF16_STORE).view(np.uint8).copy()


# -- dumps --------------------------------------------------------------------------------------
@dataclass(frozen=True)
class DumpSpec:
    name: str
    dtype: str = "u32"
    count: int | None = None   # None: every element
    text: str = ""
    path: str | None = None    # ``NAME...=PATH``: the elements' raw bytes are written to PATH, not printed


def parse_dump_buffer(text: str) -> DumpSpec:
    """``NAME[:DTYPE[:COUNT]][=PATH]`` (NAME may be qualified: ``stats::total:u64``); with ``=PATH``
    the elements' bytes (little-endian, as in device memory) go to the file PATH; without DTYPE, every
    byte of the buffer (``u8``: what cudaMemcpy copies, whatever its size)."""
    spec, eq, path = text.partition("=")
    if eq:
        if not path.strip():
            raise UsageError(f"--dump-buffer {text!r}: expected a file name after '=' (NAME[:DTYPE[:COUNT]]=PATH)")
        parsed, explicit = _parse_dump(spec)
        return replace(parsed, text=text, path=path.strip(), dtype=parsed.dtype if explicit else "u8")
    return _parse_dump(text)[0]


def _parse_dump(text: str) -> tuple[DumpSpec, bool]:
    """``NAME[:DTYPE[:COUNT]]`` and whether it names DTYPE."""
    m = re.match(r"\s*(" + _IDENT + r")\s*(?=:|\Z)", text)
    parts = [m.group(1), *text[m.end() + 1:].split(":")] if m and m.end() < len(text) else [text]
    if len(parts) > 3 or not _NAME.match(parts[0].strip()):
        raise UsageError(f"--dump-buffer {text!r}: expected NAME[:DTYPE[:COUNT]][=PATH]")
    dtype = parts[1].strip().lower() if len(parts) > 1 and parts[1].strip() else "u32"
    if dtype not in ELEMENTS:
        raise UsageError(f"--dump-buffer {text!r}: unknown element type {dtype!r} (types: {', '.join(ELEMENTS)})"
                         + _did_you_mean(dtype))
    count = None
    if len(parts) == 3:
        count = _int(parts[2], f"--dump-buffer {text} (COUNT)")
        if count < 0:
            raise UsageError(f"--dump-buffer {text!r}: COUNT must be non-negative")
    return DumpSpec(parts[0].strip(), dtype, count, text), len(parts) > 1 and bool(parts[1].strip())


def check_dump(nbytes: int, spec: DumpSpec) -> int:
    """The number of elements *spec* prints from a buffer of *nbytes* bytes;
    :class:`UsageError` when COUNT asks for more than the buffer holds (checked
    before the run, so that a bad option never costs a simulation)."""
    avail = nbytes // element_size(spec.dtype)
    count = avail if spec.count is None else spec.count
    if count > avail:
        raise UsageError(f"--dump-buffer {spec.text or spec.name}: buffer {spec.name!r} holds {avail} {spec.dtype} "
                         f"element{'s' if avail != 1 else ''} ({nbytes} bytes), not {count}")
    return count


def dump_array(buf: np.ndarray, spec: DumpSpec) -> np.ndarray:
    """The first *count* elements of *buf* read as *dtype* (a copy; bf16: their bits, uint16)."""
    raw = np.ascontiguousarray(buf).reshape(-1).view(np.uint8)
    dt = _storage(spec.dtype)
    count = check_dump(raw.size, spec)
    return raw[:count * dt.itemsize].view(dt).copy()


def dump_values(buf: np.ndarray, spec: DumpSpec) -> np.ndarray:
    """:func:`dump_array` as the values printed and put in JSON (bf16: float32, exact)."""
    arr = dump_array(buf, spec)
    return bf16_values(arr) if spec.dtype == "bf16" else arr


def json_values(arr: np.ndarray) -> list:
    """JSON-safe values: ints, floats; non-finite floats as "nan", "inf", "-inf"."""
    if arr.dtype.kind != "f":
        return [int(v) for v in arr.tolist()]
    out = []
    for v in arr.tolist():
        if math.isnan(v):
            out.append("nan")
        elif math.isinf(v):
            out.append("inf" if v > 0 else "-inf")
        else:
            out.append(v)
    return out


# -- Python API ---------------------------------------------------------------------------------
def kernel_simulator(isa, program, *, params: Sequence = (), buffers: Mapping[str, np.ndarray] | None = None,
                     **launch):
    """A :class:`~gpuisa.sim.Simulator` whose constant bank 0 holds *params*
    (see :func:`pack_params`: pointers to *buffers* by name, typed numbers).
    *buffers* are numpy arrays, placed in global memory and updated in place."""
    from .simulator import Simulator
    if isinstance(program, str):
        program = isa.assemble(program)
    if params and 0 in (launch.get("const") or {}):
        raise UsageError("give kernel parameters either as params= or as const={0: ...}, not both")
    sim = Simulator(isa, program, buffers=buffers or {}, **launch)
    if params:
        sim.const.set(0, pack_params(list(params), sim.addresses)[0])
    return sim


def launch_kernel(isa, program, *, params: Sequence = (), buffers: Mapping[str, np.ndarray] | None = None,
                  **launch):
    """Run *program* with typed kernel *params* and numpy *buffers*; returns the
    :class:`~gpuisa.sim.Result` (``result.buffers[name]`` is the updated array).

        >>> a = np.arange(64, dtype=np.float32)                       # doctest: +SKIP
        >>> res = launch_kernel(isa, text, grid=2, block=32,           # doctest: +SKIP
        ...                     buffers={"a": a, "c": np.zeros(64, np.float32)},
        ...                     params=["a", "c", ("u32", 64), np.float32(0.5)])
    """
    return kernel_simulator(isa, program, params=params, buffers=buffers, **launch).run()
