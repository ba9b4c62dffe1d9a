#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cooperative_groups/scan.h>
namespace cg = cooperative_groups;
__global__ void cg_tiles(const int* in, int* out) {
  cg::thread_block blk = cg::this_thread_block();
  int t = blk.thread_rank();
  int g = (blockIdx.x + gridDim.x * blockIdx.y) * blk.size() + t;
  int v = in[g];
  int* o = out + g * 9;
  auto t4 = cg::tiled_partition<4>(blk);
  auto t16 = cg::tiled_partition<16>(blk);
  o[0] = cg::reduce(t4, v, cg::plus<int>());
  o[1] = cg::inclusive_scan(t4, v);
  o[2] = cg::exclusive_scan(t16, v, cg::bit_xor<int>());
  o[3] = (int)cg::reduce(t16, (unsigned)v, cg::greater<unsigned>());
  o[4] = cg::inclusive_scan(t16, v, cg::less<int>());
  o[5] = t16.shfl_down(v, 3);
  o[6] = t4.meta_group_rank() * 100 + t4.meta_group_size();
  o[7] = cg::exclusive_scan(t4, v);
  o[8] = t16.ballot(v & 1) + (t4.any(v > 0) << 20) + (t4.all(v > -50) << 21);
}
