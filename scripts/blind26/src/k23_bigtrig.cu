extern "C" __global__ void big_trig(const float* a, const double* b, float* of, double* od, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float x = a[i];
    double y = b[i];
    of[i * 4 + 0] = sinf(x);
    of[i * 4 + 1] = cosf(x);
    of[i * 4 + 2] = tanf(x);
    of[i * 4 + 3] = sinpif(x * 1e-3f);
    od[i * 3 + 0] = sin(y);
    od[i * 3 + 1] = cos(y);
    od[i * 3 + 2] = tan(y);
}
