"""The assembler's and disassembler's speed paths give what the plain paths give (issue 12):
``listing_of`` is ``format_listing(disassemble(...))``; the fast path's statement memo never
serves a word whose encoding depends on its address."""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from gpuisa.asm.assembler import assemble
from gpuisa.asm.disassembler import disassemble, format_listing, listing_of
from gpuisa.spec import load

CORPUS = Path(__file__).resolve().parents[1] / "cuda" / "corpus"


@pytest.fixture(scope="module")
def db():
    return load()


def _words(db) -> list[int]:
    """Real code (corpus kernels: branches, repeated words) plus random and invalid words."""
    import gpuisa
    from gpuisa.cuda import load_cuda
    isa = gpuisa.ISA(db)
    words: list[int] = []
    for f in sorted(CORPUS.glob("sm_90/*.nvdisasm"))[:6]:
        from gpuisa.cuda import read_module
        mod = read_module(f.read_text(), str(f))
        for name in mod.kernels:
            words += load_cuda(isa, f.read_text(), name).program.words
    rng = random.Random(7)
    words += [rng.getrandbits(128) for _ in range(300)] + [0, 1, (1 << 128) - 1]
    return words + words[:50]      # repeated at other addresses


@pytest.mark.parametrize("base", [0, 0x1230])
def test_listing_of_is_the_plain_listing(db, base):
    words = _words(db)
    data = b"".join(w.to_bytes(16, "little") for w in words)
    assert listing_of(db, data, base=base) == format_listing(disassemble(db, data, base=base))
    assert listing_of(db, data + b"\x01\x02", base=base) == format_listing(disassemble(db, data + b"\x01\x02", base=base))
    assert listing_of(db, b"") == ""


def test_memo_does_not_serve_address_dependent_words(db):
    """The same branch text at two addresses is two words; the same ALU text is one word."""
    text = "BRA 0x200 ;\nIADD3 R1, R2, 0x5, RZ ;\n" * 3
    p = assemble(db, text)
    bra = p.words[0::2]
    assert len(set(bra)) == 3           # offsets from three addresses
    assert len(set(p.words[1::2])) == 1
    again = assemble(db, "NOP ;\n" + text)
    assert again.words[1:] != p.words    # shifted by one instruction: other branch offsets
    assert again.words[2::2] == p.words[1::2]


def test_memo_and_plain_path_agree_on_the_corpus(db, monkeypatch):
    """Corpus listings assembled without the memo, then twice with it (the second time
    from it): the same words."""
    from gpuisa.asm import fastpath
    from gpuisa.asm.tables import state
    from gpuisa.cuda import read_module
    texts = []
    for f in sorted(CORPUS.glob("sm_80/*.nvdisasm"))[:8]:
        mod = read_module(f.read_text(), str(f))
        texts += [info.excerpt() for info in mod.kernels.values()]
    state(db).fmemo.clear()
    monkeypatch.setattr(fastpath, "MEMO_MAX", 0)
    plain = [assemble(db, t, first_line=k).words for k, t in texts]
    assert not state(db).fmemo
    monkeypatch.setattr(fastpath, "MEMO_MAX", 1 << 18)
    for _ in range(2):
        assert [assemble(db, t, first_line=k).words for k, t in texts] == plain
    assert state(db).fmemo
