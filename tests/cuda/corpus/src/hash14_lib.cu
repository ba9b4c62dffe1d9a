// libcu++ and the __nv_atomic_* builtins on the types library authors use (hash14, issue 11):
// cuda::atomic_ref<__int128> fetch_add (on its low 64 bits only), fetch_max/fetch_min on double and float, fetch_add on short and
// signed char (emulated with 32-bit CAS loops), scalar __half / __nv_bfloat16 atomicAdd in global and
// shared memory, 64-bit atomicOr Bloom-filter words in shared and global memory, a 16-bit atomicCAS in
// shared memory, __nv_atomic_fetch_add / load_n / store_n / compare_exchange_n and, on sm_90+, the
// 16-byte __nv_atomic_compare_exchange / exchange, atomicCAS_block / atomicExch_system /
// atomicAdd_block(double), atomic_ref store + notify_all, __threadfence_block / _system.
#include <cuda/atomic>
#include <cuda/std/atomic>
#include <cuda_fp16.h>
#include <cuda_bf16.h>
struct __align__(16) P { unsigned long long a, b; };
extern "C" __global__ void hash14_lib(const int *in, int n, __int128 *w, double *d, float *f, short *s16, signed char *s8,
                               __half *h, __nv_bfloat16 *bh, unsigned long long *bloom, int *flag, int *out, P *pp)
{
    __shared__ unsigned long long sbloom[4];
    __shared__ unsigned short sk[32];
    __shared__ __half shh[2];
    int t = threadIdx.x;
    if (t < 4) sbloom[t] = 0;
    if (t < 32) sk[t] = 0;
    if (t < 2) shh[t] = __float2half(0.f);
    __syncthreads();
    int i = blockIdx.x * blockDim.x + t;
    if (i < n) {
        int x = in[i];
        cuda::atomic_ref<__int128, cuda::thread_scope_device> wr(w[0]);
        // CUDA 13's libcu++ performs this as a 64-bit atom.add.u64 of the low half (the PTX shows it):
        // the high word is never updated (what the GPU does, so what the model must do: D14-H-3)
        wr.fetch_add(((__int128)x << 70) | x, cuda::memory_order_relaxed);
        cuda::atomic_ref<double, cuda::thread_scope_device>(d[0]).fetch_max((double)x, cuda::memory_order_relaxed);
        cuda::atomic_ref<double, cuda::thread_scope_device>(d[1]).fetch_min((double)x, cuda::memory_order_relaxed);
        cuda::atomic_ref<float, cuda::thread_scope_device>(f[0]).fetch_max((float)x, cuda::memory_order_relaxed);
        cuda::atomic_ref<short, cuda::thread_scope_device>(s16[0]).fetch_add((short)(x & 7), cuda::memory_order_relaxed);
        cuda::atomic_ref<signed char, cuda::thread_scope_device>(s8[0]).fetch_add((signed char)(x & 1), cuda::memory_order_relaxed);
        atomicAdd(&h[0], __float2half(1.0f));
        atomicAdd(&bh[0], __float2bfloat16(1.0f));
        atomicAdd(&shh[x & 1], __float2half(1.0f));
        atomicOr(&sbloom[x & 3], 1ull << (x & 63));
        atomicOr(&bloom[(x >> 6) & 7], 1ull << (x & 63));
        unsigned short key = (unsigned short)(x & 31) + 1;
        atomicCAS(&sk[x & 31], (unsigned short)0, key);
        int r = __nv_atomic_fetch_add(&out[0], 1, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE);
        (void)r;
        int v = __nv_atomic_load_n(&flag[0], __NV_ATOMIC_ACQUIRE, __NV_THREAD_SCOPE_DEVICE);
        __nv_atomic_store_n(&flag[1 + (i & 3)], v + 1, __NV_ATOMIC_RELEASE, __NV_THREAD_SCOPE_DEVICE);
        int exp = 0;
        __nv_atomic_compare_exchange_n(&out[1], &exp, 5, false, __NV_ATOMIC_ACQ_REL, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE);
        atomicCAS_block(&out[2], 0, 9);
        atomicExch_system(&out[3], 4);
        atomicAdd_block(&d[2], 1.0);
#if __CUDA_ARCH__ >= 900
        P e{0, 0}, m{77ull, 1ull};          // every thread the same pair: one result in any order
        P o;
        __nv_atomic_compare_exchange(&pp[0], &e, &m, false, __NV_ATOMIC_ACQ_REL, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE);
        __nv_atomic_exchange(&pp[1], &m, &o, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE);
        pp[2 + i] = o;                      // the initial pair or 77, 1
#else
        if (i == 0) { pp[0] = P{77ull, 1ull}; pp[1] = P{77ull, 1ull}; }
        pp[2 + i] = P{77ull, 1ull};
#endif
        cuda::atomic_ref<int, cuda::thread_scope_device> fl(flag[5]);
        if (x == 7) { fl.store(1, cuda::memory_order_release); fl.notify_all(); }
        __threadfence_block();
        __threadfence_system();
    }
    __syncthreads();
    if (t < 4) atomicOr(&bloom[8 + t], sbloom[t]);
    if (blockIdx.x == 0 && t < 32) out[4 + t] = sk[t];
    if (t < 2) atomicAdd(&h[1 + t], shh[t]);
}
