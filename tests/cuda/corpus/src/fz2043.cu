// cuda_fuzz seed 2043 (generator version 1): scripts/cuda_fuzz.py, reference tests/cuda/cudafuzz.py
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

__device__ __noinline__ unsigned f0(unsigned a, int b)
{
    unsigned long long l0 = (unsigned long long)(((unsigned long long)(a)));
    b = (int)(b);
    return (unsigned)(((((unsigned)(b))) >> ((((unsigned)(((((((unsigned long long)(a))) | (((unsigned long long)(b))))) < (((((long long)(b))) ? (l0) : (((unsigned long long)(b))))))))) & 31)));
}

__device__ __noinline__ unsigned long long f1(unsigned a, int b)
{
    unsigned long long l0 = (unsigned long long)(((unsigned long long)(b)));
    l0 = (unsigned long long)(((unsigned long long)(((__int2float_rn(b)) == (__int2float_rn(b))))));
    return (unsigned long long)(((((unsigned long long)(b))) >> ((18446744073709551615ull) & 63)));
}

__device__ __noinline__ unsigned long long f2(unsigned a, int b)
{
    unsigned l0 = (unsigned)(((unsigned)(((fmaxf(__int2float_rn((1)), __int2float_rn(b))) == (0.1f)))));
    unsigned l1 = (unsigned)(((((unsigned long long)(b))) ? (((unsigned)(b))) : (((unsigned)(b)))));
    b = (int)((2031284451));
    int i1 = 0;
    while (i1 < 8 && (((f1(((unsigned)(f1(2006521599u, ((int)(a))))), ((int)((unsigned)(((int)(a))) - (unsigned)(((int)(a))))))) ^ (((unsigned long long)(f0(((unsigned)(((long long)(l1)))), ((int)(fbits(__int2float_rn(((int)(l1))))))))))))) {
        i1++;
        if (((unsigned)(((l0) <= (5u))))) break;
        b = (int)((255));
    }
    return (unsigned long long)(((unsigned long long)(((long long)(((f1(((unsigned)(b)), ((int)(l1)))) <= ((~(((unsigned long long)(b)))))))))));
}

__device__ __noinline__ unsigned long long w0(unsigned a, int b, unsigned m)
{
    unsigned l0 = (unsigned)(umod32(((unsigned)(__rhadd(((int)(a)), ((int)(a))))), ((unsigned)(sabs32((2147483647))))));
    b = (int)(__shfl_sync(m, (((-2147483647 - 1)) ^ (((int)(f1(a, ((int)(a))))))), ((int)((unsigned)((31)) - (unsigned)(__clz(((int)(m))))))));
    b = (int)(b);
    __syncwarp(m);
    return (unsigned long long)(((unsigned long long)(sabs32(((int)(4294967295u))))));
}

extern "C" __global__ void __launch_bounds__(96) fz2043(const int *__restrict__ in0, const int *__restrict__ in1, unsigned *out, unsigned *cnt, unsigned long long *cnt64)
{
    __shared__ int sh[96], shw[96];
    __shared__ unsigned scnt[8];
    const int tid = threadIdx.x, gid = blockIdx.x * blockDim.x + threadIdx.x, lane = tid & 31;
    const int o = gid * 17;
    if (tid < 8) scnt[tid] = tid == 4 ? 0xffffffffu : 0u;
    int loc[8];
    for (int k = 0; k < 8; k++) loc[k] = in1[(gid + k) & 255];
    bool v0 = ((((__float2int_ru(__int2float_rn((0)))) ^ (lane))) != 0);
    bool v1 = ((smod32(gid, ((((unsigned long long)(in1[(unsigned)(loc[(unsigned)(lane) & 7u]) & 255u]))) > (9223372036854775808ull)))) != 0);
    short v2 = (short)(((((unsigned long long)(lane))) == (18432619485973962330ull)));
    long long v3 = (long long)(((long long)(f2(f0(((unsigned)(loc[(unsigned)(lane) & 7u])), lane), __mulhi((-1), lane)))));
    short v4 = (short)(((((((unsigned)(gid))) || (((unsigned long long)(gid))))) >> ((smod32(lane, in0[(unsigned)(gid) & 255u])) & 31)));
    short v5 = (short)(((int)((unsigned)0 - (unsigned)(((32u) ? (loc[(unsigned)(gid) & 7u]) : (in0[(unsigned)(tid) & 255u]))))));
    float v6 = __int2float_rn(((int)(f1(((unsigned)(gid)), (2147483647)))));
    unsigned char v7 = (unsigned char)(((int)((unsigned)(((int)(f0(((unsigned)(tid)), tid)))) << ((((int)((unsigned)(lane) - (unsigned)(tid)))) & 31))));
    __syncthreads();
    for (int i2 = 0; i2 < (int)(((65535)) & 7); i2++) {
        if (((long long)(__brevll(((((long long)(in1[(unsigned)(((int)(v4))) & 255u]))) ? (((unsigned long long)(v5))) : (((((unsigned long long)(v4))) >> ((18446744073709551615ull) & 63)))))))) break;
        v3 = (long long)(((((long long)(gid))) ^ ((4722903717121919519ll))));
        v0 = ((((int)(fbits(v6)))) != 0);
        for (int i3 = 0; i3 < (int)((((int)(((long long)(f1(((unsigned)(v1)), ((int)(v5)))))))) & 7); i3++) {
            loc[(unsigned)(((int)((unsigned)(i2) + (unsigned)((-1368027326))))) & 7u] = (int)(((int)(v5)));
            if (fbits(__fmul_rn(v6, v6))) break;
            switch (((int)((unsigned)(((((v3) ? (((int)(v2))) : (i3))) & ((7)))) + (unsigned)((-3))))) {
            case -2: case 0: {
                loc[(unsigned)(((int)(f0(4294967295u, (-1))))) & 7u] = (int)(((int)((unsigned)(in0[(unsigned)(tid) & 255u]) * (unsigned)((1838083650)))));
            } break;
            case -1: case 2: {
                v1 = ((((int)((unsigned)(in1[(unsigned)((-128)) & 255u]) + (unsigned)((7))))) != 0);
                v5 = (short)(((int)(f1(((unsigned)(__popc(255u))), smod32(((int)((unsigned)(loc[(unsigned)((-1664736931)) & 7u]) << ((((int)(v1))) & 31))), __float2int_rn(__int2float_rn(loc[(unsigned)(loc[(unsigned)(gid) & 7u]) & 7u])))))));
            } break;
            case 1: {
                v5 = (short)(((((unsigned)(loc[(unsigned)(((int)(v5))) & 7u]))) ? (((int)(v1))) : (in1[(unsigned)(gid) & 255u])));
                if (((unsigned long long)(((((long long)(((((int)(v5))) != (((int)(v1))))))) || (((((unsigned)(loc[(unsigned)(((int)(v1))) & 7u]))) + (1u))))))) break;
                v6 = v6;
            } break;
            case 3: case 4: {
            } break;
            case -3: {
                v0 = ((((int)(f1(__sad(loc[(unsigned)(i3) & 7u], ((int)(v3)), ((((unsigned)(gid))) ^ (((unsigned)(in0[(unsigned)(i2) & 255u]))))), __clz(((int)(v2))))))) != 0);
                atomicMax(&cnt[5], (unsigned)(((unsigned)(v1))));
            } break;
            default: {
                loc[(unsigned)((3)) & 7u] = (int)(((int)((unsigned)(((int)((unsigned)0 - (unsigned)(((int)((unsigned)(((int)(v7))) + (unsigned)(in1[(unsigned)((-1)) & 255u]))))))) + (unsigned)(((int)((unsigned)(((int)((unsigned)(loc[(unsigned)((32)) & 7u]) * (unsigned)(tid)))) + (unsigned)((32))))))));
            } break;
            }
            if (((((unsigned long long)((((63ll)) && ((4886718345ll)))))) >> ((((unsigned long long)(((unsigned)(in1[(unsigned)(loc[(unsigned)((-762338624)) & 7u]) & 255u]))))) & 63))) {
            }
        }
    }
    __syncthreads();
    if (tid < 8) atomicAdd(&cnt[8 + tid], scnt[tid]);
    v1 = ((((((((long long)(((((unsigned long long)(v7))) != (15185307021410245691ull))))) == (((long long)(11400714819323198485ull))))) | (sdiv32(((((long long)(in0[(unsigned)((-1)) & 255u]))) ? ((0)) : (lane)), ((int)(__funnelshift_l(((unsigned)(in1[(unsigned)(in1[(unsigned)(((int)(v1))) & 255u]) & 255u])), ((unsigned)(v1)), ((unsigned)(v7))))))))) != 0);
    v0 = ((((int)((unsigned)(loc[(unsigned)((7)) & 7u]) + (unsigned)(((int)(v7)))))) != 0);
    out[o + 0] = (unsigned)(v0);
    out[o + 1] = (unsigned)(v1);
    out[o + 2] = (unsigned)(v2);
    out[o + 3] = (unsigned)(v3); out[o + 4] = (unsigned)((unsigned long long)(v3) >> 32);
    out[o + 5] = (unsigned)(v4);
    out[o + 6] = (unsigned)(v5);
    out[o + 7] = fbits(v6);
    out[o + 8] = (unsigned)(v7);
    for (int k = 0; k < 8; k++) out[o + 9 + k] = (unsigned)loc[k];
}
