// warp-vote stream compaction: ballot + popc per warp, one atomicAdd per warp, lanes write at their rank
extern "C" __global__ void compact_warp(const int *in, int *out, int *count, int n, int thr)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int lane = threadIdx.x & 31;
    bool keep = i < n && in[i] > thr;
    unsigned int ballot = __ballot_sync(0xffffffffu, keep);
    int base = 0;
    if (lane == 0 && ballot) base = atomicAdd(count, __popc(ballot));
    base = __shfl_sync(0xffffffffu, base, 0);
    if (keep) out[base + __popc(ballot & ((1u << lane) - 1))] = in[i];
}
// order-preserving block compaction: per-warp counts in shared memory, then a scan over warps
extern "C" __global__ void compact_block(const float *in, float *out, int *blockCount, int n)
{
    __shared__ int warpCnt[32];
    __shared__ int warpOff[32];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int lane = threadIdx.x % 32, w = threadIdx.x / 32;
    float v = i < n ? in[i] : 0.f;
    bool keep = i < n && !(v != v) && fabsf(v) > 0.5f;
    unsigned int b = __ballot_sync(~0u, keep);
    if (lane == 0) warpCnt[w] = __popc(b);
    __syncthreads();
    if (threadIdx.x == 0) {
        int s = 0;
        for (int k = 0; k < (blockDim.x + 31) / 32; ++k) { warpOff[k] = s; s += warpCnt[k]; }
        blockCount[blockIdx.x] = s;
    }
    __syncthreads();
    unsigned int lt; asm("mov.u32 %0, %%lanemask_lt;" : "=r"(lt));
    if (keep) out[blockIdx.x * blockDim.x + warpOff[w] + __popc(b & lt)] = v;
}
