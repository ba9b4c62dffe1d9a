"""Expected results of the crypto15 corpus sources (session 15: hashing, ciphers, checksums and
bit packing as strangers write them), computed independently of gpuisa and of the CUDA code's
structure: Python's hashlib / zlib / base64, and small references written from the algorithms'
specifications (FIPS 180-4/197/202, RFC 7693/8439/1321, the xxHash and SipHash papers), each checked
against a published test vector in tests/cuda/test_crypto15.py.

``EXPECT`` maps a manifest launch's ``name`` to its function (cuda_expect.expected finds it).

PYTEST_DONT_REWRITE
"""
from __future__ import annotations

import base64
import re
import hashlib
import struct
import zlib

import numpy as np

M32, M64 = (1 << 32) - 1, (1 << 64) - 1
EXPECT: dict = {}


def expect(fn):
    EXPECT[fn.__name__] = fn
    return fn


def rotl32(v: int, r: int) -> int:
    return ((v << r) | (v >> (32 - r))) & M32 if r % 32 else v & M32


def rotl64(v: int, r: int) -> int:
    return ((v << r) | (v >> (64 - r))) & M64 if r % 64 else v & M64


# -- Keccak-f[1600] (FIPS 202 section 3), the sponge with any padding byte ------------------------
def _rc_bit(t: int) -> int:
    """rc(t) of FIPS 202 algorithm 5 (an LFSR over GF(2))."""
    if t % 255 == 0:
        return 1
    r = [1, 0, 0, 0, 0, 0, 0, 0]
    for _ in range(t % 255):
        r = [0] + r
        r[0] ^= r[8]
        r[4] ^= r[8]
        r[5] ^= r[8]
        r[6] ^= r[8]
        r = r[:8]
    return r[0]


def _round_constant(ir: int) -> int:
    rc = 0
    for j in range(7):
        rc |= _rc_bit(j + 7 * ir) << ((1 << j) - 1)
    return rc


RC = [_round_constant(i) for i in range(24)]


def keccak_f(a: list[list[int]]) -> None:
    """The 24 rounds on a[x][y] (lanes of 64 bits), in place (theta, rho, pi, chi, iota)."""
    for ir in range(24):
        c = [a[x][0] ^ a[x][1] ^ a[x][2] ^ a[x][3] ^ a[x][4] for x in range(5)]
        d = [c[(x - 1) % 5] ^ rotl64(c[(x + 1) % 5], 1) for x in range(5)]
        for x in range(5):
            for y in range(5):
                a[x][y] ^= d[x]
        # rho offsets: (t+1)(t+2)/2 along the walk (x, y) -> (y, 2x+3y)
        rho = [[0] * 5 for _ in range(5)]
        x, y = 1, 0
        for t in range(24):
            rho[x][y] = ((t + 1) * (t + 2) // 2) % 64
            x, y = y, (2 * x + 3 * y) % 5
        b = [[0] * 5 for _ in range(5)]
        for x in range(5):
            for y in range(5):
                b[y][(2 * x + 3 * y) % 5] = rotl64(a[x][y], rho[x][y])
        for x in range(5):
            for y in range(5):
                a[x][y] = b[x][y] ^ (~b[(x + 1) % 5][y] & b[(x + 2) % 5][y]) & M64
        a[0][0] ^= RC[ir]


def keccak(data: bytes, rate: int, pad: int, outlen: int) -> bytes:
    """Sponge of Keccak-f[1600] with *rate* bytes, first padding byte *pad* (0x01 Keccak, 0x06 SHA3)."""
    msg = bytearray(data) + bytes([pad]) + bytes((-len(data) - 1) % rate)
    msg[-1] |= 0x80
    a = [[0] * 5 for _ in range(5)]
    for off in range(0, len(msg), rate):
        for i in range(rate // 8):
            a[i % 5][i // 5] ^= int.from_bytes(msg[off + 8 * i:off + 8 * i + 8], "little")
        keccak_f(a)
    out = b""
    while len(out) < outlen:
        out += b"".join(a[i % 5][i // 5].to_bytes(8, "little") for i in range(rate // 8))
        if len(out) < outlen:
            keccak_f(a)
    return out[:outlen]


# -- MD2 (RFC 1319) ----------------------------------------------------------------------------
def _md2_table() -> bytes:
    """RFC 1319's S table (the permutation of 0..255 built from pi's digits): the 256 numbers as the
    source prints them (the RFC's own listing; test_crypto15 checks MD2 against RFC 1319's vectors)."""
    from pathlib import Path
    text = (Path(__file__).parent / "data" / "crypto15" / "crypto15_mochimo.cu").read_text()
    body = text[text.index("__constant__ BYTE s[256]"):]
    nums = [int(v) for v in re.findall(r"\d+", body[body.index("{"):body.index("}")])]
    assert sorted(nums) == list(range(256))
    return bytes(nums)


def md2(data: bytes) -> bytes:
    s = _md2_table()
    pad = 16 - len(data) % 16
    m = bytearray(data) + bytes([pad]) * pad
    c = bytearray(16)
    last = 0
    for i in range(0, len(m), 16):           # RFC 1319 3.2: the checksum
        for j in range(16):
            c[j] ^= s[m[i + j] ^ last]
            last = c[j]
    m += c
    x = bytearray(48)
    for i in range(0, len(m), 16):           # 3.4: the 18 rounds over the 48-byte buffer
        for j in range(16):
            x[16 + j] = m[i + j]
            x[32 + j] = x[16 + j] ^ x[j]
        t = 0
        for r in range(18):
            for k in range(48):
                x[k] ^= s[t]
                t = x[k]
            t = (t + r) % 256
    return bytes(x[:16])


# -- the mochimo kernels: one message of inlen bytes per thread -----------------------------------
def _batch(i, inlen, n, outname, size, fn, key="indata"):
    out = i[outname].copy()
    data = i[key].tobytes()
    for t in range(n):
        out[t * size:(t + 1) * size] = np.frombuffer(fn(data[t * inlen:(t + 1) * inlen]), np.uint8)
    return {outname: out}


@expect
def crypto15_md5(i, inlen, n):
    return _batch(i, inlen, n, "outdata", 16, lambda m: hashlib.md5(m).digest())


@expect
def crypto15_sha1(i, inlen, n):
    return _batch(i, inlen, n, "outdata", 20, lambda m: hashlib.sha1(m).digest())


@expect
def crypto15_sha256(i, inlen, n):
    return _batch(i, inlen, n, "outdata", 32, lambda m: hashlib.sha256(m).digest())


@expect
def crypto15_md2(i, inlen, n):
    return _batch(i, inlen, n, "outdata", 16, md2)


@expect
def crypto15_sha3(i, inlen, n, size):
    return _batch(i, inlen, n, "outdata", size, lambda m: hashlib.new(f"sha3_{size * 8}", m).digest())


@expect
def crypto15_keccak(i, inlen, n, size):
    return _batch(i, inlen, n, "outdata", size, lambda m: keccak(m, 200 - 2 * size, 0x01, size))


@expect
def crypto15_blake2b(i, keylen, inlen, n, size):
    key = i["key"].tobytes()[:keylen]
    return _batch(i, inlen, n, "outdata", size, lambda m: hashlib.blake2b(m, key=key, digest_size=size).digest())


# -- checksums (crypto15_checksum.cu) ------------------------------------------------------------
def _messages(i, stride, n, data="data", lens="lens"):
    d = i[data].tobytes()
    return [d[t * stride:t * stride + int(i[lens][t])] for t in range(n)]


def crc32c(m: bytes) -> int:
    """CRC-32C (Castagnoli, RFC 3720 appendix B.4): reflected polynomial 0x82F63B78, init and xorout ~0."""
    c = M32
    for byte in m:
        c ^= byte
        for _ in range(8):
            c = (c >> 1) ^ 0x82F63B78 if c & 1 else c >> 1
    return c ^ M32


def crc32_bzip2(m: bytes) -> int:
    """CRC-32/BZIP2: polynomial 0x04C11DB7 MSB first, init and xorout ~0, not reflected."""
    c = M32
    for byte in m:
        c ^= byte << 24
        for _ in range(8):
            c = ((c << 1) ^ 0x04C11DB7) & M32 if c >> 31 else (c << 1) & M32
    return c ^ M32


def brev32(v: int) -> int:
    return int(f"{v:032b}"[::-1], 2)


def _per_msg(outname, fn):
    def f(i, stride, n):
        out = i[outname].copy()
        for t, m in enumerate(_messages(i, stride, n)):
            out[t] = fn(m)
        return {outname: out}
    return f


EXPECT["crypto15_crc32_shared"] = EXPECT["crypto15_crc32_const"] = EXPECT["crypto15_crc32_slice8"] = \
    _per_msg("out", zlib.crc32)
EXPECT["crypto15_crc32c"] = _per_msg("out", crc32c)
EXPECT["crypto15_adler32"] = _per_msg("out", zlib.adler32)


@expect
def crypto15_crc32_nibble(i, nwords, n):
    out = i["out"].copy()
    d = i["words"].tobytes()
    for t in range(n):
        c = crc32_bzip2(d[4 * nwords * t:4 * nwords * (t + 1)])
        out[2 * t], out[2 * t + 1] = c, brev32(c)
    return {"out": out}


# -- non-cryptographic hashes (crypto15_nchash.cu), from the algorithms' descriptions -------------
P32 = (0x9E3779B1, 0x85EBCA77, 0xC2B2AE3D, 0x27D4EB2F, 0x165667B1)
P64 = (0x9E3779B185EBCA87, 0xC2B2AE3D27D4EB4F, 0x165667B19E3779F9, 0x85EBCA77C2B2AE63, 0x27D4EB2F165667C5)


def _u32(m, k):
    return int.from_bytes(m[k:k + 4], "little")


def _u64(m, k):
    return int.from_bytes(m[k:k + 8], "little")


def xxh32(m: bytes, seed: int) -> int:
    """XXH32 (xxHash specification, "xxhash_spec.md" v0.1.1)."""
    n = len(m)
    k = 0
    if n >= 16:
        acc = [(seed + P32[0] + P32[1]) & M32, (seed + P32[1]) & M32, seed, (seed - P32[0]) & M32]
        while k + 16 <= n:
            for j in range(4):
                acc[j] = rotl32((acc[j] + _u32(m, k + 4 * j) * P32[1]) & M32, 13) * P32[0] & M32
            k += 16
        h = (rotl32(acc[0], 1) + rotl32(acc[1], 7) + rotl32(acc[2], 12) + rotl32(acc[3], 18)) & M32
    else:
        h = (seed + P32[4]) & M32
    h = (h + n) & M32
    while k + 4 <= n:
        h = rotl32((h + _u32(m, k) * P32[2]) & M32, 17) * P32[3] & M32
        k += 4
    while k < n:
        h = rotl32((h + m[k] * P32[4]) & M32, 11) * P32[0] & M32
        k += 1
    h ^= h >> 15
    h = h * P32[1] & M32
    h ^= h >> 13
    h = h * P32[2] & M32
    return h ^ (h >> 16)


def _xr(acc, lane):
    return rotl64((acc + lane * P64[1]) & M64, 31) * P64[0] & M64


def xxh64(m: bytes, seed: int) -> int:
    n = len(m)
    k = 0
    if n >= 32:
        acc = [(seed + P64[0] + P64[1]) & M64, (seed + P64[1]) & M64, seed, (seed - P64[0]) & M64]
        while k + 32 <= n:
            for j in range(4):
                acc[j] = _xr(acc[j], _u64(m, k + 8 * j))
            k += 32
        h = (rotl64(acc[0], 1) + rotl64(acc[1], 7) + rotl64(acc[2], 12) + rotl64(acc[3], 18)) & M64
        for a in acc:
            h = ((h ^ _xr(0, a)) * P64[0] + P64[3]) & M64
    else:
        h = (seed + P64[4]) & M64
    h = (h + n) & M64
    while k + 8 <= n:
        h = (rotl64(h ^ _xr(0, _u64(m, k)), 27) * P64[0] + P64[3]) & M64
        k += 8
    if k + 4 <= n:
        h = (rotl64(h ^ (_u32(m, k) * P64[0] & M64), 23) * P64[1] + P64[2]) & M64
        k += 4
    while k < n:
        h = rotl64(h ^ (m[k] * P64[4] & M64), 11) * P64[0] & M64
        k += 1
    h ^= h >> 33
    h = h * P64[1] & M64
    h ^= h >> 29
    h = h * P64[2] & M64
    return h ^ (h >> 32)


def _fmix32(h):
    h ^= h >> 16
    h = h * 0x85ebca6b & M32
    h ^= h >> 13
    h = h * 0xc2b2ae35 & M32
    return h ^ (h >> 16)


def _fmix64(k):
    k ^= k >> 33
    k = k * 0xff51afd7ed558ccd & M64
    k ^= k >> 33
    k = k * 0xc4ceb9fe1a85ec53 & M64
    return k ^ (k >> 33)


def murmur3_32(m: bytes, seed: int) -> int:
    c1, c2 = 0xcc9e2d51, 0x1b873593
    h = seed
    nb = len(m) // 4
    for b in range(nb):
        k = rotl32(_u32(m, 4 * b) * c1 & M32, 15) * c2 & M32
        h = (rotl32(h ^ k, 13) * 5 + 0xe6546b64) & M32
    tail = m[4 * nb:]
    if tail:
        k = int.from_bytes(tail, "little")
        h ^= rotl32(k * c1 & M32, 15) * c2 & M32
    return _fmix32(h ^ len(m))


def murmur3_128(m: bytes, seed: int) -> tuple[int, int]:
    c1, c2 = 0x87c37b91114253d5, 0x4cf5ad432745937f
    h1 = h2 = seed
    nb = len(m) // 16
    for b in range(nb):
        k1, k2 = _u64(m, 16 * b), _u64(m, 16 * b + 8)
        h1 ^= rotl64(k1 * c1 & M64, 31) * c2 & M64
        h1 = ((rotl64(h1, 27) + h2) * 5 + 0x52dce729) & M64
        h2 ^= rotl64(k2 * c2 & M64, 33) * c1 & M64
        h2 = ((rotl64(h2, 31) + h1) * 5 + 0x38495ab5) & M64
    tail = m[16 * nb:]
    if len(tail) > 8:
        h2 ^= rotl64(int.from_bytes(tail[8:], "little") * c2 & M64, 33) * c1 & M64
    if tail:
        h1 ^= rotl64(int.from_bytes(tail[:8], "little") * c1 & M64, 31) * c2 & M64
    h1 ^= len(m)
    h2 ^= len(m)
    h1 = (h1 + h2) & M64
    h2 = (h2 + h1) & M64
    h1, h2 = _fmix64(h1), _fmix64(h2)
    h1 = (h1 + h2) & M64
    return h1, (h2 + h1) & M64


def fnv1a64(m: bytes) -> int:
    h = 0xcbf29ce484222325
    for b in m:
        h = (h ^ b) * 0x100000001b3 & M64
    return h


def siphash24(m: bytes, k0: int, k1: int) -> int:
    v = [0x736f6d6570736575 ^ k0, 0x646f72616e646f6d ^ k1, 0x6c7967656e657261 ^ k0, 0x7465646279746573 ^ k1]

    def rnd():
        v[0] = (v[0] + v[1]) & M64; v[1] = rotl64(v[1], 13) ^ v[0]; v[0] = rotl64(v[0], 32)  # noqa: E702
        v[2] = (v[2] + v[3]) & M64; v[3] = rotl64(v[3], 16) ^ v[2]  # noqa: E702
        v[0] = (v[0] + v[3]) & M64; v[3] = rotl64(v[3], 21) ^ v[0]  # noqa: E702
        v[2] = (v[2] + v[1]) & M64; v[1] = rotl64(v[1], 17) ^ v[2]; v[2] = rotl64(v[2], 32)  # noqa: E702
    words = [_u64(m, k) for k in range(0, len(m) - len(m) % 8, 8)]
    words.append(int.from_bytes(m[len(m) - len(m) % 8:], "little") | (len(m) & 0xff) << 56)
    for w in words:
        v[3] ^= w
        rnd()
        rnd()
        v[0] ^= w
    v[2] ^= 0xff
    for _ in range(4):
        rnd()
    return v[0] ^ v[1] ^ v[2] ^ v[3]


@expect
def crypto15_nchash(i, stride, n, seed, k0, k1):
    out = i["out"].copy()
    for t, m in enumerate(_messages(i, stride, n)):
        a, b = murmur3_128(m, seed)
        out[8 * t:8 * t + 6] = [xxh64(m, seed), a, b, fnv1a64(m), siphash24(m, k0, k1),
                                xxh32(m, seed) | murmur3_32(m, seed) << 32]
    return {"out": out}


# -- ciphers and MAC (crypto15_cipher.cu) ----------------------------------------------------------
def chacha20_block(key: bytes, counter: int, nonce: bytes) -> bytes:
    """RFC 8439 section 2.3."""
    s = [0x61707865, 0x3320646e, 0x79622d32, 0x6b206574, *struct.unpack("<8I", key), counter & M32,
         *struct.unpack("<3I", nonce)]
    x = list(s)

    def qr(a, b, c, d):
        x[a] = (x[a] + x[b]) & M32; x[d] = rotl32(x[d] ^ x[a], 16)  # noqa: E702
        x[c] = (x[c] + x[d]) & M32; x[b] = rotl32(x[b] ^ x[c], 12)  # noqa: E702
        x[a] = (x[a] + x[b]) & M32; x[d] = rotl32(x[d] ^ x[a], 8)  # noqa: E702
        x[c] = (x[c] + x[d]) & M32; x[b] = rotl32(x[b] ^ x[c], 7)  # noqa: E702
    for _ in range(10):
        for q in ((0, 4, 8, 12), (1, 5, 9, 13), (2, 6, 10, 14), (3, 7, 11, 15),
                  (0, 5, 10, 15), (1, 6, 11, 12), (2, 7, 8, 13), (3, 4, 9, 14)):
            qr(*q)
    return struct.pack("<16I", *[(a + b) & M32 for a, b in zip(x, s)])


@expect
def crypto15_chacha20(i, c0, nblocks):
    key, nonce = i["key"].tobytes(), i["nonce"].tobytes()
    src = i["inp"].tobytes()
    out = i["out"].copy()
    for t in range(nblocks):
        ks = chacha20_block(key, c0 + t, nonce)
        out[16 * t:16 * t + 16] = np.frombuffer(bytes(a ^ b for a, b in zip(src[64 * t:64 * t + 64], ks)), "<u4")
    return {"out": out}


def salsa20_8(words: list[int]) -> list[int]:
    """Salsa20/8 core (RFC 7914 section 3): 4 double rounds of Bernstein's Salsa20."""
    x = list(words)

    def qr(a, b, c, d):       # the Salsa20 quarter-round on indices (y0..y3) = (a, b, c, d)
        x[b] ^= rotl32((x[a] + x[d]) & M32, 7)
        x[c] ^= rotl32((x[b] + x[a]) & M32, 9)
        x[d] ^= rotl32((x[c] + x[b]) & M32, 13)
        x[a] ^= rotl32((x[d] + x[c]) & M32, 18)
    for _ in range(4):
        for q in ((0, 4, 8, 12), (5, 9, 13, 1), (10, 14, 2, 6), (15, 3, 7, 11)):     # columnround
            qr(*q)
        for q in ((0, 1, 2, 3), (5, 6, 7, 4), (10, 11, 8, 9), (15, 12, 13, 14)):     # rowround
            qr(*q)
    return [(a + b) & M32 for a, b in zip(x, words)]


@expect
def crypto15_salsa20_8(i, n):
    b = i["B"].copy()
    for t in range(n):
        b[16 * t:16 * t + 16] = salsa20_8([int(v) for v in b[16 * t:16 * t + 16]])
    return {"B": b}


def _gmul(a: int, b: int) -> int:
    r = 0
    while b:
        if b & 1:
            r ^= a
        a = (a << 1) ^ 0x11b if a & 0x80 else a << 1
        b >>= 1
    return r


def _aes_sbox() -> list[int]:
    """FIPS-197 5.1.1: the multiplicative inverse in GF(2^8), then the affine map with 0x63."""
    inv = [0] * 256
    for a in range(1, 256):
        inv[a] = next(b for b in range(1, 256) if _gmul(a, b) == 1)
    r8 = lambda v, s: ((v << s) | (v >> (8 - s))) & 0xff  # noqa: E731
    return [b ^ r8(b, 1) ^ r8(b, 2) ^ r8(b, 3) ^ r8(b, 4) ^ 0x63 for b in inv]


_SBOX: list[int] = []


def aes128_encrypt(key: bytes, block: bytes) -> bytes:
    """FIPS-197 Cipher() with Nk = 4, Nr = 10 (state column-major, byte r of column c at 4c + r)."""
    if not _SBOX:
        _SBOX.extend(_aes_sbox())
    sb = _SBOX
    w = [list(key[4 * k:4 * k + 4]) for k in range(4)]
    rcon = 1
    for k in range(4, 44):
        tmp = list(w[k - 1])
        if k % 4 == 0:
            tmp = [sb[b] for b in tmp[1:] + tmp[:1]]
            tmp[0] ^= rcon
            rcon = _gmul(rcon, 2)
        w.append([a ^ b for a, b in zip(w[k - 4], tmp)])
    s = [b ^ w[k // 4][k % 4] for k, b in enumerate(block)]
    for r in range(1, 11):
        s = [sb[b] for b in s]
        s = [s[4 * ((c + row) % 4) + row] for c in range(4) for row in range(4)]          # ShiftRows
        if r < 10:
            s = [v for c in range(4) for v in (
                _gmul(s[4 * c], 2) ^ _gmul(s[4 * c + 1], 3) ^ s[4 * c + 2] ^ s[4 * c + 3],
                s[4 * c] ^ _gmul(s[4 * c + 1], 2) ^ _gmul(s[4 * c + 2], 3) ^ s[4 * c + 3],
                s[4 * c] ^ s[4 * c + 1] ^ _gmul(s[4 * c + 2], 2) ^ _gmul(s[4 * c + 3], 3),
                _gmul(s[4 * c], 3) ^ s[4 * c + 1] ^ s[4 * c + 2] ^ _gmul(s[4 * c + 3], 2))]
        s = [b ^ w[4 * r + k // 4][k % 4] for k, b in enumerate(s)]
    return bytes(s)


@expect
def crypto15_aes128_ctr(i, nblocks):
    key, iv = i["key"].tobytes(), i["iv"].tobytes()
    src = i["inp"].tobytes()
    out = i["out"].copy()
    ctr0 = int.from_bytes(iv, "big")
    for t in range(nblocks):
        ctr = (ctr0 & ~M32 | ((ctr0 + t) & M32)).to_bytes(16, "big")       # the last word counts, mod 2^32
        ks = aes128_encrypt(key, ctr)
        out[4 * t:4 * t + 4] = np.frombuffer(bytes(a ^ b for a, b in zip(src[16 * t:16 * t + 16], ks)), "<u4")
    return {"out": out}


def poly1305(key: bytes, m: bytes) -> bytes:
    """RFC 8439 section 2.5.1 with Python integers."""
    r = int.from_bytes(key[:16], "little") & 0x0ffffffc0ffffffc0ffffffc0fffffff
    s = int.from_bytes(key[16:], "little")
    p = (1 << 130) - 5
    acc = 0
    for k in range(0, len(m), 16):
        blk = m[k:k + 16] + b"\x01"
        acc = (acc + int.from_bytes(blk, "little")) * r % p
    return ((acc + s) & ((1 << 128) - 1)).to_bytes(16, "little")


@expect
def crypto15_poly1305(i, stride, n):
    tags = i["tags"].copy()
    keys = i["keys"].tobytes()
    for t, m in enumerate(_messages(i, stride, n, data="msgs")):
        tags[16 * t:16 * t + 16] = np.frombuffer(poly1305(keys[32 * t:32 * t + 32], m), np.uint8)
    return {"tags": tags}


# -- SHA-2 (crypto15_sha2.cu) ------------------------------------------------------------------------
@expect
def crypto15_sha256d(i, base, target):
    hdr = bytearray(i["header"].tobytes()[:80])
    dig, found, nf = i["digests"].copy(), i["found"].copy(), i["nfound"].copy()
    hits = []
    for t in range(len(dig) // 8):
        nonce = (base + t) & M32
        hdr[76:80] = nonce.to_bytes(4, "little")
        d = hashlib.sha256(hashlib.sha256(bytes(hdr)).digest()).digest()
        dig[8 * t:8 * t + 8] = np.frombuffer(d, "<u4")
        if int.from_bytes(d[:4], "big") < target:
            hits.append(nonce)
    found[:len(hits)] = hits
    nf[0] += len(hits)
    return {"digests": dig, "found": found, "nfound": nf}


@expect
def crypto15_sha512(i, stride, n):
    out = i["digests"].copy()
    for t, m in enumerate(_messages(i, stride, n, data="msgs")):
        out[8 * t:8 * t + 8] = np.frombuffer(hashlib.sha512(m).digest(), ">u8")
    return {"digests": out}


# -- encodings and bit packing (crypto15_bits.cu) -------------------------------------------------------
@expect
def crypto15_b64_encode(i, n):
    out = i["out"].copy()
    enc = base64.b64encode(i["inp"].tobytes()[:n])
    out[:len(enc)] = np.frombuffer(enc, np.uint8)
    return {"out": out}


@expect
def crypto15_b64_decode(i, nquads):
    text = i["text"].tobytes()
    out, bad = i["out"].copy(), i["bad"].copy()
    alphabet = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
    for t in range(nquads):
        q = text[4 * t:4 * t + 4]
        body = q.rstrip(b"=")
        if any(c not in alphabet for c in body) or len(body) < 2:
            bad[0] = min(int(bad[0]), t)
            continue
        dec = base64.b64decode(body + b"=" * (4 - len(body)))
        out[3 * t:3 * t + len(dec)] = np.frombuffer(dec, np.uint8)
    return {"out": out, "bad": bad}


@expect
def crypto15_bitpack(i, n, k, nwords):
    big = 0
    for f in range(n):
        big |= (int(i["vals"][f]) & ((1 << k) - 1)) << (f * k)
    out = i["packed"].copy()
    for w in range(nwords):
        out[w] = (big >> (32 * w)) & M32
    return {"packed": out}


@expect
def crypto15_bitunpack(i, n, k, sign):
    big = int.from_bytes(i["packed"].tobytes(), "little")
    out = i["vals"].copy()
    for f in range(n):
        v = (big >> (f * k)) & ((1 << k) - 1)
        if sign and v >> (k - 1):
            v -= 1 << k
        out[f] = v if v < 1 << 31 else v - (1 << 32)
    return {"vals": out}


def leb128(v: int) -> bytes:
    out = bytearray()
    while True:
        b = v & 0x7f
        v >>= 7
        out.append(b | (0x80 if v else 0))
        if not v:
            return bytes(out)


@expect
def crypto15_varint(i, n):
    out, offs, total = i["out"].copy(), i["offsets"].copy(), i["total"].copy()
    pos = 0
    for t in range(n):
        e = leb128(int(i["vals"][t]))
        offs[t] = pos
        out[pos:pos + len(e)] = np.frombuffer(e, np.uint8)
        pos += len(e)
    total[0] += pos
    return {"out": out, "offsets": offs, "total": total}


def fns(mask: int, base: int, offset: int) -> int:
    """PTX fns.b32: the position of the |offset|-th set bit counting from bit *base* (inclusive) towards
    the MSB (offset > 0) or the LSB (offset < 0); offset 0: base if that bit is set; else 0xffffffff."""
    if offset == 0:
        return base if mask >> base & 1 else M32
    step = 1 if offset > 0 else -1
    count = abs(offset)
    pos = base
    while 0 <= pos < 32:
        if mask >> pos & 1:
            count -= 1
            if count == 0:
                return pos
        pos += step
    return M32


@expect
def crypto15_rank_select(i, nwords, nq):
    bm = [int(v) for v in i["bitmap"]]
    allbits = "".join(f"{w:032b}"[::-1] for w in bm)       # bit j of word w at index 32w + j
    out = i["out"].copy()
    for q in range(nq):
        pos = int(i["queries"][q])
        word, k = bm[q % nwords], pos % 37
        setbits = [b for b in range(32) if word >> b & 1]
        x = word << 32 | bm[(q + 1) % nwords]
        ffs = (x & -x).bit_length()
        clz64 = 64 - x.bit_length()
        brev = int(f"{x:064b}"[::-1], 2)
        vals = [allbits[:pos].count("1"), fns(word, 0, k + 1), setbits[k] if k < len(setbits) else -1,
                (word & -word).bit_length() | (32 - word.bit_length()) << 8 | len(setbits) << 16,
                fns(word, 31, -(k + 1)), ((brev >> 17) & M32) ^ ffs ^ (clz64 << 24)]
        out[6 * q:6 * q + 6] = [v - (1 << 32) if v >= 1 << 31 else v for v in (u & M32 for u in vals)]
    return {"out": out}


def _bloom_bits(key: int, mbits: int, nhash: int) -> list[int]:
    h = _fmix64(key)
    h1, h2 = h & M32, (h >> 32) | 1
    return [((h1 + j * h2) & M32) % mbits for j in range(nhash)]


@expect
def crypto15_bloom_insert(i, n, mbits, nhash):
    bits = i["bits"].copy()
    for key in i["keys"][:n]:
        for b in _bloom_bits(int(key), mbits, nhash):
            bits[b >> 5] |= np.uint32(1 << (b & 31))
    return {"bits": bits}


@expect
def crypto15_bloom_query(i, n, mbits, nhash):
    hit, nh = i["hit"].copy(), i["nhits"].copy()
    words = [int(v) for v in i["bits"]]
    for t in range(n):
        hit[t] = all(words[b >> 5] >> (b & 31) & 1 for b in _bloom_bits(int(i["keys"][t]), mbits, nhash))
    nh[0] += int(hit[:n].sum())
    return {"hit": hit, "nhits": nh}


# -- bit-twiddling primitives (crypto15_ops.cu) --------------------------------------------------------
@expect
def crypto15_lop3_all(i):
    out = i["out"].copy()
    for t in range(len(i["in"]) // 3):
        a, b, c = (int(v) for v in i["in"][3 * t:3 * t + 3])
        for lut in range(256):          # PTX lop3: result bit = LUT bit at index (a << 2 | b << 1 | c)
            out[256 * t + lut] = sum(((lut >> ((a >> k & 1) << 2 | (b >> k & 1) << 1 | (c >> k & 1))) & 1) << k
                                     for k in range(32))
    return {"out": out}


def byte_perm(x: int, y: int, s: int) -> int:
    """CUDA __byte_perm: result byte n = byte ((s >> 4n) & 7) of the 8-byte value y:x."""
    v = y << 32 | x
    return sum(((v >> (8 * ((s >> (4 * n)) & 7))) & 0xff) << (8 * n) for n in range(4))


@expect
def crypto15_shifts_rt(i, n):
    out, out64 = i["out"].copy(), i["out64"].copy()
    for t in range(n):
        x, y, s = int(i["in"][2 * t]), int(i["in"][2 * t + 1]), int(i["amt"][t])
        v = int(i["in64"][t])
        both = y << 32 | x
        fl = lambda k, w=both: ((w << k) >> 32) & M32  # noqa: E731 - funnel: the high word of (y:x) << k
        fr = lambda k, w=both: (w >> k) & M32  # noqa: E731
        o6 = (both >> s) & M32 if s < 64 else 0
        out[8 * t:8 * t + 8] = [rotl32(x, s & 31), fl(s & 31), fr(s & 31), fl(min(s, 32)), fr(min(s, 32)),
                                byte_perm(x, y, s * 0x9E3779B1 & M32), o6,
                                brev32(x) ^ bin(y).count("1") ^ ((32 - (x ^ y).bit_length()) << 8)]
        r = s & 63
        sv = v - (1 << 64) if v >> 63 else v
        out64[4 * t:4 * t + 4] = [rotl64(v, r), rotl64(v, (64 - r) % 64), (sv >> r) & M64, (v << (r | 32)) & M64]
    return {"out": out, "out64": out64}


@expect
def crypto15_mum128(i, n, seed):
    out = i["out"].copy()
    m128 = (1 << 128) - 1
    for t in range(n):
        a, b = int(i["keys"][2 * t]) ^ 0xa0761d6478bd642f, int(i["keys"][2 * t + 1]) ^ seed
        for _ in range(3):
            r = a * b
            a, b = r & M64, r >> 64
            a ^= 0xe7037ed1a0b428db
            b ^= a >> 7
        s = a + (b << 64)
        s = (s * 0x8ebc6af09c88c6e3 + (s >> 61)) & m128
        hi = s >> 64
        hi = hi - (1 << 64) if hi >> 63 else hi
        q = hi * -0x589965cc75374cc3          # exact in 128 bits (signed)
        out[4 * t:4 * t + 4] = [a, b, (s ^ (s >> 64)) & M64, ((q >> 3) ^ (q >> 67)) & M64]
    return {"out": out}


# -- multi-precision arithmetic (crypto15_bignum.cu) ----------------------------------------------------
def _limbs(a: np.ndarray, t: int, n: int = 8) -> int:
    return int.from_bytes(a[n * t:n * t + n].astype("<u4").tobytes(), "little")


def _put(out: np.ndarray, t: int, v: int, n: int = 8) -> None:
    out[n * t:n * t + n] = np.frombuffer(v.to_bytes(4 * n, "little"), "<u4")


@expect
def crypto15_big_addsub(i, n):
    s, d, c = i["S"].copy(), i["D"].copy(), i["C"].copy()
    for t in range(n):
        a, b = _limbs(i["A"], t), _limbs(i["B"], t)
        _put(s, t, (a + b) % (1 << 256))
        _put(d, t, (a - b) % (1 << 256))
        c[2 * t], c[2 * t + 1] = (a + b) >> 256, M32 if a < b else 0
    return {"S": s, "D": d, "C": c}


@expect
def crypto15_big_mul(i, n):
    p = i["P"].copy()
    for t in range(n):
        _put(p, t, _limbs(i["A"], t) * _limbs(i["B"], t), 16)
    return {"P": p}


@expect
def crypto15_big_modp(i, n):
    """a * b mod p, p = 2^256 - 2^32 - 977 (secp256k1's prime), fully reduced."""
    r = i["R"].copy()
    p = (1 << 256) - (1 << 32) - 977
    for t in range(n):
        _put(r, t, _limbs(i["A"], t) * _limbs(i["B"], t) % p)
    return {"R": r}
