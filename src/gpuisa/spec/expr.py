"""The expression sub-language of the description files.

Used by ``Bitwidth<x> = expr``, ``AsmFormat<x> = Func(args)`` and
``EncodingError<Kind, "msg"> = expr``.  Expressions are parsed once into a small
AST (picklable, so the compiled database can be cached) and evaluated against
an environment mapping field names to values: enumeration fields evaluate to
their value *name* (``dtype == "U64"``), integer fields to integers.

Grammar (precedence from low to high)::

    expr    := or
    or      := and (("or" | "||") and)*
    and     := not (("and" | "&&") not)*
    not     := ("not" | "!") not | cmp
    cmp     := bitor (("==" | "!=" | "<" | "<=" | ">" | ">=") bitor)?
    bitor   := bitxor ("|" bitxor)*
    bitxor  := bitand ("^" bitand)*
    bitand  := shift ("&" shift)*
    shift   := sum (("<<" | ">>") sum)*
    sum     := term (("+" | "-") term)*
    term    := unary (("*" | "/" | "%") unary)*
    unary   := ("-" | "~") unary | atom
    atom    := NUMBER | STRING | NAME | NAME "(" [expr ("," expr)*] ")" | "(" expr ")"

No ``eval``: the AST is interpreted.
"""
from __future__ import annotations

import operator
import re
from dataclasses import dataclass
from typing import Any, Callable, Mapping

from ..numtext import NumberTooLong, parse_int

_TOKEN = re.compile(
    r"""\s*(?:
        (?P<num>0[xX][0-9a-fA-F_]+|0[bB][01_]+|\d+)
      | (?P<str>"[^"\n]*")
      | (?P<name>[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*)
      | (?P<op>==|!=|<=|>=|<<|>>|&&|\|\||[-+*/%&|^~!<>(),])
    )""",
    re.VERBOSE,
)


_WS = re.compile(r"\s*")


class ExprSyntaxError(ValueError):
    def __init__(self, message: str, offset: int):
        super().__init__(message)
        self.offset = offset


@dataclass(frozen=True, slots=True)
class Num:
    value: int

    def eval(self, env: Mapping[str, Any]) -> Any:
        return self.value

    def names(self) -> set[str]:
        return set()

    def __str__(self) -> str:
        return str(self.value)


@dataclass(frozen=True, slots=True)
class Str:
    value: str

    def eval(self, env: Mapping[str, Any]) -> Any:
        return self.value

    def names(self) -> set[str]:
        return set()

    def __str__(self) -> str:
        return f'"{self.value}"'


@dataclass(frozen=True, slots=True)
class Name:
    name: str

    def eval(self, env: Mapping[str, Any]) -> Any:
        try:
            return env[self.name]
        except KeyError:
            raise NameError(self.name) from None

    def names(self) -> set[str]:
        return {self.name}

    def __str__(self) -> str:
        return self.name


@dataclass(frozen=True, slots=True)
class Call:
    func: str
    args: tuple

    def eval(self, env: Mapping[str, Any]) -> Any:
        fn = FUNCTIONS.get(self.func)
        if fn is None:
            raise NameError(self.func)
        args = [a.eval(env) for a in self.args]
        try:
            return fn(*args)
        except TypeError:
            raise TypeError(f"{self.func}() does not take {len(args)} argument(s) of these types") from None

    def names(self) -> set[str]:
        out: set[str] = set()
        for a in self.args:
            out |= a.names()
        return out

    def __str__(self) -> str:
        return f"{self.func}({', '.join(map(str, self.args))})"


def _bool_and(a, b):
    return bool(a) and bool(b)


def _bool_or(a, b):
    return bool(a) or bool(b)


_BINOPS: dict[str, Callable[[Any, Any], Any]] = {
    "or": _bool_or, "and": _bool_and,
    "==": operator.eq, "!=": operator.ne, "<": operator.lt, "<=": operator.le,
    ">": operator.gt, ">=": operator.ge,
    "|": operator.or_, "^": operator.xor, "&": operator.and_,
    "<<": operator.lshift, ">>": operator.rshift,
    "+": operator.add, "-": operator.sub, "*": operator.mul,
    "/": operator.floordiv, "%": operator.mod,
}


@dataclass(frozen=True, slots=True)
class BinOp:
    op: str
    left: Any
    right: Any

    def eval(self, env: Mapping[str, Any]) -> Any:
        a, b = self.left.eval(env), self.right.eval(env)
        if self.op in ("<<", ">>") and isinstance(b, int) and b > MAX_SHIFT:
            raise ValueError(f"shift count {b} too large (at most {MAX_SHIFT})")
        return _BINOPS[self.op](a, b)

    def names(self) -> set[str]:
        return self.left.names() | self.right.names()

    def __str__(self) -> str:
        return f"({self.left} {self.op} {self.right})"


@dataclass(frozen=True, slots=True)
class UnOp:
    op: str
    arg: Any

    def eval(self, env: Mapping[str, Any]) -> Any:
        v = self.arg.eval(env)
        if self.op == "-":
            return -v
        if self.op == "~":
            return ~v
        return not v

    def names(self) -> set[str]:
        return self.arg.names()

    def __str__(self) -> str:
        return f"{self.op}{self.arg}"


# Functions usable in expressions.  ``CvtIShift(x, n)`` and ``CvtPCRel(x, n)``
# are *display formats* (see AsmFormat); as values they give the scaled number.
FUNCTIONS: dict[str, Callable[..., Any]] = {
    "CvtIShift": lambda x, n: x << n,
    "CvtPCRel": lambda x, n: x << n,
    "F32": lambda x: x,
    "min": min,
    "max": max,
}


MAX_SHIFT = 4096  # larger shift counts are errors (``32 << (1 << 64)`` would exhaust memory)
MAX_DEPTH = 32  # nesting limit: deeper expressions are rejected, never a RecursionError


class _Parser:
    def __init__(self, text: str):
        self.text = text
        self.depth = 0
        self.toks: list[tuple[str, str, int]] = []
        pos = 0
        n = len(text)
        while pos < n:
            ws = _WS.match(text, pos).end()  # type: ignore[union-attr]  # \s* always matches  # no slicing per token: linear in the text's length
            if ws == n:
                break
            m = _TOKEN.match(text, pos)
            if not m or m.end() == pos:
                raise ExprSyntaxError(f"unexpected character {text[ws]!r}", ws)
            kind = m.lastgroup or ""   # a match always names its group
            val = m.group(kind)
            start = m.start(kind)
            if kind == "name" and val in ("and", "or", "not"):
                kind = "op"
            self.toks.append((kind, val, start))
            pos = m.end()
        self.i = 0

    def peek(self) -> tuple[str, str, int] | None:
        return self.toks[self.i] if self.i < len(self.toks) else None

    def take(self, *ops: str) -> str | None:
        t = self.peek()
        if t and t[0] == "op" and t[1] in ops:
            self.i += 1
            return t[1]
        return None

    def expect(self, op: str) -> None:
        if not self.take(op):
            t = self.peek()
            where = t[2] if t else len(self.text)
            raise ExprSyntaxError(f"expected {op!r}", where)

    def parse(self):
        if not self.toks:
            raise ExprSyntaxError("empty expression", 0)
        e = self.or_()
        t = self.peek()
        if t is not None:
            raise ExprSyntaxError(f"unexpected {t[1]!r}", t[2])
        return e

    def _left(self, sub, ops, canon=None):
        e = sub()
        while (op := self.take(*ops)) is not None:
            op = (canon or {}).get(op, op)
            e = BinOp(op, e, sub())
        return e

    def _nest(self, fn):
        self.depth += 1
        if self.depth > MAX_DEPTH:
            t = self.peek()
            raise ExprSyntaxError(f"expression nested more than {MAX_DEPTH} levels deep", t[2] if t else len(self.text))
        try:
            return fn()
        finally:
            self.depth -= 1

    def or_(self):
        return self._nest(lambda: self._left(self.and_, ("or", "||"), {"||": "or"}))

    def and_(self):
        return self._left(self.not_, ("and", "&&"), {"&&": "and"})

    def not_(self):
        if self.take("not", "!"):
            return UnOp("not", self._nest(self.not_))
        return self.cmp()

    def cmp(self):
        e = self.bitor()
        op = self.take("==", "!=", "<", "<=", ">", ">=")
        if op:
            e = BinOp(op, e, self.bitor())
        return e

    def bitor(self):
        return self._left(self.bitxor, ("|",))

    def bitxor(self):
        return self._left(self.bitand, ("^",))

    def bitand(self):
        return self._left(self.shift, ("&",))

    def shift(self):
        return self._left(self.sum, ("<<", ">>"))

    def sum(self):
        return self._left(self.term, ("+", "-"))

    def term(self):
        return self._left(self.unary, ("*", "/", "%"))

    def unary(self):
        op = self.take("-", "~")
        if op:
            return UnOp(op, self._nest(self.unary))
        return self.atom()

    def atom(self):
        t = self.peek()
        if t is None:
            raise ExprSyntaxError("unexpected end of expression", len(self.text))
        kind, val, pos = t
        if kind == "num":
            self.i += 1
            try:
                return Num(parse_int(val.replace("_", ""), 0))
            except NumberTooLong as e:
                raise ExprSyntaxError(str(e), pos) from None
        if kind == "str":
            self.i += 1
            return Str(val[1:-1])
        if kind == "name":
            self.i += 1
            if self.take("("):
                args = []
                if not self.take(")"):
                    args.append(self.or_())
                    while self.take(","):
                        args.append(self.or_())
                    self.expect(")")
                return Call(val, tuple(args))
            return Name(val)
        if self.take("("):
            inner = self.or_()
            self.expect(")")
            return inner
        raise ExprSyntaxError(f"unexpected {val!r}", pos)


def parse_expr(text: str):
    """Parse *text*; raises :class:`ExprSyntaxError` with a character offset."""
    return _Parser(text).parse()
