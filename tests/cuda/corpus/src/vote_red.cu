// votes, matches and warp reductions inside divergent code
__device__ __forceinline__ unsigned lanemask_lt() { unsigned m; asm("mov.u32 %0, %%lanemask_lt;" : "=r"(m)); return m; }
__device__ __forceinline__ unsigned laneid() { unsigned m; asm volatile("mov.u32 %0, %%laneid;" : "=r"(m)); return m; }

extern "C" __global__ void vote_red(const int *in, unsigned *o)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int v = in[i];
    unsigned *r = o + 12 * i;
    if (v % 3 != 0) {                                // a partial warp
        unsigned act = __activemask();
        r[0] = act;
        r[1] = __ballot_sync(act, v > 0);
        r[2] = __any_sync(act, v > 500) | (__all_sync(act, v > -500) << 1);
        r[3] = __match_any_sync(act, v & 7);
        int pred;
        r[4] = __match_all_sync(act, v >> 10, &pred);
        r[5] = pred;
#if __CUDA_ARCH__ >= 800
        r[6] = __reduce_add_sync(act, (unsigned)v);
        r[7] = __reduce_min_sync(act, v);
        r[8] = __reduce_max_sync(act, (unsigned)v);
        r[9] = __reduce_and_sync(act, (unsigned)v) ^ __reduce_or_sync(act, (unsigned)v) ^ __reduce_xor_sync(act, (unsigned)v);
#else
        unsigned s = v, mn = v, mx = v, a = v, oo = v, x = v;
        for (int l = 0; l < 32; l++) {
            if (!(act >> l & 1)) continue;
            int w = __shfl_sync(act, v, l);
            s += l == (threadIdx.x & 31) ? 0 : w;
            mn = min((int)mn, w); mx = max(mx, (unsigned)w); a &= w; oo |= w;
            x ^= l == (threadIdx.x & 31) ? 0 : w;
        }
        r[6] = s; r[7] = mn; r[8] = mx; r[9] = a ^ oo ^ x;
#endif
    } else {
        r[0] = __ballot_sync(__activemask(), 1);
        r[1] = r[2] = r[3] = r[4] = r[5] = r[6] = r[7] = r[8] = r[9] = 7;
    }
    r[10] = __popc(__ballot_sync(0xffffffffu, v & 1));
    r[11] = __popc(__ballot_sync(0xffffffffu, v < 0) & lanemask_lt()) + 100 * laneid();
}
