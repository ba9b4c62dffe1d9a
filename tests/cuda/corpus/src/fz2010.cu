// cuda_fuzz seed 2010 (generator version 1): scripts/cuda_fuzz.py, reference tests/cuda/cudafuzz.py
// launch: grid 2, block 64
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
__device__ __forceinline__ unsigned fb_red_add_u32(unsigned m, unsigned x)
{
    unsigned r = 0;
    for (int l = 0; l < 32; l++) { unsigned t = __shfl_sync(m, x, l); if ((m >> l) & 1u) r = (unsigned)((unsigned)r + (unsigned)t); }
    return r;
}
#endif

extern "C" __global__ void __launch_bounds__(64) fz2010(const int *__restrict__ in0, const int *__restrict__ in1, unsigned *out, unsigned *cnt, unsigned long long *cnt64)
{
    __shared__ int sh[64], shw[64];
    __shared__ unsigned scnt[8];
    const int tid = threadIdx.x, gid = blockIdx.x * blockDim.x + threadIdx.x, lane = tid & 31;
    const int o = gid * 16;
    if (tid < 8) scnt[tid] = tid == 4 ? 0xffffffffu : 0u;
    int loc[8];
    for (int k = 0; k < 8; k++) loc[k] = in1[(gid + k) & 255];
    float v0 = __ll2float_rn((6620480413230081022ll));
    signed char v1 = (signed char)(((tid) >> ((((int)(__umul64hi(((unsigned long long)(in1[(unsigned)(loc[(unsigned)(in0[(unsigned)(in1[(unsigned)(tid) & 255u]) & 255u]) & 7u]) & 255u])), ((unsigned long long)(in0[(unsigned)(lane) & 255u])))))) & 31)));
    signed char v2 = (signed char)(((int)((unsigned)(((int)(__funnelshift_lc(((unsigned)(gid)), ((unsigned)(loc[(unsigned)(loc[(unsigned)((-1437771216)) & 7u]) & 7u])), ((unsigned)(lane)))))) + (unsigned)(__popcll(7ull)))));
    unsigned v3 = (unsigned)(((unsigned)((unsigned)(((in1[(unsigned)((-1080887099)) & 255u]) ? (16843009u) : (((unsigned)(lane))))) << ((((unsigned)0 - (((unsigned)(in1[(unsigned)(lane) & 255u]))))) & 31))));
    bool v4 = ((((((((unsigned)(tid))) - (((unsigned)(tid))))) ? (((lane) ^ (lane))) : (((int)((unsigned)(tid) + (unsigned)(lane)))))) != 0);
    float v5 = __fadd_rn(__int2float_rn(in1[(unsigned)(loc[(unsigned)(gid) & 7u]) & 255u]), 1e-40f);
    unsigned char v6 = (unsigned char)(sabs32(in0[(unsigned)(tid) & 255u]));
    unsigned char v7 = (unsigned char)(((((9223372036854775808ull) ^ (((unsigned long long)(loc[(unsigned)((2)) & 7u]))))) ? (((int)((unsigned)(loc[(unsigned)((31)) & 7u]) * (unsigned)(loc[(unsigned)(in1[(unsigned)((-2107307563)) & 255u]) & 7u])))) : (__float2int_ru(-7.0f))));
    __syncthreads();
    loc[(unsigned)((7)) & 7u] = (int)((3));
    v6 = (unsigned char)(loc[(unsigned)((-412915847)) & 7u]);
    v1 = (signed char)(__shfl_down_sync(0xffffffffu, ((((loc[(unsigned)(gid) & 7u]) & ((-908770563)))) ^ (((int)((unsigned)(((int)(v4))) + (unsigned)(tid))))), (3), 4));
    v4 = ((((((int)((unsigned)((32)) + (unsigned)((2147483647))))) >> ((((int)(v3))) & 31))) != 0);
    v7 = (unsigned char)(((((long long)(((((unsigned)(v2))) >= (((unsigned)(tid))))))) ? (((((int)(v3))) ^ (loc[(unsigned)(((int)(v7))) & 7u]))) : (((((unsigned long long)(v7))) < (9223372036854775808ull)))));
    v2 = (signed char)(__any_sync(0xffffffffu, 0ull));
    __syncwarp(0xffffffffu);
    int c3 = (((int)(v7))) != 0;
    unsigned m1 = __ballot_sync(0xffffffffu, c3);
    unsigned e2 = 0xffffffffu & ~m1;
    if (c3) {
        v2 = (signed char)((-1));
    } else {
        v5 = __shfl_sync(e2, ((((int)(__uhadd(4294967295u, v3)))) ? (__fmaf_rn(v5, v5, v0)) : (v5)), ((int)((unsigned)((31)) - (unsigned)(__clz(((int)(e2)))))));
#if __CUDA_ARCH__ >= 800
        v3 = (unsigned)(__reduce_add_sync(e2, (unsigned)(((1u) + (v3)))));
#else
        v3 = (unsigned)(fb_red_add_u32(e2, (unsigned)(((1u) + (v3)))));
#endif
        v7 = (unsigned char)(__ballot_sync(e2, ((unsigned)(v7))));
    }
    v4 = ((((int)((unsigned)(lane) * (unsigned)(((int)(v4)))))) != 0);
    for (int i4 = 0; i4 < (int)(((4)) & 7); i4++) {
        v6 = (unsigned char)(__shfl_sync(0xffffffffu, ((int)(max(((unsigned)(v6)), ((unsigned)(in0[(unsigned)((1)) & 255u]))))), ((int)(v7)), 4));
        v1 = (signed char)((((((65535)) >> ((__ffs(((int)(v1)))) & 31))) ^ (((int)(max(((unsigned)(v4)), ((2147483647u) & (((unsigned)(v7))))))))));
    }
    __syncthreads();
    if (tid < 8) atomicAdd(&cnt[8 + tid], scnt[tid]);
    v5 = __fadd_rn(v0, v5);
    v7 = (unsigned char)(in1[(unsigned)((548335178)) & 255u]);
    out[o + 0] = fbits(v0);
    out[o + 1] = (unsigned)(v1);
    out[o + 2] = (unsigned)(v2);
    out[o + 3] = (unsigned)(v3);
    out[o + 4] = (unsigned)(v4);
    out[o + 5] = fbits(v5);
    out[o + 6] = (unsigned)(v6);
    out[o + 7] = (unsigned)(v7);
    for (int k = 0; k < 8; k++) out[o + 8 + k] = (unsigned)loc[k];
}
