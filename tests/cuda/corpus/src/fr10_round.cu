// float and double explicitly rounded intrinsics and the C99 float functions at special operands:
// +-0, +-inf, NaN, the largest finite value, denormals, overflow and underflow boundaries, ties
// (fp10 direction).  Every NaN result is stored as the canonical NaN; a value C leaves
// unspecified (frexpf's exponent of inf/NaN, remquof's quotient of a NaN result) as 0.
__device__ unsigned fb(float v) { return isnan(v) ? 0x7fffffffu : __float_as_uint(v); }
__device__ unsigned long long db(double v) { return isnan(v) ? 0x7fffffffffffffffull : (unsigned long long)__double_as_longlong(v); }

extern "C" __global__ void fr10_round(const unsigned *a, const unsigned *b, const unsigned *c,
                                      const unsigned long long *da, const unsigned long long *dbb,
                                      const unsigned long long *dc, unsigned *o, unsigned long long *od, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float x = __uint_as_float(a[i]), y = __uint_as_float(b[i]), z = __uint_as_float(c[i]);
    double dx = __longlong_as_double(da[i]), dy = __longlong_as_double(dbb[i]), dz = __longlong_as_double(dc[i]);
    unsigned *r = o + 80 * i;
    unsigned long long *rd = od + 32 * i;
    int k = 0, m = 0;
#define F(e) r[k++] = fb(e)
#define D(e) rd[m++] = db(e)
    F(__fadd_rn(x, y)); F(__fadd_rz(x, y)); F(__fadd_ru(x, y)); F(__fadd_rd(x, y));
    F(__fsub_rn(x, y)); F(__fsub_rz(x, y)); F(__fsub_ru(x, y)); F(__fsub_rd(x, y));
    F(__fmul_rn(x, y)); F(__fmul_rz(x, y)); F(__fmul_ru(x, y)); F(__fmul_rd(x, y));
    F(__fmaf_rn(x, y, z)); F(__fmaf_rz(x, y, z)); F(__fmaf_ru(x, y, z)); F(__fmaf_rd(x, y, z));
    F(__fdiv_rn(x, y)); F(__fdiv_rz(x, y)); F(__fdiv_ru(x, y)); F(__fdiv_rd(x, y));
    F(__frcp_rn(x)); F(__frcp_rz(x)); F(__frcp_ru(x)); F(__frcp_rd(x));
    F(__fsqrt_rn(x)); F(__fsqrt_rz(x)); F(__fsqrt_ru(x)); F(__fsqrt_rd(x));
    F(__frsqrt_rn(x)); F(__saturatef(x)); r[k++] = __float_as_uint(copysignf(x, y));
    F(fminf(x, y)); F(fmaxf(x, y)); F(nextafterf(x, y));
    int e; F(frexpf(x, &e)); r[k++] = isfinite(x) ? e : 0;
    int sh = (int)(b[i] % 320) - 160;
    F(ldexpf(x, sh)); F(scalbnf(x, sh / 4)); r[k++] = ilogbf(x); F(logbf(x));
    float ip; F(modff(x, &ip)); F(ip);
    F(fmodf(x, y)); int q; float rq = remquof(x, y, &q); F(rq); r[k++] = isnan(rq) ? 0 : q; F(remainderf(x, y));
    F(rintf(x)); F(nearbyintf(x)); F(roundf(x)); F(truncf(x)); F(floorf(x)); F(ceilf(x));
    r[k++] = isnan(x) | (isinf(x) << 1) | (signbit(x) ? 4 : 0) | (isfinite(x) << 3);
    F(fdimf(x, y)); F(fabsf(x)); F(__fmaf_ieee_rn(x, y, z)); F(fmaf(x, y, z)); F(-x);
    r[k++] = __float2int_rn(x); r[k++] = __float2uint_rz(x); r[k++] = isnan(x) ? 0 : (unsigned)__float2ll_rd(x);
    r[k++] = __float2int_ru(y); r[k++] = __float2int_rd(y);
    D(__dadd_rn(dx, dy)); D(__dadd_rz(dx, dy)); D(__dadd_ru(dx, dy)); D(__dadd_rd(dx, dy));
    D(__dmul_rn(dx, dy)); D(__dmul_rz(dx, dy)); D(__dmul_ru(dx, dy)); D(__dmul_rd(dx, dy));
    D(__fma_rn(dx, dy, dz)); D(__fma_rz(dx, dy, dz)); D(__fma_ru(dx, dy, dz)); D(__fma_rd(dx, dy, dz));
    D(__ddiv_rn(dx, dy)); D(__ddiv_rz(dx, dy)); D(__ddiv_ru(dx, dy)); D(__ddiv_rd(dx, dy));
    D(__drcp_rn(dx)); D(__drcp_rz(dx)); D(__drcp_ru(dx)); D(__drcp_rd(dx));
    D(__dsqrt_rn(dx)); D(__dsqrt_rz(dx)); D(__dsqrt_ru(dx)); D(__dsqrt_rd(dx));
    D(__dsub_rn(dx, dy)); D(__dsub_rz(dx, dy)); D(__dsub_ru(dx, dy)); D(__dsub_rd(dx, dy));
    D(fmin(dx, dy)); D(fmax(dx, dy)); D(nextafter(dx, dy)); rd[m++] = __double_as_longlong(copysign(dx, dy));
}
