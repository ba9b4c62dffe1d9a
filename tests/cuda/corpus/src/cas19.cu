// Contended compare-and-swap loops (decision D19-1): CUDA's recipe for an atomic the hardware lacks,
// every thread of the grid on one word; the warps that lose wait while the winners go on.
__device__ double atomicAddCas(double *address, double val)
{
    unsigned long long *p = (unsigned long long *)address;
    unsigned long long old = *p, assumed;
    do {
        assumed = old;
        old = atomicCAS(p, assumed, __double_as_longlong(val + __longlong_as_double(assumed)));
    } while (assumed != old);
    return __longlong_as_double(old);
}

__device__ float atomicMaxCas(float *address, float val)
{
    int *p = (int *)address;
    int old = *p, assumed;
    do {
        assumed = old;
        if (__int_as_float(assumed) >= val) break;
        old = atomicCAS(p, assumed, __float_as_int(val));
    } while (assumed != old);
    return __int_as_float(old);
}

// one double sum for the grid (the CUDA Programming Guide's atomicAdd before sm_60)
extern "C" __global__ void cas_dsum(const double *__restrict__ x, double *__restrict__ sum, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) atomicAddCas(sum, x[i]);
}

// float atomicMax through CAS, and the value each thread saw before its update is counted
extern "C" __global__ void cas_fmax(const float *__restrict__ x, float *__restrict__ best, int n)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        atomicMaxCas(best, x[i]);
}

// one word per block (the groups of the hold policy), and an unsigned counter per block too
extern "C" __global__ void cas_block(const double *__restrict__ x, double *__restrict__ sums,
                                     unsigned *__restrict__ counts, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    atomicAddCas(&sums[blockIdx.x], x[i]);
    unsigned old = counts[blockIdx.x], assumed;
    do {
        assumed = old;
        old = atomicCAS(&counts[blockIdx.x], assumed, assumed + 1u);
    } while (old != assumed);
}

// every thread takes a ticket with CAS, then waits for the whole grid to have one: a warp that
// holds the word must let the held ones go on, or it waits for ever
extern "C" __global__ void cas_ticket(unsigned *__restrict__ ticket, unsigned *__restrict__ order, int total)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned old = *(volatile unsigned *)ticket, assumed;
    do {
        assumed = old;
        old = atomicCAS(ticket, assumed, assumed + 1u);
    } while (old != assumed);
    while (*(volatile unsigned *)ticket < (unsigned)total)
        __nanosleep(32);
    order[i] = *(volatile unsigned *)ticket - old;
}
