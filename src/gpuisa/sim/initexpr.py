"""Safe parser for ``--init REG=EXPR`` expressions (no ``eval``, no recursion).

Grammar (C precedence, binary operators left-associative)::

    expr   := or
    or     := xor ('|' xor)*
    xor    := and ('^' and)*
    and    := shift ('&' shift)*
    shift  := add (('<<' | '>>') add)*
    add    := mul (('+' | '-') mul)*
    mul    := unary (('*' | '/' | '%') unary)*
    unary  := ('-' | '~' | '+') unary | atom
    atom   := NUMBER | 'lane' | 'warp' | 'cta' | 'tid' | '(' expr ')'

Numbers are decimal, ``0x`` hex or ``0b`` binary.  Arithmetic is on unbounded integers;
``/`` and ``%`` truncate toward zero (C); the result is taken modulo 2^32.
Limits, each reported as a :class:`~gpuisa.errors.UsageError` with the column:
at most :data:`MAX_DEPTH` nested parentheses, :data:`MAX_LENGTH` characters,
shift counts 0..4095, intermediate values of at most :data:`MAX_BITS` bits.

The parser is :mod:`gpuisa.exprlang`'s (this module's dialect: the grammar above), a
shunting-yard loop producing postfix code, and evaluation runs that code on a stack: no
Python recursion, so no input text can raise ``RecursionError``.  Numbers are decimal,
``0x`` hex or ``0b`` binary (exprlang's :data:`~gpuisa.exprlang.NUMBER`); at most
:data:`MAX_DEPTH` parentheses nest (runs of unary operators are not nesting: any length).
"""
from __future__ import annotations

import re

from ..errors import Diagnostic, UsageError
from ..exprlang import Dialect, ExprError, Postfix, parse

VARIABLES = ("lane", "warp", "cta", "tid")
#: deepest nesting of parentheses accepted
MAX_DEPTH = 64
#: longest expression accepted, in characters
MAX_LENGTH = 4096
#: largest intermediate value, in bits (the result is taken modulo 2^32)
MAX_BITS = 4096
MAX_SHIFT = 4095

#: this module's dialect of gpuisa.exprlang: C's arithmetic and bitwise operators and precedence
_INIT = Dialect(binary={"|": 1, "^": 2, "&": 3, "<<": 4, ">>": 4, "+": 5, "-": 5, "*": 6, "/": 6, "%": 6},
                unary={"-": 7, "~": 7, "+": 7}, max_depth=MAX_DEPTH, max_unary=None,
                too_deep="parentheses nested deeper than {n}")


class _ExprError(Exception):
    def __init__(self, message: str, col: int, length: int = 1):
        super().__init__(message)
        self.message, self.col, self.length = message, col, length


def _cdiv(a: int, b: int) -> int:
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b >= 0) else -q


class InitExpr:
    """A parsed expression; call with ``lane, warp, cta, tid``.

    *label* and *offset* only shape error messages: the text shown (e.g. the
    whole ``R1=EXPR`` option) and where the expression starts in it."""

    def __init__(self, text: str, *, label: str | None = None, offset: int = 0):
        self.text = text
        self._label = label if label is not None else text
        self._offset = offset
        try:
            self.code = self._parse(text)
        except _ExprError as e:
            raise self._error(e.message, e.col, e.length) from None
        #: the variables the expression reads
        self.uses = frozenset(v for k, v, _ in self.code if k == "var")

    # -- errors -----------------------------------------------------------------------
    def _error(self, message: str, col: int, length: int = 1) -> UsageError:
        """A UsageError pointing at 1-based column *col* of the expression."""
        shown = self._label
        c = col + self._offset
        if len(shown) > 120:   # keep the caret line readable
            lo = max(0, c - 60)
            shown, c = ("..." if lo else "") + shown[lo:lo + 120] + ("..." if lo + 120 < len(shown) else ""), \
                c - lo + (3 if lo else 0)
        caret = " " * (max(c, 1) - 1) + "^" + "~" * max(min(length, 40) - 1, 0)
        return UsageError(Diagnostic("error", f"--init {self._label[:60]!r}"
                                              f"{'...' if len(self._label) > 60 else ''}: {message} "
                                              f"(column {col + self._offset})\n    {shown}\n    {caret}"))

    # -- parsing (gpuisa.exprlang's shunting yard, this module's dialect) -------------------
    def _parse(self, text: str) -> list[tuple[str, object, int]]:
        if len(text) > MAX_LENGTH:
            raise _ExprError(f"expression longer than {MAX_LENGTH} characters", MAX_LENGTH + 1)
        if not text.strip():
            raise _ExprError("expression is empty", 1)

        def known(name: str, offset: int) -> None:
            if name not in VARIABLES:
                raise ExprError(f"unknown name {name!r} (use {', '.join(VARIABLES)})", offset, len(name))

        code = Postfix(known)
        try:
            parse(text, _INIT, code)
        except ExprError as e:
            raise _ExprError(e.message, e.offset + 1, e.length) from None
        # postfix code: (kind, value, 1-based column); unary operators are "u-", "u~", "u+"
        kinds = {"num": "num", "name": "var", "op": "op", "unop": "op"}
        return [(kinds[k], ("u" + v if k == "unop" else v), off + 1)
                for k, v, off in code.code]

    # -- evaluation -------------------------------------------------------------------
    def __call__(self, lane: int, warp: int, cta: int, tid: int) -> int:
        env = {"lane": lane, "warp": warp, "cta": cta, "tid": tid}
        stack: list[int] = []
        push, pop = stack.append, stack.pop
        for kind, v, col in self.code:
            if kind == "num":
                push(v)  # type: ignore[arg-type]
                continue
            if kind == "var":
                push(env[v])  # type: ignore[index]
                continue
            if v[0] == "u":  # type: ignore[index]
                a = pop()
                push(-a if v == "u-" else ~a if v == "u~" else a)
                continue
            b = pop()
            a = pop()
            if v == "+":
                r = a + b
            elif v == "-":
                r = a - b
            elif v == "*":
                if a.bit_length() + b.bit_length() > MAX_BITS + 1:
                    raise self._eval_error(f"value larger than {MAX_BITS} bits", col, env)
                r = a * b
            elif v == "/" or v == "%":
                if b == 0:
                    raise self._eval_error("division by zero", col, env)
                r = _cdiv(a, b)
                if v == "%":
                    r = a - r * b
            elif v == "&":
                r = a & b
            elif v == "|":
                r = a | b
            elif v == "^":
                r = a ^ b
            elif v == "<<":
                if not 0 <= b <= MAX_SHIFT:
                    raise self._eval_error(f"shift count {b} out of range (0..{MAX_SHIFT})", col, env)
                r = a << b
            else:  # >>
                if b < 0:
                    raise self._eval_error(f"shift count {b} out of range (0..{MAX_SHIFT})", col, env)
                r = a >> b if b <= MAX_BITS + 1 else (-1 if a < 0 else 0)
            if r.bit_length() > MAX_BITS:
                raise self._eval_error(f"value larger than {MAX_BITS} bits", col, env)
            push(r)
        return stack[-1] & 0xFFFFFFFF

    def _eval_error(self, message: str, col: int, env: dict) -> UsageError:
        return self._error(f"{message} (lane={env['lane']}, warp={env['warp']}, cta={env['cta']})", col)


_REG = re.compile(r"^(R|UR|P|UP|B)(\d+|Z|T)$")


def parse_reg(name: str) -> tuple[str, int]:
    """``"R1" -> ("R", 1)``; ``Rn`` (0-254), ``URn`` (0-62), ``Pn``/``UPn`` (0-6), ``Bn`` (0-15)."""
    m = _REG.match(name.strip().upper())
    limits = {"R": 254, "UR": 62, "P": 6, "UP": 6, "B": 15}
    if not m or not m.group(2).isdigit() or len(m.group(2)) > 4 or int(m.group(2)) > limits[m.group(1)]:
        raise UsageError(f"bad register {name[:40]!r} (expected R0-R254, UR0-UR62, P0-P6, UP0-UP6 or B0-B15)")
    return m.group(1), int(m.group(2))


def parse_init(spec: str) -> tuple[str, InitExpr]:
    """``"R1=lane*7+3" -> ("R1", InitExpr)``."""
    if "=" not in spec:
        raise UsageError(f"--init {spec[:60]!r}: expected REG=EXPR")
    reg, expr = spec.split("=", 1)
    parse_reg(reg)
    return reg.strip().upper(), InitExpr(expr, label=spec, offset=len(reg) + 1)
