// coalesced_threads() inside divergent branches: rank, size, shfl, reduce, scan, ballot
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cooperative_groups/scan.h>
namespace cg = cooperative_groups;

__global__ void cg_coal(const int *in, int *o)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int v = in[i];
    int *r = o + 8 * i;
    for (int k = 0; k < 8; ++k) r[k] = -1;
    if (v % 3 == 0) {
        cg::coalesced_group g = cg::coalesced_threads();
        r[0] = g.thread_rank() + 100 * g.size();
        r[1] = g.shfl(v, g.size() - 1);
        r[2] = cg::reduce(g, v, cg::plus<int>());
        r[3] = cg::inclusive_scan(g, 1);
        r[4] = (int)g.ballot(v > 0);
    } else if (v % 3 == 1) {
        cg::coalesced_group g = cg::coalesced_threads();
        r[0] = g.thread_rank() + 100 * g.size();
        r[2] = cg::reduce(g, v, cg::greater<int>());
        r[3] = cg::exclusive_scan(g, v);
        r[5] = g.any(v > 700) + 2 * g.all(v > -700);
        if (g.thread_rank() & 1) {
            cg::coalesced_group h = cg::coalesced_threads();
            r[6] = h.thread_rank() + 100 * h.size() + 1000 * h.shfl_down(v & 7, 1);
        }
    }
    r[7] = __popc(__ballot_sync(0xffffffffu, v > 0));
}
