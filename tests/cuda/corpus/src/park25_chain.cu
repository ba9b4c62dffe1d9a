// park25 (session 25, decision D25-1): spin-waits between CTAs, whose waiting warps park until the
// word they poll changes: a chained scan (each block waits for its predecessor's flag), a
// decoupled look-back over 64-bit status words, a spin whose trip also stores (never parked), a
// wait on a shared-memory flag inside a block, and a wait that never ends (a deadlock).

__global__ void chainScan(const int* in, int* out, volatile int* flags, volatile int* partial)
{
    __shared__ int s[256];
    __shared__ int prefix;
    int b = blockIdx.x, t = threadIdx.x;
    s[t] = in[b * 256 + t];
    __syncthreads();
    for (int o = 1; o < 256; o <<= 1) {
        int v = t >= o ? s[t - o] : 0;
        __syncthreads();
        s[t] += v;
        __syncthreads();
    }
    if (t == 0) {
        int p = 0;
        if (b > 0) {
            while (flags[b - 1] == 0) { }
            p = partial[b - 1];
        }
        prefix = p;
        partial[b] = p + s[255];
        __threadfence();
        flags[b] = 1;
    }
    __syncthreads();
    out[b * 256 + t] = s[t] + prefix;
}

// status word: bits 62-63 the state (1: aggregate, 2: inclusive prefix), bits 0-61 the value
__global__ void lookbackSum(const unsigned* in, unsigned long long* out, volatile unsigned long long* status)
{
    __shared__ unsigned long long warpSums[4];
    __shared__ unsigned long long exclusive;
    int b = blockIdx.x, t = threadIdx.x;
    unsigned long long v = in[b * 128 + t];
    for (int o = 16; o > 0; o >>= 1) v += __shfl_down_sync(0xffffffffu, v, o);
    if ((t & 31) == 0) warpSums[t >> 5] = v;
    __syncthreads();
    if (t == 0) {
        unsigned long long agg = warpSums[0] + warpSums[1] + warpSums[2] + warpSums[3];
        const unsigned long long AGG = 1ull << 62, INC = 2ull << 62, VAL = (1ull << 62) - 1;
        status[b] = (b == 0 ? INC : AGG) | agg;
        unsigned long long excl = 0;
        for (int p = b - 1; p >= 0; --p) {
            unsigned long long st;
            do { st = status[p]; } while ((st >> 62) == 0);
            excl += st & VAL;
            if ((st >> 62) == 2) break;
        }
        if (b > 0) status[b] = INC | (excl + agg);
        exclusive = excl;
        out[b] = excl + agg;
    }
    __syncthreads();
    if (t == 0) out[gridDim.x + b] = exclusive;
}

// the trip stores (the same value) as it waits: not parkable, the same result
__global__ void chainMark(volatile int* flags, int* mark, int* order)
{
    int b = blockIdx.x;
    if (threadIdx.x == 0) {
        if (b > 0)
            while (flags[b - 1] == 0) { mark[b] = 1; }
        mark[b] = 2;
        order[b] = b > 0 ? order[b - 1] + b : 0;
        __threadfence();
        flags[b] = 1;
    }
}

// warps 1.. wait for warp 0's shared flag (an LDS in the trip: not parkable)
__global__ void sharedFlag(const int* in, int* out)
{
    __shared__ volatile int ready;
    __shared__ int total;
    int t = threadIdx.x;
    if (t == 0) { ready = 0; total = 0; }
    __syncthreads();
    if (t < 32) {
        int v = in[blockIdx.x * 32 + t];
        for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
        if (t == 0) { total = v; __threadfence_block(); ready = 1; }
    } else {
        while (ready == 0) { }
        out[blockIdx.x * blockDim.x + t] = total + t;
    }
}

// nobody writes the flag: no warp can progress (thread 0 spins, the other lanes wait for it)
__global__ void waitForever(volatile int* flag, int* out)
{
    if (threadIdx.x == 0)
        while (*flag == 0) { }
    __syncwarp();
    out[blockIdx.x * blockDim.x + threadIdx.x] = 1;
}

// block 1 waits (parked) for block 0's flag; block 0 then polls an acknowledgement through an atomic
// (a spin that never parks): the parked warp must still be woken while block 0 spins alone
__global__ void handshake(volatile int* flag, int* ack, int* out, int work)
{
    if (threadIdx.x == 0) {
        if (blockIdx.x == 0) {
            int v = 0;
            for (int i = 0; i < work; ++i) v = v * 3 + (i ^ (v >> 7));
            out[0] = v;
            __threadfence();
            *flag = 1;
            while (atomicAdd(ack, 0) == 0) { }
            out[1] = 7;
        } else {
            while (*flag == 0) { }
            __threadfence();
            atomicExch(ack, 1);
            out[2] = 9;
        }
    }
}
