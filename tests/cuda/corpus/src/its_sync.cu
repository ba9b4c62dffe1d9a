// Synchronisation objects built by hand from atomics (a lane barrier inside one warp, a warp
// barrier inside a block, a reader-writer lock, a counting semaphore) and libcu++'s
// binary_semaphore, counting_semaphore and latch, all with contention between lanes of a warp.
#include <cuda/semaphore>
#include <cuda/latch>
#include <cuda/atomic>

// 1. a sense-reversing barrier among the lanes of ONE warp made of a shared counter (no __syncwarp)
extern "C" __global__ void its_sy_lanebar(const int *in, int *out)
{
    __shared__ int count;
    __shared__ volatile int sense;
    __shared__ volatile int data[32];
    int lane = threadIdx.x;
    if (lane == 0) { count = 0; sense = 0; }
    __syncwarp();
    int my_sense = 0;
    int v = in[blockIdx.x * 32 + lane];
    for (int r = 0; r < 4; ++r) {
        data[lane] = v;
        __threadfence_block();
        my_sense ^= 1;
        if (atomicAdd(&count, 1) == 31) { count = 0; __threadfence_block(); sense = my_sense; }
        else while (sense != my_sense) ;
        v = v + data[(lane + 1 + r) & 31];
        __threadfence_block();
        my_sense ^= 1;
        if (atomicAdd(&count, 1) == 31) { count = 0; __threadfence_block(); sense = my_sense; }
        else while (sense != my_sense) ;
    }
    out[blockIdx.x * 32 + lane] = v;
}

// 2. a barrier among the warps of a block from atomics; lane 0 of each warp arrives
extern "C" __global__ void its_sy_warpbar(const int *in, int *out)
{
    __shared__ unsigned arrived;
    __shared__ int part[8];
    int t = threadIdx.x, w = t >> 5, lane = t & 31, nw = blockDim.x >> 5;
    if (t == 0) arrived = 0;
    __syncthreads();
    int v = in[blockIdx.x * blockDim.x + t];
    int s = v;
    for (int o = 16; o; o >>= 1) s += __shfl_xor_sync(0xffffffffu, s, o);
    if (lane == 0) {
        part[w] = s;
        __threadfence_block();
        atomicAdd(&arrived, 1u);
        while (atomicAdd(&arrived, 0u) < (unsigned)nw)
            ;
    }
    __syncwarp();
    int tot = 0;
    for (int k = 0; k < nw; ++k) tot += ((volatile int *)part)[k];
    out[blockIdx.x * blockDim.x + t] = tot - s;
}

// 3. a reader-writer lock: writers (every 8th lane) take it exclusively, readers share it
extern "C" __global__ void its_sy_rwlock(const int *in, int *out)
{
    __shared__ int rw;           // -1 writer, >0 readers
    __shared__ volatile int a, b;  // invariant a + b == 1000 whenever the lock is free
    int t = threadIdx.x;
    if (t == 0) { rw = 0; a = 1000; b = 0; }
    __syncthreads();
    int v = in[blockIdx.x * blockDim.x + t] & 15;
    int bad = 0;
    for (int r = 0; r < 3; ++r) {
        if ((t & 7) == 0) {
            while (atomicCAS(&rw, 0, -1) != 0) ;
            a = a - v; __threadfence_block(); b = b + v;
            __threadfence_block();
            atomicExch(&rw, 0);
        } else {
            while (true) {
                int c = atomicAdd(&rw, 0);
                if (c >= 0 && atomicCAS(&rw, c, c + 1) == c) break;
            }
            if (a + b != 1000) ++bad;
            atomicSub(&rw, 1);
        }
    }
    __syncthreads();
    out[blockIdx.x * blockDim.x + t] = bad;
    if (t == 0) { out[blockDim.x * gridDim.x + blockIdx.x * 2] = a; out[blockDim.x * gridDim.x + blockIdx.x * 2 + 1] = b; }
}

// 4. a counting semaphore from atomics: at most 3 lanes inside, the peak is recorded
extern "C" __global__ void its_sy_sema(const int *in, int *out)
{
    __shared__ int permits, inside, peak, total;
    int t = threadIdx.x;
    if (t == 0) { permits = 3; inside = 0; peak = 0; total = 0; }
    __syncthreads();
    int v = in[blockIdx.x * blockDim.x + t];
    while (true) {
        int p = atomicAdd(&permits, 0);
        if (p > 0 && atomicCAS(&permits, p, p - 1) == p) break;
        __nanosleep(10);
    }
    int now = atomicAdd(&inside, 1) + 1;
    atomicMax(&peak, now);
    for (int k = 0; k < (t & 3); ++k) atomicAdd(&total, v + k);
    atomicSub(&inside, 1);
    atomicAdd(&permits, 1);
    __syncthreads();
    if (t == 0) { out[3 * blockIdx.x] = peak <= 3 && peak >= 1; out[3 * blockIdx.x + 1] = total; out[3 * blockIdx.x + 2] = permits; }
}

// 5. libcu++ binary_semaphore as a mutex and counting_semaphore as a gate (block scope)
extern "C" __global__ void its_sy_cxxsem(const int *in, int *out)
{
    __shared__ cuda::binary_semaphore<cuda::thread_scope_block> mtx;
    __shared__ cuda::counting_semaphore<cuda::thread_scope_block, 64> gate;
    __shared__ int acc;
    int t = threadIdx.x;
    if (t == 0) {
        new (&mtx) cuda::binary_semaphore<cuda::thread_scope_block>(1);
        new (&gate) cuda::counting_semaphore<cuda::thread_scope_block, 64>(0);
        acc = 0;
    }
    __syncthreads();
    int v = in[blockIdx.x * blockDim.x + t];
    mtx.acquire();
    acc = acc + v;
    mtx.release();
    if (t < 32) {                         // warp 0 waits at the gate that warp 1 opens
        gate.acquire();
        out[blockIdx.x * blockDim.x + t] = 1;
    } else {
        gate.release(1);
        out[blockIdx.x * blockDim.x + t] = 2;
    }
    __syncthreads();
    if (t == 0) out[blockDim.x * gridDim.x + blockIdx.x] = acc;
}

// 6. a latch: every lane counts down, lanes of one warp arrive at different times
extern "C" __global__ void its_sy_latch(const int *in, int *out)
{
    using latch_t = cuda::latch<cuda::thread_scope_block>;
    __shared__ alignas(latch_t) unsigned char raw[sizeof(latch_t)];
    __shared__ int vals[64];
    latch_t &l = *reinterpret_cast<latch_t *>(raw);
    int t = threadIdx.x;
    if (t == 0) new (&l) latch_t(blockDim.x);
    __syncthreads();
    int v = in[blockIdx.x * blockDim.x + t];
    int x = v;
    for (int k = 0; k < (t & 7); ++k) x = x * 3 + k;   // per-lane work before arriving
    vals[t] = x;
    l.arrive_and_wait();
    out[blockIdx.x * blockDim.x + t] = vals[(t + 1) % blockDim.x] - x;
}

// 7. a global spin lock shared by 2 blocks whose critical section calls a non-inlined function
__device__ int g_mtx;
__device__ __noinline__ int mix(int a, int b) { for (int k = 0; k < (b & 7); ++k) a = a * 5 + b; return a; }
extern "C" __global__ void its_sy_gcall(const int *in, int *acc)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int v = in[i];
    while (atomicExch(&g_mtx, 1) != 0)
        __nanosleep(20);
    __threadfence();
    volatile int *a = acc;
    a[0] = a[0] + 1;
    a[1] = a[1] + mix(v, v);
    __threadfence();
    atomicExch(&g_mtx, 0);
}
