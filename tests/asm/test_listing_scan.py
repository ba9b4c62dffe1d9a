"""``assemble``'s reading of listing lines (``gpuisa.asm.fastpath.scan_listing``, decision AS-4)
against the classic reading (``Assembler.scan``: block comments and listing noise removed from
the whole text first, then the per-line steps and the fast path per statement).

The classic reading is the reference: every text is assembled both ways (``scan_listing``
replaced by None for the reference) and the outcomes -- words, opcodes and line of every
record, symbols, relocations, warnings, or every error with its position -- must be equal.
The texts are the nvdisasm listings of tests/nv/data (whole files: directives are errors, and
every kernel as the CUDA import reads it: `.reuse`, `desc[URn]`, `+-`, spaced operands and
the other listing spellings), and random texts made of listing lines, statements of every
opcode and pieces that need the classic reading: block comments over several lines, NVIDIA
annotations, comments and labels, control annotations, odd spaces, hints in the mnemonic or
between the mnemonic and the first operand."""
from __future__ import annotations

import random
import re
import sys
from pathlib import Path

import pytest

from gpuisa.asm import assembler as asm_mod
from gpuisa.asm.assembler import assemble
from gpuisa.asm.tables import _State
from gpuisa.errors import AsmError
from gpuisa.spec import load

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
from bench_asm import generate  # noqa: E402

SASS = sorted((Path(__file__).resolve().parents[1] / "nv" / "data").glob("*.sass"))


@pytest.fixture(scope="module")
def db():
    return load()


def _outcome(db, text: str, first_line: int = 1):
    try:
        p = assemble(db, text, filename="t.s", first_line=first_line)
    except AsmError as e:
        return ("errors", getattr(e, "total_errors", None),
                [(d.severity, d.message, d.coord.line if d.coord else 0, d.coord.col if d.coord else 0, d.length,
                  d.source_line) for d in e.errors])
    return (p.words, [(r.opcode, r.line, r.address) for r in p.records], p.symbols,
            [r.to_dict() for r in p.relocations], [d.format() for d in p.warnings])


def _both(db, monkeypatch, text: str, first_line: int = 1, cold: bool = False):
    """(listing reading, classic reading) of *text*; *cold*: each with fresh caches."""
    with monkeypatch.context() as m:
        if cold:
            m.setattr(asm_mod, "state", lambda db: _State(db))
        got = _outcome(db, text, first_line)
        m.setattr(asm_mod, "_scan_listing", None)
        want = _outcome(db, text, first_line)
    return got, want


@pytest.mark.skipif(not SASS, reason="no listings in tests/nv/data")
@pytest.mark.parametrize("path", SASS, ids=lambda p: p.name)
def test_nvdisasm_listings(db, monkeypatch, path):
    """A whole nvdisasm listing (its directives and data lines are errors), and each kernel as
    the CUDA import hands it to the assembler, read both ways."""
    from gpuisa.cuda.listing import parse_nvdisasm
    from gpuisa.cuda.module import kernel_text
    text = path.read_text()
    got, want = _both(db, monkeypatch, text)
    assert got == want
    mod = parse_nvdisasm(text, path.name)
    assert mod.kernels
    for info in mod.kernels.values():
        try:
            first, ktext = kernel_text(mod, info)
        except Exception:    # noqa: BLE001 - a kernel the import refuses (UR63+): not an assembler input
            continue
        for cold in (False, True):
            got, want = _both(db, monkeypatch, ktext, first, cold)
            assert got == want, (path.name, info.name)


def _sass_lines() -> list[str]:
    out = []
    for p in SASS:
        out += [ln for ln in p.read_text().split("\n") if re.match(r"\s*/\*[0-9a-f]{4,}\*/", ln)]
    return out


PREFIXES = ["", "  ", "\t", "        /*0040*/  ", "/*0a0*/", "/*0A0*/ ", "/*0x10*/ ", "/* c */ ", "\x0b", "\xa0 ",
            " \u2003", "/**/", "L9: ", "/*0040*/ L8: "]
SUFFIXES = ["", " ;", ";", " ; ", " ;\r", "\r", " ; // c", " /* x */", " ;;", "  $sched=2 ;", " ; NOP", " \x0c;",
            " ;\xa0", " /* open", "// /* x"]
LINES = ["L1:", "L2: NOP ;", "// comment", "/* several", "lines */ NOP ;", "(* annotation *)", "(* over", "lines *)",
         "", "   ", "BRA `(L1) ;", ".u128 0x1", "BRX R2 -0x130 ;", "BRX R2 0x10 ;", "MOV.64 R2, 0x1 ;",
         "MOV.64 0x10", "REDUX.SUM UR6, R0 ;", "REDUX.SUM R6, R0 ;", "MATCH.ALL P0, R11, R10 ;",
         "MATCH.ANY R11, R10 ;", "ATOMS.CAST.SPIN P1, [R7], R2, R3 ;", "WARPSYNC.ALL ;", "WARPSYNC.EXCLUSIVE R2 ;",
         "ENDCOLLECTIVE ;", "HADD2 R1, |R6|.H0_H0, R2 ;", "HADD2.F32 R19, -RZ, c[0x0] [0x188].H0_H0 ;",
         "LDG.E R2, desc[UR4][R2.64] ;", "LDS R1, [R14+-0x4] ;", "LDS R1, [R14+ -0x4] ;", "LDS R1, [R14 -0x4] ;",
         "IADD3 R1, R2.reuse, R3, RZ ;", "IADD3 R1, R2, R3 RZ ;", "@P0 CAST R1 ;", "MOV R1, CAST ;",
         "FADD R1, R2, |R3|.F32 ;", "NOP */", "*/ NOP ;", "MOV R1, R2 /* x */ ;", "/*0040*/ MOV R1, R2 ; /* x */",
         "MOV R1, 0x1 $sched=3", "@!P0 EXIT ;", "@P9 EXIT ;", "EXIT ; EXIT ;", "exit ;", "MOV R1, R2 ,", "MOV R1 ,R2"]


def _random_text(rng: random.Random, stmts: list[str], sass: list[str]) -> str:
    out = []
    for _ in range(rng.randint(1, 40)):
        k = rng.random()
        if k < 0.35:
            line = rng.choice(PREFIXES) + rng.choice(stmts) + rng.choice(SUFFIXES)
        elif k < 0.6 and sass:
            line = rng.choice(sass)
            if rng.random() < 0.2:
                line += rng.choice(SUFFIXES)
        elif k < 0.85:
            line = rng.choice(PREFIXES) + rng.choice(LINES) + rng.choice(SUFFIXES)
        else:
            line = rng.choice(LINES)
        out.append(line)
    return "\n".join(out) + rng.choice(["", "\n", "\n\n"])


@pytest.mark.parametrize("seed", [1, 2])
def test_random_texts(db, monkeypatch, seed):
    """Random texts of listing lines, statements and the pieces above, read both ways (with the
    caches warm, and cold), also as an excerpt that starts at line 7."""
    rng = random.Random(seed)
    text, _ = generate(db, 2 * len(db.opcodes), seed=seed + 20)
    stmts = text.splitlines()
    sass = _sass_lines()
    for k in range(120):
        t = _random_text(rng, stmts, sass)
        got, want = _both(db, monkeypatch, t, 7 if k % 5 == 0 else 1, cold=k % 25 == 0)
        assert got == want, t


def test_the_common_line_takes_the_listing_reading(db, monkeypatch):
    """Listing lines are encoded by scan_listing itself (the per-line steps see none of them),
    and from a comment that goes on over lines the classic reading takes the rest."""
    lines = [f"        /*{16 * k:04x}*/  IADD3 R{k}, R2, 0x5, RZ ;" for k in range(20)]
    seen: list = []
    scan_line, scan_text = asm_mod.Assembler.scan_line, asm_mod.Assembler.scan_text

    def spy_line(self, lineno, *rest):
        seen.append(("line", lineno))
        return scan_line(self, lineno, *rest)

    def spy_text(self, text, addr, emit, first_line, *rest):
        seen.append(("text", first_line, addr))
        return scan_text(self, text, addr, emit, first_line, *rest)

    monkeypatch.setattr(asm_mod.Assembler, "scan_line", spy_line)
    monkeypatch.setattr(asm_mod.Assembler, "scan_text", spy_text)
    prog = assemble(db, "\n".join(lines))
    assert len(prog.words) == 20 and seen == []
    text = "\n".join(lines[:5] + ["/* a comment", "over lines */"] + lines[5:])
    prog = assemble(db, text)
    assert len(prog.words) == 20 and seen == [("text", 6, 0x50)]
    assert [r.line for r in prog.records] == [1, 2, 3, 4, 5] + list(range(8, 23))


def test_lines_with_listing_noise_take_the_per_line_steps(db, monkeypatch):
    """Every line that holds listing noise (``lexer.has_hints``: the classic reading rewrites
    it before anything else) goes through the per-line steps, also when the statement as
    written would encode (`[R14 -0x4]`, `REDUX.SUM R6, R0`); and a line with a hint in its
    mnemonic or between the mnemonic and a number never reaches the encoder as written."""
    from gpuisa.asm import fastpath
    from gpuisa.asm.lexer import _strip_line_comments, has_hints
    noisy = ["LDS R1, [R14 -0x4]", "REDUX.SUM R6, R0", "MOV.64 0x10", "IADD3 R1, R2.reuse, R3, RZ",
             "LDS R1, [R14+-0x4]", "HADD2 R1, |R6|.H0_H0, R2", "MATCH.ALL P0, R11, R10", "BRX R2 -0x130"]
    lines = [f"        /*{16 * k:04x}*/  {s} ;" for k, s in enumerate(noisy + [ln for ln in LINES if ln
                                                                           and "*" not in ln and ";" not in ln])]
    lines += _sass_lines()[::7]
    seen: set = set()
    encoded: list = []
    scan_line, encode = asm_mod.Assembler.scan_line, fastpath._encode

    def spy_line(self, lineno, *rest):
        seen.add(lineno)
        return scan_line(self, lineno, *rest)

    def spy_encode(st, memo, text, gnot, gname, key, ops, ctl, pc, listing):
        if listing:
            encoded.append(text)
        return encode(st, memo, text, gnot, gname, key, ops, ctl, pc, listing)

    monkeypatch.setattr(asm_mod.Assembler, "scan_line", spy_line)
    monkeypatch.setattr(fastpath, "_encode", spy_encode)
    monkeypatch.setattr(asm_mod, "state", lambda db: _State(db))
    try:
        assemble(db, "\n".join(lines))
    except AsmError:
        pass
    hinted = {k for k, ln in enumerate(lines, 1) if has_hints(_strip_line_comments(ln) or ln)}
    assert len(hinted) > 20 and hinted <= seen
    assert not {"REDUX.SUM R6, R0", "MOV.64 0x10", "MATCH.ALL P0, R11, R10"} & set(encoded)
