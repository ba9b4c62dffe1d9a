// float atomicAdd, a CAS loop (float max), atomicMax, atomicExch, atomicInc on global memory
__device__ float atomic_max_float(float *addr, float v)
{
    int *a = (int *)addr;
    int old = *a, assumed;
    do {
        assumed = old;
        if (__int_as_float(assumed) >= v)
            break;
        old = atomicCAS(a, assumed, __float_as_int(v));
    } while (old != assumed);
    return __int_as_float(old);
}

extern "C" __global__ void atomics(const float *in, float *fsum, float *fmax, int *imax, unsigned *cnt)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float x = in[i];
    atomicAdd(fsum, x);
    atomic_max_float(fmax, x);
    atomicMax(imax, (int)(x * 1000.0f));
    atomicInc(cnt, 1000u);
}
