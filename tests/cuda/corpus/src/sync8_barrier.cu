// cuda::barrier, cuda::memcpy_async with a barrier, cuda::pipeline and cg::memcpy_async written
// by several authors (eighth discovery round, direction sync8, decisions D8-sync-1 .. D8-sync-6).
// sm_90 and later compile them to the SYNCS family (SYNCS.EXCH.64 under @!UP0, SYNCS.ARRIVE.TRANS64.*,
// SYNCS.PHASECHK.TRANS64.TRYWAIT, ARRIVES.LDGSTSBAR.64.TRANSCNT, FENCE.VIEW.ASYNC.S,
// SYNCS.CCTL.IV); sm_80-89 to ATOMS.ARRIVE.64 / ARRIVES.LDGSTSBAR.64; sm_75 to a software barrier.
#include <cuda/barrier>
#include <cuda/pipeline>
#include <cooperative_groups.h>
#include <cooperative_groups/memcpy_async.h>
namespace cg = cooperative_groups;
#pragma nv_diag_suppress static_var_with_dynamic_init
using block_barrier = cuda::barrier<cuda::thread_scope_block>;

// three phases of one barrier with arrive_and_wait (a rotation through shared memory)
extern "C" __global__ void bar_rotate(const int *in, int *out)
{
    __shared__ int s[256];
    __shared__ block_barrier bar;
    int t = threadIdx.x;
    if (t == 0) init(&bar, blockDim.x);
    __syncthreads();
    s[t] = in[blockIdx.x * blockDim.x + t] * 2;
    bar.arrive_and_wait();
    int v = s[(t + 5) % blockDim.x];
    bar.arrive_and_wait();
    s[t] = v + 1;
    bar.arrive_and_wait();
    out[blockIdx.x * blockDim.x + t] = s[blockDim.x - 1 - t];
}

// double-buffered tiles: memcpy_async of tile k+1 into one buffer while tile k is used
extern "C" __global__ void tiles_double_buffer(const float *in, float *out, int ntiles)
{
    constexpr int T = 128;
    __shared__ alignas(16) float buf[2][T];
    __shared__ block_barrier bar[2];
    auto block = cg::this_thread_block();
    if (block.thread_rank() == 0) { init(&bar[0], block.size()); init(&bar[1], block.size()); }
    block.sync();
    const float *src = in + (size_t)blockIdx.x * ntiles * T;
    cuda::memcpy_async(block, buf[0], src, sizeof(float) * T, bar[0]);
    float acc = 0.f;
    for (int k = 0; k < ntiles; ++k) {
        int cur = k & 1;
        if (k + 1 < ntiles)
            cuda::memcpy_async(block, buf[cur ^ 1], src + (k + 1) * T, sizeof(float) * T, bar[cur ^ 1]);
        bar[cur].arrive_and_wait();
        acc += buf[cur][threadIdx.x] * (float)(k + 1) + buf[cur][(threadIdx.x + 1) % T];
        bar[cur].arrive_and_wait();
    }
    out[blockIdx.x * T + threadIdx.x] = acc;
}

// producer/consumer: warp 0 fills a slot, the other warps consume it; "full" and "empty" barriers
extern "C" __global__ void prod_cons(const int *in, int *out, int rounds)
{
    __shared__ int slot[64];
    __shared__ block_barrier full, empty;
    int t = threadIdx.x;
    int nw = blockDim.x / 32;
    if (t == 0) { init(&full, blockDim.x); init(&empty, blockDim.x); }
    __syncthreads();
    int acc = 0;
    for (int r = 0; r < rounds; ++r) {
        if (t < 32) {
            slot[t] = in[(blockIdx.x * rounds + r) * 64 + t];
            slot[t + 32] = in[(blockIdx.x * rounds + r) * 64 + t + 32] ^ r;
            auto tok = full.arrive();
            full.wait(std::move(tok));
        } else {
            full.arrive_and_wait();
            acc += slot[(t - 32 + r) & 63] * (t % 7 + 1);
        }
        empty.arrive_and_wait();
    }
    if (t >= 32) out[blockIdx.x * (blockDim.x - 32) + t - 32] = acc + nw;
}

// a three-stage block-scope cuda::pipeline
extern "C" __global__ void pipe_stages(const int *in, int *out, int nchunks)
{
    constexpr int S = 3, C = 64;
    __shared__ alignas(16) int buf[S][C];
    __shared__ cuda::pipeline_shared_state<cuda::thread_scope_block, S> state;
    auto block = cg::this_thread_block();
    auto pipe = cuda::make_pipeline(block, &state);
    const int *src = in + blockIdx.x * nchunks * C;
    int fetch = 0;
    for (; fetch < S && fetch < nchunks; ++fetch) {
        pipe.producer_acquire();
        cuda::memcpy_async(block, buf[fetch % S], src + fetch * C, sizeof(int) * C, pipe);
        pipe.producer_commit();
    }
    int acc = 0;
    for (int k = 0; k < nchunks; ++k) {
        pipe.consumer_wait();
        acc = acc * 3 + buf[k % S][threadIdx.x] - buf[k % S][C - 1 - threadIdx.x];
        pipe.consumer_release();
        if (fetch < nchunks) {
            pipe.producer_acquire();
            cuda::memcpy_async(block, buf[fetch % S], src + fetch * C, sizeof(int) * C, pipe);
            pipe.producer_commit();
            ++fetch;
        }
    }
    out[blockIdx.x * C + threadIdx.x] = acc;
}

// cg::memcpy_async of two arrays, wait_prior<1> then wait
extern "C" __global__ void cg_copy_wait(const int *a, const int *b, int *out, int n)
{
    __shared__ alignas(16) int sa[256];
    __shared__ alignas(16) int sb[256];
    auto block = cg::this_thread_block();
    int base = blockIdx.x * 256;
    cg::memcpy_async(block, sa, a + base, sizeof(int) * 256);
    cg::memcpy_async(block, sb, b + base, sizeof(int) * 256);
    cg::wait_prior<1>(block);
    int t = threadIdx.x;
    int x = sa[255 - t];
    cg::wait(block);
    if (base + t < n) out[base + t] = x * 2 - sb[t];
}

// a barrier with a completion function (run once per phase by the last arriving thread)
struct Bump {
    int *count;
    __device__ void operator()() noexcept { *count += 1; }
};
extern "C" __global__ void bar_completion(const int *in, int *out, int *phases)
{
    __shared__ int s[128];
    __shared__ int done;
    __shared__ cuda::barrier<cuda::thread_scope_block, Bump> bar;
    int t = threadIdx.x;
    if (t == 0) { done = 0; init(&bar, blockDim.x, Bump{&done}); }
    __syncthreads();
    s[t] = in[blockIdx.x * 128 + t];
    bar.arrive_and_wait();
    int v = s[127 - t] + done * 1000;
    bar.arrive_and_wait();
    out[blockIdx.x * 128 + t] = v + done * 100000;
    if (t == 0) phases[blockIdx.x] = done;
}

// arrive_and_drop: the upper half leaves after the first phase, the lower half goes on alone.
// The drops come before a __syncthreads: sm_75's software barrier (libcu++'s 64-bit word) re-arms a
// completed phase with a second fetch_add, and when a dropping thread completes the phase, the
// remaining threads may all arrive for the next phase before that add, whose carry then flips the
// phase a second time unseen and the next phase never completes (decision D8-sync-5; the batched
// engine's schedule does exactly that)
extern "C" __global__ void bar_drop(const int *in, int *out)
{
    __shared__ int s[128];
    __shared__ block_barrier bar;
    int t = threadIdx.x;
    if (t == 0) init(&bar, blockDim.x);
    __syncthreads();
    s[t] = in[blockIdx.x * 128 + t];
    if (t >= 64) bar.arrive_and_drop();
    __syncthreads();
    if (t >= 64) return;
    bar.arrive_and_wait();
    int v = s[t + 64] - s[t];
    bar.arrive_and_wait();
    s[t] = v;
    bar.arrive_and_wait();
    out[blockIdx.x * 64 + t] = s[63 - t] + v;
}
