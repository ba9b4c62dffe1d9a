// Flash-attention for one query vector per block, in the way llama.cpp's fattn-vec kernels work
// (own re-write): Q scaled and held as half2 in registers, K rows dotted with __hmul2/__hfma2 and a
// float warp sum, online softmax (running max and sum, rescaling the accumulator) per warp, V
// accumulated in half2 or float2 (template), the warps' partial results merged through shared
// memory; __launch_bounds__(128, 1), K/V read through __restrict__ pointers.
#include <cuda_fp16.h>
#include <float.h>

#define D 64
#define NW 4

static __device__ __forceinline__ float warp_sum(float v) {
#pragma unroll
    for (int m = 16; m > 0; m >>= 1) v += __shfl_xor_sync(0xffffffffu, v, m, 32);
    return v;
}

template <bool half_acc>
__global__ void __launch_bounds__(NW * 32, 1)
fattn_vec(const float *__restrict__ Q, const half *__restrict__ K, const half *__restrict__ V, float *__restrict__ dst,
          const int n_kv, const float scale) {
    const int head = blockIdx.x;
    const int lane = threadIdx.x, w = threadIdx.y;
    const half2 *K2 = (const half2 *)(K + (size_t)head * n_kv * D);
    const half2 *V2 = (const half2 *)(V + (size_t)head * n_kv * D);
    const float2 qf = ((const float2 *)(Q + (size_t)head * D))[lane];
    const half2 q = __floats2half2_rn(qf.x * scale, qf.y * scale);

    float m = -FLT_MAX / 2, s = 0.0f;
    half2 acc_h = __float2half2_rn(0.0f);
    float2 acc_f = make_float2(0.0f, 0.0f);
    for (int k = w; k < n_kv; k += NW) {
        const half2 kk = K2[(size_t)k * (D / 2) + lane];
        const float2 p2 = __half22float2(__hmul2(q, kk));
        const float score = warp_sum(p2.x + p2.y);
        const float m_new = fmaxf(m, score);
        const float corr = expf(m - m_new);
        const float p = expf(score - m_new);
        s = s * corr + p;
        m = m_new;
        const half2 vv = V2[(size_t)k * (D / 2) + lane];
        if (half_acc) {
            acc_h = __hfma2(vv, __float2half2_rn(p), __hmul2(acc_h, __float2half2_rn(corr)));
        } else {
            const float2 vf = __half22float2(vv);
            acc_f.x = acc_f.x * corr + p * vf.x;
            acc_f.y = acc_f.y * corr + p * vf.y;
        }
    }
    if (half_acc) acc_f = __half22float2(acc_h);

    __shared__ float sm_m[NW], sm_s[NW];
    __shared__ float2 sm_acc[NW][D / 2];
    if (lane == 0) {
        sm_m[w] = m;
        sm_s[w] = s;
    }
    sm_acc[w][lane] = acc_f;
    __syncthreads();
    if (w != 0) return;
    float mx = sm_m[0];
#pragma unroll
    for (int j = 1; j < NW; ++j) mx = fmaxf(mx, sm_m[j]);
    float tot = 0.0f;
    float2 o = make_float2(0.0f, 0.0f);
#pragma unroll
    for (int j = 0; j < NW; ++j) {
        const float c = expf(sm_m[j] - mx);
        tot += sm_s[j] * c;
        o.x += sm_acc[j][lane].x * c;
        o.y += sm_acc[j][lane].y * c;
    }
    ((float2 *)(dst + (size_t)head * D))[lane] = make_float2(o.x / tot, o.y / tot);
}
template __global__ void fattn_vec<true>(const float *__restrict__, const half *__restrict__, const half *__restrict__, float *__restrict__, int, float);
template __global__ void fattn_vec<false>(const float *__restrict__, const half *__restrict__, const half *__restrict__, float *__restrict__, int, float);
