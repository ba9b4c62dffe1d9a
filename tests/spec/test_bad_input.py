"""Malformed description files: a clean SpecError with file:line:col, never a traceback."""
from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gpuisa.errors import SpecError
from gpuisa.spec import compile_spec, load


def load_text(text: str):
    return load([], texts={"bad.isa": text})


@pytest.mark.parametrize("text,line,col", [
    ("__DefBitFieldType X<3\n    A;\n", 1, 1),
    ("__DefGroup G : [ALL]\n  __Encoding\n    field<1, 2 Reg r;\n", 3, 5),
    ("__DefGroup G : [ALL]\n  __Encoding\n    field<1, 8> Reg r\n", 3, 22),
    ("__DefGroup G : [ALL]\n  __Bogus\n", 2, 3),
    ("hello\n", 1, 1),
    ("__DefGroup G : [ALL]\n  __OperandInfo\n    Bitwidth<r> = 32 + ;\n", 3, 23),
    ("__DefBitFieldType X<3>\n    A B;\n", 2, 5),
])
def test_syntax_errors_have_coordinates(text, line, col):
    with pytest.raises(SpecError) as ei:
        load_text(text)
    d = ei.value.errors[0]
    assert (d.coord.file, d.coord.line, d.coord.col) == ("bad.isa", line, col), d.format()
    out = d.format()
    assert out.startswith(f"bad.isa:{line}:{col}: error: ")
    assert "^" in out.splitlines()[-1]


def test_invalid_utf8(tmp_path):
    p = tmp_path / "x.isa"
    p.write_bytes(b"__DefBitFieldType X<2>\n    A\xff;\n")
    with pytest.raises(SpecError) as ei:
        load([p])
    d = ei.value.errors[0]
    assert (d.coord.line, d.coord.col) == (2, 6) and "UTF-8" in d.message


def test_missing_file():
    with pytest.raises(SpecError, match="no such file"):
        load(["/nonexistent/file.isa"])


def _mutate(text: str, seed: int, kind: int) -> str:
    rnd = random.Random(seed)
    lines = text.split("\n")
    i = rnd.randrange(len(lines))
    if kind == 0:  # delete a line
        del lines[i]
    elif kind == 1:  # duplicate a line
        lines.insert(i, lines[i])
    elif kind == 2:  # truncate a token
        ln = lines[i]
        if ln:
            j = rnd.randrange(len(ln))
            lines[i] = ln[:j] + ln[j + 1 + rnd.randrange(3):]
    else:  # random bytes
        blob = bytes(rnd.randrange(256) for _ in range(rnd.randrange(1, 12))).decode("latin-1")
        lines[i] = lines[i][: len(lines[i]) // 2] + blob
    return "\n".join(lines)


@pytest.fixture(scope="module")
def seed_texts(seeds_dir):
    return [p.read_text(encoding="utf-8") for p in sorted(seeds_dir.glob("00[013]_*.txt"))]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(which=st.integers(0, 2), seed=st.integers(0, 2**32), kind=st.integers(0, 3), n=st.integers(1, 3))
def test_mutated_seeds_give_success_or_clean_spec_error(seed_texts, which, seed, kind, n):
    text = seed_texts[which]
    for k in range(n):
        text = _mutate(text, seed + k, (kind + k) % 4)
    try:
        db, diags = compile_spec([], texts={"mut.isa": text})
    except Exception as e:  # noqa: BLE001
        pytest.fail(f"unexpected {type(e).__name__}: {e}")
    for d in diags:
        assert d.severity in ("error", "warning", "note")
        if d.coord is not None:
            assert d.coord.file == "mut.isa" and d.coord.line >= 1 and d.coord.col >= 1
        d.format()


def test_deeply_nested_expression_is_a_clean_error():
    text = "__DefGroup G : [ALL]\n  __OperandInfo\n    Bitwidth<r> = " + "(" * 2000 + "1" + ")" * 2000 + ";\n"
    with pytest.raises(SpecError, match="nested more than"):
        load_text(text)
