// conversions at the edges: float -> int (saturating, NaN -> 0), float -> unsigned of negatives,
// int64 <-> float/double rounding, __float2int_rd/ru/rz, __double2ll_rn, __umulhi, __mul64hi,
// funnel shifts, __sad/__usad, __fdividef, __saturatef, __fmul_rz, __fadd_ru
extern "C" __global__ void convert(const float *f, const double *d, const long long *l, int *oi, long long *ol, float *of, double *od)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float x = f[i]; double y = d[i]; long long z = l[i];
    int *o = oi + 8 * i; long long *p = ol + 6 * i; float *q = of + 8 * i; double *r = od + 3 * i;
    o[0] = (int)x; o[1] = (int)(unsigned)x; o[2] = __float2int_rd(x); o[3] = __float2int_ru(x);
    o[4] = (int)y; o[5] = (int)__double2uint_rz(y); o[6] = (int)__umulhi((unsigned)z, (unsigned)(z >> 32));
    o[7] = __funnelshift_l((unsigned)z, (unsigned)(z >> 32), i) ^ __funnelshift_rc((unsigned)z, (unsigned)(z >> 32), i * 3);
    p[0] = (long long)x; p[1] = (long long)y; p[2] = (long long)(unsigned long long)fabs(y); p[3] = __double2ll_rn(y * 1e10);
    p[4] = __mul64hi(z, z * 3 + 1); p[5] = (long long)__umul64hi((unsigned long long)z, 0x9e3779b97f4a7c15ull);
    q[0] = (float)z; q[1] = (float)(unsigned long long)z; q[2] = (float)y; q[3] = __fdividef(x, 3.0f);
    q[4] = __saturatef(x); q[5] = __fmul_rz(x, 1.1f); q[6] = __fadd_ru(x, 1e-3f); q[7] = (float)(i * 0x01000001);
    r[0] = (double)z; r[1] = (double)(unsigned long long)z; r[2] = (double)x * y;
}
