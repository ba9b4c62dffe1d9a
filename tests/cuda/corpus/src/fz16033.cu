// cuda_fuzz seed 16033 (generator version 3): scripts/cuda_fuzz.py, reference tests/cuda/cudafuzz.py
// launch: grid [2, 1, 1], block [8, 4, 2]
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

__device__ __noinline__ unsigned long long f0(unsigned long long p0, unsigned char p1, unsigned char p2)
{
    float l0 = __fdiv_rd(1e20f, fmaf(__int2float_rz(((int)(p2))), 1.0f, __ull2float_rz(p0)));
    long long l1 = (long long)((0ll));
    switch (((int)((unsigned)(((int)((unsigned)(((((int)(((unsigned long long)((unsigned long long)(((unsigned long long)(p2))) / (unsigned long long)((unsigned long long)(((unsigned long long)(p1))) | (unsigned long long)1)))))) & ((15)))) * (unsigned)((1048576))))) + (unsigned)((-35))))) {
    case 4194269: {
    } /* falls through */
    case -35: case 14680029: {
        int i1 = 0;
        while (i1 < 7 && (((long long)(((int)((int)((int)(((int)((int)((int)((3)) >> 1) % (int)((int)(((int)(p0))) | (int)1)))) >> 1) / (int)((int)(__hadd(((int)((int)(((int)(p2))) % (int)(((int)(i1) & (int)~1) | (int)2))), i1)) | (int)1))))))) {
            i1++;
            p0 = (unsigned long long)(((unsigned long long)(__uhadd(((unsigned)(((4.9e-324) <= (0.0)))), max(((((unsigned)(l1))) ^ (((unsigned)(p0)))), ((unsigned)(i1)))))));
        }
    } break;
    case 2097117: {
    } /* falls through */
    default: {
    } break;
    case 11534301: case 13631453: {
    } break;
    }
    return (unsigned long long)(((unsigned long long)(((long long)((long long)((long long)((3ll)) >> 1) / (long long)((long long)(((((long long)(p1))) ^ (((11400714819323198485ull) ? (l1) : (((long long)(p2))))))) | (long long)1))))));
}

__device__ __noinline__ int p0(int a, unsigned b)
{
    long long l0 = (long long)(((long long)((unsigned long long)((-4294967291ll)) + (unsigned long long)(((((long long)(a))) & (((long long)(b))))))));
    unsigned long long l1 = (unsigned long long)(((unsigned long long)(((unsigned)((unsigned)(((2u) ^ (((unsigned)(a))))) / (unsigned)((unsigned)(((unsigned)(a))) | (unsigned)1))))));
    switch (((int)((unsigned)(((int)((unsigned)(((((int)(l0))) & ((15)))) * (unsigned)((3))))) + (unsigned)((-16))))) {
    case 29: {
        if (((long long)(dbits(__dsqrt_ru(fabs(-2.25)))))) {
            l0 = (long long)(((((unsigned long long)(a))) ? (((long long)(l1))) : (((long long)(l1)))));
        }
    } break;
    case -7: {
    } break;
    case 20: {
    } break;
    case -16: case -10: {
    } break;
    case -4: {
    } /* falls through */
    }
    return (int)(((int)(b)));
}

__device__ __noinline__ int p1(int a, unsigned b)
{
    unsigned long long l0 = (unsigned long long)(((((unsigned long long)(__float2int_rd(1e-3f)))) >> ((((((unsigned long long)(a))) * (((unsigned long long)(a))))) & 63)));
    int l1 = (int)(((((long long)((unsigned long long)(((long long)(b))) + (unsigned long long)(((long long)(a)))))) == (((long long)(a)))));
    if (((int)(((signed char)((signed char)(((__ffsll(((long long)(b)))) ? (((1ull) != (l0))) : ((((1)) & (a))))) / (signed char)(((signed char)(((int)(__uhadd(((unsigned)(((long long)((long long)((long long)(((long long)(b))) >> 1) / (long long)((long long)((-1919920331290411179ll)) | (long long)1))))), ((unsigned)(((__int_as_float((-128))) >= (3e38f)))))))) & (signed char)~1) | (signed char)2)))))) {
        {
            int i3 = 0;
            while (i3 < 1 && (((unsigned)(((unsigned long long)((unsigned long long)(((unsigned long long)(((((long long)(((((unsigned)(i3))) <= (((unsigned)(l0))))))) != (((long long)(__rhadd(((int)(l0)), ((int)(l0)))))))))) % (unsigned long long)((unsigned long long)(((unsigned long long)(max(((unsigned)((unsigned)(((unsigned)(l1))) % (unsigned)((unsigned)(b) | (unsigned)1))), __byte_perm(1629227724u, ((unsigned)(l1)), (((unsigned)(a))) & 0x7777u))))) | (unsigned long long)1))))))) {
                i3++;
                for (int i4 = 0; i4 < (int)((((int)((unsigned)(l1) << ((((int)(l0))) & 31)))) & 7); i4++) {
                    if (((((((unsigned long long)((unsigned long long)(((unsigned long long)(i3))) / (unsigned long long)((unsigned long long)(((unsigned long long)(a))) | (unsigned long long)1)))) * (((unsigned long long)(__popcll(1ull)))))) | (((unsigned long long)(i3))))) break;
                    a = (int)(i3);
                    if (((((int)((unsigned)(i4) - (unsigned)(l1)))) ^ (((int)(((unsigned long long)(((i4) < ((1103030373)))))))))) goto L2;
                }
                for (int i5 = 0; i5 < (int)((((((int)(((long long)((long long)((long long)(((((long long)(__float2uint_rn(0.0f)))) | (((long long)(__popc(((unsigned)(i3)))))))) >> 1) / (long long)((long long)(((((long long)(((unsigned long long)((unsigned long long)(((unsigned long long)(a))) % (unsigned long long)((unsigned long long)(((unsigned long long)(i3))) | (unsigned long long)1)))))) & (((((long long)(l0))) ? (((long long)(l0))) : (((long long)(l0))))))) | (long long)1)))))) & ((3)))) & 7); i5++) {
                    for (int i6 = 0; i6 < (int)((((((int)((unsigned)0 - (unsigned)(((int)(min(((long long)((unsigned long long)(((long long)(b))) * (unsigned long long)((1709053824144458111ll)))), (((-8570351161632107206ll)) ? (((long long)(l0))) : (((long long)(l0))))))))))) & ((3)))) & 7); i6++) {
                        if (((((5u) ? (b) : (((((unsigned)(i5))) + (((unsigned)(l0))))))) ? (((unsigned)(l0))) : (((unsigned)(f0(((unsigned long long)(min(i5, (31)))), ((unsigned char)(((i6) ? (a) : (((int)(b)))))), ((unsigned char)(__hadd(i3, ((int)(l0))))))))))) goto L2;
                    }
                }
            }
        }
L2:;
    }
    return (int)(((((((unsigned)(a))) ^ (((unsigned)(l1))))) ? (smod32(a, ((int)(b)))) : (((int)((unsigned)(a) + (unsigned)(a))))));
}

__device__ __noinline__ int p2(int a, unsigned b)
{
    unsigned l0 = (unsigned)(((unsigned)(((((((unsigned long long)(a))) ^ (((unsigned long long)(a))))) && (a)))));
    int l1 = (int)(((((int)(((unsigned long long)((unsigned long long)(((unsigned long long)(a))) % (unsigned long long)((unsigned long long)(((unsigned long long)(a))) | (unsigned long long)1)))))) >> ((((int)(__mul64hi(((long long)(b)), (3ll))))) & 31)));
    l0 = (unsigned)(((unsigned)(__hadd(((((int)(b))) | (a)), __ffsll(((long long)(b)))))));
    return (int)(((int)((unsigned)(((int)(min((6602885870740130483ll), ((long long)(l1)))))) << ((((int)(f0(((unsigned long long)(a)), ((unsigned char)((-1387955608))), ((unsigned char)(l1)))))) & 31))));
}

__device__ __noinline__ int p3(int a, unsigned b)
{
    int l0 = (int)(sabs32((((7865452168444823839ll)) < (((long long)(b))))));
    unsigned l1 = (unsigned)(((unsigned)(a)));
    switch (((int)((unsigned)(((((((long long)((unsigned long long)(((long long)((unsigned long long)0 - (unsigned long long)(((long long)(l0)))))) << ((((long long)((unsigned long long)((-9223372036854775807ll - 1)) << (((4886718345ll)) & 63)))) & 63)))) ? (((int)(__double2ull_ru(nzd(-2.25))))) : (((b) == (((unsigned)(((((unsigned)(a))) == (((unsigned)(l0))))))))))) & ((7)))) + (unsigned)((10))))) {
    case 13: {
        if (((int)((unsigned)0 - (unsigned)((100))))) return (int)(((((unsigned long long)(b))) == (((unsigned long long)(a)))));
    } break;
    case 10: case 15: {
        {
            int i8 = 0;
            do {
                i8++;
                l1 = (unsigned)(((((unsigned)(((((unsigned)(i8))) != (((unsigned)(i8))))))) ? (((unsigned)(__brevll(((unsigned long long)(l0)))))) : (((unsigned)(__mulhi(l0, (648456585)))))));
                for (int i9 = 0; i9 < (int)(((((((2)) | (((int)(b))))) & ((3)))) & 7); i9++) {
                    for (int i10 = 0; i10 < (int)((a) & 7); i10++) {
                        l1 = (unsigned)(((__clz(((i9) | (a)))) ? (udiv32(((unsigned)(i9)), ((((unsigned)(i8))) ^ (((unsigned)(a)))))) : (((((unsigned)((((1ll)) <= (((long long)(l0))))))) + (((unsigned)(f0(((unsigned long long)(a)), ((unsigned char)((938775182))), ((unsigned char)(i9))))))))));
                    }
                    for (int i11 = 0; i11 < (int)(((((((1615722193)) | ((1513122461)))) & ((3)))) & 7); i11++) {
                        if (((unsigned)(((int)(b))))) goto L7;
                    }
                }
            } while (i8 < 1 && ((((-5252294334963512839ll)) ? (255u) : (31u))));
        }
L7:;
    } break;
    case 14: {
    } break;
    case 16: {
    } break;
    default: {
    } break;
    case 11: case 12: {
    } /* falls through */
    case 17: {
    } break;
    }
    return (int)(((int)((unsigned)(((int)(((long long)(b))))) << ((((int)(((long long)((long long)((long long)(((long long)(a))) >> 1) / (long long)((long long)(((long long)(a))) | (long long)1)))))) & 31))));
}

__device__ int (*ftg[4])(int, unsigned) = {p1, p2, p3, p2};

extern "C" __global__ void __launch_bounds__(64) fz16033(const int *__restrict__ in0, const int *__restrict__ in1, unsigned *__restrict__ out, unsigned *__restrict__ cnt, unsigned long long *__restrict__ cnt64, unsigned *__restrict__ cnt2, float *__restrict__ fcnt, double *__restrict__ dcnt, unsigned *__restrict__ priv, unsigned long long *__restrict__ priv64, unsigned *__restrict__ gs, float *__restrict__ fpriv)
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
    const int o = gid * 21;
    if (tid < 8) scnt[tid] = tid == 4 ? 0xffffffffu : 0u;
    int loc[8];
    for (int k = 0; k < 8; k++) loc[k] = in1[(gid + k) & 255];
    long long big[37];
    for (int k = 0; k < 37; k++) big[k] = (long long)in0[(gid * 3 + k) & 255] * (k + 1);
    int (*ftl[4])(int, unsigned) = {p1, p2, p3, p2};
    long long v0 = (long long)(((long long)(max(((unsigned)(loc[(unsigned)((-491788038)) & 7u])), (((64ll)) ? (((unsigned)(big[(unsigned)(in1[(unsigned)(in0[(unsigned)(ty) & 255u]) & 255u]) % 37u]))) : (4294967295u))))));
    unsigned char v1 = (unsigned char)(((int)((unsigned)(((gid) >> ((in1[174ll + (long long)(((long long)(__ffs(gid)))) % (long long)(((long long)((unsigned long long)(((((long long)(lane))) & ((31ll)))) + (unsigned long long)((1ll)))))]) & 31))) * (unsigned)(((int)(((unsigned long long)((unsigned long long)(((unsigned long long)(in0[(unsigned)(in1[(unsigned)((-1)) & 255u]) & 255u]))) / (unsigned long long)((unsigned long long)(((unsigned long long)(in1[(unsigned)(loc[(unsigned)(gid) & 7u]) & 255u]))) | (unsigned long long)1)))))))));
    bool v2 = ((((__double2int_rz(4.9e-324)) >> ((((int)((unsigned)(tx) + (unsigned)(tid)))) & 31))) != 0);
    short v3 = (short)(p0(((((unsigned)(in1[(unsigned)(gid) & 255u]))) && ((0ll))), ((unsigned)(__float2ull_rd(nzf(0.5f))))));
    bool v4 = ((((((unsigned long long)((((688846313865915643ll)) <= (((long long)(in0[(unsigned long long)(((((unsigned long long)(((const volatile int *)in1)[(unsigned)(loc[(unsigned)((2)) & 7u]) & 255u]))) * (((unsigned long long)(big[(unsigned)(tz) % 37u]))))) % (unsigned long long)(((((((unsigned long long)(((unsigned)(in0[(unsigned)(tx) & 255u]))))) & (255ull))) + (1ull)))]))))))) >= (((unsigned long long)(max(((unsigned)(in1[(unsigned)((1)) & 255u])), ((unsigned)(loc[(unsigned)(bid) & 7u])))))))) != 0);
    double v5 = (double)(__drcp_rn(0.5));
    double v6 = (double)(((((double)(-7.0f))) - (((in0[(unsigned)(in0[(unsigned)(in0[(unsigned)((-2147483647 - 1)) & 255u]) & 255u]) & 255u]) ? (9007199254740993.0) : (__hiloint2double(in0[(unsigned)((-532418884)) & 255u], tx))))));
    __syncthreads();
    atomicOr(&scnt[2], (unsigned)(((unsigned)(((((((v6) + (__uint2double_rn(((unsigned)(in0[(unsigned)((-128)) & 255u])))))) - (4.9e-324))) == (((double)(((unsigned long long)((((-1201754090)) < (gid))))))))))));
    __syncwarp(0xffffffffu);
    int c14 = (((unsigned)(v1))) != 0;
    unsigned m12 = __ballot_sync(0xffffffffu, c14);
    unsigned e13 = 0xffffffffu & ~m12;
    if (c14) {
        if (((((long long)(((((((long long)(tid))) & (((long long)(tx))))) >= (((((long long)(gid))) ^ (((long long)(loc[(unsigned)((589872366)) & 7u]))))))))) ? (((long long)(__funnelshift_lc(((4219074535u) >> ((((unsigned)(bid))) & 31)), ((unsigned)(ftl[(unsigned)(ty) & 3u](__ldg(&in1[(unsigned)((1887550637)) & 255u]), ((unsigned)(v2))))), ((unsigned)((unsigned)(((unsigned)(v1))) << ((1244804026u) & 31))))))) : (((long long)(((unsigned)(in0[(unsigned)((555061047)) & 255u]))))))) {
            if (((((unsigned long long)(gid))) ? (((unsigned)(min(((long long)(__ldg(&in1[(unsigned)(tz) & 255u]))), (3708270059198111468ll))))) : (udiv32(((unsigned)(lane)), ((unsigned)(tz)))))) {
                loc[(unsigned)(((1.0f) != (0.1f))) & 7u] = (int)(((int)(dbits(__ll2double_ru((7077677074502570132ll))))));
                v1 = (unsigned char)(((int)(__umulhi(umod32(((unsigned)(loc[(unsigned)(((int)(v3))) & 7u])), ((unsigned)(gid))), ((unsigned)(((((unsigned)(v4))) || (((int)(v4))))))))));
            } else {
                atomicAdd(&sfcnt[0], (float)((unsigned)(((unsigned)(__mulhi(((int)(((short)((short)((short)(((int)(v4))) >> 1) / (short)((short)(in0[(unsigned)(in1[(unsigned)(((int)(v4))) & 255u]) & 255u]) | (short)1))))), ((((long long)(in0[(unsigned long long)(((((unsigned)(loc[(unsigned)((7)) & 7u]))) ? (((unsigned long long)(v1))) : (((unsigned long long)(in1[(unsigned)((1)) & 255u]))))) % (unsigned long long)(((((((unsigned long long)(((unsigned)(v2))))) & (255ull))) + (1ull)))]))) ? ((-1812456193)) : ((-1478430449))))))) & 63u) * 0.25f);
            }
            v5 = (double)(atomicAdd(&fpriv[gid], fin(-7.0f)));
        } else {
            atomicAdd(&fcnt[0], (float)((unsigned)(((((unsigned)(((((unsigned)(loc[(unsigned)(((int)(v1))) & 7u]))) > (((unsigned)(in0[(unsigned)(in0[(unsigned long long)(((unsigned long long)(__sad(lane, in1[(unsigned)(loc[(unsigned)(((int)(v1))) & 7u]) & 255u], 5u)))) % (unsigned long long)(((((((unsigned long long)(((unsigned)(v3))))) & (255ull))) + (1ull)))]) & 255u]))))))) >> ((((unsigned)(v4))) & 31))) & 63u) * 0.25f);
            for (int i15 = 0; i15 < (int)((loc[(unsigned)(__ldg(&in0[(unsigned)(((int)(big[(unsigned)((3)) % 37u]))) & 255u])) & 7u]) & 7); i15++) {
                atomicInc(&cnt2[0], 0xffffffffu);
                v1 = (unsigned char)(p2(((int)(__umulhi(((((long long)(ty))) ? (((unsigned)(in0[(unsigned long long)(((64ull) + (((unsigned long long)(i15))))) % (unsigned long long)(((((((unsigned long long)(((unsigned)(v1))))) & (255ull))) + (1ull)))]))) : (((unsigned)(v2)))), ((((unsigned)(loc[(unsigned)(i15) & 7u]))) ^ (1u))))), ((unsigned)(in0[(unsigned)(in0[(unsigned)((2)) & 255u]) & 255u]))));
            }
        }
    } else {
        v3 = (short)(((int)(max(4294967296ull, umod64(4294967296ull, 14379280637540543699ull)))));
    }
    __syncwarp();
    v2 = ((__activemask()) != 0);
    __syncwarp(0xffffffffu);
    v1 = (unsigned char)(atomicDec(&priv[gid], (unsigned)(1u)));
    int u16 = 0;
    do {
        u16++;
        v2 = ((__shfl_sync(0xffffffffu, ((__ldg(&in0[(unsigned)(loc[(unsigned)(gid) & 7u]) & 255u])) ? (gid) : ((255))), lane, 16)) != 0);
        int i17 = 0;
        while (i17 < 2 && (((unsigned)(p2(ftg[(unsigned)(loc[(unsigned)(in0[(unsigned)(((const volatile int *)in0)[(unsigned)(u16) & 255u]) & 255u]) & 7u]) & 3u](loc[(unsigned)((255)) & 7u], ((unsigned)(ty))), ((unsigned)(__ffsll((5488284982752177087ll))))))))) {
            i17++;
            v3 = (short)(atomicOr(&priv64[gid], (unsigned long long)(((umod64(((unsigned long long)(v3)), ((unsigned long long)(in0[(unsigned)(in1[(unsigned)(loc[(unsigned)(loc[(unsigned)(((int)(big[(unsigned)(u16) % 37u]))) & 7u]) & 7u]) & 255u]) & 255u])))) * (((unsigned long long)(in1[(unsigned)(in0[(unsigned)(in0[(unsigned)(in1[152ll + (long long)(((long long)(ty))) % (long long)(((long long)((unsigned long long)(((((long long)(((int)(v2))))) & ((31ll)))) + (unsigned long long)((1ll)))))]) & 255u]) & 255u]) & 255u])))))));
            atomicXor(&scnt[3], (unsigned)(255u));
            switch (((int)((unsigned)(((sdiv32(p0(in0[(unsigned)(u16) & 255u], ((unsigned)(in1[(unsigned)((1)) & 255u]))), ((int)(__mul64hi(((((long long)(v3))) ^ (big[(unsigned)(in1[(unsigned)(__ldg(&in1[(unsigned)(gid) & 255u])) & 255u]) % 37u])), ((long long)(((int)(v3))))))))) & ((7)))) + (unsigned)((0))))) {
            case 3: case 5: {
            } break;
            case 4: {
            } break;
            case 2: {
            } break;
            case 0: {
            } break;
            default: {
            } break;
            case 6: case 7: {
            } break;
            case 1: {
            } break;
            }
        }
    } while (u16 < 2 && !__any_sync(0xffffffffu, (int)(((((((unsigned long long)(loc[(unsigned)(((const volatile int *)in1)[(unsigned)(in1[(unsigned)(loc[(unsigned)(loc[(unsigned)((255)) & 7u]) & 7u]) & 255u]) & 255u]) & 7u]))) ? (((unsigned long long)(in0[(unsigned)(loc[(unsigned)((255)) & 7u]) & 255u]))) : (((unsigned long long)(v3))))) | (((unsigned long long)(__ffs((255)))))))));
    __syncthreads();
    if (tid < 8) atomicAdd(&cnt[8 + tid], scnt[tid]);
    if (tid < 6) atomicAdd(&cnt2[8 + tid], scnt2[tid]);
    if (tid < 2) atomicAdd(&fcnt[2 + tid], sfcnt[tid]);
    if (tid < 8) atomicAdd(&cnt64[8 + tid], scnt64[tid]);
    atomicInc(&cnt2[0], 0xffffffffu);
    v5 = (double)(atomicAdd(&fpriv[gid], fin((-(3e38f)))));
    v3 = (short)(atomicMin((int *)&shpriv[tid], (int)(((unsigned)((65535))))));
    atomicAdd(&dcnt[0], (double)((unsigned)(((unsigned)0 - (((unsigned)(v2))))) & 0xffffu) * 0.5);
    out[o + 0] = (unsigned)(v0); out[o + 1] = (unsigned)((unsigned long long)(v0) >> 32);
    out[o + 2] = (unsigned)(v1);
    out[o + 3] = (unsigned)(v2);
    out[o + 4] = (unsigned)(v3);
    out[o + 5] = (unsigned)(v4);
    out[o + 6] = (unsigned)dbits(v5); out[o + 7] = (unsigned)(dbits(v5) >> 32);
    out[o + 8] = (unsigned)dbits(v6); out[o + 9] = (unsigned)(dbits(v6) >> 32);
    for (int k = 0; k < 8; k++) out[o + 10 + k] = (unsigned)loc[k];
    out[o + 18] = shpriv[tid];
    unsigned long long hb = 0;
    for (int k = 0; k < (int)(sizeof(big) / sizeof(big[0])); k++) hb = (hb * 0x100000001b3ull) ^ (unsigned long long)big[k];
    out[o + 19] = (unsigned)hb; out[o + 20] = (unsigned)(hb >> 32);
}
