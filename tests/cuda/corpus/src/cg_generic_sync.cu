// A type-erased cooperative group's sync() (decision D9-4): for a thread_group that may be any
// kind of group, nvcc for sm_90+ writes the cluster barrier (CGAERRBAR ; UCGABAR_ARV ;
// UCGABAR_WAIT ; CCTL.IVALL) beside BAR.SYNC and the tile's WARPSYNC, chosen at run time.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__device__ __noinline__ int group_sum(cg::thread_group g, int* x, int val) {
  int lane = g.thread_rank();
  for (int i = g.size() / 2; i > 0; i /= 2) {
    x[lane] = val;
    g.sync();
    if (lane < i) val += x[lane + i];
    g.sync();
  }
  return val;
}

__global__ void cg_generic_sync(const int* in, int* tiles, int* blocks) {
  __shared__ int s[256];
  __shared__ int b[256];
  cg::thread_block blk = cg::this_thread_block();
  cg::thread_group tile = cg::tiled_partition(blk, 16);
  int t = threadIdx.x;
  int v = in[blockIdx.x * blockDim.x + t];
  int base = (t / tile.size()) * tile.size();
  int ts = group_sum(tile, s + base, v);
  if (tile.thread_rank() == 0) tiles[(blockIdx.x * blockDim.x + t) / 16] = ts;
  int bs = group_sum(blk, b, v);
  if (t == 0) blocks[blockIdx.x] = bs;
}
