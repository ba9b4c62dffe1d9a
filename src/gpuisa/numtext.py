"""Numbers written as text, read with bounds (issue 16).

Python's ``int(text)`` refuses decimal strings of more than 4,300 digits with
a bare ValueError, and ``fractions.Fraction("1e999999999")`` materialises
``10**999999999`` (a hang).  Every command-line option and description-file
number goes through these helpers, which reject over-long numbers with a
message the caller turns into a located error, and read decimal exponents
without building huge intermediate values.

A leaf module (no gpuisa imports): every stage may use it.
"""
from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from fractions import Fraction

#: longest accepted number text, in digits (no ISA value needs more than 128 bits: 39 digits)
MAX_DIGITS = 1000

_RE_DEC = re.compile(r"([-+]?)(\d*)(?:\.(\d*))?(?:[eE]([-+]?\d+))?")


def _fraction():
    """fractions.Fraction, imported on first use (with decimal: 2 ms of every command's start)."""
    from fractions import Fraction
    return Fraction


class NumberTooLong(ValueError):
    """A number with more than :data:`MAX_DIGITS` digits."""

    def __init__(self, text: str):
        n = len(text)
        super().__init__(f"number too long ({n} characters; at most {MAX_DIGITS} digits)")


def parse_int(text: str, base: int = 0) -> int:
    """``int(text, base)``, refusing more than :data:`MAX_DIGITS` characters
    with :class:`NumberTooLong` (a ValueError) instead of Python's 4,300-digit
    limit error; other malformed text raises ValueError as ``int`` does."""
    if len(text) > MAX_DIGITS + 4:  # sign, 0x prefix, surrounding blanks
        if len(text.strip().lstrip("+-")) > MAX_DIGITS + 2:
            raise NumberTooLong(text.strip())
    return int(text, base)


def parse_decimal(text: str, max_exp10: int = 400) -> Fraction | None:
    """The exact value of a decimal literal (``1.5``, ``-2e-3``, ``.5e+7``) as a
    Fraction, read without building powers of ten larger than the number needs.

    Returns None when the magnitude is at least ``10**max_exp10`` (beyond any
    binary64: the caller reports an overflow); a value below ``10**-max_exp10``
    (it rounds to zero in any binary format) is returned as 0 (the caller keeps
    the text's sign).  Raises ValueError when *text* is not a decimal literal,
    NumberTooLong when it has too many digits."""
    t = text.strip()
    m = _RE_DEC.fullmatch(t)
    if m is None or not (m.group(2) or m.group(3)):
        raise ValueError(f"not a decimal number: {text!r}")
    sign, ip, fp, ex = m.groups()
    fp = fp or ""
    digits = (ip + fp).lstrip("0")
    if len(digits) > MAX_DIGITS:
        raise NumberTooLong(t)
    if not digits:
        return _fraction()(0)
    if ex is not None and len(ex.lstrip("+-").lstrip("0")) > 12:
        e = 10 ** 13 if not ex.startswith("-") else -10 ** 13  # far outside any range: decided below
    else:
        e = int(ex) if ex is not None else 0
    exp10 = e - len(fp)               # value = int(digits) * 10**exp10
    lead = exp10 + len(digits) - 1    # 10**lead <= value < 10**(lead + 1)
    if lead >= max_exp10:
        return None
    if lead < -max_exp10:
        return _fraction()(0)
    n = int(digits)
    fraction = _fraction()
    q = fraction(n * 10 ** exp10) if exp10 >= 0 else fraction(n, 10 ** -exp10)
    return -q if sign == "-" else q
