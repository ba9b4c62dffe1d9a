// atomicInc/atomicDec that wrap (global and shared), a float CAS loop on shared memory
// (ATOMS.CAST.SPIN), a 64-bit CAS loop, 64-bit atomicMin/And/Or/Xor, __sad/__usad
extern "C" __global__ void atomics_wrap(const int *in, unsigned *c, unsigned long long *u, float *f, unsigned *sad)
{
    __shared__ float sm;
    __shared__ unsigned sc[2];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int t = threadIdx.x;
    if (t == 0) { sm = 1.0f; sc[0] = 0; sc[1] = 0; }
    __syncthreads();
    int v = in[i];
    atomicInc(&c[0], 6u);
    atomicDec(&c[1], 9u);
    atomicInc(&sc[0], 4u);
    atomicMax(&sc[1], (unsigned)v);
    float old = sm, assumed;
    do {
        assumed = old;
        old = __int_as_float(atomicCAS((int *)&sm, __float_as_int(assumed), __float_as_int(assumed + (float)(v & 7))));
    } while (assumed != old);
    unsigned long long o = u[0], a;
    do {
        a = o;
        o = atomicCAS(&u[0], a, a + (unsigned long long)v * 3ull);
    } while (a != o);
    atomicMin(&u[1], (unsigned long long)(v + 7) << 20);
    atomicAnd(&u[2], ~(1ull << (v & 31)));
    atomicOr(&u[3], 1ull << (v & 63));
    atomicXor(&u[4], (unsigned long long)v << 31);
    sad[i] = __sad(v, 500, 7u) + __usad((unsigned)v, 300u, 1u);
    __syncthreads();
    if (t == 0) {
        f[blockIdx.x] = sm;
        c[2 + 2 * blockIdx.x] = sc[0];
        c[3 + 2 * blockIdx.x] = sc[1];
    }
}
