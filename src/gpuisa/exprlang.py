"""The expression language of gpuisa: one number syntax, one tokenizer, one parser.

Every place that reads an expression uses this module, each with its *dialect* (which
operators, names, strings and calls it allows) and its own node builder (what the parsed
expression becomes and how it is evaluated):

* the description language (:mod:`gpuisa.spec.expr`: ``Bitwidth<x> = 32 + (wide == "S64")*32``,
  ``EncodingError<..> = op != "INC"``): the full grammar, AST nodes evaluated with Python
  integers and strings;
* the assembler's label expressions (:mod:`gpuisa.asm.lexer`: `` `(.L_x_3 - . + 0x10) ``):
  ``+``, ``-``, parentheses, numbers, symbols, ``.``; flattened to a sum of signed terms;
* ``gpuisa run --init REG=EXPR`` (:mod:`gpuisa.sim.initexpr`): C's arithmetic and bitwise
  operators over ``lane``, ``warp``, ``cta``, ``tid``, compiled to postfix code and evaluated
  with C's truncating division, modulo 2^32.

Numbers are :data:`NUMBER` everywhere (decimal, ``0x`` hex, ``0b`` binary; ``_`` separators
where a dialect allows them), read by :func:`parse_number` (at most
:data:`gpuisa.numtext.MAX_DIGITS` digits).  The parser is a shunting-yard loop: it never
recurses, so no input can raise ``RecursionError``; nesting deeper than the dialect's
``max_depth`` is a located error.  Operators of one precedence associate to the left; a
dialect's *nonassoc* operators (comparisons) take at most one per operand chain.
Errors are :class:`ExprError` with the 0-based offset and length of the offending text.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Protocol

from .numtext import MAX_DIGITS, NumberTooLong, parse_int

#: the number syntax of every gpuisa text: hex, binary or decimal (no sign)
NUMBER = r"0[xX][0-9a-fA-F]+|0[bB][01]+|\d+"
#: the same with ``_`` digit separators (description files)
NUMBER_SEP = r"0[xX][0-9a-fA-F_]+|0[bB][01_]+|\d+"
#: a number with an optional sign
SIGNED_NUMBER = rf"[-+]?(?:{NUMBER})"
#: hex only (canonical listing texts: ``c[0x3][R2+0x10]``)
HEX = r"0[xX][0-9a-fA-F]+"

_RE_NUMBER = re.compile(rf"\s*([-+]?)\s*({NUMBER_SEP})\s*\Z")


def parse_number(text: str) -> int:
    """The value of a number text (``-0x10``, ``0b101``, ``1_000``); ValueError when it is not
    one, :class:`~gpuisa.numtext.NumberTooLong` when it has too many digits."""
    m = _RE_NUMBER.match(text)
    if m is None:
        raise ValueError(f"not a number: {text[:40]!r}")
    v = number_value(m.group(2))
    return -v if m.group(1) == "-" else v


def number_value(text: str) -> int:
    """The value of an unsigned :data:`NUMBER_SEP` text: hex, binary, or decimal (leading zeros
    allowed, ``007`` is 7)."""
    t = text.replace("_", "")
    base = {"x": 16, "b": 2}.get(t[1:2].lower(), 10) if t[:1] == "0" and len(t) > 2 else 10
    digits = t[2:] if base != 10 else t
    if len(digits) > MAX_DIGITS:
        raise NumberTooLong(digits)
    return parse_int(digits, base)


class ExprError(ValueError):
    """A syntax error at 0-based *offset* (spanning *length* characters) of the text."""

    def __init__(self, message: str, offset: int, length: int = 1):
        super().__init__(message)
        self.message, self.offset, self.length = message, offset, length


@dataclass(frozen=True)
class Dialect:
    """What one user of the language accepts."""

    binary: Mapping[str, int]                      # operator -> precedence (higher binds tighter)
    unary: Mapping[str, int]                       # prefix operator -> precedence
    name: str = r"[A-Za-z_][A-Za-z0-9_]*"          # a name (variable, field, symbol)
    words: Mapping[str, str] = field(default_factory=dict)     # keyword operators: "and" -> "and"
    aliases: Mapping[str, str] = field(default_factory=dict)   # "&&" -> "and"
    nonassoc: frozenset = frozenset()              # at most one of these per operand chain
    strings: bool = False                          # "text" literals
    calls: bool = False                            # NAME(args)
    separators: bool = False                       # 1_000
    max_depth: int = 32                            # parentheses (and calls) nested
    max_unary: int | None = 32                     # unary operators in a row (None: any number)
    what: str = "expression"                       # in messages: "label expression"
    too_deep: str = "{what} nested more than {n} levels deep"

    def deep(self) -> str:
        return self.too_deep.format(what=self.what, n=self.max_depth)

    def tokenizer(self) -> re.Pattern:
        ops = set(self.binary) | set(self.unary) | set(self.aliases) | {"(", ")"}
        if self.calls:
            ops.add(",")
        ops -= set(self.words)
        alt = "|".join(re.escape(o) for o in sorted(ops, key=len, reverse=True))
        strings = r'|(?P<str>"[^"\n]*")' if self.strings else ""
        return re.compile(rf"\s*(?:(?P<num>{NUMBER_SEP if self.separators else NUMBER}){strings}"
                          rf"|(?P<name>{self.name})|(?P<op>{alt}))")


class Builder(Protocol):
    """What a dialect's user makes of the parsed pieces (called in postfix order)."""

    def num(self, value: int, offset: int) -> Any: ...
    def name(self, name: str, offset: int) -> Any: ...
    def unop(self, op: str, arg: Any, offset: int) -> Any: ...
    def binop(self, op: str, left: Any, right: Any, offset: int) -> Any: ...


_TOKENIZERS: dict[int, re.Pattern] = {}


def tokens(text: str, dialect: Dialect) -> list[tuple[str, str, int]]:
    """(kind, text, offset) of every token: kinds num, str, name, op."""
    rx = _TOKENIZERS.get(id(dialect))
    if rx is None:
        rx = _TOKENIZERS[id(dialect)] = dialect.tokenizer()
    out = []
    pos, n = 0, len(text)
    ws = re.compile(r"\s*")
    while pos < n:
        blank = ws.match(text, pos)
        at = blank.end() if blank else pos
        if at == n:
            break
        m = rx.match(text, pos)
        if not m or m.end() == pos:
            raise ExprError(f"unexpected {text[at]!r} in {dialect.what}", at)
        kind = m.lastgroup or ""
        val = m.group(kind)
        if kind == "name" and val in dialect.words:
            kind, val = "op", dialect.words[val]
        elif kind == "op" and val in dialect.aliases:
            val = dialect.aliases[val]
        out.append((kind, val, m.start(kind)))
        pos = m.end()
    return out


def parse(text: str, dialect: Dialect, build: Any) -> Any:
    """Parse *text* in *dialect*; *build* makes the nodes (:class:`Builder`, plus ``str(value,
    offset)`` for strings and ``call(name, args, offset)`` for calls where the dialect has them).
    Returns what *build* made of the whole expression."""
    toks = tokens(text, dialect)
    if not toks:
        raise ExprError(f"empty {dialect.what}", 0)
    return _ShuntingYard(toks, dialect, build).run(len(text.rstrip()))


class _ShuntingYard:
    """The parser's state: operands made so far, pending operators, the nesting depth."""

    def __init__(self, toks: list, dialect: Dialect, build: Any):
        self.toks, self.d, self.build = toks, dialect, build
        self.out: list[Any] = []
        self.chained: list[bool] = []     # per value on *out*: made by a nonassoc operator
        self.ops: list[list] = []         # [kind, op, precedence, offset, argc]: bin, un, "(", call
        self.depth = 0
        self.i = 0

    def run(self, end: int) -> Any:
        expect = True
        while self.i < len(self.toks):
            tok = self.toks[self.i]
            self.i += 1
            expect = self.operand(tok) if expect else self.after_operand(tok)
        if expect:
            raise ExprError(f"{self.d.what} ends too early", end)
        while self.ops:
            if self.ops[-1][0] in ("(", "call"):
                raise ExprError(f"missing ')' in {self.d.what}", self.ops[-1][3])
            self.reduce_top()
        return self.out[-1]

    def push(self, value: Any) -> bool:
        self.out.append(value)
        self.chained.append(False)
        return False            # an operand was read: an operator follows

    def nest(self, off: int) -> None:
        self.depth += 1
        if self.depth > self.d.max_depth:
            raise ExprError(self.d.deep(), off)

    def operand(self, tok: tuple) -> bool:
        """An operand (or a prefix of one) is expected; returns whether one still is."""
        kind, val, off = tok
        d, toks = self.d, self.toks
        if kind == "num":
            try:
                return self.push(self.build.num(number_value(val), off))
            except NumberTooLong as e:
                raise ExprError(str(e), off, len(val)) from None
        if kind == "str":
            return self.push(self.build.str(val[1:-1], off))
        if kind == "name":
            if d.calls and self.i < len(toks) and toks[self.i][:2] == ("op", "("):
                self.i += 1
                self.nest(off)
                if self.i < len(toks) and toks[self.i][:2] == ("op", ")"):      # NAME()
                    self.i += 1
                    self.depth -= 1
                    return self.push(self.build.call(val, (), off))
                self.ops.append(["call", val, 0, off, 1])
                return True
            return self.push(self.build.name(val, off))
        if kind == "op" and val == "(":
            self.nest(off)
            self.ops.append(["(", "(", 0, off, 0])
            return True
        if kind == "op" and val in d.unary:
            n = d.max_unary
            if n is not None and len(self.ops) >= n and all(o[0] == "un" for o in self.ops[-n:]):
                raise ExprError(f"{d.what} nested more than {n} levels deep", off)
            self.ops.append(["un", val, d.unary[val], off, 0])
            return True
        raise ExprError(f"unexpected {val!r} in {d.what}", off, len(val))

    def after_operand(self, tok: tuple) -> bool:
        """After an operand: a binary operator, ')' or ','; returns whether an operand follows."""
        kind, val, off = tok
        d, ops = self.d, self.ops
        if kind == "op" and val in d.binary:
            prec = d.binary[val]
            while ops and ops[-1][0] in ("bin", "un") and ops[-1][2] >= prec:
                self.reduce_top()
            if val in d.nonassoc and self.chained and self.chained[-1]:
                raise ExprError(f"unexpected {val!r} in {d.what}", off, len(val))
            ops.append(["bin", val, prec, off, 0])
            return True
        if kind == "op" and val == ")":
            self.close_paren(off)
            return False
        if kind == "op" and val == "," and d.calls:
            while ops and ops[-1][0] in ("bin", "un"):
                self.reduce_top()
            if not ops or ops[-1][0] != "call":
                raise ExprError(f"unexpected ',' in {d.what}", off)
            ops[-1][4] += 1
            return True
        raise ExprError(f"unexpected {val!r} in {d.what}", off, len(val))

    def close_paren(self, off: int) -> None:
        ops, out, chained = self.ops, self.out, self.chained
        while ops and ops[-1][0] in ("bin", "un"):
            self.reduce_top()
        if not ops:
            raise ExprError(f"')' without a matching '(' in {self.d.what}", off)
        entry = ops.pop()
        self.depth -= 1
        if entry[0] == "call":
            n = entry[4]
            args = tuple(out[len(out) - n:])
            del out[len(out) - n:]
            del chained[len(chained) - n:]
            out.append(self.build.call(entry[1], args, entry[3]))
            chained.append(False)
        chained[-1] = False     # a parenthesised comparison may be compared again

    def reduce_top(self) -> None:
        kind, op, _, off, _ = self.ops.pop()
        out, chained = self.out, self.chained
        if kind == "un":
            a = out.pop()
            chained.pop()
            out.append(self.build.unop(op, a, off))
            chained.append(False)
        else:
            b = out.pop()
            a = out.pop()
            chained.pop()
            chained.pop()
            out.append(self.build.binop(op, a, b, off))
            chained.append(op in self.d.nonassoc)


class Postfix:
    """A builder that compiles to postfix code ``[(kind, value, offset)]`` (kinds num, name, op,
    unop): evaluate it on a stack, without recursion (:mod:`gpuisa.sim.initexpr`)."""

    def __init__(self, check_name: Callable[[str, int], None] | None = None):
        self.code: list[tuple[str, Any, int]] = []
        self.check_name = check_name

    def num(self, value: int, offset: int) -> None:
        self.code.append(("num", value, offset))

    def name(self, name: str, offset: int) -> None:
        if self.check_name is not None:
            self.check_name(name, offset)
        self.code.append(("name", name, offset))

    def unop(self, op: str, arg: Any, offset: int) -> None:
        self.code.append(("unop", op, offset))

    def binop(self, op: str, left: Any, right: Any, offset: int) -> None:
        self.code.append(("op", op, offset))
