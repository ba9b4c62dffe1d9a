// A 64-thread cooperative-groups tile (two warps) needs the block's scratch: on sm_80 and later
// cooperative_groups places it in the driver's reserved shared memory (%reserved_smem_offset_1).
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;

__global__ void tile64_sums(const int *in, int *out, int *tile_max, int n)
{
    __shared__ cg::block_tile_memory<256> scratch;
    __shared__ int stage[256];
    cg::thread_block block = cg::this_thread_block(scratch);
    auto tile = cg::tiled_partition<64>(block);
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int v = i < n ? in[i] : 0;
    stage[threadIdx.x] = v * 3 + 1;            // lives next to the scratch the tile uses
    int s = cg::reduce(tile, v, cg::plus<int>());
    int m = cg::reduce(tile, v, cg::greater<int>());
    tile.sync();
    int left = tile.shfl(v, 37);              // a broadcast: tiles over 32 threads need one source rank
    block.sync();
    if (i < n)
        out[i] = s + stage[threadIdx.x ^ 1] - left;
    if (tile.thread_rank() == 0)
        tile_max[blockIdx.x * (blockDim.x / 64) + tile.meta_group_rank()] = m;
}
