// Directed rounding at the edges (seventh discovery round, math library): overflow (toward zero and
// toward the other infinity give the largest finite value), underflow to denormals and zero, exact
// zeros' signs (x - x is -0 rounding down), infinities and NaN, in float and double.
#define BF(v) (isnan(v) ? 0x7fffffffu : __float_as_uint(v))
#define BD(v) (isnan(v) ? 0x7fffffffffffffffull : (unsigned long long)__double_as_longlong(v))
extern "C" __global__ void rspec(const double *__restrict__ xa, const double *__restrict__ xb, unsigned *__restrict__ of,
                                 unsigned long long *__restrict__ od, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    double a = xa[i], b = xb[i];
    float fa = (float)a, fb = (float)b;
    unsigned *p = of + 16 * i;
    p[0] = BF(__fadd_rd(fa, fb)); p[1] = BF(__fadd_ru(fa, fb)); p[2] = BF(__fadd_rz(fa, fb)); p[3] = BF(__fsub_rd(fa, fa));
    p[4] = BF(__fmul_rd(fa, fb)); p[5] = BF(__fmul_ru(fa, fb)); p[6] = BF(__fmul_rz(fa, fb)); p[7] = BF(__fmul_rn(fa, fb));
    p[8] = BF(__fdiv_rd(fa, fb)); p[9] = BF(__fdiv_ru(fa, fb)); p[10] = BF(__fdiv_rz(fa, fb)); p[11] = BF(__frcp_rd(fb));
    p[12] = BF(__frcp_ru(fb)); p[13] = BF(__fsqrt_rd(fa)); p[14] = BF(__fmaf_rz(fa, fb, fa)); p[15] = BF(__fmaf_ru(fa, fb, -fb));
    unsigned long long *q = od + 16 * i;
    q[0] = BD(__dadd_rd(a, b)); q[1] = BD(__dadd_ru(a, b)); q[2] = BD(__dadd_rz(a, b)); q[3] = BD(__dsub_rd(a, a));
    q[4] = BD(__dmul_rd(a, b)); q[5] = BD(__dmul_ru(a, b)); q[6] = BD(__dmul_rz(a, b)); q[7] = BD(__dmul_rn(a, b));
    q[8] = BD(__ddiv_rd(a, b)); q[9] = BD(__ddiv_ru(a, b)); q[10] = BD(__ddiv_rz(a, b)); q[11] = BD(__drcp_rd(b));
    q[12] = BD(__drcp_ru(b)); q[13] = BD(__dsqrt_rd(a)); q[14] = BD(__fma_rz(a, b, a)); q[15] = BD(__fma_ru(a, b, -b));
}
