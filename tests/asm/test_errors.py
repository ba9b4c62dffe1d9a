"""Bad input: every error has file:line:col, the source line and a caret; all
errors of a file come out in one run; nothing else ever escapes (fuzz)."""
from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gpuisa.asm.assembler import MAX_ERRORS, assemble
from gpuisa.errors import AsmError


def errors_of(db, text, filename="bad.s"):
    with pytest.raises(AsmError) as e:
        assemble(db, text, filename=filename)
    return e.value.errors


CASES = [
    # (source, line, col, caret length, message fragment)
    ("SHLF.UP P1, R2, R1, 1, 0", 1, 1, 4, "unknown mnemonic SHLF (did you mean "),
    ("shfl.UP P1, R2, R1, 1, 0", 1, 1, 4, "did you mean SHFL"),
    ("SHFL.UPP P1, R2, R1, 1, 0", 1, 6, 3, "unknown modifier .UPP for SHFL"),
    ("SHFL P1, R2, R1, 1, 0", 1, 1, 4, "SHFL needs a .mode modifier (.IDX, .UP, .DOWN, .BFLY)"),
    ("  SHFL.UP P1, R2, R1, 1, 0x2000", 1, 26, 6, "0x2000 does not fit in vc (UImm13: 0x0..0x1fff)"),
    ("SHFL.UP P1, R2, R1, -1, 0", 1, 21, 2, "-0x1 does not fit in vb"),
    ("SHFL.UP P7, R2, R1, 1, 0", 1, 9, 2, "P7 is not a predicate (values: P0, P1, P2, P3, P4, P5, P6, PT)"),
    ("SHFL.UP P1, R2, R255, 1, 0", 1, 17, 4, "R255 is not a register"),
    ("SHFL.UP P1, R2, UR1, 1, 0", 1, 17, 3, "operand 3 `UR1` is a UReg but ra expects Reg"),
    ("S2R R1, SR_CTAID", 1, 9, 8, "SR_CTAID is not a special register (did you mean SR_CTAID.X"),
    ("CS2R R[0:1], SR_CLOCK", 1, 14, 8, "SR_CLOCK is commented out in SReg ("),
    ("SHFL.UP pu, R1, R0, 0x1, 0x0", 1, 9, 2, "`pu` is a syntax placeholder, not a register"),
    ("MATCH.U64.ALL R0, P0, R[3:4]", 1, 23, 6,
     "register pair R[3:4] is not valid: ra is a 64-bit operand, write R[n:n+1] with n even"),
    ("LEPC R[9:8]", 1, 6, 6, "write R[n:n+1] with n even; did you mean R[8:9]?"),
    ("IMAD.WIDE.U32 R[2:3], R0, 0x4, UR[4:5]", 1, 32, 7,
     "operand 4 `UR[4:5]` is a uniform-register pair (UReg) but rc expects a GPR pair (R[n:n+1]); accepted forms:"),
    ("LEPC UR[4:5]", 1, 6, 7, "`UR[4:5]` is a uniform-register pair (UReg) but rd expects a GPR pair (R[n:n+1])"),
    ("MATCH.ALL R0, P0, R[2:3]", 1, 19, 6, "write a single register, not a pair"),
    ("BRA UR4, 0x100", 1, 1, 3, "BRA_U should be used with .DIV/.CONV"),
    ("BRX R6, -0x71", 1, 9, 5, "-0x71 is not a multiple of 0x10"),
    ("EXIT $foo=1", 1, 6, 4, "unknown control annotation $foo (known: $sched $req $wsb $rsb)"),
    ("EXIT $sched=32", 1, 13, 2, "$sched=32 does not fit in 5 bits"),
    ("EXIT $sched", 1, 6, 6, "$sched needs a value"),
    ("NOP $sched=1 $sched=2", 1, 14, 6, "$sched given twice"),
    ("NOP $req=1 $sched=1 $wsb=2 $req=1", 1, 28, 4, "$req given twice"),
    ("@P9 EXIT", 1, 2, 2, "P9 is not a predicate"),
    ("@ EXIT", 1, 1, 1, "expected a predicate after '@'"),
    ("VOTE.ANY R0, P0, ~P1", 1, 18, 3, "does not take the prefix '~'"),
    ("BRX R6, `(.a +)", 1, 15, 1, "label expression ends too early"),
    ("BRX R6, `(.a * 2)", 1, 14, 1, "unexpected '*' in label expression"),
    ("WARPSYNC c[0x2][R1]", 1, 10, 10, "constant memory is written c[BANK][OFFSET]"),
    ("WARPSYNC c[0x2][0x102]", 1, 10, 13, "not 4-byte aligned"),
    ("L: EXIT\nL: EXIT", 2, 1, 1, "label L defined twice (first at line 1)"),
    (".word 0x1", 1, 1, 5, "unknown directive .word"),
    ("EXIT /* never closed", 1, 6, 2, "unterminated /* comment"),
    ("BRA", 1, 1, 3, "BRA needs more operands; accepted forms:"),
    ("EXIT, P2", 1, 5, 1, "unexpected ',' after the mnemonic EXIT"),
    ("SHFL.UP P1, R2, R1, 1, 0, R5", 1, 27, 2, "too many operands"),
    ("SHFL.UP P1, R2, , 1, 0", 1, 17, 1, "empty operand"),
    ("CALL.ABS `(.a - .b)", 1, 10, 10, "cannot relocate"),
]


@pytest.mark.parametrize("src,line,col,length,msg", CASES, ids=[c[0] for c in CASES])
def test_error_position_and_message(shipped_db, src, line, col, length, msg):
    errs = errors_of(shipped_db, src)
    assert len(errs) == 1, [e.format() for e in errs]
    d = errs[0]
    assert (d.coord.file, d.coord.line, d.coord.col) == ("bad.s", line, col), d.format()
    assert msg in d.message, d.format()
    assert d.length == length, d.format()
    text = d.format()
    assert text.startswith(f"bad.s:{line}:{col}: error: ")
    src_line = src.split("\n")[line - 1]
    assert text.split("\n")[1] == "    " + src_line
    assert text.split("\n")[2] == "    " + " " * (col - 1) + "^" + "~" * (length - 1)


def test_all_errors_reported(shipped_db):
    src = "\n".join(["EXIT", "FOO", "EXIT", "SHFL.UP P1, R2, R1, 99, 0", "BAR R1", "NOP"])
    errs = errors_of(shipped_db, src)
    assert [e.coord.line for e in errs] == [2, 4, 5]


def test_error_limit(shipped_db):
    with pytest.raises(AsmError) as e:
        assemble(shipped_db, "FOO\n" * (MAX_ERRORS + 50))
    assert len(e.value.errors) == MAX_ERRORS
    assert "50 more errors not shown" in e.value.format()


# --------------------------------------------------------------------------
# fuzz

TOKENS = ["SHFL", ".UP", ".IDX", "BRA", ".DIV", "CALL", ".ABS", "LEPC", "EXIT", "MATCH", ".U64", ".ALL", "S2R",
          "R1", "R[2:3]", "R[3:4]", "UR4", "UR[4:5]", "RZ", "URZ", "P0", "!P1", "PT", "~UR2", "SR_CTAID.X", "B0",
          "0x10", "-0x70", "7", "0x1C03", "c[0x2][0x100]", "`(", ")", "`(.L)", ".L:", ".", "+", "-", ",", ";", "@",
          "@!P0", "$sched=3", "$req=", "$", "/*", "*/", "//", "\n", " ", ":", "[", "]", "(*", "*)", ".u128", "\t",
          "é", "\x00", "0x" + "f" * 40, "99999999999999999999999",
          # memory addresses, constant addresses, floats (general-purpose instructions)
          "LDG", ".E", ".64", "STG", "LDS", "LDC", "FADD", "MOV", "[R2.64+0x10]", "[R2+0x10]", "[0x10]", "[UR4]",
          "[R2.64-`(.L)]", "c[0x3][R2+0x10]", "c[0x3][-0x8]", "1.5", "-0.25", "1e-3", "-INF", "+QNAN", "1e999",
          "[R2", "R2]", "[R2.64", "+0x10]", "-1", "0xffffffff"]

VALID = """\
.L0:  @P0 SHFL.UP P1, R2, R1, 0x1, 0x0 ;
      LDG.E R8, [R4.64+0x10] ; STS [R9-0x4], R8 ; LDC R10, c[0x0][R1+0x10]
      FADD R0, R1, -1.5e-3 ; MOV R0, -1
      MATCH.U64.ALL R0, P0, R[2:3] $sched=2
      BRA `(.L0)
      CALL.ABS `(.F + 0x10) ; LEPC R[4:5], 0x80
      WARPSYNC ~c[0x2][0x100] // comment
      BRX R6, `(.L0 - . - 0x10) /* c */ EXIT
"""


def _assert_clean(db, text):
    try:
        prog = assemble(db, text, filename="fuzz.s")
    except AsmError as e:
        assert e.errors
        for d in e.errors:
            assert d.coord is not None and d.coord.file == "fuzz.s" and d.coord.line >= 1 and d.coord.col >= 1
            d.format()
    else:
        assert len(prog.data) == 16 * len(prog.words)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(TOKENS), max_size=30).map(" ".join))
def test_fuzz_token_soup(shipped_db, text):
    _assert_clean(shipped_db, text)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(st.integers(0, len(VALID)), st.integers(0, 3), st.text(max_size=3)), max_size=6))
def test_fuzz_mutated_program(shipped_db, edits):
    text = VALID
    for pos, kind, s in edits:
        pos = min(pos, len(text))
        if kind == 0:
            text = text[:pos] + s + text[pos:]
        elif kind == 1:
            text = text[:pos] + text[pos + len(s) + 1:]
        elif kind == 2 and pos < len(text):
            text = text[:pos] + text[pos + 1:pos + 2] + text[pos:pos + 1] + text[pos + 2:]
        else:
            text = text[:pos] + (s or "0") * 2 + text[pos:]
    _assert_clean(shipped_db, text)


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=60))
def test_fuzz_any_text(shipped_db, text):
    _assert_clean(shipped_db, text)


DEEP = [
    "BRX R6, `(" + "(" * 990 + "0" + ")" * 990 + ")",
    "BRX R6, `(" + "(" * 5000 + "0",
    "BRX R6, `(" + "-(" * 3000 + "0" + ")" * 3000 + ")",
    "BRX R6, `(" + "-" * 5000 + "0x10)",
    "LDG.E R0, [R2.64+" + "(" * 2000 + "1" + ")" * 2000 + "]",
    "LDC R0, c[0x3][R2+`(" + "(" * 2000 + "1" + ")" * 2000 + ")]",
    "CALL.ABS `(" + "(" * 1500 + ".Ext" + ")" * 1500 + ")",
    "MOV R0, " + "[" * 3000 + "]" * 3000,
    "MOV R0, " + "|" * 3000,
    "MOV R0, " + "!~" * 3000 + "R1",
    "FADD R0, R1, " + "-" * 3000 + "1.5",
    "EXIT " + "/*" * 3000 + "*/" * 3000,
    "@" + "!" * 3000 + "P0 EXIT",
    "EXIT " + "$sched=1 " * 3000,
    "NOP " + ", ".join(["R1"] * 5000),
]


@pytest.mark.parametrize("text", DEEP, ids=range(len(DEEP)))
def test_deep_nesting_is_clean(shipped_db, text):
    _assert_clean(shipped_db, text)


def test_label_expression_nesting_limit(shipped_db):
    from gpuisa.asm.lexer import MAX_EXPR_DEPTH
    ok = "BRX R6, `(" + "(" * MAX_EXPR_DEPTH + "0x10" + ")" * MAX_EXPR_DEPTH + ")"
    assert assemble(shipped_db, ok).words
    (d,) = errors_of(shipped_db, "BRX R6, `(" + "(" * (MAX_EXPR_DEPTH + 1) + "0" + ")" * (MAX_EXPR_DEPTH + 1) + ")")
    assert d.message == f"label expression nested more than {MAX_EXPR_DEPTH} levels deep"
    assert d.coord.col == len("BRX R6, `(") + MAX_EXPR_DEPTH + 1  # the first parenthesis too many


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(st.sampled_from(["(", ")", "-", "`(", "[", "]", "-(", "1", ".L", "+"]),
                          st.integers(1, 1500)), max_size=4),
       st.sampled_from(["BRX R6, {}", "CALL.ABS `({})", "LDG.E R0, [R2.64+{}]", "BRA `({})", "MOV R0, {}",
                        "LDC R0, c[0x3][R1+({})]"]))
def test_fuzz_deep_nesting(shipped_db, runs, shape):
    _assert_clean(shipped_db, shape.format("".join(tok * n for tok, n in runs)))


@pytest.mark.parametrize("text", ["MOV R0, " + "9" * 5000, "FADD R0, R1, 1." + "0" * 5000 + "1",
                                  "FADD R0, R1, -1." + "0" * 5000 + "1", "LDG.E R0, [R2.64+" + "9" * 5000 + "]",
                                  "BRX R6, `(" + "9" * 5000 + ")", "FADD R0, R1, " + "9" * 5000])
def test_huge_numbers_are_clean_errors(shipped_db, text):
    # Python refuses int() of more than 4300 decimal digits: that must be a diagnostic, not a traceback
    (d,) = errors_of(shipped_db, text)
    assert d.coord.line == 1 and ("cannot read" in d.message or "number too long" in d.message), d.message


# --------------------------------------------------------------------------
# long source lines: the echoed line is a window around the caret


def _caret_under(text: str) -> tuple[str, str]:
    """(shown line, the character above the caret) of a formatted diagnostic."""
    _, shown, caret = text.split("\n")
    k = caret.index("^")
    return shown, shown[k] if k < len(shown) else None


@pytest.mark.parametrize("col", [1, 50, 1000, 500_000, 999_990, 1_000_000, 1_000_001])
def test_long_line_is_shown_as_a_window(col):
    from gpuisa.errors import SOURCE_WINDOW, Coord, Diagnostic
    line = "".join(chr(ord("a") + k % 26) for k in range(1_000_000))
    d = Diagnostic("error", "boom", Coord("f.s", 1, col), line, length=40)
    text = d.format()
    shown, under = _caret_under(text)
    assert len(shown) <= 4 + SOURCE_WINDOW + 2  # indentation, window, two … marks
    assert shown.startswith("    …") == (col > SOURCE_WINDOW // 3 + 1)
    assert shown.endswith("…") == (col < 1_000_000 - 2 * SOURCE_WINDOW // 3)
    # the caret stays under the character it points at (or just after the end of the line)
    assert under == (line[col - 1] if col <= len(line) else None)
    caret = text.split("\n")[2]
    assert len(caret) <= len(shown) + 1


def test_short_lines_are_unchanged():
    from gpuisa.errors import SOURCE_WINDOW, Coord, Diagnostic
    line = "x" * SOURCE_WINDOW
    text = Diagnostic("error", "m", Coord("f.s", 3, 7), line, length=3).format()
    assert text == f"f.s:3:7: error: m\n    {line}\n    {' ' * 6}^~~"


def test_megabyte_line_through_the_assembler(shipped_db):
    src = "MOV R0, R1 ; " * 80_000 + "FOO R1 ; " + "EXIT ; " * 10
    (d,) = errors_of(shipped_db, src)
    text = d.format()
    assert len(text) < 600
    shown, under = _caret_under(text)
    assert under == "F" and "…" in shown and "FOO R1" in shown


@pytest.mark.parametrize("text", ["F" * 300_000, "SHFL." + "U" * 300_000 + " P1, R2, R1, 1, 0",
                                  "MOV R0, R" + "x" * 300_000, "MOV R0, " + "?" * 300_000,
                                  "MOV R0, 0x" + "f" * 300_000, "BRA `(" + "a" * 300_000 + ")",
                                  "EXIT $" + "s" * 300_000 + "=1", "." + "x" * 300_000, "@" + "P" * 300_000 + " EXIT"])
def test_huge_tokens_are_shortened_in_messages(shipped_db, text):
    (d,) = errors_of(shipped_db, text)
    assert len(d.message) < 300 and "…" in d.message
    assert len(d.format()) < 800


def test_an_excerpt_keeps_the_file_line_numbers(shipped_db):
    db = shipped_db
    """assemble(first_line=N) (a kernel of a large CUDA listing, assembled alone): errors and
    records carry the file's line numbers, the caret line is the excerpt's own text."""
    with pytest.raises(AsmError) as e:
        assemble(db, "NOP ;\n\n  SHLF.UP P1, R2, R1, 1, 0 ;", filename="big.nvdisasm", first_line=5000)
    d = e.value.errors[0]
    assert (d.coord.file, d.coord.line, d.coord.col) == ("big.nvdisasm", 5002, 3)
    assert d.source_line == "  SHLF.UP P1, R2, R1, 1, 0 ;"
    prog = assemble(db, "NOP ;\nL: NOP ;\n BRA `(L) ;", first_line=41)
    assert [r.line for r in prog.records] == [41, 42, 43]
