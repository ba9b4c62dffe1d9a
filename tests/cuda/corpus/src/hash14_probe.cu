// Open-addressing hash tables the way library authors write them (hash14, issue 11): a 64-bit key
// table with double hashing (atomicCAS on unsigned long long, a count per slot), looked up by the
// last block to finish (__threadfence + an atomicInc ticket that wraps back to 0 for the next launch);
// a 32-bit linear-probing set whose value is the smallest index of each key (atomicMin after the
// CAS); a packed key/value table CAS'd as one 64-bit word (count by key, insert-or-update).
#include <cstdint>

#define EMPTY32 0xffffffffu
#define EMPTY64 0xffffffffffffffffull

__device__ __forceinline__ uint32_t fmix32(uint32_t k)
{
    k ^= k >> 16; k *= 0x85ebca6bu; k ^= k >> 13; k *= 0xc2b2ae35u; k ^= k >> 16;
    return k;
}
__device__ __forceinline__ uint64_t fmix64(uint64_t k)
{
    k ^= k >> 33; k *= 0xff51afd7ed558ccdull; k ^= k >> 33; k *= 0xc4ceb9fe1a85ec53ull; k ^= k >> 33;
    return k;
}

extern "C" __global__ void hash14_dh64(const unsigned long long *keys, int n, unsigned long long *tkeys,
                                       unsigned *tcnt, int cap_log2, unsigned *ticket, unsigned *found)
{
    __shared__ bool am_last;
    const uint64_t mask = (1ull << cap_log2) - 1;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
        uint64_t k = keys[i], h = fmix64(k);
        uint64_t pos = h & mask, step = (h >> 32) | 1;       // odd step: visits every slot of 2^m
        for (;;) {
            unsigned long long old = atomicCAS(&tkeys[pos], EMPTY64, k);
            if (old == EMPTY64 || old == k) {
                atomicAdd(&tcnt[pos], 1u);
                break;
            }
            pos = (pos + step) & mask;
        }
    }
    __threadfence();                      // publish this block's inserts before taking a ticket
    __syncthreads();
    if (threadIdx.x == 0)
        am_last = atomicInc(ticket, gridDim.x - 1) == gridDim.x - 1;
    __syncthreads();
    if (!am_last)
        return;
    volatile unsigned long long *vk = tkeys;
    volatile unsigned *vc = tcnt;
    for (int i = threadIdx.x; i < n; i += blockDim.x) {
        uint64_t k = keys[i], h = fmix64(k);
        uint64_t pos = h & mask, step = (h >> 32) | 1;
        unsigned r = 0;
        for (uint64_t probes = 0; probes <= mask; ++probes) {
            unsigned long long s = vk[pos];
            if (s == k) { r = vc[pos]; break; }
            if (s == EMPTY64) break;
            pos = (pos + step) & mask;
        }
        found[i] = r;
    }
}

extern "C" __global__ void hash14_lp32(const unsigned *keys, int n, unsigned *tkeys, unsigned *tvals,
                                       unsigned cap_mask, unsigned *stats)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
        unsigned k = keys[i];
        unsigned h = fmix32(k) & cap_mask;
        for (unsigned probes = 0; probes <= cap_mask; ++probes) {          // bounded: a full table gives up
            unsigned old = atomicCAS(&tkeys[h], EMPTY32, k);
            if (old == EMPTY32 || old == k) {
                atomicMin(&tvals[h], (unsigned)i);
                atomicAdd(&stats[old == EMPTY32 ? 0 : 1], 1u);          // new keys, duplicates
                break;
            }
            h = (h + 1) & cap_mask;
        }
    }
}

// key in the high word, count in the low word: one 64-bit CAS updates both
extern "C" __global__ void hash14_kv64(const unsigned *keys, const unsigned *weights, int n,
                                       unsigned long long *table, unsigned cap_mask)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    unsigned k = keys[i], w = weights[i];
    unsigned h = fmix32(k ^ 0x9e3779b9u) & cap_mask;
    for (;;) {
        unsigned long long cur = table[h];
        for (;;) {
            if (cur == EMPTY64) {
                unsigned long long prev = atomicCAS(&table[h], EMPTY64, ((unsigned long long)k << 32) | w);
                if (prev == EMPTY64)
                    return;
                cur = prev;                   // someone took the slot: maybe with our key
            } else if ((unsigned)(cur >> 32) == k) {
                unsigned long long prev = atomicCAS(&table[h], cur, cur + w);
                if (prev == cur)
                    return;
                cur = prev;
            } else {
                break;
            }
        }
        h = (h + 1) & cap_mask;
    }
}
