// nvcc-flags: -use_fast_math
// llm.c-style fused softmax kernels (direction llmc9): a fused classifier (online max/sum per
// thread over 16-byte bf16 chunks read from the row's end, two block reductions through one shared
// array, loss and in-place bf16 dlogits, blocks in reverse order, a scalar tail for V % 8), and a
// causal softmax with one warp per row in reverse block order (online max and sum, shuffle
// butterflies) for bf16 scores.
#include <cuda_bf16.h>
typedef __nv_bfloat16 bf16;

__device__ __forceinline__ float wsum(float v)
{
    for (int o = 16; o; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
    return v;
}
__device__ __forceinline__ float wmax(float v)
{
    for (int o = 16; o; o >>= 1) v = fmaxf(v, __shfl_xor_sync(0xffffffffu, v, o));
    return v;
}
template <bool IsMax>
__device__ float block_all(float v, float pad)
{
    __shared__ float red[32];
    int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
    v = IsMax ? wmax(v) : wsum(v);
    if (lane == 0) red[warp] = v;
    __syncthreads();
    v = lane < blockDim.x / 32 ? red[lane] : pad;
    v = IsMax ? wmax(v) : wsum(v);
    __syncthreads();
    return v;
}

// logits (rows x P, V valid) are overwritten with (softmax - onehot) * dloss; losses[row] -= log p[target]
__global__ void classifier_fused(bf16 *logits, float *losses, const int *targets, float dloss, int V, int P)
{
    int row = gridDim.x - 1 - blockIdx.x;
    const bf16 *x = logits + (size_t)row * P;
    float mx = -INFINITY, sm = 0.f;
    for (int i = V / 8 - 1 - (int)threadIdx.x; i >= 0; i -= blockDim.x) {
        int4 bits = *reinterpret_cast<const int4 *>(x + 8 * i);
        const bf16 *h = reinterpret_cast<const bf16 *>(&bits);
        for (int k = 0; k < 8; ++k) {
            float f = __bfloat162float(h[k]), nm = fmaxf(mx, f);
            sm = sm * __expf(mx - nm) + __expf(f - nm);
            mx = nm;
        }
    }
    for (int i = (V & ~7) + threadIdx.x; i < V; i += blockDim.x) {
        float f = __bfloat162float(x[i]), nm = fmaxf(mx, f);
        sm = sm * __expf(mx - nm) + __expf(f - nm);
        mx = nm;
    }
    float bmax = block_all<true>(mx, -INFINITY);
    float bsum = block_all<false>(sm * __expf(mx - bmax), 0.f);
    float inv = 1.f / bsum;
    int t = targets[row];
    if (threadIdx.x == 0) losses[row] -= __logf(__expf(__bfloat162float(x[t]) - bmax) * inv);
    __syncthreads();
    bf16 *y = logits + (size_t)row * P;
    for (int i = threadIdx.x; i < V; i += blockDim.x) {
        float p = __expf(__bfloat162float(x[i]) - bmax) * inv;
        y[i] = __float2bfloat16((p - (i == t ? 1.f : 0.f)) * dloss);
    }
}

// att[row, j] = softmax_j<=pos(scale * pre[row, j]) for rows of T (pos = row % T), other entries untouched
__global__ void causal_softmax(bf16 *att, const bf16 *pre, float scale, int nrows, int T)
{
    int lane = threadIdx.x % 32;
    int row = (gridDim.x - 1 - blockIdx.x) * (blockDim.x / 32) + threadIdx.x / 32;
    if (row >= nrows) return;
    int pos = row % T;
    const bf16 *x = pre + (size_t)row * T;
    float mx = -3.0e38f, sm = 0.f;
    for (int j = lane; j <= pos; j += 32) {
        float f = scale * __bfloat162float(x[j]), nm = fmaxf(mx, f);
        sm = sm * __expf(mx - nm) + __expf(f - nm);
        mx = nm;
    }
    float gm = wmax(mx);
    float gs = wsum(sm * __expf(mx - gm));
    for (int j = lane; j <= pos; j += 32)
        __stcs(att + (size_t)row * T + j, __float2bfloat16(__expf(scale * __bfloat162float(__ldcs(x + j)) - gm) / gs));
}
