// Atomics other than integer addition under contention from many warps at once (direction scale13):
// the batched engine folds them in the replay's order (decision D13-S-1).  Every checked value is
// independent of the order the hardware picks: float sums of small integers are exact, the old
// values an exchange returns plus its final value are the values written, tickets are a permutation.
#include <climits>

extern "C" __global__ void sc_fold(const int *in, float *fsum, double *dsum, int *imax, int *imin,
                                   unsigned *bits, unsigned long long *umax64, long long *xsum)
{
    __shared__ long long sx;
    __shared__ int smax, smin;
    __shared__ unsigned sor, sand;
    __shared__ float sf;
    int t = threadIdx.x, g = blockIdx.x * blockDim.x + t;
    if (t == 0) { sx = 7; smax = INT_MIN; smin = INT_MAX; sor = 0; sand = 0xffffffffu; sf = 0.0f; }
    __syncthreads();
    int v = in[g];
    atomicMax(&smax, v);
    atomicMin(&smin, v);
    atomicOr(&sor, 1u << (v & 31));
    atomicAnd(&sand, ~(1u << ((v >> 5) & 31)));
    atomicAdd(&sf, (float)(v & 1023));
    atomicAdd(&fsum[v & 3], (float)(v % 100));
    atomicAdd(&dsum[g & 1], (double)v * 0.5);
    atomicXor(&bits[2], (unsigned)v * 2654435761u);
    atomicMax(&umax64[0], (unsigned long long)(unsigned)v << 20);
    long long old = atomicExch((unsigned long long *)&sx, (unsigned long long)(long long)v);
    atomicAdd((unsigned long long *)&xsum[0], (unsigned long long)old);     // the values read ...
    __syncthreads();
    if (t == 0) {
        atomicMax(&imax[0], smax);
        atomicMin(&imin[0], smin);
        atomicOr(&bits[0], sor);
        atomicAnd(&bits[1], sand);
        atomicAdd(&fsum[4], sf);
        atomicAdd((unsigned long long *)&xsum[0], (unsigned long long)sx);  // ... and the last one left
    }
}

// a spin lock taken with atomicCAS by one lane a warp, a ticket from atomicInc, a wrapping atomicDec
extern "C" __global__ void sc_lock(int *lock, int *count, unsigned *ticket, int *order, unsigned *dec,
                                   unsigned *sinc)
{
    __shared__ unsigned s;
    if (threadIdx.x == 0) s = 0;
    __syncthreads();
    int lane = threadIdx.x & 31;
    atomicInc(&s, 6u);
    atomicDec(&dec[0], 9u);
    if (lane == 0) {
        while (atomicCAS(lock, 0, 1) != 0) { }
        __threadfence();
        int c = *(volatile int *)count;
        *(volatile int *)count = c + 1;
        __threadfence();
        atomicExch(lock, 0);
        unsigned k = atomicInc(ticket, 0xffffffffu);
        order[k] = 1;
    }
    __syncthreads();
    if (threadIdx.x == 0) atomicAdd(&sinc[0], s);
}
