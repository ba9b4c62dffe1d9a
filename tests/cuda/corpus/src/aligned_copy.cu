#include <cuda/barrier>
#include <cuda/pipeline>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
#pragma nv_diag_suppress static_var_with_dynamic_init
// An aligned cuda::memcpy_async (aligned_size_t<16>) into shared memory with a cuda::barrier:
// sm_90/sm_100 copy with the TMA bulk copy UBLKCP (D8-sync), sm_120 chooses at run time between
// it and a call of __cuda_syscall_cp_async_bulk_unicast, which this launch does not reach (D8-12).
extern "C" __global__ void aligned_copy(const int4 *in, int *out)
{
    __shared__ alignas(16) int4 buf[64];
    __shared__ cuda::barrier<cuda::thread_scope_block> bar;
    auto block = cg::this_thread_block();
    if (block.thread_rank() == 0) init(&bar, block.size());
    block.sync();
    cuda::memcpy_async(block, buf, in + blockIdx.x * 64, cuda::aligned_size_t<16>(sizeof(int4) * 64), bar);
    bar.arrive_and_wait();
    int4 v = buf[63 - threadIdx.x];
    out[blockIdx.x * 64 + threadIdx.x] = v.x + 2 * v.y + 3 * v.z + 4 * v.w;
}
