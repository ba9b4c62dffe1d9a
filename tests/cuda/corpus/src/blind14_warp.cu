// blind14: a warp sum under the mask of the lanes that took a branch (__reduce_add_sync on sm_80+,
// shuffles before), and __match_any_sync / __match_all_sync on 32- and 64-bit keys.
extern "C" __global__ void b_redux_partial(const unsigned *in, unsigned *out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned v = in[i];
    unsigned res = 0xdeadbeef;
    if (v & 1u) {
        unsigned m = __activemask();
#if __CUDA_ARCH__ >= 800
        res = __reduce_add_sync(m, v);
#else
        res = 0;
        for (int l = 0; l < 32; l++) {
            unsigned t = __shfl_sync(m, v, l);
            if (m >> l & 1) res += t;
        }
#endif
    }
    out[i] = res;
}

extern "C" __global__ void b_match(const int *keys, const long long *k64, unsigned *any_out, unsigned *all_out, unsigned *any64)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int k = keys[i];
    any_out[i] = __match_any_sync(~0u, k);
    int pred;
    unsigned m = __match_all_sync(~0u, k >> 8, &pred);
    all_out[2 * i] = m;
    all_out[2 * i + 1] = pred;
    any64[i] = __match_any_sync(~0u, k64[i]);
}
