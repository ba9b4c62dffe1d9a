#define NB 61
extern "C" __global__ void hist_two_level(const unsigned char* data, unsigned* hist, unsigned long long* total, int n)
{
    __shared__ unsigned sh[NB];
    for (int b = threadIdx.x; b < NB; b += blockDim.x) sh[b] = 0;
    __syncthreads();
    unsigned local = 0;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
        unsigned v = data[i];
        atomicAdd(&sh[v % NB], 1u);
        local += v;
    }
    __syncthreads();
    for (int b = threadIdx.x; b < NB; b += blockDim.x)
        if (sh[b]) atomicAdd(&hist[b], sh[b]);
    atomicAdd(total, (unsigned long long)local);
}
