// Spin loops whose waiting is hidden in a non-inlined function (a try-lock, a flag probe, a
// test-and-test-and-set helper): the loop in the caller holds a CALL but, unless ptxas adds one,
// no YIELD of its own; the lanes that hold the lock or set the flag are in the same warp.
__device__ __noinline__ bool try_lock(int *l) { return atomicCAS(l, 0, 1) == 0; }
__device__ __noinline__ void unlock(int *l) { __threadfence(); atomicExch(l, 0); }
__device__ __noinline__ int probe(volatile int *f) { return *f; }

// 1. while (!try_lock()) ; — every lane of the block adds under one global lock
extern "C" __global__ void its_fn_trylock(const int *in, int *lock, int *acc)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int v = in[i];
    while (!try_lock(lock))
        ;
    volatile int *a = acc;
    a[0] = a[0] + v;
    a[1] = a[1] + 1;
    unlock(lock);
}

// 2. per-lane flags polled through a function: lane k waits for lane k+1 (a chain), shared memory
extern "C" __global__ void its_fn_probe(const int *in, int *out)
{
    __shared__ volatile int val[32], rdy[32];
    int lane = threadIdx.x;
    rdy[lane] = 0;
    __syncwarp();
    int acc = in[blockIdx.x * 32 + lane];
    if (lane < 31) {
        while (probe(&rdy[lane + 1]) == 0)
            ;
        acc += val[lane + 1];
    }
    val[lane] = acc;
    __threadfence_block();
    rdy[lane] = 1;
    out[blockIdx.x * 32 + lane] = acc;
}

// 3. test-and-test-and-set with the test in a function and the set inline; shared lock per bin
__device__ __noinline__ bool looks_free(const volatile int *l) { return *l == 0; }
extern "C" __global__ void its_fn_ttas(const int *in, int *out)
{
    __shared__ int lk[4];
    __shared__ int cnt[4], sum[4];
    int t = threadIdx.x;
    if (t < 4) { lk[t] = 0; cnt[t] = 0; sum[t] = 0; }
    __syncthreads();
    int v = in[blockIdx.x * blockDim.x + t];
    int b = v & 3;
    for (;;) {
        while (!looks_free(&lk[b]))
            ;
        if (atomicExch(&lk[b], 1) == 0) break;
    }
    *(volatile int *)&cnt[b] = *(volatile int *)&cnt[b] + 1;
    *(volatile int *)&sum[b] = *(volatile int *)&sum[b] + v;
    __threadfence_block();
    atomicExch(&lk[b], 0);
    __syncthreads();
    if (t < 4) { out[blockIdx.x * 8 + t] = cnt[t]; out[blockIdx.x * 8 + 4 + t] = sum[t]; }
}

// 4. the whole lock/unlock in a device function that loops on its own (recursive retry)
__device__ __noinline__ void locked_add(int *l, volatile int *p, int v, int depth)
{
    if (atomicCAS(l, 0, 1) != 0) { locked_add(l, p, v, depth + 1); return; }
    *p = *p + v;
    __threadfence();
    atomicExch(l, 0);
}
extern "C" __global__ void its_fn_recretry(const int *in, int *lock, int *acc)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int v = in[i] & 0xff;
    if (threadIdx.x < 8)                  // a few lanes only: the recursion depth is bounded by the waits
        locked_add(lock, acc, v, 0);
}
