// k-quant super-blocks of 256 weights as llama.cpp stores them (own re-write): q4_K (half d, half
// dmin, 12 bytes of packed 6-bit scales and mins, 128 bytes of nibbles) and q6_K (low nibbles,
// 2-bit high parts, int8 scales, half d at byte 208 of a 210-byte block), dequantized to f32 by
// bit-field unpacking; and a f32 -> q8_0 copy (half d + 32 int8, amax and roundf).
#include <cuda_fp16.h>
#include <stdint.h>

#define QK_K 256
struct blk_q4_K { half2 dm; uint8_t scales[12]; uint8_t qs[QK_K / 2]; };
struct blk_q6_K { uint8_t ql[QK_K / 2]; uint8_t qh[QK_K / 4]; int8_t scales[QK_K / 16]; half d; };
struct blk_q8_0 { half d; int8_t qs[32]; };
static_assert(sizeof(blk_q4_K) == 144, "q4_K");
static_assert(sizeof(blk_q6_K) == 210, "q6_K");
static_assert(sizeof(blk_q8_0) == 34, "q8_0");

// the j-th 6-bit scale and min of the 12 packed bytes
static __device__ __forceinline__ void unpack_scale_min(int j, const uint8_t *__restrict__ q, uint8_t &sc, uint8_t &mn) {
    if (j < 4) {
        sc = q[j] & 63;
        mn = q[j + 4] & 63;
    } else {
        sc = (q[j + 4] & 0xF) | ((q[j - 4] >> 6) << 4);
        mn = (q[j + 4] >> 4) | ((q[j] >> 6) << 4);
    }
}

// 32 threads per super-block; thread t: 4 bytes of one 64-value group
__global__ void __launch_bounds__(32) deq_q4_K(const void *__restrict__ vx, float *__restrict__ y) {
    const blk_q4_K *x = (const blk_q4_K *)vx + blockIdx.x;
    const int grp = threadIdx.x >> 3, sub = threadIdx.x & 7;
    const float2 dm = __half22float2(x->dm);
    uint8_t sc, mn;
    unpack_scale_min(2 * grp, x->scales, sc, mn);
    const float d_lo = dm.x * sc, m_lo = dm.y * mn;
    unpack_scale_min(2 * grp + 1, x->scales, sc, mn);
    const float d_hi = dm.x * sc, m_hi = dm.y * mn;
    const uint8_t *q = x->qs + 32 * grp + 4 * sub;
    float *out = y + (size_t)blockIdx.x * QK_K + 64 * grp + 4 * sub;
#pragma unroll
    for (int l = 0; l < 4; ++l) {
        out[l] = d_lo * (q[l] & 0xF) - m_lo;
        out[l + 32] = d_hi * (q[l] >> 4) - m_hi;
    }
}

// 64 threads per super-block; each writes 4 values 32 apart
__global__ void __launch_bounds__(64) deq_q6_K(const void *__restrict__ vx, float *__restrict__ y) {
    const blk_q6_K *x = (const blk_q6_K *)vx + blockIdx.x;
    const int half_ = threadIdx.x / 32, l = threadIdx.x % 32;
    const float d = __half2float(x->d);
    const uint8_t *ql = x->ql + 64 * half_ + l;
    const uint8_t qh = x->qh[32 * half_ + l];
    const int8_t *sc = x->scales + 8 * half_ + l / 16;
    float *out = y + (size_t)blockIdx.x * QK_K + 128 * half_ + l;
    out[0] = d * sc[0] * ((int8_t)((ql[0] & 0xF) | (((qh >> 0) & 3) << 4)) - 32);
    out[32] = d * sc[2] * ((int8_t)((ql[32] & 0xF) | (((qh >> 2) & 3) << 4)) - 32);
    out[64] = d * sc[4] * ((int8_t)((ql[0] >> 4) | (((qh >> 4) & 3) << 4)) - 32);
    out[96] = d * sc[6] * ((int8_t)((ql[32] >> 4) | (((qh >> 6) & 3) << 4)) - 32);
}

// f32 -> q8_0, one thread per block of 32 (the host-side reference layout, run on the device)
__global__ void cpy_f32_q8_0(const float *__restrict__ x, void *__restrict__ vy, const int nblocks) {
    const int ib = blockIdx.x * blockDim.x + threadIdx.x;
    if (ib >= nblocks) return;
    const float4 *src = (const float4 *)(x + 32 * ib);
    float v[32];
    float amax = 0.0f;
#pragma unroll
    for (int j = 0; j < 8; ++j) {
        const float4 f = src[j];
        v[4 * j + 0] = f.x; v[4 * j + 1] = f.y; v[4 * j + 2] = f.z; v[4 * j + 3] = f.w;
    }
#pragma unroll
    for (int j = 0; j < 32; ++j) amax = fmaxf(amax, fabsf(v[j]));
    const float d = amax / ((1 << 7) - 1);
    const float id = d ? 1.0f / d : 0.0f;
    blk_q8_0 *dst = (blk_q8_0 *)vy + ib;
    dst->d = __float2half(d);
#pragma unroll
    for (int j = 0; j < 32; ++j) dst->qs[j] = roundf(v[j] * id);
}
