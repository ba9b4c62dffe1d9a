"""The disassembler: 128-bit words → canonical assembly text.  Never raises on
a word: anything that is not a valid encoding prints as ``.u128 0x…`` with a
warning.

A word is *valid* exactly when the assembler would produce it: an opcode's
decode key matches, no bit is set outside the opcode's fields, every
enumeration field holds a listed value (modifiers: a value the syntax allows),
register pairs are aligned, constant-memory offsets are aligned to the operand
width, and no ``__Exception`` rule is violated.  So for every valid word,
``assemble(print(word)) == word``.

Public API::

    decode_one(db, word, pc=0) -> DecodedLine
    disassemble(db, data, base=0, labels=False) -> list[DecodedLine]
    format_listing(lines, labels=False, hex=False) -> str
"""
from __future__ import annotations

import weakref
import gc
from collections.abc import Mapping
from typing import Any
from itertools import combinations

from ..spec.database import Database
from ..spec.model import Opcode
from .tables import K_ADDR, K_CMEM, K_ENUM, K_INT, OpInfo, state
from .disfast import compile_decoder
from .floats import format_f16, format_f32, format_f64h
from .instruction import Instruction, expr_env, field_readers, per_database, readers_mask

WORD_BYTES = 16
_MEMO_LIMIT = 1_000_000
#: words of an opcode decoded by the reference path before its specialised decoder is made
_COMPILE_AFTER = 2


class DecodedLine:
    """One decoded word.  ``instruction`` (the fields, for the simulator and
    tools) is made on first access."""

    __slots__ = ("pc", "word", "text", "_inst", "warning", "pieces", "label", "size", "_op", "_fieldpos")

    def __init__(self, pc: int, word: int, text: str, instruction: Instruction | None = None,
                 warning: str | None = None, pieces: tuple | None = None, label: str | None = None,
                 size: int = WORD_BYTES, *, op: Opcode | None = None, fieldpos: dict | None = None):
        self.pc = pc
        self.word = word
        self.text = text  # without the trailing " ;"
        self._inst = instruction  # None for raw data
        self.warning = warning
        self.pieces = pieces  # text split around pc-relative targets: (str, int, str, ...)
        self.label = label  # label defined at this address (with labels=True)
        self.size = size
        self._op = op if op is not None else (instruction.opcode if instruction is not None else None)
        self._fieldpos = fieldpos

    @property
    def instruction(self) -> Instruction | None:
        if self._inst is None and self._op is not None:
            fp = self._fieldpos
            if fp is None:
                fp = {f.name: (f.pos, (1 << f.width) - 1) for f in self._op.fields}
            self._inst = Instruction(self._op, self.word, _Fields(fp, self.word), self.pc)
        return self._inst

    @property
    def opcode(self) -> Opcode | None:
        return self._op

    def at(self, pc: int) -> "DecodedLine":
        """The same line at another address (a memo hit of a word whose text does not depend on it)."""
        d = DecodedLine.__new__(DecodedLine)
        d.pc, d.word, d.text, d._inst, d.warning, d.pieces, d.label, d.size, d._op, d._fieldpos = (
            pc, self.word, self.text, None, self.warning, self.pieces, self.label, self.size, self._op, self._fieldpos)
        return d

    def replace(self, **changes) -> "DecodedLine":
        d = {k: getattr(self, k) for k in ("pc", "word", "text", "warning", "pieces", "label", "size")}
        d.update(changes)
        inst = self._inst if d["pc"] == self.pc and d["word"] == self.word else None
        return DecodedLine(d["pc"], d["word"], d["text"], inst, d["warning"], d["pieces"], d["label"], d["size"],
                           op=self._op, fieldpos=self._fieldpos)

    def _key(self) -> tuple:
        return (self.pc, self.word, self.text, self._op, self.warning, self.pieces, self.label, self.size)

    def __eq__(self, other) -> bool:
        return isinstance(other, DecodedLine) and self._key() == other._key()

    __hash__ = None  # type: ignore[assignment]  # mutable

    def __repr__(self) -> str:
        return (f"DecodedLine(pc={self.pc:#x}, word={self.word:#034x}, text={self.text!r}"
                + (f", opcode={self._op.name}" if self._op is not None else "")
                + (f", warning={self.warning!r}" if self.warning else "") + ")")

    def to_dict(self) -> dict:
        d = {"pc": self.pc, "word": f"0x{self.word:032x}", "text": self.text}
        if self._op is not None:
            d["opcode"] = self._op.name
            inst = self.instruction
            assert inst is not None   # an opcode was decoded
            d["fields"] = dict(inst.fields)
        if self.warning:
            d["warning"] = self.warning
        if self.label:
            d["label"] = self.label
        if self.size != WORD_BYTES:
            d["size"] = self.size
        return d


def _hexs(v: int) -> str:
    return f"-{-v:#x}" if v < 0 else f"{v:#x}"


_TABLES: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()


class _Invalid(Exception):
    pass


class _Printer:
    """Compiled printing information for one opcode."""

    def __init__(self, db: Database, op: Opcode):
        st = state(db)
        self.st = st
        self.op = op
        v = st.vinfo[op.name]
        self.v = v
        self.free = op.free_mask
        self.mods = []
        contested = st.contested_defaults(op.mnemonic)
        for m in op.modifiers:
            t = db.types[m.type]
            # a default another opcode of the mnemonic does not share is printed: without it the
            # text would select that opcode (MOVM.U4TO8.M832 beside MOVM.16.MT88; decision D24-2)
            default = None if m.name in contested else m.default
            self.mods.append((m.name, m.field.pos, (1 << m.field.width) - 1, dict(t.by_value), frozenset(m.values), default))
        self.mod_pm = tuple((pos, mask) for _, pos, mask, _, _, _ in self.mods)
        self.mod_mask = sum(mask << pos for pos, mask in self.mod_pm)
        self.mod_cache: dict = {}  # modifier bits of the word -> (mnemonic with modifiers, env)
        self.ctrls = []
        for c in op.controls:
            self.ctrls.append((c.name, c.pos, (1 << c.width) - 1, c.default or 0))
        self.ctrl_mask = sum(mask << pos for _, pos, mask, _ in self.ctrls)
        self.ctrl_default = sum(d << pos for _, pos, _, d in self.ctrls)
        self.ctrl_cache: dict = {}
        self.ops: list[OpInfo] = v.ops
        self.guard = v.guard
        self.pcrel = any(o.fmt == "pcrel" for o in v.ops)
        self.has_exc = bool(op.exceptions)
        # operand widths that depend on field values (Bitwidth<x> = expr): the fields they read
        self.dyn_width = any(o.bw_expr is not None for o in v.ops)
        used = set()
        for o in v.ops:
            if o.bw_expr is not None:
                used |= set(o.bw_expr.names())
        self.wfields = field_readers(db, op, used)
        # the key of width_cache: the bits of those fields and of the modifiers the widths read
        self.wmask = readers_mask(self.wfields) | sum(mask << pos for name, pos, mask, *_ in self.mods if name in used)
        self.width_cache: dict = {}  # bits of the fields the widths read -> {operand index: width}
        self.names = st.names
        self.omit_cache: dict = {}
        self.sel_cache: dict = {}
        self.psid_cache: dict = {}
        self.mnemonic = op.mnemonic
        self.int_sid = st.intern(("i", (), ""))
        self.cmem_sid = st.intern(("c", (), ""))
        self.tables = _TABLES.setdefault(st, {})
        self.fast = [self._fast_spec(o) for o in v.ops]
        self.fieldpos = {f.name: (f.pos, (1 << f.width) - 1) for f in op.fields}
        # the guard: its bits (register and `!`) -> printed prefix ("" when default)
        self.gmask = ((self.guard.mask << self.guard.pos) | self.guard.pclear) if self.guard is not None else 0
        self.gcache: dict = {}
        # the specialised decoder (speed code, gpuisa.asm.disfast), made once the opcode is seen again
        self.fastfn: Any = None
        self.fast_omit: dict = {}  # (key, sigs, bit mask of the default operands) -> kept operands or None
        self.generic_calls = 0

    def _enum_table(self, o: OpInfo, width: int) -> dict:
        """raw value -> (text, signature id) of an enumeration operand at this width (shared per type)."""
        tkey = (o.type.name, width if o.numbered and width > 32 else 32)
        table = self.tables.get(tkey)
        if table is None:
            table = {}
            self.tables[tkey] = table
            for name, raw in o.type.values:
                if o.type.by_value.get(raw) != name:
                    continue
                try:
                    t, kind, types, _ = self.operand(o, raw << o.pos, width, 0)
                except _Invalid:
                    continue
                table[raw] = (t, self.st.intern((kind, types, "")))
        return table

    def _fast_spec(self, o: OpInfo):
        """(kind, o, pos, mask, table, int format, prefix bits, prefix texts, omittable default, prefix default).
        kind: 0 enumeration through a table, 1 plain/shifted integer, 2 anything else (:meth:`operand`),
        3 constant memory c[b][o], 4 enumeration whose width depends on other fields (a table per width)."""
        table = None
        intfmt = None
        kind = 2
        if o.code == K_ENUM and o.bw_const is not None:
            table = self._enum_table(o, o.bw_const)
            kind = 0
        elif o.code == K_ENUM:
            table = {}  # width -> table
            kind = 4
        elif o.code == K_INT and o.fmt not in ("pcrel", "f32", "f16", "f64h") and o.type is not None:
            intfmt = (o.type.signed, o.width, o.shift if o.fmt == "shift" else 0)
            kind = 1
        elif o.code == K_CMEM and o.bw_const is not None and o.type is not None:
            bb, ob = o.type.cmem_split or (0, o.type.width)
            intfmt = (ob, (1 << ob) - 1, max(o.bw_const // 8, 1))
            kind = 3
        # prefix bits -> prefix text ("!", "~", "-", "|": written |x|), for every 0/1 combination
        ptext = {}
        pfields = [(c, o.prefix_fields[c].pos) for c in o.prefix_chars]
        for n in range(1, 1 << len(pfields)):
            bits = 0
            pre = ""
            for k, (c, pos) in enumerate(pfields):
                if n >> k & 1:
                    bits |= 1 << pos
                    pre += c
            ptext[bits] = pre
        return (kind, o, o.pos, o.mask, table, intfmt, o.pclear, ptext, o.default if o.optional else None, o.pdefault)

    def _modifiers(self, bits: int):
        """(mnemonic with the modifiers, modifier env) for the modifier bits of a word; raises _Invalid."""
        raws = [(bits >> pos) & mask for pos, mask in self.mod_pm]
        mtext = [self.mnemonic]
        env = {}
        for (name, _pos, _mask, by_value, allowed, default), raw in zip(self.mods, raws):
            val = by_value.get(raw)
            if val is None or val not in allowed:
                raise _Invalid(f".{name} = {raw} is not a valid value of {self.op.name}")
            env[name] = val
            if val != default:
                mtext.append(val)
        r = (".".join(mtext), env)
        self.mod_cache[bits] = r
        return r

    def _widths(self, word: int, menv: dict) -> dict:
        """Widths of the operands whose Bitwidth reads fields, for this word."""
        key = word & self.wmask
        r = self.width_cache.get(key)
        if r is None:
            env = expr_env(word, self.wfields)
            env.update(menv)
            r = {k: o.bitwidth(env) for k, o in enumerate(self.ops) if o.bw_const is None}
            if len(self.width_cache) < 10_000:
                self.width_cache[key] = r
        return r

    def _guard_text(self, bits: int) -> str:
        g = self.guard
        raw = (bits >> g.pos) & g.mask
        gname = g.type.by_value.get(raw)
        if gname is None:
            raise _Invalid(f"guard {raw} is not a value of {g.type.name}")
        pf = g.prefix_fields.get("!")
        neg = pf is not None and (bits >> pf.pos) & 1
        text = ""
        if raw != g.default or (bits & g.pclear) != g.pdefault:
            text = f"@{'!' if neg else ''}{gname} "
        self.gcache[bits] = text
        return text

    def _controls(self, bits: int) -> str:
        ctl = ""
        for name, pos, mask, default in self.ctrls:
            raw = (bits >> pos) & mask
            if raw != default:
                ctl += f" ${name}={raw if raw < 10 else hex(raw)}"
        if len(self.ctrl_cache) < 100_000:
            self.ctrl_cache[bits] = ctl
        return ctl

    def operand(self, o: OpInfo, word: int, width: int, pc: int):
        """(text, sig kind, sig types, target or None); raises _Invalid."""
        raw = (word >> o.pos) & o.mask
        if o.code == K_ENUM:
            name = o.type.by_value.get(raw)
            if name is None:
                raise _Invalid(f"{o.name} = {raw:#x} is not a value of {o.type.name}")
            if o.numbered and width > 32 and name in o.stem_of:
                stem, n = o.stem_of[name]
                count = width // 32
                if n % count or (stem, n + count - 1) not in o.name_of_num:
                    raise _Invalid(f"{o.name} = {name} is not a valid first register of a {width}-bit pair")
                # printed as NVIDIA listings print groups: the first register (decision A4b)
                return name, "n", self.names.get(name, ()), None
            return name, "n", self.names.get(name, ()), None
        if o.code == K_ADDR:
            return self.address(o, word, width)
        if o.code == K_CMEM:
            bb, ob = o.type.cmem_split or (0, o.type.width)
            bank, off = raw >> ob, raw & ((1 << ob) - 1)
            align = max(width // 8, 1)
            if off % align:
                raise _Invalid(f"constant offset {off:#x} of {o.name} is not {align}-byte aligned")
            return f"c[{bank:#x}][{off:#x}]", "c", (), None
        t = o.type
        v = t.from_raw(raw) if t is not None else raw
        if o.fmt == "pcrel":
            target = pc + 16 + (v << o.shift)
            return _hexs(target), "i", (), target
        if o.fmt == "shift":
            v <<= o.shift
        elif o.fmt == "f32":
            t = format_f32(raw)
            if t[:2] == "0x":
                return t, "i", (), None
            return t, "f", self.names.get(t, ()), None
        elif o.fmt == "f16":
            t = format_f16(raw)
            return t, ("i" if t[:2] == "0x" or "." not in t and "e" not in t else "f"), (), None
        elif o.fmt == "f64h":
            t = format_f64h(raw)
            return t, ("i" if t[:2] == "0x" or ("." not in t and "e" not in t and "INF" not in t) else "f"), \
                self.names.get(t, ()), None
        return _hexs(v), "i", (), None

    @staticmethod
    def _odd(name: str) -> bool:
        digits = name[len(name.rstrip("0123456789")):]
        return bool(digits) and int(digits) % 2 == 1

    def address(self, o: OpInfo, word: int, width: int, explicit: bool = False, off_text: str | None = None):
        """``[Ra.64+0x10]``, ``[Ra]``, ``[0x10]``, ``c[0x3][Ra-0x8]``: the
        base is left out when it is the zero register and an offset exists,
        the offset when it is 0 and a base is shown.  *off_text* replaces the
        offset (a relocation: ``[Ra.64+`(sym)]``)."""
        a = o.addr
        base = bname = ""
        if a.base is not None:
            pos, _, mask, t = a.base
            raw = (word >> pos) & mask
            name = t.by_value.get(raw)
            if name is None:
                raise _Invalid(f"base of {o.name} = {raw:#x} is not a value of {t.name}")
            scaled = a.scale is not None and ((word >> a.scale[0]) & a.scale[2]) != 0   # `[RZ.X4+imm]`
            u32 = scaled and a.scale[3].by_value.get((word >> a.scale[0]) & a.scale[2]) == "U32"
            if u32:        # `[R4.U32+UR4]`: one 32-bit register, zero-extended (issue 11)
                bname, base = name, f"{name}.U32"
            elif raw != a.zero or a.off is None or explicit or scaled:
                if width > 32 and name in o.stem_of:
                    stem, n = o.stem_of[name]
                    count = width // 32
                    if n % count or (stem, n + count - 1) not in o.name_of_num:
                        raise _Invalid(f"base of {o.name} = {name} is not a valid {width}-bit register")
                bname = name
                base = f"{name}.64" if width > 32 else name
                if a.scale is not None:   # `[R29.X4+0x400]` (issue 11)
                    sname = a.scale[3].by_value.get((word >> a.scale[0]) & a.scale[2])
                    if sname is None:
                        raise _Invalid(f"scale of {o.name} is not a value of {a.scale[3].name}")
                    if sname != "X1":
                        base = f"{base}.{sname}"
        if a.ubase is not None:     # the uniform-register part, `[R2+UR4]` / `[UR4+0x10]` (issue 11)
            upos, _, umask, ut = a.ubase
            uraw = (word >> upos) & umask
            if uraw != a.uzero:
                uname = ut.by_value.get(uraw)
                if uname is None:
                    raise _Invalid(f"uniform base of {o.name} = {uraw:#x} is not a value of {ut.name}")
                if width > 32 and self._odd(uname):
                    raise _Invalid(f"uniform base of {o.name} = {uname} is not a valid 64-bit register pair")
                if a.base is not None and not bname and raw == a.zero and a.off is not None:
                    base = uname       # [UR4+0x10]: the zero register is left out
                else:
                    base = f"{base or a.zero_name}+{uname}"
        if a.off is not None:
            pos, w, mask, t = a.off
            v = (word >> pos) & mask
            if t is not None and t.signed and v >> (w - 1):
                v -= 1 << w
            if off_text is not None:
                inner = f"{base}+{off_text}" if base else off_text
            elif base:
                inner = base if v == 0 else (f"{base}+{v:#x}" if v > 0 else f"{base}-{-v:#x}")
            else:
                inner = _hexs(v)
        else:
            inner = base
        if a.kind == "mem":
            return f"[{inner}]", "m", (self.names.get(bname, ("?",)) if bname else ()), None
        bank = (word >> a.bank[0]) & a.bank[2] if a.bank is not None else 0
        if base:
            return f"c[{bank:#x}][{inner}]", "k", self.names.get(bname, ("?",)), None
        return f"c[{bank:#x}][{inner}]", "c", (), None

    def decode(self, word: int, pc: int, subst: dict | None = None):
        """Returns (text, pieces) or raises _Invalid.  *subst* maps field names
        to texts printed instead of their values (relocations: `` `(sym) ``);
        such an operand is never left out.  The specialised decoder
        (:mod:`gpuisa.asm.disfast`) first, then :meth:`decode_generic`."""
        if subst is None:
            if self.fastfn is not None:
                r = self.try_fast(word, pc)
                if r is not None:
                    return r
            else:
                self.generic_calls += 1
                if self.generic_calls >= _COMPILE_AFTER:
                    self.fastfn = compile_decoder(self, _Invalid)
        return self.decode_generic(word, pc, subst)

    def try_fast(self, word: int, pc: int):
        """``(text, pieces)`` from the specialised decoder, or None when there is none yet or it
        declines the word (the reference path then decodes it)."""
        f = self.fastfn
        if f is None:
            return None
        try:
            return f(word, pc)
        except _Invalid:
            return None

    def _fast_keep(self, sk: tuple):
        """:meth:`_kept_operands` for the specialised decoder's key (key, sigs, bit mask of the
        default operands), remembered in :attr:`fast_omit`."""
        key, sigs, om = sk
        n = len(sigs)
        keep = self._kept_operands(key, list(sigs), [k for k in range(n) if om >> k & 1], n)
        self.fast_omit[sk] = keep
        return keep

    def _fast_pieces(self, head: str, key: str, sigs: tuple | None, om: int, texts: tuple, targets: tuple,
                     ctl: str):
        """The end of :meth:`decode_generic` for the specialised decoder of an opcode with a
        branch target: the kept operands (*om*: the default ones), the text, its pieces."""
        if om:
            sk = (key, sigs, om)
            keep = self.fast_omit.get(sk, _MISSING)
            if keep is _MISSING:
                keep = self._fast_keep(sk)
            if keep is not None:
                texts = tuple(texts[k] for k in keep)
                targets = tuple(targets[k] for k in keep)
        text = f"{head} {', '.join(texts)}{ctl}" if texts else head + ctl
        if not any(t is not None for t in targets):
            return text, None
        return text, _pieces(head, list(texts), list(targets), ctl)

    def decode_generic(self, word: int, pc: int, subst: dict | None = None):
        """:meth:`decode` without the specialised decoder: the reference path."""
        if word & self.free:
            raise _Invalid(f"bits set outside the fields of {self.op.name}: {word & self.free:#x}")
        if self.mod_mask:
            mb = word & self.mod_mask
            m = self.mod_cache.get(mb)
            if m is None:
                m = self._modifiers(mb)
            key, menv = m
        else:
            key, menv = self.mnemonic, {}
        if self.has_exc:
            bad = self.v.violation(word)
            if bad is not None:
                raise _Invalid(f"violates {self.op.name} rule: {bad.message}")
        widths: Any = self._widths(word, menv) if self.dyn_width else None
        gtext: str | None = ""
        if self.gmask:
            gb = word & self.gmask
            gtext = self.gcache.get(gb)
            if gtext is None:
                gtext = self._guard_text(gb)
        texts, sigs, omittable, zero_base, targets = self._operand_texts(word, pc, subst, widths)
        if zero_base:
            self._explicit_zero_bases(word, key, subst, texts, sigs, zero_base)
        keep = None
        if omittable:
            keep = self._kept_operands(key, sigs, omittable, len(texts))
            if keep is not None:
                texts = [texts[k] for k in keep]
        cb = word & self.ctrl_mask
        ctl = ""
        if cb != self.ctrl_default:
            cached = self.ctrl_cache.get(cb)
            ctl = cached if cached is not None else self._controls(cb)
        head = gtext + key
        text = f"{head} {', '.join(texts)}{ctl}" if texts else head + ctl
        if targets is None:
            return text, None
        if keep is not None:
            targets = [targets[k] for k in keep]
        if not any(t is not None for t in targets):
            return text, None
        return text, _pieces(head, texts, targets, ctl)

    def _operand_texts(self, word: int, pc: int, subst: dict | None, widths: Any) -> tuple:
        """Every operand's text and signature id, in order: ``(texts, sigs,
        omittable indices, zero-base addresses, branch targets or None)``."""
        st = self.st
        texts = []
        sigs = []
        omittable: list = []
        zero_base: list = []
        targets: list | None = [] if self.pcrel else None
        k = -1
        for kind, o, pos, mask, table, intfmt, pclear, ptext, dflt, pdef in (self.fast if subst is None else
                                                                             self._subst_specs(subst)):
            k += 1
            raw = (word >> pos) & mask
            if kind == 0:
                ent = table.get(raw)
                if ent is None:
                    self.operand(o, word, o.bw_const, pc)  # raises with the reason
                    raise _Invalid(f"{o.name} = {raw:#x} is not valid")
                t, sid = ent
                target = None
            elif kind == 1:
                signed, w, sh = intfmt
                v = raw - (1 << w) if signed and raw >> (w - 1) else raw
                if sh:
                    v <<= sh
                t = f"-{-v:#x}" if v < 0 else f"{v:#x}"
                sid = self.int_sid
                target = None
            elif kind == 3:
                ob, omask, align = intfmt
                off = raw & omask
                if off % align:
                    raise _Invalid(f"constant offset {off:#x} of {o.name} is not {align}-byte aligned")
                t = f"c[{raw >> ob:#x}][{off:#x}]"
                sid = self.cmem_sid
                target = None
            elif kind == 4:
                width = widths[k]
                tw = table.get(width)
                if tw is None:
                    tw = table[width] = self._enum_table(o, width)
                ent = tw.get(raw)
                if ent is None:
                    self.operand(o, word, width, pc)  # raises with the reason
                    raise _Invalid(f"{o.name} = {raw:#x} is not valid")
                t, sid = ent
                target = None
            elif kind == 5:  # a relocated operand: its text is given (table)
                width = o.bw_const if o.bw_const is not None else widths[k]
                target = None
                if o.code == K_ADDR:
                    t, skind, types, _ = self.address(o, word, width, off_text=table)
                    sid = st.intern((skind, types, ""))
                    if not types and o.addr.base is not None:
                        zero_base.append((k, o, width))
                else:
                    t, sid = table, self.int_sid
            else:
                width = o.bw_const if o.bw_const is not None else widths[k]
                t, skind, types, target = self.operand(o, word, width, pc)
                sid = st.intern((skind, types, ""))
                if o.code == K_ADDR and not types and o.addr.base is not None:
                    zero_base.append((k, o, width))
            if pclear:
                pbits = word & pclear
                if pbits:
                    t, sid = self._prefixed(o, t, sid, ptext.get(pbits))
                if dflt is not None and raw == dflt and pbits == pdef:
                    omittable.append(k)
            elif dflt is not None and raw == dflt:
                omittable.append(k)
            texts.append(t)
            sigs.append(sid)
            if targets is not None:
                targets.append(target)
        return texts, sigs, omittable, zero_base, targets

    def _prefixed(self, o: OpInfo, t: str, sid: int, pre: str | None) -> tuple[str, int]:
        """An operand's text and signature id with its written prefixes (``-``, ``!``, ``|x|``)."""
        if pre is None:
            raise _Invalid(f"prefix field of {o.name} is not 0 or 1")
        t = f"{pre.replace('|', '')}|{t}|" if "|" in pre else pre + t    # nvdisasm's -|x| (|x| first, then -)
        psk = (sid, pre)
        p_sid = self.psid_cache.get(psk)
        if p_sid is None:
            skind, types, _ = self.st.sig_list[sid]
            p_sid = self.psid_cache[psk] = self.st.intern((skind, types, pre))
        return t, p_sid

    def _explicit_zero_bases(self, word: int, key: str, subst: dict | None, texts: list, sigs: list,
                             zero_base: list) -> None:
        st = self.st
        # `[0x10]` leaves the zero base register out; keep it (`[URZ+0x10]`) when
        # the shorter text would select another variant
        sk = (key, tuple(sigs))
        ok = self.sel_cache.get(sk)
        if ok is None:
            plans = st.plan(key, sk[1])
            ok = type(plans) is list and plans[0].v is self.v and self._same(plans[0], ())
            self.sel_cache[sk] = ok
        if not ok:
            for k, o, width in zero_base:
                off_text = subst.get(o.addr.off_name) if subst is not None else None
                t, skind, types, _ = self.address(o, word, width, explicit=True, off_text=off_text)
                texts[k] = t
                sigs[k] = st.intern((skind, types, ""))

    def _kept_operands(self, key: str, sigs: list, omittable: list, n: int) -> list | None:
        """Omission of default operands, as long as the text still selects this
        opcode: the indices of the operands kept, None when all are."""
        ck = (key, tuple(sigs), tuple(omittable))
        omit = self.omit_cache.get(ck)
        if omit is None:
            omit = self._choose_omit(key, sigs, omittable)
            self.omit_cache[ck] = omit
        if omit:
            return [k for k in range(n) if k not in omit]
        return None

    def _subst_specs(self, subst: dict) -> list:
        """:attr:`fast` with the operands named in *subst* (an integer field, or the offset field of
        an address) turned into kind 5: a given text, never omitted."""
        specs = []
        for spec in self.fast:
            o = spec[1]
            name = o.addr.off_name if o.code == K_ADDR else (o.name if o.code == K_INT else None)
            if name is not None and name in subst:
                spec = (5, o, spec[2], spec[3], subst[name], None, spec[6], spec[7], None, spec[9])
            specs.append(spec)
        return specs

    def _choose_omit(self, key: str, sigs: list, omittable: list) -> frozenset:
        st = self.st
        top = len(omittable)
        if top == len(sigs) and any(self.ops[k].code != K_ENUM for k in omittable):
            top -= 1  # `CALL.ABS 0x0`, not `CALL.ABS`: keep a number when everything is default
        # The choice without the written prefixes (`-`, `!`, `|x|`) is shared by every prefix
        # combination: prefixes only remove candidates, and this opcode's operands accept the
        # prefixes they printed, so when the first combination tried selects this opcode without
        # them, it does with them (the assembler's fast path argues the same, _fast_plan).
        if top and any(st.sig_list[s][2] for s in sigs):
            bare = [st.intern(st.sig_list[s][:2] + ("",)) for s in sigs]
            bk = (key, tuple(bare), tuple(omittable))
            b = self.omit_cache.get(bk)
            if b is None:
                b = self.omit_cache[bk] = self._choose_omit(key, bare, omittable)
            if b and b == frozenset(omittable[:top]):
                return b
        for r in range(top, 0, -1):
            for combo in combinations(omittable, r):
                sub = tuple(s for k, s in enumerate(sigs) if k not in combo)
                plans = st.plan(key, sub)
                if type(plans) is list and plans[0].v is self.v and self._same(plans[0], combo):
                    return frozenset(combo)
        return frozenset()

    def _same(self, plan, combo) -> bool:
        # the plan must map the remaining operands to the same operand slots
        kept = [o for k, o in enumerate(self.ops) if k not in combo]
        return [o for _, o, _ in plan.steps] == kept


def _pieces(head: str, texts: list, targets: list, ctl: str) -> tuple:
    """The text cut around the branch targets (``pieces``: text, target, text...)."""
    pieces: list = []
    cur = head + " "
    for n, (t, target) in enumerate(zip(texts, targets)):
        if n:
            cur += ", "
        if target is not None:
            pieces.append(cur)
            pieces.append(target)
            cur = ""
        else:
            cur += t
    pieces.append(cur + ctl)
    return tuple(pieces)


class _DState:
    def __init__(self, db: Database):
        self.db = db
        self.printers: dict[str, _Printer] = {}
        self.memo: dict[int, DecodedLine] = {}
        # Database.lookup depends only on the bits of the decode masks: cache it by them
        self.key_mask = 0
        for mask, _ in db._decode:
            self.key_mask |= mask
        self.by_key: dict[int, _Printer | None] = {}

    def printer(self, op: Opcode) -> _Printer:
        p = self.printers.get(op.name)
        if p is None:
            p = _Printer(self.db, op)
            self.printers[op.name] = p
        return p


_dstate = per_database(_DState)  # _dstate(db) -> the disassembler's printers and caches for db


def raw_text(word: int) -> str:
    return f".u128 {word:#034x}"


def _decode(ds: _DState, word: int, pc: int) -> DecodedLine:
    m = ds.memo.get(word)
    if m is not None:
        return m if m.pc == pc else m.at(pc)
    pr: Any = ds.by_key.get(word & ds.key_mask, _MISSING)
    if pr is _MISSING:
        op = ds.db.lookup(word)
        pr = ds.printer(op) if op is not None else None
        if len(ds.by_key) < 100_000:
            ds.by_key[word & ds.key_mask] = pr
    if pr is None:
        line = DecodedLine(pc, word, raw_text(word), None, "no opcode matches this word")
        if len(ds.memo) < _MEMO_LIMIT:
            ds.memo[word] = line
        return line
    try:
        text, pieces = pr.decode(word, pc)
    except _Invalid as e:
        line = DecodedLine(pc, word, raw_text(word), None, f"{pr.op.name}: {e}")
        if len(ds.memo) < _MEMO_LIMIT:
            ds.memo[word] = line
        return line
    line = DecodedLine(pc, word, text, None, None, pieces, op=pr.op, fieldpos=pr.fieldpos)
    if not pr.pcrel and len(ds.memo) < _MEMO_LIMIT:
        ds.memo[word] = line
    return line


_MISSING = object()


class _Fields(Mapping):
    """Raw field values of a word, extracted on access."""

    __slots__ = ("_pos", "_word")

    def __init__(self, fieldpos: dict, word: int):
        self._pos = fieldpos
        self._word = word

    def __getitem__(self, name: str) -> int:
        pos, mask = self._pos[name]
        return (self._word >> pos) & mask

    def __iter__(self):
        return iter(self._pos)

    def __len__(self) -> int:
        return len(self._pos)

    def __repr__(self) -> str:
        return repr(dict(self))


def decode_one(db: Database, word: int, *, pc: int = 0) -> DecodedLine:
    """Decode one 128-bit word.  Never raises for any int in [0, 2**128)."""
    if not 0 <= word < (1 << 128):
        from ..errors import UsageError
        raise UsageError(f"word {word:#x} is not a 128-bit value")
    return _decode(_dstate(db), word, pc)


def symbol_text(symbol: str, addend: int = 0) -> str:
    """`` `(sym) ``, `` `(sym + 0x10) ``, `` `(sym - 0x8) ``: a symbol reference as the assembler reads it."""
    if not addend:
        return f"`({symbol})"
    return f"`({symbol} {'+' if addend > 0 else '-'} {abs(addend):#x})"


def decode_relocated(db: Database, word: int, subst: dict[str, str], *, pc: int = 0) -> DecodedLine:
    """:func:`decode_one`, with the operands of the fields named in *subst* (an integer
    field, or an address's offset field) printed as the given text, e.g. a relocation
    `` `(.Ext) `` instead of the addend the field holds; such operands are never left out."""
    line = decode_one(db, word, pc=pc)
    op = line.opcode
    if op is None or not subst:
        return line
    try:
        text, pieces = _dstate(db).printer(op).decode(word, pc, subst)
    except _Invalid:
        return line
    return line.replace(text=text, pieces=pieces)


def disassemble(db: Database, data: bytes, *, base: int = 0, labels: bool = False) -> list[DecodedLine]:
    """Disassemble little-endian 128-bit words.  Trailing bytes that do not
    make a whole word become a final line ``.u8 0x.., ...`` with a warning."""
    ds = _dstate(db)
    n = len(data) // WORD_BYTES
    out: list[DecodedLine] = []
    frombytes = int.from_bytes
    dec = _decode
    pc = base
    gc_was = gc.isenabled()
    gc.disable()  # no cycles among the objects made here
    try:
        for k in range(n):
            out.append(dec(ds, frombytes(data[k * 16:k * 16 + 16], "little"), pc))
            pc += 16
    finally:
        if gc_was:
            gc.enable()
    rest = data[n * WORD_BYTES:]
    if rest:
        out.append(DecodedLine(pc, int.from_bytes(rest, "little"), ".u8 " + ", ".join(f"{b:#04x}" for b in rest), None,
                               f"truncated input: {len(rest)} trailing byte(s) do not make a 16-byte word", None, None,
                               len(rest)))
    if labels:
        out = add_labels(out, base, pc)
    return out


def add_labels(lines: list[DecodedLine], lo: int, hi: int, symbols: Mapping[str, int] | None = None) -> list[DecodedLine]:
    """Pc-relative targets (BRA, BSSY) written as labels, nvdisasm style: `` `(name) ``, with
    ``label`` set on the line at the target.  A target that has a name in *symbols* (the
    source's labels; the first one defined at an address) keeps it, at any address; any other
    target inside [lo, hi) gets ``.L_x_N`` (N counting up in address order, skipping names that
    *symbols* uses).  Other targets stay addresses.  ``gpuisa dis --labels`` (no symbols) and the
    ``gpuisa asm`` listing share this."""
    symbols = symbols or {}
    by_addr: dict[int, str] = {}
    for name, addr in symbols.items():
        by_addr.setdefault(addr, name)
    targets = sorted({t for ln in lines if ln.pieces for t in ln.pieces[1::2]
                      if t in by_addr or (lo <= t < hi and (t - lo) % 16 == 0)})
    if not targets:
        return lines
    names = {}
    n = 0
    for t in targets:
        if t in by_addr:
            names[t] = by_addr[t]
            continue
        while f".L_x_{n}" in symbols:
            n += 1
        names[t] = f".L_x_{n}"
        n += 1
    out = []
    for ln in lines:
        label = names.get(ln.pc)
        if ln.pieces:
            text = "".join(p if isinstance(p, str) else (f"`({names[p]})" if p in names else _hexs(p)) for p in ln.pieces)
            ln = ln.replace(text=text, label=label)
        elif label:
            ln = ln.replace(label=label)
        out.append(ln)
    return out


def listing_of(db: Database, data: bytes, *, base: int = 0) -> str:
    """``format_listing(disassemble(db, data, base=base))``, made without a
    :class:`DecodedLine` per word (``gpuisa dis`` without options): each distinct
    word's line text is remembered unless it depends on its address (a branch
    target), so a word seen again costs a dictionary look-up."""
    ds = _dstate(db)
    n = len(data) // WORD_BYTES
    if n * WORD_BYTES != len(data):
        return format_listing(disassemble(db, data, base=base))
    tmemo: dict[int, str] = {}
    out: list[str] = []
    frombytes = int.from_bytes
    dec = _decode
    by_key = ds.by_key
    km = ds.key_mask
    pc = base
    gc_was = gc.isenabled()
    gc.disable()
    try:
        for k in range(n):
            w = frombytes(data[k * 16:k * 16 + 16], "little")
            t = tmemo.get(w)
            if t is None:
                # the opcode's specialised decoder when it has one (gpuisa.asm.disfast), else _decode
                pr = by_key.get(w & km)
                r = pr.try_fast(w, pc) if pr is not None else None
                if r is not None:
                    t = r[0] + " ;"
                    if r[1] is None and len(tmemo) < _MEMO_LIMIT:
                        tmemo[w] = t
                else:
                    ln = dec(ds, w, pc)
                    t = f"{ln.text} ;  // warning: {ln.warning}" if ln.warning else f"{ln.text} ;"
                    if ln.pieces is None and len(tmemo) < _MEMO_LIMIT:
                        tmemo[w] = t
            out.append(f"        /*{pc:04x}*/  {t}")
            pc += 16
    finally:
        if gc_was:
            gc.enable()
    return "\n".join(out) + ("\n" if out else "")


def format_listing(lines: list[DecodedLine], labels: bool = False, hex: bool = False) -> str:  # noqa: A002
    """nvdisasm-like listing: ``/*0010*/  TEXT ;`` (with ``hex``: the low and
    high 64 bits as ``/* 0x… */`` comments on two lines)."""
    out = []
    for ln in lines:
        if ln.label and labels:
            out.append(f"{ln.label}:")
        s = f"        /*{ln.pc:04x}*/  {ln.text} ;"
        if hex:
            s = s.ljust(72) + f"  /* {ln.word & ((1 << 64) - 1):#018x} */"
            if ln.warning:
                s += f"  // warning: {ln.warning}"
            out.append(s)
            out.append(" " * 74 + f"/* {ln.word >> 64:#018x} */")
            continue
        if ln.warning:
            s += f"  // warning: {ln.warning}"
        out.append(s)
    return "\n".join(out) + ("\n" if out else "")
