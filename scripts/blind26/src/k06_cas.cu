__device__ float atomicMaxFloat(float* addr, float val)
{
    int* ia = (int*)addr;
    int old = *ia, assumed;
    do {
        assumed = old;
        if (__int_as_float(assumed) >= val) break;
        old = atomicCAS(ia, assumed, __float_as_int(val));
    } while (assumed != old);
    return __int_as_float(old);
}
__device__ double casAddDouble(double* addr, double val)
{
    unsigned long long* p = (unsigned long long*)addr;
    unsigned long long old = *p, assumed;
    do {
        assumed = old;
        old = atomicCAS(p, assumed, __double_as_longlong(__longlong_as_double(assumed) + val));
    } while (assumed != old);
    return __longlong_as_double(old);
}
extern "C" __global__ void cas_atomics(const float* f, const int* v, float* fmax, double* dsum,
                                       unsigned* incw, int* mins, unsigned* xors, unsigned long long* u64sum, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    atomicMaxFloat(&fmax[i & 3], f[i]);
    casAddDouble(&dsum[i % 5], (double)v[i]);
    atomicInc(&incw[0], 17u);
    atomicDec(&incw[1], 9u);
    atomicMin(&mins[0], v[i]);
    atomicMax(&mins[1], v[i]);
    atomicXor(&xors[0], (unsigned)v[i] * 2654435761u);
    atomicOr(&xors[1], 1u << (v[i] & 31));
    atomicAnd(&xors[2], ~(1u << ((v[i] >> 5) & 31)));
    atomicAdd(u64sum, (unsigned long long)(unsigned)v[i] << 20);
}
