// half precision: __float2half, __hadd, __hmul, __hfma, __half2float (HADD2, HMUL2, HFMA2, F2FP)
#include <cuda_fp16.h>

extern "C" __global__ void half_ops(const float *a, float *o)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    __half h = __float2half(a[i]);
    __half g = __hadd(h, __float2half(1.5f));
    __half m = __hmul(g, h);
    o[2 * i + 0] = __half2float(m);
    o[2 * i + 1] = __half2float(__hfma(h, g, m));
}
