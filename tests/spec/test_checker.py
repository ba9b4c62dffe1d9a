"""The checker: the seeds' real inconsistencies, and each check on small files."""
from __future__ import annotations

import pytest

from gpuisa.spec import compile_spec


def messages(diags, severity):
    return [d for d in diags if d.severity == severity]


def find(diags, severity, text):
    hits = [d for d in diags if d.severity == severity and text in d.message]
    assert hits, f"no {severity} containing {text!r} in:\n" + "\n".join(d.format() for d in diags)
    return hits[0]


def test_seed_warnings(seeds_dir):
    db, diags = compile_spec([seeds_dir])
    assert not messages(diags, "error")
    d = find(diags, "warning", "says pu is a UPred operand but its field has type Pred")
    assert d.coord.file.endswith("000_d5c21dfacdef8d77.txt") and d.coord.line == 507
    d = find(diags, "warning", "SYSCALL_X is named _X but fixes stype==R")
    assert d.coord.line == 1500
    d = find(diags, "warning", "__Examples of REDUXU holds prose")
    assert d.coord.line == 455
    no_syntax = [d for d in diags if "has no __Syntax" in d.message]
    assert any("BRA_U" in d.message for d in no_syntax)
    assert not any("SHFL" in d.message for d in no_syntax)


def test_seed_example_warnings(seeds_dir):
    pytest.importorskip("gpuisa.asm.examples")
    from gpuisa.spec import load
    from gpuisa.asm.examples import check_examples
    diags = check_examples(load([seeds_dir]))
    text = "\n".join(d.format() for d in diags)
    assert "SR_CTAID" in text
    assert "SR_CLOCK" in text and "commented out" in text
    assert "placeholder" in text


HEAD = """
__DefBitFieldType Mode<2>
    A;
    B;
__DefGroup G : [ALL]
  __Encoding
    field<12, 3> Pred pg = PT;
    field<15, 1> PModi pg.not = False;
"""


def op(body: str, name="NOP_X", optype="NOP") -> str:
    return HEAD + f"""
__DefOptype {optype} : [G]
  __Encoding
    field<0, 8> Optype optype=={optype};
__DefOpcode {name} : [{optype}]
  __Encoding
    field<8, 4> SType stype==X;
{body}
"""


def check(text: str):
    db, diags = compile_spec([], texts={"t.isa": text})
    return db, diags


def test_valid_small_file():
    db, diags = check(op("  __OperandInfo\n    InList<pg>;\n    OutList<>;\n    Order<pg>;"))
    assert db is not None, "\n".join(map(str, diags))


@pytest.mark.parametrize("body,message,line", [
    ("    field<16, 8> Reg rd;\n    field<20, 8> Reg ra;\n  __OperandInfo\n    Order<pg, rd, ra>;", "overlaps", 17),
    ("    field<16, 4> Reg rd;\n  __OperandInfo\n    Order<pg, rd>;", "is 4 bits wide but its type Reg is 8 bits", 16),
    ("    field<16, 2> Mode m = C;\n  __OperandInfo\n    Order<pg>;", "is not a value of enumeration Mode", 16),
    ("    field<16, 3> UImm3 v = 9;\n  __OperandInfo\n    Order<pg, v>;", "does not fit in UImm3", 16),
    ("    field<16, 8> Rgg rd;\n  __OperandInfo\n    Order<pg>;", "unknown type 'Rgg'", 16),
    ("  __OperandInfo\n    Order<pg, rz>;", "names 'rz', which is not a field", 17),
    ("  __OperandInfo\n    InList<pg, q>;\n    Order<pg>;", "names 'q'", 17),
    ("  __OperandInfo\n    Order<pg>;\n    Bitwidth<zz> = 32;", "Bitwidth<zz> names a field", 18),
    ("  __OperandInfo\n    Order<pg>;\n  __Exception\n    EncodingError<Bad, \"x\"> = mode == \"A\";", "unknown name 'mode'", 19),
    ("    field<16, 8> Reg rd;\n    field<16, 8> Reg rd;\n  __OperandInfo\n    Order<pg, rd>;", "declared twice", 17),
    ("    field<126, 8> Reg rd;\n  __OperandInfo\n    Order<pg, rd>;", "outside the 128-bit word", 16),
])
def test_check_errors(body, message, line):
    db, diags = check(op(body))
    assert db is None
    d = find(diags, "error", message)
    assert d.coord.file == "t.isa" and d.coord.line == line
    assert d.source_line is not None and "^" in d.format()


def test_unknown_parent_and_missing_fixed_fields():
    db, diags = check(HEAD + "__DefOpcode X_X : [Nope]\n  __Encoding\n    field<16, 8> Reg rd;\n")
    find(diags, "error", "unknown parent 'Nope'")
    find(diags, "error", "no fixed `optype`")
    find(diags, "error", "no fixed `stype`")


def test_duplicate_decode_key_and_names():
    text = op("  __OperandInfo\n    Order<pg>;") + """
__DefOpcode NOP_Y : [NOP]
  __Encoding
    field<8, 4> SType stype==X;
  __OperandInfo
    Order<pg>;
__DefBitFieldType Mode<2>
    A;
"""
    db, diags = check(text)
    find(diags, "error", "have the same decode key")
    find(diags, "error", "bit-field type Mode defined twice")


def test_inheritance_cycle():
    db, diags = check(HEAD + "__DefGroup A : [B]\n__DefGroup B : [A]\n")
    find(diags, "error", "inheritance cycle")


def test_syntax_template_checks():
    body = """  __Syntax
```asm
NOP.bogus Rd $sched $zz ;
```
  __OperandInfo
    Order<pg>;"""
    db, diags = check(op(body))
    find(diags, "error", "syntax modifier .bogus")
    find(diags, "error", "do not fit Order<>")


def test_enum_value_too_wide_and_duplicate_value():
    db, diags = check("__DefBitFieldType T<1>\n    A;\n    B;\n    C;\n__DefBitFieldType U<2>\n    A = 1;\n    B = 1;\n")
    find(diags, "error", "does not fit in T<1>")
    find(diags, "error", "same value 0x1 as A")


def test_all_errors_reported_in_one_run():
    text = op("    field<16, 4> Reg rd;\n    field<16, 3> Rgg q;\n  __OperandInfo\n    Order<pg, zz>;")
    db, diags = check(text)
    assert len(messages(diags, "error")) >= 3


def test_missing_base_hint(seeds_dir):
    db, diags = compile_spec([seeds_dir], base=False)
    assert db is None
    d = find(diags, "error", "unknown parent 'ALL'")
    assert "--no-base" in d.message


def test_pseudo_code_precedence_slips(seeds_dir):
    db, diags = compile_spec([seeds_dir])
    lines = {d.coord.line for d in diags if d.message.startswith("C precedence")}
    # YIELD's `if (ValidMask ^ ActiveMask == 0)`, WARPSYNC's `(arrivemask & mmask) ^ mmask == 0`
    # and `assert(lanemask & mmask != 0)`
    assert {1036, 1349, 1160, 1205} <= lines
    # parenthesised comparisons are fine: `assert( (cmask & ActiveMask)==0)` in the BRU description
    assert not any(d.coord.line == 123 for d in diags if d.message.startswith("C precedence"))


ADDR = HEAD + """
__DefBitFieldType Width<2>
    32;
    64;
    128;
__DefOptype LDX : [G]
  __Encoding
    field<0, 8> Optype optype==LDG;
    field<16, 8> Reg rd;
    field<24, 8> Reg ra;
    field<32, 24> SImm24 off = 0;
    field<80, 2> Width w = 32;
__DefOpcode LDX_R : [LDX]
  __Encoding
    field<8, 4> SType stype==R;
  __OperandInfo
    InList<pg, addr>;
    OutList<rd>;
    Order<pg, rd, addr>;
    Bitwidth<ra> = 64;
    Address<addr> = MemAddr(ra, off);
"""


def test_address_operands_and_digit_values():
    db, diags = check(ADDR)
    assert db is not None, "\\n".join(map(str, diags))
    op = db.opcode("LDX_R")
    addr = op.operands[-1]
    assert addr.kind == "address" and addr.address.kind == "mem"
    assert addr.address.base.name == "ra" and addr.address.offset.name == "off"
    assert addr.is_input and addr.bitwidth_text == "64"
    assert db.types["Width"].by_name["64"] == 1
    assert [m.name for m in op.modifiers] == ["w"]


def test_address_errors():
    db, diags = check(ADDR.replace("MemAddr(ra, off)", "MemAddr(off, ra)"))
    find(diags, "error", "must be a register")
    db, diags = check(ADDR.replace("MemAddr(ra, off)", "MemAddr(ra, nope)"))
    find(diags, "error", "'nope', which is not a field")
