"""The parser reads the seed description files unchanged, every construct."""
from __future__ import annotations

from gpuisa.spec import compile_spec
from gpuisa.spec.model import AsmFormat

SEED_OPTYPES = {
    "SYNCOp": "SHFL MOVM VOTE VOTEU REDUX REDUXU MATCH ELECTU ELECT".split(),
    "BRU": "BRA BRX CALL RET LEPC EXIT BMOV BSSY BSYNC YIELD BREAK WARPSYNC NANOSLEEP RTT TRAP SYSCALL".split(),
    "MISC": "S2R CS2R S2UR PMTRIG SETREG GETREG SWITCH".split(),
    "IB": "NOP IBBAR DEPBAR".split(),
}


def test_seed_files_compile_without_errors(seeds_dir):
    db, diags = compile_spec([seeds_dir])
    assert db is not None, "\n".join(d.format() for d in diags if d.severity == "error")
    assert not [d for d in diags if d.severity == "error"]
    assert len(db.opcodes) == 62


def test_units_and_optypes(seed_db):
    for unit, optypes in SEED_OPTYPES.items():
        assert sorted(seed_db.units[unit]) == sorted(optypes)
        for ot in optypes:
            assert seed_db.by_optype(ot), ot
            assert all(op.unit == unit for op in seed_db.by_optype(ot))


def test_enumerations_implicit_explicit_and_dotted(seed_db):
    sreg = seed_db.types["SReg"]
    assert sreg.width == 8
    assert sreg.by_name["SR_LANEID"] == 0
    assert sreg.by_name["SR_EQMASK"] == 1  # SR_THREADID is commented out
    assert sreg.by_name["SR_CTAID.X"] == 11 and sreg.by_name["SR_CTAID.Z"] == 13
    assert sreg.by_name["SRZ"] == 0xFF
    assert "SR_CLOCK" not in sreg.by_name
    assert "SR_CLOCK" in dict(sreg.commented)
    # blank line inside REDUXOp does not break the implicit numbering
    assert dict(seed_db.types["REDUXOp"].values) == {"AND": 0, "OR": 1, "XOR": 2, "SUM": 3, "MAX": 4, "MIN": 5}


def test_diamond_inheritance_merges_fields(seed_db):
    op = seed_db.opcode("BRA_U")  # [BRA, BRU_P]: both reach BRU
    names = [f.name for f in op.fields]
    assert len(names) == len(set(names))
    assert names.count("pg") == 1
    assert op.ancestors.count("BRU") == 1
    assert set(op.parents) == {"BRA", "BRU_P"}
    f = op.field_map
    assert (f["ura"].pos, f["ura"].width) == (24, 6)
    assert (f["pp"].pos, f["pp.not"].pos) == (98, 101)
    assert f["cond"].default == 0  # NoCond


def test_fixed_values_defaults_and_modifier_fields(seed_db):
    op = seed_db.opcode("SHFL_RI")
    f = op.field_map
    assert f["optype"].fixed == seed_db.types["Optype"].by_name["SHFL"]
    assert f["stype"].fixed == seed_db.types["SType"].by_name["RI"]
    assert f["pg"].default == 7 and f["pg.not"].default == 0
    assert op.decode_mask == 0xFFF
    red = seed_db.opcode("REDUX_R")
    assert red.field_map["dtype"].default == 0
    ws = seed_db.opcode("WARPSYNC_R")
    assert [c for c, _ in ws.operands[-1].prefixes] == ["~"]


def test_operand_info(seed_db):
    op = seed_db.opcode("SHFL_RRI")
    assert op.order == ("pg", "pu", "rd", "ra", "rb", "vc")
    assert op.in_list == ("pg", "ra", "rb", "vc")
    assert op.out_list == ("rd", "pu")
    assert op.operands[0].guard
    assert seed_db.opcode("BRA_X").out_list == ()
    m = {o.name: o for o in seed_db.opcode("MATCH_R").operands}
    assert m["ra"].width_for({"dtype": "U32"}) == 32
    assert m["ra"].width_for({"dtype": "U64"}) == 64
    off = {o.name: o for o in seed_db.opcode("BRX_R").operands}["offset"]
    assert off.asm_format == AsmFormat("shift", 4, "CvtIShift(offset, 4)")


def test_exception_rule_is_evaluable(seed_db):
    (rule,) = seed_db.opcode("BRA_U").exceptions
    assert rule.kind == "IllegalBitFieldValue"
    assert rule.message == "BRA_U should be used with .DIV/.CONV."
    assert rule.violated({"cond": "NoCond"}) and rule.violated({"cond": "U"})
    assert not rule.violated({"cond": "DIV"}) and not rule.violated({"cond": "CONV"})


def test_free_text_sections_verbatim(seed_db, seeds_dir):
    shfl = seed_db.opcode("SHFL_RR" + "R")
    assert shfl.texts["Syntax"].startswith("```asm")
    assert "SHFL.mode pu, Rd, Ra, SrcB, SrcC" in shfl.texts["Syntax"]
    raw = (seeds_dir / "000_d5c21dfacdef8d77.txt").read_text(encoding="utf-8")
    raw = "\n".join(line.rstrip() for line in raw.split("\n"))  # kept verbatim but for trailing blanks
    assert shfl.texts["Semantics"] in raw
    assert shfl.texts["Description"] in raw


def test_syntax_templates(seed_db):
    s = seed_db.opcode("REDUX_R").syntax
    assert s.mnemonic == "REDUX"
    assert [(x.name, x.optional, x.default) for x in s.slots] == [("dtype", True, "U32"), ("reduxop", False, None)]
    assert s.slots[1].values == ("AND", "OR", "XOR", "SUM", "MAX", "MIN")
    assert [o.name for o in s.operands] == ["Rd", "Ra"]
    assert s.controls == ("sched", "req", "wsb")
    v = seed_db.opcode("VOTE_X").syntax
    assert v.operands[2].prefixes == ("!",) and v.controls == ("sched", "req")
    mods = seed_db.opcode("REDUX_R").modifiers
    assert [m.name for m in mods] == ["dtype", "reduxop"]


def test_lookups(seed_db):
    op = seed_db.opcode("BSYNC_X")
    assert seed_db.lookup(op.decode_value | (5 << 84)) is op
    assert seed_db.lookup(0) is None
    assert {o.name for o in seed_db.by_mnemonic("SHFL")} == {"SHFL_RRR", "SHFL_RRI", "SHFL_RIR", "SHFL_RI"}
    assert seed_db.decode_key(op) == "optype=BSYNC,stype=X"
