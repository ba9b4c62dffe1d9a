"""Safe parser for ``--init REG=EXPR`` expressions (no ``eval``).

Grammar (C precedence, all operators left-associative)::

    expr   := or
    or     := xor ('|' xor)*
    xor    := and ('^' and)*
    and    := shift ('&' shift)*
    shift  := add (('<<' | '>>') add)*
    add    := mul (('+' | '-') mul)*
    mul    := unary (('*' | '/' | '%') unary)*
    unary  := ('-' | '~' | '+') unary | atom
    atom   := NUMBER | 'lane' | 'warp' | 'cta' | 'tid' | '(' expr ')'

Numbers are decimal or ``0x`` hex.  Arithmetic is on unbounded integers;
``/`` and ``%`` truncate toward zero (C); the result is taken modulo 2^32.
"""
from __future__ import annotations

import re
from typing import Callable

from ..errors import UsageError

VARIABLES = ("lane", "warp", "cta", "tid")
_TOKEN = re.compile(r"\s*(?:(0[xX][0-9a-fA-F]+|\d+)|([A-Za-z_]\w*)|(<<|>>|[-+*/%&|^~()]))")
_LEVELS = [("|",), ("^",), ("&",), ("<<", ">>"), ("+", "-"), ("*", "/", "%")]


def _cdiv(a: int, b: int) -> int:
    if b == 0:
        raise ZeroDivisionError
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b >= 0) else -q


_OPS: dict[str, Callable[[int, int], int]] = {
    "|": lambda a, b: a | b, "^": lambda a, b: a ^ b, "&": lambda a, b: a & b,
    "<<": lambda a, b: a << b if 0 <= b < 4096 else _bad_shift(b), ">>": lambda a, b: a >> b if b >= 0 else _bad_shift(b),
    "+": lambda a, b: a + b, "-": lambda a, b: a - b, "*": lambda a, b: a * b,
    "/": _cdiv, "%": lambda a, b: a - _cdiv(a, b) * b,
}


def _bad_shift(b: int) -> int:
    raise ValueError(f"shift count {b} out of range")


class InitExpr:
    """A parsed expression; call with ``lane, warp, cta, tid``."""

    def __init__(self, text: str):
        self.text = text
        self._toks = self._lex(text)
        self._i = 0
        self.ast = self._level(0)
        if self._i != len(self._toks):
            raise UsageError(f"--init expression {text!r}: unexpected {self._toks[self._i][1]!r}")

    def _lex(self, text: str) -> list[tuple[str, str]]:
        toks, pos = [], 0
        text = text.rstrip()
        while pos < len(text):
            m = _TOKEN.match(text, pos)
            if not m or m.end() == pos:
                raise UsageError(f"--init expression {text!r}: unexpected character {text[pos:].strip()[:1]!r}")
            if m.group(1):
                toks.append(("num", m.group(1)))
            elif m.group(2):
                if m.group(2) not in VARIABLES:
                    raise UsageError(f"--init expression {text!r}: unknown name {m.group(2)!r} "
                                     f"(use {', '.join(VARIABLES)})")
                toks.append(("var", m.group(2)))
            else:
                toks.append(("op", m.group(3)))
            pos = m.end()
        if not toks:
            raise UsageError("--init expression is empty")
        return toks

    def _peek(self):
        return self._toks[self._i] if self._i < len(self._toks) else (None, None)

    def _level(self, n: int):
        if n == len(_LEVELS):
            return self._unary()
        left = self._level(n + 1)
        while self._peek()[0] == "op" and self._peek()[1] in _LEVELS[n]:
            op = self._toks[self._i][1]
            self._i += 1
            left = ("bin", op, left, self._level(n + 1))
        return left

    def _unary(self):
        k, v = self._peek()
        if k == "op" and v in ("-", "~", "+"):
            self._i += 1
            return ("un", v, self._unary())
        return self._atom()

    def _atom(self):
        k, v = self._peek()
        if k is None:
            raise UsageError(f"--init expression {self.text!r}: unexpected end")
        self._i += 1
        if k == "num":
            return ("num", int(v, 0))
        if k == "var":
            return ("var", v)
        if v == "(":
            e = self._level(0)
            if self._peek() != ("op", ")"):
                raise UsageError(f"--init expression {self.text!r}: missing ')'")
            self._i += 1
            return e
        raise UsageError(f"--init expression {self.text!r}: unexpected {v!r}")

    def _eval(self, node, env):
        t = node[0]
        if t == "num":
            return node[1]
        if t == "var":
            return env[node[1]]
        if t == "un":
            a = self._eval(node[2], env)
            return -a if node[1] == "-" else (~a if node[1] == "~" else a)
        return _OPS[node[1]](self._eval(node[2], env), self._eval(node[3], env))

    def __call__(self, lane: int, warp: int, cta: int, tid: int) -> int:
        try:
            return self._eval(self.ast, {"lane": lane, "warp": warp, "cta": cta, "tid": tid}) & 0xFFFFFFFF
        except ZeroDivisionError:
            raise UsageError(f"--init expression {self.text!r}: division by zero "
                             f"(lane={lane}, warp={warp}, cta={cta})") from None
        except ValueError as e:
            raise UsageError(f"--init expression {self.text!r}: {e}") from None


_REG = re.compile(r"^(R|UR|P|UP|B)(\d+|Z|T)$")


def parse_reg(name: str) -> tuple[str, int]:
    """``"R1" -> ("R", 1)``; ``Rn`` (0-254), ``URn`` (0-62), ``Pn``/``UPn`` (0-6), ``Bn`` (0-15)."""
    m = _REG.match(name.strip().upper())
    limits = {"R": 254, "UR": 62, "P": 6, "UP": 6, "B": 15}
    if not m or not m.group(2).isdigit() or int(m.group(2)) > limits[m.group(1)]:
        raise UsageError(f"bad register {name!r} (expected R0-R254, UR0-UR62, P0-P6, UP0-UP6 or B0-B15)")
    return m.group(1), int(m.group(2))


def parse_init(spec: str) -> tuple[str, InitExpr]:
    """``"R1=lane*7+3" -> ("R1", InitExpr)``."""
    if "=" not in spec:
        raise UsageError(f"--init {spec!r}: expected REG=EXPR")
    reg, expr = spec.split("=", 1)
    parse_reg(reg)
    return reg.strip().upper(), InitExpr(expr)
