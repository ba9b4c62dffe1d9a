// cg::reduce / shfl / ballot over labeled_partition and binary_partition groups (the sm_75
// deadlock of decision D6-cg-5: the two groups of a binary partition run one reduction loop for
// different trip counts, ending in YIELD, and the first group reuses B0 after its release).
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;

__global__ void simt_bpart(const int *in, int *o)
{
    cg::thread_block b = cg::this_thread_block();
    int i = b.group_index().x * b.size() + b.thread_rank();
    int v = in[i];
    int *r = o + 6 * i;
    auto w = cg::tiled_partition<32>(b);
    cg::coalesced_group lp = cg::labeled_partition(w, v & 3);
    r[0] = lp.thread_rank() + 100 * lp.size();
    r[1] = cg::reduce(lp, v, cg::plus<int>());
    cg::coalesced_group bp = cg::binary_partition(w, v > 0);
    r[2] = bp.thread_rank() + 100 * bp.size();
    r[3] = cg::reduce(bp, v, cg::less<int>());
    int q;
    if (v & 4) {
        q = v * 2;
        __syncwarp();
    } else {
        q = v - 1;
        __syncwarp();
    }
    r[4] = lp.shfl(v, 0) + q;
    r[5] = bp.ballot(v & 1);
}
