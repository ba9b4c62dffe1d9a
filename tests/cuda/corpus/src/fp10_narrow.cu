// cuda_fp8.h / cuda_fp6.h / cuda_fp4.h: every conversion to and from the 8-bit floats (E4M3, E5M2,
// with and without saturation), the UE8M0 scale factors (toward zero and up), and the 6- and 4-bit
// floats (E2M3, E3M2, E2M1), from float, float2, double, __half_raw(2) and __nv_bfloat16_raw(2), on
// arbitrary bit patterns: NaN, infinities, denormals, ties, the largest values (fp10 direction).
// sm_75 .. sm_120 run the headers' integer code (sm_89+: F2FP for the 8-bit floats); sm_100a and
// sm_120a have F2FP forms for all of them (decision D10-H-3).
#include <cuda_fp8.h>
#include <cuda_fp6.h>
#include <cuda_fp4.h>

extern "C" __global__ void fp10_narrow(const unsigned *bits, unsigned *o, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    unsigned u = bits[i];
    float x = __uint_as_float(u), y = __uint_as_float(bits[(i + 7) % n]);
    double d = isnan(x) ? 1.0 : (double)x * 1.0000001;     // a NaN's double is not what is asked
    double e = isnan(y) ? -2.0 : (double)y;
    unsigned *r = o + 36 * i;
    __half_raw h; h.x = (unsigned short)(u >> 16);
    __nv_bfloat16_raw b; b.x = (unsigned short)(u >> 16);
    __half2_raw h2; h2.x = (unsigned short)u; h2.y = (unsigned short)(u >> 16);
    __nv_bfloat162_raw b2; b2.x = h2.x; b2.y = h2.y;
    float2 f2 = make_float2(x, y);
    double2 d2 = make_double2(d, e);
    r[0] = __nv_cvt_float_to_fp8(x, __NV_NOSAT, __NV_E4M3);
    r[1] = __nv_cvt_float_to_fp8(x, __NV_SATFINITE, __NV_E5M2);
    r[2] = __nv_cvt_double_to_fp8(d, __NV_SATFINITE, __NV_E4M3);
    r[3] = __nv_cvt_double2_to_fp8x2(d2, __NV_NOSAT, __NV_E5M2);
    r[4] = __nv_cvt_float2_to_fp8x2(f2, __NV_NOSAT, __NV_E4M3);
    r[5] = __nv_cvt_halfraw_to_fp8(h, __NV_NOSAT, __NV_E5M2);
    r[6] = __nv_cvt_halfraw2_to_fp8x2(h2, __NV_NOSAT, __NV_E4M3);
    r[7] = __nv_cvt_bfloat16raw_to_fp8(b, __NV_SATFINITE, __NV_E4M3);
    r[8] = __nv_cvt_bfloat16raw2_to_fp8x2(b2, __NV_SATFINITE, __NV_E5M2);
    r[9] = __nv_cvt_fp8_to_halfraw((__nv_fp8_storage_t)u, __NV_E5M2).x;
    r[10] = __nv_cvt_float_to_e8m0(x, __NV_SATFINITE, cudaRoundZero);
    r[11] = __nv_cvt_float_to_e8m0(x, __NV_NOSAT, cudaRoundPosInf);
    r[12] = __nv_cvt_float2_to_e8m0x2(f2, __NV_SATFINITE, cudaRoundPosInf);
    r[13] = __nv_cvt_bfloat16raw_to_e8m0(b, __NV_NOSAT, cudaRoundZero);
    r[14] = __nv_cvt_bfloat162raw_to_e8m0x2(b2, __NV_SATFINITE, cudaRoundPosInf);
    r[15] = __nv_cvt_double_to_e8m0(d, __NV_SATFINITE, cudaRoundPosInf);
    r[16] = __nv_cvt_e8m0_to_bf16raw((__nv_fp8_storage_t)u).x;
    __nv_bfloat162_raw t = __nv_cvt_e8m0x2_to_bf162raw((__nv_fp8x2_storage_t)(u >> 8));
    r[17] = t.x | ((unsigned)t.y << 16);
    r[18] = __nv_cvt_float_to_fp6(x, __NV_E2M3, cudaRoundNearest);
    r[19] = __nv_cvt_float_to_fp6(x, __NV_E3M2, cudaRoundNearest);
    r[20] = __nv_cvt_float2_to_fp6x2(f2, __NV_E2M3, cudaRoundNearest);
    r[21] = __nv_cvt_halfraw2_to_fp6x2(h2, __NV_E3M2, cudaRoundNearest);
    r[22] = __nv_cvt_bfloat16raw2_to_fp6x2(b2, __NV_E2M3, cudaRoundNearest);
    r[23] = __nv_cvt_double_to_fp6(d, __NV_E3M2, cudaRoundNearest);
    r[24] = __nv_cvt_fp6_to_halfraw((__nv_fp6_storage_t)(u & 63), __NV_E2M3).x;
    __half2_raw s = __nv_cvt_fp6x2_to_halfraw2((__nv_fp6x2_storage_t)(u & 0x3f3f), __NV_E3M2);
    r[25] = s.x | ((unsigned)s.y << 16);
    r[26] = __nv_cvt_float_to_fp4(x, __NV_E2M1, cudaRoundNearest);
    r[27] = __nv_cvt_float2_to_fp4x2(f2, __NV_E2M1, cudaRoundNearest);
    r[28] = __nv_cvt_halfraw2_to_fp4x2(h2, __NV_E2M1, cudaRoundNearest);
    r[29] = __nv_cvt_bfloat16raw2_to_fp4x2(b2, __NV_E2M1, cudaRoundNearest);
    r[30] = __nv_cvt_double_to_fp4(d, __NV_E2M1, cudaRoundNearest);
    r[31] = __nv_cvt_fp4_to_halfraw((__nv_fp4_storage_t)(u & 15), __NV_E2M1).x;
    s = __nv_cvt_fp4x2_to_halfraw2((__nv_fp4x2_storage_t)(u >> 24), __NV_E2M1);
    r[32] = s.x | ((unsigned)s.y << 16);
}
