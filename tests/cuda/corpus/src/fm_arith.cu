// nvcc-flags: -use_fast_math
// sqrtf/rsqrtf/division/reciprocal/tanhf/erff and FTZ of subnormals under -use_fast_math
__global__ void fm_arith(const float *x, const float *y, float *o, float *ot, float *oe, unsigned *ob, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float a = x[i], b = y[i];
    o[5 * i + 0] = sqrtf(fabsf(a));
    o[5 * i + 1] = rsqrtf(fabsf(b));
    o[5 * i + 2] = a / b;
    o[5 * i + 3] = 1.0f / b;
    o[5 * i + 4] = erff(a * 0.5f);
    ot[i] = tanhf(a);
    oe[2 * i + 0] = a * b + 1.0f;
    oe[2 * i + 1] = fminf(a, b) - fmaxf(a * 0.5f, b);
    ob[4 * i + 0] = __float_as_uint(a * 1e-30f);          // subnormal products flush to zero
    ob[4 * i + 1] = __float_as_uint(a + b);                 // subnormal inputs flush to zero
    ob[4 * i + 2] = __float_as_uint(a * b);
    ob[4 * i + 3] = __float_as_uint(__saturatef(a) + (float)(int)b);
}
