// this_grid() ranks without grid.sync, block queries, memcpy_async + wait, block.sync/tile.sync
#include <cooperative_groups.h>
#include <cooperative_groups/memcpy_async.h>
namespace cg = cooperative_groups;

__global__ void cg_grid(const int *in, int *o, long long *og)
{
    __shared__ int sh[256];
    cg::grid_group grid = cg::this_grid();
    cg::thread_block b = cg::this_thread_block();
    cg::memcpy_async(b, sh, in + b.group_index().x * 256, sizeof(int) * 256);
    cg::wait(b);
    int t = b.thread_rank();
    auto tile = cg::tiled_partition<16>(b);
    int s = sh[(t * 7) & 255] + sh[255 - t];
    tile.sync();
    b.sync();
    unsigned long long gr = grid.thread_rank();
    og[2 * gr] = (long long)gr + 1000000LL * grid.size();
    og[2 * gr + 1] = grid.num_blocks() + 100 * grid.block_rank() + 10000 * grid.dim_blocks().x;
    o[4 * gr + 0] = s;
    o[4 * gr + 1] = b.num_threads() + 1000 * b.dim_threads().x;
    o[4 * gr + 2] = b.thread_index().x + 1000 * b.group_index().x;
    o[4 * gr + 3] = tile.meta_group_rank() + 100 * tile.meta_group_size();
}
