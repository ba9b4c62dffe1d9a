// blind14: float division, sqrtf, fminf/fmaxf at zeros, infinities, NaN and denormals, and
// float-to-integer conversions that saturate (NaN -> 0).
extern "C" __global__ void b_fdiv(const float *a, const float *b, float *q, float *s, float *mn, float *mx, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float x = a[i], y = b[i];
    q[i] = x / y;
    s[i] = sqrtf(fabsf(x));
    mn[i] = fminf(x, y);
    mx[i] = fmaxf(x, y);
}

extern "C" __global__ void b_f2i(const float *a, int *si, unsigned *ui, long long *sl, int *rn, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float x = a[i];
    si[i] = (int)x;
    ui[i] = (unsigned)x;
    sl[i] = (long long)x;
    rn[i] = __float2int_rn(x);
}
