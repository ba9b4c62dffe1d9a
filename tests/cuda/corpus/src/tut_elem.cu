// Tutorial-style elementwise kernels (seventh round, direction tut7): float4 and "x8" half loads
// through float4 reinterpret casts (LDG.E.128), __hsub2/__hmax2/__hadd2/__hmul2, a bf16x2 FMA
// (sm_80+; float FMA and one rounding on sm_75), int4 and erff GELU on float4.
#include <cuda_fp16.h>
#include <cuda_bf16.h>
#define FLOAT4(p) (reinterpret_cast<float4 *>(&(p))[0])
#define LDST128(p) (reinterpret_cast<float4 *>(&(p))[0])

extern "C" __global__ void elem_add_f32x4(const float *a, const float *b, float *c, int n)
{
    int idx = 4 * (blockIdx.x * blockDim.x + threadIdx.x);
    if (idx + 3 < n) {
        float4 ra = FLOAT4(((float *)a)[idx]);
        float4 rb = FLOAT4(((float *)b)[idx]);
        float4 rc;
        rc.x = ra.x + rb.x; rc.y = ra.y + rb.y; rc.z = ra.z + rb.z; rc.w = ra.w + rb.w;
        FLOAT4(c[idx]) = rc;
    } else {
        for (int i = idx; i < n; ++i) c[i] = a[i] + b[i];
    }
}

// y = relu(x - 2), eight halves per thread
extern "C" __global__ void relu_f16x8(half *x, half *y, int n)
{
    int idx = 8 * (blockIdx.x * blockDim.x + threadIdx.x);
    const half z = __float2half(0.0f), two = __float2half(2.0f);
    if (idx + 7 < n) {
        half pack[8];
        LDST128(pack[0]) = LDST128(x[idx]);
#pragma unroll
        for (int i = 0; i < 8; i += 2) {
            half2 v = *reinterpret_cast<half2 *>(&pack[i]);
            *reinterpret_cast<half2 *>(&pack[i]) = __hmax2(__hsub2(v, {two, two}), {z, z});
        }
        LDST128(y[idx]) = LDST128(pack[0]);
    } else {
        for (int i = idx; i < n; ++i) y[i] = __hmax(__hsub(x[i], two), z);
    }
}

extern "C" __global__ void gelu_erf_f32x4(const float *x, float *y, int n)
{
    int idx = 4 * (blockIdx.x * blockDim.x + threadIdx.x);
    if (idx < n) {
        float4 v = FLOAT4(((float *)x)[idx]);
        float4 r;
        r.x = 0.5f * v.x * (1.0f + erff(v.x * 0.70710678f));
        r.y = 0.5f * v.y * (1.0f + erff(v.y * 0.70710678f));
        r.z = 0.5f * v.z * (1.0f + erff(v.z * 0.70710678f));
        r.w = 0.5f * v.w * (1.0f + erff(v.w * 0.70710678f));
        FLOAT4(y[idx]) = r;
    }
}

extern "C" __global__ void hadd_hmul_f16x8(const half *a, const half *b, half *s, half *p, int n)
{
    int idx = 8 * (blockIdx.x * blockDim.x + threadIdx.x);
    if (idx + 7 < n) {
        float4 ra = LDST128(((half *)a)[idx]);
        float4 rb = LDST128(((half *)b)[idx]);
        half2 *ha = reinterpret_cast<half2 *>(&ra);
        half2 *hb = reinterpret_cast<half2 *>(&rb);
        float4 rs, rp;
        half2 *hs = reinterpret_cast<half2 *>(&rs);
        half2 *hp = reinterpret_cast<half2 *>(&rp);
#pragma unroll
        for (int i = 0; i < 4; ++i) { hs[i] = __hadd2(ha[i], hb[i]); hp[i] = __hmul2(ha[i], hb[i]); }
        LDST128(s[idx]) = rs;
        LDST128(p[idx]) = rp;
    } else {
        for (int i = idx; i < n; ++i) { s[i] = __hadd(a[i], b[i]); p[i] = __hmul(a[i], b[i]); }
    }
}

extern "C" __global__ void bf16x2_axpy(const __nv_bfloat162 *x, __nv_bfloat162 *y, float alpha, int n2)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n2) {
#if __CUDA_ARCH__ >= 800
        __nv_bfloat162 a2 = __float2bfloat162_rn(alpha);
        y[i] = __hfma2(a2, x[i], y[i]);
#else
        float2 xf = __bfloat1622float2(x[i]), yf = __bfloat1622float2(y[i]);
        y[i] = __floats2bfloat162_rn(fmaf(alpha, xf.x, yf.x), fmaf(alpha, xf.y, yf.y));
#endif
    }
}

extern "C" __global__ void int4_scale(const int4 *x, int4 *y, int k, int n4)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n4) {
        int4 v = x[i];
        v.x = v.x * k + 1; v.y = v.y * k - 1; v.z = max(v.z * k, 0); v.w = v.w >> 2;
        y[i] = v;
    }
}
