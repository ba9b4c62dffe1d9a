// Cooperative probing (hash14, issue 11): a tile of TILE lanes probes one bucket of TILE slots
// at a time (cg::tiled_partition<TILE>, tile.ballot / tile.any / tile.shfl, the leader CASes the
// first empty slot), as cuCollections' static_set with cg_size > 1 does; and warp-aggregated
// counting (__match_any_sync, leader = lowest lane of each group of equal keys).
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

#define EMPTY 0u

__device__ __forceinline__ unsigned hash_a(unsigned k) { k *= 0x9e3779b1u; return k ^ (k >> 15); }

template <int TILE>
__global__ void tile_insert(const unsigned *keys, int n, unsigned *table, int nbuckets, unsigned *inserted,
                            unsigned *present)
{
    auto tile = cg::tiled_partition<TILE>(cg::this_thread_block());
    int t = (blockIdx.x * blockDim.x + threadIdx.x) / TILE;            // one key per tile
    int ntiles = gridDim.x * blockDim.x / TILE;
    for (int j = t; j < n; j += ntiles) {
        unsigned k = keys[j];
        unsigned b = hash_a(k) % (unsigned)nbuckets;
        for (int probes = 0; probes < nbuckets; ++probes) {
            unsigned *bucket = table + b * TILE;
            unsigned slot = bucket[tile.thread_rank()];
            if (tile.any(slot == k)) break;                               // already there
            unsigned empties = tile.ballot(slot == EMPTY);
            bool done = false, retry = false;
            while (empties) {
                int leader = __ffs(empties) - 1;
                unsigned prev = 0;
                if (tile.thread_rank() == (unsigned)leader)
                    prev = atomicCAS(&bucket[leader], EMPTY, k);
                prev = tile.shfl(prev, leader);
                if (prev == EMPTY) {
                    if (tile.thread_rank() == 0) atomicAdd(inserted, 1u);
                    done = true;
                    break;
                }
                if (prev == k) { done = true; break; }                    // another tile won with our key
                empties &= empties - 1;
                retry = true;
            }
            (void)retry;
            if (done) break;
            b = (b + 1) % (unsigned)nbuckets;
        }
    }
    // lookups after every tile of this block has inserted: keys the block itself inserted
    __syncthreads();
    for (int j = t; j < n; j += ntiles) {
        unsigned k = keys[j];
        unsigned b = hash_a(k) % (unsigned)nbuckets;
        bool hit = false;
        for (int probes = 0; probes < nbuckets; ++probes) {
            unsigned slot = __ldcg(&table[b * TILE + tile.thread_rank()]);
            if (tile.any(slot == k)) { hit = true; break; }
            if (tile.any(slot == EMPTY)) break;
            b = (b + 1) % (unsigned)nbuckets;
        }
        if (tile.thread_rank() == 0) present[j] = hit;
    }
}

template __global__ void tile_insert<4>(const unsigned *, int, unsigned *, int, unsigned *, unsigned *);
template __global__ void tile_insert<8>(const unsigned *, int, unsigned *, int, unsigned *, unsigned *);
template __global__ void tile_insert<16>(const unsigned *, int, unsigned *, int, unsigned *, unsigned *);

extern "C" __global__ void hash14_aggr(const unsigned *keys, int n, unsigned *counts, unsigned *leaders)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    bool active = i < n;
    unsigned live = __ballot_sync(0xffffffffu, active);
    if (!active) return;
    unsigned k = keys[i] & 63u;
    unsigned peers = __match_any_sync(live, k);
    int lane = threadIdx.x & 31;
    int leader = __ffs(peers) - 1;
    if (lane == leader) {
        atomicAdd(&counts[k], __popc(peers));
        atomicAdd(leaders, 1u);
    }
    // rank among peers (warpcore's "warp-aggregated" position)
    unsigned rank = __popc(peers & ((1u << lane) - 1));
    unsigned base = __shfl_sync(peers, rank == 0 ? 0u : 0u, leader);
    (void)base;
    if (rank == 0) atomicAdd(&counts[64], 1u);
}
