"""Parser for the ISA description language.

The language is line oriented, so the parser is a recursive descent over lines
(each construct starts a line) with a regular-expression tokenizer inside a
line.  It produces a :class:`SpecFile` of raw definitions; inheritance and
validation happen in :mod:`gpuisa.spec.build`.

Grammar (``//`` comments and blank lines may appear between any two lines)::

    file        := definition*
    definition  := bitfield | block
    bitfield    := "__DefBitFieldType" NAME "<" INT ">" ["=" kind] [";"] NL value*
    kind        := "UInt" | "SInt" | "CMem" "<" INT "," INT ">"
    value       := VALNAME ["=" INT] ";"                  (VALNAME may contain dots)
    block       := ("__DefGroup" | "__DefOptype" | "__DefOpcode") NAME [":" "[" NAME ("," NAME)* "]"] NL section*
    section     := "__Encoding" NL encline*
                 | "__OperandInfo" NL (opinfo* | TEXT)
                 | "__Exception" NL exception*
                 | ("__Syntax" | "__Description" | "__ModifierInfo" | "__Semantics" | "__Examples") NL TEXT
    encline     := "field" "<" INT "," INT ">" TYPE FIELDNAME [("==" | "=") VALUE] ";"
    opinfo      := ("InList" | "OutList" | "Order") "<" [NAME ("," NAME)*] ">" ";"
                 | "Bitwidth" "<" NAME ">" "=" expr ";"
                 | "AsmFormat" "<" NAME ">" "=" expr ";"
                 | "Address" "<" NAME ">" "=" ("MemAddr" "(" base "," offset ["," scale ["," ubase]] ")" | "ConstAddr" "(" bank "," base "," offset ")") ";"
    exception   := "EncodingError" "<" NAME "," STRING ">" "=" expr ";"

Free-text sections (TEXT) are kept verbatim as Markdown; they end at the next
line that starts (after indentation) with a section keyword or ``__Def``.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from typing import Any

from ..errors import Coord, DiagnosticSink
from ..numtext import NumberTooLong, parse_int
from ..exprlang import NUMBER
from .expr import ExprSyntaxError, parse_expr

SECTION_KEYWORDS = (
    "__Encoding", "__Syntax", "__Description", "__OperandInfo", "__ModifierInfo",
    "__Semantics", "__Examples", "__Exception",
)
TEXT_SECTIONS = ("Syntax", "Description", "ModifierInfo", "Semantics", "Examples", "OperandInfo")
BLOCK_KINDS = {"__DefGroup": "group", "__DefOptype": "optype", "__DefOpcode": "opcode"}

_IDENT = r"[A-Za-z_][A-Za-z0-9_]*"
_VALNAME = r"[A-Za-z0-9_]+(?:\.[A-Za-z0-9_]+)*"  # enumeration values may start with a digit (.64)
_RE_DEF = re.compile(r"^(?P<kw>__Def[A-Za-z]+)\b")
_RE_SECTION = re.compile(r"^(?P<ind>\s*)(?P<kw>__[A-Z][A-Za-z]+)\s*(?://.*)?$")
_RE_BITFIELD = re.compile(
    rf"^__DefBitFieldType\s+(?P<name>{_IDENT})\s*<\s*(?P<width>\d+)\s*>"
    rf"(?:\s*=\s*(?P<kind>{_IDENT})(?:\s*<\s*(?P<a>\d+)\s*,\s*(?P<b>\d+)\s*>)?)?\s*;?\s*(?://.*)?$"
)
_RE_BLOCK = re.compile(
    rf"^(?P<kw>__DefGroup|__DefOptype|__DefOpcode)\s+(?P<name>{_IDENT})\s*"
    rf"(?::\s*\[(?P<parents>[^\]]*)\])?\s*(?://.*)?$"
)
_RE_VALUE = re.compile(
    rf"^\s*(?P<name>{_VALNAME})\s*(?:=\s*(?P<val>{NUMBER}))?\s*;\s*(?://.*)?$"
)
_RE_COMMENTED_VALUE = re.compile(rf"^\s*//\s*(?P<name>{_IDENT}(?:\.{_IDENT})*)\s*(?:=\s*\w+)?\s*;")
_RE_FIELD = re.compile(
    rf"^\s*field\s*<\s*(?P<pos>\d+)\s*,\s*(?P<width>\d+)\s*>\s*(?P<type>{_IDENT})\s+"
    rf"(?P<name>{_IDENT}(?:\.{_IDENT})?)\s*(?:(?P<op>==|=)\s*(?P<val>[A-Za-z0-9_.]+|-\s*(?:{NUMBER})))?\s*;\s*(?://.*)?$"
)
_RE_LIST = re.compile(r"^\s*(?P<kw>InList|OutList|Order)\s*<(?P<body>[^<>]*)>\s*;\s*(?://.*)?$")
_RE_ASSIGN = re.compile(rf"^\s*(?P<kw>Bitwidth|AsmFormat|Address)\s*<\s*(?P<name>{_IDENT})\s*>\s*=\s*(?P<expr>[^;]*?)\s*;\s*(?://.*)?$")
_RE_EXC = re.compile(
    rf'^\s*(?P<kw>{_IDENT})\s*<\s*(?P<kind>{_IDENT})\s*,\s*"(?P<msg>[^"]*)"\s*>\s*=\s*(?P<expr>[^;]*?)\s*;\s*(?://.*)?$'
)
_RE_STRUCT_START = re.compile(r"^\s*(InList|OutList|Order|Bitwidth|AsmFormat|Address)\s*<")


@dataclass
class RawValue:
    name: str
    value: int
    coord: Coord


@dataclass
class RawBitField:
    name: str
    width: int
    kind: str  # enum | uint | sint | cmem
    values: list[RawValue]
    coord: Coord
    cmem_split: tuple[int, int] | None = None
    commented: list[RawValue] = field(default_factory=list)


@dataclass
class RawField:
    pos: int
    width: int
    type: str
    name: str
    op: str | None  # "==" fixed, "=" default, None
    value: str | None
    coord: Coord
    value_coord: Coord | None = None


@dataclass
class RawAssign:
    name: str
    expr: Any   # a spec.expr node (Num, Name, Call, BinOp, ...)
    text: str
    coord: Coord


@dataclass
class RawList:
    names: list[str]
    coord: Coord
    name_coords: list[Coord]


@dataclass
class RawException:
    kind: str
    exc_kind: str
    message: str
    expr: Any   # a spec.expr node (Num, Name, Call, BinOp, ...)
    text: str
    coord: Coord


@dataclass
class RawSection:
    name: str
    text: str
    coord: Coord  # coordinate of the keyword line
    first_line: int  # line number of the first text line


@dataclass
class RawBlock:
    kind: str  # group | optype | opcode
    name: str
    parents: list[str]
    coord: Coord
    parent_coords: list[Coord]
    fields: list[RawField] = field(default_factory=list)
    lists: dict[str, RawList] = field(default_factory=dict)
    bitwidth: dict[str, RawAssign] = field(default_factory=dict)
    asm_format: dict[str, RawAssign] = field(default_factory=dict)
    address: dict[str, RawAssign] = field(default_factory=dict)
    exceptions: list[RawException] = field(default_factory=list)
    texts: dict[str, RawSection] = field(default_factory=dict)
    sections_seen: list[str] = field(default_factory=list)


@dataclass
class SpecFile:
    path: str
    text: str
    bitfields: list[RawBitField] = field(default_factory=list)
    blocks: list[RawBlock] = field(default_factory=list)


def _split_names(body: str, line_no: int, col0: int, path: str) -> tuple[list[str], list[Coord]]:
    names, coords = [], []
    off = 0
    for part in body.split(","):
        stripped = part.strip()
        if stripped:
            names.append(stripped)
            coords.append(Coord(path, line_no, col0 + off + (len(part) - len(part.lstrip())) + 1))
        off += len(part) + 1
    return names, coords


class Parser:
    """Parses one description file, reporting problems into a sink."""

    def __init__(self, path: str, text: str, sink: DiagnosticSink):
        self.path = path
        self.text = text
        self.sink = sink
        self.lines = text.split("\n")
        sink.lines[path] = self.lines
        self.i = 0
        self.file = SpecFile(path, text)

    def coord(self, line_idx: int, col: int = 1) -> Coord:
        return Coord(self.path, line_idx + 1, col)

    def error(self, msg: str, line_idx: int, col: int = 1, length: int = 1) -> None:
        self.sink.error(msg, self.coord(line_idx, col), length)

    def num(self, text: str, line_idx: int, line: str) -> int:
        """An integer of the grammar (decimal, or 0x/0b with base 0); a number
        longer than numtext.MAX_DIGITS is an error at its column (value 0)."""
        try:
            return parse_int(text, 0)
        except NumberTooLong as e:
            col = line.find(text[:40])
            self.error(str(e), line_idx, col + 1 if col >= 0 else 1, min(len(text), 40))
            return 0

    @staticmethod
    def _is_skip(line: str) -> bool:
        s = line.strip()
        return not s or s.startswith("//")

    # BNF: file := definition*
    def parse(self) -> SpecFile:
        if "\x00" in self.text:
            idx = self.text.index("\x00")
            lno = self.text.count("\n", 0, idx)
            col = idx - (self.text.rfind("\n", 0, idx) + 1) + 1
            self.error("NUL byte in description file", lno, col)
        n = len(self.lines)
        while self.i < n:
            line = self.lines[self.i]
            if self._is_skip(line):
                self.i += 1
                continue
            stripped = line.lstrip()
            col = len(line) - len(stripped) + 1
            if stripped.startswith("__DefBitFieldType"):
                self.parse_bitfield()
            elif stripped.startswith(("__DefGroup", "__DefOptype", "__DefOpcode")):
                self.parse_block()
            else:
                word = stripped.split()[0] if stripped.split() else stripped
                if word.startswith("__Def"):
                    self.error(f"unknown definition keyword {word!r} (expected __DefBitFieldType, __DefGroup, __DefOptype or __DefOpcode)", self.i, col, len(word))
                else:
                    self.error(f"expected a definition (__DefBitFieldType, __DefGroup, __DefOptype, __DefOpcode), found {stripped[:30]!r}", self.i, col, len(word))
                self.i += 1
        return self.file

    def _at_def(self, idx: int) -> bool:
        return bool(_RE_DEF.match(self.lines[idx].lstrip())) and self.lines[idx].lstrip().startswith("__Def")

    # BNF: bitfield := "__DefBitFieldType" NAME "<" INT ">" ["=" kind] NL value*
    def parse_bitfield(self) -> None:
        start = self.i
        line = self.lines[start]
        m = _RE_BITFIELD.match(line.strip())
        self.i += 1
        if not m:
            col = len(line) - len(line.lstrip()) + 1
            self.error("malformed __DefBitFieldType header, expected `__DefBitFieldType Name<width>`", start, col, len(line.strip()))
            # skip its body
            while self.i < len(self.lines) and not self._at_def(self.i):
                self.i += 1
            return
        kind_word = m.group("kind")
        kind = "enum"
        split = None
        if kind_word is not None:
            kinds = {"UInt": "uint", "SInt": "sint", "CMem": "cmem"}
            if kind_word not in kinds:
                self.error(f"unknown bit-field kind {kind_word!r} (expected UInt, SInt or CMem<bank_bits, offset_bits>)", start, line.index(kind_word) + 1, len(kind_word))
            else:
                kind = kinds[kind_word]
                if kind == "cmem":
                    if m.group("a") is None:
                        self.error("CMem needs its split: `= CMem<bank_bits, offset_bits>`", start, line.index(kind_word) + 1, len(kind_word))
                        kind = "uint"
                    else:
                        split = (self.num(m.group("a"), start, line), self.num(m.group("b"), start, line))
        bf = RawBitField(m.group("name"), self.num(m.group("width"), start, line), kind, [], self.coord(start, line.index(m.group("name")) + 1), split)
        next_value = 0
        while self.i < len(self.lines) and not self._at_def(self.i):
            ln = self.lines[self.i]
            s = ln.strip()
            if not s:
                self.i += 1
                continue
            if s.startswith("//"):
                cm = _RE_COMMENTED_VALUE.match(ln)
                if cm:
                    bf.commented.append(RawValue(cm.group("name"), -1, self.coord(self.i, ln.index(cm.group("name")) + 1)))
                self.i += 1
                continue
            if _RE_SECTION.match(ln):
                break
            vm = _RE_VALUE.match(ln)
            if not vm:
                col = len(ln) - len(ln.lstrip()) + 1
                self.error(f"malformed value in bit-field type {bf.name}: expected `NAME;` or `NAME = number;`", self.i, col, len(s))
                self.i += 1
                continue
            if bf.kind != "enum":
                self.error(f"integer bit-field type {bf.name} cannot list values", self.i, ln.index(vm.group("name")) + 1)
            val = self.num(vm.group("val"), self.i, ln) if vm.group("val") else next_value
            bf.values.append(RawValue(vm.group("name"), val, self.coord(self.i, ln.index(vm.group("name")) + 1)))
            next_value = val + 1
            self.i += 1
        self.file.bitfields.append(bf)

    # BNF: block := ("__DefGroup" | "__DefOptype" | "__DefOpcode") NAME [":" "[" NAME ("," NAME)* "]"] NL section*
    def parse_block(self) -> None:
        start = self.i
        line = self.lines[start]
        stripped = line.strip()
        m = _RE_BLOCK.match(stripped)
        self.i += 1
        indent = len(line) - len(line.lstrip())
        if not m:
            self.error("malformed definition header, expected `__DefX Name : [Parent, ...]`", start, indent + 1, len(stripped))
            while self.i < len(self.lines) and not self._at_def(self.i):
                self.i += 1
            return
        parents: list[str] = []
        pcoords: list[Coord] = []
        if m.group("parents") is not None:
            body_start = line.index("[", line.index(m.group("name")) + len(m.group("name"))) + 1
            parents, pcoords = _split_names(m.group("parents"), start + 1, body_start, self.path)
            for p, pc in zip(parents, pcoords):
                if not re.fullmatch(_IDENT, p):
                    self.sink.error(f"invalid parent name {p!r}", pc, len(p))
        blk = RawBlock(BLOCK_KINDS[m.group("kw")], m.group("name"), parents,
                       self.coord(start, line.index(m.group("name")) + 1), pcoords)
        while self.i < len(self.lines):
            ln = self.lines[self.i]
            if self._at_def(self.i):
                break
            if self._is_skip(ln):
                self.i += 1
                continue
            sm = _RE_SECTION.match(ln)
            if not sm:
                col = len(ln) - len(ln.lstrip()) + 1
                self.error(f"expected a section keyword ({', '.join(SECTION_KEYWORDS)}) in {blk.name}", self.i, col, len(ln.strip()))
                self.i += 1
                continue
            kw = sm.group("kw")
            if kw not in SECTION_KEYWORDS:
                self.error(f"unknown section {kw!r} (expected one of {', '.join(SECTION_KEYWORDS)})", self.i, len(sm.group("ind")) + 1, len(kw))
                self.i += 1
                self._section_lines()
                continue
            name = kw[2:]
            kw_coord = self.coord(self.i, len(sm.group("ind")) + 1)
            if name in blk.sections_seen and name != "Encoding":
                self.sink.warning(f"section {kw} appears twice in {blk.name}; the texts are joined", kw_coord, len(kw))
            blk.sections_seen.append(name)
            self.i += 1
            first = self.i
            body = self._section_lines()
            if name == "Encoding":
                self.parse_encoding(blk, first, body)
            elif name == "Exception":
                self.parse_exceptions(blk, first, body)
            elif name == "OperandInfo" and self._is_structured(body):
                self.parse_operand_info(blk, first, body)
            else:
                text, skipped = self._clean_text(body)
                if name in blk.texts:
                    old = blk.texts[name]
                    blk.texts[name] = RawSection(name, old.text + "\n\n" + text, old.coord, old.first_line)
                else:
                    blk.texts[name] = RawSection(name, text, kw_coord, first + 1 + skipped)
        self.file.blocks.append(blk)

    def _section_lines(self) -> list[str]:
        out = []
        while self.i < len(self.lines):
            ln = self.lines[self.i]
            if self._at_def(self.i):
                break
            sm = _RE_SECTION.match(ln)
            if sm and sm.group("kw") in SECTION_KEYWORDS:
                break
            out.append(ln)
            self.i += 1
        return out

    @staticmethod
    def _is_structured(body: list[str]) -> bool:
        content = [ln for ln in body if ln.strip() and not ln.strip().startswith("//")]
        return bool(content) and all(_RE_STRUCT_START.match(ln) for ln in content)

    @staticmethod
    def _clean_text(body: list[str]) -> tuple[str, int]:
        """The section text (trailing blanks and trailing comment lines outside
        code fences dropped, leading blank lines dropped) and the number of
        leading lines dropped."""
        lines = list(body)
        # drop trailing blank lines and trailing comment-only lines outside code fences
        def fences(ls):
            return sum(1 for ln in ls if ln.strip().startswith("```"))
        while lines and (not lines[-1].strip() or (lines[-1].strip().startswith("//") and fences(lines) % 2 == 0)):
            lines.pop()
        skipped = 0
        while lines and not lines[0].strip():
            lines.pop(0)
            skipped += 1
        return "\n".join(ln.rstrip() for ln in lines), skipped

    # BNF: encline := "field" "<" INT "," INT ">" TYPE FIELDNAME [("==" | "=") VALUE] ";"
    def parse_encoding(self, blk: RawBlock, first: int, body: list[str]) -> None:
        for k, ln in enumerate(body):
            idx = first + k
            if self._is_skip(ln):
                continue
            m = _RE_FIELD.match(ln)
            if not m:
                col = len(ln) - len(ln.lstrip()) + 1
                s = ln.strip()
                if not s.startswith("field"):
                    self.error("expected `field<pos, width> Type name;` in __Encoding", idx, col, len(s.split()[0]))
                elif not s.rstrip().split("//")[0].rstrip().endswith(";"):
                    self.error("missing ';' at the end of the field", idx, len(ln.split("//")[0].rstrip()) + 1)
                else:
                    self.error("malformed field, expected `field<pos, width> Type name [== value | = default];`", idx, col, len(s))
                continue
            val = m.group("val")
            vcoord = self.coord(idx, m.start("val") + 1) if val is not None else None
            blk.fields.append(RawField(self.num(m.group("pos"), idx, ln), self.num(m.group("width"), idx, ln), m.group("type"),
                                       m.group("name"), m.group("op"), val.replace(" ", "") if val else None,
                                       self.coord(idx, m.start("name") + 1), vcoord))

    # BNF: opinfo := list | ("Bitwidth" | "AsmFormat" | "Address") "<" NAME ">" "=" expr ";"
    def parse_operand_info(self, blk: RawBlock, first: int, body: list[str]) -> None:
        for k, ln in enumerate(body):
            idx = first + k
            if self._is_skip(ln):
                continue
            m = _RE_LIST.match(ln)
            if m:
                kw = m.group("kw")
                names, coords = _split_names(m.group("body"), idx + 1, m.start("body"), self.path)
                if kw in blk.lists:
                    self.error(f"{kw}<> given twice in {blk.name}", idx, m.start("kw") + 1, len(kw))
                blk.lists[kw] = RawList(names, self.coord(idx, m.start("kw") + 1), coords)
                continue
            m = _RE_ASSIGN.match(ln)
            if m:
                expr = self._expr(m.group("expr"), idx, m.start("expr"))
                if expr is None:
                    continue
                target = {"Bitwidth": blk.bitwidth, "AsmFormat": blk.asm_format, "Address": blk.address}[m.group("kw")]
                target[m.group("name")] = RawAssign(m.group("name"), expr, m.group("expr"), self.coord(idx, m.start("name") + 1))
                continue
            col = len(ln) - len(ln.lstrip()) + 1
            self.error("malformed operand info: expected InList<...>; OutList<...>; Order<...>; Bitwidth<x> = expr; or AsmFormat<x> = expr;", idx, col, len(ln.strip()))

    def _expr(self, text: str, idx: int, col0: int):
        try:
            return parse_expr(text)
        except ExprSyntaxError as e:
            self.error(f"bad expression: {e}", idx, col0 + e.offset + 1)
            return None

    # BNF: exception := "EncodingError" "<" NAME "," STRING ">" "=" expr ";"
    def parse_exceptions(self, blk: RawBlock, first: int, body: list[str]) -> None:
        for k, ln in enumerate(body):
            idx = first + k
            if self._is_skip(ln):
                continue
            m = _RE_EXC.match(ln)
            if not m:
                col = len(ln) - len(ln.lstrip()) + 1
                self.error('malformed exception, expected `EncodingError<Kind, "message"> = condition;`', idx, col, len(ln.strip()))
                continue
            if m.group("kw") != "EncodingError":
                self.error(f"unknown exception class {m.group('kw')!r} (expected EncodingError)", idx, m.start("kw") + 1, len(m.group("kw")))
                continue
            expr = self._expr(m.group("expr"), idx, m.start("expr"))
            if expr is None:
                continue
            blk.exceptions.append(RawException(m.group("kw"), m.group("kind"), m.group("msg"), expr,
                                               m.group("expr"), self.coord(idx, m.start("kw") + 1)))


def parse_file(path: str, text: str, sink: DiagnosticSink) -> SpecFile:
    return Parser(path, text, sink).parse()
