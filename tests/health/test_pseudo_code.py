"""One source for the pseudo code: semantics functions carry only their own
notes; the registry appends the database's ``__Semantics`` text."""
from __future__ import annotations

import re
import textwrap

import pytest

from gpuisa.sim.registry import attach_pseudo_code, registry
from gpuisa.spec import load


def _norm(s: str) -> str:
    return re.sub(r"\s+", " ", s).strip()


@pytest.fixture(scope="module")
def db():
    d = load()
    attach_pseudo_code(d)
    return d


def _semantics_text(db, optype):
    return next((op.texts["Semantics"] for op in db.by_optype(optype) if op.texts.get("Semantics")), None)


def test_docstrings_carry_the_database_text(db):
    n = 0
    for optype, e in registry().items():
        text = _semantics_text(db, optype)
        assert e.fn.pseudo_code == text, optype
        if text is None:
            continue
        n += 1
        assert textwrap.indent(text.strip("\n"), "    ") in e.fn.__doc__, optype
        assert e.fn.__doc__.startswith(optype), optype
    assert n >= 50  # nearly every optype has pseudo code


def test_no_hand_copy_of_the_pseudo_code(db):
    """No line of an optype's pseudo code (beyond short ones) is repeated in
    the function's own docstring: a copy would drift (it did: BAR)."""
    copies = {}
    for optype, e in registry().items():
        text = _semantics_text(db, optype)
        if text is None or not e.doc:
            continue
        pseudo = {_norm(ln) for ln in text.splitlines() if len(_norm(ln)) >= 16}
        dup = [ln for ln in e.doc.splitlines() if _norm(ln) in pseudo]
        if dup or "```" in e.doc:
            copies[optype] = dup or ["```"]
    assert copies == {}


def test_attach_follows_the_database(db):
    """Another database's text replaces the docstring's pseudo code."""
    e = registry()["BSSY"]
    other = load()  # a different Database object with the same texts
    attach_pseudo_code(other)
    assert e.fn.pseudo_code == _semantics_text(other, "BSSY")
    attach_pseudo_code(db)
