// Stream and block ciphers and a MAC as GPU code writes them (crypto15, session 15; written for gpuisa's
// corpus from RFC 8439 (ChaCha20 block function, Poly1305), RFC 7914 (scrypt's Salsa20/8 core) and
// FIPS-197 (AES-128), in the styles of public GPU miners / cracking tools; no library source copied).
//   chacha20_xor  ChaCha20 keystream XORed onto the input, one 64-byte block per thread (counter = t + c0)
//   salsa20_8     scrypt's Salsa20/8 core on 16-word blocks (BlockMix's inner function), in place
//   aes128_ctr    AES-128 in CTR mode: key expansion per thread from a __constant__ S-box (bank 3),
//                 T-table Te0 built in shared memory, rounds with __byte_perm / funnel-shift rotations
//   poly1305_mac  Poly1305 with 26-bit limbs and 64-bit products (the poly1305-donna-32 shape)
#include <stdint.h>
__constant__ uint8_t c_sbox[256] = {
    0x63, 0x7c, 0x77, 0x7b, 0xf2, 0x6b, 0x6f, 0xc5, 0x30, 0x01, 0x67, 0x2b, 0xfe, 0xd7, 0xab, 0x76,
    0xca, 0x82, 0xc9, 0x7d, 0xfa, 0x59, 0x47, 0xf0, 0xad, 0xd4, 0xa2, 0xaf, 0x9c, 0xa4, 0x72, 0xc0,
    0xb7, 0xfd, 0x93, 0x26, 0x36, 0x3f, 0xf7, 0xcc, 0x34, 0xa5, 0xe5, 0xf1, 0x71, 0xd8, 0x31, 0x15,
    0x04, 0xc7, 0x23, 0xc3, 0x18, 0x96, 0x05, 0x9a, 0x07, 0x12, 0x80, 0xe2, 0xeb, 0x27, 0xb2, 0x75,
    0x09, 0x83, 0x2c, 0x1a, 0x1b, 0x6e, 0x5a, 0xa0, 0x52, 0x3b, 0xd6, 0xb3, 0x29, 0xe3, 0x2f, 0x84,
    0x53, 0xd1, 0x00, 0xed, 0x20, 0xfc, 0xb1, 0x5b, 0x6a, 0xcb, 0xbe, 0x39, 0x4a, 0x4c, 0x58, 0xcf,
    0xd0, 0xef, 0xaa, 0xfb, 0x43, 0x4d, 0x33, 0x85, 0x45, 0xf9, 0x02, 0x7f, 0x50, 0x3c, 0x9f, 0xa8,
    0x51, 0xa3, 0x40, 0x8f, 0x92, 0x9d, 0x38, 0xf5, 0xbc, 0xb6, 0xda, 0x21, 0x10, 0xff, 0xf3, 0xd2,
    0xcd, 0x0c, 0x13, 0xec, 0x5f, 0x97, 0x44, 0x17, 0xc4, 0xa7, 0x7e, 0x3d, 0x64, 0x5d, 0x19, 0x73,
    0x60, 0x81, 0x4f, 0xdc, 0x22, 0x2a, 0x90, 0x88, 0x46, 0xee, 0xb8, 0x14, 0xde, 0x5e, 0x0b, 0xdb,
    0xe0, 0x32, 0x3a, 0x0a, 0x49, 0x06, 0x24, 0x5c, 0xc2, 0xd3, 0xac, 0x62, 0x91, 0x95, 0xe4, 0x79,
    0xe7, 0xc8, 0x37, 0x6d, 0x8d, 0xd5, 0x4e, 0xa9, 0x6c, 0x56, 0xf4, 0xea, 0x65, 0x7a, 0xae, 0x08,
    0xba, 0x78, 0x25, 0x2e, 0x1c, 0xa6, 0xb4, 0xc6, 0xe8, 0xdd, 0x74, 0x1f, 0x4b, 0xbd, 0x8b, 0x8a,
    0x70, 0x3e, 0xb5, 0x66, 0x48, 0x03, 0xf6, 0x0e, 0x61, 0x35, 0x57, 0xb9, 0x86, 0xc1, 0x1d, 0x9e,
    0xe1, 0xf8, 0x98, 0x11, 0x69, 0xd9, 0x8e, 0x94, 0x9b, 0x1e, 0x87, 0xe9, 0xce, 0x55, 0x28, 0xdf,
    0x8c, 0xa1, 0x89, 0x0d, 0xbf, 0xe6, 0x42, 0x68, 0x41, 0x99, 0x2d, 0x0f, 0xb0, 0x54, 0xbb, 0x16
};
#define ROTL32(v, n) (((v) << (n)) | ((v) >> (32 - (n))))
#define QR(a, b, c, d) a += b; d ^= a; d = ROTL32(d, 16); c += d; b ^= c; b = ROTL32(b, 12);                        a += b; d ^= a; d = ROTL32(d, 8);  c += d; b ^= c; b = ROTL32(b, 7);
extern "C" __global__ void chacha20_xor(const uint32_t *key, const uint32_t *nonce, uint32_t c0,
                                        const uint32_t *in, uint32_t *out, int nblocks)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= nblocks) return;
    uint32_t x[16], s[16];
    s[0] = 0x61707865; s[1] = 0x3320646e; s[2] = 0x79622d32; s[3] = 0x6b206574;
#pragma unroll
    for (int i = 0; i < 8; i++) s[4 + i] = key[i];
    s[12] = c0 + t; s[13] = nonce[0]; s[14] = nonce[1]; s[15] = nonce[2];
#pragma unroll
    for (int i = 0; i < 16; i++) x[i] = s[i];
#pragma unroll
    for (int r = 0; r < 10; r++) {
        QR(x[0], x[4], x[8], x[12]) QR(x[1], x[5], x[9], x[13]) QR(x[2], x[6], x[10], x[14]) QR(x[3], x[7], x[11], x[15])
        QR(x[0], x[5], x[10], x[15]) QR(x[1], x[6], x[11], x[12]) QR(x[2], x[7], x[8], x[13]) QR(x[3], x[4], x[9], x[14])
    }
    const uint4 *src = (const uint4 *)(in + 16 * (size_t)t);
    uint4 *dst = (uint4 *)(out + 16 * (size_t)t);
#pragma unroll
    for (int i = 0; i < 4; i++) {
        uint4 v = src[i];
        v.x ^= x[4 * i] + s[4 * i]; v.y ^= x[4 * i + 1] + s[4 * i + 1];
        v.z ^= x[4 * i + 2] + s[4 * i + 2]; v.w ^= x[4 * i + 3] + s[4 * i + 3];
        dst[i] = v;
    }
}
#define R(a, b) (((a) << (b)) | ((a) >> (32 - (b))))
extern "C" __global__ void salsa20_8(uint32_t *B, int n)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n) return;
    uint32_t *b = B + 16 * t;
    uint32_t x[16], in[16];
    for (int i = 0; i < 16; i++) x[i] = in[i] = b[i];
    for (int i = 8; i > 0; i -= 2) {
        x[ 4] ^= R(x[ 0]+x[12], 7);  x[ 8] ^= R(x[ 4]+x[ 0], 9); x[12] ^= R(x[ 8]+x[ 4],13);  x[ 0] ^= R(x[12]+x[ 8],18);
        x[ 9] ^= R(x[ 5]+x[ 1], 7);  x[13] ^= R(x[ 9]+x[ 5], 9); x[ 1] ^= R(x[13]+x[ 9],13);  x[ 5] ^= R(x[ 1]+x[13],18);
        x[14] ^= R(x[10]+x[ 6], 7);  x[ 2] ^= R(x[14]+x[10], 9); x[ 6] ^= R(x[ 2]+x[14],13);  x[10] ^= R(x[ 6]+x[ 2],18);
        x[ 3] ^= R(x[15]+x[11], 7);  x[ 7] ^= R(x[ 3]+x[15], 9); x[11] ^= R(x[ 7]+x[ 3],13);  x[15] ^= R(x[11]+x[ 7],18);
        x[ 1] ^= R(x[ 0]+x[ 3], 7);  x[ 2] ^= R(x[ 1]+x[ 0], 9); x[ 3] ^= R(x[ 2]+x[ 1],13);  x[ 0] ^= R(x[ 3]+x[ 2],18);
        x[ 6] ^= R(x[ 5]+x[ 4], 7);  x[ 7] ^= R(x[ 6]+x[ 5], 9); x[ 4] ^= R(x[ 7]+x[ 6],13);  x[ 5] ^= R(x[ 4]+x[ 7],18);
        x[11] ^= R(x[10]+x[ 9], 7);  x[ 8] ^= R(x[11]+x[10], 9); x[ 9] ^= R(x[ 8]+x[11],13);  x[10] ^= R(x[ 9]+x[ 8],18);
        x[12] ^= R(x[15]+x[14], 7);  x[13] ^= R(x[12]+x[15], 9); x[14] ^= R(x[13]+x[12],13);  x[15] ^= R(x[14]+x[13],18);
    }
    for (int i = 0; i < 16; i++) b[i] = x[i] + in[i];
}
__device__ __forceinline__ uint32_t sub_word(uint32_t w)
{
    return c_sbox[w & 0xff] | (c_sbox[(w >> 8) & 0xff] << 8) | (c_sbox[(w >> 16) & 0xff] << 16) | ((uint32_t)c_sbox[w >> 24] << 24);
}
__device__ __forceinline__ uint8_t xtime(uint8_t b) { return (b << 1) ^ ((b & 0x80) ? 0x1b : 0); }
// words are little-endian loads of the byte stream: byte 0 of a column is the low byte
extern "C" __global__ void aes128_ctr(const uint8_t *key, const uint8_t *iv, const uint4 *in, uint4 *out, int nblocks)
{
    __shared__ uint32_t Te0[256];
    __shared__ uint8_t sbox[256];
    for (int i = threadIdx.x; i < 256; i += blockDim.x) {
        uint8_t s = c_sbox[i], s2 = xtime(s), s3 = s2 ^ s;
        Te0[i] = s2 | (s << 8) | (s << 16) | ((uint32_t)s3 << 24);   // column (2s, s, s, 3s)
        sbox[i] = s;
    }
    __syncthreads();
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= nblocks) return;
    uint32_t rk[44];
    for (int i = 0; i < 4; i++) rk[i] = key[4 * i] | (key[4 * i + 1] << 8) | (key[4 * i + 2] << 16) | ((uint32_t)key[4 * i + 3] << 24);
    uint8_t rcon = 1;
    for (int i = 4; i < 44; i++) {
        uint32_t tmp = rk[i - 1];
        if (i % 4 == 0) {
            tmp = sub_word(__funnelshift_r(tmp, tmp, 8)) ^ rcon;
            rcon = xtime(rcon);
        }
        rk[i] = rk[i - 4] ^ tmp;
    }
    // counter block: iv (16 bytes) + t as a big-endian 32-bit add to the last word
    uint32_t s0 = iv[0] | (iv[1] << 8) | (iv[2] << 16) | ((uint32_t)iv[3] << 24);
    uint32_t s1 = iv[4] | (iv[5] << 8) | (iv[6] << 16) | ((uint32_t)iv[7] << 24);
    uint32_t s2 = iv[8] | (iv[9] << 8) | (iv[10] << 16) | ((uint32_t)iv[11] << 24);
    uint32_t s3 = iv[12] | (iv[13] << 8) | (iv[14] << 16) | ((uint32_t)iv[15] << 24);
    s3 = __byte_perm(__byte_perm(s3, 0, 0x0123) + t, 0, 0x0123);
    s0 ^= rk[0]; s1 ^= rk[1]; s2 ^= rk[2]; s3 ^= rk[3];
    for (int r = 1; r < 10; r++) {
        uint32_t t0 = Te0[s0 & 0xff] ^ __funnelshift_l(Te0[(s1 >> 8) & 0xff], Te0[(s1 >> 8) & 0xff], 8)
                    ^ __funnelshift_l(Te0[(s2 >> 16) & 0xff], Te0[(s2 >> 16) & 0xff], 16) ^ ROTL32(Te0[s3 >> 24], 24) ^ rk[4 * r];
        uint32_t t1 = Te0[s1 & 0xff] ^ __funnelshift_l(Te0[(s2 >> 8) & 0xff], Te0[(s2 >> 8) & 0xff], 8)
                    ^ __funnelshift_l(Te0[(s3 >> 16) & 0xff], Te0[(s3 >> 16) & 0xff], 16) ^ ROTL32(Te0[s0 >> 24], 24) ^ rk[4 * r + 1];
        uint32_t t2 = Te0[s2 & 0xff] ^ __funnelshift_l(Te0[(s3 >> 8) & 0xff], Te0[(s3 >> 8) & 0xff], 8)
                    ^ __funnelshift_l(Te0[(s0 >> 16) & 0xff], Te0[(s0 >> 16) & 0xff], 16) ^ ROTL32(Te0[s1 >> 24], 24) ^ rk[4 * r + 2];
        uint32_t t3 = Te0[s3 & 0xff] ^ __funnelshift_l(Te0[(s0 >> 8) & 0xff], Te0[(s0 >> 8) & 0xff], 8)
                    ^ __funnelshift_l(Te0[(s1 >> 16) & 0xff], Te0[(s1 >> 16) & 0xff], 16) ^ ROTL32(Te0[s2 >> 24], 24) ^ rk[4 * r + 3];
        s0 = t0; s1 = t1; s2 = t2; s3 = t3;
    }
    uint32_t o0 = sbox[s0 & 0xff] | (sbox[(s1 >> 8) & 0xff] << 8) | (sbox[(s2 >> 16) & 0xff] << 16) | ((uint32_t)sbox[s3 >> 24] << 24);
    uint32_t o1 = sbox[s1 & 0xff] | (sbox[(s2 >> 8) & 0xff] << 8) | (sbox[(s3 >> 16) & 0xff] << 16) | ((uint32_t)sbox[s0 >> 24] << 24);
    uint32_t o2 = sbox[s2 & 0xff] | (sbox[(s3 >> 8) & 0xff] << 8) | (sbox[(s0 >> 16) & 0xff] << 16) | ((uint32_t)sbox[s1 >> 24] << 24);
    uint32_t o3 = sbox[s3 & 0xff] | (sbox[(s0 >> 8) & 0xff] << 8) | (sbox[(s1 >> 16) & 0xff] << 16) | ((uint32_t)sbox[s2 >> 24] << 24);
    uint4 v = in[t];
    v.x ^= o0 ^ rk[40]; v.y ^= o1 ^ rk[41]; v.z ^= o2 ^ rk[42]; v.w ^= o3 ^ rk[43];
    out[t] = v;
}
// Poly1305 (RFC 8439 2.5): one message per thread, 32-byte key per thread, 16-byte tag
__device__ __forceinline__ uint32_t le32(const uint8_t *p) { return p[0] | (p[1] << 8) | (p[2] << 16) | ((uint32_t)p[3] << 24); }
extern "C" __global__ void poly1305_mac(const uint8_t *keys, const uint8_t *msgs, const int *lens, int stride, uint8_t *tags, int n)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n) return;
    const uint8_t *key = keys + 32 * t, *m = msgs + (size_t)stride * t;
    int len = lens[t];
    uint32_t r0 = le32(key) & 0x3ffffff, r1 = (le32(key + 3) >> 2) & 0x3ffff03, r2 = (le32(key + 6) >> 4) & 0x3ffc0ff,
             r3 = (le32(key + 9) >> 6) & 0x3f03fff, r4 = (le32(key + 12) >> 8) & 0x00fffff;
    uint32_t s1 = r1 * 5, s2 = r2 * 5, s3 = r3 * 5, s4 = r4 * 5;
    uint32_t h0 = 0, h1 = 0, h2 = 0, h3 = 0, h4 = 0;
    while (len > 0) {
        uint8_t blk[17];
        int k = len < 16 ? len : 16;
        for (int i = 0; i < 17; i++) blk[i] = 0;
        for (int i = 0; i < k; i++) blk[i] = m[i];
        blk[k] = 1;
        uint32_t hibit = k == 16 ? (1u << 24) : 0;
        if (k < 16) hibit = 0;
        h0 += le32(blk) & 0x3ffffff; h1 += (le32(blk + 3) >> 2) & 0x3ffffff; h2 += (le32(blk + 6) >> 4) & 0x3ffffff;
        h3 += (le32(blk + 9) >> 6) & 0x3ffffff; h4 += (le32(blk + 12) >> 8) | hibit;
        if (k < 16) h4 += (uint32_t)blk[16] << 24;
        uint64_t d0 = (uint64_t)h0 * r0 + (uint64_t)h1 * s4 + (uint64_t)h2 * s3 + (uint64_t)h3 * s2 + (uint64_t)h4 * s1;
        uint64_t d1 = (uint64_t)h0 * r1 + (uint64_t)h1 * r0 + (uint64_t)h2 * s4 + (uint64_t)h3 * s3 + (uint64_t)h4 * s2;
        uint64_t d2 = (uint64_t)h0 * r2 + (uint64_t)h1 * r1 + (uint64_t)h2 * r0 + (uint64_t)h3 * s4 + (uint64_t)h4 * s3;
        uint64_t d3 = (uint64_t)h0 * r3 + (uint64_t)h1 * r2 + (uint64_t)h2 * r1 + (uint64_t)h3 * r0 + (uint64_t)h4 * s4;
        uint64_t d4 = (uint64_t)h0 * r4 + (uint64_t)h1 * r3 + (uint64_t)h2 * r2 + (uint64_t)h3 * r1 + (uint64_t)h4 * r0;
        uint32_t c;
        c = (uint32_t)(d0 >> 26); h0 = (uint32_t)d0 & 0x3ffffff; d1 += c;
        c = (uint32_t)(d1 >> 26); h1 = (uint32_t)d1 & 0x3ffffff; d2 += c;
        c = (uint32_t)(d2 >> 26); h2 = (uint32_t)d2 & 0x3ffffff; d3 += c;
        c = (uint32_t)(d3 >> 26); h3 = (uint32_t)d3 & 0x3ffffff; d4 += c;
        c = (uint32_t)(d4 >> 26); h4 = (uint32_t)d4 & 0x3ffffff; h0 += c * 5;
        c = h0 >> 26; h0 &= 0x3ffffff; h1 += c;
        m += k; len -= k;
    }
    uint32_t c = h1 >> 26; h1 &= 0x3ffffff; h2 += c; c = h2 >> 26; h2 &= 0x3ffffff; h3 += c;
    c = h3 >> 26; h3 &= 0x3ffffff; h4 += c; c = h4 >> 26; h4 &= 0x3ffffff; h0 += c * 5;
    c = h0 >> 26; h0 &= 0x3ffffff; h1 += c;
    uint32_t g0 = h0 + 5; c = g0 >> 26; g0 &= 0x3ffffff;
    uint32_t g1 = h1 + c; c = g1 >> 26; g1 &= 0x3ffffff;
    uint32_t g2 = h2 + c; c = g2 >> 26; g2 &= 0x3ffffff;
    uint32_t g3 = h3 + c; c = g3 >> 26; g3 &= 0x3ffffff;
    uint32_t g4 = h4 + c - (1u << 26);
    uint32_t mask = (g4 >> 31) - 1;
    g0 &= mask; g1 &= mask; g2 &= mask; g3 &= mask; g4 &= mask;
    mask = ~mask;
    h0 = (h0 & mask) | g0; h1 = (h1 & mask) | g1; h2 = (h2 & mask) | g2; h3 = (h3 & mask) | g3; h4 = (h4 & mask) | g4;
    h0 = (h0) | (h1 << 26); h1 = (h1 >> 6) | (h2 << 20); h2 = (h2 >> 12) | (h3 << 14); h3 = (h3 >> 18) | (h4 << 8);
    uint64_t f;
    f = (uint64_t)h0 + le32(key + 16); h0 = (uint32_t)f;
    f = (uint64_t)h1 + le32(key + 20) + (f >> 32); h1 = (uint32_t)f;
    f = (uint64_t)h2 + le32(key + 24) + (f >> 32); h2 = (uint32_t)f;
    f = (uint64_t)h3 + le32(key + 28) + (f >> 32); h3 = (uint32_t)f;
    uint32_t *tag = (uint32_t *)(tags + 16 * t);
    tag[0] = h0; tag[1] = h1; tag[2] = h2; tag[3] = h3;
}
