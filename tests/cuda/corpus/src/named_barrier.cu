// Named barriers with thread counts: warp 0 produces into shared memory and signals with
// bar.arrive 1, 64 (BAR.ARV), warp 1 waits with bar.sync 1, 64; warps 2 and 3 meet at a barrier
// whose number and count are kernel parameters (BAR.SYNC R6, R6); then __syncthreads_count.
extern "C" __global__ void named_barrier(const int *in, int *out, int id, int cnt)
{
    __shared__ int buf[32];
    __shared__ int buf2[32];
    int t = threadIdx.x;
    int w = t >> 5;
    int base = blockIdx.x * blockDim.x;
    int r = 0;
    if (w == 0) {                       // producer: warp 0 writes, arrives at barrier 1 (64 threads)
        buf[t] = in[base + t] * 3;
        asm volatile("bar.arrive 1, 64;" ::: "memory");
    } else if (w == 1) {                // consumer: warp 1 waits at barrier 1
        asm volatile("bar.sync 1, 64;" ::: "memory");
        r = buf[t - 32] + in[base + t];
    }
    if (w >= 2) {                       // warps 2, 3: barrier `id` with `cnt` threads, register operands
        if (w == 2) buf2[t & 31] = in[base + t] + 7;
        asm volatile("bar.sync %0, %1;" :: "r"(id), "r"(cnt) : "memory");
        r = buf2[t & 31] - in[base + t];
    }
    int c = __syncthreads_count(r & 1);
    out[2 * (base + t)] = r;
    out[2 * (base + t) + 1] = c;
}
