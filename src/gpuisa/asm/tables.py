"""The assembler's and the disassembler's compiled view of the database.

What both directions compile from the database lives here, so data flows one
way (``tables`` <- ``disassembler`` <- ``assembler``): operand kinds
(``K_*``), :class:`OpInfo` per operand, :class:`VInfo` per opcode variant,
and :class:`_State`, the per-database cache of operand signatures, modifier
resolution and variant plans (``state(db)``).  The disassembler asks the
same variant choice the assembler makes (``state(db).plan``) to print the
shortest text that assembles back to the same word.
"""
from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from ..errors import Coord
from ..spec.database import Database
from ..spec.model import Opcode, Operand
from .instruction import expr_env, field_readers, per_database, readers_mask
from .lexer import POp, OperandSyntaxError, has_hints, parse_number, parse_operand

_RE_NUMBERED = re.compile(r"^([A-Za-z_]+?)(\d+)$")
#: a name with the prefixes parse_operand reads most (``R2``, ``-R2``, ``~-R2``, ``|R2|``, ``-|R2|``):
#: prefix characters, ``|``, the name
_RE_PNAME = re.compile(r"^([!~-]{0,2})(\|)?([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z0-9_]+)*)(?(2)\|)$")
_RE_FLOAT_WORD = re.compile(r"^(?i:inf|infinity|q?nan)$")
#: a quick test before lexer.has_hints (a superset of its hints)
_RE_HINTISH = re.compile(r"reuse|desc|\+|REDUX|MATCH\.|CAST|WARPSYNC\.|ENDCOLLECTIVE|\|\.|\] \[| (?:`\(|-?0x)")

K_ENUM, K_INT, K_CMEM, K_ADDR = 0, 1, 2, 3


def aligned_group(o: "OpInfo", name: str, count: int) -> bool:
    """*name* (a numbered register) starts an aligned group of *count* registers of its file."""
    stem, n = o.stem_of[name]
    return n % count == 0 and (stem, n + count - 1) in o.name_of_num


def _zero_register(t) -> tuple[str | None, int | None]:
    """(name, raw value) of the zero register of a register type (``RZ``, ``URZ``: the numbered
    stem + ``Z``), (None, None) when it has none."""
    if t is not None and t.is_enum:
        _, stem_of, _ = _numbering(t)
        for stem in sorted({s for s, _ in stem_of.values()}):
            if stem + "Z" in t.by_name:
                return stem + "Z", t.by_name[stem + "Z"]
    return None, None


class AddrInfo:
    """The parts of a memory-address operand (``Address<x> = MemAddr/ConstAddr``):
    (pos, width, mask, type) of the base register, the offset and the bank
    fields (None when absent), and the raw value of the base's zero register
    (``RZ``/``URZ``: the numbered stem + ``Z``), used for ``[offset]``."""

    __slots__ = ("kind", "base", "off", "bank", "zero", "zero_name", "off_name", "bank_name", "off_lo", "off_hi",
                 "scale", "ubase", "uzero", "uzero_name")
    #: (pos, width, mask, BitFieldType | None) of a part, None when the address has no such part
    base: Any
    scale: Any         # `.X4`-style scale of the base (issue 11), None when the address has none
    ubase: Any         # the uniform-register part `[Ra+URb+imm]` (issue 11), None when the address has none
    uzero: Any         # raw value of that part's zero register (URZ: no uniform part)
    uzero_name: str | None
    off: Any
    bank: Any
    zero: Any          # raw value of the base's zero register, None when it has none
    zero_name: str | None
    off_lo: int
    off_hi: int

    def __init__(self, db: Database, o: Operand):
        ad = o.address
        assert ad is not None   # an address operand
        self.kind = ad.kind  # "mem" | "const"

        def part(f):
            if f is None:
                return None
            return (f.pos, f.width, (1 << f.width) - 1, db.types.get(f.type))

        self.base, self.off, self.bank = part(ad.base), part(ad.offset), part(ad.bank)
        self.scale = part(ad.scale)
        self.ubase = part(ad.ubase)
        self.uzero_name, self.uzero = _zero_register(self.ubase[3] if self.ubase else None)
        self.off_name = ad.offset.name if ad.offset else None
        ot = self.off[3] if self.off else None
        self.off_lo, self.off_hi = (ot.min, ot.max) if ot is not None else (0, (1 << ad.offset.width) - 1 if ad.offset else 0)
        if self.kind == "const" and ot is not None and not ot.signed:
            # a constant-bank address wraps at the bank's size (2^width bytes): nvdisasm prints the
            # upper half of the offset as negative (`c[0x3][R36+-0x10]` is +0xfff0; decision D6-cl-1)
            self.off_lo = -(1 << (ot.width - 1))
        self.bank_name = ad.bank.name if ad.bank else None
        self.zero_name, self.zero = _zero_register(self.base[3] if self.base else None)


class OpInfo:
    """Everything needed to encode/print one operand of one opcode.

    For an address operand (``code == K_ADDR``) ``pos`` is 0 and ``mask`` the
    absolute mask of all its fields, ``default`` their absolute default bits
    (or None), ``type`` the base register's type and ``addr`` the parts."""

    __slots__ = ("operand", "name", "pos", "width", "mask", "code", "type", "prefix_fields", "prefix_chars",
                 "optional", "default", "fmt", "shift", "bw_const", "bw_expr", "numbered", "stem_of", "name_of_num",
                 "addr", "pclear", "pdefault")
    #: the operand's type (the base register's for an address); None for a type the database lacks
    type: Any
    #: the address parts; set when ``code == K_ADDR`` (None otherwise, never read then)
    addr: AddrInfo
    default: int | None
    bw_const: int | None   # the bit width when it does not depend on modifiers
    bw_expr: Any           # else its expression

    def __init__(self, db: Database, o: Operand):
        self.operand = o
        self.name = o.name
        f = o.field
        self.pos, self.width, self.mask = f.pos, f.width, ((1 << f.width) - 1)
        t = db.types.get(o.type)
        self.type = t
        self.code = {"enum": K_ENUM, "cmem": K_CMEM, "address": K_ADDR}.get(o.kind, K_INT)
        self.prefix_fields = {c: pf for c, pf in o.prefixes}
        self.prefix_chars = "".join(c for c, _ in o.prefixes)
        # prefix fields: all their bits (cleared when the operand is written) and their defaults
        self.pclear = 0
        self.pdefault = 0
        for _, pf in o.prefixes:
            self.pclear |= pf.mask
            self.pdefault |= (pf.default or 0) << pf.pos
        self.optional = f.default is not None
        self.default = f.default
        self.addr = None  # type: ignore[assignment]  # see the class annotation
        if self.code == K_ADDR:
            assert o.address is not None
            parts = o.address.parts
            self.addr = AddrInfo(db, o)
            self.type = self.addr.base[3] if self.addr.base else None
            self.pos, self.width = 0, 128
            self.mask = 0
            for pf in parts:
                self.mask |= pf.mask
            self.optional = all(pf.default is not None for pf in parts)
            self.default = sum((pf.default or 0) << pf.pos for pf in parts) if self.optional else None
            t = self.type
        self.fmt = o.asm_format.func if o.asm_format else None
        self.shift = o.asm_format.shift if o.asm_format else 0
        if o.bitwidth is None:
            self.bw_const, self.bw_expr = 32, None
        elif not o.bitwidth.names():
            self.bw_const, self.bw_expr = int(o.bitwidth.eval({})), None
        else:
            self.bw_const, self.bw_expr = None, o.bitwidth
        # numbered register names: R5 -> ("R", 5)
        self.numbered, self.stem_of, self.name_of_num = _numbering(t)

    def bitwidth(self, env: dict) -> int:
        if self.bw_const is not None:
            return self.bw_const
        try:
            return int(self.bw_expr.eval(env))
        except Exception:  # noqa: BLE001 - unknown names are reported by the spec checker
            return 32

    def describe(self, width: int = 32) -> str:
        if self.code == K_ADDR:
            a = self.addr
            inner = ""
            if a.base:
                inner = a.base[3].name if a.base[3] else "?"
                if width > 32:
                    inner += ".64"
            if a.off:
                ot = a.off[3].name if a.off[3] else "imm"
                inner = f"{inner}+{ot}" if inner else ot
            if a.kind == "const":
                bt = a.bank[3].name if a.bank and a.bank[3] else "0x0"
                return f"c[{bt}][{inner}]"
            return f"[{inner}]"
        if self.fmt in ("f32", "f16", "f64h"):
            return {"f32": "float", "f16": "half", "f64h": "double"}[self.fmt]
        t = self.type.name if self.type else self.operand.type
        if self.code == K_ENUM and self.numbered and width > 32:
            t = f"{t} pair"
        pre = "".join(f"[{c}]" for c in self.prefix_chars if c != "|")
        s = f"{pre}{t}"
        if self.fmt == "pcrel":
            s += " target"
        elif self.fmt == "shift":
            s += f"<<{self.shift}"
        return s


_NUMBERING: dict = {}


def _numbering(t) -> tuple[bool, dict, dict]:
    """For an enumeration of register names: (numbered?, name -> (stem, n), (stem, n) -> name)."""
    if t is None or not t.is_enum:
        return False, {}, {}
    key = (t.name, t.values)
    r = _NUMBERING.get(key)
    if r is None:
        stem_of, name_of = {}, {}
        for n, _ in t.values:
            m = _RE_NUMBERED.match(n)
            if m:
                stem_of[n] = (m.group(1), int(m.group(2)))
                name_of[(m.group(1), int(m.group(2)))] = n
        r = (len(stem_of) * 2 > len(t.values), stem_of, name_of)
        _NUMBERING[key] = r
    return r


_MISSING = object()


class VInfo:
    """A compiled opcode variant."""

    __slots__ = ("op", "guard", "ops", "mods", "controls", "base", "has_exc", "syntax_names", "mod_by_value",
                 "exc_fields", "exc_cache", "exc_mask", "db", "fdefaults", "dyn_widths", "widths", "mod_index")

    def __init__(self, db: Database, op: Opcode):
        self.op = op
        self.guard = OpInfo(db, op.guard) if op.guard is not None else None
        self.ops = [OpInfo(db, o) for o in op.asm_operands]
        self.mods = op.modifiers
        self.controls = {c.name: c for c in op.controls}
        base = op.decode_value
        for f in op.fields:
            if f.fixed is None and f.default is not None:
                base |= f.default << f.pos
        self.base = base
        #: the fields' defaults (the environment of the operand widths, under the modifiers)
        self.fdefaults = {f.name: f.default for f in op.fields if f.default is not None}
        #: the names the operand widths read, sorted; empty when no width depends on the
        #: modifiers or fields (an OpInfo's width expression without names is its bw_const)
        self.dyn_widths = tuple(sorted({n for o in self.ops if o.bw_const is None for n in o.bw_expr.names()}))
        #: the operand widths when none depends on the modifiers or fields, else None
        self.widths = None if self.dyn_widths else tuple([o.bw_const for o in self.ops])
        self.mod_index: tuple | None = None   # _State._mod_index(self), made on first use
        self.has_exc = bool(op.exceptions)
        # the fields the __Exception conditions read: their verdict is cached by those fields' values
        self.db = db
        used = set()
        for r in op.exceptions:
            try:
                used |= set(r.condition.names())
            except Exception:  # noqa: BLE001 - an expression without names()
                used |= {f.name for f in op.fields}
        self.exc_fields = field_readers(db, op, used)
        self.exc_mask = readers_mask(self.exc_fields)
        self.exc_cache: dict = {}  # bits of those fields -> violated rule or None
        names = set()
        if op.syntax is not None:
            names |= {o.name for o in op.syntax.operands}
        names |= {o.name for o in op.operands}
        self.syntax_names = {n.lower() for n in names}

    def violation(self, word: int):
        """The first ``__Exception`` rule that *word* violates, or None."""
        key = word & self.exc_mask
        r = self.exc_cache.get(key, _MISSING)
        if r is _MISSING:
            env = expr_env(word, self.exc_fields)
            r = next((rule for rule in self.op.exceptions if rule.violated(env)), None)
            if len(self.exc_cache) < 100_000:
                self.exc_cache[key] = r
        return r

    def form(self, widths: list[int] | None = None) -> str:
        mods = "".join(f"{{.{m.name}}}" if m.optional else f".{m.name}" for m in self.mods)
        ops = []
        for k, o in enumerate(self.ops):
            d = o.describe(widths[k] if widths else (o.bw_const or 32))
            ops.append(f"[{d}]" if o.optional else d)
        return f"{self.op.mnemonic}{mods} {', '.join(ops)}".rstrip()


class Plan:
    """A variant chosen for one (mnemonic+modifiers, operand kinds) key."""

    __slots__ = ("v", "base", "steps", "env_mods", "omitted")

    def __init__(self, v: VInfo, base: int, steps: list, env_mods: dict, omitted: int):
        self.v = v
        self.base = base
        self.steps = steps  # [(parsed index, OpInfo, bitwidth)]
        self.env_mods = env_mods
        self.omitted = omitted


class _State:
    """Per-database caches."""

    def __init__(self, db: Database):
        self.db = db
        self.vinfo = {name: VInfo(db, op) for name, op in db.opcodes.items()}
        self.by_mn: dict[str, list[VInfo]] = {}
        for op in db.opcodes.values():
            self.by_mn.setdefault(op.mnemonic, []).append(self.vinfo[op.name])
        #: per mnemonic, the modifiers whose default differs between its opcodes
        self._contested: dict[str, frozenset] = {}
        self.names = db.enum_names
        self.pop_cache: dict[str, tuple[POp, int]] = {}
        self.mod_cache: dict[str, Any] = {}
        self.mod_bits: dict[str, list] = {}     # resolve_mods' bits of the candidates' modifier fields
        self.mod_lists: dict[tuple, int] = {}   # a variant's modifiers (_mod_index) -> a small int
        self.cand_cache: dict[str, Any] = {}
        self.width_cache: dict[tuple, tuple] = {}   # (VInfo, values of the names its widths read) -> widths
        self.compat: dict[tuple, bool] = {}
        self.bare_sigs: dict[tuple, tuple] = {}
        self.bare_sids: dict[int, int] = {}     # signature id -> the id of the signature without the prefix
        self.plan_cache: dict[tuple, Any] = {}
        self.sig_ids: dict[tuple, int] = {}
        self.sig_list: list[tuple] = []
        self.commented: dict[str, tuple[str, Coord]] = {}
        for t in db.types.values():
            for n, c in t.commented:
                self.commented.setdefault(n, (t.name, c))
        # fast path (see _fast): operand text -> (signature id, payload); compiled plans
        self.ocls: dict[str, tuple] = {}
        self.fplans: dict[tuple, Any] = {}
        #: (VInfo, operand widths, signature ids) -> the fast path's operand steps (fastpath._shape)
        self.fshapes: dict[tuple, Any] = {}
        #: name tables of the fast path with the values shifted to their field (fastpath._shape)
        self.fname_tables: dict[tuple, dict] = {}
        #: the fast plans' parts (fastpath._fast_plan): per mnemonic+modifiers, interned candidate
        #: lists, per (candidates, signatures)
        self.fkeys: dict[str, Any] = {}
        self.fvsets: dict[tuple, int] = {}
        self.fchoice: dict[tuple, Any] = {}
        self.franked: dict[tuple, list] = {}    # (candidates id, bare signatures) -> ranked shapes
        #: (VInfo, enumeration tables, flat steps) -> the fast-path encoder (fastpath.Shape.compile)
        self.fencoders: dict[tuple, Any] = {}
        #: VInfo -> what its fast-path encoders need besides the operands (encfast.variant_part)
        self.fvparts: dict[Any, tuple] = {}
        #: statement text -> (word, opcode name) of statements whose word does not depend on
        #: their address (the fast path's memo; real programs repeat many statements)
        self.fmemo: dict[str, tuple[int, str]] = {}
        #: the same for the statements fastpath.scan_listing reads from listing lines (its own: a
        #: statement there is known to hold no listing noise)
        self.flmemo: dict[str, tuple[int, str]] = {}
        #: mnemonic+modifiers -> fastpath._key_flag; fastpath.listing_ok, once known
        self.fkflags: dict[str, int] = {}
        self.flisting_ok: bool | None = None
        self.name_tables: dict[tuple, dict] = {}
        self.int_sid = self.intern(("i", (), ""))
        self.float_sid = self.intern(("f", (), ""))
        self.cmem_sid = self.intern(("c", (), ""))

    # -- operands ---------------------------------------------------------

    def contested_defaults(self, mnemonic: str) -> frozenset:
        """The modifiers of *mnemonic* that two of its opcodes give different defaults: omitted, the
        text would select the opcode declared first, so the disassembler prints them."""
        r = self._contested.get(mnemonic)
        if r is None:
            seen: dict[str, set] = {}
            for v in self.by_mn.get(mnemonic, []):
                for m in v.op.modifiers:
                    if m.default is not None:
                        seen.setdefault(m.name, set()).add(m.default)
            r = self._contested[mnemonic] = frozenset(n for n, ds in seen.items() if len(ds) > 1)
        return r

    def intern(self, sig: tuple) -> int:
        """Operand-kind signatures are interned as small ints (cheap keys)."""
        i = self.sig_ids.get(sig)
        if i is None:
            i = len(self.sig_list)
            self.sig_ids[sig] = i
            self.sig_list.append(sig)
        return i

    def operand(self, text: str) -> tuple[POp, int]:
        r: tuple[POp, int] | None = self.pop_cache.get(text)
        if r is None:
            c = text[:1]
            if c.isdigit() or (c == "-" and text[1:2].isdigit()):
                try:
                    r = (POp("int", text, "", value=parse_number(text)), self.intern(("i", (), "")))
                except ValueError:
                    r = None
                if r is not None:
                    if len(self.pop_cache) < 200_000:
                        self.pop_cache[text] = r
                    return r
            p = parse_operand(text)
            r = (p, self.intern(self.signature(p)))
            if len(self.pop_cache) < 200_000:
                self.pop_cache[text] = r
        return r

    def classify(self, text: str, as_split: str | None = None):
        """Fast-path view of an operand: (signature id, payload) with payload the
        bare name of a (prefixed) register, the value of an integer, else the
        :class:`POp`; None when the text does not parse (the slow path reports it).
        The result is cached (``ocls``) under *text* and *as_split* (the text with the spaces
        around it, as split from the statement), unless *text* holds listing noise
        (:func:`~gpuisa.asm.lexer.has_hints`): a cached text is known to hold none
        (``fastpath.scan_listing`` relies on it)."""
        m = _RE_PNAME.match(text)
        pre = m.group(1) if m is not None else ""
        if (m is not None and m.group(3) in self.names and not _RE_FLOAT_WORD.match(m.group(3))
                and (len(pre) < 2 or pre[0] != pre[1])):
            # what parse_operand reads: the prefix characters in the order "!~-|", the name
            name = m.group(3)
            if len(pre) == 2 or m.group(2):
                pre = "".join(c for c in "!~-|" if c in pre or (c == "|" and m.group(2)))
            r = (self.intern(("n", self.names[name], pre)), name)
        else:
            try:
                p = parse_operand(text)
            except OperandSyntaxError:
                return None
            sid = self.intern(self.signature(p))
            r = (sid, p.name if p.kind == "name" else (p.value if p.kind == "int" else p))
        ocls = self.ocls
        if len(ocls) < 200_000 and not (_RE_HINTISH.search(text) and has_hints(text)):
            ocls[text] = r
            if as_split is not None:
                ocls[as_split] = r
        return r

    def name_table(self, o: OpInfo, width: int) -> dict:
        """name -> raw value of the names an enumeration operand accepts as a
        plain name at this width (a 64-bit register operand takes RZ, not R8)."""
        wide = o.numbered and width > 32
        key = (o.type.name, wide, width)
        t = self.name_tables.get(key)
        if t is None:
            # a wide operand takes RZ and, as NVIDIA listings write groups, the aligned first
            # register (`R2` for R[2:3], decision A4b); never a misaligned one
            count = max(width // 32, 1)
            t = {n: v for n, v in o.type.by_name.items()
                 if not (wide and n in o.stem_of and not aligned_group(o, n, count))}
            self.name_tables[key] = t
        return t

    def signature(self, p: POp) -> tuple:
        """(kind letter, enumeration types of the name, prefix): what variant
        selection looks at.  Kinds: n name, p pair, i integer or label
        expression, f float literal, c constant memory with numbers, m memory
        address, k constant address with a register base."""
        k = p.kind
        if k == "name":
            return ("n", self.names.get(p.name, ()), p.prefix)
        if k == "pair":
            return ("p", self.names.get(p.name, ()), p.prefix)
        if k in ("int", "expr"):
            return ("i", (), p.prefix)
        if k == "float":
            return ("f", self.names.get(p.name, ()), p.prefix)
        if k in ("addr", "caddr"):
            base = self.names.get(p.name, ("?",)) if p.name else ()
            return ("m" if k == "addr" else "k", base, p.prefix)
        return ("c", (), p.prefix)

    # -- modifiers --------------------------------------------------------
    def _mod_index(self, v: VInfo) -> tuple:
        """(modifier value -> the modifiers of *v* that take it, in order; per modifier (name,
        default, field name, field position, value name -> raw, the field's mask); the
        modifiers that are not optional, in order; a key of all that: variants with the same
        modifiers resolve a mnemonic's modifiers alike): resolve_mods' tables."""
        by_value: dict[str, list] = {}
        for m in v.mods:
            for x in m.values:
                lst = by_value.setdefault(x, [])
                if not lst or lst[-1] is not m:
                    lst.append(m)
        fmap = v.op.field_map
        fields = tuple((m.name, m.default, m.field.name, m.field.pos, self.db.types[m.type].by_name) for m in v.mods)
        widths = {m.field.name: (1 << fmap[m.field.name].width) - 1 for m in v.mods}
        same = tuple((m.name, m.values, m.default, m.optional, m.type, m.field.name, m.field.pos,
                      widths[m.field.name]) for m in v.mods)
        same_id = self.mod_lists.setdefault(same, len(self.mod_lists))     # a small int: a cheap key
        return (by_value, fields, tuple(m for m in v.mods if not m.optional), same_id, widths,
                self._mod_defaults(v, fields, widths))

    @staticmethod
    def _mod_defaults(v: VInfo, fields: tuple, widths: dict):
        """For _resolve's quick reading, when the modifiers' fields are distinct, do not overlap
        and hold every value (then the fields can be set in any order): (fields, env and
        base-word values with every modifier at its default -- a placeholder for those that must
        be written --, the mask of all the fields, name -> (field name, position, value name ->
        raw, the field's mask), ~ the mask); else None."""
        if len({f[2] for f in fields}) != len(fields) or len({f[0] for f in fields}) != len(fields):
            return None
        dfields: dict = {}
        denv: dict = {}
        values = mask = 0
        info = {}
        for (name, default, fname, pos, by_name), m in zip(fields, v.mods):
            fmask = widths[fname] << pos
            if mask & fmask or any(raw & ~widths[fname] for raw in by_name.values()):
                return None
            if m.optional and default not in by_name:
                return None
            raw = by_name[default] if m.optional else 0
            dfields[fname] = (pos, raw)
            denv[name] = default if m.optional else None
            values |= raw << pos
            mask |= fmask
            info[name] = (fname, pos, by_name, fmask)
        return dfields, denv, values, mask, info, ~mask

    def resolve_mods(self, key: str):
        """key: ``MNEMONIC.MOD.MOD`` → (mnemonic, [(VInfo, {field: raw}, env)], error).  Variants
        with the same modifiers (most variants of a mnemonic) share one resolution, its dicts
        and its bits (``mod_bits[key]``: per candidate, (the modifier fields' bits, their values):
        the base word is ``(v.base & ~bits) | values``)."""
        r = self.mod_cache.get(key)
        if r is not None:
            return r
        parts = key.split(".")
        mn, suffixes = parts[0], parts[1:]
        variants = self.by_mn.get(mn)
        if not variants:
            r = (mn, [], ("mnemonic", mn))
            self.mod_cache[key] = r
            self.mod_bits[key] = []
            return r
        out = []
        bits = []
        first_err = None
        done: dict[int, Any] = {}     # modifiers (_mod_index's id) -> (fields, env, mask, values) or an error
        for v in variants:
            index = v.mod_index
            if index is None:
                index = v.mod_index = self._mod_index(v)
            res = done.get(index[3])
            if res is None:
                res = done[index[3]] = self._resolve(v, index, suffixes)
            if res[0] is None:     # an error
                first_err = first_err or res[1]
                continue
            out.append((v, res[0], res[1]))
            bits.append((res[2], res[3]))
        r = (mn, out, None if out else first_err)
        self.mod_cache[key] = r
        self.mod_bits[key] = bits
        return r

    @staticmethod
    def _assign(v: VInfo, index: tuple, suffixes: list) -> tuple:
        """The modifier each of *suffixes* sets: ({modifier name: value}, None), or (None, error)."""
        by_value = index[0]
        assigned: dict[str, str] = {}
        for k, s in enumerate(suffixes):
            ms = by_value.get(s)     # the modifiers that take the value, in v.mods order
            if ms is None:
                return None, ("modifier", k, s, v)
            if len(ms) == 1:    # the usual case, without the generator below
                m = ms[0] if ms[0].name not in assigned else None
            else:
                m = next((m for m in ms if m.name not in assigned), None)
            if m is None:
                return None, ("modifier-twice", k, s, ms[0].name)
            assigned[m.name] = s
        for m in index[2]:      # the modifiers that must be written
            if m.name not in assigned:
                return None, ("missing-mod", m, v)
        return assigned, None

    @staticmethod
    def _resolve(v: VInfo, index: tuple, suffixes: list) -> tuple:
        """resolve_mods for one variant: (fields, env, mask, values), or (None, error)."""
        assigned, err = _State._assign(v, index, suffixes)
        if assigned is None:
            return None, err
        mod_fields = index[1]
        quick = index[5]
        if quick is not None:   # the defaults, the written modifiers set on them
            dfields, denv, values, mask, info, _ = quick
            fields = dict(dfields)
            env = dict(denv)
            for name, s in assigned.items():
                fname, pos, by_name, fmask = info[name]
                raw = by_name[s]
                fields[fname] = (pos, raw)
                env[name] = s
                values = (values & ~fmask) | (raw << pos)
            return fields, env, mask, values
        fields = {}
        env = {}
        for name, default, fname, pos, by_name in mod_fields:
            val: Any = assigned.get(name, default)
            fields[fname] = (pos, by_name[val])
            env[name] = val
        # the base word's modifier fields, set one by one in this order: (base & ~mask) | values
        mask = values = 0
        widths = index[4]
        for fname, (pos, raw) in fields.items():
            fmask = widths[fname] << pos
            mask |= fmask
            values = (values & ~fmask) | (raw << pos)
        return fields, env, mask, values

    # -- variant selection -------------------------------------------------
    def plan(self, key: str, sigs: tuple):
        pk = (key, sigs)
        r = self.plan_cache.get(pk)
        if r is None:
            r = self._make_plans(key, sigs)
            self.plan_cache[pk] = r
        return r

    def candidates(self, key: str):
        """(error, [(order, VInfo, base word with the modifiers, modifier env, operand widths tuple)],
        resolve_mods' candidates)."""
        r = self.cand_cache.get(key)
        if r is None:
            mn, cands, err = self.resolve_mods(key)
            out = []
            bits = self.mod_bits[key]
            for order, (v, _, menv) in enumerate(cands):
                mask, values = bits[order]
                out.append((order, v, (v.base & ~mask) | values, menv, self.op_widths(v, menv)))
            r = (err, out, cands)
            self.cand_cache[key] = r
        return r

    def op_widths(self, v: VInfo, menv: dict) -> tuple:
        """The operand widths of *v* under the modifier values *menv* (cached by the values of
        the names its widths read)."""
        widths = v.widths
        if widths is None:
            wk = (v, tuple([menv.get(n, _MISSING) for n in v.dyn_widths]))
            widths = self.width_cache.get(wk)
            if widths is None:
                env = {**v.fdefaults, **menv}
                widths = self.width_cache[wk] = tuple(o.bitwidth(env) for o in v.ops)
        return widths

    def _make_plans(self, key: str, sig_ids: tuple):
        sigs = tuple(self.sig_list[i] for i in sig_ids)
        err, cands, raw_cands = self.candidates(key)
        if err is not None:
            return err
        found = []
        for order, v, base, menv, widths in cands:
            m = _match(v.ops, widths, sigs, sig_ids, self.compat)
            if m is None:
                continue
            steps, omitted = m
            for _, o, _ in steps:
                # a written operand sets its field(s) and its prefix fields: the prefix is
                # off unless written, whatever the field's default (`x.not = True`)
                base &= ~((o.mask << o.pos) | o.pclear)
            found.append((omitted, order, Plan(v, base, steps, menv, omitted)))
        if not found:
            return ("nomatch", raw_cands)
        found.sort(key=lambda t: (t[0], t[1]))
        return [p for _, _, p in found]


def _compatible(o: OpInfo, width: int, sig: tuple) -> bool:
    kind, types, prefix = sig
    if prefix and any(c not in o.prefix_chars for c in prefix):
        return False
    code = o.code
    if code == K_ENUM:
        if o.type is None or o.type.name not in types:
            return False
        if o.numbered and width > 32:
            return kind == "p" or (kind == "n")  # names checked at encode (RZ ok, R8 not)
        return kind == "n" or kind == "f"  # f: a value name that also reads as a float (NAN)
    if code == K_INT:
        return kind == "i" or (kind == "f" and o.fmt in ("f32", "f16", "f64h"))
    if code == K_ADDR:
        if o.addr.kind == "mem":
            if kind != "m":
                return False
        elif kind == "c":
            return True
        elif kind != "k":
            return False
        # the base's kind; `[offset]` (no base written) fits any, checked at encode; a lone
        # name of the uniform part's kind is that part (`[UR4+0x10]`, issue 11)
        if not types or (o.type is not None and o.type.name in types):
            return True
        ub = o.addr.ubase
        return ub is not None and ub[3] is not None and ub[3].name in types
    return kind == "c"


def _match(ops: list[OpInfo], widths: Sequence[int], sigs: tuple, sig_ids: tuple = (), memo: dict | None = None):
    """Align parsed operands with the variant's operands, skipping optional
    ones; greedy with backtracking.  Returns (steps, omitted count) or None.
    *memo* caches :func:`_compatible` by (operand, width, signature id)."""
    n, m = len(ops), len(sigs)
    if m > n:
        return None
    if m == n:      # no operand can be left out: one alignment (the recursion's only success), or none
        steps = []
        ok: bool | None
        for i, o in enumerate(ops):
            if memo is None:
                ok = _compatible(o, widths[i], sigs[i])
            else:
                k = (o, widths[i], sig_ids[i])
                ok = memo.get(k)
                if ok is None:
                    ok = memo[k] = _compatible(o, widths[i], sigs[i])
            if not ok:
                return None
            steps.append((i, o, widths[i]))
        return steps, 0

    def compatible(o, width, j):
        if memo is None:
            return _compatible(o, width, sigs[j])
        k = (o, width, sig_ids[j])
        r = memo.get(k)
        if r is None:
            r = memo[k] = _compatible(o, width, sigs[j])
        return r

    def rec(i: int, j: int):
        if j == m:
            if all(o.optional for o in ops[i:]):
                return [], n - i
            return None
        if i == n:
            return None
        o = ops[i]
        if compatible(o, widths[i], j):
            r = rec(i + 1, j + 1)
            if r is not None:
                return [(j, o, widths[i])] + r[0], r[1]
        if o.optional:
            r = rec(i + 1, j)
            if r is not None:
                return r[0], r[1] + 1
        return None

    return rec(0, 0)


state = per_database(_State)  # state(db) -> the assembler's compiled tables for db
