// Encoding and bit-packing kernels as data-processing code writes them (crypto15, session 15; written
// for gpuisa's corpus from RFC 4648 (base64), the LEB128 varint format, and the usual bitmap rank/select
// and Bloom-filter designs; no library source copied).
//   b64_encode    3 bytes -> 4 characters per thread, alphabet in a __constant__ string (bank 3), '=' padding
//   b64_decode    4 characters -> 3 bytes per thread, the reverse table built in shared memory, invalid -> flag
//   bitpack       k-bit fields (k = 1..32) packed little-endian into 32-bit words: one output word per thread,
//                 fields straddling words joined with a 64-bit funnel (__funnelshift_r)
//   bitunpack     the reverse, fields sign-extended when asked (BFE-like shifts)
//   varint_enc    LEB128 of 64-bit values: lengths by __clzll, bytes stored at exclusive-scan offsets
//                 (warp __shfl_up_sync scan + one atomicAdd per warp for the block's base)
//   rank_select   popcount rank over a bitmap (__popc, __popcll) and select of the k-th set bit in a word
//                 via __fns and a byte-by-byte binary search; also __ffs/__clz/__brevll checks
//   bloom         Bloom filter: insert with atomicOr of k bits (double hashing of murmur fmix), query after a
//                 grid-wide second kernel
#include <stdint.h>
__constant__ char b64chars[65] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
extern "C" __global__ void b64_encode(const uint8_t *in, int len, char *out)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    int i = 3 * t;
    if (i >= len) return;
    uint32_t a = in[i], b = i + 1 < len ? in[i + 1] : 0, c = i + 2 < len ? in[i + 2] : 0;
    uint32_t v = (a << 16) | (b << 8) | c;
    char *o = out + 4 * t;
    o[0] = b64chars[(v >> 18) & 63];
    o[1] = b64chars[(v >> 12) & 63];
    o[2] = i + 1 < len ? b64chars[(v >> 6) & 63] : '=';
    o[3] = i + 2 < len ? b64chars[v & 63] : '=';
}
extern "C" __global__ void b64_decode(const char *in, int nquads, uint8_t *out, int *bad)
{
    __shared__ int8_t rev[256];
    for (int i = threadIdx.x; i < 256; i += blockDim.x) rev[i] = -1;
    __syncthreads();
    if (threadIdx.x < 64) rev[(uint8_t)b64chars[threadIdx.x]] = threadIdx.x;
    __syncthreads();
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= nquads) return;
    uchar4 q = ((const uchar4 *)in)[t];
    int pad = (q.w == '=') + (q.z == '=');
    int v0 = rev[q.x], v1 = rev[q.y], v2 = q.z == '=' ? 0 : rev[q.z], v3 = q.w == '=' ? 0 : rev[q.w];
    if ((v0 | v1 | v2 | v3) < 0) { atomicMin(bad, t); return; }
    uint32_t v = (v0 << 18) | (v1 << 12) | (v2 << 6) | v3;
    out[3 * t] = v >> 16;
    if (pad < 2) out[3 * t + 1] = (v >> 8) & 0xff;
    if (pad < 1) out[3 * t + 2] = v & 0xff;
}
extern "C" __global__ void bitpack(const uint32_t *vals, int n, int k, uint32_t *packed, int nwords)
{
    int w = blockIdx.x * blockDim.x + threadIdx.x;
    if (w >= nwords) return;
    uint64_t lo = (uint64_t)w * 32, hi = lo + 32;
    uint32_t mask = k == 32 ? 0xffffffffu : (1u << k) - 1;
    uint32_t word = 0;
    for (uint64_t f = lo / k; f * k < hi && f < (uint64_t)n; f++) {
        int64_t sh = (int64_t)(f * k) - (int64_t)lo;    // field start relative to the word, may be negative
        uint32_t v = vals[f] & mask;
        if (sh >= 0) word |= v << sh;
        else word |= __funnelshift_r(v, 0, (uint32_t)(-sh));
    }
    packed[w] = word;
}
extern "C" __global__ void bitunpack(const uint32_t *packed, int n, int k, int sign, int *vals)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    uint64_t bit = (uint64_t)i * k;
    uint32_t w = bit >> 5, off = bit & 31;
    uint64_t two = packed[w] | ((uint64_t)(off + k > 32 ? packed[w + 1] : 0) << 32);
    uint32_t v = (uint32_t)(two >> off);
    if (k < 32) {
        v &= (1u << k) - 1;
        if (sign) v = (uint32_t)(((int32_t)(v << (32 - k))) >> (32 - k));
    }
    vals[i] = (int)v;
}
extern "C" __global__ void varint_enc(const unsigned long long *vals, int n, uint8_t *out, int *offsets, int *total)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int lane = threadIdx.x & 31;
    unsigned long long v = i < n ? vals[i] : 0;
    int bits = 64 - __clzll(v | 1);
    int len = i < n ? (bits + 6) / 7 : 0;
    int incl = len;
#pragma unroll
    for (int d = 1; d < 32; d <<= 1) {
        int y = __shfl_up_sync(0xffffffffu, incl, d);
        if (lane >= d) incl += y;
    }
    int base = 0;
    if (lane == 31) base = atomicAdd(total, incl);
    base = __shfl_sync(0xffffffffu, base, 31);
    int off = base + incl - len;
    if (i < n) {
        offsets[i] = off;
        for (int j = 0; j < len; j++) {
            out[off + j] = (uint8_t)((v & 0x7f) | (j + 1 < len ? 0x80 : 0));
            v >>= 7;
        }
    }
}
__device__ int select_in_word(uint32_t w, int k)      // position of the k-th (0-based) set bit, -1 if none
{
    if (k >= __popc(w)) return -1;
    int pos = 0;
    for (int step = 16; step >= 1; step >>= 1) {
        uint32_t low = w & ((1u << step) - 1);
        int c = __popc(low);
        if (k >= c) { k -= c; w >>= step; pos += step; }
        else w = low;
    }
    return (w & 1) ? pos : -1;
}
extern "C" __global__ void rank_select(const uint32_t *bitmap, int nwords, const int *queries, int nq, int *out)
{
    int q = blockIdx.x * blockDim.x + threadIdx.x;
    if (q >= nq) return;
    int pos = queries[q];                       // rank: set bits before pos
    int w = pos >> 5, r = 0;
    const unsigned long long *b64 = (const unsigned long long *)bitmap;
    int i = 0;
    for (; 2 * i + 1 < w; i++) r += __popcll(b64[i]);
    for (int j = 2 * i; j < w; j++) r += __popc(bitmap[j]);
    r += __popc(bitmap[w] & ((1u << (pos & 31)) - 1));
    out[6 * q] = r;
    uint32_t word = bitmap[q % nwords];
    int k = pos % 37;
    out[6 * q + 1] = (int)__fns(word, 0, k + 1);          // the (k+1)-th set bit from bit 0, 0xffffffff if none
    out[6 * q + 2] = select_in_word(word, k);
    out[6 * q + 3] = __ffs(word) | (__clz(word) << 8) | (__popc(word) << 16);
    out[6 * q + 4] = (int)__fns(word, 31, -(k + 1));      // backwards from bit 31
    unsigned long long x = ((unsigned long long)word << 32) | bitmap[(q + 1) % nwords];
    out[6 * q + 5] = (int)(__brevll(x) >> 17) ^ __ffsll(x) ^ (__clzll(x) << 24);
}
__device__ __forceinline__ unsigned long long mix64(unsigned long long k)
{
    k ^= k >> 33; k *= 0xff51afd7ed558ccdULL; k ^= k >> 33; k *= 0xc4ceb9fe1a85ec53ULL; k ^= k >> 33; return k;
}
extern "C" __global__ void bloom_insert(const unsigned long long *keys, int n, uint32_t *bits, uint32_t mbits, int nhash)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
        unsigned long long h = mix64(keys[i]);
        uint32_t h1 = (uint32_t)h, h2 = (uint32_t)(h >> 32) | 1;
        for (int j = 0; j < nhash; j++) {
            uint32_t b = (h1 + j * h2) % mbits;
            atomicOr(&bits[b >> 5], 1u << (b & 31));
        }
    }
}
extern "C" __global__ void bloom_query(const unsigned long long *keys, int n, const uint32_t *bits, uint32_t mbits, int nhash,
                                       uint8_t *hit, int *nhits)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    bool in = false;
    if (i < n) {
        unsigned long long h = mix64(keys[i]);
        uint32_t h1 = (uint32_t)h, h2 = (uint32_t)(h >> 32) | 1;
        in = true;
        for (int j = 0; j < nhash && in; j++) {
            uint32_t b = (h1 + j * h2) % mbits;
            in = (bits[b >> 5] >> (b & 31)) & 1;
        }
        hit[i] = in;
    }
    unsigned m = __ballot_sync(0xffffffffu, in);
    if ((threadIdx.x & 31) == 0 && m) atomicAdd(nhits, __popc(m));
}
