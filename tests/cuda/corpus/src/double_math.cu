// double precision: + * fma / sqrt floor ceil exp, conversions (DADD, DMUL, DFMA, MUFU.RCP64H, F2F, FRND.F64, F2I.F64)
extern "C" __global__ void double_math(const double *a, const double *b, double *out, long long *iout)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    double x = a[i], y = b[i];
    out[8 * i + 0] = x + y;
    out[8 * i + 1] = x * y;
    out[8 * i + 2] = fma(x, y, -1.5);
    out[8 * i + 3] = x / y;
    out[8 * i + 4] = sqrt(x);
    out[8 * i + 5] = floor(y) + ceil(x);
    out[8 * i + 6] = exp(y);
    out[8 * i + 7] = (double)(float)(x * 3.0);
    iout[2 * i + 0] = (long long)(x * 1000.0);
    iout[2 * i + 1] = __double2int_rn(y * 7.0);
}
