// int10: integer-heavy kernels as a stranger writes them: SHA-256 of one 55-byte message per thread
// (rotates, LOP3 choose/majority, byte swaps), CRC-32 bitwise and with a shared-memory table, a
// ChaCha20 block, MurmurHash3 x86_32 and a PCG32 stream.
#include <cstdint>

__device__ __forceinline__ uint32_t rotr(uint32_t x, int n) { return (x >> n) | (x << (32 - n)); }
__device__ __forceinline__ uint32_t rotl(uint32_t x, int n) { return (x << n) | (x >> (32 - n)); }

__constant__ uint32_t K256[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2};

// msg: 55 bytes per thread (one padded block); digest: 8 words, big-endian word order as SHA-256 defines
extern "C" __global__ void int10_sha256(const uint8_t *__restrict__ msg, uint32_t *__restrict__ digest)
{
    const int t = blockIdx.x * blockDim.x + threadIdx.x;
    const uint8_t *m = msg + 55 * t;
    uint32_t w[64];
    for (int i = 0; i < 16; ++i) {
        uint32_t v = 0;
        for (int j = 0; j < 4; ++j) {
            const int k = 4 * i + j;
            const uint32_t b = k < 55 ? m[k] : (k == 55 ? 0x80u : 0u);
            v = (v << 8) | b;
        }
        w[i] = v;
    }
    w[15] = 55 * 8;
    for (int i = 16; i < 64; ++i) {
        const uint32_t s0 = rotr(w[i - 15], 7) ^ rotr(w[i - 15], 18) ^ (w[i - 15] >> 3);
        const uint32_t s1 = rotr(w[i - 2], 17) ^ rotr(w[i - 2], 19) ^ (w[i - 2] >> 10);
        w[i] = w[i - 16] + s0 + w[i - 7] + s1;
    }
    uint32_t h[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
    uint32_t a = h[0], b = h[1], c = h[2], d = h[3], e = h[4], f = h[5], g = h[6], hh = h[7];
    for (int i = 0; i < 64; ++i) {
        const uint32_t t1 = hh + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + K256[i] + w[i];
        const uint32_t t2 = (rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c));
        hh = g; g = f; f = e; e = d + t1; d = c; c = b; b = a; a = t1 + t2;
    }
    const uint32_t r[8] = {h[0] + a, h[1] + b, h[2] + c, h[3] + d, h[4] + e, h[5] + f, h[6] + g, h[7] + hh};
    for (int i = 0; i < 8; ++i)
        digest[8 * t + i] = r[i];
}

// crc[2t] bitwise, crc[2t+1] with a 256-entry table built in shared memory by the block; 61 bytes per thread
extern "C" __global__ void int10_crc32(const uint8_t *__restrict__ data, uint32_t *__restrict__ crc)
{
    __shared__ uint32_t table[256];
    for (int i = threadIdx.x; i < 256; i += blockDim.x) {
        uint32_t c = i;
        for (int k = 0; k < 8; ++k)
            c = (c & 1) ? 0xedb88320u ^ (c >> 1) : c >> 1;
        table[i] = c;
    }
    __syncthreads();
    const int t = blockIdx.x * blockDim.x + threadIdx.x;
    const uint8_t *p = data + 61 * t;
    uint32_t c1 = 0xffffffffu, c2 = 0xffffffffu;
    for (int i = 0; i < 61; ++i) {
        c1 ^= p[i];
        for (int k = 0; k < 8; ++k)
            c1 = (c1 >> 1) ^ (0xedb88320u & (0u - (c1 & 1)));
        c2 = table[(c2 ^ p[i]) & 0xff] ^ (c2 >> 8);
    }
    crc[2 * t] = ~c1;
    crc[2 * t + 1] = ~c2;
}

#define QR(a, b, c, d) a += b; d ^= a; d = rotl(d, 16); c += d; b ^= c; b = rotl(b, 12); \
                       a += b; d ^= a; d = rotl(d, 8); c += d; b ^= c; b = rotl(b, 7);

// ChaCha20 block (RFC 8439) for key/nonce words per thread and counter = thread index; then MurmurHash3
// x86_32 of the 16 output words (64 bytes) with seed = counter, and 4 steps of PCG32 seeded by it
extern "C" __global__ void int10_chacha(const uint32_t *__restrict__ key, uint32_t *__restrict__ out)
{
    const int t = blockIdx.x * blockDim.x + threadIdx.x;
    uint32_t s[16] = {0x61707865, 0x3320646e, 0x79622d32, 0x6b206574};
    for (int i = 0; i < 8; ++i)
        s[4 + i] = key[11 * t + i];
    s[12] = t;
    s[13] = key[11 * t + 8];
    s[14] = key[11 * t + 9];
    s[15] = key[11 * t + 10];
    uint32_t x[16];
    for (int i = 0; i < 16; ++i)
        x[i] = s[i];
    for (int r = 0; r < 10; ++r) {
        QR(x[0], x[4], x[8], x[12]) QR(x[1], x[5], x[9], x[13]) QR(x[2], x[6], x[10], x[14]) QR(x[3], x[7], x[11], x[15])
        QR(x[0], x[5], x[10], x[15]) QR(x[1], x[6], x[11], x[12]) QR(x[2], x[7], x[8], x[13]) QR(x[3], x[4], x[9], x[14])
    }
    uint32_t *o = out + 22 * t;
    uint32_t h = t;
    for (int i = 0; i < 16; ++i) {
        o[i] = x[i] + s[i];
        uint32_t k = o[i] * 0xcc9e2d51u;
        k = rotl(k, 15) * 0x1b873593u;
        h ^= k;
        h = rotl(h, 13) * 5 + 0xe6546b64u;
    }
    h ^= 64;
    h ^= h >> 16; h *= 0x85ebca6bu; h ^= h >> 13; h *= 0xc2b2ae35u; h ^= h >> 16;
    o[16] = h;
    unsigned long long st = ((unsigned long long)h << 32 | o[0]) + 0x853c49e6748fea9bull;
    for (int i = 0; i < 4; ++i) {
        const unsigned long long old = st;
        st = old * 6364136223846793005ull + (0xda3e39cb94b95bdbull | 1);
        const uint32_t xs = (uint32_t)(((old >> 18) ^ old) >> 27), rot = (uint32_t)(old >> 59);
        o[17 + i] = (xs >> rot) | (xs << ((32 - rot) & 31));
    }
    o[21] = __popc(h) + __clz(o[0]) * 100 + __ffs(o[1]) * 10000;
}
