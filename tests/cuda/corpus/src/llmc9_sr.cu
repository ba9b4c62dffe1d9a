// nvcc-flags: -use_fast_math
// llm.c-style optimizer and embedding-gradient kernels (direction llmc9): stochastic rounding of
// float values to bf16 with an integer hash of (thread, block, seed) (SquirrelNoise5), a bucketed
// token-embedding gradient whose helper warps leave before the block barrier the first warp waits
// at, and an AdamW step with fma-based lerps over slices (blockIdx.y) and float master weights.
#include <cuda_bf16.h>
typedef __nv_bfloat16 bf16;

__device__ __forceinline__ unsigned mix5(unsigned x, unsigned seed)
{
    x *= 0xd2a80a3fu; x += seed; x ^= x >> 9;
    x += 0xa884f197u; x ^= x >> 11;
    x *= 0x6c736f4bu; x ^= x >> 13;
    x += 0xb79f3abbu; x ^= x >> 15;
    x *= 0x1b56c4f5u; x ^= x >> 17;
    return x;
}
__device__ __forceinline__ bf16 round_stochastic(float f, unsigned seed)
{
    unsigned noise = mix5((unsigned)threadIdx.x + 198491317u * (blockIdx.x * blockDim.x + blockIdx.y), seed) & 0xffffu;
    unsigned u = __float_as_uint(f);
    u = (u & 0xffffu) > noise ? (u | 0xffffu) : (u & ~0xffffu);
    return __float2bfloat16_rn(__uint_as_float(u));
}

// master (float) -> params (bf16), one rounding per element, slices along blockIdx.y
__global__ void sr_from_master(bf16 *p, const float *master, unsigned n, unsigned seed)
{
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    p[blockIdx.y * n + i] = round_stochastic(master[blockIdx.y * n + i], seed);
}

// bucket = (start, count, row, column group of 256): warp 0 adds what warps 1..7 left in shared memory
struct Bucket { int start, count, row, cgroup; };
__global__ void bucket_grad(bf16 *table, const Bucket *buckets, const int *items, const bf16 *grad, unsigned seed, int cols)
{
    __shared__ float part[8][8 * 32];
    Bucket bk = buckets[blockIdx.x];
    int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
    int c = bk.cgroup * 256 + lane * 8;
    if (c >= cols || warp >= bk.count) return;
    float acc[8] = {};
    for (int it = warp; it < bk.count; it += 8) {
        int4 bits = __ldcs(reinterpret_cast<const int4 *>(grad + (size_t)items[bk.start + it] * cols + c));
        const bf16 *g = reinterpret_cast<const bf16 *>(&bits);
#pragma unroll
        for (int k = 0; k < 8; ++k) acc[k] += __bfloat162float(g[k]);
    }
    if (warp != 0) {
#pragma unroll
        for (int k = 0; k < 8; ++k) part[k][threadIdx.x] = acc[k];
        return;                              // warp 0 alone reaches the barrier
    }
    bf16 *dst = table + (size_t)bk.row * cols + c;
    int4 old = *reinterpret_cast<int4 *>(dst);
    __syncthreads();
    for (int t = lane + 32; t < min(256, bk.count * 32); t += 32)
#pragma unroll
        for (int k = 0; k < 8; ++k) acc[k] += part[k][t];
    bf16 *o = reinterpret_cast<bf16 *>(&old);
#pragma unroll
    for (int k = 0; k < 8; ++k) o[k] = round_stochastic(acc[k] + __bfloat162float(o[k]), seed + blockIdx.x * 32 + lane + k);
    *reinterpret_cast<int4 *>(dst) = old;
}

__device__ __forceinline__ float mix(float a, float b, float t) { return fmaf(t, b, fmaf(-t, a, a)); }
__global__ void adamw_sr(bf16 *p, float *master, const bf16 *g, float *m, float *v, unsigned n, float lr, float b1, float b2,
                         float c1, float c2, float eps, float wd, float gscale, unsigned seed)
{
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    size_t k = (size_t)blockIdx.y * n + i;
    float gr = gscale * __bfloat162float(g[k]);
    float mm = mix(gr, m[k], b1), vv = mix(gr * gr, v[k], b2);
    m[k] = mm;
    v[k] = vv;
    float w = master[k];
    w -= lr * ((mm / c1) / (sqrtf(vv / c2) + eps) + wd * w);
    p[k] = round_stochastic(w, seed);
    master[k] = w;
}
