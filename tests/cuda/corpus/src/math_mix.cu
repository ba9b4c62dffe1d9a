// Float and double math functions (issue 11, decisions GA-5, GA-6): fmodf, erff, tanhf, powf,
// sinf/cosf, logf/expf, division, sqrtf, rsqrtf, atan2f, cbrtf, exp2f, log2f and the double
// sqrt, division by a constant (MUFU.RCP64H of an immediate), exp, log, sin, cos, tanh, pow, fmod.
// sin/cos read CUDA's tables in .nv.global.init through addresses in constant bank 4.
extern "C" __global__ void math_mix(const float *x, const double *d, float *o, double *od, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    float v = x[i];
    o[8 * i + 0] = fmodf(v * 7.0f, 1.3f);
    o[8 * i + 1] = erff(v);
    o[8 * i + 2] = tanhf(v);
    o[8 * i + 3] = powf(fabsf(v) + 0.5f, 1.7f);
    o[8 * i + 4] = sinf(v * 3.0f) * cosf(v);
    o[8 * i + 5] = logf(fabsf(v) + 1e-3f) + expf(v);
    o[8 * i + 6] = v / (v * v + 0.3f) + sqrtf(fabsf(v)) + rsqrtf(fabsf(v) + 1.0f);
    o[8 * i + 7] = atan2f(v, 0.5f) + cbrtf(v) + exp2f(v) + log2f(fabsf(v) + 1.0f);
    double e = d[i];
    od[4 * i + 0] = sqrt(fabs(e)) + e / 3.7;
    od[4 * i + 1] = exp(e) + log(fabs(e) + 1.0);
    od[4 * i + 2] = sin(e) + cos(e) + tanh(e);
    od[4 * i + 3] = pow(fabs(e) + 0.25, 2.3) + fmod(e * 11.0, 1.7);
}
