// grid-stride sum, warp shuffle reduction, one float and one 64-bit atomic per warp (UPOPC-combined)
extern "C" __global__ void reduce_atomic(const float *x, float *sum, unsigned long long *cnt, int n)
{
    float v = 0;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        v += x[i];
    for (int o = 16; o; o >>= 1)
        v += __shfl_down_sync(0xffffffff, v, o);
    if ((threadIdx.x & 31) == 0) {
        atomicAdd(sum, v);
        atomicAdd(cnt, 1ull);
    }
}
