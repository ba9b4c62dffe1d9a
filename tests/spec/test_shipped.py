"""The shipped description files carry the seeds' encodings over exactly."""
from __future__ import annotations

import re
from pathlib import Path

from gpuisa.spec import compile_spec, shipped_files

# Deliberate, documented differences (docs/decisions.md): assembly defaults and
# display formats; none of them moves, resizes or retypes a bit.
DEFAULT_CHANGES = {
    ("CALL_R", "ra"), ("RET_R", "ra"),
    ("CALL_R", "offset"), ("CALL_U", "offset"), ("RET_R", "offset"), ("RET_U", "offset"),
    ("VOTE_X", "rd"), ("MATCH_R", "pu"),    # issue 11: nvdisasm's `VOTE.ALL P0, P0`, `MATCH.ANY R1, R2`
    ("REDUX_R", "reduxop"), ("REDUXU_R", "reduxop"),    # decision UN4: nvdisasm's bare `REDUX` is .AND
    ("VOTEU_X", "urd"),     # decision D6-cub-2: nvdisasm's `VOTEU.ALL UP0, P1` leaves out the ballot (URZ)
}
FORMAT_CHANGES = {("BRA_U", "offset"), ("BRA_X", "offset"), ("BSSY_I", "syncpoint")}
# Issue 11 (nvcc listings): one-bit modifier fields added in bits no seed field uses, whose
# default is the seed's encoding (BMOV.32, BSSY/BSYNC.RECONVERGENT; docs/decisions.md A4b).
ADDED_FIELDS = {("BMOV_X", "width"), ("BMOV_R", "width"), ("BSSY_I", "reconv"), ("BSYNC_X", "reconv"),
                ("CALL_R", "noinc"), ("CALL_U", "noinc"), ("CALL_C", "noinc"),
                ("RET_R", "nodec"), ("RET_U", "nodec"), ("RET_C", "nodec"), ("BRA_X", "pfile"),
                ("BRA_X", "any"), ("BRA_U", "any"),    # BRA.U.ANY (decision D8-sync-8)
                ("BSSY_I", "reliable"), ("BSYNC_X", "reliable"), ("BREAK_X", "reliable"),
                ("NANOSLEEP_R", "scope"), ("NANOSLEEP_U", "scope"), ("NANOSLEEP_I", "scope"), ("NANOSLEEP_C", "scope"),
                ("NANOSLEEP_R", "syncs"), ("NANOSLEEP_U", "syncs"), ("NANOSLEEP_I", "syncs"),  # .SYNCS (D8-sync-4)
                ("NANOSLEEP_C", "syncs"),
                ("DEPBAR_I", "le"),     # DEPBAR.LE (decision GA-2)
                ("WARPSYNC_R", "release"),   # WARPSYNC.ALLGROUPS, nvcc's plain `WARPSYNC Rb` (decision D6-cg-2)
                ("CS2R_I", "sz"),    # CS2R.32 (decision D8-tiny-1)
                ("MOVM_R", "esize"), ("MOVM_R", "layout"),    # MOVM.16.MT88 (decision D10-M-5)
                ("MOVM_R", "form")}     # bit 82: MOVM_R_U4TO8 beside it (decision D24-2)
# Operand widths that depend on an added field and are the seed's where it has its default
# (CS2R.32 writes one register, CS2R a pair: decision D8-tiny-1).
BITWIDTH_CHANGES = {("CS2R_I", "rd")}
# Seed opcodes whose decoding the shipped ISA narrows by a bit the seeds leave free, to tell them from a
# project variant (decision UN2: BRA_X has bit 97 = 0, BRA_X_UP bit 97 = 1).
DECODE_NARROWED = {"BRA_X": 1 << 97, "MOVM_R": 1 << 82}
# Seed opcodes the shipped ISA names after the operand form they encode (decisions D16).
RENAMED = {"SYSCALL_X": "SYSCALL_R"}
# Seed examples that do not assemble, corrected in the shipped files (decisions D16).
EXAMPLE_FIXES = {
    "@!P1 EXIT, P2;": "@!P1 EXIT P2;",
    "BSSY B0;": "BSSY B0, `(.L_x_1);",
    "@P0 BSSY B15;": "@P0 BSSY B15, `(.L_x_1);",
    "S2R R2, SR_CTAID ;": "S2R R2, SR_CTAID.X ;",
    "S2UR UR2, SR_CTAID ;": "S2UR UR2, SR_CTAID.X ;",
    "CS2R R[0:1], SR_CLOCK ;": "CS2R R[0:1], SR_CLOCKLO ;",
    "SHFL.UP pu, R1, R0, 0x1, 0x0 ;": "SHFL.UP P0, R1, R0, 0x1, 0x0 ;",
}


#: seed enumerations the shipped ISA extends (with new names only, every seed name keeps its value)
EXTENDED_TYPES = {"SReg"}


# Seed opcodes of the uniform datapath whose guard is a uniform predicate, same bits [15:12] (UPT = 7 where
# the seeds have PT = 7): nvcc writes `@!UP0 S2UR UR6, SR_CgaCtaId` (decision D8-sync-1, as D6-cub-1 for GP)
UNIFORM_GUARD = {("S2UR_I", "pg"), ("CS2UR_I", "pg")}


def encoding(op):
    return sorted((f.name, f.pos, f.width, "Pred" if (op.name, f.name) in UNIFORM_GUARD and f.type == "UPred" else f.type,
                   f.fixed) for f in op.fields if (op.name, f.name) not in ADDED_FIELDS)


def test_shipped_isa_has_no_errors():
    db, diags = compile_spec(None)
    assert db is not None, "\n".join(d.format() for d in diags)


def test_shipped_equals_seeds(seed_db, shipped_db):
    seed_ops = set(seed_db.opcodes)
    assert len(seed_ops) == 62
    assert {RENAMED.get(n, n) for n in seed_ops} <= set(shipped_db.opcodes)
    for name in sorted(seed_ops):
        a, b = seed_db.opcode(name), shipped_db.opcode(RENAMED.get(name, name))
        assert encoding(a) == encoding(b), name
        extra = DECODE_NARROWED.get(name, 0)
        assert (a.decode_mask | extra, a.decode_value) == (b.decode_mask, b.decode_value), name
        assert (a.order, a.in_list, a.out_list) == (b.order, b.in_list, b.out_list), name
        assert [m.name for m in a.modifiers] == [m.name for m in b.modifiers] or b.syntax is not None, name
        assert [(e.kind, e.message, e.text) for e in a.exceptions] == [(e.kind, e.message, e.text) for e in b.exceptions], name
        b_fields = [f for f in b.fields if (name, f.name) not in ADDED_FIELDS]
        for fa, fb in zip(sorted(a.fields, key=lambda f: f.name), sorted(b_fields, key=lambda f: f.name)):
            if fa.default != fb.default:
                assert (name, fa.name) in DEFAULT_CHANGES, (name, fa.name, fa.default, fb.default)
        for oa, ob in zip(a.operands, b.operands):
            assert oa.bitwidth_text == ob.bitwidth_text or (name, oa.name) in BITWIDTH_CHANGES, (name, oa.name)
            if oa.asm_format != ob.asm_format:
                assert (name, oa.name) in FORMAT_CHANGES, (name, oa.name)
    # same enumerations for every seed type; the shipped ISA may only add names, where a decision says
    # so (SReg: CUDA's special registers SR_TID.X ... SR_CgaCtaId, decisions CU4, CU5 in docs/decisions.md)
    for tname, t in seed_db.types.items():
        shipped = shipped_db.types[tname].values
        if tname in EXTENDED_TYPES:
            assert set(t.values) <= set(shipped), tname     # (name, value) pairs
        else:
            assert shipped == t.values, tname


def test_shipped_examples_carry_over(seed_db, shipped_db):
    def example_lines(text):
        out = []
        for line in text.split("\n"):
            code = line.split("//")[0].strip()
            if code and not code.startswith("```"):
                out.append(re.sub(r"\s+", " ", code))
        return out
    for name, op in seed_db.opcodes.items():
        if "Examples" in op.texts and "```" in op.texts["Examples"]:
            shipped = example_lines(shipped_db.opcode(RENAMED.get(name, name)).texts.get("Examples", ""))
            for line in example_lines(op.texts["Examples"]):
                assert EXAMPLE_FIXES.get(line, line) in shipped, (name, line)


def test_shipped_isa_checks_clean_and_every_example_assembles(shipped_db):
    """Issue 10: `gpuisa spec check` on the shipped ISA reports 0 warnings, and every line of every
    opcode's examples (the manual shows them) assembles; a snippet's own undefined label is allowed."""
    from gpuisa.asm.examples import check_examples
    db, diags = compile_spec(None)
    assert not diags, "\n".join(d.format() for d in diags)
    bad = check_examples(db)
    assert not bad, "\n".join(d.format() for d in bad)


def test_shipped_prose_is_english():
    cjk = re.compile(r"[\u4e00-\u9fff]")
    for path in shipped_files():
        text = path.read_text(encoding="utf-8")
        assert not cjk.search(text), path
        assert "10.21.25.1" not in text, path


def test_every_shipped_opcode_has_syntax(shipped_db):
    assert all(op.syntax is not None for op in shipped_db.opcodes.values())


def test_load_reuses_a_database_only_for_identical_sources(tmp_path):
    """load() keeps built databases by the bytes of their sources: the same files give the
    same (immutable) object, an edited file a new one."""
    from gpuisa.spec import load
    assert load() is load()
    f = tmp_path / "u.isa"
    src = (Path(__file__).resolve().parents[1] / "asm" / "data" / "operands.isa").read_text(encoding="utf-8")
    f.write_text(src, encoding="utf-8")
    a = load([f])
    assert load([f]) is a
    f.write_text(src + "\n// edited\n", encoding="utf-8")
    assert load([f]) is not a
