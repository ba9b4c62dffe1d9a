// Loops of very different per-lane trip counts (up to hundreds of trips, with a volatile or
// atomic load in the body, so ptxas puts a YIELD in them), followed at once by full-warp
// collectives: the warp must be whole again when the vote, shuffle and match run.
extern "C" __global__ void its_lg_vote(const int *in, const int *tbl, int *out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int lane = threadIdx.x & 31;
    int n = (lane & 7) == 3 ? 150 + lane : (in[i] & 3);
    int x = 0;
    for (int k = 0; k < n; ++k)
        x += ((volatile const int *)tbl)[(k + lane) & 63];
    unsigned b = __ballot_sync(0xffffffffu, x & 1);
    int y = __shfl_sync(0xffffffffu, x, (lane + 5) & 31);
    int s = x;
    for (int o = 16; o; o >>= 1) s += __shfl_xor_sync(0xffffffffu, s, o);
    out[3 * i] = (int)b;
    out[3 * i + 1] = y;
    out[3 * i + 2] = s;
}

extern "C" __global__ void its_lg_atomic(const int *in, int *ctr, int *out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int lane = threadIdx.x & 31;
    int n = lane < 4 ? 200 : (in[i] & 7);
    int got = 0;
    for (int k = 0; k < n; ++k)
        got += atomicAdd(&ctr[lane & 3], 1) >= 0;      // an atomic in the body: may be a spin
    unsigned eq = __match_any_sync(0xffffffffu, got);
    int any = __any_sync(0xffffffffu, got > 100);
    int all = __all_sync(0xffffffffu, got >= 0);
    out[2 * i] = __popc(eq);
    out[2 * i + 1] = got + 1000 * any + 10000 * all;
}

// lanes 0..nl-1 of warp 0 take turns (a shared volatile counter, no atomics) for some rounds, the
// rest of the block goes straight to a full-warp reduction; on sm_75 the lane whose turn comes
// next waits at the spin loop's BSYNC for the lanes still spinning (decision D10-I-1)
extern "C" __global__ void its_lg_spinred(const int *in, int *out, int nl, int rounds)
{
    __shared__ volatile int turn;
    int lane = threadIdx.x & 31;
    if (threadIdx.x == 0) turn = 0;
    __syncthreads();
    int v = in[blockIdx.x * blockDim.x + threadIdx.x];
    int acc = 0;
    if (threadIdx.x < nl) {
        for (int r = 0; r < rounds; ++r) {
            while (turn != r * nl + lane)
                ;
            acc += r * lane + v;
            turn = turn + 1;
        }
    }
#if __CUDA_ARCH__ >= 800
    int s = __reduce_add_sync(0xffffffffu, acc);
#else
    int s = acc;
    for (int o = 16; o; o >>= 1) s += __shfl_xor_sync(0xffffffffu, s, o);
#endif
    out[blockIdx.x * blockDim.x + threadIdx.x] = s + __shfl_sync(0xffffffffu, acc, 7);
}
