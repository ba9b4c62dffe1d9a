// inclusive prefix sum within each warp (__shfl_up_sync), plus a butterfly max (__shfl_xor_sync)
extern "C" __global__ void warp_scan(const int *in, int *scan, int *wmax)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int lane = threadIdx.x & 31;
    int v = in[i];
    for (int off = 1; off < 32; off <<= 1) {
        int t = __shfl_up_sync(0xffffffffu, v, off);
        if (lane >= off)
            v += t;
    }
    scan[i] = v;
    int m = in[i];
    for (int off = 16; off > 0; off >>= 1)
        m = max(m, __shfl_xor_sync(0xffffffffu, m, off));
    int first = __shfl_sync(0xffffffffu, m, 0);
    wmax[i] = m + first;
}
