// cuda_fuzz seed 2128 (generator version 1): scripts/cuda_fuzz.py, reference tests/cuda/cudafuzz.py
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

__device__ __noinline__ unsigned long long f0(unsigned a, int b)
{
    unsigned long long l0 = (unsigned long long)(((((((int)(a))) ? (a) : (((unsigned)(b))))) ? (((unsigned long long)(a))) : (((unsigned long long)(__float2int_ru(0.1f))))));
    unsigned l1 = (unsigned)(((unsigned)0 - ((~(4132067262u)))));
    l0 = (unsigned long long)(9223372036854775808ull);
    if (((((sabs32((32))) ? (((long long)((unsigned long long)(((long long)(b))) - (unsigned long long)(((long long)(l0)))))) : (((((long long)(l1))) ^ (((long long)(l0))))))) | ((5803516324252123402ll)))) {
        l1 = (unsigned)(a);
    }
    return (unsigned long long)(((unsigned long long)(__float2int_rn((-(__fmul_rn(__int2float_rn(((int)(l0))), 3.25f)))))));
}

__device__ __noinline__ unsigned f1(unsigned a, int b)
{
    unsigned l0 = (unsigned)(((unsigned)0 - (((unsigned)0 - (((unsigned)(b)))))));
    unsigned long long l1 = (unsigned long long)(((((unsigned long long)(((long long)(a))))) ^ (((2431524340745506110ull) - (((unsigned long long)(b)))))));
    unsigned long long l2 = (unsigned long long)(9223372036854775808ull);
    a = (unsigned)(umod32(l0, ((((unsigned)(b))) | (99566454u))));
    l1 = (unsigned long long)(9223372036854775808ull);
    return (unsigned)(((unsigned)(((long long)((unsigned long long)(((long long)(__float2int_rz(__int2float_rn(b))))) - (unsigned long long)(((long long)(l1))))))));
}

__device__ __noinline__ long long f2(unsigned a, int b, int d)
{
    unsigned long long l0 = (unsigned long long)(15667810432920538875ull);
    int l1 = (int)(__float2int_ru(1.0f));
    long long l2 = (long long)(((((long long)((unsigned long long)(((long long)(a))) * (unsigned long long)(((long long)(a)))))) | (((long long)((unsigned long long)(((long long)(b))) - (unsigned long long)(((long long)(b))))))));
    if (((d) <= ((0)))) return (long long)(((long long)(b)));
    int i1 = 0;
    while (i1 < 8 && (16843009u)) {
        i1++;
        for (int i2 = 0; i2 < (int)((((11400714819323198485ull) ? (((int)(f0(((unsigned)(__float2int_rn(3e38f))), ((l1) & (((int)(a)))))))) : (((int)(f1((~(5u)), ((int)(__umul64hi(((unsigned long long)(l2)), 1618887320521162065ull))))))))) & 7); i2++) {
        }
    }
    l0 = (unsigned long long)(((unsigned long long)(f2(((((unsigned)(__clz(((int)(l0)))))) ^ (((a) + (((unsigned)(b)))))), __float2int_rn((((520493340)) ? (__int2float_rn(((int)(a)))) : (__int2float_rn((32))))), ((int)((unsigned)(d) - (unsigned)((1))))))));
    return (long long)(((long long)(__float2uint_rz((-(fmaxf(__int2float_rn(((int)(l0))), 3e38f)))))));
}

extern "C" __global__ void __launch_bounds__(64) fz2128(const int *__restrict__ in0, const int *__restrict__ in1, unsigned *out, unsigned *cnt, unsigned long long *cnt64)
{
    __shared__ int sh[64], shw[64];
    __shared__ unsigned scnt[8];
    const int tid = threadIdx.x, gid = blockIdx.x * blockDim.x + threadIdx.x, lane = tid & 31;
    const int o = gid * 17;
    if (tid < 8) scnt[tid] = tid == 4 ? 0xffffffffu : 0u;
    int loc[8];
    for (int k = 0; k < 8; k++) loc[k] = in1[(gid + k) & 255];
    float v0 = __int2float_rn(lane);
    unsigned long long v1 = (unsigned long long)(((((((unsigned long long)(lane))) ^ (((unsigned long long)(in0[(unsigned)(tid) & 255u]))))) & (((unsigned long long)(__funnelshift_r(((unsigned)(loc[(unsigned)((177807984)) & 7u])), ((unsigned)(loc[(unsigned)(in0[(unsigned)(loc[(unsigned)(gid) & 7u]) & 255u]) & 7u])), ((unsigned)(tid))))))));
    long long v2 = (long long)(((((long long)((unsigned long long)(((long long)(tid))) + (unsigned long long)((64ll))))) >> ((((long long)(((((long long)(lane))) < ((-7296149837453538301ll)))))) & 63)));
    short v3 = (short)(((((unsigned long long)(f2(((unsigned)(lane)), tid, ((in1[(unsigned)((2147483647)) & 255u]) & ((3))))))) || (__brevll(14791627363184503735ull))));
    signed char v4 = (signed char)(__float2int_rz(0.1f));
    signed char v5 = (signed char)(((int)(f0(((unsigned)((2147483647))), ((((unsigned long long)(in0[(unsigned)(in0[(unsigned)(loc[(unsigned)(loc[(unsigned)(lane) & 7u]) & 7u]) & 255u]) & 255u]))) ? (tid) : (in0[(unsigned)(gid) & 255u]))))));
    short v6 = (short)((((((-1540600424)) | (in0[(unsigned)(gid) & 255u]))) ^ (gid)));
    __syncthreads();
    v4 = (signed char)((((-2147483647 - 1)) | ((1734115087))));
    v6 = (short)((~(((int)(__float2uint_rz(100.0f))))));
    __syncwarp();
    v2 = (long long)(__activemask());
    v1 = (unsigned long long)(((unsigned long long)(lane)));
    int c5 = (((unsigned long long)(__hadd((0), in1[(unsigned)((3)) & 255u])))) != 0;
    unsigned m3 = __ballot_sync(0xffffffffu, c5);
    unsigned e4 = 0xffffffffu & ~m3;
    if (c5) {
        atomicAdd(&cnt[0], (unsigned)(((unsigned)(__float2int_rn(__int2float_rn(lane))))));
    } else {
        if (((unsigned)(tid))) {
            switch (((int)((unsigned)(((int)((unsigned)(((((loc[(unsigned)((255)) & 7u]) ^ (tid))) & ((15)))) * (unsigned)((37))))) + (unsigned)((49))))) {
            case 234: case 604: {
                if (((unsigned)(__popcll(((unsigned long long)(loc[(unsigned)(((int)(v5))) & 7u])))))) break;
                v1 = (unsigned long long)(((((long long)(f1(((unsigned)(v4)), ((int)(v1)))))) ? (((unsigned long long)(((-7.0f) <= (__int2float_rn(((int)(v6)))))))) : (((((unsigned long long)(v5))) ^ (11400714819323198485ull)))));
                v1 = (unsigned long long)(v1);
            } break;
            default: {
                v4 = (signed char)(((int)(__uhadd(((unsigned)(v6)), 2147483648u))));
            } break;
            case 345: case 530: {
                loc[(unsigned)((~(((int)(v6))))) & 7u] = (int)(((((int)(__brevll(umod64(((unsigned long long)(loc[(unsigned)(in1[(unsigned)(loc[(unsigned)(lane) & 7u]) & 255u]) & 7u])), ((unsigned long long)(gid))))))) ^ (sdiv32(((int)((unsigned)(loc[(unsigned)(in0[(unsigned)(((int)(v6))) & 255u]) & 7u]) * (unsigned)(((int)(v2))))), ((1ull) ? (((int)(v1))) : (((int)(v3))))))));
                v5 = (signed char)(((((long long)(v5))) && (3218946053452026711ull)));
                v5 = (signed char)(min((65535), ((int)(v5))));
            } break;
            case 493: {
                loc[(unsigned)(((int)((unsigned)(in0[(unsigned)(loc[(unsigned)(lane) & 7u]) & 255u]) + (unsigned)((-2147483647 - 1))))) & 7u] = (int)(((int)(v5)));
                if (((int)(v3))) break;
            } break;
            case 123: case 160: {
                v0 = fmaxf(__fsub_rn(0.5f, __int2float_rn(gid)), __ll2float_rn((4294967296ll)));
                v2 = (long long)(((long long)(__clz(((int)(fbits(__fdiv_rn(v0, v0))))))));
            } /* falls through */
            case 419: {
                v6 = (short)(((((((int)((unsigned)(loc[(unsigned)((-2147483647 - 1)) & 7u]) + (unsigned)(((int)(v4)))))) | (loc[(unsigned)((255)) & 7u]))) ? (((int)((unsigned)(((int)(v3))) * (unsigned)(smod32(((int)(v6)), in1[(unsigned)(in0[(unsigned)(((int)(v2))) & 255u]) & 255u]))))) : (__popcll(((unsigned long long)((unsigned long long)(((unsigned long long)(v4))) << ((((unsigned long long)(in1[(unsigned)(((int)(v1))) & 255u]))) & 63)))))));
            } break;
            case 86: {
                v3 = (short)(in1[(unsigned)((2)) & 255u]);
            } /* falls through */
            case 271: {
                loc[(unsigned)((3)) & 7u] = (int)(in1[(unsigned)((-1)) & 255u]);
                v2 = (long long)(((long long)(in0[(unsigned)(((int)(v5))) & 255u])));
            } /* falls through */
            }
            v2 = (long long)(smod64((9223372036854775807ll), ((long long)(loc[(unsigned)(in0[(unsigned)(in0[(unsigned)(in0[(unsigned)(tid) & 255u]) & 255u]) & 255u]) & 7u]))));
            v0 = fmaxf(0.1f, __fmaf_rn(-1.5f, v0, __int2float_rn(((int)(v4)))));
            v3 = (short)(((int)(((((unsigned)(v6))) ? (((long long)(((unsigned long long)(loc[(unsigned)(in0[(unsigned)(loc[(unsigned)(((int)(v4))) & 7u]) & 255u]) & 7u]))))) : (((long long)((unsigned long long)(((long long)(loc[(unsigned)((-128)) & 7u]))) << ((((long long)(in0[(unsigned)(((int)(v4))) & 255u]))) & 63))))))));
        }
    }
    v1 = (unsigned long long)(__shfl_down_sync(0xffffffffu, ((unsigned long long)((unsigned long long)(((unsigned long long)(((((unsigned)(v5))) || (((int)(v5))))))) << ((udiv64(((unsigned long long)(gid)), ((unsigned long long)(loc[(unsigned)(gid) & 7u])))) & 63))), (2), 16));
    v2 = (long long)(sdiv64(((long long)(v3)), (0ll)));
    int c8 = (((((int)((unsigned)(((int)(v3))) + (unsigned)((100))))) ^ (((((int)(v5))) ^ ((7)))))) != 0;
    unsigned m6 = __ballot_sync(0xffffffffu, c8);
    unsigned e7 = 0xffffffffu & ~m6;
    if (c8) {
        v2 = (long long)(__shfl_sync(m6, f2(((unsigned)(v1)), (((-(__int2float_rn(in1[(unsigned)((-2147483647 - 1)) & 255u])))) > (100.0f)), ((((int)(0ull))) & ((3)))), ((int)((unsigned)(__ffs(((int)(m6)))) - (unsigned)((1))))));
        v2 = (long long)(((((long long)(__popc(((255u) | (((unsigned)(tid)))))))) ^ (((long long)(fbits(__fmaf_rn(v0, __int2float_rn((1422281358)), v0)))))));
    } else {
        int i9 = 0;
        while (i9 < 5 && (((unsigned long long)(v5)))) {
            i9++;
            if (((unsigned)(max(((((unsigned long long)(((v1) != (((unsigned long long)(v5))))))) ? (((unsigned long long)((((-128)) > ((-2147483647 - 1)))))) : (umod64(((unsigned long long)(in1[(unsigned)(in1[(unsigned)(in1[(unsigned)(tid) & 255u]) & 255u]) & 255u])), ((unsigned long long)(in1[(unsigned)(((int)(v2))) & 255u]))))), ((unsigned long long)0 - (((unsigned long long)(v6)))))))) break;
            if (((((long long)(((((long long)(in0[(unsigned)((-632019480)) & 255u]))) <= (((long long)(loc[(unsigned)(in1[(unsigned)(in1[(unsigned)(in1[(unsigned)((2147483647)) & 255u]) & 255u]) & 255u]) & 7u]))))))) & (((long long)(((((unsigned long long)(v5))) > (4294967295ull))))))) {
                v1 = (unsigned long long)(f0((~(((((unsigned)(v5))) ^ (((unsigned)(loc[(unsigned)(lane) & 7u])))))), ((int)(__funnelshift_rc(((unsigned)(loc[(unsigned)(in1[(unsigned)(loc[(unsigned)(loc[(unsigned)(tid) & 7u]) & 7u]) & 255u]) & 7u])), ((unsigned)(v5)), ((unsigned)(__ffs(in0[(unsigned)(loc[(unsigned)((-1256175573)) & 7u]) & 255u]))))))));
            } else {
                loc[(unsigned)(((int)(min(((long long)(i9)), ((long long)(loc[(unsigned)(((int)(v1))) & 7u])))))) & 7u] = (int)(((v2) ? (((int)((unsigned)(((((int)(v4))) ^ (in1[(unsigned)(lane) & 255u]))) - (unsigned)(((tid) ^ ((-1716266545))))))) : (lane)));
            }
        }
    }
    for (int i10 = 0; i10 < (int)((((int)(max(11400714819323198485ull, ((unsigned long long)(v3)))))) & 7); i10++) {
        v4 = (signed char)(loc[(unsigned)(in1[(unsigned)(loc[(unsigned)((3)) & 7u]) & 255u]) & 7u]);
        if (((in0[(unsigned)(in1[(unsigned)((-2112983006)) & 255u]) & 255u]) ^ (in1[(unsigned)((1700330670)) & 255u]))) {
        }
    }
    __syncthreads();
    if (tid < 8) atomicAdd(&cnt[8 + tid], scnt[tid]);
    v6 = (short)(__float2int_rn(1e-3f));
    atomicMin(&cnt[4], (unsigned)((~(((unsigned)(v2))))));
    if (((int)(__umulhi(1341683055u, (((~(((unsigned)(loc[(unsigned)(lane) & 7u]))))) * (__brev(((unsigned)(in1[(unsigned)(((int)(v3))) & 255u]))))))))) {
        out[o + 0] = fbits(v0);
        out[o + 1] = (unsigned)(v1); out[o + 2] = (unsigned)((unsigned long long)(v1) >> 32);
        out[o + 3] = (unsigned)(v2); out[o + 4] = (unsigned)((unsigned long long)(v2) >> 32);
        out[o + 5] = (unsigned)(v3);
        out[o + 6] = (unsigned)(v4);
        out[o + 7] = (unsigned)(v5);
        out[o + 8] = (unsigned)(v6);
        for (int k = 0; k < 8; k++) out[o + 9 + k] = (unsigned)loc[k];
        return;
    }
    out[o + 0] = fbits(v0);
    out[o + 1] = (unsigned)(v1); out[o + 2] = (unsigned)((unsigned long long)(v1) >> 32);
    out[o + 3] = (unsigned)(v2); out[o + 4] = (unsigned)((unsigned long long)(v2) >> 32);
    out[o + 5] = (unsigned)(v3);
    out[o + 6] = (unsigned)(v4);
    out[o + 7] = (unsigned)(v5);
    out[o + 8] = (unsigned)(v6);
    for (int k = 0; k < 8; k++) out[o + 9 + k] = (unsigned)loc[k];
}
