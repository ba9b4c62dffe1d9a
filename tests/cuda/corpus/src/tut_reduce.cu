// Tutorial-style reductions (seventh round, direction tut7): __shfl_xor_sync butterflies in float,
// half, half2 and bf16, block reduce through shared memory with one atomicAdd per block, a float4
// dot product, two-pass and single-pass (atomic ticket, last block) reductions, a shuffle scan, __dp4a.
#include <cuda_fp16.h>
#include <cuda_bf16.h>
#define WARP 32

template <const int W = WARP>
__device__ __forceinline__ float warp_sum_f32(float v)
{
#pragma unroll
    for (int m = W >> 1; m >= 1; m >>= 1) v += __shfl_xor_sync(0xffffffff, v, m);
    return v;
}

template <const int W = WARP>
__device__ __forceinline__ float warp_max_f32(float v)
{
#pragma unroll
    for (int m = W >> 1; m >= 1; m >>= 1) v = fmaxf(v, __shfl_xor_sync(0xffffffff, v, m));
    return v;
}

template <const int NT = 256>
__device__ float block_sum_f32(float v)
{
    constexpr int NW = (NT + WARP - 1) / WARP;
    __shared__ float sm[NW];
    int warp = threadIdx.x / WARP, lane = threadIdx.x % WARP;
    v = warp_sum_f32<WARP>(v);
    if (lane == 0) sm[warp] = v;
    __syncthreads();
    v = (lane < NW) ? sm[lane] : 0.0f;
    v = warp_sum_f32<NW>(v);
    return v;
}

// block_all_reduce_sum: one atomicAdd per block
template <const int NT = 256>
__global__ void block_all_reduce_f32(const float *a, float *y, int n)
{
    int idx = blockIdx.x * NT + threadIdx.x;
    float s = (idx < n) ? a[idx] : 0.0f;
    s = block_sum_f32<NT>(s);
    if (threadIdx.x == 0) atomicAdd(y, s);
}
template __global__ void block_all_reduce_f32<256>(const float *, float *, int);

extern "C" __global__ void dot_f32x4(const float *a, const float *b, float *y, int n)
{
    int idx = 4 * (blockIdx.x * 256 + threadIdx.x);
    float s = 0.0f;
    if (idx + 3 < n) {
        float4 ra = reinterpret_cast<const float4 *>(a)[idx / 4];
        float4 rb = reinterpret_cast<const float4 *>(b)[idx / 4];
        s = ra.x * rb.x + ra.y * rb.y + ra.z * rb.z + ra.w * rb.w;
    } else {
        for (int i = idx; i < n; ++i) s += a[i] * b[i];
    }
    s = block_sum_f32<256>(s);
    if (threadIdx.x == 0) atomicAdd(y, s);
}

__device__ __forceinline__ half warp_sum_f16(half v)
{
#pragma unroll
    for (int m = 16; m >= 1; m >>= 1) v = __hadd(v, __shfl_xor_sync(0xffffffff, v, m));
    return v;
}

extern "C" __global__ void warp_reduce_f16(const half *a, half *out, float *outf, int n)
{
    int idx = blockIdx.x * blockDim.x + threadIdx.x;
    half v = idx < n ? a[idx] : __float2half(0.0f);
    half s = warp_sum_f16(v);
    half2 p = __halves2half2(v, v);
#pragma unroll
    for (int m = 16; m >= 1; m >>= 1) p = __hadd2(p, __shfl_xor_sync(0xffffffff, p, m));
    if ((threadIdx.x & 31) == 0) {
        out[idx / 32] = s;
        outf[idx / 32] = __low2float(p) + __high2float(p);
    }
}

extern "C" __global__ void warp_reduce_bf16(const __nv_bfloat16 *a, float *out, int n)
{
    int idx = blockIdx.x * blockDim.x + threadIdx.x;
    __nv_bfloat16 v = idx < n ? a[idx] : __float2bfloat16(0.0f);
#pragma unroll
    for (int m = 16; m >= 1; m >>= 1) v = __hadd(v, __shfl_xor_sync(0xffffffff, v, m));
    __nv_bfloat16 mx = idx < n ? a[idx] : __float2bfloat16(-1e30f);
#pragma unroll
    for (int m = 16; m >= 1; m >>= 1) mx = __hmax(mx, __shfl_xor_sync(0xffffffff, mx, m));
    if ((threadIdx.x & 31) == 0) {
        out[2 * (idx / 32)] = __bfloat162float(v);
        out[2 * (idx / 32) + 1] = __bfloat162float(mx);
    }
}

// two-pass: partial sums per block, then one block sums them
extern "C" __global__ void reduce_pass1(const int *a, int *partial, int n)
{
    __shared__ int sm[256];
    int t = threadIdx.x;
    int s = 0;
    for (int i = blockIdx.x * 256 + t; i < n; i += gridDim.x * 256) s += a[i];
    sm[t] = s;
    __syncthreads();
    for (int st = 128; st > 32; st >>= 1) {
        if (t < st) sm[t] += sm[t + st];
        __syncthreads();
    }
    if (t < 32) {
        volatile int *v = sm;
        v[t] += v[t + 32];
        int x = v[t];
        for (int m = 16; m; m >>= 1) x += __shfl_down_sync(0xffffffff, x, m);
        if (t == 0) partial[blockIdx.x] = x;
    }
}

// single pass: last block (atomic ticket) finishes
__device__ unsigned int retire_count = 0;
extern "C" __global__ void reduce_single_pass(const float *a, float *partial, float *out, int n)
{
    __shared__ bool last;
    float s = 0.0f;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) s += a[i];
    s = block_sum_f32<128>(s);
    if (threadIdx.x == 0) {
        partial[blockIdx.x] = s;
        __threadfence();
        unsigned int ticket = atomicInc(&retire_count, gridDim.x);
        last = (ticket == gridDim.x - 1);
    }
    __syncthreads();
    if (last) {
        float t = 0.0f;
        for (int i = threadIdx.x; i < gridDim.x; i += blockDim.x) t += ((volatile float *)partial)[i];
        t = block_sum_f32<128>(t);
        if (threadIdx.x == 0) { out[0] = t; retire_count = 0; }
    }
}

// block inclusive scan with shuffles
extern "C" __global__ void block_scan_shfl(const int *a, int *out, int *block_sums, int n)
{
    __shared__ int ws[32];
    int idx = blockIdx.x * blockDim.x + threadIdx.x;
    int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    int v = idx < n ? a[idx] : 0;
#pragma unroll
    for (int d = 1; d < 32; d <<= 1) {
        int u = __shfl_up_sync(0xffffffff, v, d);
        if (lane >= d) v += u;
    }
    if (lane == 31) ws[warp] = v;
    __syncthreads();
    if (warp == 0) {
        int nw = blockDim.x >> 5;
        int w = lane < nw ? ws[lane] : 0;
        for (int d = 1; d < 32; d <<= 1) {
            int u = __shfl_up_sync(0xffffffff, w, d);
            if (lane >= d) w += u;
        }
        ws[lane] = w;
    }
    __syncthreads();
    if (warp > 0) v += ws[warp - 1];
    if (idx < n) out[idx] = v;
    if (threadIdx.x == blockDim.x - 1) block_sums[blockIdx.x] = v;
}

extern "C" __global__ void dp4a_dot(const int *a, const int *b, int *out, int n4)
{
    int s = 0;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n4; i += gridDim.x * blockDim.x)
        s = __dp4a(a[i], b[i], s);
    unsigned int u = 0;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n4; i += gridDim.x * blockDim.x)
        u = __dp2a_lo((unsigned)a[i], (unsigned)b[i], u);
#pragma unroll
    for (int m = 16; m; m >>= 1) { s += __shfl_xor_sync(0xffffffff, s, m); u += __shfl_xor_sync(0xffffffff, u, m); }
    if ((threadIdx.x & 31) == 0) { atomicAdd(out, s); atomicAdd((unsigned *)out + 1, u); }
}
