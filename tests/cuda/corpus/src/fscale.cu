// Products by a power of two after a product: ptxas folds the second multiplication into the
// first (FMUL.D2 / .D4 / .D8 / .M2 / .M4 / .M8, with .SAT; on sm_120 UFMUL.D4.SAT for two float
// parameters). Session 8, decision D8-2.
__global__ void fscale(const float *a, const float *b, float *o, float p, float q, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float x = a[i], y = b[i];
    float *r = o + 12 * i;
    r[0] = x * y * 0.5f;
    r[1] = fabsf(x) * y * 0.125f;
    r[2] = x * p * 0.25f;
    r[3] = -x * y * 4.0f;
    r[4] = x * y * 8.0f;
    r[5] = (x * y) / 2.0f;
    r[6] = x * y * 0.5f * 0.5f;
    r[7] = x * y * 0.0625f;
    r[8] = __saturatef(x * y * 0.5f);
    r[9] = __saturatef(p * q * 0.25f) * x;
    r[10] = x * y * 2.0f;
    r[11] = 0.5f * x * y;
}
