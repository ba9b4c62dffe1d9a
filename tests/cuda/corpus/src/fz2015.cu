// cuda_fuzz seed 2015 (generator version 1): scripts/cuda_fuzz.py, reference tests/cuda/cudafuzz.py
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

extern "C" __global__ void __launch_bounds__(64) fz2015(const int *__restrict__ in0, const int *__restrict__ in1, unsigned *out, unsigned *cnt, unsigned long long *cnt64)
{
    __shared__ int sh[64], shw[64];
    __shared__ unsigned scnt[8];
    const int tid = threadIdx.x, gid = blockIdx.x * blockDim.x + threadIdx.x, lane = tid & 31;
    const int o = gid * 14;
    if (tid < 8) scnt[tid] = tid == 4 ? 0xffffffffu : 0u;
    int loc[8];
    for (int k = 0; k < 8; k++) loc[k] = in1[(gid + k) & 255];
    long long v0 = (long long)(((long long)(((((((unsigned long long)(lane))) > (0ull))) == (((int)(__umulhi(1471064044u, ((unsigned)(tid))))))))));
    bool v1 = ((((int)(__umulhi(2147483648u, ((unsigned)(((long long)(tid)))))))) != 0);
    short v2 = (short)((2));
    signed char v3 = (signed char)(((((unsigned)(__umul64hi(((unsigned long long)(tid)), ((unsigned long long)(loc[(unsigned)(gid) & 7u])))))) <= (fbits(1e-40f))));
    bool v4 = ((((int)((unsigned)(((100.0f) == (__int2float_rn((-128))))) * (unsigned)(__float2int_rz(__int2float_rn(gid)))))) != 0);
    __syncthreads();
    v2 = (short)(__shfl_down_sync(0xffffffffu, ((int)((unsigned)((-1)) + (unsigned)(in1[(unsigned)(((int)(v2))) & 255u]))), (6), 16));
    v3 = (signed char)(__all_sync(0xffffffffu, ((202780166u) ? (((unsigned)((!(((4294967295u) ^ (((unsigned)(in1[(unsigned)(((int)(v4))) & 255u]))))))))) : (((unsigned)(tid))))));
    v4 = ((((((unsigned)(min(tid, ((gid) ^ (((int)(v0)))))))) ? (__ffs(((int)(v2)))) : (in0[(unsigned)(loc[(unsigned)(loc[(unsigned)(in1[(unsigned)(((int)(v4))) & 255u]) & 7u]) & 7u]) & 255u]))) != 0);
    sh[tid] = (int)(((int)((unsigned)0 - (unsigned)((65535)))));
    __syncthreads();
    v3 = (signed char)(sh[(unsigned)(((((long long)(loc[(unsigned)((31)) & 7u]))) ? (((int)(v1))) : (((int)(v2))))) % 64u]);
    __syncthreads();
    shw[tid] = (int)(((int)(v2)));
    __syncwarp(0xffffffffu);
    v4 = ((shw[(tid & ~31) | ((unsigned)(tid) & 31u)]) != 0);
    __syncwarp(0xffffffffu);
    int c3 = (((unsigned long long)((unsigned long long)(umod64(10278976462027778285ull, ((unsigned long long)(loc[(unsigned)((-128)) & 7u])))) << ((((unsigned long long)0 - (((unsigned long long)(loc[(unsigned)(((int)(v4))) & 7u]))))) & 63)))) != 0;
    unsigned m1 = __ballot_sync(0xffffffffu, c3);
    unsigned e2 = 0xffffffffu & ~m1;
    if (c3) {
        v3 = (signed char)(((loc[(unsigned)(in1[(unsigned)(loc[(unsigned)((-1)) & 7u]) & 255u]) & 7u]) ^ (((int)(v0)))));
        v3 = (signed char)(__match_any_sync(m1, ((unsigned long long)(__funnelshift_r(__float2uint_rz(__ll2float_rn(((long long)(in0[(unsigned)((-2147483647 - 1)) & 255u])))), ((((unsigned)(min(((long long)(tid)), ((long long)(v2)))))) | (65535u)), ((unsigned)(v4)))))));
        int i4 = 0;
        while (i4 < 9 && (((((((int)((unsigned)(i4) * (unsigned)(tid)))) | (tid))) < (((((long long)(((1e-3f) == (__int2float_rn(loc[(unsigned)((1649219207)) & 7u])))))) ? ((!(((unsigned long long)(in0[(unsigned)(lane) & 255u]))))) : (in1[(unsigned)(loc[(unsigned)(tid) & 7u]) & 255u])))))) {
            i4++;
            if (((long long)(__clz(((((int)(__usad(2u, ((unsigned)(loc[(unsigned)(in0[(unsigned)((-1)) & 255u]) & 7u])), ((unsigned)(tid)))))) >> ((((int)(v3))) & 31)))))) {
                v3 = (signed char)(((umod64(4294967295ull, 4294967296ull)) < (((unsigned long long)(v3)))));
            }
            v2 = (short)(((__fsqrt_rn(fabsf(__int2float_rn(lane)))) >= (__ll2float_rn(((long long)(__popc(2147483648u)))))));
            v1 = ((((int)(__brev(((unsigned)(tid)))))) != 0);
        }
        cas_add(&scnt[6], (unsigned)(((unsigned)(gid))));
    } else {
        v2 = (short)((-954996054));
        int c7 = ((3)) != 0;
        unsigned m5 = __ballot_sync(e2, c7);
        unsigned e6 = e2 & ~m5;
        if (c7) {
            v2 = (short)(__any_sync(m5, ((int)(__byte_perm(((((unsigned)(v2))) - (((((unsigned)(v4))) & (((unsigned)(v3)))))), fbits(__ll2float_rn(((long long)(loc[(unsigned)(in1[(unsigned)(in0[(unsigned)((1)) & 255u]) & 255u]) & 7u])))), (((((unsigned)(loc[(unsigned)(((int)(v0))) & 7u]))) & (((unsigned)(__clz((104830293))))))) & 0x7777u)))));
            v1 = ((sdiv32(((int)(v4)), ((int)(v1)))) != 0);
        } else {
            v1 = ((((__float2int_rz(__uint2float_rn(((unsigned)(tid))))) <= (__clz(((int)(((long long)(v4)))))))) != 0);
        }
        v4 = ((((int)(((long long)(__brevll(((unsigned long long)(tid)))))))) != 0);
    }
    loc[(unsigned)(((int)((unsigned)(in1[(unsigned)(loc[(unsigned)((-1663274110)) & 7u]) & 255u]) + (unsigned)(((int)(v2)))))) & 7u] = (int)(((int)((unsigned)(gid) + (unsigned)(((int)(v3))))));
    v2 = (short)(((((unsigned long long)(tid))) <= (((unsigned long long)(loc[(unsigned)(((int)(v4))) & 7u])))));
    v4 = ((((int)((unsigned)(((((int)((-1ll)))) & (((int)(v4))))) + (unsigned)(((int)(v3)))))) != 0);
    v3 = (signed char)(__any_sync(0xffffffffu, (~(((long long)(gid))))));
    __syncthreads();
    if (tid < 8) atomicAdd(&cnt[8 + tid], scnt[tid]);
    v3 = (signed char)(in0[(unsigned)(((int)(v2))) & 255u]);
    out[o + 0] = (unsigned)(v0); out[o + 1] = (unsigned)((unsigned long long)(v0) >> 32);
    out[o + 2] = (unsigned)(v1);
    out[o + 3] = (unsigned)(v2);
    out[o + 4] = (unsigned)(v3);
    out[o + 5] = (unsigned)(v4);
    for (int k = 0; k < 8; k++) out[o + 6 + k] = (unsigned)loc[k];
}
