// Warp-synchronous operations under divergence: partial masks from __ballot_sync and
// __activemask(), inside branches and per-lane loops, __syncwarp(mask), lanes that leave early.
#define FULLM 0xffffffffu

__device__ __forceinline__ int reduce_add(unsigned m, int v)
{
#if __CUDA_ARCH__ >= 800
    return __reduce_add_sync(m, v);
#else
    int s = 0;
    for (unsigned r = m; r; r &= r - 1)
        s += __shfl_sync(m, v, __ffs(r) - 1);
    return s;
#endif
}

__device__ __forceinline__ unsigned reduce_max(unsigned m, unsigned v)
{
#if __CUDA_ARCH__ >= 800
    return __reduce_max_sync(m, v);
#else
    unsigned s = 0;
    for (unsigned r = m; r; r &= r - 1) {
        unsigned y = __shfl_sync(m, v, __ffs(r) - 1);
        s = y > s ? y : s;
    }
    return s;
#endif
}

extern "C" __global__ void simt_warp(const int *in, int *out)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    int lane = threadIdx.x & 31;
    int v = in[t];
    int *o = out + 8 * t;
    unsigned odd = __ballot_sync(FULLM, v & 1);
    if (v & 1) {
        int leader = __ffs(odd) - 1;
        o[0] = __shfl_sync(odd, v, leader);
        o[1] = __popc(__ballot_sync(odd, v > 0));
        o[2] = __any_sync(odd, v > 90) + 2 * __all_sync(odd, v > -90);
        o[3] = __popc(__match_any_sync(odd, v & 6));
        o[4] = reduce_add(odd, v);
        __syncwarp(odd);
    } else {
        unsigned am = __activemask();
        unsigned above = am & ~((2u << lane) - 1);
        int nxt = above ? __ffs(above) - 1 : __ffs(am) - 1;
        o[0] = __shfl_sync(am, v, nxt);
        o[1] = __popc(am);
        o[2] = (int)reduce_max(am, (unsigned)(v + 1000));
        if (v & 2) {
            unsigned m2 = __activemask();
            o[3] = __popc(m2) * 100 + __popc(m2 & ((1u << lane) - 1));
            __syncwarp(m2);
        } else {
            o[3] = -__popc(__activemask());
        }
        o[4] = 0;
    }
    // per-lane trip counts: the mask shrinks as lanes leave the loop
    int trips = (v & 7) + (lane & 3);
    int s = 0;
    unsigned m = FULLM;
    for (int i = 0;; i++) {
        m = __ballot_sync(m, i < trips);
        if (i >= trips)
            break;
        s += __shfl_sync(m, v, 31 - __clz(m)) + i;
        if (__all_sync(m, (v + i) & 1))
            s += 1000;
    }
    o[5] = s;
    // lanes that leave early; the others keep shuffling among themselves
    unsigned stay = __ballot_sync(FULLM, !(lane >= 20 && (v & 8)));
    if (lane >= 20 && (v & 8))
        return;
    int acc = v;
    for (int k = 1; k < 32; k <<= 1) {
        int src = lane ^ k;
        int y = __shfl_xor_sync(stay, acc, k);
        if ((stay >> src) & 1)
            acc += y;
        __syncwarp(stay);
    }
    o[6] = acc;
    o[7] = __popc(stay);
}
