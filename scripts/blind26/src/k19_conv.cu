#include <stdint.h>
extern "C" __global__ void conversions(const float* f, const double* d, const long long* ll, float* of, int* oi, long long* ol, double* od, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float x = f[i];
    double y = d[i];
    long long z = ll[i];
    int* ri = oi + i * 10;
    ri[0] = __float2int_rn(x);
    ri[1] = __float2int_rz(x);
    ri[2] = __float2int_ru(x);
    ri[3] = __float2int_rd(x);
    ri[4] = (int)__float2uint_rn(x);
    ri[5] = __double2int_rz(y);
    ri[6] = (int)__double2uint_ru(y);
    ri[7] = ilogbf(x);
    int e; float m = frexpf(x, &e);
    ri[8] = e;
    ri[9] = __float_as_int(m);
    long long* rl = ol + i * 3;
    rl[0] = __float2ll_rd(x);
    rl[1] = __double2ll_rn(y);
    rl[2] = (long long)__double2ull_rz(y);
    float* rf = of + i * 10;
    rf[0] = __int2float_rd((int)z);
    rf[1] = __int2float_ru((int)z);
    rf[2] = __ll2float_rz(z);
    rf[3] = __ull2float_rn((unsigned long long)z);
    rf[4] = __saturatef(x);
    rf[5] = __fmul_rz(x, 1.1f);
    rf[6] = __fmaf_rd(x, x, -1.0f);
    rf[7] = ldexpf(x, (int)(z & 15) - 8);
    rf[8] = __double2float_ru(y);
    rf[9] = nextafterf(x, 0.0f);
    double* rd = od + i * 4;
    rd[0] = __ll2double_rd(z);
    rd[1] = __dadd_rz(y, 1e-17);
    rd[2] = __dmul_ru(y, 3.0000000000000004);
    rd[3] = __fma_rz(y, y, -1.0);
}
