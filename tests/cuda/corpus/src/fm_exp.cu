// nvcc-flags: -use_fast_math
// expf/exp2f/exp10f/logf/log2f/log10f/powf under -use_fast_math
__global__ void fm_exp(const float *x, const float *y, float *o, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float a = x[i], b = y[i];
    o[7 * i + 0] = expf(a);
    o[7 * i + 1] = exp2f(a);
    o[7 * i + 2] = exp10f(a * 0.05f);
    o[7 * i + 3] = logf(b);
    o[7 * i + 4] = log2f(b);
    o[7 * i + 5] = log10f(b);
    o[7 * i + 6] = powf(b, a * 0.125f);
}
