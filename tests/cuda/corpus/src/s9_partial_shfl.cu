// The reduction sample's reduce7 finishes with a shuffle-down over the first blockDim/32 lanes
// only, under the mask of those lanes: lane 0 reads lanes 16, 8, ... that did not take part.
// CUDA calls the value undefined; GPUs return 0 there, which is what makes the sum right.
__global__ void partial_warp_sum(const int *in, int *out, int n)
{
    __shared__ int warp_sums[32];
    unsigned tid = threadIdx.x;
    unsigned i = blockIdx.x * blockDim.x + tid;
    int v = i < n ? in[i] : 0;
    for (int off = 16; off > 0; off >>= 1)
        v += __shfl_down_sync(0xffffffffu, v, off);
    if ((tid & 31) == 0)
        warp_sums[tid / 32] = v;
    __syncthreads();
    unsigned extent = blockDim.x / 32;
    unsigned members = __ballot_sync(0xffffffffu, tid < extent);
    if (tid < extent) {
        v = warp_sums[tid];
        for (int off = 16; off > 0; off >>= 1)
            v += __shfl_down_sync(members, v, off);
    }
    if (tid == 0)
        out[blockIdx.x] = v;
}
