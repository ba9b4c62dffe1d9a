// cuda_fuzz seed 2002 (generator version 1): scripts/cuda_fuzz.py, reference tests/cuda/cudafuzz.py
// launch: grid 2, block 96
#define I32MIN (-2147483647 - 1)
#define I64MIN (-9223372036854775807ll - 1)
__device__ __forceinline__ int sdiv32(int a, int b) { return (b == 0 || (a == I32MIN && b == -1)) ? a : a / b; }
__device__ __forceinline__ int smod32(int a, int b) { return (b == 0 || (a == I32MIN && b == -1)) ? a : a % b; }
__device__ __forceinline__ unsigned udiv32(unsigned a, unsigned b) { return b == 0 ? a : a / b; }
__device__ __forceinline__ unsigned umod32(unsigned a, unsigned b) { return b == 0 ? a : a % b; }
__device__ __forceinline__ long long sdiv64(long long a, long long b) { return (b == 0 || (a == I64MIN && b == -1)) ? a : a / b; }
__device__ __forceinline__ long long smod64(long long a, long long b) { return (b == 0 || (a == I64MIN && b == -1)) ? a : a % b; }
__device__ __forceinline__ unsigned long long udiv64(unsigned long long a, unsigned long long b) { return b == 0 ? a : a / b; }
__device__ __forceinline__ unsigned long long umod64(unsigned long long a, unsigned long long b) { return b == 0 ? a : a % b; }
__device__ __forceinline__ int sabs32(int a) { return a == I32MIN ? a : abs(a); }
__device__ __forceinline__ unsigned fbits(float f) { return f != f ? 0x7fffffffu : __float_as_uint(f); }
__device__ __forceinline__ void cas_add(unsigned *p, unsigned v)
{
    unsigned old = *(volatile unsigned *)p, assumed;
    do { assumed = old; old = atomicCAS(p, assumed, assumed + v); } while (old != assumed);
}
__device__ __forceinline__ void cas_max(unsigned *p, unsigned v)
{
    unsigned old = *(volatile unsigned *)p, assumed;
    do { assumed = old; old = atomicCAS(p, assumed, max(assumed, v)); } while (old != assumed);
}
#if __CUDA_ARCH__ < 800
__device__ __forceinline__ unsigned fb_red_and_u32(unsigned m, unsigned x)
{
    unsigned r = x;
    for (int l = 0; l < 32; l++) { unsigned t = __shfl_sync(m, x, l); if ((m >> l) & 1u) r &= t; }
    return r;
}
#endif
#if __CUDA_ARCH__ < 800
__device__ __forceinline__ unsigned fb_red_min_u32(unsigned m, unsigned x)
{
    unsigned r = x;
    for (int l = 0; l < 32; l++) { unsigned t = __shfl_sync(m, x, l); if ((m >> l) & 1u) r = min(r, t); }
    return r;
}
#endif

extern "C" __global__ void __launch_bounds__(96) fz2002(const int *__restrict__ in0, const int *__restrict__ in1, unsigned *out, unsigned *cnt, unsigned long long *cnt64)
{
    __shared__ int sh[96], shw[96];
    __shared__ unsigned scnt[8];
    const int tid = threadIdx.x, gid = blockIdx.x * blockDim.x + threadIdx.x, lane = tid & 31;
    const int o = gid * 17;
    if (tid < 8) scnt[tid] = tid == 4 ? 0xffffffffu : 0u;
    int loc[8];
    for (int k = 0; k < 8; k++) loc[k] = in1[(gid + k) & 255];
    long long v0 = (long long)(((long long)((unsigned long long)(((long long)((unsigned long long)(((long long)(lane))) << ((((long long)(in1[(unsigned)(in0[(unsigned)(gid) & 255u]) & 255u]))) & 63)))) << ((((long long)(lane))) & 63))));
    long long v1 = (long long)(((long long)(loc[(unsigned)(tid) & 7u])));
    unsigned char v2 = (unsigned char)(loc[(unsigned)((32)) & 7u]);
    bool v3 = (((62447812)) != 0);
    signed char v4 = (signed char)(gid);
    float v5 = __fdiv_rn(3e38f, __int2float_rn((1)));
    unsigned char v6 = (unsigned char)(__float2int_rn(__int2float_rn(gid)));
    __syncthreads();
    v1 = (long long)(__ballot_sync(0xffffffffu, ((int)(__float2uint_rz(__fdiv_rn(v5, __fsub_rn(1e20f, v5)))))));
    v6 = (unsigned char)(__shfl_xor_sync(0xffffffffu, ((int)((unsigned)(((int)(v1))) - (unsigned)(((((((unsigned long long)(v2))) + (((unsigned long long)(in1[(unsigned)(((int)(v0))) & 255u]))))) > (((((unsigned long long)(in1[(unsigned)((31)) & 255u]))) ^ (((unsigned long long)(v6))))))))), (7)));
    v1 = (long long)(((long long)((unsigned long long)0 - (unsigned long long)((63ll)))));
    v0 = (long long)(__shfl_down_sync(0xffffffffu, v1, (1), 2));
#if __CUDA_ARCH__ >= 800
    v1 = (long long)(__reduce_and_sync(0xffffffffu, (unsigned)(((unsigned)(__float2int_rd(100.0f))))));
#else
    v1 = (long long)(fb_red_and_u32(0xffffffffu, (unsigned)(((unsigned)(__float2int_rd(100.0f))))));
#endif
    shw[tid] = (int)(gid);
    __syncwarp(0xffffffffu);
    v6 = (unsigned char)(shw[(tid & ~31) | ((unsigned)(((int)(fbits(v5)))) & 31u)]);
    __syncwarp(0xffffffffu);
#if __CUDA_ARCH__ >= 800
    v4 = (signed char)(__reduce_min_sync(0xffffffffu, (unsigned)(((((unsigned)(lane))) ^ (((unsigned)0 - (2283043992u)))))));
#else
    v4 = (signed char)(fb_red_min_u32(0xffffffffu, (unsigned)(((((unsigned)(lane))) ^ (((unsigned)0 - (2283043992u)))))));
#endif
    v0 = (long long)(((long long)(gid)));
    loc[(unsigned)(((((unsigned)(v1))) ? (in1[(unsigned)(((int)(v0))) & 255u]) : ((-1482917107)))) & 7u] = (int)(((int)((-4294967291ll))));
    switch (((int)((unsigned)(((int)((unsigned)(((((int)((unsigned)(((int)(v2))) + (unsigned)((-1))))) & ((15)))) * (unsigned)((3))))) + (unsigned)((-12))))) {
    case -6: {
    } /* falls through */
    case -12: {
        atomicAdd(&cnt64[0], (unsigned long long)(((unsigned long long)(__float2int_ru((-(3e38f)))))));
    } break;
    case 6: {
        v4 = (signed char)((1283519389));
        v3 = ((((int)(__funnelshift_rc(((unsigned)(in0[(unsigned)(((int)(v2))) & 255u])), ((unsigned)(((18446744073709551615ull) >= (((unsigned long long)(tid)))))), __brev(((unsigned)(v3))))))) != 0);
        v3 = ((((int)(__funnelshift_rc(((unsigned)(gid)), ((unsigned)(in1[(unsigned)((1053367726)) & 255u])), 2147483647u)))) != 0);
    } break;
    }
    __syncthreads();
    if (tid < 8) atomicAdd(&cnt[8 + tid], scnt[tid]);
    loc[(unsigned)(((((unsigned long long)(v4))) >= (((unsigned long long)(loc[(unsigned)(loc[(unsigned)(((int)(v2))) & 7u]) & 7u]))))) & 7u] = (int)(((((unsigned)(((long long)(loc[(unsigned)(((int)(v1))) & 7u]))))) <= (((((unsigned)(v0))) & (((unsigned)(v6)))))));
    v5 = (-(((((in1[(unsigned)(((int)(v0))) & 255u]) & (gid))) ? (__int2float_rn(loc[(unsigned)(in1[(unsigned)(((int)(v3))) & 255u]) & 7u])) : (__ll2float_rn(((long long)(v6)))))));
    out[o + 0] = (unsigned)(v0); out[o + 1] = (unsigned)((unsigned long long)(v0) >> 32);
    out[o + 2] = (unsigned)(v1); out[o + 3] = (unsigned)((unsigned long long)(v1) >> 32);
    out[o + 4] = (unsigned)(v2);
    out[o + 5] = (unsigned)(v3);
    out[o + 6] = (unsigned)(v4);
    out[o + 7] = fbits(v5);
    out[o + 8] = (unsigned)(v6);
    for (int k = 0; k < 8; k++) out[o + 9 + k] = (unsigned)loc[k];
}
