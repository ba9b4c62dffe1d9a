"""What the manual shows, computed once from the database.

The templates (HTML and Markdown) only lay out what is here: the page list
and their paths, the link resolver for cross references, the encoding diagram
of every opcode (bit ranges, fixed values, free bits), the rows of the fields,
operands and modifiers tables, the examples with their assembled words, and
the search index.  Nothing here produces HTML.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Callable

from ..errors import GpuisaError
from ..spec.database import Database
from ..spec.model import Field, GroupInfo, Opcode

from ..asm.assembler import assemble as _assemble

WORD_BITS = 128
ROW_BITS = 32

#: Order in which an optype's texts are shown; other keys follow, sorted.
TEXT_ORDER = ("Description", "Semantics", "OperandInfo", "ModifierInfo")
#: Texts shown in their own way (not as prose sections).
SPECIAL_TEXTS = ("Syntax", "Examples")
TEXT_TITLES = {"OperandInfo": "Operands", "ModifierInfo": "Modifiers", "Description": "Description",
               "Semantics": "Semantics"}


# ---------------------------------------------------------------------------
# paths and links

def optype_path(name: str) -> str:
    return f"optypes/{name}.html"


def group_path(name: str) -> str:
    return f"groups/{name}.html"


TYPES_PATH = "types.html"


def type_anchor(name: str) -> str:
    return f"type-{name}"


class Links:
    """Where each name of the database lives in the site (root-relative)."""

    def __init__(self, db: Database, optypes: list[str]):
        self.db = db
        self.optypes = set(optypes)

    def optype(self, name: str) -> str:
        return optype_path(name)

    def opcode(self, name: str) -> str:
        return f"{optype_path(self.db.opcodes[name].optype)}#{name}"

    def type(self, name: str) -> str | None:
        return f"{TYPES_PATH}#{type_anchor(name)}" if name in self.db.types else None

    def group(self, name: str) -> str | None:
        g = self.db.groups.get(name)
        if g is None:
            return None
        return optype_path(name) if name in self.optypes else group_path(name)

    def resolve(self, name: str) -> str | None:
        """``[[NAME]]``: an optype, a group, an opcode, a bit-field type or a mnemonic."""
        if name in self.optypes or name in self.db.groups:
            return self.group(name)
        if name in self.db.opcodes:
            return self.opcode(name)
        if name in self.db.types:
            return self.type(name)
        ops = self.db.by_mnemonic(name)
        if ops:
            return optype_path(ops[0].optype)
        return None


# ---------------------------------------------------------------------------
# encoding diagram

@dataclass(frozen=True)
class Cell:
    """One piece of a diagram row: a field (or part of one) or free bits."""

    name: str  # field name, "" for free bits
    kind: str  # fixed | operand | modifier | control | prefix | other | free
    lo: int  # bit numbers in the 128-bit word
    hi: int
    field_lo: int  # the whole field's range (a field may be split over rows)
    field_hi: int
    value: str = ""  # "=SHFL" for fixed fields
    title: str = ""
    column: int = 1  # CSS grid column (1 = the row's most significant bit)

    @property
    def width(self) -> int:
        return self.hi - self.lo + 1

    @property
    def continued(self) -> bool:
        return (self.lo, self.hi) != (self.field_lo, self.field_hi)


@dataclass(frozen=True)
class Row:
    hi: int
    lo: int
    cells: tuple[Cell, ...]


def bits_text(lo: int, hi: int) -> str:
    return f"[{hi}]" if lo == hi else f"[{hi}:{lo}]"


class Describer:
    """Formats field values (enum names) and classifies fields of an opcode."""

    def __init__(self, db: Database):
        self.db = db

    def value_name(self, type_name: str, value: int | None) -> str:
        if value is None:
            return ""
        t = self.db.types.get(type_name)
        if t is not None and t.is_enum and value in t.by_value:
            return t.by_value[value]
        if t is not None and t.signed:
            value = t.from_raw(value)
        return hex(value) if abs(value) > 9 else str(value)

    @staticmethod
    def field_kinds(op: Opcode) -> dict[str, str]:
        kinds: dict[str, str] = {}
        for c in op.controls:
            kinds[c.name] = "control"
        for m in op.modifiers:
            kinds[m.field.name] = "modifier"
        for o in op.operands:
            kinds[o.field.name] = "operand"
            for _, f in o.prefixes:
                kinds[f.name] = "prefix"
        for f in op.fields:
            if f.fixed is not None:
                kinds[f.name] = "fixed"
            kinds.setdefault(f.name, "other")
        return kinds

    def diagram(self, op: Opcode) -> list[Row]:
        kinds = self.field_kinds(op)
        spans: list[tuple[int, int, Field | None]] = []
        pos = 0
        for fld in sorted(op.fields, key=lambda f: f.pos):
            if fld.pos > pos:
                spans.append((pos, fld.pos - 1, None))
            spans.append((fld.pos, fld.hi, fld))
            pos = max(pos, fld.hi + 1)
        if pos < WORD_BITS:
            spans.append((pos, WORD_BITS - 1, None))
        rows = []
        for row_lo in range(WORD_BITS - ROW_BITS, -1, -ROW_BITS):
            row_hi = row_lo + ROW_BITS - 1
            cells = []
            for lo, hi, f in sorted(spans, key=lambda s: -s[0]):
                a, b = max(lo, row_lo), min(hi, row_hi)
                if a > b:
                    continue
                col = row_hi - b + 1
                if f is None:
                    cells.append(Cell("", "free", a, b, lo, hi, "", f"bits {bits_text(lo, hi)}: free (not used by this encoding)", col))
                    continue
                value = ""
                title = f"{f.name} {bits_text(f.pos, f.hi)}: {f.type}"
                if f.fixed is not None:
                    value = self.value_name(f.type, f.fixed)
                    title += f" = {value}"
                elif f.default is not None:
                    title += f", default {self.value_name(f.type, f.default)}"
                cells.append(Cell(f.name, kinds[f.name], a, b, f.pos, f.hi, value, title, col))
            rows.append(Row(row_hi, row_lo, tuple(cells)))
        return rows


# ---------------------------------------------------------------------------
# examples

@dataclass
class ExampleLine:
    text: str  # the source line as written
    words: list[int] = field(default_factory=list)
    error: str = ""  # the assembler's message when it does not assemble
    label_only: bool = False  # the only problem: a label the snippet does not define
    opcodes: list[str] = field(default_factory=list)  # variant of each word
    is_code: bool = True  # False for blank/comment/label-only lines

    @property
    def words_hex(self) -> list[str]:
        return [f"0x{w:032x}" for w in self.words]


@dataclass
class Example:
    lines: list[ExampleLine]
    assembled: bool  # an assembler was available

    @property
    def text(self) -> str:
        return "\n".join(ln.text for ln in self.lines)

    @property
    def failed(self) -> int:
        return sum(1 for ln in self.lines if ln.error)


_FENCED = re.compile(r"^\s{0,3}(`{3,}|~{3,})[^\n]*\n(.*?)^\s{0,3}\1\s*$", re.S | re.M)
_COMMENT = re.compile(r"//.*$|/\*.*?\*/")
_LABEL_ONLY = re.compile(r"^\s*(?:[A-Za-z_.$][\w.$]*\s*:\s*)+$")


def example_blocks(text: str) -> list[str]:
    """Code blocks of an ``__Examples`` text (the whole text when it has none)."""
    blocks = [m.group(2).rstrip("\n") for m in _FENCED.finditer(text)]
    if not blocks and text.strip():
        blocks = [text.strip("\n")]
    return [b for b in blocks if b.strip()]


def _error_text(e: GpuisaError) -> str:
    errs = e.errors or e.diagnostics
    return "; ".join(d.message for d in errs) or str(e)


class ExampleAssembler:
    """Assembles examples with :func:`gpuisa.asm.assembler.assemble` (or the given function)."""

    def __init__(self, db: Database, assemble: Callable[..., Any] | None = None):
        self.db = db
        self.assemble = assemble if assemble is not None else _assemble

    def _words(self, text: str) -> list[int]:
        prog = self.assemble(self.db, text)
        return [int(w) for w in prog.words]

    def example(self, block: str) -> Example:
        lines = []
        for raw in block.split("\n"):
            code = _COMMENT.sub("", raw).strip()
            is_code = bool(code) and not _LABEL_ONLY.match(code) and code != ";"
            lines.append(ExampleLine(raw, is_code=is_code))
        code_lines = [ln for ln in lines if ln.is_code]
        # first the block as a whole (labels defined in it resolve) ...
        try:
            words = self._words(block)
        except GpuisaError:
            words = None
        if words is not None and len(words) == len(code_lines):
            for ln, w in zip(code_lines, words):
                ln.words = [w]
        else:  # ... else line by line, to flag the lines that do not assemble
            for ln in code_lines:
                try:
                    ln.words = self._words(ln.text)
                except GpuisaError as e:
                    ln.error = _error_text(e)
                    errs = e.errors or e.diagnostics
                    ln.label_only = bool(errs) and all(d.message.startswith("undefined label") for d in errs)
        for ln in code_lines:
            ln.opcodes = [(op.name if (op := self.db.lookup(w)) is not None else "") for w in ln.words]
        return Example(lines, True)


# ---------------------------------------------------------------------------
# summaries for the index and the search box

_MD_LINK_TEXT = re.compile(r"!?\[([^\]]*)\]\([^)]*\)")
_MD_XREF = re.compile(r"\[\[\s*([^\]]+?)\s*\]\]")
_MD_NOISE = re.compile(r"[`*_#>|]")
_SENTENCE_END = re.compile(r"(?<=[.!?])\s|(?<=[。！？])")


def summary(text: str, limit: int = 160) -> str:
    """The first sentence of the first prose paragraph of a Markdown text,
    markup removed (links become their text)."""
    paras: list[list[str]] = [[]]
    fence = False
    for line in text.split("\n"):
        s = line.strip()
        if s.startswith(("```", "~~~")):
            fence = not fence
            paras.append([])
            continue
        if fence:
            continue
        if not s or s.startswith(("|", "#", "- ", "* ")) or re.match(r"\d+[.)]\s", s):
            paras.append([])
            continue
        paras[-1].append(s)
    prose = [" ".join(p) for p in paras if p]
    text = next((p for p in prose if not p.lower().startswith(("see also", "参考"))), prose[0] if prose else "")
    text = _MD_XREF.sub(r"\1", _MD_LINK_TEXT.sub(r"\1", text))
    text = _MD_NOISE.sub("", text).strip()
    m = _SENTENCE_END.search(text)
    if m and m.start() > 20:
        text = text[: m.start()].strip()
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


# ---------------------------------------------------------------------------
# the whole manual

@dataclass
class OptypePage:
    name: str
    unit: str
    group: GroupInfo | None
    opcodes: list[Opcode]
    path: str

    @property
    def texts(self):
        if self.group is not None and self.group.texts:
            return self.group.texts
        return self.opcodes[0].texts if self.opcodes else {}


class Manual:
    """Everything the templates need, computed from *db*."""

    def __init__(self, db: Database, *, assemble: Callable[..., Any] | None = None, title: str = "gpuisa reference manual"):
        self.db = db
        self.title = title
        self.describe = Describer(db)
        # units -> optypes, in database order; optypes of no unit last
        units: dict[str, list[str]] = {u: list(v) for u, v in db.units.items()}
        listed = {o for v in units.values() for o in v}
        for op in db.opcodes.values():
            if op.optype not in listed:
                units.setdefault(op.unit or "(no unit)", []).append(op.optype)
                listed.add(op.optype)
        self.units = units
        self.optypes: dict[str, OptypePage] = {}
        for unit, names in units.items():
            for name in names:
                self.optypes[name] = OptypePage(name, unit, db.groups.get(name), list(db.by_optype(name)), optype_path(name))
        self.links = Links(db, list(self.optypes))
        self.groups = [g for g in db.groups.values() if g.name not in self.optypes]
        self.examples = ExampleAssembler(db, assemble)
        self.assembler = self.examples.assemble is not None
        self._type_users: dict[str, list[str]] | None = None

    # -- texts -----------------------------------------------------------------
    @staticmethod
    def prose_keys(texts) -> list[str]:
        keys = [k for k in TEXT_ORDER if k in texts]
        keys += sorted(k for k in texts if k not in TEXT_ORDER and k not in SPECIAL_TEXTS)
        return [k for k in keys if texts[k].strip()]

    @staticmethod
    def text_title(key: str) -> str:
        return TEXT_TITLES.get(key, re.sub(r"(?<=[a-z])(?=[A-Z])", " ", key))

    def own_texts(self, page: OptypePage, op: Opcode) -> dict[str, str]:
        """Texts of a variant that differ from its optype's."""
        base = page.texts
        return {k: v for k, v in op.texts.items() if base.get(k) != v and v.strip()}

    def optype_examples(self, page: OptypePage) -> list[Example]:
        text = page.texts.get("Examples", "")
        return [self.examples.example(b) for b in example_blocks(text)]

    # -- opcode tables -----------------------------------------------------------
    def field_rows(self, op: Opcode) -> list[dict]:
        kinds = self.describe.field_kinds(op)
        rows = []
        for f in sorted(op.fields, key=lambda f: -f.pos):
            rows.append({
                "name": f.name, "bits": bits_text(f.pos, f.hi), "width": f.width, "type": f.type,
                "type_link": self.links.type(f.type), "kind": kinds[f.name],
                "fixed": self.describe.value_name(f.type, f.fixed),
                "default": self.describe.value_name(f.type, f.default),
                "owner": f.owner, "owner_link": self.links.group(f.owner) if f.owner in self.db.groups else None,
            })
        return rows

    def operand_rows(self, op: Opcode) -> list[dict]:
        rows = []
        for o in op.operands:
            t = self.db.types.get(o.type)
            width = o.bitwidth_text if o.bitwidth_text is not None else ("32" if o.kind != "enum" or o.type in ("Reg", "UReg") else "")
            rows.append({
                "name": o.name, "kind": o.kind, "type": o.type, "type_link": self.links.type(o.type),
                "width": width, "field": o.field.name, "bits": bits_text(o.field.pos, o.field.hi),
                "io": "/".join(x for x, on in (("in", o.is_input), ("out", o.is_output)) if on) or "—",
                "default": self.describe.value_name(o.field.type, o.default),
                "guard": o.guard, "prefixes": [(c, f.name) for c, f in o.prefixes],
                "format": (f"{o.asm_format.func} << {o.asm_format.shift}" if o.asm_format else ""),
                "enum": bool(t and t.is_enum),
            })
        return rows

    def modifier_rows(self, op: Opcode) -> list[dict]:
        return [{"name": m.name, "type": m.type, "type_link": self.links.type(m.type), "choices": list(m.values),
                 "default": m.default or "", "optional": m.optional, "field": m.field.name,
                 "bits": bits_text(m.field.pos, m.field.hi)} for m in op.modifiers]

    def form(self, op: Opcode) -> str:
        """The assembly form of one variant, from its operands and modifiers:
        ``@{!}pg SHFL.mode pu, rd, ra, vb, vc``."""
        parts = []
        g = op.guard
        if g is not None:
            parts.append("{@{!}" + g.name + "} " if g.optional else "@{!}" + g.name + " ")
        mn = op.mnemonic
        for m in op.modifiers:
            mn += "{." + m.name + "}" if m.optional else "." + m.name
        parts.append(mn)
        ops = []
        for o in op.asm_operands:
            pre = "".join("{" + c + "}" for c, _ in o.prefixes)
            s = pre + o.name
            ops.append("{" + s + "}" if o.optional else s)
        if ops:
            parts.append(" " + ", ".join(ops))
        parts.append(" ;")
        return "".join(parts)

    # -- types -----------------------------------------------------------------
    def type_users(self, name: str) -> list[str]:
        """Optypes that have a field of type *name*."""
        if self._type_users is None:
            users: dict[str, list[str]] = {}
            for op in self.db.opcodes.values():
                for f in op.fields:
                    lst = users.setdefault(f.type, [])
                    if op.optype not in lst:
                        lst.append(op.optype)
            self._type_users = users
        return self._type_users.get(name, [])

    def type_rows(self) -> list[dict]:
        rows = []
        for t in sorted(self.db.types.values(), key=lambda t: t.name.lower()):
            d = {"name": t.name, "anchor": type_anchor(t.name), "kind": t.kind, "width": t.width,
                 "entries": list(t.values), "min": t.min, "max": t.max, "cmem": t.cmem_split,
                 "users": [(u, self.links.optype(u)) for u in self.type_users(t.name) if u in self.optypes]}
            rows.append(d)
        return rows

    # -- groups ----------------------------------------------------------------
    def group_children(self, name: str) -> list[tuple[str, str, str | None]]:
        """(name, kind, link) of the groups and optypes that inherit from *name*."""
        out = []
        for g in self.db.groups.values():
            if name in g.parents:
                out.append((g.name, g.kind, self.links.group(g.name)))
        return out

    def group_fields(self, name: str) -> list[dict]:
        """The fields a group declares (as seen in any opcode below it)."""
        seen: dict[str, dict] = {}
        for op in self.db.opcodes.values():
            for f in op.fields:
                if f.owner == name and f.name not in seen:
                    seen[f.name] = {"name": f.name, "bits": bits_text(f.pos, f.hi), "type": f.type,
                                    "type_link": self.links.type(f.type),
                                    "fixed": self.describe.value_name(f.type, f.fixed),
                                    "default": self.describe.value_name(f.type, f.default), "pos": f.pos}
        return sorted(seen.values(), key=lambda d: -d["pos"])

    # -- search index ------------------------------------------------------------
    def search_index(self) -> list[dict]:
        entries = []
        for page in self.optypes.values():
            entries.append({"id": f"optype:{page.name}", "kind": "optype", "name": page.name, "unit": page.unit,
                            "url": page.path, "keys": " ".join([page.name, page.unit]).lower(),
                            "summary": summary(page.texts.get("Description", ""))})
            for op in page.opcodes:
                entries.append({"id": f"opcode:{op.name}", "kind": "opcode", "name": op.name, "unit": page.unit,
                                "optype": page.name, "url": self.links.opcode(op.name),
                                "keys": " ".join(dict.fromkeys([op.name, op.mnemonic])).lower(),
                                "summary": self.form(op)})
        for g in self.groups:
            entries.append({"id": f"group:{g.name}", "kind": "group", "name": g.name, "unit": g.unit,
                            "url": group_path(g.name), "keys": g.name.lower(),
                            "summary": summary(g.texts.get("Description", ""))})
        for t in self.db.types.values():
            entries.append({"id": f"type:{t.name}", "kind": "type", "name": t.name, "unit": "",
                            "url": f"{TYPES_PATH}#{type_anchor(t.name)}", "keys": t.name.lower(),
                            "summary": f"{t.kind}, {t.width} bits"})
        return entries
