// cuda::pipeline in its other shapes (eighth discovery round, direction sync8): a thread-scope pipeline
// (LDGSTS, LDGDEPBAR, DEPBAR), a partitioned block pipeline with a producer warp and consumer warps
// (sm_90+: waterfall loops closed by BRA.U.ANY around R2UR / R2UR.OR, SYNCS.CCTL.IVALL on sm_100+;
// decision D8-sync-8) and a barrier arrival with an update count of 2 (SYNCS.ARRIVE.TRANS64.ART0).
#include <cuda/barrier>
#include <cuda/pipeline>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
#pragma nv_diag_suppress static_var_with_dynamic_init

// thread-scope pipeline (each thread its own stages)
extern "C" __global__ void thread_pipe(const int *in, int *out, int n)
{
    __shared__ alignas(16) int buf[2][128];
    auto pipe = cuda::make_pipeline();
    int t = threadIdx.x;
    int acc = 0;
    pipe.producer_acquire();
    cuda::memcpy_async(&buf[0][t], &in[t], sizeof(int), pipe);
    pipe.producer_commit();
    for (int k = 0; k < n; ++k) {
        if (k + 1 < n) {
            pipe.producer_acquire();
            cuda::memcpy_async(&buf[(k + 1) & 1][t], &in[(k + 1) * 128 + t], sizeof(int), pipe);
            pipe.producer_commit();
        }
        cuda::pipeline_consumer_wait_prior<1>(pipe);
        acc = acc * 2 + buf[k & 1][t];
        pipe.consumer_release();
    }
    out[blockIdx.x * 128 + t] = acc;
}

// partitioned pipeline: warp 0 produces, warps 1-3 consume
extern "C" __global__ void role_pipe(const int *in, int *out, int nchunks)
{
    constexpr int S = 2;
    __shared__ alignas(16) int buf[S][96];
    __shared__ cuda::pipeline_shared_state<cuda::thread_scope_block, S> state;
    auto block = cg::this_thread_block();
    const auto role = threadIdx.x < 32 ? cuda::pipeline_role::producer : cuda::pipeline_role::consumer;
    auto pipe = cuda::make_pipeline(block, &state, role);
    int t = threadIdx.x;
    int acc = 0;
    for (int k = 0; k < nchunks; ++k) {
        if (role == cuda::pipeline_role::producer) {
            pipe.producer_acquire();
            for (int j = t; j < 96; j += 32)
                cuda::memcpy_async(&buf[k % S][j], &in[(blockIdx.x * nchunks + k) * 96 + j], sizeof(int), pipe);
            pipe.producer_commit();
        } else {
            pipe.consumer_wait();
            acc += buf[k % S][t - 32] * (k + 1);
            pipe.consumer_release();
        }
    }
    if (t >= 32) out[blockIdx.x * 96 + t - 32] = acc;
}

// a barrier whose threads arrive with an update of 2 (two arrivals each), counted for 2 * blockDim
extern "C" __global__ void arrive_update(const int *in, int *out)
{
    __shared__ int s[128];
    __shared__ cuda::barrier<cuda::thread_scope_block> bar;
    int t = threadIdx.x;
    if (t == 0) init(&bar, 2 * blockDim.x);
    __syncthreads();
    s[t] = in[blockIdx.x * 128 + t] + 1;
    auto tok = bar.arrive(2);
    bar.wait(std::move(tok));
    out[blockIdx.x * 128 + t] = s[(t + 64) & 127] - s[t];
}
