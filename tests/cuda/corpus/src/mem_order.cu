#include <cuda/atomic>
extern "C" __global__ void mem_order(const int *in, int *cnt, int *o, float *f, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    cuda::atomic_ref<int, cuda::thread_scope_device> c0(cnt[0]);
    cuda::atomic_ref<int, cuda::thread_scope_block> c1(cnt[1]);
    cuda::atomic_ref<int, cuda::thread_scope_system> c2(cnt[2]);
    int v = in[i];
    c0.fetch_add(v, cuda::memory_order_relaxed);
    c1.fetch_max(v, cuda::memory_order_acq_rel);
    c2.fetch_or(1 << (v & 31), cuda::memory_order_seq_cst);
    int r;
    asm volatile("ld.acquire.gpu.global.b32 %0, [%1];" : "=r"(r) : "l"(in + (i ^ 1)));
    asm volatile("st.release.gpu.global.b32 [%0], %1;" :: "l"(o + 3 * i), "r"(r * 2));
    asm volatile("ld.relaxed.sys.global.b32 %0, [%1];" : "=r"(r) : "l"(in + (n - 1 - i)));
    asm volatile("prefetch.global.L2 [%0];" :: "l"(in + i));
    o[3 * i + 1] = r;
    float4 q;
    asm volatile("ld.global.nc.L1::no_allocate.v4.f32 {%0,%1,%2,%3}, [%4];" : "=f"(q.x), "=f"(q.y), "=f"(q.z), "=f"(q.w)
                 : "l"(reinterpret_cast<const float4 *>(in) + (i >> 2)));
    asm volatile("st.global.L1::no_allocate.f32 [%0], %1;" :: "l"(f + i), "f"(q.x + q.w));
    asm volatile("ld.global.L2::128B.b32 %0, [%1];" : "=r"(r) : "l"(in + (i * 5) % n));
    o[3 * i + 2] = r;
    cuda::atomic_ref<int, cuda::thread_scope_device> c3(cnt[3]);
    int e = 0;
    c3.compare_exchange_strong(e, 77, cuda::memory_order_acq_rel);
    c3.store(c3.load(cuda::memory_order_acquire) | 0, cuda::memory_order_release);
}
