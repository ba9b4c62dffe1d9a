// warp-level segmented inclusive scan: flags mark segment heads
extern "C" __global__ void warp_segscan(const int* val, const int* flag, int* out, int* segid, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int lane = threadIdx.x & 31;
    int v = (i < n) ? val[i] : 0;
    int f = (i < n) ? flag[i] : 1;
    if (lane == 0) f = 1;
    unsigned heads = __ballot_sync(0xffffffffu, f);
    unsigned upto = heads & (0xffffffffu >> (31 - lane));
    int start = 31 - __clz(upto);
    int dist = lane - start;
    int x = v;
#pragma unroll
    for (int d = 1; d < 32; d <<= 1) {
        int y = __shfl_up_sync(0xffffffffu, x, d);
        if (d <= dist) x += y;
    }
    if (i < n) {
        out[i] = x;
        segid[i] = __popc(upto) + (blockIdx.x * (blockDim.x >> 5) + (threadIdx.x >> 5)) * 100;
    }
}
