// Programmatic dependent launch as CCCL 13's CUB kernels write it (HeCBench f..z, session 11,
// xarch11): griddepcontrol.wait before the first global read is `ACQBULK`, the early trigger
// for the dependent grid is `PREEXIT` (sm_90 and later; older targets compile neither).

__device__ __forceinline__ void wait_for_producer()
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
    cudaGridDependencySynchronize();
#endif
}

__device__ __forceinline__ void let_consumer_start()
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
    cudaTriggerProgrammaticLaunchCompletion();
#endif
}

// each CTA sums in[i] * (i % 5) over its slice; the trigger comes before the result is written
__global__ void weighted_block_sum(const int *__restrict__ in, int *out, int n)
{
    __shared__ int part[256];
    wait_for_producer();
    int t = threadIdx.x;
    int i = blockIdx.x * blockDim.x + t;
    part[t] = i < n ? in[i] * (i % 5) : 0;
    __syncthreads();
    for (int k = blockDim.x / 2; k > 0; k >>= 1) {
        if (t < k)
            part[t] += part[t + k];
        __syncthreads();
    }
    let_consumer_start();
    if (t == 0)
        out[blockIdx.x] = part[0];
}

// only some threads trigger (a predicated PREEXIT), after a grid-stride loop
__global__ void stride_xor_fold(const unsigned *__restrict__ in, unsigned *out, int n)
{
    wait_for_producer();
    int stride = gridDim.x * blockDim.x;
    int tid = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned acc = 0x9e3779b9u;
    for (int i = tid; i < n; i += stride)
        acc = (acc ^ in[i]) * 0x01000193u;
    if (acc & 1)
        let_consumer_start();
    out[tid] = acc;
}
