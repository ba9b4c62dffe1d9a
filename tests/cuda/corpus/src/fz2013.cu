// cuda_fuzz seed 2013 (generator version 1): scripts/cuda_fuzz.py, reference tests/cuda/cudafuzz.py
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

__device__ __noinline__ long long f0(unsigned a, int b)
{
    unsigned l0 = (unsigned)(((unsigned)(b)));
    l0 = (unsigned)(((((unsigned)(b))) ^ (a)));
    l0 = (unsigned)(((a) >> ((2147483648u) & 31)));
    return (long long)(((long long)((unsigned long long)(((long long)(b))) + (unsigned long long)(((long long)(b))))));
}

extern "C" __global__ void __launch_bounds__(64) fz2013(const int *__restrict__ in0, const int *__restrict__ in1, unsigned *out, unsigned *cnt, unsigned long long *cnt64)
{
    __shared__ int sh[64], shw[64];
    __shared__ unsigned scnt[8];
    const int tid = threadIdx.x, gid = blockIdx.x * blockDim.x + threadIdx.x, lane = tid & 31;
    const int o = gid * 12;
    if (tid < 8) scnt[tid] = tid == 4 ? 0xffffffffu : 0u;
    int loc[8];
    for (int k = 0; k < 8; k++) loc[k] = in1[(gid + k) & 255];
    float v0 = ((((int)(__byte_perm(((unsigned)(gid)), 5u, (((unsigned)(lane))) & 0x7777u)))) ? (fmaxf(__int2float_rn((1148349205)), 1e-40f)) : (0.0f));
    int v1 = (int)(__float2int_ru(3e38f));
    unsigned v2 = (unsigned)(__funnelshift_r(((unsigned)(min(((long long)(gid)), ((long long)(in1[(unsigned)(loc[(unsigned)((-576614371)) & 7u]) & 255u]))))), 1082551223u, ((unsigned)(f0(((unsigned)(gid)), loc[(unsigned)(in1[(unsigned)((754534620)) & 255u]) & 7u])))));
    signed char v3 = (signed char)(((tid) | (__float2int_ru(__int2float_rn((0))))));
    __syncthreads();
    int i1 = 0;
    while (i1 < 3 && (((((long long)(((udiv64(((unsigned long long)(loc[(unsigned)(in1[(unsigned)(in0[(unsigned)(((int)(v2))) & 255u]) & 255u]) & 7u])), ((unsigned long long)(i1)))) || (((((long long)(gid))) & (((long long)(v2))))))))) >> (((~(((long long)((unsigned long long)((1ll)) - (unsigned long long)(((long long)(v1)))))))) & 63)))) {
        i1++;
        if (((unsigned long long)(__funnelshift_r(1u, v2, ((unsigned)(in0[(unsigned)(in1[(unsigned)(loc[(unsigned)(in0[(unsigned)((19755512)) & 255u]) & 7u]) & 255u]) & 255u])))))) break;
        if (((int)((unsigned)(((int)(__brev(((unsigned)(loc[(unsigned)((-531105699)) & 7u])))))) - (unsigned)(((((unsigned long long)(in0[(unsigned)((1)) & 255u]))) >= (((unsigned long long)(v2)))))))) {
            v1 = (int)(((int)(__float2uint_rz(v0))));
            v3 = (signed char)(__popc(((((1u) + (((unsigned)(tid))))) + (((unsigned)(__clz((32))))))));
            v3 = (signed char)(v1);
        } else {
            v3 = (signed char)(((int)(f0(((unsigned)(lane)), i1))));
        }
    }
    shw[tid] = (int)(((int)(__brev(__sad(((int)(v2)), ((int)(v3)), 2147483648u)))));
    __syncwarp(0xffffffffu);
    v2 = (unsigned)(shw[(tid & ~31) | ((unsigned)(((((int)(v2))) & ((3)))) & 31u)]);
    __syncwarp(0xffffffffu);
    if ((~(((long long)(lane))))) {
        int i2 = 0;
        while (i2 < 4 && (umod32(((unsigned)0 - (986178263u)), ((unsigned)(((1e20f) > (v0))))))) {
            i2++;
            if (5u) {
                atomicMin(&cnt[4], (unsigned)(__sad(__popcll(5176650246810820432ull), ((loc[(unsigned)(loc[(unsigned)(in0[(unsigned)(i2) & 255u]) & 7u]) & 7u]) ^ (((int)(v2)))), ((unsigned)(((unsigned long long)(v1)))))));
                v0 = __fadd_rn(0.1f, __fsqrt_rn(fabsf(__fmul_rn(v0, v0))));
                v3 = (signed char)(lane);
            } else {
                v1 = (int)(((int)(__byte_perm(65535u, ((unsigned)(loc[(unsigned)(v1) & 7u])), (((unsigned)(v3))) & 0x7777u))));
                loc[(unsigned)(((v1) >> ((v1) & 31))) & 7u] = (int)(((loc[(unsigned)(((int)(v2))) & 7u]) >> ((((int)((unsigned)(gid) << (((-422023526)) & 31)))) & 31)));
            }
            v2 = (unsigned)(((unsigned)(lane)));
            switch (((int)((unsigned)(((int)((unsigned)(((i2) & ((15)))) * (unsigned)((37))))) + (unsigned)((-43))))) {
            case 401: {
                if (((((unsigned long long)(in0[(unsigned)(in1[(unsigned)((1400312624)) & 255u]) & 255u]))) ^ (((unsigned long long)(__clz(v1)))))) break;
                atomicAdd(&cnt[1], (unsigned)(__funnelshift_r(((unsigned)(min(in0[(unsigned)(tid) & 255u], lane))), ((((unsigned)(v3))) & (((unsigned)(v1)))), ((unsigned)(i2)))));
                v3 = (signed char)(loc[(unsigned)(in1[(unsigned)(loc[(unsigned)((-128)) & 7u]) & 255u]) & 7u]);
            } break;
            case 438: {
            } /* falls through */
            case 31: {
                v2 = (unsigned)(((((long long)(loc[(unsigned)((-128)) & 7u]))) ? (v2) : (((unsigned)(__clz(in1[(unsigned)(gid) & 255u]))))));
                v2 = (unsigned)(1941231352u);
                if (((unsigned long long)(__sad(gid, tid, ((unsigned)(in1[(unsigned)(((int)(v3))) & 255u])))))) break;
            } break;
            case 253: {
            } /* falls through */
            case 475: {
                atomicMin(&cnt[4], (unsigned)(((unsigned)(((((unsigned)(max(((unsigned long long)(((long long)(loc[(unsigned)(in1[(unsigned)(in0[(unsigned)(lane) & 255u]) & 255u]) & 7u])))), (~(((unsigned long long)(loc[(unsigned)((-2147483647 - 1)) & 7u])))))))) >= (((((unsigned)(((2042861954u) || (((unsigned long long)(in1[(unsigned)(i2) & 255u]))))))) & (((unsigned)(((((unsigned)(in1[(unsigned)(tid) & 255u]))) <= (((unsigned)(v3))))))))))))));
                v2 = (unsigned)(((unsigned)(v3)));
            } /* falls through */
            case 216: {
                v2 = (unsigned)(((unsigned)(((((unsigned)(v1))) && (((long long)(v3)))))));
                v0 = __fmul_rn(fminf((((2147483647)) ? (-1.5f) : (100.0f)), (((-129853042)) ? (v0) : (0.0f))), 3e38f);
            } break;
            case 105: {
                v2 = (unsigned)(((unsigned)(__brevll(((unsigned long long)(v1))))));
                atomicAdd(&scnt[0], (unsigned)(((unsigned)(f0(((unsigned)(in1[(unsigned)(in0[(unsigned)(loc[(unsigned)(in1[(unsigned)(in0[(unsigned)((31)) & 255u]) & 255u]) & 7u]) & 255u]) & 255u])), v1)))));
            } /* falls through */
            default: {
                if (((unsigned long long)(((((long long)(loc[(unsigned)(loc[(unsigned)(in1[(unsigned)((-1)) & 255u]) & 7u]) & 7u]))) && (max(__byte_perm(((unsigned)(v1)), 16843009u, (((unsigned)(v3))) & 0x7777u), __funnelshift_lc(5u, ((unsigned)(loc[(unsigned)(tid) & 7u])), ((unsigned)(in1[(unsigned)(loc[(unsigned)((255242148)) & 7u]) & 255u]))))))))) continue;
            } break;
            case -43: case -6: {
                v2 = (unsigned)(((unsigned)(f0(v2, in0[(unsigned)(tid) & 255u]))));
                atomicAdd(&cnt[0], (unsigned)(((32u) | (((unsigned)(lane))))));
            } /* falls through */
            }
            if (sdiv32(((int)(v3)), in1[(unsigned)(i2) & 255u])) break;
            for (int i3 = 0; i3 < (int)(((~(in1[(unsigned)(loc[(unsigned)(in1[(unsigned)(loc[(unsigned)(tid) & 7u]) & 255u]) & 7u]) & 255u]))) & 7); i3++) {
                v3 = (signed char)((2));
            }
        }
    } else {
        switch (((int)((unsigned)(((int)((unsigned)(((((int)((unsigned)((3)) + (unsigned)(((int)(v2)))))) & ((15)))) * (unsigned)((1000))))) + (unsigned)((-39))))) {
        case 14961: {
        } break;
        case -39: {
        } break;
        case 2961: {
        } break;
        default: {
        } break;
        }
    }
    __syncthreads();
    if (tid < 8) atomicAdd(&cnt[8 + tid], scnt[tid]);
    cas_add(&cnt[6], (unsigned)(((unsigned)((unsigned)(65535u) << ((((unsigned)(v3))) & 31)))));
    if (udiv64(((unsigned long long)(tid)), ((unsigned long long)(v3)))) {
        v3 = (signed char)((255));
    }
    out[o + 0] = fbits(v0);
    out[o + 1] = (unsigned)(v1);
    out[o + 2] = (unsigned)(v2);
    out[o + 3] = (unsigned)(v3);
    for (int k = 0; k < 8; k++) out[o + 4 + k] = (unsigned)loc[k];
}
