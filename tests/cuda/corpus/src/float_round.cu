// float rounding and sign functions: floorf ceilf truncf roundf rintf fabsf copysignf fminf fmaxf (FRND, |x|)
extern "C" __global__ void float_round(const float *a, float *out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float x = a[i];
    out[8 * i + 0] = floorf(x);
    out[8 * i + 1] = ceilf(x);
    out[8 * i + 2] = truncf(x);
    out[8 * i + 3] = roundf(x);
    out[8 * i + 4] = rintf(x);
    out[8 * i + 5] = fabsf(x) * 2.0f;
    out[8 * i + 6] = copysignf(3.0f, x);
    out[8 * i + 7] = fminf(x, 0.5f) + fmaxf(x, -0.5f);
}
