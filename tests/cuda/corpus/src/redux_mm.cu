#if __CUDA_ARCH__ < 800
template <typename T, typename F> __device__ T red(unsigned m, T v, F f)
{
    T acc = v; bool first = true;
    for (int l = 0; l < 32; ++l)
        if (m >> l & 1) { T x = __shfl_sync(m, v, l); acc = first ? x : f(acc, x); first = false; }
    return acc;
}
#define __reduce_min_sync(m, v) red(m, v, [](auto a, auto b) { return min(a, b); })
#define __reduce_max_sync(m, v) red(m, v, [](auto a, auto b) { return max(a, b); })
#define __reduce_and_sync(m, v) red(m, v, [](auto a, auto b) { return a & b; })
#define __reduce_or_sync(m, v) red(m, v, [](auto a, auto b) { return a | b; })
#define __reduce_xor_sync(m, v) red(m, v, [](auto a, auto b) { return a ^ b; })
#define __reduce_add_sync(m, v) red(m, v, [](auto a, auto b) { return a + b; })
#endif
extern "C" __global__ void redux_mm(const int *in, unsigned *o)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x, lane = threadIdx.x & 31;
    int v = in[i];
    unsigned u = (unsigned)v;
    unsigned *p = o + 12 * i;
    p[0] = __reduce_min_sync(0xffffffff, v);
    p[1] = __reduce_max_sync(0xffffffff, v);
    p[2] = __reduce_min_sync(0xffffffff, u);
    p[3] = __reduce_max_sync(0xffffffff, u);
    p[4] = __reduce_and_sync(0xffffffff, u | 0x80000001u);
    p[5] = __reduce_or_sync(0xffffffff, u & 0x0f0f);
    p[6] = __reduce_xor_sync(0xffffffff, u);
    p[7] = __reduce_add_sync(0xffffffff, u);
    if (v & 1) {
        unsigned m = __activemask();
        p[8] = __reduce_min_sync(m, v);
        p[9] = __reduce_max_sync(m, u);
    } else {
        unsigned m = __activemask();
        p[8] = __reduce_max_sync(m, v);
        p[9] = __reduce_and_sync(m, u);
    }
    if (lane < 20) p[10] = __reduce_add_sync(0x000fffff, v * lane);
    else p[10] = __reduce_min_sync(0xfff00000, -v);
    p[11] = __reduce_max_sync(0xffffffff, lane == 7 ? 0x7fffffff : (int)0x80000000);
}
