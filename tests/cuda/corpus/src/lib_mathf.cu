// CUDA's single-precision math library, one call per output column (fourth discovery round).
#define NF 24
__device__ __forceinline__ void put(float *o, int i, int k, float v) { o[i * NF + k] = v; }

__global__ void lib_mathf(const float *__restrict__ x, const float *__restrict__ y, float *__restrict__ o, int n)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
        const float a = x[i], b = y[i];
        put(o, i, 0, expf(a));
        put(o, i, 1, exp2f(a));
        put(o, i, 2, logf(fabsf(b)));
        put(o, i, 3, log2f(fabsf(b)));
        put(o, i, 4, log10f(fabsf(b)));
        put(o, i, 5, sinf(b));
        put(o, i, 6, cosf(b));
        put(o, i, 7, tanf(a));
        float s, c;
        sincosf(b * 3.0f, &s, &c);
        put(o, i, 8, s - c);
        put(o, i, 9, powf(fabsf(b), a));
        put(o, i, 10, sqrtf(fabsf(b)) + rsqrtf(fabsf(a) + 0.1f));
        put(o, i, 11, cbrtf(b));
        put(o, i, 12, erff(a));
        put(o, i, 13, tanhf(a));
        put(o, i, 14, atan2f(a, b));
        put(o, i, 15, fmodf(b, a));
        put(o, i, 16, remainderf(b, a));
        put(o, i, 17, hypotf(a, b));
        put(o, i, 18, floorf(b) + 10.0f * ceilf(a));
        put(o, i, 19, truncf(b) + 10.0f * roundf(a));
        put(o, i, 20, rintf(b * 2.0f));
        put(o, i, 21, fminf(a, b) - fmaxf(a, b));
        put(o, i, 22, copysignf(a, b));
        put(o, i, 23, expm1f(a * 0.1f) + log1pf(fabsf(b)));
    }
}
