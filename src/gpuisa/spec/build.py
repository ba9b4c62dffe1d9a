"""From parsed files to the instruction database: inheritance and checks.

``build(files, sink)`` resolves every ``__DefOpcode`` against its ancestors
(fields merge by name; a diamond reaches a group once), turns the raw sections
into the typed objects of :mod:`gpuisa.spec.model` and runs the lint checks,
reporting every problem into *sink* with a coordinate.
"""
from __future__ import annotations

import itertools
import re
from typing import Any, Iterable, cast

from ..errors import Coord, DiagnosticSink
from ..numtext import NumberTooLong, parse_int
from ..exprlang import NUMBER
from .expr import Call, Name, Num
from .model import (PREFIX_OF_SUFFIX, AddressRef, AsmFormat, BitFieldType, ExceptionRule, Field, GroupInfo, Modifier,
                    Opcode, Operand)
from .parser import RawBlock, RawField, SpecFile
from .syntax import SyntaxTemplate, SyntaxTemplateError, parse_syntax

ROOT = "ALL"
WORD_BITS = 128
GUARD = "pg"

# prose words naming register classes, checked against operand field types
_CLASS_WORDS = [
    (re.compile(r"(?<![A-Za-z])UPR(?![A-Za-z])|uniform predicate", re.I), "UPred"),
    (re.compile(r"(?<![A-Za-z])(?:UR|UGPR)(?![A-Za-z])|uniform register", re.I), "UReg"),
    (re.compile(r"(?<![A-Za-z])PR(?![A-Za-z])|(?<!uniform )predicate register", re.I), "Pred"),
    (re.compile(r"(?<![A-Za-z])GPR(?![A-Za-z])|general[- ]purpose register", re.I), "Reg"),
]


class _Draft:
    """An opcode being resolved: what the passes of :meth:`_Builder.build_opcode`
    have found so far (each pass fills its part)."""

    def __init__(self, b: RawBlock):
        self.b = b
        self.chain: tuple[str, ...] = ()
        self.optype = ""
        self.fields: list[Field] = []
        self.fmap: dict[str, Field] = {}
        self.lists: dict = {}
        self.bitwidth: dict = {}
        self.asm_fmt: dict = {}
        self.addresses: dict[str, AddressRef] = {}
        self.order: tuple[str, ...] = ()
        self.ins: tuple[str, ...] = ()
        self.outs: tuple[str, ...] = ()
        self.env_names: set[str] = set()
        self.formats: dict[str, AsmFormat] = {}
        self.exceptions: list[ExceptionRule] = []
        self.prefixes_of: dict[str, list[tuple[str, Field]]] = {}
        self.operands: list[Operand] = []
        self.syn_sec: Any = None
        self.syntax: SyntaxTemplate | None = None
        self.controls: list[Field] = []
        self.modifiers: list = []
        self.texts: dict[str, str] = {}


class _Builder:
    def __init__(self, files: list[SpecFile], sink: DiagnosticSink):
        self.files = files
        self.sink = sink
        self.types: dict[str, BitFieldType] = {}
        self.blocks: dict[str, RawBlock] = {}
        self.linear: dict[str, tuple[str, ...]] = {}
        self._field_cache: dict[tuple[str, str], Field] = {}  # (declaring block, field) -> Field
        self._reported: set = set()  # diagnostics already given for a shared (inherited) cause
        self._prose_checked: set[str] = set()
        self._code_checked: set[str] = set()
        self._examples_checked: set[str] = set()

    # -- types -------------------------------------------------------------
    def build_types(self) -> None:
        for f in self.files:
            for bf in f.bitfields:
                if bf.name in self.types:
                    prev = self.types[bf.name]
                    self.sink.error(f"bit-field type {bf.name} defined twice (first at {prev.coord})", bf.coord, len(bf.name))
                    continue
                if bf.width <= 0 or bf.width > 64:
                    self.sink.error(f"bit-field type {bf.name} has width {bf.width}; widths are 1..64", bf.coord, len(bf.name))
                    continue
                seen: dict[str, Coord] = {}
                seen_v: dict[int, str] = {}
                values = []
                for v in bf.values:
                    if v.name in seen:
                        self.sink.error(f"duplicate value name {v.name} in {bf.name} (first at {seen[v.name]})", v.coord, len(v.name))
                        continue
                    seen[v.name] = v.coord
                    if v.value >= (1 << bf.width):
                        self.sink.error(f"value {v.name} = {v.value:#x} does not fit in {bf.name}<{bf.width}>", v.coord, len(v.name))
                        continue
                    if v.value in seen_v:
                        self.sink.error(f"{v.name} has the same value {v.value:#x} as {seen_v[v.value]} in {bf.name}", v.coord, len(v.name))
                        continue
                    seen_v[v.value] = v.name
                    values.append((v.name, v.value))
                if bf.kind == "enum" and not values:
                    self.sink.error(f"enumeration {bf.name} has no values (for an integer type write `= UInt` or `= SInt`)", bf.coord, len(bf.name))
                if bf.kind == "cmem" and bf.cmem_split and sum(bf.cmem_split) != bf.width:
                    self.sink.error(f"CMem split {bf.cmem_split[0]}+{bf.cmem_split[1]} does not add up to width {bf.width}", bf.coord, len(bf.name))
                    continue
                self.types[bf.name] = BitFieldType(bf.name, bf.width, bf.kind, tuple(values), bf.coord, bf.cmem_split,
                                                   tuple((c.name, c.coord) for c in bf.commented))

    # -- blocks and inheritance ---------------------------------------------
    def collect_blocks(self) -> None:
        for f in self.files:
            for b in f.blocks:
                if b.name in self.blocks:
                    self.sink.error(f"{b.name} defined twice (first at {self.blocks[b.name].coord})", b.coord, len(b.name))
                    continue
                if b.name in self.types:
                    self.sink.error(f"{b.name} is already a bit-field type", b.coord, len(b.name))
                self.blocks[b.name] = b
        for b in self.blocks.values():
            for p, pc in zip(b.parents, b.parent_coords):
                if p not in self.blocks:
                    hint = " (the base description file defines ALL; was it left out with --no-base?)" if p == ROOT else ""
                    self.sink.error(f"unknown parent {p!r} of {b.name}{hint}", pc, len(p))
                elif self.blocks[p].kind == "opcode":
                    self.sink.error(f"{b.name} cannot inherit from opcode {p}", pc, len(p))
            if len(set(b.parents)) != len(b.parents):
                self.sink.error(f"{b.name} lists a parent twice", b.coord, len(b.name))

    def linearize(self, name: str, stack: tuple[str, ...] = ()) -> tuple[str, ...]:
        """Ancestors root-first (post-order, each group once), excluding *name*."""
        if name in self.linear:
            return self.linear[name]
        if name in stack:
            self.sink.error(f"inheritance cycle: {' -> '.join(stack + (name,))}", self.blocks[name].coord, len(name))
            return ()
        b = self.blocks.get(name)
        out: list[str] = []
        if b is not None:
            for p in b.parents:
                if p not in self.blocks:
                    continue
                for a in self.linearize(p, stack + (name,)) + (p,):
                    if a not in out:
                        out.append(a)
        self.linear[name] = tuple(out)
        return self.linear[name]

    def unit_of(self, name: str) -> str:
        """The ancestor directly below ALL (decision D5); a definition outside
        the ALL hierarchy (a mix-in such as BRU_Base) is its own unit."""
        for a in self.linear.get(name, ()) + (name,):
            b = self.blocks.get(a)
            if b is not None and ROOT in b.parents:
                return a
        return name

    # -- Bitwidth<> expressions --------------------------------------------------
    #: every combination of field values a Bitwidth expression is evaluated with (at most)
    MAX_BITWIDTH_ENVS = 512

    def _env_values(self, f: Field) -> list:
        """The values a field can take in an evaluation environment (as the
        assembler and disassembler build it: enumeration fields by value name)."""
        t = self.types.get(f.type)
        if t is None:
            return [f.fixed if f.fixed is not None else 0]
        if t.is_enum:
            if f.fixed is not None:
                return [t.by_value.get(f.fixed, f.fixed)]
            return [n for n, _ in t.values] or [0]
        if f.fixed is not None:
            return [t.from_raw(f.fixed)]
        return sorted({t.min, t.max, 0 if t.min <= 0 <= t.max else t.min})

    def check_bitwidth(self, opname: str, name: str, ra, fmap: dict) -> None:
        """Evaluate ``Bitwidth<name> = expr`` for every combination of the values
        of the fields it names (the first MAX_BITWIDTH_ENVS) and check the result:
        an integer 1..128, and for a register operand (an enumeration type) one
        register or a group of 2-4 (32, 64, 96 or 128 bits).  A width the tools
        cannot use is an error here, not a crash of ``asm`` or ``docs`` later."""
        names = sorted(n for n in ra.expr.names() if n in fmap)
        choices = [self._env_values(fmap[n]) for n in names]
        t = self.types.get(fmap[name].type)
        register = t is not None and t.is_enum
        for combo in itertools.islice(itertools.product(*choices), self.MAX_BITWIDTH_ENVS):
            env = dict(zip(names, combo))
            where = (" (with " + ", ".join(f"{k}={v}" for k, v in env.items()) + ")") if env else ""
            try:
                w = ra.expr.eval(env)
            except (ArithmeticError, ValueError, TypeError, NameError, MemoryError, RecursionError) as e:
                detail = str(e) or type(e).__name__
                if isinstance(e, NameError):
                    detail = f"{detail} is not a function of the expression language"
                self.sink.error(f"Bitwidth<{name}> of {opname} cannot be evaluated{where}: {detail}", ra.coord, len(name))
                return
            if isinstance(w, bool) or not isinstance(w, int):
                self.sink.error(f"Bitwidth<{name}> of {opname} is {w!r}{where}, not an integer number of bits", ra.coord, len(name))
                return
            if not 1 <= w <= 128:
                self.sink.error(f"Bitwidth<{name}> of {opname} is {w}{where}: a width must be 1..128 bits", ra.coord, len(name))
                return
            if register and w > 32 and w % 32:
                self.sink.error(f"Bitwidth<{name}> of {opname} is {w}{where}: a register operand is 32, 64, 96 or "
                                f"128 bits wide (1-4 registers)", ra.coord, len(name))
                return

    # -- values --------------------------------------------------------------
    def value_of(self, t: BitFieldType | None, text: str, coord: Coord | None, what: str) -> int | None:
        if t is None:
            return None
        if t.is_enum:
            if text in t.by_name:
                return t.by_name[text]
            if re.fullmatch(rf"-?(?:{NUMBER})", text):
                try:
                    v = parse_int(text, 0)
                except NumberTooLong as e:
                    self.sink.error(f"{what}: {e}", coord, 40)
                    return None
                if v in t.by_value:
                    return v
                self.sink.error(f"{what} {text} is not a value of enumeration {t.name}", coord, len(text))
                return None
            self.sink.error(f"{what} {text!r} is not a value of enumeration {t.name} (values: {', '.join(n for n, _ in t.values[:12])}{', ...' if len(t.values) > 12 else ''})", coord, len(text))
            return None
        if t.kind in ("uint", "sint", "cmem"):
            if text in ("False", "True"):
                v = int(text == "True")
            else:
                try:
                    v = parse_int(text, 0)
                except NumberTooLong as e:
                    self.sink.error(f"{what}: {e}", coord, 40)
                    return None
                except ValueError:
                    self.sink.error(f"{what} {text!r} is not a number (type {t.name} is an integer type)", coord, len(text))
                    return None
            if not (t.min <= v <= t.max) and t.kind != "cmem":
                self.sink.error(f"{what} {text} does not fit in {t.name} ({t.min}..{t.max})", coord, len(text))
                return None
            return t.to_raw(v)
        return None

    def make_field(self, rf: RawField, owner: str) -> Field | None:
        t = self.types.get(rf.type)
        if t is None:
            self.sink.error(f"unknown type {rf.type!r} of field {rf.name}", rf.coord, len(rf.name))
        elif t.width != rf.width:
            self.sink.error(f"field {rf.name} is {rf.width} bits wide but its type {t.name} is {t.width} bits", rf.coord, len(rf.name))
        if rf.pos + rf.width > WORD_BITS or rf.width <= 0:
            self.sink.error(f"field {rf.name}<{rf.pos}, {rf.width}> lies outside the {WORD_BITS}-bit word", rf.coord, len(rf.name))
            return None
        fixed = default = None
        if rf.value is not None:
            v = self.value_of(t, rf.value, rf.value_coord, "fixed value" if rf.op == "==" else "default")
            if rf.op == "==":
                fixed = v
            else:
                default = v
        return Field(rf.name, rf.pos, rf.width, rf.type, fixed, default, rf.coord, owner)

    def merged_fields(self, name: str) -> list[Field]:
        chain = self.linear.get(name, ()) + (name,)
        fields: dict[str, Field] = {}
        for a in chain:
            b = self.blocks.get(a)
            if b is None:
                continue
            local: set[str] = set()
            for rf in b.fields:
                if rf.name in local:
                    self.sink.error(f"field {rf.name} declared twice in {a}", rf.coord, len(rf.name))
                    continue
                local.add(rf.name)
                f = self._field_cache.get((a, rf.name))
                if f is None:
                    continue
                prev = fields.get(f.name)
                if prev is not None and (prev.pos, prev.width, prev.type) != (f.pos, f.width, f.type):
                    if (a, prev.owner, f.name) not in self._reported:
                        self._reported.add((a, prev.owner, f.name))
                        self.sink.error(f"field {f.name} redeclared as <{f.pos}, {f.width}> {f.type} in {a}; inherited from {prev.owner} as <{prev.pos}, {prev.width}> {prev.type} ({prev.coord})", f.coord, len(f.name))
                    continue
                if prev is not None:
                    # same bits: a redeclaration may add or change the fixed value / default
                    f = Field(f.name, f.pos, f.width, f.type,
                              f.fixed if f.fixed is not None else prev.fixed,
                              f.default if f.default is not None else prev.default, f.coord, f.owner)
                fields[f.name] = f
        return list(fields.values())

    # -- opcodes -----------------------------------------------------------------
    def build(self):
        self.build_types()
        self.collect_blocks()
        for name in self.blocks:
            self.linearize(name)
        for b in self.blocks.values():
            for rf in b.fields:
                f = self.make_field(rf, b.name)
                if f is not None:
                    self._field_cache.setdefault((b.name, rf.name), f)
        self.check_redundant_parents()
        opcodes: dict[str, Opcode] = {}
        for b in self.blocks.values():
            if b.kind == "opcode":
                op = self.build_opcode(b)
                if op is not None:
                    opcodes[op.name] = op
        groups = {}
        for b in self.blocks.values():
            if b.kind in ("group", "optype"):
                texts = {k: v.text for k, v in b.texts.items()}
                ops = tuple(o.name for o in opcodes.values() if o.optype == b.name) if b.kind == "optype" else ()
                groups[b.name] = GroupInfo(b.name, b.kind, tuple(b.parents), self.unit_of(b.name), texts, b.coord, ops)
        self.check_decode_keys(opcodes)
        self.check_optype_blocks()
        for name in self.blocks:  # groups too (the BRU group's description holds pseudo code)
            self.check_pseudo_code(name)
        return self.types, groups, opcodes

    def check_redundant_parents(self) -> None:
        for b in self.blocks.values():
            for p, pc in zip(b.parents, b.parent_coords):
                for q in b.parents:
                    if q != p and p in self.linear.get(q, ()):
                        self.sink.warning(f"parent {p} of {b.name} is redundant: {q} already inherits from it", pc, len(p))

    def check_optype_blocks(self) -> None:
        for b in self.blocks.values():
            if b.kind == "optype" and not any(o.kind == "opcode" and b.name in self.linear.get(o.name, ()) for o in self.blocks.values()):
                self.sink.warning(f"optype {b.name} has no opcode variants", b.coord, len(b.name))

    def section(self, name: str, sec: str, optype: str | None):
        b = self.blocks[name]
        if sec in b.texts:
            return b.texts[sec]
        if optype and optype in self.blocks and sec in self.blocks[optype].texts:
            return self.blocks[optype].texts[sec]
        return None

    def inherited(self, name: str, attr: str) -> dict:
        out: dict = {}
        for a in self.linear.get(name, ()) + (name,):
            b = self.blocks.get(a)
            if b is not None:
                out.update(getattr(b, attr))
        return out

    def build_opcode(self, b: RawBlock) -> Opcode | None:
        """Resolve one opcode: run :data:`OPCODE_PASSES` in order over a draft
        (each pass reads what earlier ones resolved and reports its own
        diagnostics), then freeze the draft into an :class:`Opcode`."""
        d = _Draft(b)
        for step in self.OPCODE_PASSES:
            step(self, d)
        return self.freeze_opcode(d)

    # -- the opcode passes (in order) -------------------------------------------------------------
    def resolve_optype(self, d: _Draft) -> None:
        """The optype: the last ``__DefOptype`` of the linearised parents."""
        b = d.b
        d.chain = self.linear.get(b.name, ())
        optypes = [a for a in d.chain if self.blocks[a].kind == "optype"]
        if not optypes:
            self.sink.error(f"opcode {b.name} does not inherit from any __DefOptype", b.coord, len(b.name))
            d.optype = b.name.split("_")[0]
        else:
            d.optype = optypes[-1]
            if len(optypes) > 1:
                self.sink.error(f"opcode {b.name} inherits from several optypes: {', '.join(optypes)}", b.coord, len(b.name))
        d.fields = self.merged_fields(b.name)
        d.fmap = {f.name: f for f in d.fields}

    def check_field_overlaps(self, d: _Draft) -> None:
        """No two fields share a bit (each pair reported once, at the field declared later)."""
        b, fields = d.b, d.fields
        fields.sort(key=lambda f: f.pos)
        for i, f in enumerate(fields):
            for g in fields[i + 1:]:
                if g.pos > f.hi:
                    break
                key = ("overlap", f.owner, f.name, g.owner, g.name)
                if key in self._reported:
                    continue
                self._reported.add(key)
                where = g if g.owner == b.name or f.owner != b.name else f
                other = f if where is g else g
                self.sink.error(f"field {where.name}<{where.pos}, {where.width}> overlaps {other.name}<{other.pos}, {other.width}> (bits {max(f.pos, g.pos)}..{min(f.hi, g.hi)}) in {b.name}; {other.name} is declared at {other.coord}", where.coord, len(where.name))

    def check_modifier_fields(self, d: _Draft) -> None:
        """Modifier fields (``name.suffix``) attach to an existing base field, with a known suffix."""
        for f in d.fields:
            if f.suffix is not None:
                if f.base not in d.fmap:
                    self.sink.error(f"modifier field {f.name} has no base field {f.base}", f.coord, len(f.name))
                if f.suffix not in PREFIX_OF_SUFFIX:
                    self.sink.warning(f"unknown modifier suffix .{f.suffix} in {f.name} (known: {', '.join('.' + s for s in PREFIX_OF_SUFFIX)})", f.coord, len(f.name))

    def check_fixed_fields(self, d: _Draft) -> None:
        """``optype`` and ``stype`` are fixed (the decode key) and agree with the names."""
        b, fmap, optype = d.b, d.fmap, d.optype
        for fkey in ("optype", "stype"):
            fixed = fmap.get(fkey)
            if fixed is None or fixed.fixed is None:
                self.sink.error(f"opcode {b.name} has no fixed `{fkey}` field (`{fkey}=={'…'}`); it cannot be decoded", b.coord, len(b.name))
        of = fmap.get("optype")
        if of is not None and of.fixed is not None:
            t = self.types.get(of.type)
            if t is not None and t.by_value.get(of.fixed) not in (optype, None):
                self.sink.warning(f"{b.name} belongs to optype {optype} but fixes optype=={t.by_value.get(of.fixed)}", of.coord, len(of.name))
        sf = fmap.get("stype")
        if sf is not None and sf.fixed is not None and "_" in b.name:
            t = self.types.get(sf.type)
            sname = t.by_value.get(sf.fixed) if t else None
            suffix = b.name.rsplit("_", 1)[1]
            # OPTYPE_STYPE, or OPTYPE_STYPE_TAG for variants of one operand form (BRA_X_UP)
            if sname is not None and suffix != sname and sname not in b.name.split("_")[1:-1]:
                self.sink.warning(f"opcode {b.name} is named _{suffix} but fixes stype=={sname}", sf.coord, len(sf.name))

    def resolve_operand_lists(self, d: _Draft) -> None:
        """``__OperandInfo``, inherited then overridden: addresses, InList/OutList/Order."""
        b, fmap = d.b, d.fmap
        lists = d.lists = self.inherited(b.name, "lists")
        d.bitwidth = self.inherited(b.name, "bitwidth")
        d.asm_fmt = self.inherited(b.name, "asm_format")
        addresses = d.addresses = self.build_addresses(b, self.inherited(b.name, "address"), fmap)
        for kw in ("InList", "OutList", "Order"):
            rl = lists.get(kw)
            if rl is None:
                continue
            seen = set()
            for n, c in zip(rl.names, rl.name_coords):
                if n not in fmap and n not in addresses:
                    self.sink.error(f"{kw}<> names {n!r}, which is not a field of {b.name}", c, len(n))
                if n in seen:
                    self.sink.error(f"{kw}<> names {n!r} twice", c, len(n))
                seen.add(n)
        if "Order" not in lists:
            self.sink.error(f"opcode {b.name} has no Order<> in __OperandInfo; its operands cannot be written", b.coord, len(b.name))
        d.order = tuple(n for n in (lists["Order"].names if "Order" in lists else []) if n in fmap or n in addresses)
        d.ins = tuple(lists["InList"].names) if "InList" in lists else ()
        d.outs = tuple(lists["OutList"].names) if "OutList" in lists else ()
        d.env_names = set(fmap) | {f.base for f in d.fields}

    def check_bitwidths(self, d: _Draft) -> None:
        """``Bitwidth<field>`` names a field and uses only known names."""
        for name, ra in d.bitwidth.items():
            if name not in d.fmap:
                self.sink.error(f"Bitwidth<{name}> names a field that {d.b.name} does not have", ra.coord, len(name))
            unknown = ra.expr.names() - d.env_names
            for n in unknown:
                self.sink.error(f"Bitwidth<{name}> uses unknown name {n!r}", ra.coord, len(name))
            if name in d.fmap and not unknown:
                self.check_bitwidth(d.b.name, name, ra, d.fmap)

    def resolve_asm_formats(self, d: _Draft) -> None:
        """``AsmFormat<field>``: F32(f), CvtIShift(f, N) or CvtPCRel(f, N)."""
        fmap, formats = d.fmap, d.formats
        for name, ra in d.asm_fmt.items():
            if name not in fmap:
                self.sink.error(f"AsmFormat<{name}> names a field that {d.b.name} does not have", ra.coord, len(name))
                continue
            e = ra.expr
            if isinstance(e, Call) and e.func in ("F32", "F16", "F64H") and len(e.args) == 1 \
                    and isinstance(e.args[0], Name) and e.args[0].name == name:
                bits = 16 if e.func == "F16" else 32
                if fmap[name].width != bits:
                    self.sink.error(f"AsmFormat<{name}> = {e.func}(...) needs a {bits}-bit field", ra.coord, len(name))
                    continue
                formats[name] = AsmFormat(e.func.lower(), 0, ra.text)
                continue
            if not (isinstance(e, Call) and e.func in ("CvtIShift", "CvtPCRel") and len(e.args) == 2
                    and isinstance(e.args[0], Name) and e.args[0].name == name and isinstance(e.args[1], Num)):
                self.sink.error(f"AsmFormat<{name}> must be CvtIShift({name}, N), CvtPCRel({name}, N) or F32({name})", ra.coord, len(name))
                continue
            formats[name] = AsmFormat("shift" if e.func == "CvtIShift" else "pcrel", e.args[1].value, ra.text)

    def collect_exceptions(self, d: _Draft) -> None:
        """``__Exception`` rules of the opcode and its parents, using only known names."""
        for a in d.chain + (d.b.name,):
            for rx in self.blocks[a].exceptions:
                for n in rx.expr.names() - d.env_names:
                    self.sink.error(f"exception condition uses unknown name {n!r}", rx.coord, len(rx.kind))
                d.exceptions.append(ExceptionRule(rx.exc_kind, rx.message, rx.expr, rx.text, rx.coord))

    def build_operands(self, d: _Draft) -> None:
        """One :class:`Operand` per Order<> entry (fields with their prefix fields, addresses)."""
        fmap, bitwidth, addresses, ins, outs = d.fmap, d.bitwidth, d.addresses, d.ins, d.outs
        prefixes_of = d.prefixes_of
        for f in d.fields:
            if f.suffix in PREFIX_OF_SUFFIX:
                prefixes_of.setdefault(f.base, []).append((PREFIX_OF_SUFFIX[f.suffix], f))
        for n in d.order:
            if n in addresses:
                ad = addresses[n]
                base = cast(Field, ad.base or ad.offset or ad.bank)   # an address has at least one part
                ra = bitwidth.get(ad.base.name) if ad.base else None
                ins_parts = n in ins or any(p.name in ins for p in ad.parts)
                d.operands.append(Operand(n, base, "Address", "address", ins_parts, n in outs,
                                          bitwidth=ra.expr if ra else None, bitwidth_text=ra.text if ra else None,
                                          prefixes=(), address=ad))
                continue
            f = fmap[n]
            t = self.types.get(f.type)
            ra = bitwidth.get(n)
            d.operands.append(Operand(n, f, f.type, t.kind if t else "enum", n in ins, n in outs, guard=(n == GUARD),
                                      bitwidth=ra.expr if ra else None, bitwidth_text=ra.text if ra else None,
                                      prefixes=tuple(prefixes_of.get(n, ())), asm_format=d.formats.get(n)))
        if d.order and GUARD in d.order and d.order[0] != GUARD:
            self.sink.warning(f"guard predicate pg should come first in Order<> of {d.b.name}", d.lists["Order"].coord, 5)

    def resolve_syntax(self, d: _Draft) -> None:
        """The ``__Syntax`` template (the opcode's own, else its optype's)."""
        b = d.b
        d.syn_sec = syn_sec = self.section(b.name, "Syntax", d.optype)
        if syn_sec is None:
            self.sink.warning(f"opcode {b.name} has no __Syntax (neither it nor its optype {d.optype}); modifiers are printed in encoding order", b.coord, len(b.name))
        else:
            try:
                d.syntax = parse_syntax(syn_sec.text)
            except SyntaxTemplateError as e:
                self.sink.error(f"bad syntax template: {e}", Coord(syn_sec.coord.file, syn_sec.first_line + e.line_offset, e.col))

    def classify_fields(self, d: _Draft) -> None:
        """The fields that are not operands: control fields (of the root group) and
        modifiers (enumerations); then the modifiers against the syntax template."""
        b, fmap, order, addresses = d.b, d.fmap, d.order, d.addresses
        used_in_ops = set(order) | {pf.name for lst in d.prefixes_of.values() for _, pf in lst}
        used_in_ops |= {p.name for n in order if n in addresses for p in addresses[n].parts}
        root_fields = {rf.name for rf in self.blocks[ROOT].fields} if ROOT in self.blocks else set()
        mod_fields = []
        for f in sorted(d.fields, key=lambda x: x.pos):
            if f.fixed is not None or f.name in used_in_ops:
                continue
            if f.suffix is not None and f.base in fmap:
                if f.base not in used_in_ops:
                    self.sink.warning(f"modifier field {f.name} belongs to {f.base}, which is not an operand of {b.name}", f.coord, len(f.name))
                continue
            t = self.types.get(f.type)
            if f.owner == ROOT or f.name in root_fields:
                d.controls.append(f)
            elif t is not None and t.is_enum:
                mod_fields.append(f)
            elif t is not None:
                self.sink.warning(f"field {f.name} of {b.name} is neither an operand (Order<>), a modifier (enumeration) nor a control field; it will always be encoded as {f.default or 0}", f.coord, len(f.name))
        d.modifiers = self.build_modifiers(b, mod_fields, d.syntax, d.syn_sec, order)
        if d.syntax is not None:
            self.check_syntax_operands(b, d.syntax, d.syn_sec, d.operands, [c.name for c in d.controls])

    def collect_texts(self, d: _Draft) -> None:
        """The prose sections (own, else the optype's) and their checks."""
        for sec in ("Syntax", "Description", "OperandInfo", "ModifierInfo", "Semantics", "Examples"):
            s = self.section(d.b.name, sec, d.optype)
            if s is not None:
                d.texts[sec] = s.text
        self.check_prose(d.b, d.optype, d.operands)
        self.check_pseudo_code(d.optype)
        self.check_examples_section(d.b, d.optype)

    OPCODE_PASSES = (resolve_optype, check_field_overlaps, check_modifier_fields, check_fixed_fields,
                     resolve_operand_lists, check_bitwidths, resolve_asm_formats, collect_exceptions,
                     build_operands, resolve_syntax, classify_fields, collect_texts)

    def freeze_opcode(self, d: _Draft) -> Opcode:
        """The decode key and the mnemonic; the immutable :class:`Opcode`."""
        b, fields, syntax, optype = d.b, d.fields, d.syntax, d.optype
        decode_mask = decode_value = used = 0
        for f in fields:
            used |= f.mask
            if f.fixed is not None:
                decode_mask |= f.mask
                decode_value |= f.fixed << f.pos
        mnemonic = syntax.mnemonic if syntax is not None else optype
        if syntax is not None and syntax.mnemonic != optype:
            self.sink.warning(f"syntax mnemonic {syntax.mnemonic} differs from optype {optype}", d.syn_sec.coord, 8)
        return Opcode(b.name, optype, self.unit_of(b.name), tuple(b.parents), d.chain, tuple(fields),
                      tuple(d.operands), tuple(d.modifiers), tuple(d.controls), d.ins, d.outs, d.order,
                      tuple(d.exceptions), syntax, d.texts, b.coord, mnemonic, decode_mask, decode_value, used)

    def build_addresses(self, b, raw: dict, fmap: dict) -> dict[str, AddressRef]:
        """``Address<addr> = MemAddr(base, offset[, scale[, ubase]])`` / ``ConstAddr(bank, base, offset)``.
        The optional *scale* (issue 11) is an enumeration field whose value names are
        ``X1`` (the default, not written) and ``X4``/``X8``/``X16``: ``[Ra.X4+imm]``; ``_``
        when there is none.  The optional *ubase* is a second base register (a uniform
        register: ``[Ra+URb+imm]``, ``[URb+imm]``), added to the first."""
        out: dict[str, AddressRef] = {}
        for name, ra in raw.items():
            e = ra.expr
            shapes = {"MemAddr": ("base", "offset"), "ConstAddr": ("bank", "base", "offset")}
            if isinstance(e, Call) and e.func == "MemAddr" and len(e.args) == 3:
                shapes["MemAddr"] = ("base", "offset", "scale")
            if isinstance(e, Call) and e.func == "MemAddr" and len(e.args) == 4:
                shapes["MemAddr"] = ("base", "offset", "scale", "ubase")
            if not (isinstance(e, Call) and e.func in shapes and len(e.args) == len(shapes[e.func])
                    and all(isinstance(a, Name) for a in e.args)):
                self.sink.error(f"Address<{name}> must be MemAddr(base, offset) or ConstAddr(bank, base, offset) over field names", ra.coord, len(name))
                continue
            if name in fmap:
                self.sink.error(f"Address<{name}>: {name} is already a field; name the address operand differently", ra.coord, len(name))
                continue
            parts: dict[str, Field | None] = {}
            ok = True
            for role, a in zip(shapes[e.func], e.args):
                if a.name in ("_", "none"):
                    parts[role] = None
                    continue
                f = fmap.get(a.name)
                if f is None:
                    self.sink.error(f"Address<{name}> uses {a.name!r}, which is not a field of {b.name}", ra.coord, len(name))
                    ok = False
                    continue
                t = self.types.get(f.type)
                if t is not None and role in ("offset", "bank") and t.is_enum:
                    self.sink.error(f"Address<{name}>: the {role} {a.name} must have an integer type, not {t.name}", ra.coord, len(name))
                    ok = False
                if t is not None and role == "scale" and not (t.is_enum and all(
                        re.fullmatch(r"X\d+|U32", v) for v, _ in t.values)):
                    self.sink.error(f"Address<{name}>: the scale {a.name} must be an enumeration of X1, X4, ... "
                                    f"(or U32: a 32-bit base, zero-extended)",
                                    ra.coord, len(name))
                    ok = False
                if t is not None and role in ("base", "ubase") and not t.is_enum:
                    self.sink.error(f"Address<{name}>: the base {a.name} must be a register (enumeration) type, not {t.name}", ra.coord, len(name))
                    ok = False
                parts[role] = f
            if ok:
                out[name] = AddressRef("mem" if e.func == "MemAddr" else "const", parts.get("base"), parts.get("offset"),
                                       parts.get("bank"), ra.text, parts.get("scale"), parts.get("ubase"))
        return out

    def build_modifiers(self, b, mod_fields, syntax, syn_sec, order):
        mods = []
        by_name = {f.name: f for f in mod_fields}
        slot_order = []
        if syntax is not None:
            for s in syntax.slots:
                if s.name not in by_name:
                    if not s.optional:
                        self.sink.error(f"syntax modifier .{s.name} of {b.name} is not a modifier field of its encoding (modifier fields: {', '.join(by_name) or 'none'}); modifiers absent in some variants must be written {{.{s.name}}}", syn_sec.coord, 8)
                    continue
                slot_order.append((by_name[s.name], s))
            listed = {f.name for f, _ in slot_order}
            for f in mod_fields:
                if f.name not in listed:
                    self.sink.warning(f"modifier field {f.name} of {b.name} does not appear in its syntax template", f.coord, len(f.name))
                    slot_order.append((f, None))
        else:
            slot_order = [(f, None) for f in mod_fields]
        for f, s in slot_order:
            t = self.types[f.type]
            values = tuple(n for n, _ in t.values)
            default = t.by_value.get(f.default) if f.default is not None else None
            if s is not None:
                for v in s.values:
                    if v not in t.by_name:
                        self.sink.error(f"syntax value .{v} of .{s.name} is not in enumeration {t.name}", syn_sec.coord, 8)
                if s.values:
                    values = tuple(v for v in s.values if v in t.by_name)
                    if default is not None and default not in values:
                        values = values + (default,)
                if s.default is not None and default is not None and s.default != default:
                    self.sink.warning(f"syntax marks .{s.default} as default of .{s.name} but the encoding default is {default}", syn_sec.coord, 8)
                if default is None and s.default is not None and s.default in t.by_name:
                    default = s.default
                if s.optional and default is None:
                    self.sink.error(f"syntax makes .{s.name} optional but its field has no default", syn_sec.coord, 8)
            mods.append(Modifier(f.name, f, f.type, values, default, default is not None))
        return mods

    @staticmethod
    def align_syntax(template_ops, ops):
        """Map template operands to a variant's operands in order.  Optional
        template operands (``{X}``) may be absent in a variant, so one template
        can describe all variants of an optype.  A template operand named like
        one of the variant's operands stands only for that one (``{Pu}, {Rd}, {URd}, ...``
        of SYNCS: a variant without Pu must not take its Rd for it).  Returns a list of
        (template operand, operand) pairs or None."""
        names = {o.name.lower(): k for k, o in enumerate(ops)}

        def go(i, j):
            if j == len(ops):
                return [] if all(t.optional for t in template_ops[i:]) else None
            if i == len(template_ops):
                return None
            k = names.get(template_ops[i].name.lower())
            if k is None or k == j:
                rest = go(i + 1, j + 1)
                if rest is not None:
                    return [(template_ops[i], ops[j])] + rest
            if template_ops[i].optional:
                return go(i + 1, j)
            return None
        return go(0, 0)

    def check_syntax_operands(self, b, syntax, syn_sec, operands, controls) -> None:
        ops = [o for o in operands if not o.guard]
        coord = syn_sec.coord
        pairs = self.align_syntax(list(syntax.operands), ops)
        if pairs is None:
            self.sink.error(f"syntax template operands ({', '.join(o.text for o in syntax.operands) or 'none'}) do not fit Order<> of {b.name} ({', '.join(o.name for o in ops) or 'none'}); operands missing in some variants must be written {{X}}", coord, 8)
            return
        names = {o.name.lower(): i for i, o in enumerate(ops)}
        for _i, (so, o) in enumerate(pairs):
            j = names.get(so.name.lower())
            if j is not None and ops[j] is not o:
                self.sink.error(f"syntax operand {so.name} of {b.name} stands where Order<> has {o.name}, but {ops[j].name} is operand {j + 1}", coord, 8)
            if "!" in so.prefixes and o.type in ("Pred", "UPred") and not any(p == "!" for p, _ in o.prefixes):
                self.sink.error(f"syntax allows '!' on {so.name} but {o.name} of {b.name} has no .not field", coord, 8)
        for c in syntax.controls:
            if c not in controls:
                self.sink.error(f"syntax annotation ${c} of {b.name} has no control field (control fields: {', '.join(controls) or 'none'})", coord, 8)

    def check_prose(self, b, optype, operands) -> None:
        """Warn where prose names a register class that contradicts a field type."""
        if optype in self._prose_checked:
            return
        self._prose_checked.add(optype)
        types = {o.name.lower(): o for o in operands}
        for sec_name in ("OperandInfo", "Description"):
            sec = self.blocks[optype].texts.get(sec_name) if optype in self.blocks else None
            if sec is None:
                continue
            for k, line in _section_lines(sec.text, code=False):
                pos = 0
                for clause in re.split(r"[\u3002\uff1b\uff0c;,!?\uff01\uff1f]|\.\s", line):
                    start = line.index(clause, pos) if clause else pos
                    pos = start + len(clause)
                    classes = {cls for rx, cls in _CLASS_WORDS if rx.search(clause)}
                    if len(classes) != 1:
                        continue
                    cls = classes.pop()
                    for m in re.finditer(r"(?<![A-Za-z0-9_])([A-Za-z][A-Za-z0-9]*)(?![A-Za-z0-9_])", clause):
                        o = types.get(m.group(1).lower())
                        if o is None or o.type not in ("Reg", "UReg", "Pred", "UPred") or o.type == cls:
                            continue
                        if m.group(1) in ("PR", "UR", "GPR", "UPR", "UGPR"):
                            continue
                        self.sink.warning(f"{sec_name} of {optype} says {m.group(1)} is a {cls} operand but its field has type {o.type}",
                                          Coord(sec.coord.file, sec.first_line + k, start + m.start(1) + 1), len(m.group(1)))

    def check_pseudo_code(self, name: str) -> None:
        """Warn about C-precedence slips in pseudo code: in `a ^ b == 0` the
        comparison binds first, which is rarely what the author meant."""
        blk = self.blocks.get(name)
        if blk is None or name in self._code_checked:
            return
        self._code_checked.add(name)
        for sec in blk.texts.values():
            if sec.name not in ("Semantics", "Description"):
                continue
            for k, line in _section_lines(sec.text, code=True):
                code = line.split("//")[0]
                col = _precedence_slip(code)
                if col is not None:
                    self.sink.warning("C precedence: `==`/`!=` binds tighter than `&`, `^` and `|`, so this compares before "
                                      "the bitwise operation; parenthesise the bitwise part (gpuisa implements the evident intent, "
                                      "see docs/decisions.md)", Coord(sec.coord.file, sec.first_line + k, col + 1), 2)

    def check_examples_section(self, b, optype) -> None:
        for name in (b.name, optype):
            blk = self.blocks.get(name)
            if blk is None or name in self._examples_checked:
                continue
            self._examples_checked.add(name)
            sec = blk.texts.get("Examples")
            if sec is None:
                continue
            if "```" not in sec.text:
                looks_semantic = bool(re.search(r"[\u4e00-\u9fff]|semantic", sec.text)) or sec.text.lstrip().startswith("-")
                what = "prose that reads like semantics" if looks_semantic else "text without a code block"
                self.sink.warning(f"__Examples of {name} holds {what}, not assembly examples; it belongs under __Semantics", sec.coord, 10)

    def check_decode_keys(self, opcodes: dict[str, Opcode]) -> None:
        seen: dict[tuple[int, int], Opcode] = {}
        for op in opcodes.values():
            key = (op.decode_mask, op.decode_value)
            if key in seen:
                other = seen[key]
                self.sink.error(f"opcodes {other.name} and {op.name} have the same decode key (fixed bits); {other.name} is at {other.coord}", op.coord, len(op.name))
            else:
                seen[key] = op


def _section_lines(text: str, *, code: bool):
    """(line index, line) of a free-text section: the lines inside fenced code
    blocks when *code*, else the prose lines outside them (fences excluded)."""
    in_code = False
    for k, line in enumerate(text.split("\n")):
        if line.strip().startswith("```"):
            in_code = not in_code
        elif in_code == code:
            yield k, line


def _precedence_slip(code: str) -> int | None:
    """Column (0-based) of a comparison that follows a bitwise operator at the
    same parenthesis depth with no logical operator in between, else None."""
    depth = 0
    bitwise_at: dict[int, bool] = {}
    i = 0
    while i < len(code):
        c = code[i]
        two = code[i:i + 2]
        if c == "(":
            depth += 1
            bitwise_at[depth] = False
        elif c == ")":
            bitwise_at.pop(depth, None)
            depth -= 1
        elif two in ("&&", "||"):
            bitwise_at[depth] = False
            i += 2
            continue
        elif two in ("==", "!="):
            if bitwise_at.get(depth):
                return i
            i += 2
            continue
        elif c in ",;?=":
            bitwise_at[depth] = False
        elif c in "&^|":
            bitwise_at[depth] = True
        i += 1
    return None


def build(files: Iterable[SpecFile], sink: DiagnosticSink):
    return _Builder(list(files), sink).build()
