"""Syntax templates: the fenced block of a ``__Syntax`` section.

Example::

    REDUX{.dtype}.reduxop Rd, Ra      $sched $req $wsb ;

    .dtype = {.U32*, .S32}
    .reduxop = {.AND, .OR, .XOR, .SUM, .MAX, .MIN}

is parsed into a :class:`SyntaxTemplate`: mnemonic ``REDUX``; modifier slots
``dtype`` (optional, values U32/S32, default U32) and ``reduxop`` (required);
operands ``Rd``, ``Ra``; control annotations ``sched req wsb``.

Template grammar::

    template  := MNEMONIC slot* [operand ("," operand)*] control* [";"]
    slot      := "." NAME | "{" "." NAME "}"
    operand   := ["{"] prefix* PLACEHOLDER ["}"]      (a placeholder may be an address: [Ra.64+Imm], c[b][Ra+Imm])
    prefix    := "{!}" | "{~}" | "{-}" | "{|}" | "!" | "~" | "-"      ({|}: |x|, gpuisa issue 11)
    control   := "$" NAME
    valueline := "." NAME "=" "{" "." VALUE ["*"] ("," "." VALUE ["*"])* "}"
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from ..errors import quick_setstate

_RE_FENCE = re.compile(r"```[^\n]*\n(?P<body>.*?)```", re.S)
_RE_SLOT = re.compile(r"\{\.(?P<opt>[A-Za-z_]\w*)\}|\.(?P<req>[A-Za-z_]\w*)")
_RE_VALUES = re.compile(r"^\s*\.(?P<name>[A-Za-z_]\w*)\s*=\s*\{(?P<body>[^}]*)\}\s*$")


class SyntaxTemplateError(ValueError):
    def __init__(self, message: str, line_offset: int = 0, col: int = 1):
        super().__init__(message)
        self.line_offset = line_offset
        self.col = col


@quick_setstate
@dataclass(frozen=True, slots=True)
class SlotT:
    name: str
    optional: bool
    values: tuple[str, ...]  # from the `.name = {...}` line, empty if not listed
    default: str | None  # value marked with `*`


@quick_setstate
@dataclass(frozen=True, slots=True)
class OperandT:
    text: str  # as written, e.g. "{!}pp"
    name: str  # placeholder, e.g. "pp"
    prefixes: tuple[str, ...]  # "!", "~", "-"
    optional: bool


@quick_setstate
@dataclass(frozen=True, slots=True)
class SyntaxTemplate:
    raw: str
    mnemonic: str
    slots: tuple[SlotT, ...]
    operands: tuple[OperandT, ...]
    controls: tuple[str, ...]


def find_code_block(text: str) -> tuple[str, int] | None:
    """Return (body, line offset of the body within *text*) of the first fence."""
    m = _RE_FENCE.search(text)
    if not m:
        return None
    return m.group("body"), text.count("\n", 0, m.start("body"))


def parse_syntax(text: str) -> SyntaxTemplate:
    found = find_code_block(text)
    if found is None:
        raise SyntaxTemplateError("no ``` code block in __Syntax", 0)
    body, off = found
    lines = body.split("\n")
    idx = next((i for i, ln in enumerate(lines) if ln.strip()), None)
    if idx is None:
        raise SyntaxTemplateError("empty syntax block", off)
    tline = lines[idx]
    values: dict[str, tuple[tuple[str, ...], str | None]] = {}
    for k, ln in enumerate(lines[idx + 1:], start=idx + 1):
        if not ln.strip() or ln.strip().startswith("//"):
            continue
        vm = _RE_VALUES.match(ln)
        if not vm:
            raise SyntaxTemplateError(f"expected `.modifier = {{.A, .B}}`, found {ln.strip()!r}", off + k, len(ln) - len(ln.lstrip()) + 1)
        vals, default = [], None
        for part in vm.group("body").split(","):
            p = part.strip()
            if not p:
                continue
            star = p.endswith("*")
            p = p.rstrip("*").strip()
            if not p.startswith("."):
                raise SyntaxTemplateError(f"modifier value {p!r} must start with '.'", off + k, ln.index(p) + 1)
            vals.append(p[1:])
            if star:
                default = p[1:]
        values[vm.group("name")] = (tuple(vals), default)

    s = tline.split("//")[0].strip()
    if s.endswith(";"):
        s = s[:-1].rstrip()
    # mnemonic with slots
    m = re.match(r"^(?P<mn>[A-Za-z_][A-Za-z0-9_]*)(?P<slots>(?:\{\.[A-Za-z_]\w*\}|\.[A-Za-z_]\w*)*)", s)
    if not m:
        raise SyntaxTemplateError("template must start with the mnemonic", off + idx, 1)
    slots = []
    for sm in _RE_SLOT.finditer(m.group("slots")):
        name = sm.group("opt") or sm.group("req")
        svals, default = values.get(name, ((), None))
        slots.append(SlotT(name, sm.group("opt") is not None or default is not None, svals, default))
    rest = s[m.end():].strip()
    controls = tuple(re.findall(r"\$([A-Za-z_]\w*)", rest))
    rest = re.sub(r"\$[A-Za-z_]\w*", "", rest).strip()
    operands = []
    if rest:
        for part in rest.split(","):
            p = part.strip()
            if not p:
                raise SyntaxTemplateError("empty operand in template", off + idx, tline.find(",") + 1)
            optional = False
            if p.startswith("{") and p.endswith("}") and not re.fullmatch(r"\{[!~|-]\}", p[:3]):
                inner = p[1:-1].strip()
                optional = True
            else:
                inner = p
            prefixes = []
            while True:
                pm = re.match(r"^(\{[!~|-]\}|[!~-])", inner)
                if not pm:
                    break
                prefixes.append(pm.group(1).strip("{}"))
                inner = inner[pm.end():]
            if not re.fullmatch(r"[A-Za-z_\[][\w\[\]:+.-]*", inner):
                raise SyntaxTemplateError(f"bad operand placeholder {p!r}", off + idx, max(tline.find(p), 0) + 1)
            operands.append(OperandT(p, inner, tuple(prefixes), optional))
    return SyntaxTemplate(tline.strip(), m.group("mn"), tuple(slots), tuple(operands), controls)
