// second-author style: cuda::atomic_ref (generic float add: QSPC.E.D / ATOM.E.CAST.SPIN on sm_90+),
// timers and ids (clock64, %globaltimer, %warpid, %smid, %lanemask_lt), cache-hinted vector loads
#include <cuda/atomic>
typedef unsigned long long u64;

extern "C" __global__ void atomref(int *g, u64 *g64, float *f, int *outs, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    cuda::atomic_ref<int, cuda::thread_scope_device> a(g[0]);
    cuda::atomic_ref<u64, cuda::thread_scope_block> b(g64[0]);
    cuda::atomic_ref<float, cuda::thread_scope_device> c(f[0]);
    a.fetch_add(i, cuda::memory_order_relaxed);
    a.fetch_max(i * 3, cuda::memory_order_acq_rel);   // the sum of 0..n-1 stays above 3 (n - 1)
    b.fetch_or(1ull << (i & 63));
    c.fetch_add(0.5f);
    cuda::atomic_ref<float, cuda::thread_scope_block> c2(f[1 + (i & 3)]);
    c2.fetch_add((float)i);
    cuda::atomic_ref<int, cuda::thread_scope_device> d(outs[i]);
    d.store(i * 7, cuda::memory_order_release);
    outs[n + i] = d.load(cuda::memory_order_acquire) + d.exchange(-i) * 0;
}

extern "C" __global__ void timers(const int *p, int *o)
{
    u64 t0 = clock64();
    u64 g;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(g));
    unsigned warp, lanelt, smid;
    asm("mov.u32 %0, %%warpid;" : "=r"(warp));
    asm("mov.u32 %0, %%lanemask_lt;" : "=r"(lanelt));
    asm("mov.u32 %0, %%smid;" : "=r"(smid));
    __nanosleep(p[0]);
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    o[4 * t] = (clock64() - t0 > 0) + (g != 0) * 2;
    o[4 * t + 1] = __popc(lanelt) - (threadIdx.x & 31);
    o[4 * t + 2] = (warp < 64) + (smid < 1000) * 2;
    o[4 * t + 3] = (int)(clock() >= 0);
}

extern "C" __global__ void hinted(const char2 *a, const short4 *b, const longlong2 *c, const ushort2 *d, float4 *o, double2 *od, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        char2 p = __ldg(a + i);
        short4 q = __ldg(b + i);
        longlong2 r = __ldcs(c + i);
        ushort2 s = __ldlu(d + i);
        float4 f = make_float4(p.x + q.x, p.y * q.y, (float)(r.x - r.y), s.x + s.y + q.z + q.w);
        __stwt(o + i, f);
        __stcs(od + i, make_double2((double)r.x, (double)r.y));
    }
}
