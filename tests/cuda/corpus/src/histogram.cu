// shared-memory histogram with atomics; 16 bins
#define BINS 16
extern "C" __global__ void histogram(const unsigned *in, unsigned *hist, int n)
{
    __shared__ unsigned bins[BINS];
    if (threadIdx.x < BINS)
        bins[threadIdx.x] = 0;
    __syncthreads();
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
        atomicAdd(&bins[in[i] % BINS], 1u);
    __syncthreads();
    if (threadIdx.x < BINS)
        atomicAdd(&hist[threadIdx.x], bins[threadIdx.x]);
}
