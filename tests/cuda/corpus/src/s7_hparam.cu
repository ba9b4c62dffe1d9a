// second-author style: __half / __half2 / float kernel parameters (half sources in constants on
// sm_75-sm_89 and in uniform registers on sm_90+, F2FP of a uniform float)
#include <cuda_fp16.h>

extern "C" __global__ void hparam(const __half *in, __half *o, __half a, __half2 b, float f, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    __half x = in[i];
    __half h = __hadd(x, __low2half(b));
    __half2 m = __hmul2(__half2half2(x), b);
    __half s = __hsub(x, a);
    o[4 * i + 0] = __hmax(h, __float2half(f));
    o[4 * i + 1] = __hadd(__high2half(m), __low2half(m));
    o[4 * i + 2] = __hlt(a, x) ? s : __hneg(s);
    o[4 * i + 3] = __hmul(x, __high2half(b));
}
