// Producer/consumer between lanes of one warp and between warps of a block: volatile and atomic
// flags, fences, cuda::atomic_ref with memory orders, atomic_flag / atomic wait and notify,
// __nanosleep backoff, a ring buffer and a work queue with atomic head and tail.
#include <cuda/atomic>
#include <cuda/std/atomic>

// 1. the consumer is the LOWER lane: lane k waits for lane k+16 (no sleep, plain volatile spin)
extern "C" __global__ void its_pc_lanes(const int *in, int *out)
{
    __shared__ volatile int box[64];
    __shared__ volatile int flag[64];
    int t = threadIdx.x, lane = t & 31, w = t >> 5;
    flag[t] = 0;
    __syncthreads();
    int v = in[blockIdx.x * blockDim.x + t];
    if (lane < 16) {
        while (flag[w * 32 + lane + 16] == 0)
            ;
        out[blockIdx.x * blockDim.x + t] = box[w * 32 + lane + 16] * 2 + v;
    } else {
        box[t] = v + 7;
        __threadfence_block();
        flag[t] = 1;
        out[blockIdx.x * blockDim.x + t] = -v;
    }
}

// 2. a chain through one warp: lane i waits for lane i+1 (suffix sums, 31 waits in a row)
extern "C" __global__ void its_pc_chain(const int *in, int *out)
{
    __shared__ volatile int val[32];
    __shared__ volatile int rdy[32];
    int lane = threadIdx.x;
    rdy[lane] = 0;
    __syncwarp();
    int v = in[blockIdx.x * 32 + lane];
    int acc = v;
    if (lane < 31) {
        while (rdy[lane + 1] == 0)
            ;
        acc += val[lane + 1];
    }
    val[lane] = acc;
    __threadfence_block();
    rdy[lane] = 1;
    out[blockIdx.x * 32 + lane] = acc;
}

// 3. warps in reverse order: warp w waits for warp w+1's flag (the last warp starts)
extern "C" __global__ void its_pc_warps(const int *in, int *out)
{
    __shared__ int part[32];
    __shared__ int flag[32];
    int t = threadIdx.x, lane = t & 31, w = t >> 5, nw = blockDim.x >> 5;
    if (lane == 0) flag[w] = 0;
    __syncthreads();
    int v = in[blockIdx.x * blockDim.x + t];
    for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
    int before = 0;
    if (w + 1 < nw) {
        if (lane == 0)
            while (atomicAdd(&flag[w + 1], 0) == 0)
                __nanosleep(32);
        __syncwarp();
        before = *(volatile int *)&part[w + 1];
    }
    if (lane == 0) {
        part[w] = before + v;
        __threadfence_block();
        atomicExch(&flag[w], 1);
    }
    out[blockIdx.x * blockDim.x + t] = before + v;
}

// 4. cuda::atomic_ref with release/acquire: lane 31 publishes, lanes 0..30 wait for it
extern "C" __global__ void its_pc_aref(const int *in, int *out)
{
    __shared__ int data[32];
    __shared__ int flag;
    int lane = threadIdx.x & 31;
    if (threadIdx.x == 0) flag = 0;
    __syncthreads();
    cuda::atomic_ref<int, cuda::thread_scope_block> f(flag);
    int v = in[blockIdx.x * blockDim.x + threadIdx.x];
    if (threadIdx.x == 31) {
        for (int k = 0; k < 32; ++k) data[k] = v * k;
        f.store(1, cuda::std::memory_order_release);
    } else if (threadIdx.x < 31) {
        while (f.load(cuda::std::memory_order_acquire) == 0)
            ;
        out[threadIdx.x] = data[lane] + v;
    }
    // second round: everybody (every warp) counts down a relaxed counter, the last one publishes
    __shared__ int cnt;
    __shared__ int last;
    if (threadIdx.x == 0) { cnt = blockDim.x; last = -1; }
    __syncthreads();
    cuda::atomic_ref<int, cuda::thread_scope_block> c(cnt);
    if (c.fetch_sub(1, cuda::std::memory_order_acq_rel) == 1)
        cuda::atomic_ref<int, cuda::thread_scope_block>(last).store(threadIdx.x >= 0 ? 1 : 0, cuda::std::memory_order_release);
    while (cuda::atomic_ref<int, cuda::thread_scope_block>(last).load(cuda::std::memory_order_acquire) < 0)
        ;
    out[64 + threadIdx.x] = last + c.load(cuda::std::memory_order_relaxed);
}

// 5. atomic_flag / atomic wait and notify (libcu++), block scope, in shared memory
extern "C" __global__ void its_pc_wait(const int *in, int *out)
{
    __shared__ cuda::atomic<int, cuda::thread_scope_block> stage;
    __shared__ cuda::std::atomic_flag go;
    __shared__ int payload[64];
    int t = threadIdx.x;
    if (t == 0) { new (&stage) cuda::atomic<int, cuda::thread_scope_block>(0); go.clear(); }
    __syncthreads();
    int v = in[t];
    if (t >= 32) {                       // warp 1 waits for warp 0's two stages
        stage.wait(0, cuda::std::memory_order_acquire);
        int a = payload[t - 32];
        go.wait(false, cuda::std::memory_order_acquire);
        out[t] = a + payload[t];
    } else {
        payload[t] = v * 5;
        stage.store(1, cuda::std::memory_order_release);
        stage.notify_all();
        payload[t + 32] = v - 3;
        go.test_and_set(cuda::std::memory_order_release);
        go.notify_all();
        out[t] = stage.load();
    }
}

// 6. a ring buffer of 8 slots: warp 0 produces 200 items, warp 1 consumes them
extern "C" __global__ void its_pc_ring(const int *in, int *out, int items)
{
    __shared__ volatile int buf[8];
    __shared__ volatile unsigned head, tail;
    int t = threadIdx.x;
    if (t == 0) { head = 0; tail = 0; }
    __syncthreads();
    if (t == 0) {                         // producer lane
        for (int k = 0; k < items; ++k) {
            while (tail - head >= 8)
                ;
            buf[tail & 7] = in[k];
            __threadfence_block();
            tail = tail + 1;
        }
    } else if (t == 32) {                 // consumer lane in another warp
        long long s = 0; int x = 0;
        for (int k = 0; k < items; ++k) {
            while (head == tail)
                ;
            int e = buf[head & 7];
            __threadfence_block();
            head = head + 1;
            s += e; x ^= e * (k + 1);
        }
        out[0] = (int)s; out[1] = x;
    }
}

// 7. the same ring inside ONE warp: lane 3 produces, lane 1 consumes, other lanes idle
extern "C" __global__ void its_pc_ring1(const int *in, int *out, int items)
{
    __shared__ volatile int buf[4];
    __shared__ volatile int head, tail;
    int t = threadIdx.x;
    if (t == 0) { head = 0; tail = 0; }
    __syncwarp();
    if (t == 3) {
        for (int k = 0; k < items; ++k) {
            while (tail - head >= 4)
                ;
            buf[tail & 3] = in[k] + t;
            __threadfence_block();
            tail = tail + 1;
        }
    } else if (t == 1) {
        int s = 0;
        for (int k = 0; k < items; ++k) {
            while (head == tail)
                ;
            s = s * 31 + buf[head & 3];
            __threadfence_block();
            head = head + 1;
        }
        out[0] = s;
    }
    __syncwarp();
    out[1 + t] = t == 1 ? head : tail;
}

// 8. a work queue with atomicAdd head and tail: items spawn children until a depth is reached;
//    threads spin on the queue until the pending count drops to zero
extern "C" __global__ void its_pc_queue(const int *seed, int *res, int cap)
{
    __shared__ int q[1024];
    __shared__ int head, tail, pending, done_cnt, sum;
    int t = threadIdx.x;
    for (int k = t; k < 1024; k += blockDim.x) q[k] = 0;
    __syncthreads();
    if (t == 0) { head = 0; tail = 4; pending = 4; done_cnt = 0; sum = 0; for (int k = 0; k < 4; ++k) q[k] = seed[k]; }
    __syncthreads();
    while (true) {
        if (atomicAdd(&pending, 0) == 0) break;
        int h = atomicAdd(&head, 0);
        int tl = atomicAdd(&tail, 0);
        if (h >= tl) { __nanosleep(16); continue; }
        if (atomicCAS(&head, h, h + 1) != h) continue;
        int item;
        while ((item = atomicAdd(&q[h], 0)) == 0)       // slot not yet written by its pusher
            ;
        int depth = item & 0xff, val = item >> 8;
        atomicAdd(&sum, val);
        if (depth < 5) {
            atomicAdd(&pending, 2);
            int s = atomicAdd(&tail, 2);
            if (s + 1 < cap) {
                atomicExch(&q[s], ((val * 2) << 8) | (depth + 1));
                atomicExch(&q[s + 1], ((val * 2 + 1) << 8) | (depth + 1));
            }
        }
        atomicAdd(&done_cnt, 1);
        atomicSub(&pending, 1);
    }
    __syncthreads();
    if (t == 0) { res[0] = sum; res[1] = done_cnt; res[2] = tail; }
}

// 9. warp 0 waits (global memory, __threadfence) for a value the LAST warp of the block writes
extern "C" __global__ void its_pc_global(const int *in, int *mail, int *out)
{
    int t = threadIdx.x, w = t >> 5, nw = blockDim.x >> 5, lane = t & 31;
    int b = blockIdx.x;
    volatile int *m = mail + b * 64;
    if (w == nw - 1) {
        m[lane] = in[b * blockDim.x + t] * 3;
        __threadfence();
        m[32 + lane] = 1;
    } else if (w == 0) {
        while (m[32 + lane] == 0)
            __nanosleep(64);
        __threadfence();
        out[b * 32 + lane] = m[lane] + lane;
    }
}
