"""Expressions of the debugger (``print``, ``break … if``, ``x``), evaluated per lane.

Grammar (C precedence; no ``eval``)::

    expr    := or
    or      := and ('||' and)*
    and     := bor ('&&' bor)*
    bor     := bxor ('|' bxor)*
    bxor    := band ('^' band)*
    band    := cmp ('&' cmp)*
    cmp     := shift (('==' | '!=' | '<' | '<=' | '>' | '>=') shift)*
    shift   := add (('<<' | '>>') add)*
    add     := mul (('+' | '-') mul)*
    mul     := unary (('*' | '/' | '%') unary)*
    unary   := ('-' | '~' | '!' | '+') unary | postfix
    postfix := atom ('[' expr ']')?
    atom    := NUMBER | REGISTER | NAME | '(' expr ')'

Registers: ``R0``-``R254``, ``RZ`` (unsigned 32-bit, one value per lane),
``P0``-``P6``, ``PT`` (0 or 1 per lane), ``UR0``-``UR62``, ``UP0``-``UP6``,
``B0``-``B15`` (one value per warp).  Names: ``lane``, ``warp`` (index in the
CTA), ``cta``, ``tid`` (warp * 32 + lane), ``active`` (1 in the lanes of
ActiveMask), ``valid``, ``pc``, and the program's labels and buffer names
(their addresses).  ``X[e]`` takes lane *e* of a per-lane value.  Arithmetic is
on Python/numpy 64-bit integers; ``/`` and ``%`` truncate toward zero.
"""
from __future__ import annotations

import re

import numpy as np

from ..errors import UsageError
from ..exprlang import NUMBER, number_value

MAX_LENGTH = 512
MAX_DEPTH = 48

_TOKEN = re.compile(rf"\s*(?:({NUMBER})|([A-Za-z_.$][\w.$]*)|(\|\||&&|==|!=|<=|>=|<<|>>|[-+*/%&|^~!<>()\[\]]))")
_REG = re.compile(r"^(R|UR|P|UP|B)(\d+)$|^(RZ|URZ|PT|UPT)$", re.I)
_BINARY = [("||",), ("&&",), ("|",), ("^",), ("&",), ("==", "!=", "<", "<=", ">", ">="), ("<<", ">>"), ("+", "-"),
           ("*", "/", "%")]
LANES = np.arange(32, dtype=np.int64)


class ExprError(UsageError):
    pass


def tokenize(text: str) -> list[tuple[str, str, int]]:
    if len(text) > MAX_LENGTH:
        raise ExprError(f"expression longer than {MAX_LENGTH} characters")
    out, pos = [], 0
    while pos < len(text):
        if text[pos:].strip() == "":
            break
        m = _TOKEN.match(text, pos)
        if not m:
            raise ExprError(f"unexpected character {text[pos:].lstrip()[:1]!r} at column {pos + 1}")
        kind = "num" if m.group(1) else "name" if m.group(2) else "op"
        g = m.lastindex or 1
        out.append((kind, m.group(g), m.start(g)))
        pos = m.end()
    return out


class Parser:
    def __init__(self, text: str):
        self.text = text
        self.toks = tokenize(text)
        self.i = 0
        self.depth = 0

    def peek(self):
        return self.toks[self.i] if self.i < len(self.toks) else ("end", "", len(self.text))

    def take(self):
        t = self.peek()
        self.i += 1
        return t

    def parse(self):
        if not self.toks:
            raise ExprError("empty expression")
        node = self.binary(0)
        if self.i < len(self.toks):
            t = self.peek()
            raise ExprError(f"unexpected {t[1]!r} at column {t[2] + 1}")
        return node

    def binary(self, level: int):
        if level == len(_BINARY):
            return self.unary()
        node = self.binary(level + 1)
        while self.peek()[0] == "op" and self.peek()[1] in _BINARY[level]:
            op = self.take()[1]
            node = ("bin", op, node, self.binary(level + 1))
        return node

    def unary(self):
        t = self.peek()
        if t[0] == "op" and t[1] in ("-", "~", "!", "+"):
            self.take()
            self.depth += 1
            if self.depth > MAX_DEPTH:
                raise ExprError("expression nested too deeply")
            node = ("un", t[1], self.unary())
            self.depth -= 1
            return node
        return self.postfix()

    def postfix(self):
        node = self.atom()
        if self.peek()[1] == "[":
            self.take()
            idx = self.nested()
            self.expect("]")
            node = ("idx", node, idx)
        return node

    def nested(self):
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise ExprError("expression nested too deeply")
        node = self.binary(0)
        self.depth -= 1
        return node

    def expect(self, op: str):
        t = self.take()
        if t[1] != op:
            raise ExprError(f"expected {op!r} at column {t[2] + 1}, found {t[1] or 'the end'!r}")

    def atom(self):
        t = self.take()
        if t[0] == "num":
            return ("num", number_value(t[1]))
        if t[0] == "name":
            return ("name", t[1])
        if t[1] == "(":
            node = self.nested()
            self.expect(")")
            return node
        raise ExprError(f"expected a value at column {t[2] + 1}, found {t[1] or 'the end'!r}")


def parse(text: str):
    return Parser(text).parse()


def _c_div(a, b, mod: bool):
    if np.any(np.asarray(b) == 0):
        raise ExprError("division by zero")
    q = np.abs(a) // np.abs(b)
    q = np.where((np.asarray(a) >= 0) == (np.asarray(b) >= 0), q, -q)
    return a - q * b if mod else q


_OPS = {
    "+": lambda a, b: a + b, "-": lambda a, b: a - b, "*": lambda a, b: a * b,
    "/": lambda a, b: _c_div(a, b, False), "%": lambda a, b: _c_div(a, b, True),
    "<<": lambda a, b: np.left_shift(a, np.clip(b, 0, 63)), ">>": lambda a, b: np.right_shift(a, np.clip(b, 0, 63)),
    "&": lambda a, b: a & b, "|": lambda a, b: a | b, "^": lambda a, b: a ^ b,
    "==": lambda a, b: (a == b).astype(np.int64), "!=": lambda a, b: (a != b).astype(np.int64),
    "<": lambda a, b: (a < b).astype(np.int64), "<=": lambda a, b: (a <= b).astype(np.int64),
    ">": lambda a, b: (a > b).astype(np.int64), ">=": lambda a, b: (a >= b).astype(np.int64),
    "&&": lambda a, b: ((a != 0) & (b != 0)).astype(np.int64), "||": lambda a, b: ((a != 0) | (b != 0)).astype(np.int64),
}


def mask_lanes(mask: int) -> np.ndarray:
    return ((int(mask) >> LANES) & 1).astype(np.int64)


class Env:
    """What names mean for one warp of a simulator."""

    def __init__(self, warp, symbols: dict[str, int] | None = None):
        self.w = warp
        self.symbols = symbols or {}

    def register(self, name: str):
        m = _REG.match(name)
        if not m:
            return None
        w = self.w
        if m.group(3):
            z = m.group(3).upper()
            return {"RZ": np.zeros(32, np.int64), "URZ": 0, "PT": np.ones(32, np.int64), "UPT": 1}[z]
        kind, n = m.group(1).upper(), int(m.group(2))
        limit = {"R": 254, "UR": 62, "P": 6, "UP": 6, "B": 15}[kind]
        if n > limit:
            raise ExprError(f"no register {name} ({kind}0-{kind}{limit})")
        if kind == "R":
            return w.R[n].astype(np.int64)
        if kind == "P":
            return mask_lanes(w.P[n])
        if kind == "UR":
            return int(w.UR[n])
        if kind == "UP":
            return int(bool(w.UP[n]))
        return int(w.B[n])

    def name(self, name: str):
        v = self.register(name)
        if v is not None:
            return v
        w = self.w
        low = name.lower()
        if low == "lane":
            return LANES.copy()
        if low == "warp":
            return w.index
        if low == "cta":
            return w.cta.linear
        if low == "tid":
            return w.index * 32 + LANES
        if low == "active":
            return mask_lanes(w.active)
        if low == "valid":
            return mask_lanes(w.valid)
        if low == "pc":
            return int(w.pc)
        if name in self.symbols:
            return int(self.symbols[name])
        raise ExprError(f"unknown name {name!r} (registers, lane, warp, cta, tid, active, valid, pc, labels, buffers)")


def evaluate(node, env: Env):
    """A Python int (one value per warp) or a (32,) int64 array (per lane)."""
    kind = node[0]
    if kind == "num":
        return node[1]
    if kind == "name":
        return env.name(node[1])
    if kind == "un":
        v = evaluate(node[2], env)
        op = node[1]
        if op == "-":
            return -v
        if op == "+":
            return v
        if op == "~":
            return ~v
        return (np.asarray(v) == 0).astype(np.int64) if isinstance(v, np.ndarray) else int(v == 0)
    if kind == "idx":
        base, idx = evaluate(node[1], env), evaluate(node[2], env)
        if isinstance(idx, np.ndarray):
            raise ExprError("a lane index must be one value (e.g. R1[3])")
        if not 0 <= idx < 32:
            raise ExprError(f"lane {idx} out of range 0-31")
        return int(base[idx]) if isinstance(base, np.ndarray) else int(base)
    a, b = evaluate(node[2], env), evaluate(node[3], env)
    scalar = not isinstance(a, np.ndarray) and not isinstance(b, np.ndarray)
    r = _OPS[node[1]](np.int64(a) if not isinstance(a, np.ndarray) else a,
                      np.int64(b) if not isinstance(b, np.ndarray) else b)
    return int(r) if scalar else np.asarray(r, dtype=np.int64)
