// __half and __half2 arithmetic, comparisons, conversions and math
#include <cuda_fp16.h>
__global__ void half2_math(const float *a, const float *b, float2 *o, float *of, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    __half2 x = __floats2half2_rn(a[2 * i], a[2 * i + 1]), y = __floats2half2_rn(b[2 * i], b[2 * i + 1]);
    o[4 * i + 0] = __half22float2(__hfma2(x, y, __float2half2_rn(0.5f)));
    o[4 * i + 1] = __half22float2(__hmax2(x, y) - __hmin2(x, y));
    o[4 * i + 2] = __half22float2(__hmul2(__habs2(x), __hneg2(y)));
    o[4 * i + 3] = __half22float2(__lowhigh2highlow(h2sqrt(__habs2(x))));
    __half l = __low2half(x), h = __high2half(y);
    float f = __half2float(l) + __half2float(h);
    of[4 * i + 0] = f;
    of[4 * i + 1] = (__hlt(l, h) ? 1.0f : (__heq(l, h) ? 0.0f : -1.0f)) + 10.0f * (float)__half2int_rz(__hmul(l, __float2half(3.0f)));
    of[4 * i + 2] = __half2float(hexp(__hmul(l, __float2half(0.25f)))) + __half2float(hrcp(__hadd(h, __float2half(8.0f))));
    // sm_75's ptxas folds the f16 sum into the conversion (HADD2.F32, not rounded to binary16):
    // the product is compared within binary16's precision
    of[4 * i + 3] = __low2float(__hsub2(x, y)) * __high2float(__hadd2(x, y));
}
