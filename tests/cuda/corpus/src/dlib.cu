// The double-precision math library beyond exp/log/sin/cos/pow: inverse trigonometry, hyperbolics,
// exp2/exp10/expm1, log2/log10/log1p, cbrt/rcbrt, hypot/rhypot, the error and gamma functions,
// remainder/remquo, frexp/ldexp/modf/nextafter/scalbn/ilogb/logb, fdim/copysign/fmin/fmax with NaN,
// sincos, sinpi/cospi and the rounding functions (seventh discovery round, math library).
#include <math.h>
#define ND 48
#define NI 16
__global__ void dlib(const double *__restrict__ xs, const double *__restrict__ ys, double *__restrict__ od,
                     long long *__restrict__ oi, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    double x = xs[i], y = ys[i];          // x in (-0.95, 0.95), y in (0.6, 30)
    double *d = od + ND * i;
    long long *q = oi + NI * i;
    d[0] = tan(x * 1.5);
    d[1] = asin(x);
    d[2] = acos(x);
    d[3] = atan(y * x);
    d[4] = atan2(x, y - 3.0);
    d[5] = sinh(x * 4.0);
    d[6] = cosh(x * 4.0);
    d[7] = asinh(y * x);
    d[8] = acosh(y + 1.0);
    d[9] = atanh(x);
    d[10] = exp2(y * x);
    d[11] = exp10(x * 5.0);
    d[12] = expm1(x);
    d[13] = log2(y);
    d[14] = log10(y);
    d[15] = log1p(x);
    d[16] = cbrt(x * y);
    d[17] = rcbrt(y);
    d[18] = hypot(x, y);
    d[19] = rhypot(x, y);
    d[20] = rsqrt(y);
    d[21] = erf(x * 2.0);
    d[22] = erfc(x * 2.0);
    d[23] = erfinv(x);
    d[24] = erfcinv(x + 1.0);
    d[25] = normcdf(x * 3.0);
    d[26] = lgamma(y);
    d[27] = tgamma(y * 0.5);
    d[28] = remainder(y * 7.0, x);
    int quo;
    d[29] = remquo(y * 7.0, x, &quo);
    q[0] = quo & 7;
    q[1] = (quo & 7) ? quo < 0 : 2;       // the sign of x / y, where quo is not 0 (CUDA: its low 3 bits)
    int e;
    d[30] = frexp(x * y, &e);
    q[2] = e;
    d[31] = ldexp(x, (int)y - 10);
    double ip;
    d[32] = modf(y * x * 3.0, &ip);
    d[33] = ip;
    d[34] = nextafter(x, y) - x;
    d[35] = scalbn(y, -(int)(y * 2.0));
    q[3] = ilogb(x * y);
    d[36] = logb(x * y);
    d[37] = fdim(x, y - 1.0) + fdim(y, x);
    d[38] = copysign(y, x);
    double nanv = (i % 4 == 0) ? nan("") : x;
    d[39] = fmin(nanv, y) + fmax(x, (i % 3 == 0) ? nan("") : -y);
    double s, c;
    sincos(y, &s, &c);
    d[40] = s;
    d[41] = c;
    d[42] = sinpi(x * y);
    d[43] = cospi(x * y);
    double t = x * y * 4.0;
    d[44] = rint(t);
    d[45] = nearbyint(t) + 100.0 * trunc(t);
    d[46] = round(t);
    d[47] = sqrt(y) / y;
    q[4] = llround(t);
    q[5] = lrint(t);
    q[6] = isnan(nanv) + 2 * isinf(y / (x - x)) + 4 * isfinite(y / x) + 8 * signbit(x);
    q[7] = llrint(t * 1e6);
    q[8] = lround(-t);
}
