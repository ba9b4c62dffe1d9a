"""gpuisa.exprlang, the one expression language: its dialects (description files, label
expressions, --init) parse the same text to the same value, checked against Python's own
evaluation of the text (whose precedence of | ^ & << >> + - * and unary - ~ is C's); numbers;
located errors; no recursion."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gpuisa.asm.lexer import OperandSyntaxError
from gpuisa.asm.lexer import parse_expr as parse_label
from gpuisa.errors import UsageError
from gpuisa.exprlang import NumberTooLong, parse_number
from gpuisa.sim.initexpr import InitExpr
from gpuisa.spec.expr import ExprSyntaxError
from gpuisa.spec.expr import parse_expr as parse_spec

_OPS = ["+", "-", "*", "&", "|", "^", "<<", ">>"]


@st.composite
def expressions(draw, depth=0, ops=tuple(_OPS)):
    """Text of a random expression over small integers (shift counts 0..7)."""
    if depth > 4 or draw(st.integers(0, 3)) == 0:
        n = draw(st.integers(0, 300))
        return draw(st.sampled_from([str(n), hex(n), bin(n)]))
    k = draw(st.integers(0, 5))
    if k == 0:
        return f"({draw(expressions(depth + 1, ops))})"
    if k == 1 and "-" in ops:
        return f"-{draw(expressions(depth + 1, ops))}"
    if k == 2 and "~" not in ops and "*" in ops:
        return f"~{draw(expressions(depth + 1, ops))}"
    op = draw(st.sampled_from(ops))
    if op in ("<<", ">>"):
        return f"({draw(expressions(depth + 1, ops))} {op} {draw(st.integers(0, 7))})"
    return f"{draw(expressions(depth + 1, ops))} {op} {draw(expressions(depth + 1, ops))}"


@settings(max_examples=150, deadline=None)
@given(expressions())
def test_spec_and_init_dialects_agree_with_python(text):
    want = eval(text)                   # noqa: S307 - the reference: Python's precedence is C's here
    assert parse_spec(text).eval({}) == want
    assert InitExpr(text)(0, 0, 0, 0) == want & 0xFFFFFFFF


@settings(max_examples=100, deadline=None)
@given(expressions(ops=("+", "-")))
def test_label_dialect_sums_signed_terms(text):
    terms = parse_label(text, 0).terms
    assert sum(sg * n for sg, sym, n in terms) == eval(text)   # noqa: S307


def test_label_expression_symbols():
    e = parse_label(".L_x_3 - . + 0x10 - (a - -b)", 0)
    assert e.terms == ((1, ".L_x_3", 0), (-1, ".", 0), (1, None, 16), (-1, "a", 0), (-1, "b", 0))


@pytest.mark.parametrize("text, offset, msg", [
    ("1 + * 2", 4, "unexpected '*'"), ("(1 + 2", 0, "missing ')'"), ("1 + 2)", 5, "without a matching"),
    ("1 ?", 2, "unexpected '?'"), ("a == b == c", 7, "unexpected '=='"), ("", 0, "empty"),
    ("f(1,", 4, "ends too early"), ("(" * 40 + "1", 32, "nested more than 32")])
def test_spec_errors_are_located(text, offset, msg):
    with pytest.raises(ExprSyntaxError) as e:
        parse_spec(text)
    assert msg in str(e.value) and e.value.offset == offset


def test_the_same_errors_in_the_other_dialects():
    with pytest.raises(OperandSyntaxError) as e:
        parse_label("a + * b", 10)
    assert e.value.offset == 14 and "label expression" in str(e.value)
    with pytest.raises(UsageError, match=r"unexpected '\*'.*\(column 5\)"):
        InitExpr("1 + * 2")
    with pytest.raises(UsageError, match="unknown name 'x'"):
        InitExpr("lane + x")


def test_numbers():
    assert [parse_number(t) for t in ("0x1f", "-0x10", "0b101", "007", "+12", "0x1_0")] == [31, -16, 5, 7, 12, 16]
    with pytest.raises(ValueError):
        parse_number("0x")
    with pytest.raises(NumberTooLong):
        parse_number("9" * 1001)


def test_no_recursion_on_long_inputs():
    assert InitExpr("-" * 4001 + "1")(0, 0, 0, 0) == 0xFFFFFFFF     # unary runs: any length in --init
    assert parse_spec(" + ".join(["1"] * 400)).eval({}) == 400          # (description ASTs evaluate recursively)
    assert len(parse_label(" - ".join(["x"] * 5000), 0).terms) == 5000
