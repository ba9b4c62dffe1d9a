// The model at scale (scale15, issue 11): atomics built from atomicCAS loops the way the CUDA
// Programming Guide and countless user kernels write them -- a float atomicMax, a double atomicAdd
// (the guide's pre-sm_60 version; integer-valued doubles, so every order gives the same sum) and a
// lock-free list push in which every lane swaps in its own node (the contended CAS of decision
// D15-S-2: one word, unequal swap values) -- and a per-lane state machine (D15-S-1).  Own code.
__device__ float cas_fmax(float *addr, float val)
{
    int *a = (int *)addr;
    int old = *a, assumed;
    while (val > __int_as_float(old)) {
        assumed = old;
        old = atomicCAS(a, assumed, __float_as_int(val));
        if (old == assumed) break;
    }
    return __int_as_float(old);
}

__device__ double cas_dadd(double *addr, double val)
{
    unsigned long long *a = (unsigned long long *)addr;
    unsigned long long old = *a, assumed;
    do {
        assumed = old;
        old = atomicCAS(a, assumed, __double_as_longlong(val + __longlong_as_double(assumed)));
    } while (assumed != old);
    return __longlong_as_double(old);
}

extern "C" __global__ void scale15_cas(const int *in, int n, float *fmax, double *dsum, unsigned *head,
                                       unsigned *next, unsigned *count, unsigned *ticket, unsigned *seen,
                                       unsigned *len)
{
    __shared__ bool last;
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        int v = in[i];
        int b = v & 3;
        cas_fmax(&fmax[b], (float)v * 0.5f);
        cas_dadd(&dsum[b], (double)v);
        unsigned old = atomicAdd(head, 0u), was;        // push node i: next[i] = the old head
        do {
            was = old;
            next[i] = was;
            __threadfence();
            old = atomicCAS(head, was, (unsigned)i);
        } while (old != was);
        atomicAdd(&count[b], 1u);
    }
    __threadfence();
    __syncthreads();
    if (threadIdx.x == 0)
        last = atomicAdd(ticket, 1u) == gridDim.x - 1;
    __syncthreads();
    if (!last) return;
    if (threadIdx.x == 0) {     // the last block: every node on the list exactly once
        unsigned h = *(volatile unsigned *)head, k = 0;
        while (h != 0xffffffffu && k <= (unsigned)n) {
            seen[h] += 1;
            h = ((volatile unsigned *)next)[h];
            ++k;
        }
        *len = k;
    }
    __syncthreads();
    for (int j = threadIdx.x; j < n; j += blockDim.x)     // empty the list for the next launch
        next[j] = 0;
    if (threadIdx.x == 0)
        *head = 0xffffffffu;
}
