// Half / bfloat16 in the way ML kernels use them (seventh discovery round, math library): a warp
// softmax over __half2 pairs with shuffle max/sum reductions, hexp2 and h2rcp; a bfloat16 layer norm
// with float accumulation, rsqrtf and __float2bfloat16_rn; a GELU (erff) rounded to __half2; the results widened to float2.
#include <cuda_fp16.h>
#include <cuda_bf16.h>
__global__ void hnn(const __half2 *__restrict__ x, float2 *__restrict__ sm, const __nv_bfloat162 *__restrict__ b,
                    float2 *__restrict__ ln, float2 *__restrict__ ge)
{
    int lane = threadIdx.x & 31, row = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
    int i = row * 32 + lane;
    __half2 v = x[i];
    __half2 m = __hmax2(v, __lowhigh2highlow(v));
    for (int o = 16; o > 0; o >>= 1)
        m = __hmax2(m, __shfl_xor_sync(0xffffffffu, m, o));
    const __half2 log2e = __float2half2_rn(1.4426950408889634f);
    __half2 e = h2exp2(__hmul2(__hsub2(v, m), log2e));
    float s = __low2float(e) + __high2float(e);
    for (int o = 16; o > 0; o >>= 1)
        s += __shfl_xor_sync(0xffffffffu, s, o);
    sm[i] = __half22float2(__hmul2(e, __float2half2_rn(1.0f / s)));
    float2 f = __bfloat1622float2(b[i]);
    float sum = f.x + f.y, sq = f.x * f.x + f.y * f.y;
    for (int o = 16; o > 0; o >>= 1) {
        sum += __shfl_xor_sync(0xffffffffu, sum, o);
        sq += __shfl_xor_sync(0xffffffffu, sq, o);
    }
    float mean = sum / 64.0f, var = fmaxf(sq / 64.0f - mean * mean, 0.0f), r = rsqrtf(var + 1e-5f);
    ln[i] = __bfloat1622float2(__floats2bfloat162_rn((f.x - mean) * r, (f.y - mean) * r));
    float2 g = __half22float2(v);
    ge[i] = __half22float2(__floats2half2_rn(0.5f * g.x * (1.0f + erff(g.x * 0.70710678f)), 0.5f * g.y * (1.0f + erff(g.y * 0.70710678f))));
}
