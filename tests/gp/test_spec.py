"""The description of the extension itself: encodings, texts, examples."""
from __future__ import annotations

from gpuisa.asm.assembler import assemble
from gpuisa.asm.disassembler import decode_one
from gpuisa.asm.examples import example_lines
from gpuisa.sim.registry import OPTIONAL_SEMANTICS_MODULES, registry
from gpuisa.spec import compile_spec, shipped_files

GP_GROUPS = {"GPInt", "GPUniform", "GPPred", "GPFloat", "GPSync", "GPMem", "GPSyncs", "GPMma"}
MEMORY_OPTYPES = {"LDC", "LDG", "STG", "LDS", "STS", "ATOMG", "ATOMS", "RED"}


def gp_opcodes(db):
    return [op for op in db.opcodes.values() if op.unit == "GP"]


def test_gp_isa_compiles_without_diagnostics():
    gp = [p for p in shipped_files() if p.name == "gp.isa"]
    assert gp, "gp.isa is not shipped"
    db, diags = compile_spec(gp)
    assert db is not None
    assert [d.format() for d in diags] == []


def test_encodings_use_reserved_optypes_and_leave_control_bits_free(gp_isa):
    db = gp_isa.db
    ops = gp_opcodes(db)
    # every Optype value base.isa reserves for the extensions (0x40 and up) has its opcodes, and
    # every extension opcode uses one of them (no hard-coded count: the database says)
    reserved = {name for name, value in db.types["Optype"].by_name.items() if value >= 0x40}
    assert {op.optype for op in ops} == reserved
    assert MEMORY_OPTYPES <= {op.optype for op in ops}
    control = ((1 << 19) - 1) << 109            # bits 109..127
    for op in ops:
        optype = op.field_map["optype"].fixed
        assert 0x40 <= optype <= 0xFF, op.name
        own = 0
        for f in op.fields:
            if f.owner != "ALL":
                own |= f.mask
        assert own & control == 0, op.name


def test_every_optype_is_documented(gp_isa):
    db = gp_isa.db
    for op in gp_opcodes(db):
        assert op.syntax is not None, op.name
        for sec in ("Description", "OperandInfo", "Semantics", "Examples"):
            assert sec in op.texts, (op.name, sec)
        assert "project extension" in op.texts["Description"].lower(), op.name
        assert set(op.ancestors) & GP_GROUPS, op.name


def _examples_round_trip(db, ops):
    seen = set()
    n = 0
    for op in ops:
        for ln in example_lines(op.texts["Examples"]):
            if ln in seen:
                continue
            seen.add(ln)
            word = assemble(db, ln).records[0].word
            text = decode_one(db, word).text
            assert assemble(db, text).records[0].word == word, (ln, text)
            n += 1
    return n


def test_examples_assemble_and_round_trip(gp_isa):
    db = gp_isa.db
    assert _examples_round_trip(db, [op for op in gp_opcodes(db) if op.optype not in MEMORY_OPTYPES]) > 80


def test_memory_examples_assemble_and_round_trip(gp_isa):
    db = gp_isa.db
    assert _examples_round_trip(db, [op for op in gp_opcodes(db) if op.optype in MEMORY_OPTYPES]) > 25


def test_every_gp_optype_has_semantics_with_pseudo_code(gp_isa):
    reg = registry()
    for optype in {op.optype for op in gp_opcodes(gp_isa.db)}:
        entry = reg[optype]
        # the extension's semantics modules: gp and the nv_* modules of the instructions nvcc emits
        assert entry.module.rsplit(".", 1)[1] in OPTIONAL_SEMANTICS_MODULES, optype
        assert entry.fn.__name__ == optype
        assert entry.fn.__doc__ and optype in entry.fn.__doc__
