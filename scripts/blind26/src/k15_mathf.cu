extern "C" __global__ void mathf_mix(const float* a, const float* b, float* o, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float x = a[i], y = b[i];
    float* r = o + i * 20;
    float s, c;
    sincosf(x, &s, &c);
    r[0] = s; r[1] = c;
    r[2] = exp2f(y * 0.25f);
    r[3] = log1pf(fabsf(x));
    r[4] = atan2f(x, y);
    r[5] = cbrtf(x * y);
    r[6] = erfcf(y * 0.2f);
    r[7] = lgammaf(x * 0.5f);
    r[8] = fmodf(x, y);
    r[9] = remainderf(x, y);
    r[10] = rintf(x * 3.3f);
    r[11] = truncf(y * 7.7f);
    r[12] = expf(y);
    r[13] = logf(fabsf(x) + 1e-30f);
    r[14] = powf(fabsf(x), y * 0.3f);
    r[15] = tanhf(y * 0.3f);
    r[16] = erff(x * 0.1f);
    r[17] = hypotf(x, y);
    r[18] = tanf(x);
    r[19] = asinf(fminf(fmaxf(y * 0.1f, -1.f), 1.f));
}
