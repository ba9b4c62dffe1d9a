// cooperative groups: thread_block_tile<4/8/16/32> shuffles, votes, match_any, meta groups
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

template <unsigned N, typename P>
__device__ void tile_ops(cg::thread_block_tile<N, P> t, int v, int *r)
{
    r[0] = t.shfl(v, (t.thread_rank() * 3 + 1) % N);
    r[1] = t.shfl_down(v, 1);
    r[2] = t.shfl_up(v, 2);
    r[3] = t.shfl_xor(v, N / 2);
    r[4] = t.any(v > 500) + 2 * t.all(v > -800);
    r[5] = (int)t.ballot(v & 1);
    r[6] = (int)t.match_any(v & 3);
    r[7] = t.meta_group_rank() + 100 * t.meta_group_size() + 10000 * t.thread_rank() + 1000000 * t.num_threads();
    t.sync();
}

__global__ void cg_shfl(const int *in, int *o)
{
    cg::thread_block b = cg::this_thread_block();
    int i = b.group_index().x * b.size() + b.thread_rank();
    int v = in[i];
    int *r = o + 32 * i;
    tile_ops(cg::tiled_partition<4>(b), v, r);
    tile_ops(cg::tiled_partition<8>(b), v, r + 8);
    tile_ops(cg::tiled_partition<16>(b), v, r + 16);
    tile_ops(cg::tiled_partition<32>(b), v, r + 24);
}
