// Atomics on wide and packed types (hash14, issue 11): Kokkos-style scatter-add of double into
// shared then global memory, __half2 / __nv_bfloat162 atomicAdd in shared and global memory,
// float2/float4 atomicAdd (sm_90+), atomicAdd_block / _system, and on sm_90+ 16-byte atomicCAS /
// atomicExch of a {key, value} pair (a 128-bit slot claimed in one step).
#include <cuda_fp16.h>
#include <cuda_bf16.h>

struct __align__(16) Pair { unsigned long long key, val; };

extern "C" __global__ void hash14_vec(const int *in, int n, double *gd, float *gf, __half2 *gh, __nv_bfloat162 *gb,
                                      float4 *g4, Pair *slots, unsigned *wins, Pair *exch)
{
    __shared__ double sd[8];
    __shared__ __half2 sh[2];
    __shared__ __nv_bfloat162 sb[2];
    int t = threadIdx.x;
    if (t < 8) sd[t] = 0.0;
    if (t < 2) { sh[t] = __floats2half2_rn(0.f, 0.f); sb[t] = __floats2bfloat162_rn(0.f, 0.f); }
    __syncthreads();
    int i = blockIdx.x * blockDim.x + t;
    if (i < n) {
        int x = in[i];
        atomicAdd(&sd[x & 7], (double)x);
        atomicAdd(&sh[x & 1], __floats2half2_rn(1.0f, (float)(x & 3)));
        atomicAdd(&sb[x & 1], __floats2bfloat162_rn((float)((x >> 1) & 1), (float)((x & 12) == 0)));   // bf16: sums <= 256
        atomicAdd_block(&gf[0], (float)(x & 15));
        atomicAdd_system(&gf[1], 0.5f);
        atomicAdd(&gh[x & 3], __floats2half2_rn(0.25f, -1.0f));
        atomicAdd(&gb[x & 3], __floats2bfloat162_rn(1.0f, (float)(x & 4)));
#if __CUDA_ARCH__ >= 900
        atomicAdd(&g4[x & 1], make_float4(1.0f, (float)(x & 3), -2.0f, 0.5f));
        unsigned s = (unsigned)x & 31u;
        Pair mine = {s + 1ull, (s + 1ull) * 3};
        Pair empty = {0ull, 0ull};
        Pair old = atomicCAS(&slots[s], empty, mine);
        if (old.key == 0ull) atomicAdd(&wins[s], 1u);                 // one winner per used slot
        else if (old.key == mine.key && old.val == mine.val) atomicAdd(&wins[32], 1u);   // the others
        Pair ex = {(unsigned long long)i, (unsigned long long)x};
        Pair prev = atomicExch(&exch[i], ex);
        exch[n + i] = prev;
#else
        atomicAdd(&g4[x & 1].x, 1.0f); atomicAdd(&g4[x & 1].y, (float)(x & 3));
        atomicAdd(&g4[x & 1].z, -2.0f); atomicAdd(&g4[x & 1].w, 0.5f);
        unsigned s = (unsigned)x & 31u;
        unsigned long long old = atomicCAS(&slots[s].key, 0ull, s + 1ull);
        if (old == 0ull) { slots[s].val = (s + 1ull) * 3; atomicAdd(&wins[s], 1u); }
        else if (old == s + 1ull) atomicAdd(&wins[32], 1u);
        Pair prev = exch[i];
        exch[i].key = (unsigned long long)i; exch[i].val = (unsigned long long)x;
        exch[n + i] = prev;
#endif
    }
    __syncthreads();
    if (t < 8) atomicAdd(&gd[t], sd[t]);
    if (t < 2) { atomicAdd(&gh[4 + t], sh[t]); atomicAdd(&gb[4 + t], sb[t]); }
}
