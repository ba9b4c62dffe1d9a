// Strangers' teaching and blog code (session 11, blog11): OLCF's CUDA training exercise on cooperative
// groups, re-written: a stream compaction (remove_if) whose block-wide Hillis-Steele scan synchronises
// with cg::this_thread_block().sync() -- a non-aligned `barrier.sync 0` -- inside a grid-stride loop
// (every thread of a block runs the same number of rounds: the exercise's own loop lets the threads
// past the end leave early, which races once their grid.sync() pairs with the others' block syncs),
// then cg::this_grid().sync() (a cooperative launch) before each kept element finds its place from
// the chunk totals. split_sync meets the two arms of a divergent branch at two block.sync() sites:
// on sm_90 and later ptxas writes a diverged warp's non-aligned barrier as WARPSYNC.COLLECTIVE.ALL /
// `BAR.SYNC R18, R18` (R18 = 0: no count, the whole CTA) / ENDCOLLECTIVE, on which the model faulted
// with "thread count 0" (found by the exercise's kernel, decision D11-S-2).
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

constexpr int NT = 128;

__global__ void compact_if(const int *__restrict in, int drop, int *__restrict out, unsigned *__restrict pos, unsigned n) {
    __shared__ unsigned s[NT];
    auto blk = cg::this_thread_block();
    auto grid = cg::this_grid();
    unsigned t = blk.thread_rank();
    unsigned stride = NT * gridDim.x;
    for (unsigned base = NT * blk.group_index().x; base < n; base += stride) {
        unsigned i = base + t;
        unsigned keep = i < n && in[i] != drop;
        s[t] = keep;
        for (unsigned d = 1; d < NT; d <<= 1) {
            blk.sync();
            if (d <= t) keep += s[t - d];
            blk.sync();
            if (d <= t) s[t] = keep;
        }
        if (i < n) pos[i] = keep;            // inclusive count within the chunk
        blk.sync();
    }
    grid.sync();
    unsigned chunk = blk.group_index().x;
    for (unsigned i = t + NT * chunk; i < n; i += stride, chunk += gridDim.x) {
        int v = in[i];
        if (v != drop) {
            unsigned p = pos[i];
            for (unsigned c = 0; c < chunk; ++c) p += pos[c * NT + NT - 1];
            out[p - 1] = v;
        }
    }
}

// lanes below `split` and the others reach block.sync() in different arms
__global__ void split_sync(const int *in, int *out, int split) {
    __shared__ int s[NT];
    auto blk = cg::this_thread_block();
    int t = blk.thread_rank();
    int v = in[blockIdx.x * NT + t];
    if (t < split) {
        s[t] = 2 * v;
        blk.sync();
        out[blockIdx.x * NT + t] = s[NT - 1 - t] + 1;
    } else {
        s[t] = -v;
        blk.sync();
        out[blockIdx.x * NT + t] = s[NT - 1 - t] - 1;
    }
}
