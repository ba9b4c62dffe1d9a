// Synchronisation a correct program relies on (trust13, D13-T-3): per-bucket spin locks taken by every
// lane of every warp (independent thread scheduling: lanes of one warp contend for one lock, which
// deadlocks before Volta), and cooperative groups' tiled_partition / coalesced_threads /
// labeled_partition reductions with __syncwarp under a partial mask.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;

extern "C" __global__ void t13_buckets(const int *in, int *locks, int *hist)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    int b = in[t] & 7;
    bool done = false;
    do {
        if (atomicExch(&locks[b], 1) == 0) {
            hist[b] = hist[b] + 1;
            hist[8 + b] = hist[8 + b] ^ in[t];
            hist[16 + b] = hist[16 + b] + (in[t] >> 3);
            __threadfence();
            atomicExch(&locks[b], 0);
            done = true;
        }
    } while (!done);
}

extern "C" __global__ void t13_groups(const int *in, int *out)
{
    auto blk = cg::this_thread_block();
    int t = threadIdx.x, x = in[t];
    auto tile = cg::tiled_partition<8>(blk);
    out[t] = cg::reduce(tile, x, cg::plus<int>());
    if (x & 1) {
        auto odd = cg::coalesced_threads();
        out[64 + t] = cg::reduce(odd, x, cg::greater<int>()) + odd.thread_rank() * 1000;
    }
    auto warp = cg::tiled_partition<32>(blk);
    auto lab = cg::labeled_partition(warp, x & 3);
    out[128 + t] = cg::reduce(lab, x, cg::plus<int>()) * 10 + lab.size();
    lab.sync();
    if (t % 3 == 0) { __syncwarp(__activemask()); out[192 + t] = __popc(__activemask()); }
}
