// per-warp sum with __shfl_down_sync; out[global warp] = sum of the warp's inputs
extern "C" __global__ void warp_reduce(const int *in, int *out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int v = in[i];
    for (int off = 16; off > 0; off >>= 1)
        v += __shfl_down_sync(0xffffffffu, v, off);
    if ((threadIdx.x & 31) == 0)
        out[i >> 5] = v;
}
