// cuda::atomic_ref with explicit memory orders on 32- and 64-bit words, cuda::atomic in shared
// memory, a 16-bit atomicCAS table, and a ticket counter handing out queue slots (hash14, issue 11).
#include <cuda/atomic>
#include <cstdint>

using dev_scope = cuda::thread_scope;

__global__ void hash14_aref(const long long *v, int n, long long *sext, unsigned long long *uext,
                            int *owner, unsigned *claims, unsigned *order, unsigned *tick,
                            unsigned short *small, unsigned *blocksum)
{
    __shared__ cuda::atomic<int, cuda::thread_scope_block> bsum;
    __shared__ cuda::atomic<unsigned, cuda::thread_scope_block> bcnt;
    if (threadIdx.x == 0) {
        new (&bsum) cuda::atomic<int, cuda::thread_scope_block>(0);
        new (&bcnt) cuda::atomic<unsigned, cuda::thread_scope_block>(0);
    }
    __syncthreads();
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        long long x = v[i];
        cuda::atomic_ref<long long, cuda::thread_scope_device> smin(sext[0]), smax(sext[1]), ssum(sext[2]);
        smin.fetch_min(x, cuda::memory_order_relaxed);
        smax.fetch_max(x, cuda::memory_order_acq_rel);
        ssum.fetch_sub(x, cuda::memory_order_seq_cst);
        unsigned long long ux = (unsigned long long)x;
        cuda::atomic_ref<unsigned long long, cuda::thread_scope_device> umin(uext[0]), umax(uext[1]), ubits(uext[2]),
            uhash(uext[3]), uxor(uext[4]);
        umin.fetch_min(ux, cuda::memory_order_relaxed);
        umax.fetch_max(ux, cuda::memory_order_seq_cst);
        ubits.fetch_or(1ull << (ux & 63), cuda::memory_order_release);
        uxor.fetch_xor(ux * 0x9e3779b97f4a7c15ull, cuda::memory_order_relaxed);
        unsigned long long want = ux * 0xff51afd7ed558ccdull, cur = uhash.load(cuda::memory_order_acquire);
        while (cur < want && !uhash.compare_exchange_weak(cur, want, cuda::memory_order_acq_rel, cuda::memory_order_relaxed)) {
        }
        // first claimant of a bucket wins (compare_exchange_strong), the others count the bucket
        int b = (int)(ux & 15);
        cuda::atomic_ref<int, cuda::thread_scope_device> own(owner[b]);
        int expected = -1;
        if (own.compare_exchange_strong(expected, b, cuda::memory_order_acq_rel))
            cuda::atomic_ref<unsigned, cuda::thread_scope_device>(claims[b]).fetch_add(1000u, cuda::memory_order_relaxed);
        else
            cuda::atomic_ref<unsigned, cuda::thread_scope_device>(claims[b]).fetch_add(1u, cuda::memory_order_relaxed);
        // ticket counter: each thread gets a distinct slot
        unsigned t = cuda::atomic_ref<unsigned, cuda::thread_scope_device>(*tick).fetch_add(1u, cuda::memory_order_acq_rel);
        order[t] = (unsigned)i;
        // 16-bit keys: a tiny open-addressing set of unsigned short with 16-bit atomicCAS
        unsigned short k = (unsigned short)(ux % 97u + 1u);
        unsigned h = (k * 40503u) >> 10 & 127u;
        for (int p = 0; p < 128; ++p) {
            unsigned short old = atomicCAS(&small[h], (unsigned short)0, k);
            if (old == 0 || old == k)
                break;
            h = (h + 1) & 127u;
        }
        bsum.fetch_add((int)(x & 1023), cuda::memory_order_relaxed);
        bcnt.fetch_add(1u, cuda::memory_order_relaxed);
    }
    __syncthreads();
    if (threadIdx.x == 0) {
        blocksum[2 * blockIdx.x] = (unsigned)bsum.load(cuda::memory_order_relaxed);
        blocksum[2 * blockIdx.x + 1] = bcnt.exchange(0u, cuda::memory_order_acq_rel);
    }
}
