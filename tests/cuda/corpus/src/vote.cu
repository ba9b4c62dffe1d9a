// warp votes: out[4*w+0] = ballot(x > t), +1 = all(x >= 0), +2 = any(x == 7), +3 = popc(ballot)
extern "C" __global__ void vote(const int *in, unsigned *out, int t)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int x = in[i];
    unsigned b = __ballot_sync(0xffffffffu, x > t);
    int all = __all_sync(0xffffffffu, x >= 0);
    int any = __any_sync(0xffffffffu, x == 7);
    if ((threadIdx.x & 31) == 0) {
        int w = i >> 5;
        out[4 * w + 0] = b;
        out[4 * w + 1] = all;
        out[4 * w + 2] = any;
        out[4 * w + 3] = __popc(b);
    }
}
