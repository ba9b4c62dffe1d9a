// second-author style: scoped atomics, 16-bit CAS, vector float atomics, double atomics in shared memory
#include <cuda_fp16.h>
typedef unsigned long long u64;

extern "C" __global__ void atom_scoped(const int *v, int *g, unsigned short *h, double *d, int n)
{
    __shared__ double sd[2];
    __shared__ unsigned short sh[2];
    int t = threadIdx.x, i = blockIdx.x * blockDim.x + t;
    if (t < 2) { sd[t] = 0.0; sh[t] = 0; }
    __syncthreads();
    if (i < n) {
        int x = v[i];
        atomicAdd_block(&g[0], x);
        atomicMax_system(&g[1], x);
        atomicOr_block(&g[2], 1 << (x & 31));
        atomicExch_system((unsigned *)&g[6 + i], (unsigned)i * 3u);
        atomicAdd(&sd[x & 1], (double)x * 0.25);
        unsigned short old = sh[0], assumed;
        do { assumed = old; old = atomicCAS(&sh[0], assumed, (unsigned short)(assumed + (x & 7))); } while (old != assumed);
        atomicCAS(&h[i], (unsigned short)0, (unsigned short)(x & 0xffff));
    }
    __syncthreads();
    if (t < 2) atomicAdd(&d[t], sd[t]);
    if (t == 0) atomicAdd((unsigned *)&g[5], (unsigned)sh[0]);
}

extern "C" __global__ void atom_half(const float *v, __half *hs, __half2 *h2, float *f2, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        float x = v[i];
        atomicAdd(&hs[i & 3], __float2half(x));
        atomicAdd(&h2[i & 1], __floats2half2_rn(x, -x));
#if __CUDA_ARCH__ >= 900
        atomicAdd((float2 *)f2, make_float2(x, 2.0f * x));
        atomicAdd((float4 *)(f2 + 4), make_float4(x, 1.0f, -x, 0.5f));
#else
        atomicAdd(f2, x); atomicAdd(f2 + 1, 2.0f * x);
        atomicAdd(f2 + 4, x); atomicAdd(f2 + 5, 1.0f); atomicAdd(f2 + 6, -x); atomicAdd(f2 + 7, 0.5f);
#endif
    }
}

extern "C" __global__ void atom_nv(const int *v, int *g, u64 *g64, int *olds, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        int x = v[i];
        __nv_atomic_fetch_add(&g[0], x, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE);
        int o = __nv_atomic_fetch_or(&g[1], x & 0xff0, __NV_ATOMIC_ACQ_REL, __NV_THREAD_SCOPE_BLOCK);
        __nv_atomic_fetch_max(&g[2], x, __NV_ATOMIC_RELEASE, __NV_THREAD_SCOPE_SYSTEM);
        __nv_atomic_fetch_min(&g64[0], (u64)(unsigned)x, __NV_ATOMIC_SEQ_CST, __NV_THREAD_SCOPE_DEVICE);
        __nv_atomic_fetch_add(&g64[1], (u64)(unsigned)x, __NV_ATOMIC_ACQUIRE, __NV_THREAD_SCOPE_DEVICE);
        int st = 0;
        __nv_atomic_store(&olds[n + i], &x, __NV_ATOMIC_RELEASE, __NV_THREAD_SCOPE_DEVICE);
        __nv_atomic_load(&olds[n + i], &st, __NV_ATOMIC_ACQUIRE, __NV_THREAD_SCOPE_DEVICE);
        int exp = 0;
        bool ok = __nv_atomic_compare_exchange(&g[3 + i], &exp, &x, false, __NV_ATOMIC_ACQ_REL, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE);
        olds[i] = (o & 0) + st + (ok ? 0 : 0);
    }
}

// the old vectors of atomicAdd(float2 *) / atomicAdd(float4 *) (ATOMG.E.ADD.F32x2/.F32x4 with Rd on sm_90+)
extern "C" __global__ void atom_vec_ret(float2 *g2, float4 *g4, float *sums, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
#if __CUDA_ARCH__ >= 900
    float2 r = atomicAdd(&g2[i & 1], make_float2(1.0f, 2.0f));
    float4 q = atomicAdd(&g4[i % 3], make_float4(0.5f, -1.0f, (float)(i & 1), 4.0f));
#else
    float2 r; r.x = atomicAdd(&g2[i & 1].x, 1.0f); r.y = atomicAdd(&g2[i & 1].y, 2.0f);
    float4 q; q.x = atomicAdd(&g4[i % 3].x, 0.5f); q.y = atomicAdd(&g4[i % 3].y, -1.0f);
    q.z = atomicAdd(&g4[i % 3].z, (float)(i & 1)); q.w = atomicAdd(&g4[i % 3].w, 4.0f);
#endif
    atomicAdd(&sums[0], r.x + r.y);
    atomicAdd(&sums[1], q.x - q.y + q.w);
    sums[2 + i] = (r.y - 2.0f * r.x) + 3.0f * q.z - 3.0f * q.z;   // the same in every order: g2's y = 2 x + const
}
