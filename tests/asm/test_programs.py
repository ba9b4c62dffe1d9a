"""Whole programs: labels, label expressions, branch targets, relocations,
comments, listings, examples of the spec and of the SHFL reference pages."""
from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gpuisa.asm.assembler import assemble, encode_one
from gpuisa.asm.disassembler import decode_one, disassemble, format_listing
from gpuisa.asm.examples import check_examples, example_lines
from gpuisa.errors import AsmError

PROGRAM = """\
// a small program in every lexical form
        /*0000*/  BSSY B0, `(.L_x_1) ;
        /*0010*/  @P0 BRA `(.L_x_0)          /* block comment */
.L_x_0:   S2R R1, SR_LANEID ; NOP
/* a comment
   over two lines */
.L_x_1:
        BSYNC B0 ;
        BRX R6, `(.L_x_1 - . - 0x10)
        CALL.ABS `(.Target + 0x20) ;
        BRA `(.)
        EXIT
"""


def test_program_symbols_and_records(shipped_db):
    prog = assemble(shipped_db, PROGRAM, filename="p.s")
    assert prog.symbols == {".L_x_0": 0x20, ".L_x_1": 0x40}
    assert len(prog.words) == len(prog.records) == 9
    assert len(prog.data) == 16 * 9
    assert [r.address for r in prog.records] == [16 * k for k in range(9)]
    assert [r.line for r in prog.records] == [2, 3, 4, 4, 8, 9, 10, 11, 12]
    r = prog.records[1]
    assert r.opcode == "BRA_X" and r.instruction.opcode.name == "BRA_X" and r.instruction.pc == 0x10
    assert r.text == "@P0 BRA 0x20"
    # BSSY at 0 targets 0x40: syncpoint = (0x40 - 0x10) >> 4
    assert prog.records[0].instruction.value("syncpoint", shipped_db) == 3
    # BRX at 0x50: `(.L_x_1 - . - 0x10) = 0x40 - 0x50 - 0x10 = -0x20 -> offset -2
    assert prog.records[5].instruction.value("offset", shipped_db) == -2
    # BRA `(.) branches to itself: offset -1
    assert prog.records[7].instruction.value("offset", shipped_db) == -1
    # undefined symbol in a non-pc-relative operand: a relocation
    (rel,) = prog.relocations
    assert (rel.address, rel.symbol, rel.field, rel.kind, rel.addend) == (0x60, ".Target", "offset", "shift4", 0x20)


def test_disassembly_with_labels_reassembles(shipped_db):
    prog = assemble(shipped_db, PROGRAM)
    lines = disassemble(shipped_db, prog.data, labels=True)
    listing = format_listing(lines, labels=True)
    assert ".L_x_0:" in listing and "BSSY B0, `(.L_x_" in listing
    assert "/*0010*/  @P0 BRA `(.L_x_0) ;" in listing
    # the listing is valid input and gives the same bytes
    assert assemble(shipped_db, listing).data == prog.data
    hexed = format_listing(lines, labels=True, hex=True)
    assert assemble(shipped_db, hexed).data == prog.data
    low = prog.words[0] & ((1 << 64) - 1)
    assert f"/* {low:#018x} */" in hexed and f"/* {prog.words[0] >> 64:#018x} */" in hexed


def test_base_address(shipped_db):
    a = assemble(shipped_db, "L: BRA `(L)\nBRA 0x1000", base=0x1000)
    assert a.symbols == {"L": 0x1000}
    assert a.words[0] == encode_one(shipped_db, "BRA 0x1000", pc=0x1000)
    assert a.words[1] == encode_one(shipped_db, "BRA 0x1000", pc=0x1010)
    assert decode_one(shipped_db, a.words[0], pc=0x1000).text == "BRA 0x1000"


def test_branch_target_errors(shipped_db):
    with pytest.raises(AsmError) as e:
        assemble(shipped_db, "BRA 0x118\nBRA `(.nowhere)\nBRA 0x10000000000000000\nBSSY B0, 0x1000000000", filename="b.s")
    msgs = [d.format() for d in e.value.errors]
    assert len(msgs) == 4
    assert msgs[0].startswith("b.s:1:5: error: branch target 0x118 is not 16-byte aligned")
    assert msgs[1].startswith("b.s:2:5: error: undefined label '.nowhere'")
    assert "out of range" in msgs[2] and msgs[2].startswith("b.s:3:5")
    assert "out of range" in msgs[3] and msgs[3].startswith("b.s:4:10")


def test_pcrel_depends_on_pc(shipped_db):
    w = encode_one(shipped_db, "BRA 0x200", pc=0x100)
    assert decode_one(shipped_db, w, pc=0x100).text == "BRA 0x200"
    assert decode_one(shipped_db, w, pc=0x0).text == "BRA 0x100"


def test_u128_data_and_raw_words(shipped_db):
    prog = assemble(shipped_db, ".u128 0x1\n.u128 0xffffffffffffffffffffffffffffffff")
    assert prog.words == [1, (1 << 128) - 1]
    lines = disassemble(shipped_db, prog.data)
    assert all(ln.instruction is None and ln.warning for ln in lines)
    assert assemble(shipped_db, format_listing(lines)).data == prog.data


def test_truncated_binary(shipped_db):
    data = assemble(shipped_db, "EXIT").data + b"\x01\x02\x03"
    lines = disassemble(shipped_db, data)
    assert lines[0].text == "EXIT"
    assert lines[1].text == ".u8 0x01, 0x02, 0x03" and "truncated" in lines[1].warning and lines[1].size == 3


def test_control_annotations(shipped_db):
    w = encode_one(shipped_db, "EXIT $sched=0x1f $req=0x3f $wsb=0 $rsb=1")
    assert (w >> 109) & 0x1f == 0x1f and (w >> 114) & 0x3f == 0x3f and (w >> 120) & 7 == 0 and (w >> 123) & 7 == 1
    assert decode_one(shipped_db, w).text == "EXIT $sched=0x1f $req=0x3f $wsb=0 $rsb=1"
    assert decode_one(shipped_db, encode_one(shipped_db, "EXIT $wsb=7")).text == "EXIT"


def test_register_pair_rules(shipped_db):
    for bad, msg in [("LEPC R5", "write an even register (R4 for R[4:5]), not R5"), ("LEPC R[5:6]", "write R[n:n+1] with n even"),
                     ("LEPC R[4:6]", "write R[n:n+1] with n even; did you mean R[4:5]?"), ("LEPC R[254:255]", "runs past the last Reg register"),
                     ("S2R R[2:3], SR_LANEID", "write a single register")]:
        with pytest.raises(AsmError) as e:
            encode_one(shipped_db, bad)
        assert msg in str(e.value), (bad, str(e.value))
    assert decode_one(shipped_db, encode_one(shipped_db, "LEPC RZ")).text == "LEPC RZ"
    assert decode_one(shipped_db, encode_one(shipped_db, "CALL.ABS UR[4:5]")).text == "CALL.ABS UR4"


def test_cmem_alignment(shipped_db):
    encode_one(shipped_db, "CALL.REL c[0x2][0x108]")
    with pytest.raises(AsmError, match="not 8-byte aligned"):
        encode_one(shipped_db, "CALL.REL c[0x2][0x104]")
    with pytest.raises(AsmError, match="not 4-byte aligned"):
        encode_one(shipped_db, "WARPSYNC c[0x2][0x102]")
    with pytest.raises(AsmError, match="bank 0x40 out of range"):
        encode_one(shipped_db, "WARPSYNC c[0x40][0x100]")


def test_exception_rule(shipped_db):
    with pytest.raises(AsmError, match=r"\.DIV/\.CONV"):
        encode_one(shipped_db, "BRA UR4, 0x100")
    encode_one(shipped_db, "BRA.DIV UR4, 0x100")


def test_defaults_and_forms(shipped_db):
    assert encode_one(shipped_db, "CALL.ABS 0x0") == encode_one(shipped_db, "CALL.ABS RZ, 0x0") \
        == encode_one(shipped_db, "CALL.ABS PT, RZ, 0x0")
    assert decode_one(shipped_db, encode_one(shipped_db, "CALL.ABS RZ, 0x0")).text == "CALL.ABS 0x0"
    assert decode_one(shipped_db, encode_one(shipped_db, "BRA PT, 0x110")).text == "BRA 0x110"
    assert decode_one(shipped_db, encode_one(shipped_db, "@PT EXIT PT")).text == "EXIT"
    # variants by operand kind
    names = {t: decode_one(shipped_db, encode_one(shipped_db, t)).instruction.opcode.name
             for t in ("WARPSYNC R9", "WARPSYNC UR2", "WARPSYNC 0x1", "WARPSYNC c[0x2][0x100]",
                       "NANOSLEEP R3", "NANOSLEEP UR4", "NANOSLEEP 0x100", "NANOSLEEP c[0x2][0x120]",
                       "SETREG 0xffff, R0", "SETREG R13, R0", "SETREG UR1, R0",
                       "TRAP R1", "TRAP c[0x0][0x0]", "TRAP 0x1", "SWITCH R1", "SWITCH c[0x0][0x0]", "SWITCH 0x2")}
    assert [n.rsplit("_", 1)[1] for n in names.values()] == \
        ["R", "U", "I", "C", "R", "U", "I", "C", "RI", "RR", "RU", "R", "C", "I", "R", "C", "I"]


def _spec_example_lines(db):
    seen = set()
    for op in db.opcodes.values():
        for ln in example_lines(op.texts.get("Examples", "")):
            if (op.optype, ln) not in seen:
                seen.add((op.optype, ln))
                yield op, ln


@pytest.mark.parametrize("which", ["shipped_db", "seed_db"])
def test_every_example_assembles_or_is_reported(request, which):
    db = request.getfixturevalue(which)
    reported = {(d.source_line or "").strip() for d in check_examples(db)}
    assert all(d.severity == "warning" and d.coord and d.coord.line > 0 for d in check_examples(db))
    n = 0
    for op, ln in _spec_example_lines(db):
        n += 1
        try:
            assemble(db, ln)
        except AsmError as e:
            if all(d.message.startswith("undefined label") for d in e.errors):
                continue
            assert ln.strip() in reported, f"{op.optype}: {ln!r} fails but is not reported: {e}"
    assert n > 40


def test_check_examples_messages(seed_db):
    by_text = {d.source_line.split("//")[0].strip(): d for d in check_examples(seed_db)}
    assert "`pu` is a syntax placeholder, not a register" in by_text["SHFL.UP pu, R1, R0, 0x1, 0x0 ;"].message
    d = by_text["S2R R2, SR_CTAID  ;"]
    assert "SR_CTAID is not a special register (did you mean SR_CTAID.X" in d.message
    assert d.coord.file.endswith("003_46b028725a1e1e34.txt") and d.coord.col == 9
    assert "SR_CLOCK is commented out in SReg" in by_text["CS2R R[0:1], SR_CLOCK ;"].message


def _sass_reference_lines(seeds_dir):
    text = (seeds_dir / "004_78770e4dff914670.txt").read_text()
    for ln in text.split("\n"):
        code = ln.split("//")[0].strip()
        if code.startswith("SHFL."):
            code = code.replace("Ry", "R2").replace("Rx", "R1").replace("__", "PT")
            yield code


def _ptx_reference_lines(seeds_dir):
    text = (seeds_dir / "002_8eda6c858b60fee2.txt").read_text()
    for ln in text.split("\n"):
        m = re.match(r"\s*shfl\.(\w+)\.b32\s+(\w+)(\|p)?,\s*(\w+),\s*(\w+),\s*(\w+);", ln)
        if m:
            mode, d, p, a, b, c = m.groups()
            regs = {"Ry": "R2", "Rx": "R1"}
            yield f"SHFL.{mode.upper()} {'P1' if p else 'PT'}, {regs[d]}, {regs[a]}, {b}, {c}"


def test_shfl_reference_examples(shipped_db, seeds_dir):
    sass = list(_sass_reference_lines(seeds_dir))
    ptx = list(_ptx_reference_lines(seeds_dir))
    assert len(sass) >= 20 and len(ptx) >= 15
    for line in sass + ptx:
        w = encode_one(shipped_db, line)
        assert decode_one(shipped_db, w).instruction.opcode.name == "SHFL_RI"
    w = encode_one(shipped_db, "SHFL.IDX PT, R2, R1, 3, 0x1C03")
    assert (w >> 40) & 0x1fff == 0x1c03 and (w >> 53) & 0x1f == 3


# --------------------------------------------------------------------------
# the `asm --listing` text is assembler input: same bytes, same relocations

_LISTING_STMTS = ["NOP", "EXIT", "S2R R1, SR_LANEID", "@P0 BRA `(.a)", "@!P1 BRA `(.b)", "BRA `(.c)", "BRA `(.)",
                  "BSSY B0, `(.b)", "BSYNC B0", "BRX R6, `(.a - . - 0x10)", "CALL.ABS `(.Ext)",
                  "CALL.ABS `(.Ext + 0x20)", "LEPC R[4:5], `(.Sym - 0x10)", "LDG.E R0, [R2.64+`(.G + 4)]",
                  "LDG.E R0, [`(.G)]", "LDC R0, c[0x3][R2+`(.C)]", "FADD R0, R1, `(.F)", "MOV R0, `(.M - 1)",
                  "BRA 0x0", "@P2 BRA 0x40", "NOP $sched=3"]


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(st.sampled_from([None, ".a", ".b", ".c", ".L_x_0"]), st.sampled_from(_LISTING_STMTS)),
                min_size=1, max_size=12),
       st.sampled_from([0, 0x100]), st.booleans())
def test_listing_reassembles(shipped_db, stmts, base, show_control):
    from gpuisa.asm.cli import program_listing
    defined = set()
    lines = []
    for label, stmt in stmts:
        if label and label not in defined:
            defined.add(label)
            lines.append(f"{label}:")
        lines.append(stmt)
    for label in (".a", ".b", ".c"):
        if label not in defined:
            lines.append(f"{label}:")
    text = "\n".join(lines) + "\n"
    try:
        prog = assemble(shipped_db, text, base=base)
    except AsmError:
        return  # e.g. a target out of range: not what this test is about
    listing = program_listing(prog, show_control=show_control)
    again = assemble(shipped_db, listing, base=base)
    assert again.data == prog.data, listing
    key = lambda r: (r.address, r.symbol, r.field, r.kind, r.addend)  # noqa: E731
    assert [key(r) for r in again.relocations] == [key(r) for r in prog.relocations]
    assert {k: v for k, v in again.symbols.items() if k in prog.symbols} == prog.symbols
    # targets inside the program print as labels, outside as addresses
    end = base + 16 * len(prog.words)
    for m in re.finditer(r"BRA 0x([0-9a-f]+)", listing):
        assert not base <= int(m.group(1), 16) < end, m.group(0)


def test_dollar_in_label_names(shipped_db):
    # `$` is a label character; inside `( )` it is not the start of the control annotations
    prog = assemble(shipped_db, "a$b: BRA `(a$b) $sched=2\nCALL.ABS `(ext$1 + 0x10)\nLDG.E R0, [R2.64+(g$)] $req=1\n")
    assert prog.symbols == {"a$b": 0}
    assert decode_one(shipped_db, prog.words[0]).text == "BRA 0x0 $sched=2"
    assert [(r.symbol, r.addend) for r in prog.relocations] == [("ext$1", 0x10), ("g$", 0)]
    assert (prog.words[2] >> 114) & 0x3f == 1


def test_record_text_shows_relocated_symbols(shipped_db):
    from gpuisa.asm.assembler import assemble
    prog = assemble(shipped_db, "CALL.ABS `(.Target) ;\nBRX R6, `(.Base - . - 0x10) ;\nEXIT ;")
    texts = [r.text for r in prog.records]
    assert texts == ["CALL.ABS `(.Target)", "BRX R6, `(.Base - 0x20)", "EXIT"]
    assert prog.records[0].to_dict()["text"] == "CALL.ABS `(.Target)"
    # the text re-assembles to the same word and relocation
    again = assemble(shipped_db, texts[1] + " ;", base=0x10)
    assert again.words == [prog.words[1]]
    assert (again.relocations[0].symbol, again.relocations[0].addend) == (".Base", -0x20)
