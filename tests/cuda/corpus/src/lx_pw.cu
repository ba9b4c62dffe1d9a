// partial warps: __syncwarp(), coalesced_threads() and cg::reduce, this_thread_block() in the last warp
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;

// __syncwarp() and full-mask collectives in the partial last warp, coalesced groups there
extern "C" __global__ void lx_pw(const int *in, int *out)
{
    __shared__ int s[1024];
    int t = threadIdx.x, g = blockIdx.x * blockDim.x + t;
    s[t] = in[g];
    __syncwarp();
    int lane = t & 31, base = t & ~31;
    int width = min(32, (int)blockDim.x - base);
    int nb = s[base + (lane + 1) % width];
    __syncwarp();
    cg::coalesced_group c = cg::coalesced_threads();
    int sum = cg::reduce(c, in[g], cg::plus<int>());
    int rank = c.thread_rank();
    unsigned sz = c.size();
    cg::thread_block blk = cg::this_thread_block();
    blk.sync();
    out[g * 4 + 0] = nb;
    out[g * 4 + 1] = sum;
    out[g * 4 + 2] = rank * 100 + (int)sz;
    out[g * 4 + 3] = (int)blk.size() + (int)blk.thread_rank() * 2000;
}
