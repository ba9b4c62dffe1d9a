// bfloat16 pairs beyond the arithmetic: _sat/_relu/_nan forms, bf16 math functions (hlog, hexp2,
// hrsqrt, hcos, ...), __hcmadd, comparisons returning masks, 16-bit atomicCAS, and __half2 / bfloat162
// atomicAdd that uses its return value (seventh discovery round, math library).
#include <cuda_fp16.h>
#include <cuda_bf16.h>
__device__ unsigned bb(__nv_bfloat162 h) { return *(unsigned *)&h; }
__global__ void bf2lib(const float *__restrict__ a, const float *__restrict__ b, unsigned *__restrict__ o, float *__restrict__ oa,
                       __nv_bfloat162 *pa, __half2 *ph, unsigned short *cas)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float fa = a[i], fb = b[i];                      // fa in (-3, 3), fb in (0.25, 3)
    __nv_bfloat162 u = __floats2bfloat162_rn(fa, fb), v = __floats2bfloat162_rn(fb, -fa);
    unsigned *p = o + 12 * i;
    p[0] = bb(__hadd2_sat(u, v)); p[1] = bb(__hmul2_sat(u, v));
#if __CUDA_ARCH__ >= 800
    p[2] = bb(__hfma2_sat(u, v, u)); p[3] = bb(__hfma2_relu(u, v, __float2bfloat162_rn(-0.5f)));
#else   // sm_75: the exact fma (binary32 holds it for these operands) clamped, then rounded once
    float2 gu = __bfloat1622float2(u), gv = __bfloat1622float2(v);
    p[2] = bb(__floats2bfloat162_rn(__saturatef(fmaf(gu.x, gv.x, gu.x)), __saturatef(fmaf(gu.y, gv.y, gu.y))));
    p[3] = bb(__floats2bfloat162_rn(fmaxf(fmaf(gu.x, gv.x, -0.5f), 0.0f), fmaxf(fmaf(gu.y, gv.y, -0.5f), 0.0f)));
#endif
    p[4] = bb(__hmax2_nan(u, v)); p[5] = bb(__hmin2_nan(u, v));
#if __CUDA_ARCH__ >= 800
    p[6] = bb(__hcmadd(u, v, u));
#else   // sm_75 has no bf16 __hcmadd: its definition, each step one fma rounded once to bf16
    float2 fu = __bfloat1622float2(u), fv = __bfloat1622float2(v);
    float re = __bfloat162float(__float2bfloat16(fmaf(fu.x, fv.x, fu.x)));
    float im = __bfloat162float(__float2bfloat16(fmaf(fu.x, fv.y, fu.y)));
    p[6] = bb(__floats2bfloat162_rn(fmaf(-fu.y, fv.y, re), fmaf(fu.y, fv.x, im)));
#endif
    p[7] = bb(__hlt2(u, v)) ^ bb(__hgeu2(u, v)); p[8] = __hlt2_mask(u, v) ^ __hge2_mask(v, u);
    p[9] = __hisinf(__low2bfloat16(u)) + 2 * __hbltu2(u, v) + 4 * __hisnan(__high2bfloat16(v));
    p[10] = bb(__hsub2(u, v)); p[11] = bb(__hneg2(v));
    float *q = oa + 8 * i;
    q[0] = __bfloat162float(hlog(__habs(__low2bfloat16(v)))); q[1] = __bfloat162float(hexp2(__low2bfloat16(u)));
    q[2] = __bfloat162float(hrsqrt(__high2bfloat16(u))); q[3] = __bfloat162float(hcos(__low2bfloat16(u)));
    q[4] = __bfloat162float(hlog2(__high2bfloat16(u))); q[5] = __bfloat162float(hexp10(__low2bfloat16(u) * __float2bfloat16(0.25f)));
    q[6] = __bfloat162float(hsin(__high2bfloat16(v))); q[7] = __bfloat162float(hlog10(__high2bfloat16(u)));
    // one address per thread: the old value is the initial one, deterministic
    __nv_bfloat162 old = atomicAdd(&pa[i], u);
    __half2 oh = atomicAdd(&ph[i], __floats2half2_rn(fa, fb));
    unsigned short c = atomicCAS(&cas[i], (unsigned short)(i * 3), (unsigned short)(i + 1000));
    o[12 * 64 + i] = bb(old) ^ *(unsigned *)&oh ^ c;
}
