// Non-cryptographic hashes as application code writes them (crypto15, session 15; written for gpuisa's
// corpus from the algorithms' published descriptions: Yann Collet's xxHash spec (XXH32/XXH64), Austin
// Appleby's MurmurHash3 (public domain: x86_32, x64_128), FNV-1a 64, SipHash-2-4 (Aumasson & Bernstein)).
// One message per thread: lens[t] bytes at data + t * stride (byte loads, unaligned tails).
#include <stdint.h>
#define XXH_P32_1 0x9E3779B1u
#define XXH_P32_2 0x85EBCA77u
#define XXH_P32_3 0xC2B2AE3Du
#define XXH_P32_4 0x27D4EB2Fu
#define XXH_P32_5 0x165667B1u
#define XXH_P64_1 0x9E3779B185EBCA87ULL
#define XXH_P64_2 0xC2B2AE3D27D4EB4FULL
#define XXH_P64_3 0x165667B19E3779F9ULL
#define XXH_P64_4 0x85EBCA77C2B2AE63ULL
#define XXH_P64_5 0x27D4EB2F165667C5ULL
__device__ __forceinline__ uint32_t rotl32(uint32_t x, int r) { return (x << r) | (x >> (32 - r)); }
__device__ __forceinline__ uint64_t rotl64(uint64_t x, int r) { return (x << r) | (x >> (64 - r)); }
__device__ __forceinline__ uint32_t rd32(const uint8_t *p) { return p[0] | (p[1] << 8) | (p[2] << 16) | ((uint32_t)p[3] << 24); }
__device__ __forceinline__ uint64_t rd64(const uint8_t *p) { return rd32(p) | ((uint64_t)rd32(p + 4) << 32); }

__device__ uint32_t xxh32(const uint8_t *p, int len, uint32_t seed)
{
    const uint8_t *end = p + len;
    uint32_t h;
    if (len >= 16) {
        uint32_t v1 = seed + XXH_P32_1 + XXH_P32_2, v2 = seed + XXH_P32_2, v3 = seed, v4 = seed - XXH_P32_1;
        const uint8_t *limit = end - 16;
        do {
            v1 = rotl32(v1 + rd32(p) * XXH_P32_2, 13) * XXH_P32_1; p += 4;
            v2 = rotl32(v2 + rd32(p) * XXH_P32_2, 13) * XXH_P32_1; p += 4;
            v3 = rotl32(v3 + rd32(p) * XXH_P32_2, 13) * XXH_P32_1; p += 4;
            v4 = rotl32(v4 + rd32(p) * XXH_P32_2, 13) * XXH_P32_1; p += 4;
        } while (p <= limit);
        h = rotl32(v1, 1) + rotl32(v2, 7) + rotl32(v3, 12) + rotl32(v4, 18);
    } else {
        h = seed + XXH_P32_5;
    }
    h += (uint32_t)len;
    while (p + 4 <= end) { h = rotl32(h + rd32(p) * XXH_P32_3, 17) * XXH_P32_4; p += 4; }
    while (p < end) { h = rotl32(h + (*p) * XXH_P32_5, 11) * XXH_P32_1; p++; }
    h ^= h >> 15; h *= XXH_P32_2; h ^= h >> 13; h *= XXH_P32_3; h ^= h >> 16;
    return h;
}
__device__ __forceinline__ uint64_t xxh64_round(uint64_t acc, uint64_t in) { acc += in * XXH_P64_2; acc = rotl64(acc, 31); return acc * XXH_P64_1; }
__device__ __forceinline__ uint64_t xxh64_merge(uint64_t acc, uint64_t v) { acc ^= xxh64_round(0, v); return acc * XXH_P64_1 + XXH_P64_4; }
__device__ uint64_t xxh64(const uint8_t *p, int len, uint64_t seed)
{
    const uint8_t *end = p + len;
    uint64_t h;
    if (len >= 32) {
        uint64_t v1 = seed + XXH_P64_1 + XXH_P64_2, v2 = seed + XXH_P64_2, v3 = seed, v4 = seed - XXH_P64_1;
        do {
            v1 = xxh64_round(v1, rd64(p)); p += 8;
            v2 = xxh64_round(v2, rd64(p)); p += 8;
            v3 = xxh64_round(v3, rd64(p)); p += 8;
            v4 = xxh64_round(v4, rd64(p)); p += 8;
        } while (p + 32 <= end);
        h = rotl64(v1, 1) + rotl64(v2, 7) + rotl64(v3, 12) + rotl64(v4, 18);
        h = xxh64_merge(h, v1); h = xxh64_merge(h, v2); h = xxh64_merge(h, v3); h = xxh64_merge(h, v4);
    } else {
        h = seed + XXH_P64_5;
    }
    h += (uint64_t)len;
    while (p + 8 <= end) { h ^= xxh64_round(0, rd64(p)); h = rotl64(h, 27) * XXH_P64_1 + XXH_P64_4; p += 8; }
    if (p + 4 <= end) { h ^= (uint64_t)rd32(p) * XXH_P64_1; h = rotl64(h, 23) * XXH_P64_2 + XXH_P64_3; p += 4; }
    while (p < end) { h ^= (*p) * XXH_P64_5; h = rotl64(h, 11) * XXH_P64_1; p++; }
    h ^= h >> 33; h *= XXH_P64_2; h ^= h >> 29; h *= XXH_P64_3; h ^= h >> 32;
    return h;
}
__device__ uint32_t murmur3_32(const uint8_t *p, int len, uint32_t seed)
{
    const uint32_t c1 = 0xcc9e2d51, c2 = 0x1b873593;
    int nblocks = len / 4;
    uint32_t h1 = seed;
    for (int i = 0; i < nblocks; i++) {
        uint32_t k1 = rd32(p + 4 * i);
        k1 *= c1; k1 = rotl32(k1, 15); k1 *= c2;
        h1 ^= k1; h1 = rotl32(h1, 13); h1 = h1 * 5 + 0xe6546b64;
    }
    const uint8_t *tail = p + nblocks * 4;
    uint32_t k1 = 0;
    switch (len & 3) {
    case 3: k1 ^= tail[2] << 16;
    case 2: k1 ^= tail[1] << 8;
    case 1: k1 ^= tail[0]; k1 *= c1; k1 = rotl32(k1, 15); k1 *= c2; h1 ^= k1;
    };
    h1 ^= len;
    h1 ^= h1 >> 16; h1 *= 0x85ebca6b; h1 ^= h1 >> 13; h1 *= 0xc2b2ae35; h1 ^= h1 >> 16;
    return h1;
}
__device__ __forceinline__ uint64_t fmix64(uint64_t k) { k ^= k >> 33; k *= 0xff51afd7ed558ccdULL; k ^= k >> 33; k *= 0xc4ceb9fe1a85ec53ULL; k ^= k >> 33; return k; }
__device__ void murmur3_128(const uint8_t *p, int len, uint32_t seed, uint64_t *out)
{
    const int nblocks = len / 16;
    uint64_t h1 = seed, h2 = seed;
    const uint64_t c1 = 0x87c37b91114253d5ULL, c2 = 0x4cf5ad432745937fULL;
    for (int i = 0; i < nblocks; i++) {
        uint64_t k1 = rd64(p + 16 * i), k2 = rd64(p + 16 * i + 8);
        k1 *= c1; k1 = rotl64(k1, 31); k1 *= c2; h1 ^= k1;
        h1 = rotl64(h1, 27); h1 += h2; h1 = h1 * 5 + 0x52dce729;
        k2 *= c2; k2 = rotl64(k2, 33); k2 *= c1; h2 ^= k2;
        h2 = rotl64(h2, 31); h2 += h1; h2 = h2 * 5 + 0x38495ab5;
    }
    const uint8_t *tail = p + nblocks * 16;
    uint64_t k1 = 0, k2 = 0;
    switch (len & 15) {
    case 15: k2 ^= ((uint64_t)tail[14]) << 48;
    case 14: k2 ^= ((uint64_t)tail[13]) << 40;
    case 13: k2 ^= ((uint64_t)tail[12]) << 32;
    case 12: k2 ^= ((uint64_t)tail[11]) << 24;
    case 11: k2 ^= ((uint64_t)tail[10]) << 16;
    case 10: k2 ^= ((uint64_t)tail[9]) << 8;
    case 9: k2 ^= ((uint64_t)tail[8]) << 0;
        k2 *= c2; k2 = rotl64(k2, 33); k2 *= c1; h2 ^= k2;
    case 8: k1 ^= ((uint64_t)tail[7]) << 56;
    case 7: k1 ^= ((uint64_t)tail[6]) << 48;
    case 6: k1 ^= ((uint64_t)tail[5]) << 40;
    case 5: k1 ^= ((uint64_t)tail[4]) << 32;
    case 4: k1 ^= ((uint64_t)tail[3]) << 24;
    case 3: k1 ^= ((uint64_t)tail[2]) << 16;
    case 2: k1 ^= ((uint64_t)tail[1]) << 8;
    case 1: k1 ^= ((uint64_t)tail[0]) << 0;
        k1 *= c1; k1 = rotl64(k1, 31); k1 *= c2; h1 ^= k1;
    };
    h1 ^= len; h2 ^= len;
    h1 += h2; h2 += h1;
    h1 = fmix64(h1); h2 = fmix64(h2);
    h1 += h2; h2 += h1;
    out[0] = h1; out[1] = h2;
}
__device__ uint64_t fnv1a64(const uint8_t *p, int len)
{
    uint64_t h = 0xcbf29ce484222325ULL;
    for (int i = 0; i < len; i++) { h ^= p[i]; h *= 0x100000001b3ULL; }
    return h;
}
#define SIPROUND do { v0 += v1; v1 = rotl64(v1, 13); v1 ^= v0; v0 = rotl64(v0, 32); \
    v2 += v3; v3 = rotl64(v3, 16); v3 ^= v2; v0 += v3; v3 = rotl64(v3, 21); v3 ^= v0; \
    v2 += v1; v1 = rotl64(v1, 17); v1 ^= v2; v2 = rotl64(v2, 32); } while (0)
__device__ uint64_t siphash24(const uint8_t *p, int len, uint64_t k0, uint64_t k1)
{
    uint64_t v0 = 0x736f6d6570736575ULL ^ k0, v1 = 0x646f72616e646f6dULL ^ k1;
    uint64_t v2 = 0x6c7967656e657261ULL ^ k0, v3 = 0x7465646279746573ULL ^ k1;
    const uint8_t *end = p + (len - (len % 8));
    for (; p != end; p += 8) {
        uint64_t m = rd64(p);
        v3 ^= m; SIPROUND; SIPROUND; v0 ^= m;
    }
    uint64_t b = ((uint64_t)len) << 56;
    for (int i = len & 7; i > 0; i--) b |= ((uint64_t)p[i - 1]) << (8 * (i - 1));
    v3 ^= b; SIPROUND; SIPROUND; v0 ^= b;
    v2 ^= 0xff;
    SIPROUND; SIPROUND; SIPROUND; SIPROUND;
    return v0 ^ v1 ^ v2 ^ v3;
}
// out: 8 u64 words per thread: xxh64, murmur3_128 (2), fnv1a64, siphash, xxh32 | murmur3_32 << 32, 2 spare
extern "C" __global__ void nchash(const uint8_t *data, const int *lens, int stride, unsigned long long *out, int n,
                                  uint32_t seed, unsigned long long k0, unsigned long long k1)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n) return;
    const uint8_t *p = data + (size_t)t * stride;
    int len = lens[t];
    unsigned long long *o = out + 8 * (size_t)t;
    o[0] = xxh64(p, len, seed);
    uint64_t m[2];
    murmur3_128(p, len, seed, m);
    o[1] = m[0]; o[2] = m[1];
    o[3] = fnv1a64(p, len);
    o[4] = siphash24(p, len, k0, k1);
    o[5] = xxh32(p, len, seed) | ((uint64_t)murmur3_32(p, len, seed) << 32);
}
