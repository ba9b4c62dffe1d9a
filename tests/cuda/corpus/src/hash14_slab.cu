// SlabHash / stdgpu-style structures (hash14, issue 11): a warp-cooperative slab table (work-sharing
// queue of the warp's pending keys: __ballot_sync picks a lane, the warp reads one 32-slot slab a lane
// per slot, ballots for the key / an empty slot, the leader CASes); buckets chained through slabs taken
// from a bitmap allocator (atomicOr on a 32-bit bitmap word, __ffs(~word)); a per-bucket counter guarded
// by a spin lock with __nanosleep backoff (atomicCAS / atomicExch, __threadfence); a
// cuda::binary_semaphore and a cuda::std::atomic_flag guarding a shared total. The last block checks
// the chains (every key once, ceil(keys / 31) slabs per bucket) and clears the table.
#include <cuda/semaphore>
#include <cuda/std/atomic>

#define SLAB 32
#define EMPTY 0xffffffffu
#define NEXT_NONE 0xffffffffu

__device__ unsigned alloc_slab(unsigned *bitmap, int words)
{
    unsigned start = (blockIdx.x * 7 + threadIdx.x / 32) % words;
    for (int k = 0; k < words; ++k) {
        int w = (start + k) % words;
        unsigned cur = ((volatile unsigned *)bitmap)[w];
        while (cur != 0xffffffffu) {
            int bit = __ffs(~cur) - 1;
            unsigned old = atomicOr(&bitmap[w], 1u << bit);
            if (!(old & (1u << bit)))
                return w * 32 + bit;
            cur = old | (1u << bit);
        }
    }
    return NEXT_NONE;
}

// slabs: (nbuckets + pool) slabs of 32 words; word 31 of a slab is its next-slab link
extern "C" __global__ void hash14_slab(const unsigned *keys, int n, unsigned *slabs, int nbuckets, unsigned *bitmap,
                                       int words, unsigned *added, unsigned *locks, unsigned *bucket_count,
                                       unsigned *ticket, unsigned *chain, unsigned *seen, int keyrange)
{
    __shared__ bool am_last;
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int lane = threadIdx.x & 31;
    bool pending = i < n;
    unsigned mykey = pending ? keys[i] : 0;
    unsigned work;
    while ((work = __ballot_sync(0xffffffffu, pending)) != 0) {
        int src = __ffs(work) - 1;
        unsigned k = __shfl_sync(0xffffffffu, mykey, src);
        unsigned b = (k * 2654435761u) % (unsigned)nbuckets;
        unsigned slab = b;
        bool done = false;
        while (!done) {
            unsigned v = ((volatile unsigned *)slabs)[slab * SLAB + lane];
            unsigned hit = __ballot_sync(0xffffffffu, lane < 31 && v == k);
            if (hit) break;
            unsigned empty = __ballot_sync(0xffffffffu, lane < 31 && v == EMPTY);
            if (empty) {
                int dst = __ffs(empty) - 1;
                unsigned old = 0;
                if (lane == dst) old = atomicCAS(&slabs[slab * SLAB + dst], EMPTY, k);
                old = __shfl_sync(0xffffffffu, old, dst);
                if (old == EMPTY) {
                    if (lane == 0) atomicAdd(added, 1u);
                    done = true;
                } else if (old == k) {
                    done = true;
                }
                continue;                      // re-read the slab: another warp filled the slot
            }
            unsigned next = __shfl_sync(0xffffffffu, v, 31);
            if (next == NEXT_NONE) {
                unsigned fresh = 0, old = 0;
                if (lane == 0) {
                    fresh = nbuckets + alloc_slab(bitmap, words);
                    old = atomicCAS(&slabs[slab * SLAB + 31], NEXT_NONE, fresh);
                    if (old != NEXT_NONE)     // another warp linked one first: give ours back
                        atomicAnd(&bitmap[(fresh - nbuckets) / 32], ~(1u << ((fresh - nbuckets) % 32)));
                }
                old = __shfl_sync(0xffffffffu, old, 0);
                fresh = __shfl_sync(0xffffffffu, fresh, 0);
                next = old == NEXT_NONE ? fresh : old;
            }
            slab = next;
        }
        if (lane == src) pending = false;
    }
    // per-bucket counters under a spin lock with exponential backoff
    if (i < n) {
        unsigned b = (mykey * 2654435761u) % (unsigned)nbuckets;
        unsigned ns = 8;
        bool mine = false;
        while (!mine) {
            if (atomicCAS(&locks[b], 0u, 1u) == 0u) {
                __threadfence();
                bucket_count[b] = bucket_count[b] + 1;     // plain read-modify-write inside the lock
                __threadfence();
                atomicExch(&locks[b], 0u);
                mine = true;
            } else {
                __nanosleep(ns);
                ns = ns < 256 ? ns * 2 : 256;
            }
        }
    }
    // the last block to finish walks every chain (keys seen, slabs per bucket), then clears the table
    // and the allocator for the next launch (cuco's clear())
    __threadfence();
    __syncthreads();
    if (threadIdx.x == 0)
        am_last = atomicAdd(ticket, 1u) == gridDim.x - 1;
    __syncthreads();
    if (!am_last) return;
    volatile unsigned *vs = slabs;
    for (int b = threadIdx.x; b < nbuckets; b += blockDim.x) {
        unsigned len = 0;
        for (unsigned s = b; s != NEXT_NONE; s = vs[s * SLAB + 31]) {
            ++len;
            for (int j = 0; j < 31; ++j) {
                unsigned v = vs[s * SLAB + j];
                if (v != EMPTY && v < (unsigned)keyrange) atomicAdd(&seen[v], 1u);
            }
        }
        chain[b] = len;
    }
    __syncthreads();
    int total = (nbuckets + 32 * words) * SLAB;
    for (int j = threadIdx.x; j < total; j += blockDim.x) slabs[j] = EMPTY;
    for (int j = threadIdx.x; j < words; j += blockDim.x) bitmap[j] = 0;
}

extern "C" __global__ void hash14_sema(const int *in, int n, long long *total, unsigned *flagged)
{
    __shared__ cuda::binary_semaphore<cuda::thread_scope_block> sem;
    __shared__ cuda::std::atomic_flag seen;
    __shared__ long long sum;
    if (threadIdx.x == 0) {
        new (&sem) cuda::binary_semaphore<cuda::thread_scope_block>(1);
        seen.clear();
        sum = 0;
    }
    __syncthreads();
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        sem.acquire();
        sum += in[i];
        sem.release();
        if (in[i] % 5 == 0 && !seen.test_and_set())
            atomicAdd(flagged, 1u);            // once per block that has a multiple of 5
    }
    __syncthreads();
    if (threadIdx.x == 0)
        atomicAdd((unsigned long long *)total, (unsigned long long)sum);
}
