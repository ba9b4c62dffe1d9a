// __syncthreads_count / _and / _or (BAR.RED + B2R) and a cooperative-groups tile reduction
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;

extern "C" __global__ void sync_count(const int *in, int *out)
{
    auto tile = cg::tiled_partition<16>(cg::this_thread_block());
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int v = in[i];
    int s = cg::reduce(tile, v, cg::plus<int>());
    int c = __syncthreads_count(v & 1);
    int a = __syncthreads_and(v > 0);
    int o = __syncthreads_or(v > 900);
    out[4 * i + 0] = s;
    out[4 * i + 1] = c;
    out[4 * i + 2] = a;
    out[4 * i + 3] = o;
}
