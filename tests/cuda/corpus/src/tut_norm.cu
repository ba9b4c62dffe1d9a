// Tutorial/LLM-style row kernels (seventh round, direction tut7): softmax (naive, safe warp per row,
// online (m, d) merging with float4), layernorm and rmsnorm with rsqrtf, embedding lookup, RoPE with
// sincosf/__powf, argmax with the smallest index on ties.
#include <cuda_fp16.h>
#define WARP 32

__device__ __forceinline__ float wsum(float v)
{
#pragma unroll
    for (int m = 16; m; m >>= 1) v += __shfl_xor_sync(0xffffffff, v, m);
    return v;
}
__device__ __forceinline__ float wmax(float v)
{
#pragma unroll
    for (int m = 16; m; m >>= 1) v = fmaxf(v, __shfl_xor_sync(0xffffffff, v, m));
    return v;
}

template <int NT>
__device__ float bsum(float v)
{
    __shared__ float s[NT / 32];
    int w = threadIdx.x >> 5, l = threadIdx.x & 31;
    v = wsum(v);
    if (l == 0) s[w] = v;
    __syncthreads();
    v = l < NT / 32 ? s[l] : 0.0f;
    v = wsum(v);
    __syncthreads();
    return v;
}
template <int NT>
__device__ float bmax(float v)
{
    __shared__ float s[NT / 32];
    int w = threadIdx.x >> 5, l = threadIdx.x & 31;
    v = wmax(v);
    if (l == 0) s[w] = v;
    __syncthreads();
    v = l < NT / 32 ? s[l] : -INFINITY;
    v = wmax(v);
    __syncthreads();
    return v;
}

// naive softmax over a row of N=blockDim.x: one block per row
extern "C" __global__ void softmax_naive(const float *x, float *y, int N)
{
    int row = blockIdx.x, t = threadIdx.x;
    float e = t < N ? expf(x[row * N + t]) : 0.0f;
    float s = bsum<128>(e);
    if (t < N) y[row * N + t] = e / s;
}

// safe softmax, warp per row, arbitrary cols
extern "C" __global__ void softmax_warp_row(const float *x, float *y, int rows, int cols)
{
    int row = blockIdx.x * (blockDim.x / WARP) + threadIdx.x / WARP;
    int lane = threadIdx.x % WARP;
    if (row >= rows) return;
    const float *xr = x + (size_t)row * cols;
    float m = -INFINITY;
    for (int c = lane; c < cols; c += WARP) m = fmaxf(m, xr[c]);
    m = wmax(m);
    float s = 0.0f;
    for (int c = lane; c < cols; c += WARP) s += __expf(xr[c] - m);
    s = wsum(s);
    float inv = __fdividef(1.0f, s);
    for (int c = lane; c < cols; c += WARP) y[(size_t)row * cols + c] = __expf(xr[c] - m) * inv;
}

struct MD { float m; float d; };
__device__ __forceinline__ MD md_merge(MD a, MD b)
{
    bool big = a.m > b.m;
    MD hi = big ? a : b, lo = big ? b : a;
    MD r;
    r.d = hi.d + lo.d * __expf(lo.m - hi.m);
    r.m = hi.m;
    return r;
}

// online softmax: merge (m, d) pairs across the warp, block per row of cols <= 4*blockDim with float4
extern "C" __global__ void online_softmax_f32x4(const float *x, float *y, int cols)
{
    __shared__ MD sh[8];
    __shared__ MD total;
    int row = blockIdx.x, t = threadIdx.x, lane = t & 31, w = t >> 5;
    int c = 4 * t;
    float4 v = make_float4(-INFINITY, -INFINITY, -INFINITY, -INFINITY);
    if (c < cols) v = reinterpret_cast<const float4 *>(x + (size_t)row * cols)[t];
    MD p;
    p.m = fmaxf(fmaxf(v.x, v.y), fmaxf(v.z, v.w));
    p.d = c < cols ? __expf(v.x - p.m) + __expf(v.y - p.m) + __expf(v.z - p.m) + __expf(v.w - p.m) : 0.0f;
    if (c >= cols) p.m = -1e30f;
#pragma unroll
    for (int m = 16; m; m >>= 1) {
        MD o; o.m = __shfl_xor_sync(0xffffffff, p.m, m); o.d = __shfl_xor_sync(0xffffffff, p.d, m);
        p = md_merge(p, o);
    }
    if (lane == 0) sh[w] = p;
    __syncthreads();
    if (t == 0) {
        MD r = sh[0];
        for (int i = 1; i < blockDim.x / 32; ++i) r = md_merge(r, sh[i]);
        total = r;
    }
    __syncthreads();
    MD r = total;
    float inv = 1.0f / r.d;
    if (c < cols) {
        float4 o;
        o.x = __expf(v.x - r.m) * inv; o.y = __expf(v.y - r.m) * inv;
        o.z = __expf(v.z - r.m) * inv; o.w = __expf(v.w - r.m) * inv;
        reinterpret_cast<float4 *>(y + (size_t)row * cols)[t] = o;
    }
}

// layernorm: block per row, K = blockDim.x
template <int NT>
__global__ void layer_norm_f32(const float *x, float *y, float g, float b, int N, int K)
{
    int row = blockIdx.x, t = threadIdx.x;
    __shared__ float mean, var;
    float v = (row < N && t < K) ? x[row * K + t] : 0.0f;
    float s = bsum<NT>(v);
    if (t == 0) mean = s / (float)K;
    __syncthreads();
    float d = (t < K) ? (v - mean) : 0.0f;
    float q = bsum<NT>(d * d);
    if (t == 0) var = rsqrtf(q / (float)K + 1e-5f);
    __syncthreads();
    if (row < N && t < K) y[row * K + t] = d * var * g + b;
}
template __global__ void layer_norm_f32<128>(const float *, float *, float, float, int, int);

extern "C" __global__ void rms_norm_f16x8(const half *x, const half *w, half *y, int K)
{
    int row = blockIdx.x, t = threadIdx.x;
    __shared__ float inv;
    int c = 8 * t;
    float f[8];
    float ss = 0.0f;
    if (c < K) {
        float4 raw = *reinterpret_cast<const float4 *>(x + (size_t)row * K + c);
        half2 *h = reinterpret_cast<half2 *>(&raw);
#pragma unroll
        for (int i = 0; i < 4; ++i) { float2 q = __half22float2(h[i]); f[2 * i] = q.x; f[2 * i + 1] = q.y; }
#pragma unroll
        for (int i = 0; i < 8; ++i) ss += f[i] * f[i];
    }
    ss = bsum<64>(ss);
    if (t == 0) inv = rsqrtf(ss / (float)K + 1e-6f);
    __syncthreads();
    if (c < K) {
        float4 wr = *reinterpret_cast<const float4 *>(w + c);
        half2 *hw = reinterpret_cast<half2 *>(&wr);
        float4 outr;
        half2 *ho = reinterpret_cast<half2 *>(&outr);
#pragma unroll
        for (int i = 0; i < 4; ++i) {
            float2 q = __half22float2(hw[i]);
            ho[i] = __floats2half2_rn(f[2 * i] * inv * q.x, f[2 * i + 1] * inv * q.y);
        }
        *reinterpret_cast<float4 *>(y + (size_t)row * K + c) = outr;
    }
}

extern "C" __global__ void embedding_f32x4(const int *ids, const float *table, float *out, int dim, int ntok)
{
    int tok = blockIdx.x;
    if (tok >= ntok) return;
    long long id = ids[tok];
    const float4 *src = reinterpret_cast<const float4 *>(table + id * dim);
    float4 *dst = reinterpret_cast<float4 *>(out + (long long)tok * dim);
    for (int i = threadIdx.x; i < dim / 4; i += blockDim.x) dst[i] = src[i];
}

// RoPE: pairs (x[2i], x[2i+1]) rotated by pos * theta^(-2i/d)
extern "C" __global__ void rope_f32(const float *x, float *y, int seq, int dim)
{
    int pos = blockIdx.y;
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= dim / 2 || pos >= seq) return;
    float inv_freq = __powf(10000.0f, -2.0f * i / (float)dim);
    float s, c;
    sincosf(pos * inv_freq, &s, &c);
    const float *xr = x + (size_t)pos * dim;
    float a = xr[2 * i], b = xr[2 * i + 1];
    y[(size_t)pos * dim + 2 * i] = a * c - b * s;
    y[(size_t)pos * dim + 2 * i + 1] = a * s + b * c;
}

// argmax per row with the smallest index on ties
extern "C" __global__ void argmax_rows(const float *x, int *idx, float *val, int cols)
{
    int row = blockIdx.x, lane = threadIdx.x;
    float best = -INFINITY;
    int bi = 0x7fffffff;
    for (int c = lane; c < cols; c += 32) {
        float v = x[(size_t)row * cols + c];
        if (v > best || (v == best && c < bi)) { best = v; bi = c; }
    }
#pragma unroll
    for (int m = 16; m; m >>= 1) {
        float ov = __shfl_xor_sync(0xffffffff, best, m);
        int oi = __shfl_xor_sync(0xffffffff, bi, m);
        if (ov > best || (ov == best && oi < bi)) { best = ov; bi = oi; }
    }
    if (lane == 0) { idx[row] = bi; val[row] = best; }
}
