#define __float_as_uint(x) (isnan(x) ? 0x7fffffffu : __float_as_uint(x))
extern "C" __global__ void fdiv_special(const float *x, const float *y, unsigned *o, float *oa, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float a = x[i], b = y[i];
    o[6 * i + 0] = __float_as_uint(a / b);
    o[6 * i + 1] = __float_as_uint(sqrtf(a));
    o[6 * i + 2] = __float_as_uint(1.0f / b);
    o[6 * i + 3] = __float_as_uint(__fdiv_rn(b, a));
    o[6 * i + 4] = __float_as_uint(fmaf(a, b, -a));
    o[6 * i + 5] = __float_as_uint(-a / 3.0f);
    oa[3 * i + 0] = rsqrtf(b);
    oa[3 * i + 1] = __fdividef(a, b);
    oa[3 * i + 2] = a / sqrtf(fabsf(b));
}
