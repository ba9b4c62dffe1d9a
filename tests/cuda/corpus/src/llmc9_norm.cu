// nvcc-flags: -use_fast_math
// llm.c-style normalisation kernels (direction llmc9): a cg::reduce layernorm with one warp per row
// over bf16 rows (float statistics, streaming loads and stores), and a fused residual + layernorm
// that moves eight bf16 values per 16-byte access and keeps the row, the weights and the biases in
// dynamic shared memory (blockDim = (32, rows per block)).
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cuda_bf16.h>
namespace cg = cooperative_groups;

typedef __nv_bfloat16 bf16;

struct alignas(16) Vec8 {            // eight bf16 in one 128-bit access
    bf16 v[8];
};
__device__ __forceinline__ Vec8 ld8(const bf16 *p) { return *reinterpret_cast<const Vec8 *>(p); }
__device__ __forceinline__ Vec8 ld8_stream(const bf16 *p)
{
    int4 bits = __ldcs(reinterpret_cast<const int4 *>(p));
    return *reinterpret_cast<Vec8 *>(&bits);
}
__device__ __forceinline__ void st8_stream(bf16 *p, Vec8 x) { __stcs(reinterpret_cast<int4 *>(p), *reinterpret_cast<int4 *>(&x)); }

// y = (x - mean) * rstd * w + b, one warp per row; mean and rstd written as float by lane 0
__global__ void ln_warp_rows(bf16 *__restrict__ y, float *__restrict__ mean, float *__restrict__ rstd,
                             const bf16 *__restrict__ x, const bf16 *__restrict__ w, const bf16 *__restrict__ b,
                             int rows, int cols)
{
    cg::thread_block blk = cg::this_thread_block();
    cg::thread_block_tile<32> tile = cg::tiled_partition<32>(blk);
    int row = blockIdx.x * tile.meta_group_size() + tile.meta_group_rank();
    if (row >= rows) return;
    const bf16 *xr = x + (size_t)row * cols;
    float s = 0.f;
    for (int c = tile.thread_rank(); c < cols; c += 32) s += __bfloat162float(xr[c]);
    float mu = cg::reduce(tile, s, cg::plus<float>()) / cols;
    float q = 0.f;
    for (int c = tile.thread_rank(); c < cols; c += 32) {
        float d = __bfloat162float(xr[c]) - mu;
        q += d * d;
    }
    float r = rsqrtf(cg::reduce(tile, q, cg::plus<float>()) / cols + 1e-5f);
    if (tile.thread_rank() == 0) {
        __stcs(mean + row, mu);
        __stcs(rstd + row, r);
    }
    bf16 *yr = y + (size_t)row * cols;
    for (int c = tile.thread_rank(); c < cols; c += 32) {
        float n = (__bfloat162float(__ldcs(xr + c)) - mu) * r;
        __stcs(yr + c, __float2bfloat16(n * __bfloat162float(w[c]) + __bfloat162float(b[c])));
    }
}

// res = a + b (rounded to bf16); y = layernorm(res); shared: [w | b | one row per warp] as Vec8
__global__ void residual_ln_vec8(bf16 *res, bf16 *y, float *mean, float *rstd, const bf16 *a, const bf16 *bb,
                                 const bf16 *w, const bf16 *b, int rows, int cols)
{
    extern __shared__ Vec8 smem[];
    int nv = cols / 8;
    Vec8 *sw = smem, *sb = smem + nv, *srow = smem + (2 + threadIdx.y) * nv;
    for (int i = threadIdx.x + 32 * threadIdx.y; i < nv; i += 32 * blockDim.y) {
        sw[i] = ld8(w + 8 * i);
        sb[i] = ld8(b + 8 * i);
    }
    __syncthreads();
    int row = blockIdx.x * blockDim.y + threadIdx.y;
    if (row >= rows) return;
    size_t base = (size_t)row * cols;
    float s = 0.f;
    for (int i = threadIdx.x; i < nv; i += 32) {
        Vec8 p = ld8_stream(a + base + 8 * i), q = ld8_stream(bb + base + 8 * i), o;
#pragma unroll
        for (int k = 0; k < 8; ++k) {
            o.v[k] = __float2bfloat16(__bfloat162float(p.v[k]) + __bfloat162float(q.v[k]));
            s += __bfloat162float(o.v[k]);
        }
        st8_stream(res + base + 8 * i, o);
        srow[i] = o;
    }
    for (int off = 16; off; off >>= 1) s += __shfl_xor_sync(0xffffffffu, s, off);
    float mu = s / cols, v = 0.f;
    for (int i = threadIdx.x; i < nv; i += 32) {
#pragma unroll
        for (int k = 0; k < 8; ++k) {
            float d = __bfloat162float(srow[i].v[k]) - mu;
            v += d * d;
        }
    }
    for (int off = 16; off; off >>= 1) v += __shfl_xor_sync(0xffffffffu, v, off);
    float r = rsqrtf(v / cols + 1e-5f);
    for (int i = threadIdx.x; i < nv; i += 32) {
        Vec8 o;
#pragma unroll
        for (int k = 0; k < 8; ++k)
            o.v[k] = __float2bfloat16((__bfloat162float(srow[i].v[k]) - mu) * r * __bfloat162float(sw[i].v[k]) +
                                      __bfloat162float(sb[i].v[k]));
        st8_stream(y + base + 8 * i, o);
    }
    if (threadIdx.x == 0) {
        mean[row] = mu;
        rstd[row] = r;
    }
}
