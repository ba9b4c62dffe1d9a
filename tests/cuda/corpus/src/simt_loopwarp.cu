// Warp-synchronous code in data-dependent loops: a loop whose lanes leave at different trips
// with a full-mask-free shuffle inside (mask from __ballot_sync of the lanes still looping), a
// break on a warp vote, then full-warp reductions right after the loop.
extern "C" __global__ void simt_loopwarp(const int *in, int *out)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    int lane = threadIdx.x & 31;
    int v = in[t];
    int trips = (v & 7) + 1;
    int acc = 0;
    unsigned m = 0xffffffffu;
    for (int i = 0; i < 64; i++) {
        m = __ballot_sync(m, i < trips);
        if (i >= trips)
            break;
        int src = __ffs(m) - 1;
        acc += __shfl_sync(m, v + i, src);
        if (__any_sync(m, acc > 5000))
            break;
    }
    int s = acc;
    for (int o = 16; o; o >>= 1)
        s += __shfl_xor_sync(0xffffffffu, s, o);
    unsigned b = __ballot_sync(0xffffffffu, acc & 1);
    out[3 * t] = acc;
    out[3 * t + 1] = s;
    out[3 * t + 2] = __popc(b) + 100 * (lane == __ffs(b) - 1);
}
