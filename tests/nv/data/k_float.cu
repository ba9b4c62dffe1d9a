#include <cuda_fp16.h>
extern "C" __global__ void fmath(const float* a, const float* b, float* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float x = a[i], y = b[i];
    out[i*12+0] = x / y;
    out[i*12+1] = sqrtf(x);
    out[i*12+2] = rsqrtf(x);
    out[i*12+3] = 1.0f / x;
    out[i*12+4] = expf(x);
    out[i*12+5] = logf(x);
    out[i*12+6] = sinf(x);
    out[i*12+7] = cosf(x);
    out[i*12+8] = __saturatef(x * y) + fminf(x, y) + fmaxf(x, y);
    out[i*12+9] = (float)(int)x + (float)(unsigned)y + truncf(x) + floorf(y) + ceilf(x) + rintf(y);
    out[i*12+10] = __fdividef(x, y) + __expf(x) + __sinf(y) + __logf(x) + exp2f(y);
    out[i*12+11] = fabsf(x) * copysignf(1.0f, y) + __fadd_rz(x, y) + __fmul_ru(x, y) + __fmaf_rd(x, y, 1.0f);
}
extern "C" __global__ void fconv(const float* a, const double* d, int* oi, long long* ol, float* of, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float x = a[i];
    oi[i*4] = __float2int_rn(x);
    oi[i*4+1] = __float2uint_ru(x);
    oi[i*4+2] = (int)x;
    oi[i*4+3] = __float2int_rd(x);
    ol[i*2] = (long long)x;
    ol[i*2+1] = (unsigned long long)x;
    of[i*4] = (float)(long long)oi[i];
    of[i*4+1] = (float)d[i];
    of[i*4+2] = (float)(unsigned long long)ol[i];
    of[i*4+3] = __half2float(__float2half(x));
}
