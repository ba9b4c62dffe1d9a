// The rarer library functions (seventh discovery round, math library): Bessel functions of the first
// kind j0/j1/jn, cyl_bessel_i0/i1, erfcx, normcdfinv, norm3d/rnorm3d/norm4d/rnorm, sincospi, in double
// and float.
extern "C" __global__ void bessel(const double *__restrict__ xs, const double *__restrict__ ps, double *__restrict__ od,
                                  float *__restrict__ of, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    double x = xs[i], p = ps[i];                    // x in (-12, 12), p in (0.001, 0.999)
    double *d = od + 14 * i;
    float *f = of + 14 * i;
    d[0] = j0(x); d[1] = j1(x); d[2] = jn(3, x); d[3] = cyl_bessel_i0(x * 0.5); d[4] = cyl_bessel_i1(x * 0.5);
    d[5] = erfcx(x * 0.4); d[6] = normcdfinv(p); d[7] = norm3d(x, p, 1.5); d[8] = rnorm3d(x, p, -2.0);
    d[9] = norm4d(x, p, 1.0, -x); double v[5] = {x, p, 2.0, -1.0, x * p};
    d[10] = rnorm(5, v);
    double s, c;
    sincospi(x * 0.37, &s, &c);
    d[11] = s; d[12] = c; d[13] = erfcinv(p * 2.0);
    float fx = (float)x, fp = (float)p;
    f[0] = j0f(fx); f[1] = j1f(fx); f[2] = jnf(2, fx); f[3] = cyl_bessel_i0f(fx * 0.5f); f[4] = cyl_bessel_i1f(fx * 0.5f);
    f[5] = erfcxf(fx * 0.4f); f[6] = normcdfinvf(fp); f[7] = norm3df(fx, fp, 1.5f); f[8] = rnorm3df(fx, fp, -2.0f);
    f[9] = norm4df(fx, fp, 1.0f, -fx); float w[3] = {fx, fp, 2.0f};
    f[10] = normf(3, w);
    float fs, fc;
    sincospif(fx * 0.37f, &fs, &fc);
    f[11] = fs; f[12] = fc; f[13] = rnormf(3, w);
}
