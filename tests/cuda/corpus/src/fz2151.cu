// cuda_fuzz seed 2151 (generator version 1): scripts/cuda_fuzz.py, reference tests/cuda/cudafuzz.py
// launch: grid 2, block 128
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

__device__ __noinline__ int f0(unsigned a, int b, int d)
{
    unsigned l0 = (unsigned)(((unsigned)(((__float2int_rn(__int2float_rn(((int)(a))))) <= (b)))));
    unsigned long long l1 = (unsigned long long)(((unsigned long long)(a)));
    int l2 = (int)(((int)(a)));
    if (((d) <= ((0)))) return (int)(((int)(l1)));
    b = (int)(((((long long)(b))) <= (((long long)(__ffs(((((int)(l1))) >> ((((int)(a))) & 31))))))));
    l1 = (unsigned long long)(((unsigned long long)(b)));
    l0 = (unsigned)(((unsigned)(f0(((__byte_perm(((unsigned)(l2)), ((unsigned)(l2)), (((unsigned)(b))) & 0x7777u)) * (((a) + (((unsigned)(l2)))))), ((((int)(__funnelshift_lc(((unsigned)(b)), ((unsigned)(l2)), l0)))) <= (((((int)(a))) >> ((b) & 31)))), ((int)((unsigned)(d) - (unsigned)((1))))))));
    if (((unsigned long long)(l2))) {
    }
    return (int)(((__funnelshift_lc(((((unsigned)(b))) ? (((unsigned)(l2))) : (((unsigned)(b)))), umod32(((unsigned)(l1)), l0), l0)) && (((sdiv32(((int)(a)), ((int)(a)))) ^ (((int)(l0)))))));
}

__device__ __noinline__ unsigned f1(unsigned a, int b)
{
    unsigned l0 = (unsigned)(((unsigned)((unsigned)(((a) * (31u))) << ((16843009u) & 31))));
    unsigned l1 = (unsigned)(((unsigned)(__float2int_rd(__fmul_rn(1e-40f, __int2float_rn(((int)(a))))))));
    long long l2 = (long long)(((long long)(a)));
    int i1 = 0;
    while (i1 < 4 && (((unsigned)(((((int)(__funnelshift_lc(((unsigned)(i1)), ((unsigned)(l2)), ((unsigned)(b)))))) >= (((int)(__umul64hi(((unsigned long long)(l1)), ((unsigned long long)(i1))))))))))) {
        i1++;
        for (int i2 = 0; i2 < (int)((__float2int_ru(__int2float_rn(((int)(l2))))) & 7); i2++) {
            b = (int)(i2);
        }
    }
    return (unsigned)(((unsigned)(__ffsll(((((l0) ? (((long long)(b))) : (((long long)(l1))))) ^ (((b) ? ((-4294967291ll)) : ((0ll)))))))));
}

__device__ __noinline__ unsigned long long w0(unsigned a, int b, unsigned m)
{
    unsigned l0 = (unsigned)(((unsigned)((unsigned)(((a) | (((unsigned)(b))))) << ((((unsigned)(min(((long long)(b)), ((long long)(a)))))) & 31))));
    b = (int)(__ballot_sync(m, ((((long long)(((((unsigned)(b))) >= (__funnelshift_lc(((unsigned)(b)), 1u, a)))))) != (((long long)(__byte_perm(a, umod32(32u, a), (((unsigned)((unsigned)(l0) << ((4294967295u) & 31)))) & 0x7777u)))))));
    return (unsigned long long)(((((unsigned long long)((unsigned long long)(4294967296ull) << ((3580650627692878586ull) & 63)))) ^ (((unsigned long long)(__ffsll(((long long)(b))))))));
}

__device__ __noinline__ unsigned w1(unsigned a, int b, unsigned m)
{
    unsigned l0 = (unsigned)(((((3537973381u) | (2u))) + (__float2uint_rz(__int2float_rn(((int)(a)))))));
    long long l1 = (long long)(((long long)((unsigned long long)(((long long)(__float2int_ru(-1.5f)))) + (unsigned long long)(((((long long)(a))) >> ((((long long)(b))) & 63))))));
    b = (int)(__shfl_sync(m, ((((int)(l0))) ^ (b)), ((int)((unsigned)((31)) - (unsigned)(__clz(((int)(m))))))));
    return (unsigned)(((unsigned)(__float2int_rz(__fmaf_rn(1e20f, __int2float_rn(((int)(a))), __int2float_rn(b))))));
}

extern "C" __global__ void __launch_bounds__(128) fz2151(const int *__restrict__ in0, const int *__restrict__ in1, unsigned *out, unsigned *cnt, unsigned long long *cnt64)
{
    __shared__ int sh[128], shw[128];
    __shared__ unsigned scnt[8];
    const int tid = threadIdx.x, gid = blockIdx.x * blockDim.x + threadIdx.x, lane = tid & 31;
    const int o = gid * 15;
    if (tid < 8) scnt[tid] = tid == 4 ? 0xffffffffu : 0u;
    int loc[8];
    for (int k = 0; k < 8; k++) loc[k] = in1[(gid + k) & 255];
    long long v0 = (long long)(((long long)((unsigned long long)(((((long long)(tid))) ^ (((long long)(tid))))) - (unsigned long long)(((long long)(gid))))));
    unsigned v1 = (unsigned)(((unsigned)(((((4294967295u) ^ (((unsigned)(in0[(unsigned)(tid) & 255u]))))) > (((unsigned)(tid)))))));
    signed char v2 = (signed char)(tid);
    unsigned char v3 = (unsigned char)(((int)(__byte_perm(fbits(0.0f), ((unsigned)(((in0[(unsigned)(gid) & 255u]) <= (gid)))), (((((long long)(gid))) ? (((unsigned)(loc[(unsigned)(loc[(unsigned)(loc[(unsigned)((-1)) & 7u]) & 7u]) & 7u]))) : (1038577071u))) & 0x7777u))));
    unsigned long long v4 = (unsigned long long)(((((unsigned long long)((3ll)))) + ((((4886718345ll)) ? (((unsigned long long)(gid))) : (((unsigned long long)(in0[(unsigned)(in1[(unsigned)(loc[(unsigned)(loc[(unsigned)(tid) & 7u]) & 7u]) & 255u]) & 255u])))))));
    __syncthreads();
    switch (((int)((unsigned)(((((int)(v3))) & ((7)))) + (unsigned)((0))))) {
    case 1: case 4: {
    } break;
    default: {
        if (((((((0ull) & (((unsigned long long)(in1[(unsigned)(lane) & 255u]))))) | (((unsigned long long)(((((int)(v0))) > ((1)))))))) | (((unsigned long long)(v1))))) {
            v0 = (long long)(smod64(((long long)(in0[(unsigned)((2)) & 255u])), ((long long)(loc[(unsigned)(gid) & 7u]))));
            v0 = (long long)(((long long)(__float2int_ru((-(__int2float_rn((-1410836770))))))));
            v0 = (long long)(((long long)(__float2uint_rz(fmaxf(__ll2float_rn(((long long)(v3))), __fsub_rn(__int2float_rn(tid), -7.0f))))));
        } else {
            v1 = (unsigned)(((((((unsigned)(__clz(((int)(v3)))))) & (((unsigned)(in1[(unsigned)(((int)(v3))) & 255u]))))) ^ (((((((unsigned)(loc[(unsigned)(loc[(unsigned)(in1[(unsigned)(in1[(unsigned)(((int)(v4))) & 255u]) & 255u]) & 7u]) & 7u]))) ? (((unsigned)(v2))) : (((unsigned)(tid))))) | (((unsigned)(in0[(unsigned)(((int)(v4))) & 255u])))))));
            if (((long long)(((unsigned long long)(gid))))) {
                v1 = (unsigned)(((unsigned)(loc[(unsigned)(in0[(unsigned)(((int)(v0))) & 255u]) & 7u])));
            }
        }
    } /* falls through */
    case 3: {
        v1 = (unsigned)(((unsigned)(((((unsigned)(tid))) != (((unsigned)(lane)))))));
        v4 = (unsigned long long)(((unsigned long long)(__float2int_ru(__fsqrt_rn(fabsf(1e20f))))));
        cas_add(&cnt[6], (unsigned)(udiv32(((unsigned)(((((((long long)(gid))) ? (((unsigned long long)(loc[(unsigned)(((int)(v2))) & 7u]))) : (((unsigned long long)(in1[(unsigned)(in1[(unsigned)(((int)(v0))) & 255u]) & 255u]))))) || (((unsigned long long)(v2)))))), ((unsigned)((((2147483647)) < (((int)(fbits(0.5f))))))))));
    } break;
    }
    v4 = (unsigned long long)(__shfl_sync(0xffffffffu, ((unsigned long long)(((unsigned)(v0)))), ((int)((unsigned)((-1)) * (unsigned)(in0[(unsigned)(loc[(unsigned)(in1[(unsigned)(((int)(v0))) & 255u]) & 7u]) & 255u]))), 8));
    int c5 = (((((in1[(unsigned)(((int)(v0))) & 255u]) ^ (loc[(unsigned)(((int)(v3))) & 7u]))) ^ (((int)(__funnelshift_lc(31u, ((unsigned)(in0[(unsigned)(loc[(unsigned)(loc[(unsigned)(gid) & 7u]) & 7u]) & 255u])), ((unsigned)(tid)))))))) != 0;
    unsigned m3 = __ballot_sync(0xffffffffu, c5);
    unsigned e4 = 0xffffffffu & ~m3;
    if (c5) {
    } else {
    }
    __syncthreads();
    if (tid < 8) atomicAdd(&cnt[8 + tid], scnt[tid]);
    if (sdiv32(((int)(((unsigned)((unsigned)(((unsigned)(lane))) << ((32u) & 31))))), ((int)(__brevll(((unsigned long long)(in1[(unsigned)(gid) & 255u]))))))) {
        v2 = (signed char)(((((unsigned)0 - (1u))) || (((int)(min(((long long)(((unsigned)(loc[(unsigned)(((int)(v1))) & 7u])))), ((long long)((unsigned long long)(((long long)(v1))) + (unsigned long long)(v0)))))))));
    }
    v4 = (unsigned long long)(((((unsigned long long)(f1(0u, loc[(unsigned)((1)) & 7u])))) * (((unsigned long long)(__funnelshift_l(((unsigned)(gid)), ((unsigned)(v4)), v1))))));
    loc[(unsigned)(((((int)(v1))) >> ((((int)(v3))) & 31))) & 7u] = (int)(((((-1.5f) > (3e38f))) && (((((unsigned)(loc[(unsigned)((-2147483647 - 1)) & 7u]))) ^ (((unsigned)(gid)))))));
    out[o + 0] = (unsigned)(v0); out[o + 1] = (unsigned)((unsigned long long)(v0) >> 32);
    out[o + 2] = (unsigned)(v1);
    out[o + 3] = (unsigned)(v2);
    out[o + 4] = (unsigned)(v3);
    out[o + 5] = (unsigned)(v4); out[o + 6] = (unsigned)((unsigned long long)(v4) >> 32);
    for (int k = 0; k < 8; k++) out[o + 7 + k] = (unsigned)loc[k];
}
