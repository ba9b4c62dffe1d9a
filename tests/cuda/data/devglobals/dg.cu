// __device__ variables a kernel updates: dumped and initialised by name with gpuisa run's
// --dump-buffer / --buffer, or passed as --param ptr:NAME (decision D8-6).
namespace stats { __device__ unsigned long long total; }
__device__ int counter;
__device__ float table[4] = {1.f, 2.f, 3.f, 4.f};

__global__ void dg(int *o)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    atomicAdd(&counter, i);
    atomicAdd(&table[i & 3], 1.0f);
    atomicAdd(&stats::total, (unsigned long long)i * i);
    if (o) o[i] = counter >= 0 ? i : -1;
}
