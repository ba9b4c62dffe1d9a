#define F(x) (isnan(x) ? 0x7fffffffu : __float_as_uint(x))
#define D(x) (isnan(x) ? 0x7fffffffffffffffll : __double_as_longlong(x))
extern "C" __global__ void round_intrin(const float *x, const float *y, const float *z, const double *dx, const double *dy,
                                        unsigned *o, unsigned long long *od, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float a = x[i], b = y[i], c = z[i];
    unsigned *p = o + 24 * i;
    p[0] = F(__fdiv_rn(a, b)); p[1] = F(__fdiv_rz(a, b)); p[2] = F(__fdiv_ru(a, b)); p[3] = F(__fdiv_rd(a, b));
    p[4] = F(__frcp_rn(b)); p[5] = F(__frcp_rz(b)); p[6] = F(__frcp_ru(b)); p[7] = F(__frcp_rd(b));
    float q = fabsf(a);
    p[8] = F(__fsqrt_rn(q)); p[9] = F(__fsqrt_rz(q)); p[10] = F(__fsqrt_ru(q)); p[11] = F(__fsqrt_rd(q));
    p[12] = F(__fadd_rd(a, b)); p[13] = F(__fadd_rz(a, b)); p[14] = F(__fsub_ru(a, c)); p[15] = F(__fsub_rd(a, c));
    p[16] = F(__fmul_ru(a, b)); p[17] = F(__fmul_rd(a, c)); p[18] = F(__fmul_rn(b, c)); p[19] = F(__fmul_rz(b, c));
    p[20] = F(__fmaf_rz(a, b, c)); p[21] = F(__fmaf_ru(a, b, c)); p[22] = F(__fmaf_rd(a, b, c)); p[23] = F(__fmaf_rn(a, b, c));
    double e = dx[i], f = dy[i];
    unsigned long long *r = od + 20 * i;
    r[0] = D(__dadd_rn(e, f)); r[1] = D(__dadd_rz(e, f)); r[2] = D(__dadd_ru(e, f)); r[3] = D(__dadd_rd(e, f));
    r[4] = D(__dmul_rn(e, f)); r[5] = D(__dmul_rz(e, f)); r[6] = D(__dmul_ru(e, f)); r[7] = D(__dmul_rd(e, f));
    r[8] = D(__ddiv_rn(e, f)); r[9] = D(__ddiv_rz(e, f)); r[10] = D(__ddiv_ru(e, f)); r[11] = D(__ddiv_rd(e, f));
    r[12] = D(__drcp_rn(f)); r[13] = D(__drcp_rz(f)); r[14] = D(__drcp_ru(f)); r[15] = D(__drcp_rd(f));
    double g = fabs(e);
    r[16] = D(__dsqrt_rn(g)); r[17] = D(__dsqrt_ru(g)); r[18] = D(__fma_rd(e, f, g)); r[19] = D(__dsub_ru(e, f));
}
