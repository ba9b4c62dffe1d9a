#define __double_as_longlong(x) (isnan(x) ? 0x7fffffffffffffffll : __double_as_longlong(x))
extern "C" __global__ void ddiv_special(const double *x, const double *y, unsigned long long *o, double *oa, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    double a = x[i], b = y[i];
    o[5 * i + 0] = __double_as_longlong(a / b);
    o[5 * i + 1] = __double_as_longlong(sqrt(a));
    o[5 * i + 2] = __double_as_longlong(1.0 / b);
    o[5 * i + 3] = __double_as_longlong(fma(a, b, 1.0));
    o[5 * i + 4] = __double_as_longlong(__drcp_rn(a));
    oa[2 * i + 0] = rsqrt(fabs(b));
    oa[2 * i + 1] = cbrt(a);
}
