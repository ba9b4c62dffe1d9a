// The mbarrier through cuda::ptx, the __mbarrier_* primitives and cuda::device::barrier_native_handle /
// barrier_arrive_tx / barrier_expect_tx, with transaction counts completed by threads
// (mbarrier.complete_tx) (eighth discovery round, direction sync8, decisions D8-sync-2 .. -4).
// sm_90 and later: SYNCS.ARRIVE.TRANS64 (A1TR, A1T0, ART0, RED.A0TR, RED.A0TX), SYNCS.PHASECHK.TRANS64
// with and without .TRYWAIT, NANOSLEEP.SYNCS, SYNCS.CCTL.IV. Older targets compute the same results
// with __syncthreads (the cuda::ptx functions need sm_90).
#pragma nv_diag_suppress 177
#include <cuda/ptx>
#include <cuda/barrier>
#include <cuda_awbarrier_primitives.h>
#include <cstdint>
namespace ptx = cuda::ptx;

#if __CUDA_ARCH__ >= 900
__device__ __forceinline__ unsigned pending_of(uint64_t st)
{
    unsigned c;
    asm volatile("mbarrier.pending_count.b64 %0, %1;" : "=r"(c) : "l"(st));
    return c;
}

__device__ __forceinline__ void complete_tx(uint64_t *bar, uint32_t n)
{
    asm volatile("mbarrier.complete_tx.relaxed.cta.shared::cta.b64 [%0], %1;"
                 :: "r"((uint32_t)__cvta_generic_to_shared(bar)), "r"(n) : "memory");
}
#endif

// thread 0 arrives with expect_tx(256), 64 threads complete 4 bytes each; per round, the largest
// pending count of the tokens (n: the first arrival's, whichever warp it is) and the number of
// tokens whose pending count lies in 1..n (all of them) are recorded
extern "C" __global__ void ptx_tx(const int *in, int *out, unsigned *tokinfo, int rounds)
{
    __shared__ uint64_t bar;
    __shared__ int data[64];
    int t = threadIdx.x;
#if __CUDA_ARCH__ >= 900
    if (t == 0) {
        ptx::mbarrier_init(&bar, blockDim.x);
        ptx::fence_mbarrier_init(ptx::sem_release, ptx::scope_cluster);
    }
#endif
    __syncthreads();
    int acc = 0;
    for (int r = 0; r < rounds; ++r) {
        unsigned *info = tokinfo + 2 * (blockIdx.x * rounds + r);
#if __CUDA_ARCH__ >= 900
        uint64_t st;
        if (t == 0)
            st = ptx::mbarrier_arrive_expect_tx(ptx::sem_release, ptx::scope_cta, ptx::space_shared, &bar, 256u);
        else
            st = ptx::mbarrier_arrive(&bar);
        if (t < 64) {
            data[t] = in[blockIdx.x * 64 * rounds + r * 64 + t];
            complete_tx(&bar, 4);
        }
        unsigned p = pending_of(st);
        atomicMax(&info[0], p);
        atomicAdd(&info[1], p >= 1 && p <= blockDim.x ? 1u : 0u);
        while (!ptx::mbarrier_try_wait(&bar, st)) {}
#else
        if (t < 64) data[t] = in[blockIdx.x * 64 * rounds + r * 64 + t];
        atomicMax(&info[0], blockDim.x - t);
        atomicAdd(&info[1], 1u);
        __syncthreads();
#endif
        acc += data[(t * 7 + r) & 63];
        __syncthreads();
    }
    out[blockIdx.x * blockDim.x + t] = acc;
}

// one arrival per warp, waits by phase parity (try_wait.parity and test_wait.parity)
extern "C" __global__ void ptx_parity(const int *in, int *out, int rounds)
{
    __shared__ uint64_t bar;
    __shared__ int data[128];
    int t = threadIdx.x;
#if __CUDA_ARCH__ >= 900
    if (t == 0) ptx::mbarrier_init(&bar, blockDim.x / 32);
#endif
    __syncthreads();
    int acc = 0;
    for (int r = 0; r < rounds; ++r) {
        data[t] = in[(blockIdx.x * rounds + r) * blockDim.x + t] + r;
#if __CUDA_ARCH__ >= 900
        __syncwarp();
        if ((t & 31) == 0) (void)ptx::mbarrier_arrive(&bar);
        while (!ptx::mbarrier_try_wait_parity(&bar, 0)) {}      // phase 2r: parity 0
#else
        __syncthreads();
#endif
        acc ^= data[(t + 33 * r) % blockDim.x];
#if __CUDA_ARCH__ >= 900
        if ((t & 31) == 0) (void)ptx::mbarrier_arrive(&bar);
        while (!ptx::mbarrier_test_wait_parity(&bar, 1)) {}      // phase 2r + 1: parity 1
#else
        __syncthreads();
#endif
    }
    out[blockIdx.x * blockDim.x + t] = acc;
}

// arrivals with a count of 2, expect_tx without arriving, complete_tx by two threads
extern "C" __global__ void ptx_count_expect(const int *in, int *out)
{
    __shared__ uint64_t bar;
    __shared__ int data[256];
    int t = threadIdx.x;
#if __CUDA_ARCH__ >= 900
    if (t == 0) ptx::mbarrier_init(&bar, 2 * blockDim.x);
#endif
    __syncthreads();
    data[t] = in[blockIdx.x * blockDim.x + t] * 3;
#if __CUDA_ARCH__ >= 900
    uint64_t st = ptx::mbarrier_arrive(&bar, 2u);
    while (!ptx::mbarrier_test_wait(&bar, st)) {}
#else
    __syncthreads();
#endif
    int v = data[blockDim.x - 1 - t];
#if __CUDA_ARCH__ >= 900
    if (t == 5) ptx::mbarrier_expect_tx(ptx::sem_relaxed, ptx::scope_cta, ptx::space_shared, &bar, 8u);
    st = ptx::mbarrier_arrive(&bar, 2u);
    if (t == 9) complete_tx(&bar, 3);
    if (t == 17) complete_tx(&bar, 5);
    while (!ptx::mbarrier_try_wait(&bar, st)) {}
#endif
    out[blockIdx.x * blockDim.x + t] = v + t;
}

// the __mbarrier_* primitives (try_wait needs sm_90): arrive, try_wait with a sleep hint, test_wait,
// parity, inval; the largest pending count of the first phase's tokens is recorded (the first
// arrival's: n, whichever warp it is)
extern "C" __global__ void awb_prims(const int *in, int *out, unsigned *pend)
{
    __shared__ int s[128];
    int t = threadIdx.x;
#if __CUDA_ARCH__ >= 900
    __shared__ __mbarrier_t bar;
    if (t == 0) __mbarrier_init(&bar, blockDim.x);
    __syncthreads();
    s[t] = in[blockIdx.x * 128 + t];
    __mbarrier_token_t tok = __mbarrier_arrive(&bar);
    atomicMax(&pend[blockIdx.x], __mbarrier_token_pending_count(tok));
    while (!__mbarrier_try_wait(&bar, tok, 1000)) {}
    int v = s[(t + 3) & 127];
    tok = __mbarrier_arrive(&bar);
    while (!__mbarrier_test_wait(&bar, tok)) {}
    s[t] = v * 5;
    tok = __mbarrier_arrive(&bar);
    while (!__mbarrier_try_wait_parity(&bar, 0, 1000)) {}
    out[blockIdx.x * 128 + t] = s[127 - t];
    __syncthreads();
    if (t == 0) __mbarrier_inval(&bar);
#else
    s[t] = in[blockIdx.x * 128 + t];
    atomicMax(&pend[blockIdx.x], blockDim.x - t);
    __syncthreads();
    int v = s[(t + 3) & 127];
    __syncthreads();
    s[t] = v * 5;
    __syncthreads();
    out[blockIdx.x * 128 + t] = s[127 - t];
#endif
}

// cuda::device::barrier_arrive_tx / barrier_expect_tx on a cuda::barrier, completed through its
// native handle
#pragma nv_diag_suppress static_var_with_dynamic_init
extern "C" __global__ void native_handle(const int *in, int *out)
{
    __shared__ cuda::barrier<cuda::thread_scope_block> bar;
    __shared__ int s[128];
    int t = threadIdx.x;
    if (t == 0) init(&bar, blockDim.x);
    __syncthreads();
    s[t] = in[blockIdx.x * 128 + t] - 7;
#if __CUDA_ARCH__ >= 900
    uint64_t *h = cuda::device::barrier_native_handle(bar);
    cuda::barrier<cuda::thread_scope_block>::arrival_token tok;
    if (t == 0) tok = cuda::device::barrier_arrive_tx(bar, 1, 16);
    else tok = bar.arrive();
    if (t < 4) complete_tx(h, 4);
    bar.wait(std::move(tok));
#else
    bar.arrive_and_wait();
#endif
    int v = s[t ^ 1];
#if __CUDA_ARCH__ >= 900
    if (t == 1) cuda::device::barrier_expect_tx(bar, 12);
    __syncthreads();
    if (t >= 122) complete_tx(h, 2);
#endif
    bar.arrive_and_wait();
    out[blockIdx.x * 128 + t] = v;
}
