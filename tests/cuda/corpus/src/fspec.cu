// Float math at special operands (seventh discovery round, math library): domain edges (asinf(2),
// acoshf(0.5), atanhf(+-1), erfinvf(+-1)), poles and overflow (lgammaf(0), tgammaf(-1), tgammaf(36),
// exp10f(39), sinhf(100)), denormals (frexpf, ilogbf, nextafterf(0, 1), ldexpf underflow), exact
// cases (sinpif of integers, cospif(0.5), modff(inf)), NaN propagation.
#define BF(v) (isnan(v) ? 0x7fc00000u : __float_as_uint(v))
extern "C" __global__ void fspec(const float *__restrict__ xs, const float *__restrict__ ys, float *__restrict__ oa,
                                 unsigned *__restrict__ ob, int *__restrict__ oi, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float x = xs[i], y = ys[i];
    float *q = oa + 20 * i;
    unsigned *r = ob + 12 * i;
    q[0] = asinf(x); q[1] = acosf(x); q[2] = acoshf(x); q[3] = atanhf(x); q[4] = lgammaf(x); q[5] = tgammaf(x);
    q[6] = erfinvf(x); q[7] = erfcinvf(y); q[8] = exp10f(x); q[9] = sinhf(x); q[10] = coshf(x); q[11] = asinhf(x);
    q[12] = sinpif(x); q[13] = cospif(y); q[14] = rcbrtf(x); q[15] = rhypotf(x, y); q[16] = normcdff(x);
    q[17] = erfcf(x); q[18] = atan2f(x, y); q[19] = powf(x, y);
    int e;
    float ip;
    r[0] = BF(frexpf(x, &e)); r[1] = BF(ldexpf(x, (int)y)); r[2] = BF(modff(x, &ip)); r[3] = BF(ip);
    r[4] = BF(nextafterf(x, y)); r[5] = BF(scalbnf(x, -150)); r[6] = BF(fdimf(x, y)); r[7] = BF(logbf(x));
    r[8] = BF(fminf(x, y)); r[9] = BF(fmaxf(x, y)); r[10] = BF(__frsqrt_rn(x)); r[11] = BF(__fmaf_ieee_rz(x, y, -1.0f));
    oi[3 * i] = isinf(x) ? 0 : isnan(x) ? 0 : e;
    oi[3 * i + 1] = ilogbf(x);
    oi[3 * i + 2] = __float2int_rn(x) ^ (int)__float2uint_rd(y);
}
