// float division, sqrt, rsqrt, exp, log, sin, fmaf, float<->int conversions
extern "C" __global__ void float_math(const float *a, const float *b, float *out, int *iout)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float x = a[i], y = b[i];
    out[8 * i + 0] = x / y;
    out[8 * i + 1] = sqrtf(x);
    out[8 * i + 2] = rsqrtf(x);
    out[8 * i + 3] = expf(y);
    out[8 * i + 4] = logf(x);
    out[8 * i + 5] = sinf(y);
    out[8 * i + 6] = fmaf(x, y, -1.5f);
    out[8 * i + 7] = fminf(x, y) + fmaxf(x, y) * 0.5f;
    iout[2 * i + 0] = (int)(x * 10.0f);
    iout[2 * i + 1] = __float2int_rn(y * -3.0f);
}
