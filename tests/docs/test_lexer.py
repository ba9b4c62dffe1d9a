"""The Pygments lexer of the assembly language."""
from __future__ import annotations

import pytest
from pygments.lexers import get_lexer_by_name
from pygments.token import Comment, Error, Keyword, Name, Number, Operator, Punctuation

from gpuisa.docs.lexer import GpuisaLexer


def toks(text: str) -> list[tuple[object, str]]:
    return [(t, v) for t, v in GpuisaLexer().get_tokens(text) if v.strip()]


def test_instruction_with_guard_modifiers_registers_and_immediates():
    assert toks("@!P0 SHFL.UP P1, R1, R0, 0x1, 31 ;") == [
        (Operator, "@"), (Operator, "!"), (Name.Builtin, "P0"), (Keyword, "SHFL"), (Name.Attribute, ".UP"),
        (Name.Builtin, "P1"), (Punctuation, ","), (Name.Builtin, "R1"), (Punctuation, ","), (Name.Builtin, "R0"),
        (Punctuation, ","), (Number.Hex, "0x1"), (Punctuation, ","), (Number.Integer, "31"), (Punctuation, ";")]


@pytest.mark.parametrize("reg", ["R0", "R254", "RZ", "UR4", "URZ", "P6", "PT", "UP0", "UPT", "B15", "SR_LANEID", "SR_CTAID.X"])
def test_registers(reg):
    assert (Name.Builtin, reg) in toks(f"MOV R1, {reg} ;")


def test_labels_label_expressions_and_comments():
    t = toks("loop: BRA `(loop+0x10) ; // back\n/* block\ncomment */ EXIT ;")
    assert t[0] == (Name.Label, "loop") and t[1] == (Punctuation, ":")
    assert (Punctuation, "`(") in t and (Name.Label, "loop") in t[3:] and (Number.Hex, "0x10") in t
    assert (Comment.Single, "// back") in t
    assert (Comment.Multiline, "/* block\ncomment */") in t
    assert (Keyword, "EXIT") in t


def test_control_annotations_prefixes_and_cmem():
    t = toks("S2R R1, SR_TID.X $sched=2 $req=0x3 ; BRA.DIV ~URZ, -0x10 ; LDC R2, c[0x0][0x10] ;")
    assert (Name.Decorator, "sched") in t and (Number.Integer, "2") in t and (Number.Hex, "0x3") in t
    assert (Operator, "~") in t and (Name.Builtin, "URZ") in t and (Operator, "-") in t
    assert (Name.Builtin, "c") in t


def test_syntax_templates():
    t = toks("REDUX{.dtype}.reduxop Rd, Ra $sched $req $wsb ;\n.dtype = {.U32*, .S32}")
    assert t[0] == (Keyword, "REDUX")
    assert (Name.Attribute, ".dtype") in t and (Name.Attribute, ".reduxop") in t
    assert (Name.Attribute, ".U32*") in t


def test_registered_with_pygments():
    assert isinstance(get_lexer_by_name("gpuisa"), GpuisaLexer)


def test_no_error_tokens_on_any_description_text(db):
    texts = [t for op in db.opcodes.values() for t in op.texts.values()]
    texts += [t for g in db.groups.values() for t in g.texts.values()]
    for text in texts:
        bad = [v for t, v in GpuisaLexer().get_tokens(text) if t is Error]
        assert not bad, bad
