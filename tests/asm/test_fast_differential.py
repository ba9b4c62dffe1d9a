"""The assembler's fast path (speed code, ``gpuisa.asm.fastpath``) against the diagnostic path
(``Assembler.statement``), on random statements of every opcode (issue 12, decision AS-1).

The statements are ``benchmarks/bench_asm.py``'s ``generate`` (every opcode, random field
values: the synthetic benchmark), for several seeds, and the same statements changed: guards
added, negated or removed, control annotations (valid, out of range, repeated, unknown),
operand prefixes (``-``, ``~``, ``!``, ``|..|``) added or removed, modifiers dropped, added or
repeated, operands dropped or swapped, numbers changed.  Each one is

* encoded by :func:`gpuisa.asm.fastpath._fast` (fresh caches and warm ones) and by the
  diagnostic path: when the fast path answers, the word and the opcode are the diagnostic
  path's, and it never answers what the diagnostic path rejects;
* part of a whole program assembled with the fast path and without it (``_fast`` replaced by a
  function that always declines): the same words, or the same errors at the same positions.
"""
from __future__ import annotations

import random
import re
import os
import sys
from pathlib import Path

import pytest

from gpuisa.asm import assembler as asm_mod
from gpuisa.asm.assembler import Assembler, _Ctx, assemble
from gpuisa.asm.fastpath import _fast
from gpuisa.asm.tables import _State
from gpuisa.errors import AsmError
from gpuisa.spec import load

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
from bench_asm import generate  # noqa: E402

SEEDS = [1, 2, 3] if os.environ.get("GPUISA_CUDA_FULL") else [1, 2]     # the third seed under the full run (test time)


@pytest.fixture(scope="module")
def db():
    return load()


def _mutate(rng: random.Random, line: str, mods: list[str]) -> str:
    """*line* changed in one or two random ways (each keeps the statement's shape)."""
    m = re.match(r"(@!?\w+\s+)?(\S+)(.*)$", line)
    assert m is not None
    guard, key, rest = m.group(1) or "", m.group(2), m.group(3)
    ops = [o.strip() for o in rest.split(",")] if rest.strip() else []
    for _ in range(rng.randint(1, 2)):
        k = rng.randrange(10)
        if k == 0:
            guard = rng.choice(["", "@P0 ", "@!P1 ", "@!PT ", "@PT ", "@UP0 ", "@P9 ", "@R1 "])
        elif k == 1 and ops:
            j = rng.randrange(len(ops))
            o = ops[j]
            ops[j] = rng.choice(["-" + o, "~" + o, "!" + o, f"|{o}|", f"-|{o}|", o.lstrip("-~!|").rstrip("|")])
        elif k == 2:
            parts = key.split(".")
            c = rng.randrange(3)
            if c == 0 and len(parts) > 1:
                parts.pop(rng.randrange(1, len(parts)))
            elif c == 1 and mods:
                parts.insert(rng.randint(1, len(parts)), rng.choice(mods))
            elif len(parts) > 1:
                parts.append(parts[rng.randrange(1, len(parts))])
            key = ".".join(parts)
        elif k == 3 and ops:
            ops.pop(rng.randrange(len(ops)))
        elif k == 4 and len(ops) > 1:
            i, j = rng.sample(range(len(ops)), 2)
            ops[i], ops[j] = ops[j], ops[i]
        elif k == 5 and ops:
            j = rng.randrange(len(ops))
            ops[j] = rng.choice(["0x0", "-0x1", "0xffffffff", "0x100000000", "1.5", "-INF", "RZ", "R3", "PT",
                                 "c[0x0][0x4]", "c[0x3][0x3]", "[R2.64+0x10]", "[0x10]", "UR4", "R[2:3]"])
        elif k == 6:
            rest_ctl = rng.choice([" $sched=3", " $req=0x3f $wsb=0", " $sched=99", " $wsb=1 $wsb=1",
                                   " $bogus=1", " $sched=0o3", " $rsb=2"])
            return f"{guard}{key} {', '.join(ops)}{rest_ctl}".rstrip()
        elif k == 7 and ops:
            j = rng.randrange(len(ops))
            ops[j] = re.sub(r"0x[0-9a-f]+", lambda mm: hex(rng.getrandbits(rng.choice([4, 16, 33]))), ops[j])
        elif k == 8:
            ops.append(rng.choice(["R1", "0x1", "P0", "PT"]))
    return f"{guard}{key} {', '.join(ops)}".rstrip()


def _statements(db, seed: int) -> list[str]:
    text, _ = generate(db, 3 * len(db.opcodes), seed=seed)
    lines = text.splitlines()
    rng = random.Random(seed)
    mods = sorted({v for op in db.opcodes.values() for m in op.modifiers for v in m.values})
    return lines + [_mutate(rng, ln, mods) for ln in lines]


def _slow(db, text: str, pc: int):
    """(word, opcode name) from the diagnostic path, or None with its error messages."""
    a = Assembler(db)
    a.relocations = []
    stmts, symbols, _ = a.scan(text, pc)
    assert len(stmts) == 1
    return a.statement(stmts[0], _Ctx(symbols, True)), [d.message for d in a.diags]


@pytest.mark.parametrize("seed", SEEDS)
def test_fast_path_statements_agree(db, seed):
    """Every statement: the fast path (cold caches, then warm) answers only what the diagnostic
    path answers, with the same word and opcode; valid statements mostly take the fast path."""
    lines = _statements(db, seed)
    cold = _State(db)
    answered = 0
    for k, text in enumerate(lines):
        pc = 16 * k
        slow, errors = _slow(db, text, pc)
        for st in (cold, cold, asm_mod.state(db)):
            fast = _fast(st, text, pc)
            if fast is not None:
                assert slow is not None, f"fast path accepts what the diagnostic path rejects: {text!r}: {errors}"
                assert fast == slow, f"{text!r}: fast {fast[0]:#x} {fast[1]} != slow {slow[0]:#x} {slow[1]}"
        answered += fast is not None
    n = len(lines) // 2
    assert answered >= 0.95 * n    # the generated half is valid: nearly all of it takes the fast path


def _program(db, text: str):
    try:
        p = assemble(db, text, filename="t.s")
    except AsmError as e:
        return None, [(d.severity, d.message, d.coord.line if d.coord else 0, d.coord.col if d.coord else 0, d.length)
                      for d in e.errors]
    return p.words, [r.opcode for r in p.records]


@pytest.mark.parametrize("seed", SEEDS)
def test_whole_programs_agree(db, seed, monkeypatch):
    """The statements as programs (valid ones, and with mutated lines among them: errors),
    assembled with the fast path and with the diagnostic path alone: the same words and
    opcodes, or the same errors at the same lines and columns."""
    lines = _statements(db, seed)
    n = len(lines) // 2
    rng = random.Random(seed)
    programs = ["\n".join(lines[:n]) + "\n"]                 # all valid
    for _ in range(6):                                      # valid and mutated lines mixed, labels
        chunk = rng.sample(lines, 60)
        chunk.insert(rng.randrange(len(chunk)), "L0:")
        chunk.insert(rng.randrange(len(chunk)), "  BRA `(L0) ;")
        programs.append("\n".join(rng.choice(["", "  ", "\t"]) + s + rng.choice(["", " ;", " ; // c"])
                                  for s in chunk) + "\n")
    fast = [_program(db, p) for p in programs]
    monkeypatch.setattr(asm_mod, "_fast", lambda st, text, pc: None)
    asm_mod.state(db).fmemo.clear()
    slow = [_program(db, p) for p in programs]
    assert fast[0][0] is not None
    for k, (f, s) in enumerate(zip(fast, slow)):
        assert f == s, f"program {k}"


PREFIXED = ["c[0xb][0x10]", "R6", "UR4", "P1", "[R2.64+0x10]", "c[0x3][R2+0x8]", "0x3f800000", "1.5",
            "[R2.U32+0x10]", "[RZ.U32-0x4]", "[R3.U32]", "c[0x3][R2.U32+0x8]", "[UR4.U32+0x4]", "[R2.U32.64+0x8]"]


def test_operand_cache_across_prefixes(db):
    """The same operand text under every prefix, one statement after another in one warm state
    (the per-text operand cache holds the text as split, `` |c[0xb][0x10]|``, and stripped):
    each statement still encodes as the diagnostic path encodes it.  A variable shared by the
    inline reader of `-c[..]` and the cache once filed `-|c[..]|` under `|c[..]|`."""
    st = _State(db)
    mnems = ["DMUL R2, R4,", "FRND.F64.TRUNC.FTZ R126,", "FADD R0, R1,", "MOV R0,", "SEL R0, R1, R2,",
             "IADD3 R0, R1, RZ,", "LDG.E R0,", "PLOP3.LUT P0, PT, PT, PT,"]
    k = 0
    for base in PREFIXED:
        for pre, post in 2 * (("-|", "|"), ("|", "|"), ("-", ""), ("", ""), ("~", ""), ("-~", ""), ("~-", ""),
                              ("!", ""), ("-|", "|")):
            for mn in mnems:
                text = f"{mn} {pre}{base}{post}"
                k += 1
                fast = _fast(st, text, 16 * k)
                if fast is not None:
                    slow, errors = _slow(db, text, 16 * k)
                    assert fast == slow, f"{text!r}: {errors}"


def test_one_warm_state_over_every_seed(db):
    """All seeds' statements through one state, in order (later statements find the caches the
    earlier ones filled: operand texts, shapes, choices, the memo)."""
    st = _State(db)
    for seed in SEEDS:
        text, words = generate(db, 3 * len(db.opcodes), seed=seed + 10)
        for k, (line, word) in enumerate(zip(text.splitlines(), words)):
            r = _fast(st, line, 16 * k)       # the generator's addresses
            if r is not None:
                assert r[0] == word, line


def test_synthetic_program_words(db):
    """A longer synthetic program (the benchmark's generator): `assemble` gives the generated
    words (operand texts, modifier combinations and shapes repeat: the caches are exercised)."""
    text, words = generate(db, 6_000, seed=5)
    asm_mod.state(db).fmemo.clear()
    assert assemble(db, text).words == words


def _strip_reference(text: str) -> str:
    """strip_block_comments' regex reading (the quick split reading must give the same)."""
    from gpuisa.asm.lexer import _RE_BLOCK, _blank
    return _RE_BLOCK.sub(lambda m: _blank(m) if "\n" in m.group(0) else " " * len(m.group(0)), text)


def test_block_comments_quick_reading():
    """`/* */` comments removed by splitting (decision AS-1) as by the regex: random texts of
    comment delimiters, newlines and words, and listing lines."""
    from gpuisa.asm.lexer import strip_block_comments
    rng = random.Random(4)
    pieces = ["/*", "*/", "/", "*", "\n", "a", " ", ";", "/*0x10*/", "**/", "/*/"]
    texts = ["".join(rng.choice(pieces) for _ in range(rng.randint(0, 14))) for _ in range(20_000)]
    texts += ["        /*0000*/  IADD3 R1, R2, 0x5, RZ ;\n        /*0010*/  EXIT ;\n"]
    for t in texts:
        if "(*" in t:
            continue
        assert strip_block_comments(t) == (_strip_reference(t), []), repr(t)


def test_scan_common_lines(db):
    """`scan`'s lane for the common line (one statement, maybe one `;` ending it) gives the
    statements, columns, addresses and diagnostics of its general steps (``emit`` None)."""
    rng = random.Random(6)
    parts = ["IADD3 R1, R2, 0x5, RZ", "  EXIT", "\tNOP ", "L1:", "MOV R0, R1 ; NOP", ";", " ; ", "// c",
             "/* x */ NOP", "EXIT ;", "  BRA `(L1) ;  ", "@P0 EXIT;", "", "   ", "NOP ;;", "a: b: NOP ;",
             "/*0040*/  NOP ;", "MOV R0, 0x1 $sched=3 ;", "NOP ; $req=1", "NOP; ", "NOP ;\t"]
    for _ in range(300):
        text = "\n".join(rng.choice(parts) for _ in range(rng.randint(1, 12)))
        got: list = []
        a1 = Assembler(db)
        _, sym1, _ = a1.scan(text, 0x100, lambda *s, got=got: got.append(s))
        a2 = Assembler(db)
        stmts, sym2, _ = a2.scan(text, 0x100)
        assert got == [(s.line, s.col, s.text, s.address) for s in stmts], text
        assert sym1 == sym2 and [d.format() for d in a1.diags] == [d.format() for d in a2.diags], text


def test_classify_reads_names_as_parse_operand(db):
    """``_State.classify``'s quick reading of prefixed names (``-R2``, ``~-R2``, ``|R2|``,
    ``-|R2|``) gives the signature and payload that ``parse_operand`` and ``signature`` give
    (or declines what parse_operand refuses), for every register and value name under every
    prefix spelling, doubled prefixes and float words included."""
    from gpuisa.asm.lexer import OperandSyntaxError, parse_operand
    st = _State(db)
    ref = _State(db)
    names = sorted(st.names)[:400] + ["R0", "R255", "RZ", "UR4", "URZ", "P0", "PT", "UPT", "INF", "NAN", "inf",
                                      "QNAN", "SR_TID.X", "R3.H0_H0", "R1.reuse", "NOTANAME"]
    forms = ["{}", "!{}", "~{}", "-{}", "!~{}", "~!{}", "-~{}", "~-{}", "!-{}", "-!{}", "--{}", "~~{}", "!!{}",
             "|{}|", "-|{}|", "|-{}|", "!|{}|", "~|{}|", "-~|{}|", "||{}||", "- {}", "|{}", "{}|", "-|{}", "|{} |"]
    for name in names:
        for f in forms:
            text = f.format(name)
            try:
                p = parse_operand(text)
            except OperandSyntaxError:
                want = None
            else:
                want = (ref.intern(ref.signature(p)), p.name if p.kind == "name" else (p.value if p.kind == "int" else p))
            got = st.classify(text)
            if got is not None:
                got = (ref.intern(st.sig_list[got[0]]), got[1])
            assert got == want, text


def _bru_nonzero_defaults():
    """bru.isa with BRACond's values reordered: the default NoCond is raw 1, not 0 (every shipped
    optional modifier's default is 0)."""
    from gpuisa.spec import shipped_files
    bru = next(p for p in shipped_files() if p.name == "bru.isa")
    text = bru.read_text()
    old = "__DefBitFieldType BRACond<2>\n    NoCond;\n    U;\n"
    assert old in text
    return load([], texts={"bru.isa": text.replace(old, "__DefBitFieldType BRACond<2>\n    U;\n    NoCond;\n")})


@pytest.mark.parametrize("which", ["shipped", "nonzero defaults"])
def test_modifier_quick_reading_equals_the_field_by_field_one(db, which):
    """``_State._resolve`` sets the written modifiers on precomputed defaults when the modifier
    fields allow it (every shipped variant): the same fields, env and base-word bits as setting
    every modifier field one by one, for random modifier lists of every mnemonic (valid ones,
    repeated, unknown and missing modifiers), also with a default that is not 0."""
    if which != "shipped":
        db = _bru_nonzero_defaults()
    st = _State(db)
    rng = random.Random(8)
    checked = 0
    for mn, variants in st.by_mn.items():
        values = sorted({x for v in variants for m in v.mods for x in m.values}) + ["BOGUS"]
        for _ in range(30):
            suffixes = [rng.choice(values) for _ in range(rng.randint(0, 4))]
            for v in variants:
                index = st._mod_index(v)
                assert index[5] is not None
                quick = st._resolve(v, index, suffixes)
                slow = st._resolve(v, index[:5] + (None,), suffixes)
                assert quick == slow, (mn, suffixes, v.op.name)
                checked += quick[0] is not None
    assert checked > (1000 if which == "shipped" else 100)


@pytest.mark.parametrize("which", ["shipped", "nonzero defaults"])
def test_key_part_is_the_candidates(db, which):
    """``fastpath._key_part`` assigns the modifiers itself (without the diagnostic path's
    tables): the same candidate variants, operand widths and base words as ``_State.candidates``
    (the diagnostic path), for random modifier lists of every mnemonic, or False exactly when
    that reports an error."""
    from gpuisa.asm.fastpath import _key_part
    if which != "shipped":
        db = _bru_nonzero_defaults()
    st, ref = _State(db), _State(db)
    rng = random.Random(9)
    resolved = 0
    for mn, variants in st.by_mn.items():
        values = sorted({x for v in variants for m in v.mods for x in m.values}) + ["BOGUS"]
        for _ in range(40):
            key = ".".join([mn] + [rng.choice(values) for _ in range(rng.randint(0, 4))])
            got = _key_part(st, key)
            err, cands, _ = ref.candidates(key)
            if err is not None:
                assert got is False, key
                continue
            resolved += 1
            assert got is not False, key
            assert [(st.vinfo[v.op.name] is v, w) for v, w in got[1]] == [(True, w) for _, _, _, _, w in cands], key
            assert [v.op.name for v, _ in got[1]] == [v.op.name for _, v, _, _, _ in cands], key
            assert got[2] == [base for _, _, base, _, _ in cands], key
    assert resolved > (1000 if which == "shipped" else 50)
