// cuda_fuzz seed 5056 (generator version 2): scripts/cuda_fuzz.py, reference tests/cuda/cudafuzz.py
// nvcc-flags: -maxrregcount=32
// launch: grid [2, 1, 1], block [32, 3, 1]
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

__device__ __noinline__ unsigned f0(double p0, int p1, unsigned char p2, unsigned p3, double p4, unsigned char p5, double p6, unsigned char p7)
{
    long long l0 = (long long)(((long long)(((__double2float_rz(p6)) >= (((0.0f) / (0.0f)))))));
    float l1 = 1e-40f;
    for (int i1 = 0; i1 < (int)((((((int)(p3))) >> ((((int)(p5))) & 31))) & 7); i1++) {
        int i2 = 0;
        while (i2 < 3 && (((unsigned)(l0)))) {
            i2++;
            p7 = (unsigned char)((-843548428));
            p7 = (unsigned char)((((-4294967291ll)) ? (((int)(__brevll(((unsigned long long)(((((long long)(p5))) > (((long long)(p7)))))))))) : (((int)((unsigned)(((((long long)(p1))) < (((long long)(p3))))) - (unsigned)(((i1) || (((unsigned long long)(l0))))))))));
        }
    }
    return (unsigned)(((unsigned)((((~(((l0) & ((8205333683635458300ll)))))) < (((((unsigned)(((p3) && (16843009u))))) ? (((((long long)(p5))) ^ (((long long)(p5))))) : (((long long)(((int)(p7)))))))))));
}

__device__ __noinline__ unsigned long long w0(unsigned a, int b, unsigned m)
{
    long long l0 = (long long)(((long long)(((((int)((unsigned)((0)) + (unsigned)(b)))) <= ((~((3))))))));
    int c5 = (((((unsigned long long)(l0))) ^ (((unsigned long long)(a))))) != 0;
    unsigned m3 = __ballot_sync(m, c5);
    unsigned e4 = m & ~m3;
    if (c5) {
        int c8 = (((int)((unsigned)(((int)(a))) - (unsigned)(((int)((unsigned)(((((int)(a))) | (((int)(a))))) + (unsigned)(((((int)(l0))) ^ (b))))))))) != 0;
        unsigned m6 = __ballot_sync(m3, c8);
        unsigned e7 = m3 & ~m6;
        if (c8) {
            l0 = (long long)(((long long)(min((-1), ((int)(a))))));
            a = (unsigned)(udiv32(((max(((unsigned)(b)), ((unsigned)(b)))) + (((unsigned)(__brevll(((unsigned long long)(l0))))))), ((((unsigned)(__float2int_ru(3e38f)))) & (((unsigned)(l0))))));
            l0 = (long long)(((long long)(__ffs(((int)(a))))));
        } else {
            a = (unsigned)(__float2uint_rz(__uint2float_ru(((unsigned)(l0)))));
        }
    } else {
    }
    return (unsigned long long)(((unsigned long long)(f0(((1e-3) + (0.1)), ((int)((unsigned)(((int)(l0))) + (unsigned)((7)))), ((unsigned char)(((100.0f) >= (100.0f)))), umod32(((unsigned)(l0)), ((unsigned)(l0))), __fma_rn(1.0, __longlong_as_double(((long long)(b))), 0.0), ((unsigned char)(((int)(__float2ull_rn(nzf(1e-3f)))))), __fma_ru(-0.0, __ll2double_rz(((long long)(b))), 0.5), ((unsigned char)(smod32(((int)(l0)), (65535))))))));
}

extern "C" __global__ void __launch_bounds__(96) fz5056(const int *__restrict__ in0, const int *__restrict__ in1, unsigned *out, unsigned *cnt, unsigned long long *cnt64, unsigned *cnt2, float *fcnt, double *dcnt, unsigned *priv, unsigned long long *priv64, unsigned *gs, float *fpriv)
{
    __shared__ int sh[96], shw[96];
    __shared__ unsigned scnt[8];
    __shared__ unsigned scnt2[6], shpriv[96];
    __shared__ float sfcnt[2];
    __shared__ double shd[96];
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
    const int o = gid * 18;
    if (tid < 8) scnt[tid] = tid == 4 ? 0xffffffffu : 0u;
    int loc[8];
    for (int k = 0; k < 8; k++) loc[k] = in1[(gid + k) & 255];
    long long v0 = (long long)(((long long)((unsigned long long)(((long long)((unsigned long long)(((long long)(in1[(unsigned)(loc[(unsigned)(tid) & 7u]) & 255u]))) + (unsigned long long)((4886718345ll))))) + (unsigned long long)(((((unsigned long long)(ty))) ? (((long long)(lane))) : (((long long)(ty))))))));
    float v1 = __fmaf_rz(__double2float_rn(-2.25), __double2float_rd(9007199254740993.0), (-(1.0f)));
    signed char v2 = (signed char)(((int)((unsigned)(((loc[(unsigned)(loc[(unsigned)(tx) & 7u]) & 7u]) ? ((2147483647)) : (gid))) * (unsigned)(in0[(unsigned)(bid) & 255u]))));
    signed char v3 = (signed char)(((((int)(((unsigned long long)(in0[(unsigned)(loc[(unsigned)(tid) & 7u]) & 255u]))))) ^ (((int)(f0(9007199254740993.0, in0[(unsigned)(bid) & 255u], ((unsigned char)(loc[(unsigned)((539349683)) & 7u])), ((unsigned)(ty)), 1.7976931348623157e308, ((unsigned char)(in1[(unsigned)(ty) & 255u])), __int2double_rn((65535)), ((unsigned char)(tz))))))));
    float v4 = (-(__fmul_rz(0.0f, __ull2float_rd(((unsigned long long)(in1[(unsigned)((7)) & 255u]))))));
    unsigned char v5 = (unsigned char)(((((((long long)(loc[(unsigned)(ty) & 7u]))) ^ (((long long)(tx))))) < (((long long)(((1ull) || (((long long)(tx)))))))));
    unsigned long long v6 = (unsigned long long)(((unsigned long long)(((1.7976931348623157e308) == (((0.1) - (1.0)))))));
    __syncthreads();
    switch (((int)((unsigned)(((__popc(((unsigned)(max(((unsigned long long)(f0(-1e-310, ((int)(v0)), ((unsigned char)(((int)(v3)))), ((unsigned)(gid)), __ll2double_rn((9223372036854775807ll)), ((unsigned char)((7))), __ll2double_rz(((long long)(v3))), ((unsigned char)(((int)(v3))))))), ((unsigned long long)0 - (((unsigned long long)(in0[(unsigned)(in1[(unsigned)(lane) & 255u]) & 255u]))))))))) & ((7)))) + (unsigned)((1))))) {
    case 2: case 3: {
        if (((int)(__float2ull_rz(nzf(__fadd_rn(((1e-40f) * (-1.5f)), ((bid) ? (v4) : (v4)))))))) {
            for (int j9 = (int)gid; j9 < (int)(338); j9 += (int)(blockDim.x * blockDim.y * blockDim.z) * (int)(gridDim.x * gridDim.y * gridDim.z)) {
                gs[j9] = (unsigned)(umod32(((unsigned)(in1[(unsigned)((900214106)) & 255u])), 2173850353u));
            }
        }
        if (((unsigned)(__popc(((unsigned)(__hadd((3), sdiv32(ty, loc[(unsigned)(tid) & 7u])))))))) break;
    } break;
    case 8: {
    } break;
    case 1: case 7: {
        if (((int)(__double2uint_ru(-1e-310)))) {
            atomicAdd(&scnt64[0], (unsigned long long)(((unsigned long long)(__float2uint_rd(__frcp_rd(((v4) / (__int_as_float(in0[(unsigned)(in1[(unsigned)(((int)(v5))) & 255u]) & 255u])))))))));
            atomicAdd(&fcnt[1], (float)((unsigned)(umod32(__funnelshift_rc(((unsigned)(gid)), 2u, ((unsigned)(gid))), ((unsigned)(((long long)(v2)))))) & 63u) * 0.25f);
            v5 = (unsigned char)(atomicMax(&priv64[gid], (unsigned long long)(((((unsigned long long)((9223372036854775807ll)))) ^ (((unsigned long long)(v5)))))));
        } else {
            v5 = (unsigned char)(bid);
        }
    } break;
    case 5: {
        if ((((((((3ll)) ? (((long long)(tx))) : (((long long)(gid))))) ? (((((long long)(gid))) ? (((unsigned)(gid))) : (((unsigned)(loc[(unsigned)(ty) & 7u]))))) : (((unsigned)(v2))))) >> ((((unsigned)(__double2int_ru(((__ll2double_rn(((long long)(in1[(unsigned)(in0[(unsigned)(loc[(unsigned)(in1[(unsigned)((7)) & 255u]) & 7u]) & 255u]) & 255u])))) + (1.7976931348623157e308)))))) & 31))) {
            cas_max(&scnt[7], (unsigned)(((udiv32(((unsigned)(tz)), ((unsigned)(tx)))) >> ((((unsigned)(in1[(unsigned)(in0[(unsigned)(loc[(unsigned)(loc[(unsigned)(bid) & 7u]) & 7u]) & 255u]) & 255u]))) & 31))));
            v2 = (signed char)(((int)(__mul64hi(((long long)((unsigned long long)(((long long)(gid))) << ((((long long)(v2))) & 63))), ((long long)(((((long long)((unsigned long long)(((long long)(bid))) * (unsigned long long)(((long long)(ty)))))) <= (((long long)(__ffs((2147483647))))))))))));
            v5 = (unsigned char)(((int)(__funnelshift_r(2147483648u, ((unsigned)(in1[(unsigned)(loc[(unsigned)(ty) & 7u]) & 255u])), 31u))));
            int i10 = 0;
            while (i10 < 6 && (((long long)(__brev(((((long long)(gid))) ? (((unsigned)(v3))) : (((unsigned)(in1[(unsigned)((100)) & 255u]))))))))) {
                i10++;
                atomicAdd(&sfcnt[1], (float)((unsigned)(((unsigned)(((((long long)(in0[(unsigned)(loc[(unsigned)((1)) & 7u]) & 255u]))) >= (v0))))) & 63u) * 0.25f);
                v1 = ((in1[(unsigned)((1)) & 255u]) ? (v4) : (v4));
            }
        } else {
            for (size_t j11 = (size_t)gid; j11 < (size_t)(129); j11 += (size_t)(blockDim.x * blockDim.y * blockDim.z) * (size_t)(gridDim.x * gridDim.y * gridDim.z)) {
                gs[j11] = (unsigned)(2147483648u);
            }
        }
        int i12 = 0;
        while (i12 < 3 && (((long long)(min(((int)((unsigned)(((int)(v5))) + (unsigned)(loc[(unsigned)(in0[(unsigned)(((int)(v5))) & 255u]) & 7u]))), loc[(unsigned)(tid) & 7u]))))) {
            i12++;
            if (((long long)(tx))) {
                loc[(unsigned)(((i12) ? (lane) : ((2147483647)))) & 7u] = (int)(((int)(__funnelshift_lc(((unsigned)(((((unsigned long long)(i12))) || (((unsigned long long)(loc[(unsigned)(((int)(v2))) & 7u])))))), ((((unsigned)(in1[(unsigned)((65535)) & 255u]))) * (((unsigned)(in0[(unsigned)((100)) & 255u])))), ((unsigned)(((-1.5f) >= (v4))))))));
            }
            v6 = (unsigned long long)(((((unsigned long long)(v3))) + (((unsigned long long)((unsigned long long)(16748115455524798693ull) << ((0ull) & 63))))));
            int i13 = 0;
            while (i13 < 5 && (((v0) ? (((unsigned long long)(in0[(unsigned)(loc[(unsigned)(in0[(unsigned)(i13) & 255u]) & 7u]) & 255u]))) : (14311593234986291734ull)))) {
                i13++;
                if (((long long)((unsigned long long)(((long long)(gid))) << ((((long long)(v6))) & 63)))) continue;
                loc[(unsigned)(((int)(__funnelshift_l(((unsigned)(tx)), ((unsigned)(lane)), 16843009u)))) & 7u] = (int)(((loc[(unsigned)(lane) & 7u]) | (lane)));
            }
            v0 = (long long)(min(((long long)(v5)), ((long long)(v3))));
        }
    } break;
    case 4: case 6: {
    } /* falls through */
    }
    switch (((int)((unsigned)(((((((int)((unsigned)(((int)(v6))) + (unsigned)(loc[(unsigned)(bid) & 7u])))) & ((!((~((1ll)))))))) & ((7)))) + (unsigned)((10))))) {
    case 13: {
    } break;
    case 16: {
        v0 = (long long)(((long long)((unsigned long long)(((long long)(in0[(unsigned)(((int)(v6))) & 255u]))) - (unsigned long long)(((long long)(lane))))));
    } break;
    default: {
    } break;
    case 11: {
        if (umod32(((bid) ? (((unsigned)(gid))) : (((unsigned)(bid)))), ((((long long)(ty))) ? (((unsigned)(v0))) : (((unsigned)(loc[(unsigned)((2108416441)) & 7u])))))) {
            atomicAdd(&dcnt[0], (double)((unsigned)(((unsigned)(loc[(unsigned)(lane) & 7u]))) & 0xffffu) * 0.5);
            switch (((int)((unsigned)(((((tid) ^ (gid))) & ((7)))) + (unsigned)((-3))))) {
            case -3: {
            } break;
            default: {
            } /* falls through */
            case -2: case 4: {
                v6 = (unsigned long long)(__float2int_rz(atomicAdd(&fpriv[gid], fin(100.0f))));
                v6 = (unsigned long long)(umod64(((unsigned long long)((unsigned long long)(3467904239306933722ull) << ((((((unsigned long long)(v2))) ^ (((unsigned long long)(tx))))) & 63))), ((unsigned long long)(min(((int)((unsigned)(lane) + (unsigned)(((int)(v2))))), in1[(unsigned)((100)) & 255u])))));
            } break;
            }
        }
    } /* falls through */
    case 12: {
    } break;
    }
    __syncthreads();
    if (tid < 8) atomicAdd(&cnt[8 + tid], scnt[tid]);
    if (tid < 6) atomicAdd(&cnt2[8 + tid], scnt2[tid]);
    if (tid < 2) atomicAdd(&fcnt[2 + tid], sfcnt[tid]);
    if (tid < 8) atomicAdd(&cnt64[8 + tid], scnt64[tid]);
    v2 = (signed char)(((int)((unsigned)(((((bid) || ((335137415)))) >> ((__clzll(((long long)(tid)))) & 31))) * (unsigned)(((int)(((((unsigned)(gid))) >> ((16843009u) & 31))))))));
    if (((long long)((unsigned long long)0 - (unsigned long long)(((((unsigned)(v2))) ? ((7729505916125754024ll)) : (((long long)(loc[(unsigned)((2147483647)) & 7u])))))))) {
        v2 = (signed char)(atomicMax(&priv[gid], (unsigned)(((((((((unsigned)(loc[(unsigned)((-2147483647 - 1)) & 7u]))) * (1446160720u))) + (((unsigned)((unsigned)(((unsigned)(v0))) << ((((unsigned)(loc[(unsigned)(in1[(unsigned)((-2147483647 - 1)) & 255u]) & 7u]))) & 31)))))) - (((((((unsigned)(in1[(unsigned)(in0[(unsigned)(((int)(v3))) & 255u]) & 255u]))) - (((unsigned)(v3))))) >> ((((unsigned)(__float2ll_rd(nzf(__ll2float_rn(((long long)(loc[(unsigned)(in0[(unsigned)(in0[(unsigned)(((int)(v0))) & 255u]) & 255u]) & 7u])))))))) & 31)))))));
    }
    v2 = (signed char)(((int)(__float2ll_rn(nzf(__int2float_ru(((int)(v3))))))));
    out[o + 0] = (unsigned)(v0); out[o + 1] = (unsigned)((unsigned long long)(v0) >> 32);
    out[o + 2] = fbits(v1);
    out[o + 3] = (unsigned)(v2);
    out[o + 4] = (unsigned)(v3);
    out[o + 5] = fbits(v4);
    out[o + 6] = (unsigned)(v5);
    out[o + 7] = (unsigned)(v6); out[o + 8] = (unsigned)((unsigned long long)(v6) >> 32);
    for (int k = 0; k < 8; k++) out[o + 9 + k] = (unsigned)loc[k];
    out[o + 17] = shpriv[tid];
}
