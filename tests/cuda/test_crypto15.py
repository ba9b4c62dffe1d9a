"""Session 15, crypto15: hashing, ciphers, checksums and bit packing as strangers write them.

The corpus sources crypto15_*.cu run through tests/cuda/test_corpus_run.py; here (1) the
independent references of tests/cuda/crypto15_ref.py against the published test vectors of their
specifications, and (2) decision D15-C-1: a sm_100+ kernel whose uniform registers hold more live
values than UR0-UR62 can take, most of them words of a ``__constant__`` table (SHA-256's K on
sm_120: ``LDCU.128 UR64, c[0x3][0x100]``), reads those words in place and runs."""
from __future__ import annotations

import hashlib
import re

import pytest

import crypto15_ref as ref
from test_ur63 import _module

from gpuisa.cuda.module import kernel_text
from gpuisa.errors import UsageError


# -- (1) the references against their specifications' vectors ---------------------------------------
def test_keccak_reference_is_sha3_with_its_padding_and_keccak256_of_nothing():
    for m in (b"", b"abc", bytes(range(200)), bytes(136)):
        assert ref.keccak(m, 136, 0x06, 32) == hashlib.sha3_256(m).digest()
        assert ref.keccak(m, 72, 0x06, 64) == hashlib.sha3_512(m).digest()
    assert ref.keccak(b"", 136, 0x01, 32).hex() == "c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470"


def test_md2_reference_gives_rfc1319_vectors():
    assert ref.md2(b"").hex() == "8350e5a3e24c153df2275c9f80692773"
    assert ref.md2(b"abc").hex() == "da853b0d3f88d99b30283a69e6ded6bb"
    assert ref.md2(b"message digest").hex() == "ab4f496bfb2a530b219ff33031fe06b0"


def test_crc_references_give_the_check_values():
    assert ref.crc32c(b"123456789") == 0xE3069283
    assert ref.crc32_bzip2(b"123456789") == 0xFC891918


def test_noncrypto_hash_references_give_published_values():
    assert ref.xxh32(b"", 0) == 0x02CC5D05 and ref.xxh32(b"a", 0) == 0x550D7456
    assert ref.xxh64(b"", 0) == 0xEF46DB3751D8E999 and ref.xxh64(b"abc", 0) == 0x44BC2CF5AD770999
    assert ref.murmur3_32(b"", 0) == 0 and ref.murmur3_32(b"hello", 0) == 0x248BFA47
    assert ref.fnv1a64(b"a") == 0xAF63DC4C8601EC8C
    k0, k1 = int.from_bytes(bytes(range(8)), "little"), int.from_bytes(bytes(range(8, 16)), "little")
    assert ref.siphash24(bytes(range(15)), k0, k1) == 0xA129CA6149BE45E5       # SipHash paper, appendix A


def test_cipher_references_give_rfc_and_fips_vectors():
    block = ref.chacha20_block(bytes(range(32)), 1, bytes.fromhex("000000090000004a00000000"))
    assert block[:16].hex() == "10f1e7e4d13b5915500fdd1fa32071c4"                        # RFC 8439 2.3.2
    assert ref.aes128_encrypt(bytes(range(16)), bytes.fromhex("00112233445566778899aabbccddeeff")).hex() \
        == "69c4e0d86a7b0430d8cdb78070b4c55a"                                            # FIPS-197 C.1
    key = bytes.fromhex("85d6be7857556d337f4452fe42d506a80103808afb0db2fd4abff6af4149f51b")
    assert ref.poly1305(key, b"Cryptographic Forum Research Group").hex() == "a8061dc1305136c6c22b8baf0c0127a9"


def test_fns_reference_follows_ptx():
    assert ref.fns(0b1011, 0, 1) == 0 and ref.fns(0b1011, 0, 3) == 3 and ref.fns(0b1011, 0, 4) == 0xFFFFFFFF
    assert ref.fns(0b1011, 3, -2) == 1 and ref.fns(0b1011, 2, 0) == 0xFFFFFFFF and ref.fns(0b1011, 1, 0) == 1


# -- (2) D15-C-1: constant-bank words read in place ------------------------------------------------------
def _quads(n: int) -> list[str]:
    return [f"LDCU.128 UR{4 * q}, c[0x3][{16 * q:#x}]" for q in range(n)]


def test_constant_words_beyond_ur62_are_read_in_place():
    """Seventeen quads of a __constant__ table (UR0-UR67, 68 values live at once) read by IADD3:
    refused before (only 63 registers); now every register that only holds a constant word is read as
    that word, its load a NOP, and nothing beyond UR62 is left."""
    body = _quads(17) + [f"IADD3 R4, R4, UR{n}, RZ" for n in range(68)] + ["EXIT"]
    mod = _module(body)
    text = kernel_text(mod, next(iter(mod.kernels.values())))[1]
    assert max((int(n) for n in re.findall(r"\bUR(\d+)", text)), default=0) <= 62
    assert "IADD3 R4, R4, c[0x3][0x10c], RZ" in text          # UR67 = the word at 16 * 16 + 12
    assert text.count("LDCU") + text.count("NOP") == 17 and "IADD3 R4, R4, c[0x3][0x0], RZ" in text


def test_a_register_written_otherwise_or_read_as_a_pair_stays_a_register():
    """UR4 is also written by an S2UR and UR8:UR9 is read as one 64-bit address part: their quads stay
    registers (the words are not what every read sees); the other quads fold."""
    body = _quads(17) + ["S2UR UR4, SR_CTAID.X", "LDG.E R6, desc[UR70][R2.64+UR8]"] + \
        [f"IADD3 R4, R4, UR{n}, RZ" for n in range(68)] + ["EXIT"]
    mod = _module(body)
    text = kernel_text(mod, next(iter(mod.kernels.values())))[1]
    assert "LDCU.128 UR4, c[0x3][0x10]" in text and "LDCU.128 UR8, c[0x3][0x20]" in text
    assert "IADD3 R4, R4, UR5, RZ" in text and "IADD3 R4, R4, c[0x3][0x30], RZ" in text


def test_too_many_values_that_are_not_constant_words_are_still_refused():
    body = [f"UMOV UR{n}, 0x{n + 1:x}" for n in range(64)] + [f"IADD3 R4, R4, UR{n}, RZ" for n in range(64)] + ["EXIT"]
    mod = _module(body)
    with pytest.raises(UsageError, match="64 uniform registers are live at line"):
        kernel_text(mod, next(iter(mod.kernels.values())))


# -- D15-C-3: MOV.SPILL / R2UR.FILL (sm_100+ uniform spills under -Xptxas -O1) ------------------------
@pytest.fixture(scope="module")
def isa():
    import gpuisa
    return gpuisa.load_isa()


@pytest.mark.parametrize("engine", ["reference", "batched"])
def test_a_uniform_register_spilled_and_filled_keeps_its_value(isa, engine, batch_fallbacks):
    """ptxas -O1 for sm_120 (sha256d with -use_fast_math -Xptxas -O1) spills a uniform register into a
    general-purpose one and reads it back: `MOV.SPILL R38, UR7` ... `R2UR.FILL UR7, R38` (the
    assembler refused both modifiers). The value survives UR7 being overwritten in between."""
    from gpuisa.asm.assembler import assemble
    prog = assemble(isa.db, """
        UMOV UR7, 0x9e3779b9 ;
        MOV.SPILL R38, UR7 ;
        UMOV UR7, 0x5 ;
        R2UR.FILL UR7, R38 ;
        UIADD3 UR8, UR7, 0x1, URZ ;
        EXIT ;
    """)
    res = isa.launch(prog, grid=2, engine=engine)
    assert res.ok, (res.status, res.fault)
    assert all(int(w.UR[7]) == 0x9E3779B9 and int(w.UR[8]) == 0x9E3779BA and int(w.R[38][0]) == 0x9E3779B9
               for w in res.warps)
    assert not batch_fallbacks, sorted(batch_fallbacks)      # at batch width


def test_spill_and_fill_print_as_nvdisasm(isa):
    from gpuisa.asm.assembler import assemble
    from gpuisa.asm.disassembler import disassemble
    lines = ["MOV.SPILL R38, UR7", "R2UR.FILL UR7, R38", "MOV R38, UR7", "R2UR UR7, R38"]
    prog = assemble(isa.db, "".join(f"{ln} ;\n" for ln in lines))
    assert [d.text for d in disassemble(isa.db, prog.data)] == lines


@pytest.mark.parametrize("engine", ["reference", "batched"])
def test_call_rel_through_a_uniform_register_with_a_negative_offset(isa, engine):
    """D15-C-4: the batched engine added the negative offset to the uniform register's uint64 value
    (OverflowError, a traceback) and, in a diverged warp, indexed the warp's one target as if it were
    one per lane (IndexError); found when D15-C-3's modifiers moved tests/sim/test_engines.py's
    random programs onto `CALL.REL UR4, -0x30`."""
    from gpuisa.asm.assembler import assemble
    prog = assemble(isa.db, """
        UMOV UR4, 0x40 ;
        UMOV UR5, 0x0 ;
        @P0 BRA `(.L_x_0) ;
    .L_x_0:
        CALL.REL UR4, -0x30 ;
        EXIT ;
        MOV R2, 0x7 ;
        EXIT ;
    """)
    # lanes 16..31 first (a diverged warp): the batched engine read the per-warp target as per-lane
    res = isa.launch(prog, grid=3, engine=engine, init={"P0": [True] * 16 + [False] * 16})
    assert res.ok, (res.status, res.fault)
    assert [int(w.R[2][0]) for w in res.warps] == [7, 7, 7]
