// nvcc-include: curand_kernel.h
// cuRAND's device API: XORWOW (curand_init with a per-thread subsequence: the precomputed
// skip-ahead matrices in .nv.global.init; raw, uniform, Box-Muller pairs; skipahead_sequence /
// skipahead), Philox4_32_10 (four-wide draws, normals in float and double, a large skipahead,
// uniform2_double, poisson4, single normals using the saved Box-Muller value), Sobol32 from
// direction vectors in a buffer and scrambled Sobol64, and XORWOW states kept in global memory
// (double normals, log-normal, curand_poisson's three methods).
#include <curand_kernel.h>
extern "C" __global__ void xw_draws(unsigned long long seed, unsigned long long offset,
                                    unsigned *raw, float *uni, float *nrm, int n)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n) return;
    curandState st;
    curand_init(seed, t, offset, &st);
    raw[2 * t] = curand(&st);
    raw[2 * t + 1] = curand(&st);
    uni[t] = curand_uniform(&st);
    float2 g = curand_normal2(&st);
    nrm[2 * t] = g.x;
    nrm[2 * t + 1] = g.y;
}

extern "C" __global__ void xw_skip(unsigned long long seed, unsigned *out, int n, int draws)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n) return;
    curandState st;
    curand_init(seed, 0, 0, &st);
    skipahead_sequence((unsigned long long)(t & 3), &st);
    skipahead((unsigned long long)t * 37 + 5, &st);
    unsigned h = 0x811c9dc5u;
    for (int i = 0; i < draws; ++i)
        h = (h ^ curand(&st)) * 16777619u;
    out[t] = h;
}

extern "C" __global__ void ph_draws(unsigned long long seed, unsigned long long offset, uint4 *raw,
                                    float4 *uni, float4 *nrm, double2 *dn, int n)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n) return;
    curandStatePhilox4_32_10_t st;
    curand_init(seed, t, offset, &st);
    raw[t] = curand4(&st);
    uni[t] = curand_uniform4(&st);
    nrm[t] = curand_normal4(&st);
    dn[t] = curand_normal2_double(&st);
}

extern "C" __global__ void ph_skip(unsigned long long seed, double2 *ud, uint4 *p4, float *nrm,
                                   unsigned *raw, int n)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n) return;
    curandStatePhilox4_32_10_t st;
    curand_init(seed, 0, 0, &st);
    skipahead(0x123456789abull * (t + 1), &st);
    skipahead_sequence((unsigned long long)t << 33, &st);
    ud[t] = curand_uniform2_double(&st);
    p4[t] = curand_poisson4(&st, 10.0);
    nrm[2 * t] = curand_normal(&st);
    nrm[2 * t + 1] = curand_normal(&st);
    raw[t] = curand(&st);
}

extern "C" __global__ void sobol_draws(unsigned *dirs32, unsigned long long *dirs64,
                                       unsigned long long scramble, unsigned *q32, float *uf,
                                       unsigned long long *q64, int n)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n) return;
    curandStateSobol32 s;
    curand_init(dirs32, (unsigned)t, &s);
    q32[2 * t] = curand(&s);
    q32[2 * t + 1] = curand(&s);
    uf[t] = curand_uniform(&s);
    curandStateScrambledSobol64 s64;
    curand_init(dirs64, scramble, (unsigned long long)t * 3, &s64);
    q64[2 * t] = curand(&s64);
    q64[2 * t + 1] = curand(&s64);
}

extern "C" __global__ void st_gen(curandState *states, unsigned long long seed, double *nd,
                                  double *lnd, unsigned *po, int n)
{
    int t = threadIdx.x;
    if (t < n) curand_init(seed, t, 0, &states[t]);
    __syncthreads();
    if (t >= n) return;
    int u = t ^ 1;
    curandState s = states[u];
    double2 g = curand_normal2_double(&s);
    nd[2 * u] = g.x;
    nd[2 * u + 1] = curand_normal_double(&s) + g.y;
    lnd[u] = curand_log_normal_double(&s, 1.0, 0.5);
    po[3 * u] = curand_poisson(&s, 100.0);
    po[3 * u + 1] = curand_poisson(&s, 5000.0);
    po[3 * u + 2] = curand_poisson(&s, 0.75);
}
