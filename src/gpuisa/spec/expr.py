"""The expression sub-language of the description files.

Used by ``Bitwidth<x> = expr``, ``AsmFormat<x> = Func(args)`` and
``EncodingError<Kind, "msg"> = expr``.  Expressions are parsed once into a small
AST (picklable, so the compiled database can be cached) and evaluated against
an environment mapping field names to values: enumeration fields evaluate to
their value *name* (``dtype == "U64"``), integer fields to integers.

The grammar, the numbers and the parser are :mod:`gpuisa.exprlang`'s (this module is its
description-language dialect and AST).  Grammar (precedence from low to high)::

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
from dataclasses import dataclass
from typing import Any, Callable, Mapping

from ..errors import quick_setstate
from ..exprlang import Dialect, ExprError, parse

class ExprSyntaxError(ValueError):
    def __init__(self, message: str, offset: int):
        super().__init__(message)
        self.offset = offset


@quick_setstate
@dataclass(frozen=True, slots=True)
class Num:
    value: int

    def eval(self, env: Mapping[str, Any]) -> Any:
        return self.value

    def names(self) -> set[str]:
        return set()

    def __str__(self) -> str:
        return str(self.value)


@quick_setstate
@dataclass(frozen=True, slots=True)
class Str:
    value: str

    def eval(self, env: Mapping[str, Any]) -> Any:
        return self.value

    def names(self) -> set[str]:
        return set()

    def __str__(self) -> str:
        return f'"{self.value}"'


@quick_setstate
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


@quick_setstate
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


@quick_setstate
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


@quick_setstate
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


_SPEC = Dialect(
    binary={"or": 1, "and": 2, "==": 4, "!=": 4, "<": 4, "<=": 4, ">": 4, ">=": 4, "|": 5, "^": 6, "&": 7,
            "<<": 8, ">>": 8, "+": 9, "-": 9, "*": 10, "/": 10, "%": 10},
    unary={"not": 3, "-": 11, "~": 11},
    name=r"[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*",
    words={"and": "and", "or": "or", "not": "not"},
    aliases={"&&": "and", "||": "or", "!": "not"},
    nonassoc=frozenset({"==", "!=", "<", "<=", ">", ">="}),
    strings=True, calls=True, separators=True, max_depth=MAX_DEPTH)


class _Nodes:
    """The AST builder of the description language (gpuisa.exprlang calls it)."""

    @staticmethod
    def num(value, offset):
        return Num(value)

    @staticmethod
    def str(value, offset):
        return Str(value)

    @staticmethod
    def name(name, offset):
        return Name(name)

    @staticmethod
    def call(func, args, offset):
        return Call(func, tuple(args))

    @staticmethod
    def unop(op, arg, offset):
        return UnOp(op, arg)

    @staticmethod
    def binop(op, left, right, offset):
        return BinOp(op, left, right)


def parse_expr(text: str):
    """Parse *text*; raises :class:`ExprSyntaxError` with a character offset."""
    try:
        return parse(text, _SPEC, _Nodes)
    except ExprError as e:
        raise ExprSyntaxError(e.message, e.offset) from None
