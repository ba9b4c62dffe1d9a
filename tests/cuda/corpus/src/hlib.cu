// __half and __nv_bfloat16 arithmetic, saturation, comparisons, math and conversions (seventh
// discovery round, math library). o: results that are exact (one rounding), oa: half math
// functions, ob: bfloat16 ones, oi: integer conversions and comparison bits, oh: binary16 results' bits.
#include <cuda_fp16.h>
#include <cuda_bf16.h>
__global__ void hlib(const float *__restrict__ a, const float *__restrict__ b, float *__restrict__ o, float *__restrict__ oa,
                     float *__restrict__ ob, int *__restrict__ oi,
                     unsigned short *__restrict__ oh, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float fa = a[i], fb = b[i];          // fa in (-4, 4), fb in (0.5, 4)
    __half x = __float2half_rn(fa), y = __float2half_rn(fb);
    float *p = o + 24 * i, *r = oa + 14 * i, *s = ob + 4 * i;
    __half hn = __ushort_as_half((unsigned short)0x7e00);
    __nv_bfloat16 u = __float2bfloat16(fa), v = __float2bfloat16_rn(fb);
    // binary16 results as bits: sm_75's ptxas folds __half2float(__hadd(x, y)) into HADD2.F32, the
    // sum not rounded to binary16 (the f16 value itself is what __hadd defines)
    unsigned short *h = oh + 8 * i;
    h[0] = __half_as_ushort(__hadd(x, y)); h[1] = __half_as_ushort(__hsub(x, y)); h[2] = __half_as_ushort(__hmul(x, y));
    h[3] = __half_as_ushort(__hfma(x, y, __float2half(0.25f))); h[4] = __half_as_ushort(__hadd_sat(x, y));
    h[5] = __half_as_ushort(__hmul_sat(x, y)); h[6] = __half_as_ushort(__hfma_sat(x, y, x)); h[7] = __half_as_ushort(__hsub_sat(y, x));
    p[0] = __half2float(__hmin_nan(x, (i & 2) ? hn : y));
    p[1] = __bfloat162float(__hmax_nan(u, (i & 2) ? __float2bfloat16(__int_as_float(0x7fc00000)) : v));
    p[2] = __half2float(__hmax(x, y)) + __half2float(__hmin(x, y));
    p[3] = __half2float(__hmax_nan(x, (i & 1) ? hn : y));
    p[4] = __half2float(__float2half(fa * 3.0f));
    p[5] = __bfloat162float(__hmin(__hneg(u), v));
    p[6] = __half2float(__hneg(__habs(x)));
    p[7] = __half2float(__hmin(__habs(x), y));
    p[8] = __bfloat162float(__habs(u));
    p[9] = __half2float(__float2half_rz(fa * 1.001f)) - __half2float(__float2half_rd(fa * 1.001f));
    p[10] = __half2float(__float2half_ru(fa * 1.001f));
    p[11] = __bfloat162float(__hadd(u, v)); p[12] = __bfloat162float(__hmul(u, v));
#if __CUDA_ARCH__ >= 800
    p[13] = __bfloat162float(__hfma(u, v, __float2bfloat16(0.5f)));
#else   // sm_75 has no bf16 fma: the float product of two bf16 plus 0.5 is exact, so one rounding as well
    p[13] = __bfloat162float(__float2bfloat16(fmaf(__bfloat162float(u), __bfloat162float(v), 0.5f)));
#endif
    p[14] = __bfloat162float(__hsub(u, v)); p[15] = __bfloat162float(__hmax(u, v));
    __nv_bfloat162 u2 = __floats2bfloat162_rn(fa, fb), v2 = __floats2bfloat162_rn(fb, fa);
#if __CUDA_ARCH__ >= 800
    float2 b2 = __bfloat1622float2(__hfma2(u2, v2, u2));
#else
    float2 uf = __bfloat1622float2(u2), vf = __bfloat1622float2(v2);
    float2 b2 = __bfloat1622float2(__floats2bfloat162_rn(fmaf(uf.x, vf.x, uf.x), fmaf(uf.y, vf.y, uf.y)));
#endif
    p[16] = b2.x; p[17] = b2.y;
    float2 m2 = __bfloat1622float2(__hmin2(u2, v2));
    p[18] = m2.x; p[19] = m2.y;
    p[20] = __bfloat162float(__float2bfloat16_rz(fa * 1.001f));
    p[21] = __half2float(__int2half_rn(i * 37 - 500)) + __half2float(__short2half_rn((short)(i - 30)));
    p[22] = __bfloat162float(__float2bfloat16_rd(fb * 1.001f)) + __bfloat162float(__float2bfloat16_ru(fa * 1.001f));
    p[23] = __half2float(__hmax(__hneg(x), __habs(y)));
    r[0] = __half2float(__hdiv(x, y));
    r[1] = __half2float(hsqrt(y)); r[2] = __half2float(hrsqrt(y)); r[3] = __half2float(hrcp(y));
    r[4] = __half2float(hexp(x)); r[5] = __half2float(hexp2(x)); r[6] = __half2float(hlog(y));
    r[7] = __half2float(hlog2(y)); r[8] = __half2float(hsin(x)); r[9] = __half2float(hcos(x));
    __half2 x2 = __floats2half2_rn(fa, fb), y2 = __float22half2_rn(make_float2(fb, -fa));
    float2 e2 = __half22float2(h2exp(__hmul2(x2, __float2half2_rn(0.5f))));
    r[10] = e2.x; r[11] = e2.y;
    float2 d2 = __half22float2(__h2div(x2, y2));
    r[12] = d2.x; r[13] = d2.y;
    s[0] = __bfloat162float(__hdiv(u, v)); s[1] = __bfloat162float(hsqrt(v)); s[2] = __bfloat162float(hexp(u));
    s[3] = __bfloat162float(hrcp(v));
    int *q = oi + 8 * i;
    q[0] = __half2int_rz(__hmul(x, __float2half(7.0f)));
    q[1] = __half2short_rz(__hmul(x, __float2half(5.0f))) + 1000 * __half2int_rd(x);
    q[2] = __heq(x, y) + 2 * __hlt(x, y) + 4 * __hge(x, y) + 8 * __hisnan((i & 1) ? hn : x) + 16 * __hne(x, x) + 32 * __hgtu(x, hn);
    q[3] = __hbeq2(x2, x2) + 2 * __hblt2(x2, y2) + 4 * __hbge2(x2, __halves2half2(x, x));
    __half2 c2 = __hlt2(x2, y2);
    q[4] = (int)__half2float(__low2half(c2)) + 2 * (int)__half2float(__high2half(c2));
    q[5] = __heq(u, v) + 2 * __hlt(u, v) + 4 * __hisnan(u) + 8 * __hbgt2(u2, v2) + 16 * __hbge2(u2, u2);
    q[6] = __bfloat162int_rz(__hmul(u, __float2bfloat16(9.0f)));
    q[7] = __half2uint_rn(__habs(x)) + 100 * __half2ushort_rz(__hmul(y, __float2half(3.0f)));
}
