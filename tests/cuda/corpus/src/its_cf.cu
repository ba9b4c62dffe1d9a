// Calls, recursion and loops while the warp is diverged, lanes and warps that leave early while
// others synchronise: named barriers with a thread count (bar.sync / bar.arrive), producers that
// exit after arriving, recursion under a lock, a callee that synchronises its caller's lanes.

// 1. recursion of per-lane depth while other lanes of the warp spin on a lock those lanes hold
__device__ __noinline__ int walk(const int *t, int node, int depth)
{
    if (depth == 0 || node >= 255) return t[node & 255];
    int l = walk(t, 2 * node + 1, depth - 1);
    int r = (node & 1) ? walk(t, 2 * node + 2, depth - 1) : 0;
    return l + r + 1;
}
extern "C" __global__ void its_cf_rec(const int *tree, int *out)
{
    __shared__ int lock, sum;
    int t = threadIdx.x;
    if (t == 0) { lock = 0; sum = 0; }
    __syncthreads();
    int lane = t & 31;
    int r;
    if (lane % 3 == 0) {
        while (atomicCAS(&lock, 0, 1) != 0)
            ;
        r = walk(tree, lane, (lane >> 3) + 1);       // the holder recurses while others spin
        *(volatile int *)&sum = *(volatile int *)&sum + r;
        __threadfence_block();
        atomicExch(&lock, 0);
    } else {
        r = walk(tree, lane + 1, lane & 3);
        while (atomicCAS(&lock, 0, 1) != 0)
            ;
        *(volatile int *)&sum = *(volatile int *)&sum + 2 * r;
        __threadfence_block();
        atomicExch(&lock, 0);
    }
    __syncthreads();
    out[t] = r;
    if (t == 0) out[blockDim.x] = sum;
}

// 2. a __noinline__ function that synchronises (shuffles) the lanes its caller passes in,
//    called from both arms of a branch and from a loop of per-lane trip count
__device__ __noinline__ int group_sum(unsigned mask, int v)
{
    int s = 0;
    for (unsigned m = mask; m; m &= m - 1) s += __shfl_sync(mask, v, __ffs(m) - 1);
    __syncwarp(mask);
    return s;
}
extern "C" __global__ void its_cf_calls(const int *in, int *out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int lane = threadIdx.x & 31;
    int v = in[i];
    int r = 0;
    if (lane < 12)
        r = group_sum(0x00000fffu, v);
    else
        r = group_sum(0xfffff000u, v * 2);
    int n = lane & 3;                                  // lanes with the same n stay together
    unsigned grp = 0x11111111u << n;
    for (int k = 0; k <= n; ++k)
        r += group_sum(grp, v + k);
    out[i] = r;
}

// 3. named barriers: warps 0-1 produce and bar.arrive (then exit), warps 2-3 bar.sync on the same
//    barrier with a count of 128 and consume; warps 4-5 leave at once; the rest use barrier 2
extern "C" __global__ void its_cf_named(const int *in, int *out)
{
    __shared__ int buf[64];
    __shared__ int buf2[64];
    int t = threadIdx.x, w = t >> 5;
    int v = in[blockIdx.x * blockDim.x + t];
    if (w < 2) {
        buf[t] = v * v;
        asm volatile("bar.arrive 1, 128;" ::: "memory");
        return;
    }
    if (w < 4) {
        asm volatile("bar.sync 1, 128;" ::: "memory");
        out[blockIdx.x * blockDim.x + t] = buf[t - 64] + v;
        return;
    }
    if (w < 6) return;
    // warps 6 and 7: ping-pong through barrier 2 (64 threads), three rounds
    int x = v;
    for (int r = 0; r < 3; ++r) {
        buf2[t - 192] = x;
        asm volatile("bar.sync 2, 64;" ::: "memory");
        x += buf2[(t - 192 + 32) & 63];
        asm volatile("bar.sync 2, 64;" ::: "memory");
    }
    out[blockIdx.x * blockDim.x + t] = x;
}

// 4. early return of some lanes, then loops that call a function while diverged
__device__ __noinline__ int collatz(unsigned x)
{
    int n = 0;
    while (x != 1 && n < 200) { x = (x & 1) ? 3 * x + 1 : x >> 1; ++n; }
    return n;
}
extern "C" __global__ void its_cf_loopcall(const int *in, int *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    int v = in[i];
    int acc = 0;
    for (int k = 0; k < (v & 3) + 1; ++k) {
        if ((v + k) & 1) acc += collatz((unsigned)(v + k) | 1u);
        else { acc -= collatz((unsigned)(v >> k) | 1u); if (acc < -50) break; }
    }
    out[i] = acc;
}

// 5. a block barrier (bar.sync 0) while a warp's lanes had split on a lock
extern "C" __global__ void its_cf_lockbar(const int *in, int *out)
{
    __shared__ int lock;
    __shared__ int vals[128];
    __shared__ int nxt;
    int t = threadIdx.x;
    if (t == 0) { lock = 0; nxt = 0; }
    __syncthreads();
    int v = in[blockIdx.x * blockDim.x + t];
    for (int r = 0; r < 2; ++r) {
        bool done = false;
        do {
            if (atomicExch(&lock, 1) == 0) {
                int p = *(volatile int *)&nxt;
                vals[p] = v + r;
                *(volatile int *)&nxt = p + 1;
                __threadfence_block();
                atomicExch(&lock, 0);
                done = true;
            }
        } while (!done);
        __syncthreads();                       // every lane of every warp meets after its turn
        int s = 0;
        for (int k = 0; k < (int)blockDim.x; ++k) s += vals[k];
        out[(blockIdx.x * blockDim.x + t) * 2 + r] = s + nxt;
        __syncthreads();
        if (t == 0) nxt = 0;
        __syncthreads();
    }
}

// 6. __syncthreads_count / __syncthreads_or in a loop whose exit is block-uniform while lanes
//    inside spin on per-lane flags set by other warps
extern "C" __global__ void its_cf_vote(const int *in, int *out)
{
    __shared__ volatile int flag[128];
    int t = threadIdx.x;
    flag[t] = 0;
    __syncthreads();
    int v = in[blockIdx.x * blockDim.x + t];
    int rounds = 0;
    int alive = 1;
    while (__syncthreads_or(alive)) {
        ++rounds;
        int partner = (t + 37) % blockDim.x;
        if (alive) {
            flag[t] = rounds;
            while (flag[partner] < rounds && flag[partner] >= 0)
                ;
            if (((v >> rounds) & 3) == 0 || rounds > 6) { alive = 0; }
        }
        int c = __syncthreads_count(alive);
        if (!alive && flag[t] >= 0) flag[t] = 1 << 20;  // done: never makes a partner wait
        if (t == 0) out[blockDim.x * gridDim.x + blockIdx.x * 16 + rounds] = c;
        __syncthreads();
    }
    out[blockIdx.x * blockDim.x + t] = rounds;
}
