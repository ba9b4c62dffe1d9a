// warp-wide reductions (__reduce_*_sync on sm_80+, shuffles before): out[3*w+k]
extern "C" __global__ void redux(const unsigned *in, unsigned *out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned x = in[i];
#if __CUDA_ARCH__ >= 800
    unsigned s = __reduce_add_sync(0xffffffffu, x);
    unsigned m = __reduce_min_sync(0xffffffffu, x);
    unsigned o = __reduce_or_sync(0xffffffffu, x);
#else
    unsigned s = x, m = x, o = x;
    for (int off = 16; off > 0; off >>= 1) {
        s += __shfl_xor_sync(0xffffffffu, s, off);
        m = min(m, __shfl_xor_sync(0xffffffffu, m, off));
        o |= __shfl_xor_sync(0xffffffffu, o, off);
    }
#endif
    if ((threadIdx.x & 31) == 0) {
        int w = i >> 5;
        out[3 * w + 0] = s;
        out[3 * w + 1] = m;
        out[3 * w + 2] = o;
    }
}
