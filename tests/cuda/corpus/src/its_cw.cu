// Warp collectives in divergent code: __syncwarp(mask) per branch, coalesced_threads(),
// labeled / binary partitions, tiled_partition<4/8/16> with reduce and inclusive_scan,
// match_any grouping, shuffles in loops of per-lane trip counts, warp-aggregated atomics.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cooperative_groups/scan.h>
namespace cg = cooperative_groups;

// 1. even and odd lanes exchange through shared memory, each half synchronising only itself
extern "C" __global__ void its_cw_syncwarp(const int *in, int *out)
{
    __shared__ int s[64];
    int t = threadIdx.x, lane = t & 31, base = t & ~31;
    int v = in[blockIdx.x * blockDim.x + t];
    int r;
    if (lane & 1) {
        s[t] = v * 3;
        __syncwarp(0xaaaaaaaau);
        r = s[base + ((lane + 2) & 31)];
        __syncwarp(0xaaaaaaaau);
        s[t] = r + 1;
        __syncwarp(0xaaaaaaaau);
        r += s[base + ((lane + 30) & 31)];
    } else {
        s[t] = v - 1;
        __syncwarp(0x55555555u);
        r = s[base + ((lane + 4) & 31)];
        __syncwarp(0x55555555u);
    }
    out[blockIdx.x * blockDim.x + t] = r;
}

// 2. coalesced_threads() in a data-dependent branch: ranks and sizes of the group, and the
//    group's sum of v broadcast from its last rank, used for a warp-aggregated slot allocation
extern "C" __global__ void its_cw_coal(const int *in, int *slot, int *cnt, int *chk)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int v = in[i];
    int pos = -1;
    if (v % 3 == 0) {
        cg::coalesced_group g = cg::coalesced_threads();
        int base = 0;
        if (g.thread_rank() == 0) base = atomicAdd(cnt, (int)g.size());
        base = g.shfl(base, 0);
        pos = base + (int)g.thread_rank();
        int tot = cg::reduce(g, v, cg::plus<int>());
        chk[i] = tot - g.shfl(tot, g.size() - 1);   // 0: every rank sees the same sum
        slot[(i & ~31) + (int)g.thread_rank()] = i + pos - pos;
    } else {
        chk[i] = 5;
    }
}

// 3. labeled and binary partitions of a tile in a divergent region
extern "C" __global__ void its_cw_part(const int *in, int *out)
{
    cg::thread_block_tile<32> w = cg::tiled_partition<32>(cg::this_thread_block());
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int v = in[i];
    int label = (v >> 4) & 3;
    if (w.thread_rank() != 7) {                  // lane 7 leaves first
        cg::coalesced_group c = cg::coalesced_threads();
        cg::coalesced_group grp = cg::labeled_partition(c, label);
        int s = cg::reduce(grp, v, cg::plus<int>());
        cg::coalesced_group half = cg::binary_partition(c, v & 1);
        int m = cg::reduce(half, v, cg::greater<int>());
        out[2 * i] = s + (int)grp.size() * 1000000;
        out[2 * i + 1] = m;
    } else {
        out[2 * i] = -1;
        out[2 * i + 1] = -1;
    }
}

// 4. tiles of 4/8/16 inside a branch that whole tiles take: reduce and inclusive_scan
extern "C" __global__ void its_cw_tiles(const int *in, int *out)
{
    cg::thread_block b = cg::this_thread_block();
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int v = in[i];
    int r = -1, sc = -1;
    int q = threadIdx.x >> 4;            // group of 16 lanes
    if (q % 3 == 0) {
        auto t4 = cg::tiled_partition<4>(b);
        r = cg::reduce(t4, v, cg::plus<int>());
        sc = cg::inclusive_scan(t4, v, cg::plus<int>());
    } else if (q % 3 == 1) {
        auto t8 = cg::tiled_partition<8>(b);
        r = cg::reduce(t8, v, cg::bit_xor<int>());
        sc = cg::inclusive_scan(t8, v);
    } else {
        auto t16 = cg::tiled_partition<16>(b);
        r = cg::reduce(t16, v, cg::less<int>());
        sc = cg::exclusive_scan(t16, v);
    }
    out[2 * i] = r;
    out[2 * i + 1] = sc;
}

// 5. match_any grouping: lanes with the same key add their values, the group's leader publishes
extern "C" __global__ void its_cw_match(const int *in, int *tbl, int *out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int key = in[i] & 7;
    int v = in[i] >> 3;
    if (key != 5) {                          // lanes with key 5 sit this out
        unsigned act = __activemask();
        unsigned peers = __match_any_sync(act, key);
        int leader = __ffs(peers) - 1;
        int sum = 0;
        for (unsigned m = peers; m; m &= m - 1) sum += __shfl_sync(peers, v, __ffs(m) - 1);
        if ((int)(threadIdx.x & 31) == leader) atomicAdd(&tbl[key], sum);
        out[i] = __popc(peers);
    } else {
        out[i] = 0;
    }
}

// 6. shuffles in a loop whose lanes leave at different trips (the mask shrinks with a ballot)
extern "C" __global__ void its_cw_shrink(const int *in, int *out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int v = in[i];
    int n = (v & 7) + 1;
    unsigned m = 0xffffffffu;
    int acc = 0;
    for (int k = 0;; ++k) {
        bool cont = k < n;
        m = __ballot_sync(m, cont);
        if (!cont) break;
        int lead = __ffs(m) - 1;
        int hi = 31 - __clz(m);
        acc += __shfl_sync(m, v, lead) - __shfl_sync(m, k, hi) + __popc(m);
    }
    out[i] = acc;
}

// 7. warp-aggregated atomics in a grid-stride loop with per-lane trip counts
extern "C" __global__ void its_cw_aggr(const int *in, int *cnt, int *sum, int n)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
        int v = in[i];
        if (v & 1) {
            unsigned m = __activemask();
            int lane = threadIdx.x & 31;
            int leader = __ffs(m) - 1;
            int s = 0;
            for (unsigned mm = m; mm; mm &= mm - 1) s += __shfl_sync(m, v, __ffs(mm) - 1);
            if (lane == leader) { atomicAdd(cnt, __popc(m)); atomicAdd(sum, s); }
        }
    }
}

// 8. a full-warp reduction after some lanes returned early (mask taken before the return)
extern "C" __global__ void its_cw_early(const int *in, int *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned m = __ballot_sync(0xffffffffu, i < n);
    if (i >= n) return;
    int v = in[i];
    int lane = threadIdx.x & 31;
    int cntm = __popc(m);                 // lanes 0..cntm-1 remain (i < n is a prefix)
    for (int o = 16; o; o >>= 1) {
        int y = __shfl_down_sync(m, v, o);
        if (lane + o < cntm) v += y;
    }
    if (lane == 0) out[i >> 5] = v;
}
