"""The disassembler's specialised decoders (gpuisa.asm.disfast) print exactly what the reference
path (``_Printer.decode_generic``) prints: differential tests on random words of every opcode
(valid ones, ones with default operands, prefixes, branch targets, and invalid ones) and on the
words of real CUDA programs; ``listing_of`` (the ``gpuisa dis`` path) against the reference
path's listing; the numpy-free float formatting against numpy."""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from gpuisa.asm import disassembler as D
from gpuisa.asm.disfast import compile_decoder
from gpuisa.spec import load

CORPUS = Path(__file__).resolve().parents[1] / "cuda" / "corpus"


@pytest.fixture(scope="module")
def db():
    return load()


def _field_value(db, op, f, rng: random.Random) -> int:
    """A raw value of field *f*: mostly a listed value or the default, sometimes anything."""
    t = db.types.get(f.type)
    r = rng.random()
    if f.default is not None and r < 0.3:
        return f.default & ((1 << f.width) - 1)
    if t is not None and t.is_enum and t.values and r < 0.9:
        return rng.choice(t.values)[1]
    return rng.getrandbits(f.width)


def random_word(db, op, rng: random.Random) -> int:
    word = op.decode_value
    for f in op.fields:
        if f.fixed is None:
            word |= (_field_value(db, op, f, rng) & ((1 << f.width) - 1)) << f.pos
    if rng.random() < 0.15:   # an invalid word now and then: bits outside the fields, bad values
        word ^= 1 << rng.randrange(128)
    return word


def _both(db, word: int, pc: int):
    """(reference result, specialised result): (text, pieces), or None where the path gives up."""
    ds = D._dstate(db)
    op = db.lookup(word)
    if op is None:
        return None, None
    pr = ds.printer(op)
    if pr.fastfn is None:
        pr.fastfn = compile_decoder(pr, D._Invalid)
    try:
        ref = pr.decode_generic(word, pc)
    except D._Invalid:
        ref = None
    try:
        got = pr.fastfn(word, pc)
    except D._Invalid:
        got = None
    return ref, got


def test_random_words_of_every_opcode(db):
    rng = random.Random(12)
    fast = total = 0
    for _round in range(2):          # the second round meets warm caches: the fast path proper
        for op in db.opcodes.values():
            for _ in range(12):
                word = random_word(db, op, rng)
                pc = rng.randrange(1 << 20) * 16
                ref, got = _both(db, word, pc)
                if got is not None:
                    assert got == ref, (op.name, hex(word), got, ref)
                    fast += 1
                total += ref is not None
    assert fast > 0.7 * total, (fast, total)   # the specialised decoders do the work


def test_branch_targets_and_omitted_operands(db):
    """pc-relative operands give the same pieces at any address; default operands are left out alike."""
    rng = random.Random(3)
    ds = D._dstate(db)
    pcrel = [op for op in db.opcodes.values() if ds.printer(op).pcrel]
    optional = [op for op in db.opcodes.values() if any(o.optional for o in ds.printer(op).ops)]
    assert pcrel and optional
    seen_pieces = seen_short = 0
    for op in pcrel + optional:
        pr = ds.printer(op)
        for _ in range(40):
            word = op.decode_value
            for f in op.fields:
                if f.fixed is None:
                    raw = f.default if f.default is not None and rng.random() < 0.7 else _field_value(db, op, f, rng)
                    word |= (raw & ((1 << f.width) - 1)) << f.pos
            for pc in (0, 0x40, rng.randrange(1 << 16) * 16):
                ref, got = _both(db, word, pc)
                if got is not None:
                    assert got == ref, (op.name, hex(word), pc)
                    seen_pieces += got[1] is not None
                    seen_short += got[0].count(",") < len(pr.ops) - 1
    assert seen_pieces and seen_short


def test_prefixes(db):
    """``-x``, ``!P``, ``~x``, ``|x|`` (and ``-|x|``) print alike on both paths."""
    rng = random.Random(5)
    ds = D._dstate(db)
    seen = set()
    for op in db.opcodes.values():
        pr = ds.printer(op)
        if not any(o.pclear for o in pr.ops):
            continue
        for _ in range(10):
            word = random_word(db, op, rng)
            for o in pr.ops:
                word |= o.pclear if rng.random() < 0.5 else 0
            ref, got = _both(db, word, 0)
            if got is not None:
                assert got == ref
                seen |= {c for c in "-!~|" if c in got[0].split(" ", 1)[-1]}
    assert seen >= {"-", "!", "|"}, seen


def test_invalid_words_give_up(db):
    """Whenever the reference path rejects a word (.u128 fallback), the specialised one does too."""
    rng = random.Random(9)
    rejected = 0
    for op in db.opcodes.values():
        for _ in range(6):
            word = random_word(db, op, rng) | (1 << rng.randrange(128))
            ref, got = _both(db, word, 0)
            if ref is None:
                rejected += 1
                assert got is None, (op.name, hex(word), got)
            elif got is not None:
                assert got == ref
    assert rejected


def _listings(db, data: bytes, monkeypatch) -> tuple[str, str]:
    """``listing_of`` with the specialised decoders (made after one word) and without any."""
    fresh = D._DState(db)
    with monkeypatch.context() as m:
        m.setattr(D, "_dstate", lambda _db: fresh)
        m.setattr(D, "_COMPILE_AFTER", 1)
        fast = D.listing_of(db, data)
    fresh2 = D._DState(db)
    with monkeypatch.context() as m:
        m.setattr(D, "_dstate", lambda _db: fresh2)
        m.setattr(D, "_COMPILE_AFTER", 1 << 60)
        ref = D.listing_of(db, data)
        assert ref == D.format_listing(D.disassemble(db, data))
    return fast, ref


def test_listing_random_program(db, monkeypatch):
    rng = random.Random(21)
    words = [random_word(db, op, rng) for op in db.opcodes.values() for _ in range(8)]
    words += [rng.getrandbits(128) for _ in range(50)]        # mostly no opcode at all
    rng.shuffle(words)
    words += words[:100]                                      # repeated words (the text memo)
    data = b"".join(w.to_bytes(16, "little") for w in words)
    fast, ref = _listings(db, data, monkeypatch)
    assert fast == ref
    assert ".u128" in ref and "warning" in ref


def _corpus_words(names) -> list[int]:
    import gpuisa
    from gpuisa.cuda import CudaKernel, read_module
    isa = gpuisa.load_isa()
    words: list[int] = []
    for name in names:
        path = CORPUS / name
        mod = read_module(path.read_text(), str(path))
        for k in mod.kernels:
            words.extend(CudaKernel(isa, mod, mod.kernel(k)).program.words)
    return words


@pytest.mark.parametrize("names", [
    ["sm_90/atomics.nvdisasm", "sm_90/bit_ops.nvdisasm"],
    sorted(str(p.relative_to(CORPUS)) for p in (CORPUS / "sm_80").glob("*.nvdisasm"))[:4],
], ids=["sm_90", "sm_80"])
def test_listing_real_programs(db, monkeypatch, names):
    words = _corpus_words(names)
    assert len(words) > 100
    data = b"".join(w.to_bytes(16, "little") for w in words)
    fast, ref = _listings(db, data, monkeypatch)
    assert fast == ref
    for w in set(words):                 # word by word too, at a second address
        ref1, got = _both(db, w, 0x1230)
        if got is not None:
            assert got == ref1


def test_format_f32_matches_numpy():
    np = pytest.importorskip("numpy")
    from gpuisa.asm.floats import format_f16, format_f32
    rng = random.Random(1)
    cases = [rng.getrandbits(32) for _ in range(20000)]
    for e in range(256):     # every exponent at the edges of its mantissas (powers of two: unequal gaps)
        for mant in (0, 1, 2, 0x400000, 0x7FFFFE, 0x7FFFFF):
            cases += [(e << 23) | mant, (1 << 31) | (e << 23) | mant]
    cases += [np.array([v], np.float32).view(np.uint32)[0].item() + d
              for v in (1e-4, 1e16, 0.1, 16777216.0, 33554430.0, 1e10) for d in (-2, -1, 0, 1, 2)]
    for bits in cases:
        bits &= 0xFFFFFFFF
        x = np.array([bits], np.uint32).view(np.float32)[0]
        if not np.isfinite(x):
            continue
        a = abs(x)
        want = (np.format_float_positional(x, unique=True, trim="0") if a == 0 or 1e-4 <= a < 1e16
                else np.format_float_scientific(x, unique=True, trim="-", exp_digits=1))
        assert format_f32(bits) == want, hex(bits)
    for bits in range(1 << 16):
        h = np.array([bits], np.uint16).view(np.float16)[0]
        if not np.isfinite(h):
            want = f"{bits:#x}"
        else:
            v = float(h)
            want = ("-0" if (bits & 0x8000) and v == 0 else str(int(v))) if v == int(v) and abs(v) < 65536 else repr(v)
        assert format_f16(bits) == want, hex(bits)
