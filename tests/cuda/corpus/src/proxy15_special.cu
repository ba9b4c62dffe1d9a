// proxy15: the special functions scientific codes call, in double and float: Bessel functions of
// both kinds (j0, y0, j1, y1, yn: radial wave functions and Debye-Hueckel / scattering kernels),
// erf (diffusion fronts), lgamma/tgamma (Gamma-distributed sampling, partition functions), normcdfinv
// (quasi-Monte-Carlo inverse transform), cyl_bessel_i0 (Kaiser windows, von Mises kernels); written
// for this corpus. Accuracy as the CUDA Math API documents it (the manifest's tolerances).
__global__ void special_d(const double *__restrict__ x, double *__restrict__ out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    double v = x[i];
    double *o = out + 10 * i;
    o[0] = j0(v);
    o[1] = y0(v);
    o[2] = j1(v);
    o[3] = y1(v);
    o[4] = yn(3, v);
    o[5] = erf(v * 0.25);
    o[6] = lgamma(v - 2.2);
    o[7] = tgamma(v * 0.3);
    o[8] = normcdfinv(v / 21.0);
    o[9] = cyl_bessel_i0(v * 0.5);
}

__global__ void special_f(const float *__restrict__ x, float *__restrict__ out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    float v = x[i];
    float *o = out + 10 * i;
    o[0] = j0f(v);
    o[1] = y0f(v);
    o[2] = j1f(v);
    o[3] = y1f(v);
    o[4] = ynf(3, v);
    o[5] = erff(v * 0.25f);
    o[6] = lgammaf(v - 2.2f);
    o[7] = tgammaf(v * 0.3f);
    o[8] = normcdfinvf(v / 21.0f);
    o[9] = cyl_bessel_i0f(v * 0.5f);
}
