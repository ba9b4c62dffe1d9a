// Double math at special operands: zeros of both signs, infinities, NaN, denormals, huge and tiny
// values, the Payne-Hanek reduction of sin/cos/tan for huge arguments, exact cases (sinpi(0.5),
// rint(-0.5), ilogb(0)), overflow and underflow (seventh discovery round, math library).
#include <math.h>
#define B(v) (isnan(v) ? 0x7ff8000000000000ull : (unsigned long long)__double_as_longlong(v))
extern "C" __global__ void dspec(const double *__restrict__ xs, const double *__restrict__ ys, unsigned long long *__restrict__ o,
                                 double *__restrict__ oa, int *__restrict__ oi, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    double x = xs[i], y = ys[i];
    unsigned long long *r = o + 20 * i;            // correctly rounded or exact: compared bit for bit
    double *q = oa + 16 * i;                       // CUDA's documented ulp errors: compared within them
    r[0] = B(x / y); r[1] = B(sqrt(x)); r[2] = B(1.0 / x); r[3] = B(fmin(x, y));
    r[4] = B(fmax(x, y)); r[5] = B(copysign(x, y)); r[6] = B(rint(x)); r[7] = B(round(x));
    r[8] = B(trunc(x)); r[9] = B(floor(x) + ceil(y)); r[10] = B(remainder(x, y)); r[11] = B(fmod(x, y));
    r[12] = B(nextafter(x, y)); r[13] = B(logb(x)); r[14] = B(ldexp(x, 1000) * 0.0 + scalbn(y, -1070)); r[15] = B(fdim(x, y));
    r[16] = B(__dsqrt_rd(x)); r[17] = B(__ddiv_ru(x, y)); r[18] = B(__drcp_rz(x)); r[19] = B(fma(x, y, -x));
    q[0] = rsqrt(x); q[1] = sin(x); q[2] = cos(x); q[3] = tan(x); q[4] = atan2(x, y); q[5] = hypot(x, y);
    q[6] = exp(x); q[7] = log(x); q[8] = expm1(x); q[9] = log1p(x); q[10] = cbrt(x); q[11] = pow(x, y);
    q[12] = sinpi(x); q[13] = cospi(y); q[14] = atan(x); q[15] = exp2(y);
    int e;
    frexp(x, &e);
    oi[4 * i + 0] = e;
    oi[4 * i + 1] = ilogb(x);
    oi[4 * i + 2] = isnan(x) | isinf(x) << 1 | isfinite(x) << 2 | signbit(x) << 3 | (x == y) << 4 | (x < y) << 5;
    oi[4 * i + 3] = __double2int_rn(x) ^ (int)__double2uint_rz(y);
}
