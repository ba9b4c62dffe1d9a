// Partial-mask scans and reductions, match_all, a CAS float-add loop with __nanosleep backoff
// where lanes of one warp hit one address, a switch inside a per-lane loop with break.
__device__ float atomic_add_cas(float *p, float v)
{
    unsigned *u = (unsigned *)p;
    unsigned old = *u, assumed;
    int ns = 8;
    do {
        assumed = old;
        old = atomicCAS(u, assumed, __float_as_uint(__uint_as_float(assumed) + v));
        if (old != assumed) {
            __nanosleep(ns);
            ns = ns < 256 ? ns * 2 : ns;
        }
    } while (old != assumed);
    return __uint_as_float(old);
}

#if __CUDA_ARCH__ < 800
// sm_75 has no __reduce_*_sync: the same results from shuffles over the lanes of m
#define RED(name, T, op) __device__ T name(unsigned m, T v) { T s = __shfl_sync(m, v, __ffs(m) - 1); \
    for (unsigned r = m & (m - 1); r; r &= r - 1) { T y = __shfl_sync(m, v, __ffs(r) - 1); s = op; } return s; }
RED(__reduce_or_sync, int, s | y)
RED(__reduce_and_sync, int, s & y)
RED(__reduce_xor_sync, int, s ^ y)
RED(__reduce_min_sync, int, y < s ? y : s)
RED(__reduce_max_sync, unsigned, y > s ? y : s)
#endif

extern "C" __global__ void simt_mix(const int *in, int *out, float *acc)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    int lane = threadIdx.x & 31;
    int v = in[t];
    int *o = out + 6 * t;
    unsigned big = __ballot_sync(0xffffffffu, v >= 0);
    if (v >= 0) {
        // inclusive scan over the lanes of big (shfl_up by rank distance)
        int rank = __popc(big & ((1u << lane) - 1));
        int s = v;
        for (int d = 1; d < 32; d <<= 1) {
            int src = -1, k = 0;
            for (unsigned r = big; r; r &= r - 1, k++)
                if (k == rank - d) src = __ffs(r) - 1;
            int y = __shfl_sync(big, s, src < 0 ? lane : src);
            if (src >= 0) s += y;
        }
        o[0] = s;
        o[1] = __reduce_or_sync(big, v) ^ __reduce_and_sync(big, v | 1);
        int pred;
        unsigned mm = __match_all_sync(big, v & 1 ? 1 : 1, &pred);
        o[2] = pred + 2 * (mm == big);
    } else {
        o[0] = __reduce_xor_sync(~big, v);
        o[1] = __reduce_min_sync(~big, v);
        o[2] = __reduce_max_sync(~big, (unsigned)v) & 0xff;
    }
    // per-lane loop with a switch and a break
    int x = v & 0x3f, steps = 0;
    for (;;) {
        switch (x & 3) {
        case 0: x >>= 1; break;
        case 1: x = x * 3 + 1; break;
        case 2: x -= 1; break;
        default: x ^= 5;
        }
        if (++steps > 40 || x <= 1)
            break;
    }
    o[3] = steps * 100 + x;
    // lanes of a warp race on one float address (integers: the sum is exact)
    float before = atomic_add_cas(&acc[blockIdx.x], (float)(v & 0xff));
    o[4] = before >= 0.0f;
    o[5] = __popc(__ballot_sync(0xffffffffu, before >= 0.0f));
}
