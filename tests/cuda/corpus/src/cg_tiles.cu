// cooperative groups: block, tiles of 32/16/4, cg::reduce, coalesced groups in a branch
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;

__global__ void cg_tiles(const int *in, const float *f, int *o, float *of, int n)
{
    cg::thread_block block = cg::this_thread_block();
    auto t32 = cg::tiled_partition<32>(block);
    auto t16 = cg::tiled_partition<16>(block);
    auto t4 = cg::tiled_partition<4>(t32);
    int i = block.group_index().x * block.size() + block.thread_rank();
    int v = i < n ? in[i] : 0;
    float x = i < n ? f[i] : 0.0f;
    int s32 = cg::reduce(t32, v, cg::plus<int>());
    int m16 = cg::reduce(t16, v, cg::greater<int>());
    int a4 = cg::reduce(t4, v, cg::bit_and<int>());
    float fm = cg::reduce(t32, x, cg::less<float>());
    int ex = cg::reduce(t16, v, cg::bit_xor<int>());
    int ball = t32.ballot(v > 0);
    int any = t16.any(v > 900), all = t4.all(v > -900);
    int cnt = -1, crank = -1;
    __syncwarp();      // the tile votes may leave the warp split: coalesced_threads() is the converged set
    if (v & 1) {
        cg::coalesced_group g = cg::coalesced_threads();
        cnt = g.size();
        crank = g.thread_rank();
        crank += 100 * g.shfl(v & 0xff, 0);
    }
    if (i < n) {
        int *r = o + 10 * i;
        r[0] = s32; r[1] = m16; r[2] = a4; r[3] = ex; r[4] = ball; r[5] = any + 2 * all;
        r[6] = cnt; r[7] = crank; r[8] = t4.meta_group_rank() + 10 * t16.meta_group_rank(); r[9] = t32.shfl_down(v, 1);
        of[i] = fm;
    }
}
