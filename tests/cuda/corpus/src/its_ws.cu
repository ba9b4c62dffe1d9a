// Warp specialisation and block chains: a producer warp fills a double buffer and signals with
// bar.arrive, consumer warps bar.sync on the matching named barrier and signal back; blocks that
// wait for the block after them (all blocks of the small grid are co-resident).
extern "C" __global__ void its_ws_pipe(const int *in, int *out, int chunks)
{
    __shared__ int buf[2][64];
    int t = threadIdx.x, w = t >> 5;
    // barriers 1+s: "buffer s full" (producer arrives, 2 consumer warps sync: 96 threads);
    // barriers 3+s: "buffer s empty" (consumers arrive, producer syncs: 96 threads)
    if (w == 0) {
        for (int c = 0; c < chunks; ++c) {
            int s = c & 1;
            if (c >= 2) asm volatile("bar.sync %0, 96;" :: "r"(3 + s) : "memory");
            buf[s][t] = in[c * 64 + t] * 2;
            buf[s][t + 32] = in[c * 64 + t + 32] * 2;
            asm volatile("bar.arrive %0, 96;" :: "r"(1 + s) : "memory");
        }
    } else {
        int acc = 0;
        int k = t - 32;                      // 0..63
        for (int c = 0; c < chunks; ++c) {
            int s = c & 1;
            asm volatile("bar.sync %0, 96;" :: "r"(1 + s) : "memory");
            acc += buf[s][k] + c;
            if (c + 2 < chunks) asm volatile("bar.arrive %0, 96;" :: "r"(3 + s) : "memory");
        }
        out[blockIdx.x * 64 + k] = acc;
    }
}

// block b waits for block b+1's published total (the last block starts); thread 0 waits, the
// block then adds its own sum
extern "C" __global__ void its_ws_revchain(const int *in, int *tot, volatile int *flag, int *out)
{
    __shared__ int red[128];
    __shared__ int before;
    int t = threadIdx.x, b = blockIdx.x;
    red[t] = in[b * blockDim.x + t];
    __syncthreads();
    for (int o = blockDim.x / 2; o; o >>= 1) {
        if (t < o) red[t] += red[t + o];
        __syncthreads();
    }
    if (t == 0) {
        int prev = 0;
        if (b + 1 < (int)gridDim.x) {
            while (flag[b + 1] == 0)
                __nanosleep(32);
            __threadfence();
            prev = ((volatile int *)tot)[b + 1];
        }
        tot[b] = prev + red[0];
        __threadfence();
        flag[b] = 1;
        before = prev;
    }
    __syncthreads();
    out[b * blockDim.x + t] = before + red[0] - in[b * blockDim.x + t];
}
