// binary16 / bfloat16 arithmetic and math functions at special operands: zeros of both signs,
// infinities, NaN, the largest finite values, denormals (seventh discovery round, math library).
// o: correctly rounded results as bits (a NaN as 0x7fff: the payload is the hardware's), oa: the
// approximate functions as floats.
#include <cuda_fp16.h>
#include <cuda_bf16.h>
#define H(r) (__hisnan(r) ? (unsigned short)0x7fff : __half_as_ushort(r))
#define BH(r) (__hisnan(r) ? (unsigned short)0x7fff : __bfloat16_as_ushort(r))
extern "C" __global__ void hspec(const unsigned short *__restrict__ hx, const unsigned short *__restrict__ hy,
                                 unsigned short *__restrict__ o, float *__restrict__ oa, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    __half x = __ushort_as_half(hx[i]), y = __ushort_as_half(hy[i]);
    __nv_bfloat16 u = __float2bfloat16(__half2float(x)), v = __float2bfloat16(__half2float(y));
    unsigned short *p = o + 10 * i;
    p[0] = H(__hdiv(x, y)); p[1] = H(__hadd(x, y)); p[2] = H(__hmul(x, y)); p[3] = H(__hfma(x, y, x));
    p[4] = H(__hmax(x, y)); p[5] = H(__hmin_nan(x, y)); p[6] = BH(__hdiv(u, v)); p[7] = BH(u);
    p[8] = (unsigned short)(__heq(x, y) | __hlt(x, y) << 1 | __hisnan(x) << 2 | __hisinf(x) << 3 | __hgtu(x, y) << 4);
    p[9] = (unsigned short)__half2int_rn(x);
    float *q = oa + 15 * i;
    q[0] = __half2float(hsqrt(x)); q[1] = __half2float(hrcp(x)); q[2] = __half2float(hrsqrt(x)); q[3] = __half2float(hexp(x));
    q[4] = __half2float(hlog(x)); q[5] = __half2float(hexp2(x)); q[6] = __half2float(hlog2(x)); q[7] = __half2float(hsin(x));
    q[8] = __half2float(hcos(x)); q[9] = __half2float(hexp10(x)); q[10] = __half2float(hlog10(x));
    q[11] = __bfloat162float(hsqrt(u)); q[12] = __bfloat162float(hrcp(u)); q[13] = __bfloat162float(hlog(u));
    q[14] = __bfloat162float(hexp(u));
}
