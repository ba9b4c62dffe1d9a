// Conversions between the 16-bit floats and every integer width, binary64 and binary32, in every
// rounding direction, at the formats' edges: overflow to infinity or the largest value, ties,
// denormals, integers beyond 2^24 / 2^53, negative values to unsigned types (fp10 direction).
#include <cuda_fp16.h>
#include <cuda_bf16.h>
__device__ unsigned short hb(__half v) { return __hisnan(v) ? 0x7fff : __half_as_ushort(v); }
__device__ unsigned short bb(__nv_bfloat16 v) { return __hisnan(v) ? 0x7fff : __bfloat16_as_ushort(v); }

extern "C" __global__ void h10_conv(const int *iv, const long long *lv, const double *dv, const unsigned short *hv,
                                    unsigned short *o, long long *q, unsigned *f, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    int x = iv[i];
    unsigned ux = (unsigned)x;
    long long l = lv[i];
    unsigned long long ul = (unsigned long long)l;
    short s = (short)x;
    unsigned short us = (unsigned short)x;
    double d = dv[i];
    unsigned short *r = o + 48 * i;
    r[0] = hb(__uint2half_rn(ux)); r[1] = hb(__uint2half_rz(ux)); r[2] = hb(__uint2half_rd(ux)); r[3] = hb(__uint2half_ru(ux));
    r[4] = hb(__short2half_rn(s)); r[5] = hb(__short2half_rz(s)); r[6] = hb(__short2half_rd(s)); r[7] = hb(__short2half_ru(s));
    r[8] = hb(__ushort2half_rn(us)); r[9] = hb(__ushort2half_rd(us)); r[10] = hb(__ll2half_rn(l)); r[11] = hb(__ll2half_rz(l));
    r[12] = hb(__ll2half_rd(l)); r[13] = hb(__ll2half_ru(l)); r[14] = hb(__ull2half_rn(ul)); r[15] = hb(__ull2half_ru(ul));
    r[16] = hb(__double2half(d));
    r[17] = bb(__uint2bfloat16_rn(ux)); r[18] = bb(__uint2bfloat16_rz(ux)); r[19] = bb(__uint2bfloat16_rd(ux));
    r[20] = bb(__uint2bfloat16_ru(ux)); r[21] = bb(__short2bfloat16_rn(s)); r[22] = bb(__short2bfloat16_rd(s));
    r[23] = bb(__ushort2bfloat16_ru(us)); r[24] = bb(__ll2bfloat16_rn(l)); r[25] = bb(__ll2bfloat16_rz(l));
    r[26] = bb(__ll2bfloat16_rd(l)); r[27] = bb(__ll2bfloat16_ru(l)); r[28] = bb(__ull2bfloat16_rn(ul));
    r[29] = bb(__ull2bfloat16_rd(ul)); r[30] = bb(__double2bfloat16(d));
    __half h = __ushort_as_half(hv[i]);
    __nv_bfloat16 b = __ushort_as_bfloat16(hv[i]);
    bool hn = __hisnan(h), bn = __hisnan(b);        // a NaN's 64-bit integer is not asked
    long long *p = q + 16 * i;
    p[0] = hn ? 0 : __half2ll_rn(h); p[1] = hn ? 0 : __half2ll_rz(h); p[2] = hn ? 0 : (long long)__half2ull_rd(h);
    p[3] = hn ? 0 : (long long)__half2ull_ru(h); p[4] = __half2uint_rd(h); p[5] = __half2uint_ru(h);
    p[6] = __half2short_rz(h); p[7] = __half2ushort_rn(h); p[8] = __half2char_rz(h); p[9] = __half2uchar_rz(h);
    p[10] = bn ? 0 : __bfloat162ll_rz(b); p[11] = bn ? 0 : (long long)__bfloat162ull_ru(b); p[12] = __bfloat162uint_rd(b);
    p[13] = __bfloat162short_ru(b); p[14] = __bfloat162ushort_rz(b); p[15] = __bfloat162char_rz(b);
    unsigned *g = f + 8 * i;
    float fd = (float)d;
    g[0] = isnan(fd) ? 0x7fffffffu : __float_as_uint(__double2float_rn(d));
    g[1] = isnan(fd) ? 0x7fffffffu : __float_as_uint(__double2float_rz(d));
    g[2] = isnan(fd) ? 0x7fffffffu : __float_as_uint(__double2float_ru(d));
    g[3] = isnan(fd) ? 0x7fffffffu : __float_as_uint(__double2float_rd(d));
    float hf = __half2float(h), bf = __bfloat162float(b);
    g[4] = isnan(hf) ? 0x7fffffffu : __float_as_uint(hf);
    g[5] = isnan(bf) ? 0x7fffffffu : __float_as_uint(bf);
    __half2 h2 = __halves2half2(h, __float2half_rz(fd));
    float2 back = __half22float2(h2);
    g[6] = isnan(back.y) ? 0x7fffffffu : __float_as_uint(back.y);
    __nv_bfloat162 b2 = __floats2bfloat162_rn(fd, hf);
    g[7] = *(unsigned *)&b2 & (isnan(fd) ? 0xffff0000u : 0xffffffffu) & (isnan(hf) ? 0x0000ffffu : 0xffffffffu);
}
