#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cooperative_groups/scan.h>
namespace cg = cooperative_groups;
__global__ void cg_coalesced(const int* in, int* out) {
  int t = threadIdx.x, g = blockIdx.x * blockDim.x + t;
  int v = in[g];
  int* o = out + g * 9;
  if (v % 3 != 0) {
    cg::coalesced_group ct = cg::coalesced_threads();
    o[0] = ct.size();
    o[1] = ct.thread_rank();
    o[2] = ct.shfl(v, 0);
    o[3] = cg::reduce(ct, v, cg::plus<int>());
    o[4] = ct.shfl(v, ct.size() - 1 - ct.thread_rank());
    if (v % 3 == 1) {
      cg::coalesced_group c2 = cg::coalesced_threads();
      o[5] = c2.size() * 100 + c2.thread_rank();
      o[6] = cg::exclusive_scan(c2, v);
    } else {
      cg::coalesced_group c3 = cg::coalesced_threads();
      cg::coalesced_group lp = cg::labeled_partition(c3, v % 5);
      o[5] = lp.size() * 100 + lp.thread_rank();
      o[6] = cg::reduce(lp, v, cg::greater<int>());
    }
    cg::coalesced_group bp = cg::binary_partition(ct, v > 50);
    o[7] = bp.size() * 1000 + bp.thread_rank();
    o[8] = bp.ballot(v & 1);
  } else {
    for (int k = 0; k < 9; k++) o[k] = -7;
  }
}
