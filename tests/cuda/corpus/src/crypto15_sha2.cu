// SHA-2 as GPU miners and password crackers write it (crypto15, session 15; written for gpuisa's corpus
// from FIPS 180-4 in the style of cpuminer/ccminer's sha256d scanhash kernels and hashcat-like sha512;
// no library source copied).
//   sha256d_scan  Bitcoin-style double SHA-256 of an 80-byte header with nonce = base + thread index:
//                 the midstate of the first 64 bytes made once per block in shared memory, words
//                 byte-swapped with __byte_perm, rotations as __funnelshift_r, fully unrolled rounds with
//                 a __constant__ K (bank 3); every digest stored, and the nonces whose digest's first
//                 word is below the target appended to a list through atomicAdd
#include <stdint.h>
__constant__ uint32_t K256[64] = {
    0x428a2f98,0x71374491,0xb5c0fbcf,0xe9b5dba5,0x3956c25b,0x59f111f1,0x923f82a4,0xab1c5ed5,
    0xd807aa98,0x12835b01,0x243185be,0x550c7dc3,0x72be5d74,0x80deb1fe,0x9bdc06a7,0xc19bf174,
    0xe49b69c1,0xefbe4786,0x0fc19dc6,0x240ca1cc,0x2de92c6f,0x4a7484aa,0x5cb0a9dc,0x76f988da,
    0x983e5152,0xa831c66d,0xb00327c8,0xbf597fc7,0xc6e00bf3,0xd5a79147,0x06ca6351,0x14292967,
    0x27b70a85,0x2e1b2138,0x4d2c6dfc,0x53380d13,0x650a7354,0x766a0abb,0x81c2c92e,0x92722c85,
    0xa2bfe8a1,0xa81a664b,0xc24b8b70,0xc76c51a3,0xd192e819,0xd6990624,0xf40e3585,0x106aa070,
    0x19a4c116,0x1e376c08,0x2748774c,0x34b0bcb5,0x391c0cb3,0x4ed8aa4a,0x5b9cca4f,0x682e6ff3,
    0x748f82ee,0x78a5636f,0x84c87814,0x8cc70208,0x90befffa,0xa4506ceb,0xbef9a3f7,0xc67178f2};
__constant__ uint32_t H256[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
#define ROTR(x, n) __funnelshift_r((x), (x), (n))
#define S0(x) (ROTR(x, 2) ^ ROTR(x, 13) ^ ROTR(x, 22))
#define S1(x) (ROTR(x, 6) ^ ROTR(x, 11) ^ ROTR(x, 25))
#define s0(x) (ROTR(x, 7) ^ ROTR(x, 18) ^ ((x) >> 3))
#define s1(x) (ROTR(x, 17) ^ ROTR(x, 19) ^ ((x) >> 10))
#define Ch(x, y, z) ((z) ^ ((x) & ((y) ^ (z))))
#define Maj(x, y, z) (((x) & (y)) | ((z) & ((x) | (y))))
__device__ __forceinline__ void sha256_block(uint32_t *st, uint32_t *W)
{
    uint32_t a = st[0], b = st[1], c = st[2], d = st[3], e = st[4], f = st[5], g = st[6], h = st[7];
#pragma unroll
    for (int i = 0; i < 64; i++) {
        if (i >= 16) W[i & 15] += s1(W[(i - 2) & 15]) + W[(i - 7) & 15] + s0(W[(i - 15) & 15]);
        uint32_t t1 = h + S1(e) + Ch(e, f, g) + K256[i] + W[i & 15];
        uint32_t t2 = S0(a) + Maj(a, b, c);
        h = g; g = f; f = e; e = d + t1; d = c; c = b; b = a; a = t1 + t2;
    }
    st[0] += a; st[1] += b; st[2] += c; st[3] += d; st[4] += e; st[5] += f; st[6] += g; st[7] += h;
}
extern "C" __global__ void sha256d_scan(const uint32_t *header, uint32_t nonce_base, uint32_t target,
                                        uint32_t *digests, uint32_t *found, uint32_t *nfound)
{
    __shared__ uint32_t mid[8];
    if (threadIdx.x == 0) {
        uint32_t W[16], st[8];
        for (int i = 0; i < 16; i++) W[i] = __byte_perm(header[i], 0, 0x0123);
        for (int i = 0; i < 8; i++) st[i] = H256[i];
        sha256_block(st, W);
        for (int i = 0; i < 8; i++) mid[i] = st[i];
    }
    __syncthreads();
    uint32_t nonce = nonce_base + blockIdx.x * blockDim.x + threadIdx.x;
    uint32_t W[16], st[8];
    W[0] = __byte_perm(header[16], 0, 0x0123); W[1] = __byte_perm(header[17], 0, 0x0123);
    W[2] = __byte_perm(header[18], 0, 0x0123); W[3] = __byte_perm(nonce, 0, 0x0123);   // nonce stored little-endian
    W[4] = 0x80000000;
#pragma unroll
    for (int i = 5; i < 15; i++) W[i] = 0;
    W[15] = 640;
#pragma unroll
    for (int i = 0; i < 8; i++) st[i] = mid[i];
    sha256_block(st, W);
#pragma unroll
    for (int i = 0; i < 8; i++) W[i] = st[i];
    W[8] = 0x80000000;
#pragma unroll
    for (int i = 9; i < 15; i++) W[i] = 0;
    W[15] = 256;
#pragma unroll
    for (int i = 0; i < 8; i++) st[i] = H256[i];
    sha256_block(st, W);
    uint32_t idx = blockIdx.x * blockDim.x + threadIdx.x;
#pragma unroll
    for (int i = 0; i < 8; i++) digests[8 * idx + i] = __byte_perm(st[i], 0, 0x0123);   // digest bytes in order
    if (st[0] < target) {
        uint32_t slot = atomicAdd(nfound, 1);
        found[slot] = nonce;
    }
}
