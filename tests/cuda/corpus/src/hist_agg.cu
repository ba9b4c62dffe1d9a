extern "C" __global__ void hist_agg(const int *keys, int n, unsigned *hist, unsigned *gcount, int *slots)
{
    __shared__ unsigned sh[64];
    for (int k = threadIdx.x; k < 64; k += blockDim.x) sh[k] = 0;
    __syncthreads();
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
        int key = keys[i] & 63;
        unsigned peers = __match_any_sync(__activemask(), key);
        int leader = __ffs(peers) - 1, lane = threadIdx.x & 31;
        unsigned cnt = __popc(peers);
        if (lane == leader) atomicAdd(&sh[key], cnt);
        /* warp-aggregated slot allocation in global memory */
        unsigned act = __activemask();
        int l2 = __ffs(act) - 1;
        unsigned base;
        if (lane == l2) base = atomicAdd(gcount, __popc(act));
        base = __shfl_sync(act, base, l2);
        unsigned rank = __popc(act & ((1u << lane) - 1));
        slots[base + rank] = 1;   /* every slot once, whichever thread gets it */
    }
    __syncthreads();
    for (int k = threadIdx.x; k < 64; k += blockDim.x) if (sh[k]) atomicAdd(&hist[k], sh[k]);
}
