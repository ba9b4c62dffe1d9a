"""Relocatable device code (``nvcc -rdc=true`` / ``-dc``, an ``ET_REL`` cubin): the addresses of
``__shared__`` variables and of ``__constant__`` data that only the device linker writes into the
code (decision D13-T-1).

ptxas leaves every ``__shared__`` variable's offset to nvlink: nvdisasm writes the field as the
symbol (``UMOV UR4, `($___ZZ5shrevE3tot__28)``, ``STS [R7.X4+`(buf)]``, ``LDS [`((acc + 0x8))]``),
cuobjdump as the unrelocated 0 (``UMOV UR4, 0x0``, ``STS [R7.X4]``), and the cubin keeps the
relocations (``.rel[a].text.F``).  A ``__constant__`` variable's bank and offset are relocated too
(``c[`(cscale)]``; cuobjdump: ``c[0x0][0x0]`` on sm_75, bank 0 offset 0, which is blockDim.x).
Run as they stand every variable sat at offset 0 and the results were silently wrong.

This module lays the shared variables out as nvlink 13.0 does (checked against ``nvlink`` on the
kernels of tests/cuda/corpus/src/rdc13_*): a kernel's shared memory holds first the module-scope
``__shared__`` variables any device function (not a kernel) refers to, in one block common to every
kernel that reaches them (a function has one offset for each), then the kernel's own variables --
those of its ``.nv.shared.K`` section and the module-scope ones only its own code names --,
module-scope before kernel-scope, in symbol-table order, stably sorted by alignment, largest
first, each at the next multiple of its alignment; an ``extern __shared__`` array (an undefined
symbol) begins at the next multiple of 16 after them.  On sm_90 and later the code adds the
reserved 1 KiB itself (``UMOV UR5, 0x400``); the static size is then 0x400 more."""
from __future__ import annotations

import re
from dataclasses import dataclass

from .module import CudaModule, KernelInfo, error

#: a symbol in nvdisasm's text of a relocated field: `` `(sym) `` or `` `((sym + 0x8)) ``
RE_SYM_FIELD = re.compile(r"`\(\(?\s*([$A-Za-z_][\w$.]*)\s*(?:\+\s*(-?0x[0-9a-fA-F]+|-?\d+)\s*)?\)?\)")
#: a constant-bank operand whose bank and offset are a symbol's: ``c[`(cscale)]``, ``c[R8+`((tab + -0x8000))]``
RE_CONST_FIELD = re.compile(r"c\[((?:U?R\d+\s*\+\s*)?)" + RE_SYM_FIELD.pattern + r"\]")
#: the shared-memory alignment of an ``extern __shared__`` array (nvlink's, seen for int arrays)
EXTERN_ALIGN = 16


@dataclass(frozen=True)
class SharedVar:
    """A ``__shared__`` variable of a relocatable module (its symbol)."""
    name: str
    owner: str | None     # the kernel of its ``.nv.shared.K`` section; None: module scope
    size: int
    align: int


def _align(n: int, a: int) -> int:
    return -(-n // max(a, 1)) * max(a, 1)


def _place(out: dict[str, int], at: int, vars_: list[SharedVar]) -> int:
    """Each of *vars_* (stably sorted by alignment, largest first) at the next multiple of its
    alignment from *at*, into *out*; returns the end."""
    for v in sorted(vars_, key=lambda v: -v.align):
        at = _align(at, v.align)
        out[v.name] = at
        at += v.size
    return at


def function_refs(module: CudaModule) -> dict[str, set[str]]:
    """The symbols each function's nvdisasm text names in a relocated field or a call."""
    refs: dict[str, set[str]] = {}
    for name, k in module.kernels.items():
        s: set[str] = set()
        for _, t in k.lines:
            if "`(" in t or "32@" in t:
                s.update(m.group(1) for m in RE_SYM_FIELD.finditer(t))
                s.update(re.findall(r"32@(?:lo|hi)\(\(?\s*([\w$.]+)", t))
        refs[name] = s
    return refs


def shared_layout(module: CudaModule, kernel: str, refs: dict[str, set[str]]) -> tuple[dict[str, int], int]:
    """``({symbol: offset}, static size)`` of *kernel*'s shared memory in a relocatable module
    (the offsets from the end of the reserved 1 KiB on sm_90+; the size without it).  *refs*: the
    symbols each function refers to (:func:`function_refs`, or a cubin's relocations)."""
    by_name = {v.name: v for v in module.shared_vars}
    funcs = set(module.kernels)
    entries = {n for n, k in module.kernels.items() if k.entry}
    common = [v for v in module.shared_vars if v.owner is None
              and any(v.name in refs.get(f, ()) for f in funcs - entries)]
    reach, todo = {kernel}, [kernel]
    while todo:
        for s in refs.get(todo.pop(), ()):
            if s in funcs and s not in reach:
                reach.add(s)
                todo.append(s)
    named = set().union(*(refs.get(f, set()) for f in reach))
    out: dict[str, int] = {}
    at = _place(out, 0, common) if any(v.name in named for v in common) else 0
    own = [by_name[s] for s in sorted(refs.get(kernel, ()), key=lambda s: module.shared_vars.index(by_name[s])
                                      if s in by_name else 0)
           if s in by_name and by_name[s].owner is None and by_name[s].name not in out]
    own += [v for v in module.shared_vars if v.owner == kernel]
    at = _place(out, at, own)
    if any(s in module.shared_externs for s in named):
        at = _align(at, EXTERN_ALIGN)
        for s in module.shared_externs:
            out[s] = at
    return out, at


def symbol_value(module: CudaModule, layout: dict[str, int], name: str) -> tuple[int | None, int] | None:
    """``(bank, offset)`` of a ``__constant__`` variable, ``(None, offset)`` of a shared one, or None."""
    if name in layout:
        return None, layout[name]
    if name in module.const_symbols:
        bank, off, _size = module.const_symbols[name]
        return bank, off
    return None


def link_text(module: CudaModule, info: KernelInfo, text: str, first: int, layout: dict[str, int]) -> str:
    """nvdisasm's text of a relocatable kernel (and the functions linked with it) with each shared or
    constant symbol in a field replaced by its offset: ``c[`(cscale)]`` -> ``c[0x3][0x0]``,
    ``[R7.X4+`(buf)]`` -> ``[R7.X4+0x4]``, ``UMOV UR4, `((acc + 0x8))`` -> ``UMOV UR4, 0x30``.
    A constant symbol in a field that is not a constant operand, or a shared one in a constant
    operand, is refused at its line (not seen from nvcc 13)."""
    def const(m: re.Match) -> str:
        v = symbol_value(module, layout, m.group(2))
        if v is None:
            return m.group(0)
        if v[0] is None:
            raise _bad(module, info, text, first, m, "a shared variable as a constant-bank operand")
        return f"c[{v[0]:#x}][{m.group(1)}{_hex(v[1] + int(m.group(3) or '0', 0))}]"

    def field(m: re.Match) -> str:
        v = symbol_value(module, layout, m.group(1))
        if v is None:
            return m.group(0)
        return _hex(v[1] + int(m.group(2) or '0', 0))
    return RE_SYM_FIELD.sub(field, RE_CONST_FIELD.sub(const, text))


def link_kernel(module: CudaModule, info: KernelInfo, text: str, first: int) -> tuple[str, int]:
    """``(text, static shared bytes of its variables)`` of a relocatable module's kernel *info* (its
    nvdisasm or cubin text from line *first*): the shared variables laid out as nvlink does
    (:func:`shared_layout`), their symbols and the ``__constant__`` ones replaced in *text*
    (:func:`link_text`)."""
    layout, size = shared_layout(module, info.name, function_refs(module))
    return (link_text(module, info, text, first, layout) if "`(" in text else text), size


def _hex(v: int) -> str:
    return f"{v:#x}" if v >= 0 else f"-{-v:#x}"


def _bad(module: CudaModule, info: KernelInfo, text: str, first: int, m: re.Match, what: str):
    line = text[:m.start()].count("\n")
    src = text.split("\n")[line]
    col = m.start() - (text.rfind("\n", 0, m.start()) + 1)
    return error(f"relocatable code (nvcc -rdc=true): {what} is not linked (kernel {info.name})",
                 module.filename, first + line, col + 1, src, len(m.group(0)))


# -- a cuobjdump listing: the relocations of the cubin beside it --------------------------------------
#: relocation types of data symbols in code, by the field they fill (nvcc 13.0, sm_75 .. sm_120):
#: a 32-bit immediate (MOV/UMOV of a shared offset or a constant-bank offset), the offset of a
#: shared-memory operand (sm_75/sm_80's LDS/STS/ATOMS ``[Ra+off]``), a constant-bank operand
#: (bank and offset: FFMA/FMUL ``c[B][off]`` on sm_75/80, ULDC on sm_90, LDCU on sm_100+); others are refused
R_IMM32 = frozenset({55, 59})
R_SHARED_OFFSET = frozenset({74})
#: the shared operand (the first) of sm_80's LDGSTS ``[Rs+off], [Rg.64]`` (cp.async)
R_LDGSTS_SHARED = frozenset({100})
R_CONST_OPERAND = frozenset({64, 66, 115})
_RE_LAST_IMM = re.compile(r"(?<![\w.])0x[0-9a-fA-F]+(?=\s*;?\s*(?:/\*.*)?$)")
_RE_MEM = re.compile(r"\[([^\[\]]*)\]")
_RE_CONST = re.compile(r"c\[(0x[0-9a-fA-F]+)\]\[([^\[\]]*)\]")


def patch_line(t: str, typ: int, value: tuple[int | None, int], addend: int | None) -> str | None:
    """A cuobjdump line with the data relocation of type *typ* applied: *value* ``(bank, offset)``
    of the symbol, *addend* (``.rela``) or None (``.rel``: the addend is the field as printed).
    None for a type or line this does not know."""
    if typ in R_IMM32:
        m = _RE_LAST_IMM.search(t)
        if m is None:
            return None
        add = addend if addend is not None else int(m.group(0), 16)
        return t[:m.start()] + f"{value[1] + add:#x}" + t[m.end():]
    if typ in R_SHARED_OFFSET | R_LDGSTS_SHARED and value[0] is None:
        ms = [m for m in _RE_MEM.finditer(t) if not t[:m.start()].endswith("c")
              and not t[:m.start()].rstrip().endswith("]")]
        if typ in R_LDGSTS_SHARED and "LDGSTS" in t:
            ms = ms[:1]
        if len(ms) != 1:
            return None
        m = ms[0]
        regs, imm = _split_address(m.group(1))
        if regs is None:
            return None
        off = value[1] + (addend if addend is not None else imm)
        regs = [r for r in regs if r != "RZ"] or (["RZ"] if not off else [])
        inner = "+".join(regs + ([f"{off:#x}"] if off or not regs else []))
        return t[:m.start()] + f"[{inner}]" + t[m.end():]
    if typ in R_CONST_OPERAND and value[0] is not None:
        mc = _RE_CONST.search(t)
        if mc is None:
            return None
        regs, imm = _split_address(mc.group(2))
        if regs is None:
            return None
        off = value[1] + (addend if addend is not None else imm)
        regs = [r for r in regs if r not in ("RZ", "URZ")]
        inner = "+".join(regs + [f"{off:#x}"]) if regs else f"{off:#x}"
        return t[:mc.start()] + f"c[{value[0]:#x}][{inner}]" + t[mc.end():]
    return None


def _split_address(inner: str) -> tuple[list[str] | None, int]:
    """``R7.X4+0x10`` -> ``(["R7.X4"], 0x10)``; None for what is not registers and one number."""
    regs, imm = [], 0
    for part in (p.strip() for p in inner.split("+")):
        if re.fullmatch(r"-?0x[0-9a-fA-F]+", part):
            imm += int(part, 16)
        elif re.fullmatch(r"U?R(?:\d+|Z)(?:\.\w+)*", part):
            regs.append(part)
        else:
            return None, 0
    return regs, imm


# -- a cuobjdump listing without its cubin ---------------------------------------------------------
_RE_UMOV = re.compile(r"^\s*UMOV\s+(UR\d+)\s*,\s*(0x[0-9a-fA-F]+)\s*;?")
_RE_UIADD = re.compile(r"^\s*UIADD3\s+UR\d+\s*,\s*(?:UPT\s*,\s*UPT\s*,\s*)?(UR\d+)\s*,\s*(UR\d+)\s*,\s*URZ\b")


def unrelocated_shared(info: KernelInfo) -> tuple[int, int, int] | None:
    """sm_90+ relocatable code forms a shared variable's address from the unrelocated offset and
    the reserved 1 KiB at run time: ``UMOV UR4, 0x0 ; UMOV UR5, 0x400 ; UIADD3 UR4, UR4, UR5,
    URZ`` (linked code, and code compiled whole, has ``UMOV UR4, 0x400``: ptxas folds constants).
    ``(line, column, length)`` of the ``UMOV URn, 0x0`` of the first such sum, or None."""
    last: dict[str, tuple[int, int, int]] = {}    # UR -> (value, line, column)
    for ln, t in info.lines:
        if t.rstrip().endswith(":"):
            last.clear()
            continue
        m = _RE_UMOV.match(t)
        if m:
            last[m.group(1)] = (int(m.group(2), 16), ln, m.start())
            continue
        m = _RE_UIADD.match(t)
        if m:
            a, b = last.get(m.group(1)), last.get(m.group(2))
            if a and b and {a[0], b[0]} == {0, 0x400}:
                zero = a if a[0] == 0 else b
                return zero[1], zero[2], len(t.strip())
        for r in re.findall(r"\bUR\d+", t.split(",")[0]):
            last.pop(r, None)
    return None
