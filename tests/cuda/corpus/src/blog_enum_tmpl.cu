// Strangers' teaching and blog code (session 11, blog11): kernels templated on enumerators, as the
// developer blog's GUPS benchmark is (d_bench<UPDATE>, d_bench_shmem<READ>): nvcc mangles the
// argument as a literal of the enumeration type (L6Access0E; an enum class in a namespace:
// LN5bench5WidthE8E), and a kernel is chosen by c++filt's spelling, --kernel "rand_update<(Access)0>"
// (decision D11-S-1). The bodies are GUPS-like: a 64-bit LFSR picks table slots; the update applies
// XOR through a 64-bit atomicCAS loop (order-independent, so the result is exact), the store writes 1,
// the load sums; a switch on the template argument, and the same in dynamic shared memory.
#include <cstdint>

enum Access { XOR_CAS = 0, STORE_ONE = 1, LOAD_SUM = 2 };
namespace bench { enum class Width : int { W32 = 4, W64 = 8 }; }

__device__ __forceinline__ uint64_t lfsr_step(uint64_t r) { return (r << 1) ^ ((int64_t)r < 0 ? 7ull : 0ull); }

template <Access A>
__device__ __forceinline__ uint64_t touch(unsigned long long *p, uint64_t r) {
    switch (A) {
    case XOR_CAS: {
        unsigned long long old = *p, assumed;
        do {
            assumed = old;
            old = atomicCAS(p, assumed, assumed ^ r);
        } while (assumed != old);
        return 0;
    }
    case STORE_ONE:
        *p = 1;
        return 0;
    default:
        return *p;
    }
}

template <Access A>
__global__ void rand_update(uint64_t *table, unsigned mask, int per_thread, uint64_t *sums) {
    unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
    uint64_t r = 0x9e3779b97f4a7c15ull * (t + 1);
    uint64_t acc = 0;
    for (int i = 0; i < per_thread; ++i) {
        r = lfsr_step(r);
        acc += touch<A>((unsigned long long *)&table[r & mask], r);
    }
    if (A == LOAD_SUM) sums[t] = acc;
}

// the same updates on a table in dynamic shared memory, copied out at the end
template <Access A>
__global__ void rand_update_shared(const uint64_t *init, uint64_t *out, unsigned n, int per_thread) {
    extern __shared__ uint64_t tab[];
    for (unsigned i = threadIdx.x; i < n; i += blockDim.x) tab[i] = init[i];
    __syncthreads();
    uint64_t r = 0x2545f4914f6cdd1dull ^ threadIdx.x;
    for (int i = 0; i < per_thread; ++i) {
        r = lfsr_step(r);
        touch<A>((unsigned long long *)&tab[r % n], r);
    }
    __syncthreads();
    for (unsigned i = threadIdx.x; i < n; i += blockDim.x) out[blockIdx.x * n + i] = tab[i];
}

template <bench::Width W>
__global__ void widen(const unsigned *in, unsigned long long *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = W == bench::Width::W64 ? ((unsigned long long)in[i] << 32) | in[i] : in[i] * (unsigned)W;
}

template __global__ void rand_update<XOR_CAS>(uint64_t *, unsigned, int, uint64_t *);
template __global__ void rand_update<STORE_ONE>(uint64_t *, unsigned, int, uint64_t *);
template __global__ void rand_update<LOAD_SUM>(uint64_t *, unsigned, int, uint64_t *);
template __global__ void rand_update_shared<XOR_CAS>(const uint64_t *, uint64_t *, unsigned, int);
template __global__ void widen<bench::Width::W32>(const unsigned *, unsigned long long *, int);
template __global__ void widen<bench::Width::W64>(const unsigned *, unsigned long long *, int);
