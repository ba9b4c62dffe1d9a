// 64-bit and double atomics, atomicInc/atomicDec, float atomics on shared memory, a CAS loop (float max)
extern "C" __global__ void atomics64(const int *in, unsigned long long *u, double *d, unsigned *c, float *f)
{
    __shared__ float sf[4];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int t = threadIdx.x;
    if (t < 4) sf[t] = 0.f;
    __syncthreads();
    int v = in[i];
    atomicAdd(&u[0], (unsigned long long)v * 1000000007ull);
    atomicMax(&u[1], (unsigned long long)v << 33);
    atomicAdd(d, (double)v * 0.5);
    atomicInc(&c[0], 1000000u);
    atomicDec(&c[1], 1000000u);
    atomicAdd(&sf[t & 3], 1.0f);
    float old = f[0], assumed;
    do {
        assumed = old;
        old = __int_as_float(atomicCAS((int *)f, __float_as_int(assumed), __float_as_int(fmaxf(assumed, (float)v))));
    } while (assumed != old);
    __syncthreads();
    if (t < 4) atomicAdd(&f[1 + t], sf[t]);
}
