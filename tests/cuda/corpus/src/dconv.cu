// Directed-rounding double/float arithmetic and conversions (seventh discovery round, math library):
// __dadd/__dmul/__fma/__ddiv/__drcp/__dsqrt in the four modes, __double2float/int/uint/ll/ull_*,
// __ll2double_*, __ull2double_*, __int2float_*, __uint2float_*, __ll2float_*, __float2ll/ull_*,
// __double_as_longlong, __hiloint2double, __double2hiint/loint. Every result as its bits.
#define B(v) (isnan(v) ? 0x7fffffffffffffffull : (unsigned long long)__double_as_longlong(v))
#define BF(v) (isnan(v) ? 0x7fffffffu : __float_as_uint(v))
extern "C" __global__ void dconv(const double *__restrict__ a, const double *__restrict__ b, const long long *__restrict__ l,
                                 unsigned long long *__restrict__ o, unsigned *__restrict__ of, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    double x = a[i], y = b[i];
    long long z = l[i];
    unsigned long long *r = o + 40 * i;
    unsigned *f = of + 32 * i;
    r[0] = B(__dadd_rd(x, y)); r[1] = B(__dadd_ru(x, y)); r[2] = B(__dadd_rz(x, y)); r[3] = B(__dadd_rn(x, y));
    r[4] = B(__dmul_rd(x, y)); r[5] = B(__dmul_ru(x, y)); r[6] = B(__dmul_rz(x, y)); r[7] = B(__dmul_rn(x, y));
    r[8] = B(__fma_rd(x, y, 0.1)); r[9] = B(__fma_ru(x, y, -0.3)); r[10] = B(__fma_rz(x, x, y)); r[11] = B(__fma_rn(y, y, x));
    r[12] = B(__ddiv_rd(x, y)); r[13] = B(__ddiv_ru(x, y)); r[14] = B(__ddiv_rz(y, x)); r[15] = B(__ddiv_rn(y, x));
    r[16] = B(__drcp_rd(x)); r[17] = B(__drcp_ru(x)); r[18] = B(__drcp_rz(y)); r[19] = B(__drcp_rn(y));
    double ax = fabs(x) + fabs(y);
    r[20] = B(__dsqrt_rd(ax)); r[21] = B(__dsqrt_ru(ax)); r[22] = B(__dsqrt_rz(ax)); r[23] = B(__dsqrt_rn(ax));
    double big = x * 3.0e9, ubig = fabs(y) * 7.0e18;
    r[24] = (unsigned long long)__double2ll_rd(big); r[25] = (unsigned long long)__double2ll_ru(big);
    r[26] = (unsigned long long)__double2ll_rz(big); r[27] = __double2ull_rd(ubig);
    r[28] = __double2ull_ru(ubig); r[29] = __double2ull_rz(ubig); r[30] = __double2ull_rn(ubig);
    r[31] = B(__ll2double_rd(z)); r[32] = B(__ll2double_ru(z)); r[33] = B(__ll2double_rz(z)); r[34] = B(__ll2double_rn(z));
    r[35] = B(__ull2double_rd((unsigned long long)z)); r[36] = B(__ull2double_ru((unsigned long long)z));
    r[37] = B(__ull2double_rz((unsigned long long)z));
    r[38] = (unsigned long long)__double_as_longlong(__hiloint2double(__double2loint(x), __double2hiint(y)));
    r[39] = ((unsigned long long)(unsigned)__double2hiint(x) << 32) | (unsigned)__double2loint(y);
    f[0] = BF(__double2float_rd(x * y)); f[1] = BF(__double2float_ru(x * y)); f[2] = BF(__double2float_rz(x * y));
    f[3] = BF(__double2float_rn(x * y));
    double m = x * 1.0e6;
    f[4] = __double2int_rd(m); f[5] = __double2int_ru(m); f[6] = __double2int_rz(m); f[7] = __double2int_rn(m);
    double um = fabs(y) * 1.0e8;
    f[8] = __double2uint_rd(um); f[9] = __double2uint_ru(um); f[10] = __double2uint_rn(um);
    int zi = (int)(z >> 20);
    f[11] = BF(__int2float_rd(zi)); f[12] = BF(__int2float_ru(zi)); f[13] = BF(__int2float_rz(zi)); f[14] = BF(__int2float_rn(zi));
    unsigned zu = (unsigned)(z >> 16);
    f[15] = BF(__uint2float_rd(zu)); f[16] = BF(__uint2float_ru(zu)); f[17] = BF(__uint2float_rz(zu)); f[18] = BF(__uint2float_rn(zu));
    f[19] = BF(__ll2float_rd(z)); f[20] = BF(__ll2float_ru(z)); f[21] = BF(__ll2float_rz(z)); f[22] = BF(__ll2float_rn(z));
    f[23] = BF(__ull2float_rd((unsigned long long)z)); f[24] = BF(__ull2float_ru((unsigned long long)z));
    float g = (float)(x * 1.0e12);
    f[25] = (unsigned)__float2ll_rd(g); f[26] = (unsigned)(__float2ll_ru(g) >> 8); f[27] = (unsigned)__float2ll_rz(g);
    f[28] = (unsigned)(__float2ll_rn(g) >> 12);
    float ug = fabsf(g) * 1000.0f;
    f[29] = (unsigned)(__float2ull_rd(ug) >> 20); f[30] = (unsigned)(__float2ull_ru(ug) >> 16);
    f[31] = BF(__fadd_rn((float)x, (float)y)) ^ BF(__fmul_ru((float)x, (float)y)) ^ BF(__fsqrt_rz((float)ax))
            ^ BF(__frcp_rd((float)y)) ^ BF(__fmaf_ru((float)x, (float)y, 1.0f)) ^ BF(__fdiv_rz((float)x, (float)y));
}
