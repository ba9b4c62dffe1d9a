// cuda_fuzz seed 3018 (generator version 1): scripts/cuda_fuzz.py, reference tests/cuda/cudafuzz.py
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

__device__ __noinline__ long long f0(unsigned a, int b, int d)
{
    int l0 = (int)(b);
    unsigned long long l1 = (unsigned long long)(((unsigned long long)(__funnelshift_l(((unsigned)(min(b, b))), ((((unsigned)(b))) * (a)), __funnelshift_r(32u, ((unsigned)(b)), ((unsigned)(b)))))));
    unsigned l2 = (unsigned)(((unsigned)((unsigned)(((65535u) >> ((a) & 31))) << ((((((unsigned)(b))) >> ((1975294675u) & 31))) & 31))));
    if (((d) <= ((0)))) return (long long)(((long long)(__funnelshift_l(((unsigned)(l0)), ((unsigned)0 - (l2)), ((844938143u) ? (a) : (a))))));
    for (int i1 = 0; i1 < (int)((((b) | (b))) & 7); i1++) {
        if (((int)((unsigned)((((((1665417663)) | (((int)(l1))))) == (((int)((unsigned)0 - (unsigned)(i1)))))) + (unsigned)((((((32)) ? (((unsigned long long)(i1))) : (((unsigned long long)(l2))))) != (((((unsigned long long)(a))) >> ((((unsigned long long)(a))) & 63)))))))) {
            if (i1) return (long long)(((long long)(l2)));
            if (((int)(__float2uint_rz(fminf(__fmul_rn(__int2float_rn((31)), 3.25f), __fmaf_rn(0.5f, 1.0f, -7.0f)))))) break;
        } else {
            l1 = (unsigned long long)(((((unsigned long long)(i1))) ^ (((unsigned long long)(l2)))));
        }
    }
    l2 = (unsigned)(((unsigned)(f0(umod32(l2, ((unsigned)(l1))), ((int)((unsigned)((~((-128)))) - (unsigned)(((int)(a))))), ((int)((unsigned)(d) - (unsigned)((1))))))));
    return (long long)(((long long)(((((long long)(a))) <= (((long long)((unsigned long long)((3ll)) - (unsigned long long)((-1111007350814275438ll)))))))));
}

__device__ __noinline__ unsigned f1(unsigned a, int b)
{
    unsigned l0 = (unsigned)(((unsigned)0 - (((unsigned)(((b) || (((int)(a)))))))));
    b = (int)(((int)((unsigned)(((((2881891365u) ? (b) : ((-1881055200)))) & (((int)((unsigned)((0)) << ((((int)(a))) & 31)))))) + (unsigned)(((int)(__usad(((unsigned)(((((unsigned long long)(b))) > (4294967296ull)))), ((1u) ^ (a)), ((unsigned)((9223372036854775807ll))))))))));
    if (((unsigned long long)(l0))) {
    }
    return (unsigned)(max(((unsigned)(((long long)((unsigned long long)(((long long)(a))) + (unsigned long long)(((long long)(a))))))), ((((l0) ^ (a))) ^ (4294967295u))));
}

__device__ __noinline__ long long w0(unsigned a, int b, unsigned m)
{
    long long l0 = (long long)(((long long)((unsigned long long)(((long long)(__ffsll(((long long)(a)))))) + (unsigned long long)(((long long)((unsigned long long)(((long long)(a))) + (unsigned long long)(((long long)(a)))))))));
    switch (((int)((unsigned)(((int)((unsigned)(((((((int)((unsigned)((1)) + (unsigned)(((int)(a)))))) != (((int)(l0))))) & ((15)))) * (unsigned)((1048576))))) + (unsigned)((2))))) {
    case 11534338: {
        switch (((int)((unsigned)(((int)((unsigned)(((((int)((unsigned)(((((unsigned long long)(a))) != (4294967296ull))) + (unsigned)(((((unsigned long long)(a))) ? (b) : (b)))))) & ((15)))) * (unsigned)((3))))) + (unsigned)((-23))))) {
        case 19: {
        } break;
        case -14: case 4: {
        } break;
        case -20: case 10: {
        } break;
        case -5: {
        } break;
        default: {
        } break;
        case 16: {
        } break;
        case -17: case 22: {
        } break;
        case 1: {
        } break;
        case 13: {
        } break;
        }
    } break;
    case 9437186: {
    } break;
    case 5242882: {
    } /* falls through */
    case 6291458: case 8388610: {
    } break;
    case 3145730: case 4194306: {
    } break;
    }
    return (long long)(((long long)((unsigned long long)(f0(a, ((int)(a)), ((((int)(l0))) & ((3))))) + (unsigned long long)(((long long)(f1(a, ((int)(a)))))))));
}

__device__ __noinline__ int w1(unsigned a, int b, unsigned m)
{
    unsigned long long l0 = (unsigned long long)(((unsigned long long)(b)));
    unsigned l1 = (unsigned)(((unsigned)((((3)) >= (((int)(__float2uint_rz(__int2float_rn((-2147483647 - 1))))))))));
    if (((((int)((unsigned)(((int)((unsigned)(b) + (unsigned)((3))))) * (unsigned)(((((int)(l1))) ^ (((int)(l1)))))))) >> (((((8020071296189921613ll)) || (((int)(__uhadd(((unsigned)(l0)), 16843009u)))))) & 31))) {
        a = (unsigned)(((unsigned)(((__int2float_rn(b)) == (__int2float_rn(((int)(l1))))))));
        int i2 = 0;
        while (i2 < 7 && (((long long)(umod32(((unsigned)(__mul64hi((9223372036854775807ll), (-1ll)))), ((a) | (((unsigned)(i2))))))))) {
            i2++;
            a = (unsigned)(((unsigned)(l0)));
            b = (int)(((((((unsigned long long)(__float2int_rn(__int2float_rn(b))))) * (((unsigned long long)(((a) || (2u))))))) ? (((int)(l0))) : (((int)(fbits(__fmul_rn(__int2float_rn(i2), 0.0f)))))));
        }
    }
    return (int)(((int)(l1)));
}

extern "C" __global__ void __launch_bounds__(64) fz3018(const int *__restrict__ in0, const int *__restrict__ in1, unsigned *out, unsigned *cnt, unsigned long long *cnt64)
{
    __shared__ int sh[64], shw[64];
    __shared__ unsigned scnt[8];
    const int tid = threadIdx.x, gid = blockIdx.x * blockDim.x + threadIdx.x, lane = tid & 31;
    const int o = gid * 16;
    if (tid < 8) scnt[tid] = tid == 4 ? 0xffffffffu : 0u;
    int loc[8];
    for (int k = 0; k < 8; k++) loc[k] = in1[(gid + k) & 255];
    unsigned char v0 = (unsigned char)(((((long long)((unsigned long long)(((long long)(lane))) + (unsigned long long)((4294967296ll))))) || (((unsigned)(__rhadd(lane, in0[(unsigned)(lane) & 255u]))))));
    float v1 = 1e-40f;
    int v2 = (int)(((((unsigned)(__popc(((unsigned)(in0[(unsigned)((949130859)) & 255u])))))) ? (((in0[(unsigned)((0)) & 255u]) ^ (in0[(unsigned)((0)) & 255u]))) : ((~((255))))));
    unsigned char v3 = (unsigned char)((((((32)) ? (1e-3f) : (1e-3f))) <= (__fmul_rn(__int2float_rn(in0[(unsigned)(in1[(unsigned)(in1[(unsigned)((0)) & 255u]) & 255u]) & 255u]), __int2float_rn(in1[(unsigned)((31)) & 255u])))));
    bool v4 = ((((int)(__byte_perm(((unsigned)(max(64ull, ((unsigned long long)(gid))))), __float2uint_rz(0.0f), (((((unsigned)(in1[(unsigned)(in1[(unsigned)((646878697)) & 255u]) & 255u]))) | (((unsigned)(in0[(unsigned)(in0[(unsigned)(in0[(unsigned)((2147483647)) & 255u]) & 255u]) & 255u]))))) & 0x7777u)))) != 0);
    float v5 = __fmul_rn(__fsub_rn(__int2float_rn((274998371)), 1e20f), __fsub_rn(__int2float_rn(tid), -1.5f));
    unsigned char v6 = (unsigned char)(smod32(((int)((unsigned)(loc[(unsigned)(in1[(unsigned)(loc[(unsigned)(lane) & 7u]) & 255u]) & 7u]) << (((65535)) & 31))), (1)));
    int v7 = (int)(((__mulhi(gid, gid)) & (((int)((unsigned)0 - (unsigned)(lane))))));
    __syncthreads();
    int i3 = 0;
    while (i3 < 4 && (((int)(f0(1824208559u, in0[(unsigned)(in1[(unsigned)(loc[(unsigned)(loc[(unsigned)(((int)(v4))) & 7u]) & 7u]) & 255u]) & 255u], ((i3) & ((3)))))))) {
        i3++;
        v5 = 3.25f;
        v4 = ((i3) != 0);
        loc[(unsigned)(((int)((unsigned)(gid) - (unsigned)((32))))) & 7u] = (int)(((((unsigned long long)(fbits(1.0f)))) ? (((loc[(unsigned)((0)) & 7u]) ^ (tid))) : ((2147483647))));
        if (((((unsigned)(((((unsigned long long)(__funnelshift_lc(((unsigned)(tid)), 3765627224u, ((unsigned)(v7)))))) > (((unsigned long long)(__clz(loc[(unsigned)(((int)(v6))) & 7u])))))))) ? (((long long)(__clz(in0[(unsigned)(((int)(v6))) & 255u])))) : (((long long)(((((unsigned)(__ffsll(((long long)(tid)))))) < (((unsigned)0 - (((unsigned)(loc[(unsigned)(((int)(v6))) & 7u]))))))))))) {
            v1 = __fmul_rn(v1, __fsub_rn(__fmul_rn(v5, __int2float_rn(gid)), 0.0f));
            int i4 = 0;
            while (i4 < 6 && (((long long)(__float2int_ru(__uint2float_rn(((unsigned)(lane)))))))) {
                i4++;
                loc[(unsigned)(((v2) & (in1[(unsigned)((7)) & 255u]))) & 7u] = (int)(((int)(((unsigned)(__float2int_rd(3e38f))))));
                v5 = ((((int)(v6))) ? (v1) : ((-(__int2float_rn(v2)))));
                v0 = (unsigned char)(((int)((unsigned)(((int)(f1(1u, ((int)(f1(((unsigned)(tid)), tid))))))) << ((((((unsigned long long)(i4))) != (((4294967295ull) & (((unsigned long long)(tid))))))) & 31))));
                v7 = (int)(((((int)((unsigned)0 - (unsigned)(i3)))) >> ((i3) & 31)));
                if (((int)(__uhadd(((unsigned)(loc[(unsigned)(in1[(unsigned)(gid) & 255u]) & 7u])), ((unsigned)(v0)))))) break;
            }
            if (((unsigned long long)0 - (((((unsigned long long)(gid))) - (16539292108260881783ull))))) {
                v3 = (unsigned char)(loc[(unsigned)(((int)(v3))) & 7u]);
                cas_add(&cnt[6], (unsigned)(((((unsigned)(((unsigned long long)(in0[(unsigned)(v2) & 255u]))))) - (((((((unsigned)(v0))) ^ (((unsigned)(in1[(unsigned)(loc[(unsigned)(in0[(unsigned)(in1[(unsigned)(((int)(v3))) & 255u]) & 255u]) & 7u]) & 255u]))))) >> ((((unsigned)(in0[(unsigned)(gid) & 255u]))) & 31))))));
                v1 = 1e-40f;
            } else {
                atomicOr(&scnt[2], (unsigned)(((((((unsigned)(v2))) ^ (((unsigned)(tid))))) + (((((unsigned)(v7))) ^ (((unsigned)(tid))))))));
                v4 = ((__float2int_ru((-(v5)))) != 0);
                v3 = (unsigned char)(((int)(fbits(fmaxf(v5, __fmul_rn(v1, v1))))));
            }
        }
    }
    for (int i5 = 0; i5 < (int)((((fminf(__uint2float_rn(((unsigned)(v3))), 3e38f)) == (-7.0f))) & 7); i5++) {
        if (f1(((unsigned)(in1[(unsigned)(in0[(unsigned)(tid) & 255u]) & 255u])), ((int)(v3)))) {
            if (((__int2float_rn(in0[(unsigned)(gid) & 255u])) > (__fsub_rn((-(0.5f)), __uint2float_rn(((unsigned)(loc[(unsigned)(in0[(unsigned)(in0[(unsigned)(((int)(v6))) & 255u]) & 255u]) & 7u]))))))) {
                if (((unsigned long long)(in0[(unsigned)((-470340568)) & 255u]))) continue;
                v2 = (int)(((((long long)(loc[(unsigned)(in0[(unsigned)((2147483647)) & 255u]) & 7u]))) ? (lane) : (in1[(unsigned)(loc[(unsigned)((-545116178)) & 7u]) & 255u])));
                if (((((((unsigned)(v4))) - (((unsigned)(gid))))) + (((unsigned)(f0(4007480905u, v7, (((255)) & ((3))))))))) break;
                v6 = (unsigned char)(tid);
            } else {
                if (((unsigned)(max(((((((int)(v6))) >> (((100)) & 31))) ? (((unsigned long long)(f0(((unsigned)(in0[(unsigned)((255)) & 255u])), in0[(unsigned)(loc[(unsigned)(in0[(unsigned)(((int)(v3))) & 255u]) & 7u]) & 255u], ((in0[(unsigned)(i5) & 255u]) & ((3))))))) : (((unsigned long long)(min(((long long)(lane)), (3ll)))))), ((unsigned long long)(loc[(unsigned)((-2097100826)) & 7u])))))) break;
                v2 = (int)((2147483647));
                v2 = (int)((~(((((int)(v3))) ? (gid) : (lane)))));
            }
            if (((unsigned)(((int)((unsigned)((31)) - (unsigned)(in1[(unsigned)(v2) & 255u])))))) {
                v6 = (unsigned char)(((int)(__brev(((unsigned)(__rhadd(i5, gid)))))));
                v0 = (unsigned char)((-62014784));
                v2 = (int)(__mulhi(v2, __ffs(((int)((unsigned)(tid) - (unsigned)(i5))))));
                v5 = 0.5f;
            }
            v7 = (int)(((int)((unsigned)(__popcll(udiv64(7ull, ((unsigned long long)(in1[(unsigned)((2147483647)) & 255u]))))) - (unsigned)(((int)(min((0ll), ((long long)(__umul64hi(((unsigned long long)(tid)), ((unsigned long long)(loc[(unsigned)(loc[(unsigned)(gid) & 7u]) & 7u]))))))))))));
            if (((((unsigned)(gid))) != (((sdiv64(((long long)(lane)), ((long long)(v3)))) ? (udiv32(((unsigned)(in0[(unsigned)((32)) & 255u])), ((unsigned)(v3)))) : (((32u) - (((unsigned)(lane))))))))) break;
        }
        v2 = (int)((((1)) | ((-128))));
        v4 = ((__rhadd(((int)(v4)), gid)) != 0);
        v6 = (unsigned char)(((f1(((unsigned)(v2)), v2)) ? (((int)(f0(10211958u, ((int)(v0)), ((((int)(v6))) & ((3))))))) : (sdiv32(loc[(unsigned)((31)) & 7u], in0[(unsigned)(in1[(unsigned)(((int)(v6))) & 255u]) & 255u]))));
    }
    __syncthreads();
    if (tid < 8) atomicAdd(&cnt[8 + tid], scnt[tid]);
    v0 = (unsigned char)(smod32((-1067234072), ((int)(v6))));
    if (((((long long)(loc[(unsigned)(v7) & 7u]))) && (((unsigned long long)0 - (((unsigned long long)(v7))))))) {
        out[o + 0] = (unsigned)(v0);
        out[o + 1] = fbits(v1);
        out[o + 2] = (unsigned)(v2);
        out[o + 3] = (unsigned)(v3);
        out[o + 4] = (unsigned)(v4);
        out[o + 5] = fbits(v5);
        out[o + 6] = (unsigned)(v6);
        out[o + 7] = (unsigned)(v7);
        for (int k = 0; k < 8; k++) out[o + 8 + k] = (unsigned)loc[k];
        return;
    }
    out[o + 0] = (unsigned)(v0);
    out[o + 1] = fbits(v1);
    out[o + 2] = (unsigned)(v2);
    out[o + 3] = (unsigned)(v3);
    out[o + 4] = (unsigned)(v4);
    out[o + 5] = fbits(v5);
    out[o + 6] = (unsigned)(v6);
    out[o + 7] = (unsigned)(v7);
    for (int k = 0; k < 8; k++) out[o + 8 + k] = (unsigned)loc[k];
}
