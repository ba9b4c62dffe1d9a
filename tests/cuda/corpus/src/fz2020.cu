// cuda_fuzz seed 2020 (generator version 1): scripts/cuda_fuzz.py, reference tests/cuda/cudafuzz.py
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

extern "C" __global__ void __launch_bounds__(64) fz2020(const int *__restrict__ in0, const int *__restrict__ in1, unsigned *out, unsigned *cnt, unsigned long long *cnt64)
{
    __shared__ int sh[64], shw[64];
    __shared__ unsigned scnt[8];
    const int tid = threadIdx.x, gid = blockIdx.x * blockDim.x + threadIdx.x, lane = tid & 31;
    const int o = gid * 15;
    if (tid < 8) scnt[tid] = tid == 4 ? 0xffffffffu : 0u;
    int loc[8];
    for (int k = 0; k < 8; k++) loc[k] = in1[(gid + k) & 255];
    short v0 = (short)(__float2int_rz((-(1e20f))));
    float v1 = 3e38f;
    short v2 = (short)((~(((int)((unsigned)(in1[(unsigned)(loc[(unsigned)(tid) & 7u]) & 255u]) + (unsigned)(lane))))));
    short v3 = (short)(in0[(unsigned)(in0[(unsigned)((-128)) & 255u]) & 255u]);
    unsigned long long v4 = (unsigned long long)(((((11400714819323198485ull) | (18446744073709551615ull))) + (max(((unsigned long long)(loc[(unsigned)(tid) & 7u])), ((unsigned long long)(in0[(unsigned)(gid) & 255u]))))));
    int v5 = (int)(tid);
    __syncthreads();
    cas_add(&scnt[6], (unsigned)(((unsigned)((((((-6120886248795252231ll)) >> ((((long long)(gid))) & 63))) >= (((long long)(__clz((3))))))))));
    atomicAdd(&cnt64[0], (unsigned long long)(((((unsigned long long)0 - (((unsigned long long)(v2))))) * (((unsigned long long)0 - (4151176654607264653ull))))));
    v5 = (int)(((int)(v4)));
    __syncwarp(0xffffffffu);
    if (((long long)((unsigned long long)((64ll)) * (unsigned long long)((9223372036854775807ll))))) {
        v5 = (int)(((in1[(unsigned)((255)) & 255u]) >> ((lane) & 31)));
    } else {
        if ((100)) {
            v3 = (short)(((int)((unsigned)((((1453576938)) ^ (gid))) - (unsigned)(loc[(unsigned)((-100701004)) & 7u]))));
            v4 = (unsigned long long)(((unsigned long long)(v3)));
            v2 = (short)(((((int)((unsigned)(((in0[(unsigned)(((int)(v4))) & 255u]) >= (lane))) << ((__float2int_rd(v1)) & 31)))) ^ (((((tid) | (in0[(unsigned)((494000811)) & 255u]))) == (smod32((100), (-128)))))));
            if ((2390775644607114392ll)) {
                loc[(unsigned)(smod32(loc[(unsigned)(in1[(unsigned)((-1)) & 255u]) & 7u], lane)) & 7u] = (int)(((int)(v4)));
                v3 = (short)((100));
                v1 = __fsub_rn(v1, __fsqrt_rn(fabsf(fmaxf(1e-40f, v1))));
            } else {
                v0 = (short)((((1587875295)) ? (in0[(unsigned)(gid) & 255u]) : (((int)(v4)))));
                v2 = (short)(((int)(((unsigned long long)(tid)))));
            }
        } else {
            loc[(unsigned)(((lane) == (lane))) & 7u] = (int)(lane);
        }
        v3 = (short)(__clzll(((long long)(__float2int_ru(0.1f)))));
        v1 = v1;
    }
    for (int i1 = 0; i1 < (int)(((2)) & 7); i1++) {
        v1 = __fdiv_rn(v1, v1);
        v0 = (short)((255));
        int c4 = (((long long)(__byte_perm(((65535u) | (((unsigned)(gid)))), ((((long long)(in1[(unsigned)(gid) & 255u]))) ? (1265211010u) : (((unsigned)(in0[(unsigned)(((int)(v4))) & 255u])))), (((((unsigned)(in1[(unsigned)(((int)(v4))) & 255u]))) * (((unsigned)(v0))))) & 0x7777u)))) != 0;
        unsigned m2 = __ballot_sync(0xffffffffu, c4);
        unsigned e3 = 0xffffffffu & ~m2;
        if (c4) {
            v0 = (short)((~(v5)));
            shw[tid] = (int)(((int)(fbits(__int2float_rn(((int)(v3)))))));
            __syncwarp(m2);
            v0 = (short)(shw[(tid & ~31) | (31 - __clz(m2))]);
            __syncwarp(m2);
            v1 = fminf(__fsub_rn(__int2float_rn(loc[(unsigned)(((int)(v3))) & 7u]), v1), __fadd_rn(v1, __fmul_rn(1.0f, __int2float_rn(((int)(v2))))));
            __syncwarp(m2);
        } else {
            switch (((int)((unsigned)(((int)((unsigned)(((((((unsigned)(loc[(unsigned)(in0[(unsigned)(lane) & 255u]) & 7u]))) > (__float2uint_rz(__int2float_rn(loc[(unsigned)((1)) & 7u]))))) & ((15)))) * (unsigned)((37))))) + (unsigned)((-40))))) {
            case -40: case -3: {
            } break;
            case 34: {
            } /* falls through */
            case 71: {
            } break;
            case 330: case 367: {
            } break;
            case 256: case 478: {
            } break;
            case 108: case 515: {
            } /* falls through */
            default: {
            } break;
            case 404: {
            } break;
            case 441: {
            } break;
            }
        }
    }
    __syncthreads();
    if (tid < 8) atomicAdd(&cnt[8 + tid], scnt[tid]);
    if (gid) {
        out[o + 0] = (unsigned)(v0);
        out[o + 1] = fbits(v1);
        out[o + 2] = (unsigned)(v2);
        out[o + 3] = (unsigned)(v3);
        out[o + 4] = (unsigned)(v4); out[o + 5] = (unsigned)((unsigned long long)(v4) >> 32);
        out[o + 6] = (unsigned)(v5);
        for (int k = 0; k < 8; k++) out[o + 7 + k] = (unsigned)loc[k];
        return;
    }
    int i5 = 0;
    while (i5 < 7 && (((long long)(in1[(unsigned)(((int)(v4))) & 255u])))) {
        i5++;
        atomicAdd(&cnt64[0], (unsigned long long)(((unsigned long long)(in0[(unsigned)(in0[(unsigned)((-2147483647 - 1)) & 255u]) & 255u]))));
        if (((((long long)(in1[(unsigned)(((int)(v3))) & 255u]))) ? (in1[(unsigned)(in0[(unsigned)((65535)) & 255u]) & 255u]) : ((31)))) {
            out[o + 0] = (unsigned)(v0);
            out[o + 1] = fbits(v1);
            out[o + 2] = (unsigned)(v2);
            out[o + 3] = (unsigned)(v3);
            out[o + 4] = (unsigned)(v4); out[o + 5] = (unsigned)((unsigned long long)(v4) >> 32);
            out[o + 6] = (unsigned)(v5);
            for (int k = 0; k < 8; k++) out[o + 7 + k] = (unsigned)loc[k];
            return;
        }
        if (smod32(((int)(v3)), ((int)(v2)))) {
            out[o + 0] = (unsigned)(v0);
            out[o + 1] = fbits(v1);
            out[o + 2] = (unsigned)(v2);
            out[o + 3] = (unsigned)(v3);
            out[o + 4] = (unsigned)(v4); out[o + 5] = (unsigned)((unsigned long long)(v4) >> 32);
            out[o + 6] = (unsigned)(v5);
            for (int k = 0; k < 8; k++) out[o + 7 + k] = (unsigned)loc[k];
            return;
        }
    }
    out[o + 0] = (unsigned)(v0);
    out[o + 1] = fbits(v1);
    out[o + 2] = (unsigned)(v2);
    out[o + 3] = (unsigned)(v3);
    out[o + 4] = (unsigned)(v4); out[o + 5] = (unsigned)((unsigned long long)(v4) >> 32);
    out[o + 6] = (unsigned)(v5);
    for (int k = 0; k < 8; k++) out[o + 7 + k] = (unsigned)loc[k];
}
