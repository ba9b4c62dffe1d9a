// atomicAdd on __half, __half2, __nv_bfloat16, __nv_bfloat162 and double, in global and shared memory
// (seventh discovery round); the addends are small integers and halves, so every order gives one sum.
#include <cuda_fp16.h>
#include <cuda_bf16.h>
__global__ void hatom(const int *__restrict__ v, __half2 *gh2, __nv_bfloat162 *gb2, double *gd, __half *gh, __nv_bfloat16 *gb,
                      float *out)
{
    __shared__ __half2 sh2[2];
    __shared__ __nv_bfloat162 sb2[2];
    __shared__ double sd[2];
    int t = threadIdx.x, i = blockIdx.x * blockDim.x + t;
    if (t < 2) {
        sh2[t] = __floats2half2_rn(0.0f, 0.0f);
        sb2[t] = __floats2bfloat162_rn(0.0f, 0.0f);
        sd[t] = 0.0;
    }
    __syncthreads();
    float w = (float)v[i];                       // in [0, 4): every partial sum is exact in bf16
    __half2 h = __floats2half2_rn(w, 0.5f * w);
    __nv_bfloat162 bb = __floats2bfloat162_rn(w, -0.25f * w);
    atomicAdd(&gh2[t & 1], h);
    atomicAdd(&gb2[t & 1], bb);
    atomicAdd(&gd[t & 3], (double)w * 0.125);
    atomicAdd(&gh[t & 1], __float2half(w));
    atomicAdd(&gb[t & 1], __float2bfloat16(w * 0.5f));
    atomicAdd(&sh2[t & 1], h);
    atomicAdd(&sb2[t & 1], bb);
    atomicAdd(&sd[t & 1], (double)w * 0.5);
    __syncthreads();
    if (t < 2) {
        float2 a = __half22float2(sh2[t]), c = __bfloat1622float2(sb2[t]);
        float *p = out + 5 * (2 * blockIdx.x + t);
        p[0] = a.x; p[1] = a.y; p[2] = c.x; p[3] = c.y; p[4] = (float)sd[t];
    }
}
