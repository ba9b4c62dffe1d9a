// float math functions not yet in the corpus (seventh discovery round, math library)
#define NO 28
__global__ void flib(const float *__restrict__ xs, const float *__restrict__ ys, float *__restrict__ o, int *__restrict__ oi, int n)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
        float x = xs[i], y = ys[i];         // x in (-0.95, 0.95), y in (0.6, 12)
        float *p = o + NO * i;
        p[0] = asinf(x); p[1] = acosf(x); p[2] = atanf(y * x);
        p[3] = sinhf(x * 3.0f); p[4] = coshf(x * 3.0f);
        p[5] = asinhf(y * x); p[6] = acoshf(y + 1.0f); p[7] = atanhf(x);
        p[8] = exp10f(x * 2.0f); p[9] = erfcf(x * 2.0f); p[10] = erfinvf(x);
        p[11] = lgammaf(y); p[12] = tgammaf(y * 0.5f);
        p[13] = sinpif(x * y); p[14] = cospif(x * y); p[15] = normcdff(x * 3.0f);
        int e;
        p[16] = frexpf(x * y, &e);
        p[17] = ldexpf(x, (int)y - 5);
        float ip;
        p[18] = modff(x * y * 3.0f, &ip);
        p[19] = ip;
        p[20] = nextafterf(x, y) - x;
        p[21] = scalbnf(y, -(int)(y * 2.0f));
        p[22] = fdimf(x, y - 1.0f) + fdimf(y, x);
        p[23] = erfcinvf(x + 1.0f);
        p[24] = logbf(x * y);
        p[25] = expm1f(x * 0.01f);
        p[26] = rcbrtf(y);
        p[27] = rhypotf(x, y);
        oi[3 * i] = e;
        oi[3 * i + 1] = ilogbf(x * y);
        oi[3 * i + 2] = (int)lroundf(x * y * 4.0f) + 1000 * (int)lrintf(x * y * 4.0f);
    }
}
