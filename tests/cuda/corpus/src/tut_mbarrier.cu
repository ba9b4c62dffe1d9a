// cuda::barrier with cuda::memcpy_async, as the programming guide's examples write it (seventh round,
// direction tut7, decision D7-tut-2): on sm_80-sm_89 the mbarrier is a 64-bit shared word
// (ATOMS.ARRIVE.64, ARRIVES.LDGSTSBAR.64, a phase-bit wait loop). sm_90+ write it with the SYNCS
// family, which the model does not define yet: there (and on sm_75, which has no cp.async) the
// kernel stages through cooperative_groups::memcpy_async and cg::wait instead.
#include <cuda/barrier>
#include <cooperative_groups.h>
#include <cooperative_groups/memcpy_async.h>
namespace cg = cooperative_groups;

extern "C" __global__ void barrier_copy_scale(const int *in, int *out, int n)
{
    __shared__ __align__(16) int buf[256];
    auto block = cg::this_thread_block();
#if __CUDA_ARCH__ >= 800 && __CUDA_ARCH__ < 900
#pragma nv_diag_suppress static_var_with_dynamic_init
    __shared__ cuda::barrier<cuda::thread_scope_block> bar;
    if (block.thread_rank() == 0) init(&bar, block.size());
    block.sync();
    cuda::memcpy_async(block, buf, in + blockIdx.x * 256, sizeof(int) * 256, bar);
    bar.arrive_and_wait();
#else
    cg::memcpy_async(block, buf, in + blockIdx.x * 256, sizeof(int) * 256);
    cg::wait(block);
#endif
    int t = threadIdx.x;
    int i = blockIdx.x * 256 + t;
    if (i < n) out[i] = buf[t] * 3 + buf[255 - t];
}

// two phases of one barrier: each thread arrives twice, tokens from arrive() and wait(token)
extern "C" __global__ void barrier_two_phases(const int *in, int *out)
{
    __shared__ int stage[128];
    int t = threadIdx.x;
#if __CUDA_ARCH__ >= 800 && __CUDA_ARCH__ < 900
#pragma nv_diag_suppress static_var_with_dynamic_init
    __shared__ cuda::barrier<cuda::thread_scope_block> bar;
    if (t == 0) init(&bar, blockDim.x);
    __syncthreads();
    stage[t] = in[blockIdx.x * 128 + t];
    auto tok = bar.arrive();
    bar.wait(std::move(tok));
    int v = stage[127 - t];
    bar.arrive_and_wait();
    stage[t] = v + t;
    bar.arrive_and_wait();
#else
    stage[t] = in[blockIdx.x * 128 + t];
    __syncthreads();
    int v = stage[127 - t];
    __syncthreads();
    stage[t] = v + t;
    __syncthreads();
#endif
    out[blockIdx.x * 128 + t] = stage[(t + 1) & 127];
}
