// cuda_fuzz seed 18058 (generator version 3): scripts/cuda_fuzz.py, reference tests/cuda/cudafuzz.py
// launch: grid [2, 1, 1], block [2, 8, 4]
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
__device__ __forceinline__ float nzf(float x) { return x != x ? 0.0f : x; }
__device__ __forceinline__ double nzd(double x) { return x != x ? 0.0 : x; }
__device__ __forceinline__ float fin(float x) { return x - x == 0.0f ? x : 0.0f; }
__device__ __forceinline__ unsigned long long dbits(double d)
{
    return d != d ? 0x7fffffffffffffffull : (unsigned long long)__double_as_longlong(d);
}
__device__ __forceinline__ void cas_add64(unsigned long long *p, unsigned long long v)
{
    unsigned long long old = *(volatile unsigned long long *)p, assumed;
    do { assumed = old; old = atomicCAS(p, assumed, assumed + v); } while (old != assumed);
}

__device__ __noinline__ int p0(int a, unsigned b)
{
    int l0 = (int)(((((int)(b))) & ((~(a)))));
    {
        for (int i2 = 0; i2 < (int)((((((int)((unsigned)(((int)(((unsigned char)((unsigned char)(sdiv32(a, (31))) % (unsigned char)((unsigned char)(((((int)(b))) ^ (a))) | (unsigned char)1)))))) << ((((int)((unsigned)(((l0) | (a))) + (unsigned)(((a) & ((65535))))))) & 31)))) & ((7)))) & 7); i2++) {
            if (((unsigned)(__float2ll_rn(nzf(((__uint2float_rz(b)) / (1e20f))))))) goto L1;
            if (((long long)(a))) goto L1;
            for (int i3 = 0; i3 < (int)((((((int)(((short)((short)(((int)((unsigned)0 - (unsigned)(((int)(__double2ll_rz(nzd(1.0)))))))) / (short)(((short)(((((int)((unsigned)0 - (unsigned)(((int)(b)))))) <= (((((long long)(i2))) >= (((long long)(a))))))) & (short)~1) | (short)2)))))) & ((3)))) & 7); i3++) {
                l0 = (int)(((int)(__double2uint_rd(__dmul_rn(__dadd_rz(__uint2double_rn(((unsigned)(i3))), 1e-3), ((__ull2double_ru(((unsigned long long)(a)))) / (1e300)))))));
                if (((unsigned)(a))) {
                }
                for (int i4 = 0; i4 < (int)((((((int)(__byte_perm((((~(((unsigned)(i2))))) + (((unsigned)(__ffsll(((long long)(i2))))))), __funnelshift_lc(umod32(b, 1u), ((unsigned)0 - (b)), 863495035u), (((unsigned)(__umul64hi(((unsigned long long)(i2)), 0ull)))) & 0x7777u)))) & ((3)))) & 7); i4++) {
                    if (((unsigned long long)(b))) goto L1;
                }
            }
        }
    }
L1:;
    return (int)((-957992556));
}

__device__ __noinline__ int p1(int a, unsigned b)
{
    int l0 = (int)(smod32(((int)(max(((unsigned long long)(a)), ((unsigned long long)(a))))), ((int)(__double2ll_rz(nzd(-0.0))))));
    for (int i5 = 0; i5 < (int)((((int)((unsigned)(smod32(((int)(min(((long long)(b)), (4886718345ll)))), ((int)(((long long)((long long)((long long)(((long long)(b))) >> 1) % (long long)((long long)((1613038354549408676ll)) | (long long)1))))))) << ((((((((unsigned long long)(a))) ? ((1)) : (a))) > (((int)(__funnelshift_r(((unsigned)(a)), ((unsigned)(l0)), 4294967295u)))))) & 31)))) & 7); i5++) {
        int i6 = 0;
        do {
            i6++;
            b = (unsigned)(((unsigned)(((int)((int)(l0) / (int)(((int)(i5) & (int)~1) | (int)2))))));
            a = (int)(a);
            a = (int)(((int)(((long long)((long long)((long long)(((long long)(b))) >> 1) / (long long)((long long)((((0ll)) ^ (((long long)(l0))))) | (long long)1))))));
            a = (int)(((int)(b)));
        } while (i6 < 2 && (((long long)(((unsigned long long)((unsigned long long)(((unsigned long long)(((unsigned)((unsigned)(b) / (unsigned)((unsigned)(((unsigned)(a))) | (unsigned)1)))))) % (unsigned long long)((unsigned long long)(((unsigned long long)(__popcll(((unsigned long long)(i5)))))) | (unsigned long long)1)))))));
    }
    return (int)(((int)((unsigned)(((int)(__float2ull_ru(nzf(0.5f))))) + (unsigned)(((int)((unsigned)(l0) - (unsigned)((100))))))));
}

__device__ int (*ftg[4])(int, unsigned) = {p1, p0, p1, p0};

extern "C" __global__ void __launch_bounds__(64) fz18058(const int *__restrict__ in0, const int *__restrict__ in1, unsigned *__restrict__ out, unsigned *__restrict__ cnt, unsigned long long *__restrict__ cnt64, unsigned *__restrict__ cnt2, float *__restrict__ fcnt, double *__restrict__ dcnt, unsigned *__restrict__ priv, unsigned long long *__restrict__ priv64, unsigned *__restrict__ gs, float *__restrict__ fpriv)
{
    __shared__ int sh[64], shw[64];
    __shared__ unsigned scnt[8];
    __shared__ unsigned scnt2[6], shpriv[64];
    __shared__ float sfcnt[2];
    __shared__ double shd[64];
    __shared__ unsigned long long scnt64[8];
    const int tid = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const int bid = blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z);
    const int gid = bid * (blockDim.x * blockDim.y * blockDim.z) + tid, lane = tid & 31;
    const int tx = threadIdx.x, ty = threadIdx.y, tz = threadIdx.z;
    shpriv[tid] = (unsigned)tid * 0x9e3779b9u;
    if (tid < 2) sfcnt[tid] = 0.0f;
    if (tid == 0) scnt2[0] = 0u;
    if (tid == 1) scnt2[1] = 2147483647u;
    if (tid == 2) scnt2[2] = 2147483647u;
    if (tid == 3) scnt2[3] = 2147483648u;
    if (tid == 4) scnt2[4] = 4294967295u;
    if (tid == 5) scnt2[5] = 0u;
    if (tid == 0) scnt64[0] = 0ull;
    if (tid == 1) scnt64[1] = 9223372036854775807ull;
    if (tid == 2) scnt64[2] = 9223372036854775808ull;
    if (tid == 3) scnt64[3] = 18446744073709551615ull;
    if (tid == 4) scnt64[4] = 0ull;
    if (tid == 5) scnt64[5] = 18446744073709551615ull;
    if (tid == 6) scnt64[6] = 0ull;
    if (tid == 7) scnt64[7] = 0ull;
    const int o = gid * 17;
    if (tid < 8) scnt[tid] = tid == 4 ? 0xffffffffu : 0u;
    int loc[8];
    for (int k = 0; k < 8; k++) loc[k] = in1[(gid + k) & 255];
    long long big[37];
    for (int k = 0; k < 37; k++) big[k] = (long long)in0[(gid * 3 + k) & 255] * (k + 1);
    int (*ftl[4])(int, unsigned) = {p1, p0, p1, p0};
    int v0 = (int)(__double2int_rd(((__ull2double_rn(1ull)) / (1.7976931348623157e308))));
    short v1 = (short)(((ftl[(unsigned)(in0[(unsigned)(loc[(unsigned)(in1[(unsigned)((100)) & 255u]) & 7u]) & 255u]) & 3u](tz, ((unsigned)(lane)))) ? (((((int)(big[(unsigned)(loc[(unsigned)((-2147483647 - 1)) & 7u]) % 37u]))) | (in0[(unsigned)(bid) & 255u]))) : (((((long long)(in0[(unsigned)((100)) & 255u]))) ? ((-1)) : ((65535))))));
    double v2 = (double)(3.0e15);
    int v3 = (int)((7));
    float v4 = 1e-3f;
    __syncthreads();
    v1 = (short)(p1(((((unsigned long long)(((__ll2float_ru(((long long)(tz)))) != (v4))))) ? ((((-1537693912)) >> ((loc[(unsigned)(v0) & 7u]) & 31))) : (((int)(v1)))), ((((0u) + (((unsigned)(((const volatile int *)in1)[(unsigned)(in0[47ll + (long long)(((((long long)(__ldg(&in0[(unsigned)(((int)(v1))) & 255u])))) >> ((((long long)(in1[(unsigned long long)(((unsigned long long)(__funnelshift_l(((unsigned)(in0[(unsigned)(in1[(unsigned)(((const volatile int *)in0)[(unsigned)(__ldg(&in0[(unsigned)(tid) & 255u])) & 255u]) & 255u]) & 255u])), ((unsigned)(in1[(unsigned)(ty) & 255u])), ((unsigned)(in1[(unsigned)(v3) & 255u])))))) % (unsigned long long)(((((((unsigned long long)(((unsigned)(in0[(unsigned)((2040796511)) & 255u]))))) & (255ull))) + (1ull)))]))) & 63))) % (long long)(((long long)((unsigned long long)(((((long long)(in0[(unsigned)(((int)(big[(unsigned)(in1[(unsigned)(((int)(big[(unsigned)(bid) % 37u]))) & 255u]) % 37u]))) & 255u]))) & ((31ll)))) + (unsigned long long)((1ll)))))]) & 255u]))))) + (((((long long)(in0[(unsigned)((255)) & 255u]))) ? (((unsigned)(((const volatile int *)in0)[(unsigned)(((int)(big[(unsigned)((1)) % 37u]))) & 255u]))) : (((unsigned)(tz))))))));
    big[(unsigned)(((int)(__umulhi(3506864122u, 3659757732u)))) % 37u] = (long long)(((long long)(((int)((int)((int)(((int)((unsigned)((2)) + (unsigned)(__ldg(&in0[(unsigned)(((int)(big[(unsigned)(((int)(big[(unsigned)(bid) % 37u]))) % 37u]))) & 255u]))))) >> 1) / (int)((int)((100)) | (int)1))))));
    int c9 = ((((-128)) >> ((((int)(v1))) & 31))) != 0;
    unsigned m7 = __ballot_sync(0xffffffffu, c9);
    unsigned e8 = 0xffffffffu & ~m7;
    if (c9) {
        v1 = (short)(atomicMax(&priv[gid], (unsigned)(2147483648u)));
        v2 = (double)(__dmul_ru(1e300, v2));
        int u10 = 0;
        do {
            u10++;
            atomicInc(&cnt2[0], 0xffffffffu);
        } while (u10 < 4 && !__any_sync(m7, (int)(((unsigned long long)((!(((tz) ^ (loc[(unsigned)((-54444728)) & 7u])))))))));
    } else {
        big[(unsigned)(min(ty, loc[(unsigned)(in0[(unsigned long long)(((((unsigned long long)(tz))) ^ (1ull))) % (unsigned long long)(((((((unsigned long long)(2987105256u))) & (255ull))) + (1ull)))]) & 7u])) % 37u] = (long long)(((long long)(__float2ull_rz(nzf(((v4) + (-7.0f)))))));
    }
    v4 = ((v4) + (__int2float_ru((32))));
    int i11 = 0;
    while (i11 < 9 && (((int)(__byte_perm(__float2uint_rz(__ull2float_rn(((unsigned long long)(tid)))), ((unsigned)(((((unsigned)(loc[(unsigned)((1)) & 7u]))) > (((unsigned)(in1[(unsigned)(in1[(unsigned long long)(9223372036854775808ull) % (unsigned long long)(((((((unsigned long long)(((unsigned)(loc[(unsigned)((65535)) & 7u]))))) & (255ull))) + (1ull)))]) & 255u])))))), (((unsigned)(ftl[(unsigned)(ty) & 3u](in1[(unsigned)(((int)(v1))) & 255u], ((unsigned)(loc[(unsigned)(v3) & 7u])))))) & 0x7777u))))) {
        i11++;
        switch (((int)((unsigned)(((int)((unsigned)(((sdiv32(__ldg(&in1[(unsigned)((7)) & 255u]), ((tx) | (tz)))) & ((15)))) * (unsigned)((3))))) + (unsigned)((14))))) {
        case 29: case 59: {
            if (((int)(__brevll(((unsigned long long)(v3)))))) {
                if (tz) break;
                atomicXor(&cnt[3], (unsigned)(((unsigned)(__double2ll_rn(nzd(0.0))))));
            }
            if (((unsigned)(__rhadd(((loc[(unsigned)(in1[(unsigned long long)(udiv64(((unsigned long long)(loc[(unsigned)(tx) & 7u])), 0ull)) % (unsigned long long)(((((((unsigned long long)(((unsigned)(tz))))) & (255ull))) + (1ull)))]) & 7u]) <= (loc[(unsigned)(((int)(big[(unsigned)(loc[(unsigned)((2)) & 7u]) % 37u]))) & 7u])), in1[(unsigned)(v3) & 255u])))) {
                atomicAdd(&sfcnt[0], (float)((unsigned)(((unsigned)(((long long)((long long)((long long)(((((long long)(ftg[(unsigned)(in0[149ll + (long long)(((long long)(((((long long)(loc[(unsigned)(__ldg(&in1[(unsigned)(loc[(unsigned)(in0[(unsigned)((32)) & 255u]) & 7u]) & 255u])) & 7u]))) >= (((long long)(tid))))))) % (long long)(((long long)((unsigned long long)(((((long long)(i11))) & ((31ll)))) + (unsigned long long)((1ll)))))]) & 3u](in1[(unsigned)((2147483647)) & 255u], 4067272216u)))) | (((long long)(bid))))) >> 1) / (long long)((long long)(((long long)(min(min((31), tx), ((int)(((unsigned long long)((unsigned long long)(((unsigned long long)(tid))) / (unsigned long long)((unsigned long long)(((unsigned long long)(v3))) | (unsigned long long)1))))))))) | (long long)1)))))) & 63u) * 0.25f);
                loc[(unsigned)(__double2int_rz(v2)) & 7u] = (int)(((((long long)(p1(in0[(unsigned)((65535)) & 255u], ((unsigned)(loc[(unsigned)(bid) & 7u])))))) ? (((((unsigned long long)(big[(unsigned)(in1[(unsigned)((1708731843)) & 255u]) % 37u]))) || ((0ll)))) : (((int)(max(((unsigned long long)(((255u) || (2147483648u)))), ((unsigned long long)(__ldg(&in1[(unsigned)((2147483647)) & 255u])))))))));
            } else {
                atomicAdd(&scnt[1], (unsigned)(((unsigned)(__rhadd(in1[(unsigned)(__ldg(&in1[(unsigned)(in1[(unsigned)(in1[(unsigned)(i11) & 255u]) & 255u]) & 255u])) & 255u], v0)))));
                v3 = (int)(((int)(big[(unsigned)(tid) % 37u])));
            }
            v2 = (double)(((in1[(unsigned)(((const volatile int *)in0)[(unsigned)(bid) & 255u]) & 255u]) ? (0.1) : (((v2) + (((double)(v4)))))));
        } break;
        case 35: case 53: {
            for (int i12 = 0; i12 < (int)((tx) & 7); i12++) {
                v4 = __fmaf_rd(fabsf(v4), __fsqrt_rz(fabsf(v4)), __fmul_ru(v4, v4));
                loc[(unsigned)(in1[(unsigned)(v3) & 255u]) & 7u] = (int)(__popc(((unsigned)(__hadd(smod32(tx, tid), ((int)(__funnelshift_lc(((unsigned)(i12)), ((unsigned)(i11)), ((unsigned)(v0))))))))));
                if (((unsigned)((unsigned)(((((unsigned)(((const volatile int *)in0)[(unsigned)(loc[(unsigned)((-2147483647 - 1)) & 7u]) & 255u]))) ^ (((unsigned)(v1))))) << ((((unsigned)(in1[(unsigned)(((int)(v1))) & 255u]))) & 31)))) break;
                v4 = sqrtf(fabsf(sqrtf(fabsf(__uint2float_rn(((unsigned)(v3)))))));
                if (((((long long)(p0((-890030334), ((unsigned)(tx)))))) >> ((((long long)(i12))) & 63))) shpriv[tid] = (unsigned)(((unsigned)(p1((((-924798067745235851ll)) && (((unsigned)(big[(unsigned)(bid) % 37u])))), ((unsigned)(__ffsll(((long long)(gid)))))))));
            }
        } break;
        case 41: {
            if ((((((0ll)) >> ((((long long)(tid))) & 63))) ^ (((long long)(__double2uint_rd(__ll2double_ru(((long long)(in1[(unsigned)(((const volatile int *)in0)[(unsigned)(loc[(unsigned)(__ldg(&in1[(unsigned)(gid) & 255u])) & 7u]) & 255u]) & 255u]))))))))) continue;
            loc[(unsigned)((-1972051141)) & 7u] = (int)(((int)((unsigned)((-1219509139)) << ((in0[(unsigned)((2147483647)) & 255u]) & 31))));
            atomicAnd(&cnt64[5], (unsigned long long)(((unsigned long long)(__byte_perm(((unsigned)(big[(unsigned)((-644349879)) % 37u])), ((unsigned)(bid)), (((unsigned)(in0[(unsigned)(tid) & 255u]))) & 0x7777u)))));
        } /* falls through */
        case 50: {
        } break;
        case 20: case 23: {
        } break;
        case 38: {
        } /* falls through */
        default: {
        } break;
        case 26: {
        } break;
        }
    }
    __syncthreads();
    if (tid < 8) atomicAdd(&cnt[8 + tid], scnt[tid]);
    if (tid < 6) atomicAdd(&cnt2[8 + tid], scnt2[tid]);
    if (tid < 2) atomicAdd(&fcnt[2 + tid], sfcnt[tid]);
    if (tid < 8) atomicAdd(&cnt64[8 + tid], scnt64[tid]);
    v1 = (short)((((~(((const volatile int *)in1)[(unsigned)(((int)(v1))) & 255u]))) ^ (ty)));
    loc[(unsigned)(((((unsigned)(lane))) && (in1[(unsigned)(ty) & 255u]))) & 7u] = (int)(sdiv32(in1[(unsigned)((1)) & 255u], (0)));
    int i13 = 0;
    do {
        i13++;
        atomicMin(&cnt[4], (unsigned)(((unsigned)(ftg[(unsigned)((((7)) ^ ((-38534506)))) & 3u]((-1089658242), ((unsigned)(((int)((int)(in0[(unsigned)(tid) & 255u]) / (int)(((int)(i13) & (int)~1) | (int)2))))))))));
        if (((((int)(__double2ll_rn(nzd((-(3.0e15))))))) | (((int)(__brevll(((unsigned long long)(((int)((int)((int)(gid) >> 1) % (int)((int)((-400837593)) | (int)1))))))))))) break;
    } while (i13 < 4 && (((((((unsigned)(loc[(unsigned)(in0[(unsigned)(in0[(unsigned)((7)) & 255u]) & 255u]) & 7u]))) - (((unsigned)(i13))))) ? (2u) : (((unsigned)(__ldg(&in0[(unsigned)((-1359210859)) & 255u])))))));
    for (size_t j14 = (size_t)gid; j14 < (size_t)(201 - (in1[185] & 31)); j14 += (size_t)(blockDim.x * blockDim.y * blockDim.z) * (size_t)(gridDim.x * gridDim.y * gridDim.z)) {
        gs[j14] = (unsigned)(((unsigned)(__float2ll_rz(nzf(0.0f)))));
        for (size_t j15 = (size_t)gid; j15 < (size_t)(142 - (in1[124] & 31)); j15 += (size_t)(blockDim.x * blockDim.y * blockDim.z) * (size_t)(gridDim.x * gridDim.y * gridDim.z)) {
            gs[j15] = (unsigned)(((((unsigned)0 - (((unsigned)(v0))))) >> ((((unsigned)(__ldg(&in0[(unsigned)(((int)(j14))) & 255u])))) & 31)));
        }
        v4 = atomicXor(&priv64[gid], (unsigned long long)(((unsigned long long)(in1[(unsigned long long)(umod64(64ull, ((unsigned long long)(in0[(unsigned)(((int)(big[(unsigned)(in1[(unsigned)(ty) & 255u]) % 37u]))) & 255u])))) % (unsigned long long)(((((((unsigned long long)(((unsigned)(loc[(unsigned)(bid) & 7u]))))) & (255ull))) + (1ull)))]))));
    }
    out[o + 0] = (unsigned)(v0);
    out[o + 1] = (unsigned)(v1);
    out[o + 2] = (unsigned)dbits(v2); out[o + 3] = (unsigned)(dbits(v2) >> 32);
    out[o + 4] = (unsigned)(v3);
    out[o + 5] = fbits(v4);
    for (int k = 0; k < 8; k++) out[o + 6 + k] = (unsigned)loc[k];
    out[o + 14] = shpriv[tid];
    unsigned long long hb = 0;
    for (int k = 0; k < (int)(sizeof(big) / sizeof(big[0])); k++) hb = (hb * 0x100000001b3ull) ^ (unsigned long long)big[k];
    out[o + 15] = (unsigned)hb; out[o + 16] = (unsigned)(hb >> 32);
}
