__device__ unsigned int done_count = 0;
extern "C" __global__ void fences(const int *in, int n, int *partial, int *result, unsigned *ticket, int *flags)
{
    __shared__ int s[128];
    __shared__ bool last;
    int t = threadIdx.x, i = blockIdx.x * blockDim.x + t;
    s[t] = i < n ? in[i] : 0;
    __syncthreads();
    for (int k = blockDim.x / 2; k > 0; k >>= 1) {
        if (t < k) s[t] += s[t + k];
        __syncthreads();
    }
    if (t == 0) {
        partial[blockIdx.x] = s[0];
        __threadfence();
        unsigned v = atomicInc(&done_count, gridDim.x - 1);
        atomicOr(ticket, 1u << v);
        last = (v == gridDim.x - 1);
    }
    __syncthreads();
    if (last && t < 32) {
        int acc = 0;
        for (int b = t; b < gridDim.x; b += 32) acc += ((volatile int *)partial)[b];
        for (int o = 16; o; o >>= 1) acc += __shfl_down_sync(0xffffffff, acc, o);
        if (t == 0) { *result = acc; __threadfence_system(); flags[0] = 1; }
    }
    if (t == 5) {
        flags[1 + blockIdx.x] = blockIdx.x * 10;
        __threadfence_block();
        flags[1 + gridDim.x + blockIdx.x] = 7;
    }
}
