"""Property tests: every opcode of the shipped ISA and of the seed files
round-trips word → text → word; random words never make the decoder raise."""
from __future__ import annotations

import functools
import itertools
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from gpuisa.asm.assembler import _env_of, assemble, encode_one
from gpuisa.asm.disassembler import decode_one
from gpuisa.spec import load

SEEDS = Path(__file__).resolve().parents[2].parent / "shared" / "seeds"
# memory-address operands, F32 immediates, prefix defaults of True (until the shipped ISA has them all)
OPERANDS = Path(__file__).resolve().parent / "data" / "operands.isa"


@functools.lru_cache(maxsize=None)
def get_db(which: str):
    if which == "seeds":
        return load([SEEDS])
    if which == "operands":
        return load([], texts={OPERANDS.name: OPERANDS.read_text()})
    return load()


def _names(which):
    # a database that fails to load fails the collection (no silent empty case list)
    names = [(which, n) for n in get_db(which).opcodes]
    assert names, f"the {which} database has no opcodes"
    return names


CASES = _names("shipped") + _names("operands") + (_names("seeds") if SEEDS.exists() else [])
SETTINGS = settings(max_examples=2, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _modifier_combos(db, op) -> list:
    """The modifier combinations of *op* its exceptions allow, judged on the modifiers with every
    other field at its default or 0 (exceptions over other fields are checked per word below), so
    that a variant valid for few combinations (ATOMS_R: .POPC.INC only) is not filtered away."""
    key = (id(db), op.name)
    got = _COMBOS.get(key)
    if got is None:
        names = [m.name for m in op.modifiers]
        combos = [tuple(zip(names, vals)) for vals in itertools.product(*(m.values for m in op.modifiers))]
        ok = []
        for c in combos[:4096]:
            word = op.decode_value
            for m, (_, v) in zip(op.modifiers, c):
                word |= db.types[m.field.type].by_name[v] << m.field.pos
            for f in op.fields:
                if f.fixed is None and f.default is not None and f.name not in names:
                    raw = f.default if isinstance(f.default, int) else 0
                    word |= (raw & ((1 << f.width) - 1)) << f.pos
            try:
                env = _env_of(op, db, word)
                if not any(r.violated(env) for r in op.exceptions):
                    ok.append(c)
            except Exception:           # an exception over operand fields: decided per word
                ok.append(c)
        got = _COMBOS[key] = ok or combos
    return got


_COMBOS: dict = {}


@st.composite
def valid_word(draw, db, op):
    """A valid encoding of *op*: every field drawn from its legal values."""
    word = op.decode_value
    role = {}
    for o in op.operands:
        role[o.field.name] = ("operand", o)
        for _, pf in o.prefixes:
            role[pf.name] = ("prefix", o)
    for m in op.modifiers:
        role[m.field.name] = ("modifier", m)
    for o in op.operands:   # the uniform part of a 64-bit address is an even register or URZ (issue 11)
        ad = o.address
        if ad is not None and ad.ubase is not None and o.width_for({}) > 32:
            role[ad.ubase.name] = ("even-ureg", o)
    env_mods = dict(draw(st.sampled_from(_modifier_combos(db, op))))
    for f in op.fields:
        if f.fixed is not None:
            continue
        t = db.types[f.type]
        kind, obj = role.get(f.name, ("control", None))
        if kind == "modifier":
            raw = t.by_name[env_mods[obj.name]]
        elif kind == "prefix":
            raw = draw(st.integers(0, 1))
        elif kind == "operand":
            o = obj
            env = dict(env_mods)
            for g in op.fields:
                if g.default is not None:
                    env.setdefault(g.name, g.default)
            width = o.width_for(env)
            if t.is_enum:
                values = [v for n, v in t.values]
                if width > 32:
                    count = width // 32
                    import re
                    ok = []
                    names = {n for n, _ in t.values}
                    for n, v in t.values:
                        m = re.match(r"^([A-Za-z_]+?)(\d+)$", n)
                        if not m:
                            ok.append(v)
                        elif int(m.group(2)) % count == 0 and f"{m.group(1)}{int(m.group(2)) + count - 1}" in names:
                            ok.append(v)
                    values = ok
                raw = draw(st.sampled_from(values))
            elif t.kind == "cmem":
                bb, ob = t.cmem_split
                align = max(width // 8, 1)
                bank = draw(st.integers(0, (1 << bb) - 1))
                off = draw(st.integers(0, ((1 << ob) - 1) // align)) * align
                raw = (bank << ob) | off
            else:
                raw = draw(st.integers(0, (1 << f.width) - 1))
        elif kind == "even-ureg":
            raw = draw(st.sampled_from([v for n, v in t.values if n.endswith("Z") or v % 2 == 0]))
        else:
            raw = draw(st.integers(0, (1 << f.width) - 1))
        word |= raw << f.pos
    env = _env_of(op, db, word)
    assume(not any(r.violated(env) for r in op.exceptions))
    return word


@pytest.mark.parametrize("which,name", CASES, ids=[f"{w}-{n}" for w, n in CASES])
def test_roundtrip_every_opcode(which, name):
    db = get_db(which)
    op = db.opcodes[name]

    @SETTINGS
    @given(word=valid_word(db, op), pc=st.integers(0, 1 << 24).map(lambda x: x * 16))
    def prop(word, pc):
        line = decode_one(db, word, pc=pc)
        assert line.warning is None, (hex(word), line.warning)
        assert line.instruction is not None and line.instruction.opcode.name == name
        again = encode_one(db, line.text, pc=pc)  # the diagnostic (slow) path
        assert again == word, f"{line.text!r}: {again:#034x} != {word:#034x}"
        assert assemble(db, line.text, base=pc).words == [word], line.text  # the fast path
        # printing is stable
        assert decode_one(db, again, pc=pc).text == line.text

    prop()


def _near_valid(db):
    """A valid word of a random opcode with a few random bits flipped."""
    names = sorted(db.opcodes)
    return st.tuples(st.sampled_from(names), st.lists(st.integers(0, 127), max_size=3)).flatmap(
        lambda t: valid_word(db, db.opcodes[t[0]]).map(lambda w: w ^ sum(1 << b for b in set(t[1]))))


@pytest.mark.parametrize("which", ["shipped", "operands"] + (["seeds"] if SEEDS.exists() else []))
def test_random_words_never_raise(which):
    db = get_db(which)

    @settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
    @given(word=st.one_of(st.integers(0, (1 << 128) - 1), _near_valid(db)),
           pc=st.integers(0, 1 << 20).map(lambda x: x * 16))
    def prop(word, pc):
        line = decode_one(db, word, pc=pc)
        if line.instruction is None:
            assert line.text.startswith(".u128 ")
            assert line.warning
            # raw data re-assembles to the same word too
            assert encode_one(db, line.text, pc=pc) == word
        else:
            assert encode_one(db, line.text, pc=pc) == word, line.text
            assert assemble(db, line.text, base=pc).words == [word], line.text

    prop()


def test_instruction_contract(shipped_db):
    """decode_word / Instruction as the simulator uses them."""
    from gpuisa.asm.instruction import decode_word
    w = encode_one(shipped_db, "BRX R6, -0x70")
    inst = decode_word(shipped_db, w, 0x40)
    assert inst.opcode.name == "BRX_R" and inst.pc == 0x40 and inst.word == w
    assert inst.fields["ra"] == 6
    assert inst.value("offset", shipped_db) == -7
