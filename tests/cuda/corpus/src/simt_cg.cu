// Cooperative groups under divergence: static tiles of 4/8/16 with meta groups, a dynamic tile,
// coalesced_threads() inside branches, labeled/binary partitions with reduce and scans, tile
// votes and match_any, thread_block::sync between phases.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cooperative_groups/scan.h>
namespace cg = cooperative_groups;

extern "C" __global__ void simt_cg(const int *in, int *out)
{
    cg::thread_block blk = cg::this_thread_block();
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    int v = in[t];
    int *o = out + 12 * t;
    auto t4 = cg::tiled_partition<4>(blk);
    auto t8 = cg::tiled_partition<8>(blk);
    auto t16 = cg::tiled_partition<16>(blk);
    o[0] = cg::reduce(t4, v, cg::plus<int>()) * 1000 + t4.meta_group_rank();
    o[1] = cg::inclusive_scan(t8, v);
    o[2] = cg::exclusive_scan(t16, v, cg::bit_xor<int>()) + (t16.any(v > 80) ? 100000 : 0) + (t16.all(v > -80) ? 200000 : 0);
    o[3] = __popc(t8.ballot(v & 1)) * 100 + __popc(t16.match_any(v & 3)) * 1 + t8.shfl(v, 7 - t8.thread_rank()) * 1000;
    blk.sync();
    if (v & 1) {
        cg::coalesced_group g = cg::coalesced_threads();
        o[4] = g.thread_rank() + 100 * g.size();
        o[5] = cg::reduce(g, v, cg::greater<int>());
        if (v > 0) {
            cg::coalesced_group h = cg::coalesced_threads();
            o[6] = cg::exclusive_scan(h, v) + 1000 * h.size();
        } else {
            o[6] = -1;
        }
    } else {
        cg::coalesced_group g = cg::coalesced_threads();
        o[4] = g.shfl(v, g.size() - 1);
        o[5] = cg::inclusive_scan(g, 1);
        o[6] = g.any(v == 0) + 2 * g.all(v < 50);
    }
    blk.sync();
    auto w = cg::tiled_partition<32>(blk);
    cg::coalesced_group lp = cg::labeled_partition(w, (v >> 2) & 3);
    o[7] = cg::reduce(lp, v, cg::bit_or<int>());
    o[8] = cg::exclusive_scan(lp, v) + 10000 * (int)lp.size();
    cg::coalesced_group bp = cg::binary_partition(w, v < 0);
    o[9] = cg::reduce(bp, v, cg::plus<int>());
    o[10] = cg::inclusive_scan(bp, v, cg::less<int>());
    cg::thread_group dt = cg::tiled_partition(blk, 8);
    o[11] = dt.thread_rank() + 100 * dt.size();
}
