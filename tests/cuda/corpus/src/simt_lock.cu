// Intra-warp locks and waits: lanes of one warp contend for a shared-memory spin lock (the
// independent-thread-scheduling example), a global lock taken per lane, lane-to-lane
// producer/consumer through volatile shared memory with __nanosleep, per-lane waits on flags
// that another warp sets, a block that waits for a flag another block publishes.
__device__ int g_lock;
__device__ volatile int g_flag;
__device__ int g_sum;

extern "C" __global__ void simt_lock(const int *in, int *out, int *blk)
{
    __shared__ int lock;
    __shared__ volatile int counter;
    __shared__ volatile int mailbox[64];
    __shared__ volatile int ready[64];
    __shared__ volatile int wflag[32];
    int tid = threadIdx.x;
    int lane = tid & 31;
    int warp = tid >> 5;
    int t = blockIdx.x * blockDim.x + tid;
    int v = in[t];
    if (tid == 0) { lock = 0; counter = 0; }
    if (tid < 64) { ready[tid] = 0; mailbox[tid] = 0; }
    if (tid < 32) wflag[tid] = 0;
    __syncthreads();

    // 1: every lane of every warp adds v under one shared lock (loop style that needs ITS)
    bool done = false;
    while (!done) {
        if (atomicCAS(&lock, 0, 1) == 0) {
            counter = counter + v;
            __threadfence_block();
            atomicExch(&lock, 0);
            done = true;
        }
    }
    __syncthreads();
    out[4 * t] = counter;

    // 2: global lock, spin in the while condition
    while (atomicCAS(&g_lock, 0, 1) != 0)
        ;
    int old = *(volatile int *)&g_sum;
    *(volatile int *)&g_sum = old + (v & 0xff);
    __threadfence();
    atomicExch(&g_lock, 0);

    // 3: producer/consumer between the two halves of warp 0
    if (warp == 0) {
        if (lane < 16) {
            mailbox[lane] = v * 3 + 1;
            __threadfence_block();
            ready[lane] = 1;
        } else {
            int k = lane - 16;
            while (ready[k] == 0)
                __nanosleep(20);
            out[4 * t + 1] = mailbox[k] - v;
        }
    } else if (warp == 1) {
        // 4: warp 1 waits, lane by lane, for flags that warp 2 sets
        while (wflag[lane] == 0)
            ;
        out[4 * t + 1] = wflag[lane] + lane;
    } else if (warp == 2) {
        wflag[lane] = (v & 0xfff) + 1;
    }
    if (warp == 0 && lane < 16)
        out[4 * t + 1] = -lane;
    if (warp > 1)
        out[4 * t + 1] = warp;

    // 5: block 1 waits for block 0's flag (2 blocks are co-resident)
    if (blockIdx.x == 0) {
        __syncthreads();
        if (tid == 0) {
            blk[0] = 12345;
            __threadfence();
            g_flag = 1;
        }
    } else if (tid % 32 == 5) {
        while (g_flag == 0)
            __nanosleep(100);
        __threadfence();
        out[4 * t + 2] = blk[0];
    }
    __syncwarp();
    out[4 * t + 3] = __shfl_sync(0xffffffffu, out[4 * t + 2], 5);
}
