// block sum in shared memory (tree reduction with __syncthreads)
extern "C" __global__ void block_reduce(const int *in, int *out)
{
    __shared__ int buf[128];
    int t = threadIdx.x;
    buf[t] = in[blockIdx.x * blockDim.x + t];
    __syncthreads();
    for (int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (t < s)
            buf[t] += buf[t + s];
        __syncthreads();
    }
    if (t == 0)
        out[blockIdx.x] = buf[0];
}
