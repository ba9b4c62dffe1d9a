// nvcc-flags: -use_fast_math
// Row-wise ops in llama.cpp's style (own re-write), built with --use_fast_math as llama.cpp's
// CMake passes it: RMS norm with a templated block reduction, soft_max with a half mask, scale and
// ALiBi slope, NeoX rope with powf theta scaling, half2 unary ops (GELU tanh, SiLU via h2exp), and
// a bitonic argsort in dynamic shared memory.
#include <cuda_fp16.h>
#include <float.h>
#include <stdint.h>

template <int width>
static __device__ __forceinline__ float wsum(float v) {
#pragma unroll
    for (int m = width / 2; m > 0; m >>= 1) v += __shfl_xor_sync(0xffffffffu, v, m, width);
    return v;
}
template <int width>
static __device__ __forceinline__ float wmax(float v) {
#pragma unroll
    for (int m = width / 2; m > 0; m >>= 1) v = fmaxf(v, __shfl_xor_sync(0xffffffffu, v, m, width));
    return v;
}

// block-wide sum through one float per warp in shared memory
template <int block_size>
static __device__ float block_sum(float v, float *s) {
    v = wsum<32>(v);
    if constexpr (block_size > 32) {
        const int w = threadIdx.x / 32, l = threadIdx.x % 32;
        if (l == 0) s[w] = v;
        __syncthreads();
        v = l < block_size / 32 ? s[l] : 0.0f;
        v = wsum<32>(v);
    }
    return v;
}

template <int block_size>
__global__ void __launch_bounds__(block_size, 2) rms_norm(const float *__restrict__ x, const float *__restrict__ w,
                                                         float *__restrict__ y, const int ncols, const float eps) {
    __shared__ float s[32];
    const float *xr = x + (size_t)blockIdx.x * ncols;
    float acc = 0.0f;
    for (int c = threadIdx.x; c < ncols; c += block_size) acc += xr[c] * xr[c];
    acc = block_sum<block_size>(acc, s);
    const float scale = rsqrtf(acc / ncols + eps);
    for (int c = threadIdx.x; c < ncols; c += block_size) y[(size_t)blockIdx.x * ncols + c] = scale * xr[c] * __ldg(&w[c]);
}
template __global__ void rms_norm<32>(const float *__restrict__, const float *__restrict__, float *__restrict__, int, float);
template __global__ void rms_norm<256>(const float *__restrict__, const float *__restrict__, float *__restrict__, int, float);

// one warp per row (ncols <= 32 * 8): values kept in registers, mask row broadcast over heads
__global__ void soft_max(const float *__restrict__ x, const half *__restrict__ mask, float *__restrict__ y, const int ncols,
                         const int nrows_per_head, const float scale, const float max_bias, const int n_head_log2) {
    const int row = blockIdx.x * blockDim.y + threadIdx.y;
    const int head = row / nrows_per_head;
    float slope = 1.0f;
    if (max_bias > 0.0f) {
        const float m0 = powf(2.0f, -max_bias / n_head_log2);
        const float m1 = powf(2.0f, -(max_bias / 2.0f) / n_head_log2);
        slope = head < n_head_log2 ? powf(m0, head + 1) : powf(m1, 2 * (head - n_head_log2) + 1);
    }
    float v[8];
    float mx = -FLT_MAX;
#pragma unroll
    for (int k = 0; k < 8; ++k) {
        const int c = threadIdx.x + 32 * k;
        v[k] = c < ncols ? x[(size_t)row * ncols + c] * scale + slope * __half2float(mask[(row % nrows_per_head) * ncols + c]) : -FLT_MAX;
        mx = fmaxf(mx, v[k]);
    }
    mx = wmax<32>(mx);
    float sum = 0.0f;
#pragma unroll
    for (int k = 0; k < 8; ++k) {
        v[k] = threadIdx.x + 32 * k < ncols ? expf(v[k] - mx) : 0.0f;
        sum += v[k];
    }
    sum = wsum<32>(sum);
    const float inv = 1.0f / sum;
#pragma unroll
    for (int k = 0; k < 8; ++k)
        if (threadIdx.x + 32 * k < ncols) y[(size_t)row * ncols + threadIdx.x + 32 * k] = v[k] * inv;
}

// NeoX rope: element i pairs with i + n_dims/2; theta = pos * base^(-2i/n_dims), dims past n_dims copied
__global__ void rope_neox(const float *__restrict__ x, const int32_t *__restrict__ pos, float *__restrict__ y, const int ne0,
                          const int n_dims, const float theta_scale, const float freq_scale) {
    const int i0 = 2 * (blockIdx.y * blockDim.y + threadIdx.y);
    const int row = blockIdx.x;
    if (i0 >= ne0) return;
    const float *xr = x + (size_t)row * ne0;
    float *yr = y + (size_t)row * ne0;
    if (i0 >= n_dims) {
        yr[i0] = xr[i0];
        yr[i0 + 1] = xr[i0 + 1];
        return;
    }
    const int i = i0 / 2;
    const float theta = freq_scale * pos[row] * powf(theta_scale, (float)i);
    float s, c;
    sincosf(theta, &s, &c);
    const float a = xr[i], b = xr[i + n_dims / 2];
    yr[i] = a * c - b * s;
    yr[i + n_dims / 2] = a * s + b * c;
}

// half2 unary ops: 0 = GELU (tanh form), 1 = SiLU through h2exp, 2 = quick GELU on floats
__global__ void unary_h2(const half2 *__restrict__ x, half2 *__restrict__ y, const int n2, const int op) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n2) return;
    const half2 v = x[i];
    half2 r;
    if (op == 0) {
        const float2 f = __half22float2(v);
        float2 o;
        o.x = 0.5f * f.x * (1.0f + tanhf(0.7978845608f * f.x * (1.0f + 0.044715f * f.x * f.x)));
        o.y = 0.5f * f.y * (1.0f + tanhf(0.7978845608f * f.y * (1.0f + 0.044715f * f.y * f.y)));
        r = __float22half2_rn(o);
    } else if (op == 1) {
        const half2 one = __float2half2_rn(1.0f);
        r = __h2div(v, __hadd2(one, h2exp(__hneg2(v))));
    } else {
        const float2 f = __half22float2(v);
        r = __floats2half2_rn(f.x / (1.0f + __expf(-1.702f * f.x)), f.y / (1.0f + __expf(-1.702f * f.y)));
    }
    y[i] = r;
}

// bitonic argsort of each row (ascending), ncols padded to a power of two in dynamic shared memory
__global__ void argsort_rows(const float *__restrict__ x, int *__restrict__ dst, const int ncols, const int npad) {
    extern __shared__ int idx[];
    const int col = threadIdx.x;
    const float *xr = x + (size_t)blockIdx.x * ncols;
    idx[col] = col;
    __syncthreads();
    for (int k = 2; k <= npad; k <<= 1) {
        for (int j = k >> 1; j > 0; j >>= 1) {
            const int p = col ^ j;
            if (p > col) {
                const int a = idx[col], b = idx[p];
                const bool up = (col & k) == 0;
                // padding sorts last; ties keep the lower index first
                const bool gt = a >= ncols || (b < ncols && (xr[a] > xr[b] || (xr[a] == xr[b] && a > b)));
                const bool lt = b >= ncols || (a < ncols && (xr[a] < xr[b] || (xr[a] == xr[b] && a < b)));
                if (up ? gt : lt) {
                    idx[col] = b;
                    idx[p] = a;
                }
            }
            __syncthreads();
        }
    }
    if (col < ncols) dst[(size_t)blockIdx.x * ncols + col] = idx[col];
}
