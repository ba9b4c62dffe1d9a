"""Operand values to field bits: the assembler's encoders (both paths use them).

Each ``_X_raw`` turns one parsed operand (:class:`~gpuisa.asm.lexer.POp`) into
the raw bits of its field(s) for one compiled operand (:class:`~gpuisa.asm.tables.OpInfo`),
or raises :class:`_OpErr` with the reason; label expressions become values or
relocations (:func:`_eval_expr_raw`); :func:`_encode_plan` packs a whole statement.
"""
from __future__ import annotations

from dataclasses import replace

from .floats import parse_f16, parse_f32, parse_f64
from .lexer import POp
from .tables import K_ADDR, K_ENUM, K_INT, OpInfo, Plan, aligned_group

# ----------------------------------------------------------------------------
# operand value errors


class _OpErr(Exception):
    """An operand value error (message; column/length filled by the caller)."""

    def __init__(self, message: str, offset: int = 0, length: int | None = None):
        super().__init__(message)
        self.offset = offset
        self.length = length


# ----------------------------------------------------------------------------
# value encoding


def _hexs(v: int) -> str:
    return f"-{-v:#x}" if v < 0 else f"{v:#x}"


def _enum_raw(o: OpInfo, p: POp, width: int) -> int:
    t = o.type
    if p.kind == "pair":
        count = max(width // 32, 1)
        if not o.numbered or count < 2:
            raise _OpErr(f"{o.name} is a {width}-bit operand: write a single register, not {p.text}")
        if p.name not in t.by_name:
            raise _OpErr(f"{p.name} is not a {t.name} register")
        if p.lo % count or p.hi != p.lo + count - 1:
            lo, hi = min(p.lo, p.hi), max(p.lo, p.hi)
            want = None
            if lo % count == 0 and hi == lo + count - 1:
                want = f"{p.stem}[{lo}:{hi}]"  # R[9:8] -> R[8:9]
            elif p.lo % count == 0:
                want = f"{p.stem}[{p.lo}:{p.lo + count - 1}]"  # R[8:10] -> R[8:9]
            hint = f"; did you mean {want}?" if want else ""
            raise _OpErr(f"register pair {p.text} is not valid: {o.name} is a {width}-bit operand, "
                         f"write {_group_form(p.stem, count)}{hint}")
        last = o.name_of_num.get((p.stem, p.hi))
        if last is None:
            raise _OpErr(f"register pair {p.text} runs past the last {t.name} register")
        return t.by_name[p.name]
    raw = t.by_name[p.name]
    if o.numbered and width > 32 and p.name in o.stem_of:
        stem, n = o.stem_of[p.name]
        count = width // 32
        if not aligned_group(o, p.name, count):  # `R2` is the pair R[2:3] (decision A4b); R3 is not a pair
            what = "an even register" if count == 2 else f"a register whose number is a multiple of {count}"
            if n % count == 0:
                raise _OpErr(f"{o.name} is a {width}-bit operand: the group from {p.name} runs past the last "
                             f"{t.name} register")
            raise _OpErr(f"{o.name} is a {width}-bit operand: write {what} ({stem}{n - n % count} for "
                         f"{stem}[{n - n % count}:{n - n % count + count - 1}]), not {p.name}")
    return raw


def _group_form(stem: str, count: int) -> str:
    """``R[n:n+1] with n even``: how a register group of *count* registers is written."""
    return f"{stem}[n:n+{count - 1}] with n " + ("even" if count == 2 else f"a multiple of {count}")


_FILE_WORDS = {"Reg": "GPR", "UReg": "uniform-register", "Pred": "predicate", "UPred": "uniform-predicate"}


def _pair_words(tname: str, count: int) -> str:
    """``GPR pair``, ``uniform-register pair``, ``GPR group of 4``."""
    return f"{_FILE_WORDS.get(tname, tname)} {'pair' if count == 2 else f'group of {count}'}"


def _expects(o: OpInfo, width: int) -> str:
    """What an operand expects, for a message: ``a GPR pair (R[n:n+1])`` for a register
    group, else the operand's form (``Reg``, ``SImm32``, ``c[0x0][...]``...)."""
    if o.code == K_ENUM and o.numbered and width > 32 and o.type is not None:
        count = width // 32
        stems = sorted({stem for stem, _ in o.stem_of.values()})
        stem = stems[0] if stems else "R"
        return f"a {_pair_words(o.type.name, count)} ({stem}[n:n+{count - 1}])"
    return o.describe(width)


def _int_raw(o: OpInfo, v: int, pc: int) -> int:
    t = o.type
    if o.fmt == "pcrel":
        unit = 1 << o.shift
        if v % unit:
            raise _OpErr(f"branch target {_hexs(v)} is not {unit}-byte aligned")
        f = (v - (pc + 16)) >> o.shift
        if not t.fits(f):
            lo, hi = pc + 16 + (t.min << o.shift), pc + 16 + (t.max << o.shift)
            raise _OpErr(f"branch target {_hexs(v)} is out of range for {o.name} ({_hexs(lo)}..{_hexs(hi)} from {pc:#x})")
        return f & o.mask
    if o.fmt == "shift":
        unit = 1 << o.shift
        if v % unit:
            raise _OpErr(f"{_hexs(v)} is not a multiple of {unit:#x} ({o.name} stores the value >> {o.shift})")
        f = v >> o.shift
        if not t.fits(f):
            raise _OpErr(f"{_hexs(v)} is out of range for {o.name} ({_hexs(t.min << o.shift)}..{_hexs(t.max << o.shift)})")
        return f & o.mask
    if not t.fits(v):
        if o.width == 32:
            # 32-bit immediates: any value in -2**31..2**32-1, stored modulo 2**32 (SASS: MOV R0, -1)
            if -0x80000000 <= v <= 0xFFFFFFFF:
                return v & 0xFFFFFFFF
            raise _OpErr(f"{_hexs(v)} does not fit in {o.name} (32-bit immediate: -0x80000000..0xffffffff)")
        raise _OpErr(f"{_hexs(v)} does not fit in {o.name} ({t.name}: {_hexs(t.min)}..{_hexs(t.max)})")
    return v & o.mask


def _f32_raw(o: OpInfo, p: POp, pc: int, ctx) -> int:
    """An F32 operand: a float literal or a decimal integer is a number
    (rounded to binary32); hex/binary literals and label expressions are the bits."""
    if p.kind == "float":
        return p.value
    if p.kind == "int":
        t = p.text.lstrip("+-")
        if t[:2] not in ("0x", "0X", "0b", "0B"):
            try:
                return parse_f32(p.text)
            except ValueError as e:
                raise _OpErr(str(e)) from None
        return _int_raw(o, p.value, pc)
    return _int_raw(o, _eval_expr(o, p, pc, ctx), pc)


def _f16_raw(o: OpInfo, p: POp, pc: int, ctx) -> int:
    """An F16 operand (issue 11): a float literal or a decimal integer rounded to binary16;
    hex/binary literals and label expressions are the bits."""
    if p.kind in ("float", "int"):
        try:
            return parse_f16(p.text if p.kind == "int" else p.name)
        except ValueError as e:
            raise _OpErr(str(e)) from None
    return _int_raw(o, _eval_expr(o, p, pc, ctx), pc)


def _f64h_raw(o: OpInfo, p: POp, pc: int, ctx) -> int:
    """An F64H operand (issue 11): a float literal or a decimal integer as binary64, whose low
    32 bits must be 0 (the field holds the high word); hex/binary literals and label
    expressions are the high word's bits."""
    if p.kind in ("float", "int") and not (p.kind == "int" and p.text.lstrip("+-")[:2].lower() in ("0x", "0b")):
        try:
            bits = parse_f64(p.text if p.kind == "int" else p.name)
        except ValueError as e:
            raise _OpErr(str(e)) from None
        if bits & 0xFFFFFFFF:
            raise _OpErr(f"{p.text} is not a binary64 number whose low 32 bits are 0 (the immediate holds the "
                         f"high word only); write its high word in hex")
        return bits >> 32
    if p.kind == "int":
        return _int_raw(o, p.value, pc)
    return _int_raw(o, _eval_expr(o, p, pc, ctx), pc)


def _cmem_raw(o: OpInfo, p: POp, width: int) -> int:
    t = o.type
    bb, ob = t.cmem_split or (0, t.width)
    if p.kind == "caddr":
        raise _OpErr(f"{o.name} is a constant-memory operand: constant memory is written c[BANK][OFFSET] with numbers")
    if not 0 <= p.bank < (1 << bb):
        raise _OpErr(f"constant bank {_hexs(p.bank)} out of range (0x0..{(1 << bb) - 1:#x})")
    if not 0 <= p.value < (1 << ob):
        raise _OpErr(f"constant offset {_hexs(p.value)} out of range (0x0..{(1 << ob) - 1:#x})")
    align = max(width // 8, 1)
    if p.value % align:
        raise _OpErr(f"constant offset {_hexs(p.value)} is not {align}-byte aligned for a {width}-bit operand")
    return (p.bank << ob) | p.value


def _ubase_raw(o: OpInfo, p: POp, wide: bool) -> int:
    """The bits of an address's uniform-register part (``[R2+UR4]``, ``[UR6]``; issue 11): a
    register pair (even register) when the address is 64 bits wide."""
    a = o.addr
    if a.ubase is None:
        raise _OpErr(f"{o.name} has no uniform-register part: write [Ra+offset], not [..+{p.uname}..]")
    pos, w, mask, t = a.ubase
    raw = t.by_name.get(p.uname) if t is not None else None
    if raw is None:
        raise _OpErr(f"{p.uname} is not a {t.name if t is not None else 'uniform'} register")
    if wide and p.uname != a.uzero_name:
        stem, n = o.stem_of.get(p.uname, ("UR", 0)) if p.uname in o.stem_of else _stem_num(p.uname)
        if n % 2:
            raise _OpErr(f"the 64-bit uniform part {p.uname} must be an even register ({stem}{n}:{stem}{n + 1} "
                         f"is not aligned)")
    return raw << pos


def _stem_num(name: str) -> tuple[str, int]:
    i = len(name.rstrip("0123456789"))
    return name[:i], int(name[i:] or 0)


def _addr_raw(o: OpInfo, p: POp, width: int, pc: int, ctx) -> int:
    """The bits (at their positions) of an address operand ``[Ra.64+off]`` /
    ``c[bank][Ra+off]``."""
    a = o.addr
    bits = 0
    if p.name and not p.uname and a.ubase is not None and a.ubase[3] is not None and a.base is not None \
            and p.name not in a.base[3].by_name and p.name in a.ubase[3].by_name:
        p = replace(p, name="", uname=p.name)       # `[UR4+0x10]`: the uniform part alone (issue 11)
    if a.kind == "const":
        if a.bank is not None:
            pos, w, mask, _ = a.bank
            if not 0 <= p.bank <= mask:
                raise _OpErr(f"constant bank {_hexs(p.bank)} out of range for {o.name} (0x0..{mask:#x})")
            bits |= p.bank << pos
        elif p.bank:
            raise _OpErr(f"{o.name} has no bank field: write c[0x0][...]")
    wide = width > 32
    if p.scale:
        if a.scale is None:
            raise _OpErr(f"{o.name} has no scaled base: write [{p.name}+offset], not [{p.name}.{p.scale}...]")
        pos, w, mask, t = a.scale
        raw = t.by_name.get(p.scale)
        if raw is None:
            raise _OpErr(f"scale .{p.scale} is not one of {', '.join('.' + n for n, _ in t.values if n != 'X1')}")
        bits |= raw << pos
    if p.name:
        if a.base is None:
            raise _OpErr(f"{o.name} has no base register: write {'c[..]' if a.kind == 'const' else ''}[offset]")
        pos, w, mask, t = a.base
        raw = t.by_name.get(p.name)
        if raw is None:         # `[UR35+UR4+0x1200]`: two uniform registers (regression: was a KeyError)
            raise _OpErr(f"the base register of {o.name} is a {t.name}, not {p.name}")
        shown = f"{p.name}{'.64' if p.wide else ''}"
        if p.scale == "U32":       # `[R2.U32+UR4]`: one 32-bit register, zero-extended (issue 11)
            if p.wide:
                raise _OpErr(f"write {p.name}.U32 or {p.name}.64, not both")
            return bits | (raw << pos) | _addr_rest(o, p, wide, pc, ctx)
        if wide and not p.wide and p.name not in o.stem_of:
            raise _OpErr(f"the base register of {o.name} is {width} bits wide: write {p.name}.64 (not {shown})")
        if p.wide and not wide:
            raise _OpErr(f"the base register of {o.name} is {width} bits wide: write {p.name} without .64")
        if wide and p.name in o.stem_of:
            stem, n = o.stem_of[p.name]
            count = width // 32
            if n % count:
                raise _OpErr(f"the {width}-bit base {shown} must be an even register ({stem}{n}:{stem}{n + 1} is not aligned)"
                             if count == 2 else f"the {width}-bit base {shown} is not aligned to {count} registers")
            if (stem, n + count - 1) not in o.name_of_num:
                raise _OpErr(f"the {width}-bit base {shown} runs past the last {t.name} register")
        bits |= raw << pos
    elif a.base is not None:
        if a.zero is None:
            raise _OpErr(f"{o.name} needs a base register ({a.base[3].name if a.base[3] else '?'})")
        bits |= a.zero << a.base[0]
    return bits | _addr_rest(o, p, wide, pc, ctx)


def _addr_rest(o: OpInfo, p: POp, wide: bool, pc: int, ctx) -> int:
    """The uniform-register part and the offset of an address operand."""
    a = o.addr
    bits = 0
    if p.uname:
        bits |= _ubase_raw(o, p, wide)
    elif a.ubase is not None and a.uzero is not None:
        bits |= a.uzero << a.ubase[0]
    if p.expr is not None:
        if a.off is None:
            raise _OpErr(f"{o.name} has no offset: write [{p.name or 'Ra'}]")
        pos, w, mask, t = a.off
        v = _eval_expr_raw(p.expr, a.off_name or "", "abs", pos, w, False, pc, ctx)
    else:
        v = p.value
    if a.off is None:
        if v:
            raise _OpErr(f"{o.name} has no offset: write [{p.name or 'Ra'}]")
        return bits
    pos, w, mask, t = a.off
    if t is not None and not a.off_lo <= v <= a.off_hi:
        raise _OpErr(f"address offset {_hexs(v)} does not fit in {a.off_name} ({t.name}: {_hexs(a.off_lo)}..{_hexs(a.off_hi)})")
    return bits | ((v & mask) << pos)





class _Ctx:
    __slots__ = ("symbols", "relocs", "final")

    def __init__(self, symbols: dict | None, final: bool):
        self.symbols = symbols
        self.relocs: list[tuple] = []
        self.final = final


def _eval_expr(o: OpInfo, p: POp, pc: int, ctx: _Ctx) -> int:
    kind = f"shift{o.shift}" if o.fmt == "shift" else "abs"
    return _eval_expr_raw(p.expr, o.name, kind, o.pos, o.width, o.fmt == "pcrel", pc, ctx)


def _eval_expr_raw(e, fname: str, kind: str, pos: int, width: int, pcrel: bool, pc: int, ctx: _Ctx) -> int:
    """Value of a label expression; an undefined symbol (added once) becomes a
    relocation of field *fname* (at *pos*, *width*) and the value is the addend."""
    total = 0
    undefined: list[tuple[int, str]] = []
    syms = ctx.symbols or {}
    for sign, sym, num in e.terms:
        if sym is None:
            total += sign * num
        elif sym == ".":
            total += sign * pc
        elif sym in syms:
            total += sign * syms[sym]
        else:
            undefined.append((sign, sym))
    if not undefined:
        return total
    if pcrel:
        name = undefined[0][1]
        import difflib      # for messages only
        close = difflib.get_close_matches(name, [n for n in syms if n != "."], n=1, cutoff=0.5)
        hint = f"; did you mean '{close[0]}'?" if close else ""
        raise _OpErr(f"undefined label '{name}' (a branch target must be defined in this file{hint})")
    if len(undefined) > 1 or undefined[0][0] < 0:
        raise _OpErr(f"cannot relocate {e.text!r}: an undefined symbol may only be added once "
                     f"(undefined: {', '.join(s for _, s in undefined)})")
    ctx.relocs.append((undefined[0][1], fname, kind, total, pos, width))
    return total


def _encode_plan(plan: Plan, pops: list, pc: int, ctx: _Ctx) -> int:
    word = plan.base  # the written operands' fields and prefix fields are clear
    for j, o, width in plan.steps:
        p = pops[j]
        code = o.code
        if code == K_ENUM:
            raw = _enum_raw(o, p, width)
        elif code == K_INT:
            if o.fmt == "f32":
                raw = _f32_raw(o, p, pc, ctx)
            elif o.fmt == "f16":
                raw = _f16_raw(o, p, pc, ctx)
            elif o.fmt == "f64h":
                raw = _f64h_raw(o, p, pc, ctx)
            elif p.kind == "int":
                raw = _int_raw(o, p.value, pc)
            else:
                raw = _int_raw(o, _eval_expr(o, p, pc, ctx), pc)
        elif code == K_ADDR:
            raw = _addr_raw(o, p, width, pc, ctx)
        else:
            raw = _cmem_raw(o, p, width)
        word |= raw << o.pos
        if p.prefix:
            for c in p.prefix:
                pf = o.prefix_fields[c]
                word |= 1 << pf.pos
    return word
