"""Speed code for the assembler: one specialised encoder per fast-path shape (decision AS-4).

A :class:`gpuisa.asm.fastpath.Shape` lists what a plan's written operands need as flat steps
(a name looked up in a table of values already shifted to their field, an integer checked
against its range and masked, an address, ...).  Interpreting those steps for every statement
costs a loop, a tuple unpacked and a branch on the step kind per operand;
:func:`compile_encoder` writes them out once per shape as straight-line Python source, with the
guard, the control annotations and the ``__Exception`` rules of the variant after them, and
compiles it.  The result::

    enc(word, vals, gname, gnot, ctl, pc, us) -> word | None

takes the plan's base word (its guard bits cleared: the encoder ORs the written guard or the
variant's default back), the operands' values as ``fastpath._encode`` classified them, the
guard (name and ``!``), the control-annotation text, the address and the operand texts as
split, and returns the word, or None for anything the diagnostic path must handle (a name the
operand does not take, a number out of range, a guard the variant does not have, a rule
violated) -- what the interpreted steps returned.

The operand indexes and the kinds of the steps are in the source; the tables, positions, masks
and ranges are arguments of a factory around ``enc``, so every shape with the same kinds of
steps shares one source: the synthetic benchmark's 633 encoders come from 122 sources.  Those
are compiled once and kept on disk by their source text
(:class:`~gpuisa.asm.codecache.CodeCache`, ``asmfast-<tag>-<version>.marshal``), as
``disfast``'s decoders are.

Tested equal to the diagnostic path with the rest of the fast path
(``tests/asm/test_fast_differential.py``: every opcode, guards, prefixes, controls, values out
of range; ``tests/asm/test_listing_scan.py``).
"""
from __future__ import annotations

from typing import Any

from .codecache import CodeCache
from .encode import _OpErr, _addr_raw, _cmem_raw, _enum_raw, _f16_raw, _f32_raw, _f64h_raw, _int_raw
from .floats import parse_f16, parse_f64
from .lexer import POp
from .tables import K_ADDR, K_ENUM, K_INT, OpInfo, VInfo

# the kinds of Shape.steps (names are Shape.enums)
F_INT, F_PCREL, F_SHIFT, F_GENERIC, F_F32, F_ADDR, F_CMEM, F_F16, F_F64H = 1, 2, 3, 4, 5, 6, 7, 8, 9

CODE = CodeCache("asmfast")
_MISS = object()
#: factory functions by the structure of their encoders (the code object comes from CODE)
_FACTORIES: dict[tuple, Any] = {}


def _addr_fast(o: OpInfo, v: tuple, width: int):
    """:func:`_addr_raw` for a canonical address text (bank, base, .64?, offset, scale: None or
    ``U32``, only with a base and no bank); None on any problem."""
    bank, base, wide, off, scale = v
    a = o.addr
    bits = 0
    if a.kind == "const":
        if a.bank is not None:
            if not 0 <= bank <= a.bank[2]:
                return None
            bits = bank << a.bank[0]
        elif bank:
            return None
    if scale:               # `[R2.U32+0x4]`: one 32-bit register, zero-extended (as _addr_raw)
        if a.scale is None or a.scale[3] is None:
            return None
        raw = a.scale[3].by_name.get(scale)
        if raw is None:
            return None
        bits |= raw << a.scale[0]
    if base:
        if a.base is None or (wide and width <= 32):
            return None
        raw = a.base[3].by_name.get(base)
        if raw is None:
            return None
        if not scale:
            if width > 32 and not wide and base not in o.stem_of:    # `[RZ]` for a 64-bit base: RZ.64
                return None
            if width > 32 and base in o.stem_of:
                stem, n = o.stem_of[base]
                count = width // 32
                if n % count or (stem, n + count - 1) not in o.name_of_num:
                    return None
        bits |= raw << a.base[0]
    elif a.base is not None:
        if a.zero is None:
            return None
        bits |= a.zero << a.base[0]
    if a.ubase is not None:        # no uniform part written: the zero register (URZ)
        if a.uzero is None:
            return None
        bits |= a.uzero << a.ubase[0]
    if a.off is None:
        return None if off else bits
    if not a.off_lo <= off <= a.off_hi:
        return None
    return bits | ((off & a.off[2]) << a.off[0])


def addr_step(o: OpInfo, width: int, v, pc: int):
    """An address operand's bits (F_ADDR): an inline-read address (a tuple), or a parsed one
    without a label expression (`[R2.U32+0x10]`, read as ``encode`` reads it); None otherwise."""
    if type(v) is tuple:
        return _addr_fast(o, v, width)
    if type(v) is POp and v.expr is None:
        try:
            return _addr_raw(o, v, width, pc, None)
        except (_OpErr, AttributeError, KeyError):
            return None
    return None


def cmem_step(v, ob: int, bank_max: int, align: int):
    """A constant-memory operand's field value, bank above offset (F_CMEM), or None."""
    if type(v) is tuple:
        if v[1]:
            return None
        bank, off = v[0], v[3]
    elif type(v) is POp and v.kind == "cmem":
        bank, off = v.bank, v.value
    else:
        return None
    if not 0 <= bank <= bank_max or not 0 <= off < (1 << ob) or off % align:  # a negative bank: the slow path's error
        return None
    return (bank << ob) | off


def half_step(kind: int, o: OpInfo, v, us: list, j: int, pc: int):
    """A binary16 (F_F16) or binary64-high (F_F64H) immediate (HFMA2, DADD): the operand's text ``us[j]``,
    read as ``encode._f16_raw`` / ``_f64h_raw`` read a number's; None for a label expression
    or anything the slow path reports."""
    if type(v) is POp:
        return None
    t = us[j].strip()
    try:
        if kind == F_F16:
            return parse_f16(t)
        if t.lstrip("+-")[:2].lower() in ("0x", "0b"):
            return _int_raw(o, v, pc)
        raw = parse_f64(t)
        if raw & 0xFFFFFFFF:
            return None
        return raw >> 32
    except (ValueError, _OpErr):
        return None


def generic_step(st: Any, o: OpInfo, width: int, v, us: list, j: int, pc: int):
    """Any other operand (F_GENERIC): the diagnostic path's encoder on the parsed operand; None
    when it raises."""
    p = v if type(v) is POp else st.operand(us[j].strip())[0]
    try:
        if o.code == K_ENUM:
            return _enum_raw(o, p, width)
        if o.code == K_INT:
            return (_f32_raw(o, p, pc, None) if o.fmt == "f32" else
                    _f16_raw(o, p, pc, None) if o.fmt == "f16" else
                    _f64h_raw(o, p, pc, None) if o.fmt == "f64h" else _int_raw(o, p.value, pc))
        if o.code == K_ADDR:
            return _addr_raw(o, p, width, pc, None)
        return _cmem_raw(o, p, width)
    except (_OpErr, AttributeError, KeyError):
        return None


def controls_step(word: int, ctl: str, controls: dict):
    """The control annotations `$name=N ...` on *word* (each name once, in range), or None."""
    seen = 0
    for tok in ctl.split():
        if tok[0] != "$":
            return None
        cname, eq, val = tok[1:].partition("=")
        f = controls.get(cname)
        if f is None or not eq or "_" in val or "o" in val or "O" in val:
            return None
        try:
            n = int(val, 0)
        except ValueError:
            return None
        fm = f[1] << f[0]
        if not 0 <= n <= f[1] or seen & fm:  # out of range, or given twice
            return None
        seen |= fm
        word = (word & ~fm) | (n << f[0])
    return word


def variant_part(st: Any, v: VInfo) -> tuple:
    """What an encoder of variant *v* needs besides its operands, cached in ``st.fvparts``: (the
    bits of the guard and its ``!`` field, guard name -> its bits with None -> the defaults, the
    ``!`` bit or None, control name -> (position, mask)).  The plan's base word has the guard
    bits cleared: the encoder ORs the written guard or the defaults back."""
    vp = st.fvparts.get(v)
    if vp is None:
        vp = st.fvparts[v] = _variant_part(v)
    return vp


def _variant_part(v: VInfo) -> tuple:
    g = v.guard
    controls = {c.name: (c.pos, (1 << c.width) - 1) for c in v.op.controls}
    if g is None:
        return 0, {None: 0}, None, controls
    gclear = (g.mask << g.pos) | g.pclear
    table: dict = {n: raw << g.pos for n, raw in g.type.by_name.items()}
    table[None] = v.base & gclear
    pf = g.prefix_fields.get("!")
    return gclear, table, (1 << pf.pos) if pf is not None else None, controls


def compile_encoder(st: Any, v: VInfo, enums: tuple, steps: tuple):
    """``enc(word, vals, gname, gnot, ctl, pc, us)`` for the flat steps of a shape of variant *v*
    (``fastpath.Shape``: *enums* (operand index, name -> value shifted to the field), *steps*
    (kind, operand index, a, b, c, d) as ``Shape.compile`` makes them); the base word it is
    given must have the guard bits cleared (``variant_part``)."""
    _, gtable, gnot_bit, controls = variant_part(st, v)
    # the arguments of the factory, in the order of its parameters (_source)
    args: list[Any] = [table for _, table in enums]
    args.append(gtable)
    for kind, _, pos, a, b, c in steps:
        if kind == F_INT:
            args += (a, b, c, pos)
        elif kind == F_F32:
            args.append(pos)
        elif kind == F_PCREL or kind == F_SHIFT:
            args += ((1 << a) - 1, a, b[0], b[1], c, pos)
        elif kind == F_ADDR:
            args += (pos, a)
        elif kind == F_CMEM:
            args += (a, b, c, pos)
        elif kind == F_F16 or kind == F_F64H:
            args += (a, pos)
        else:
            args += (st, pos, a, pos.pos)
    if gnot_bit is not None:
        args.append(gnot_bit)
    args.append(controls)
    if v.has_exc:
        args += (v.exc_cache, v.exc_mask, v.violation)
    key = (tuple([e[0] for e in enums]), tuple([s[:2] for s in steps]), gnot_bit is not None, v.has_exc)
    make = _FACTORIES.get(key)
    if make is None:
        src = _source(*key)
        ns: dict[str, Any] = {"MISS": _MISS, "ADDR": addr_step, "CMEM": cmem_step, "HALF": half_step,
                              "GENERIC": generic_step, "CONTROLS": controls_step}
        exec(CODE.get(src), ns)  # noqa: S102 - our own generated source (operand indexes and step kinds)
        make = _FACTORIES[key] = ns["make"]
        make.source = src     # for debugging: print(make.source)
    return make(*args)


def _source(enums: tuple, steps: tuple, has_not: bool, has_exc: bool) -> str:
    """The factory ``make(tables and constants) -> enc`` for encoders with enumeration operands
    at indexes *enums*, the (kind, operand index) *steps*, a guard with or without ``!`` and
    ``__Exception`` rules or not; the parameters are in ``compile_encoder``'s order."""
    names: list[str] = []
    body: list[str] = []
    emit = body.append

    def arg(name: str) -> str:
        names.append(name)
        return name

    looked_up = [f"{arg(f'E{k}')}[v[{j}]]" for k, j in enumerate(enums)] + [f"{arg('G')}[gname]"]
    emit("try:")
    emit("    word |= " + " | ".join(looked_up))     # the guard: the defaults for None
    emit("except (KeyError, TypeError):")
    emit("    return None")
    for k, (kind, j) in enumerate(steps):
        if kind == F_INT:
            lo, hi, m, p = arg(f"LO{k}"), arg(f"HI{k}"), arg(f"M{k}"), arg(f"P{k}")
            emit(f"x = v[{j}]")
            emit(f"if type(x) is not int or not {lo} <= x <= {hi}: return None")
            emit(f"word |= (x & {m}) << {p}")
        elif kind == F_F32:
            emit(f"x = v[{j}]")
            emit("if type(x) is not int: return None")
            emit(f"word |= x << {arg(f'P{k}')}")
        elif kind == F_PCREL or kind == F_SHIFT:
            u, sh, lo, hi, m, p = (arg(f"U{k}"), arg(f"S{k}"), arg(f"LO{k}"), arg(f"HI{k}"), arg(f"M{k}"),
                                   arg(f"P{k}"))
            emit(f"x = v[{j}]")
            emit(f"if type(x) is not int or x & {u}: return None")
            emit(f"f = (x - pc - 16) >> {sh}" if kind == F_PCREL else f"f = x >> {sh}")
            emit(f"if not {lo} <= f <= {hi}: return None")
            emit(f"word |= (f & {m}) << {p}")
        elif kind == F_ADDR:
            emit(f"r = ADDR({arg(f'O{k}')}, {arg(f'W{k}')}, v[{j}], pc)")
            emit("if r is None: return None")
            emit("word |= r")
        elif kind == F_CMEM:
            emit(f"r = CMEM(v[{j}], {arg(f'A{k}')}, {arg(f'B{k}')}, {arg(f'C{k}')})")
            emit("if r is None: return None")
            emit(f"word |= r << {arg(f'P{k}')}")
        elif kind == F_F16 or kind == F_F64H:
            emit(f"r = HALF({kind}, {arg(f'O{k}')}, v[{j}], us, {j}, pc)")
            emit("if r is None: return None")
            emit(f"word |= r << {arg(f'P{k}')}")
        else:                   # F_GENERIC
            emit(f"r = GENERIC({arg(f'ST{k}')}, {arg(f'O{k}')}, {arg(f'W{k}')}, v[{j}], us, {j}, pc)")
            emit("if r is None: return None")
            emit(f"word |= r << {arg(f'P{k}')}")
    emit(f"if gnot: word |= {arg('GN')}" if has_not else "if gnot: return None")
    emit("if ctl is not None:")
    emit(f"    word = CONTROLS(word, ctl, {arg('CT')})")
    emit("    if word is None: return None")
    if has_exc:
        emit(f"x = {arg('XC')}.get(word & {arg('XM')}, MISS)")
        emit(f"if x is MISS: x = {arg('VIOL')}(word)")
        emit("if x is not None: return None")
    emit("return word")
    return (f"def make({', '.join(names)}):\n    def enc(word, v, gname, gnot, ctl, pc, us):\n"
            + "".join(f"        {ln}\n" for ln in body) + "    return enc\n")
