extern "C" __global__ void mathd_mix(const double* a, const double* b, double* o, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    double x = a[i], y = b[i];
    double* r = o + i * 12;
    r[0] = exp(y);
    r[1] = log(fabs(x) + 1e-300);
    r[2] = sin(x);
    r[3] = cos(y * 10.0);
    r[4] = pow(fabs(x), y * 0.5);
    r[5] = sqrt(fabs(x * y));
    r[6] = rsqrt(fabs(x) + 1e-10);
    r[7] = cbrt(x);
    r[8] = atan2(y, x);
    r[9] = erf(y * 0.3);
    r[10] = log1p(fabs(y));
    r[11] = fma(x, y, -x * y);
}
