// Programs in which one warp runs alone for long stretches (the batched engine's burst of a lone
// warp, decision D26-1): tests/sim/test_burst26.py runs each with and without the burst.
// Built: nvcc -cubin -O3 -arch=sm_90 burst26.cu -o k.cubin && nvdisasm k.cubin > burst26_sm_90.nvdisasm
extern "C" __global__ void lone(unsigned *out, const unsigned *in, int rounds)
{
    if (threadIdx.x >= 32) return;              // warp 1 leaves at once: warp 0 runs alone
    unsigned loc[16];
    unsigned x = in[threadIdx.x];
    for (int k = 0; k < 16; k++) loc[k] = x + k * 0x9E3779B9u;
    for (int r = 0; r < rounds; r++) {
        switch ((x >> 3) & 7) {                 // divergent: BSSY/BSYNC, a jump table
        case 0: x = x * 3 + 1; break;
        case 1: x ^= x << 13; break;
        case 2: x = __brev(x) + r; break;
        case 3: x += loc[x & 15]; break;
        case 4: x = __funnelshift_l(x, x, r & 31); break;
        default: loc[r & 15] ^= x; x = x * 1664525u + 1013904223u; break;
        }
        if (x & 1) __syncwarp(__activemask());
    }
    out[threadIdx.x] = x + loc[x & 15];
}

extern "C" __global__ void lone_fault(unsigned *out, const unsigned *in, int rounds)
{
    if (threadIdx.x >= 32) return;
    unsigned x = in[threadIdx.x];
    for (int r = 0; r < rounds; r++) x = (x & 1) ? x * 3 + 1 : x >> 1;
    out[threadIdx.x + (x & 1) * 0x4000000] = x;     // a lane with an odd x writes far out of bounds
}

extern "C" __global__ void lone_nap(unsigned *out, int rounds)
{
    unsigned x = threadIdx.x;
    if (threadIdx.x < 32) {                     // warp 0 naps in its loop; warp 1 waits at the barrier
        for (int r = 0; r < rounds; r++) {
            x = x * 5 + r;
            if ((x & 3) == 0) __nanosleep(100);
        }
    }
    __syncthreads();
    out[threadIdx.x] = x;
}

extern "C" __global__ void lone_forever(unsigned *out, unsigned seed)
{
    if (threadIdx.x >= 32) return;
    unsigned x = seed + threadIdx.x;
    while (x != 0) x = x * 1664525u + 1013904223u | 1u;    // never 0: the step limit ends it
    out[threadIdx.x] = x;
}

__device__ double cas_add(double *p, double v)
{
    unsigned long long *a = (unsigned long long *)p, old = *a, seen;
    do {
        seen = old;
        old = atomicCAS(a, seen, __double_as_longlong(v + __longlong_as_double(seen)));
    } while (seen != old);
    return __longlong_as_double(old);
}

extern "C" __global__ void cas_sum(const double *x, double *sum, int n)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        cas_add(sum, x[i]);
}

// The schedule made visible: lane 0 of each warp appends to log[] in the order the warps run.
// A lone warp releases a named barrier with bar.arrive (it stays ready, the waiting warp goes on).
extern "C" __global__ void order_bar(unsigned *log, unsigned *cnt, unsigned *out, int rounds)
{
    unsigned lane = threadIdx.x & 31, x = threadIdx.x;
    if (threadIdx.x >= 32) {
        asm volatile("bar.sync 1, 64;");
        for (int r = 0; r < 8; r++) {
            x = x * 3 + r;
            if (lane == 0) log[atomicAdd(cnt, 1)] = 0x10000 | r;
        }
    } else {
        for (int r = 0; r < rounds; r++) {
            x = x * 5 + r;
            if (r == rounds / 2) asm volatile("bar.arrive 1, 64;");
            if (lane == 0 && (r & 7) == 0) log[atomicAdd(cnt, 1)] = r;
        }
    }
    out[threadIdx.x] = x;
}

// Block 1 polls a flag (it parks: D25-1) while block 0 runs alone, raises the flag and goes on.
extern "C" __global__ void order_park(volatile unsigned *flag, unsigned *log, unsigned *cnt, unsigned *out, int rounds)
{
    unsigned x = threadIdx.x;
    if (blockIdx.x == 1) {
        while (flag[0] == 0) ;
        for (int r = 0; r < 8; r++) {
            x = x * 3 + r;
            if (threadIdx.x == 0) log[atomicAdd(cnt, 1)] = 0x10000 | r;
        }
    } else {
        for (int r = 0; r < rounds; r++) {
            x = x * 5 + r;
            if (r == rounds / 2) {
                __threadfence();
                if (threadIdx.x == 0) flag[0] = 1;
            }
            if (threadIdx.x == 0 && (r & 7) == 0) log[atomicAdd(cnt, 1)] = r;
        }
    }
    out[blockIdx.x * 32 + threadIdx.x] = x;
}

// Warp 1 polls a flag no thread raises, alone once warp 0 has left: it parks (D25-1) and the run
// ends with a deadlock fault that names the word.
extern "C" __global__ void lone_spin(volatile unsigned *flag, unsigned *out)
{
    if (threadIdx.x < 32) return;
    while (flag[0] == 0) ;
    out[threadIdx.x] = flag[0];
}
