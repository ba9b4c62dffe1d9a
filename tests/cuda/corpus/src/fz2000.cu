// cuda_fuzz seed 2000 (generator version 1): scripts/cuda_fuzz.py, reference tests/cuda/cudafuzz.py
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

__device__ __noinline__ unsigned f0(unsigned a, int b, int d)
{
    long long l0 = (long long)(((long long)(b)));
    if (((d) <= ((0)))) return (unsigned)(((unsigned)(l0)));
    l0 = (long long)(((((unsigned)(l0))) ? (((long long)(__byte_perm(a, ((unsigned)(b)), (((unsigned)(b))) & 0x7777u)))) : (((long long)((unsigned long long)(l0) - (unsigned long long)(((long long)(b))))))));
    if (((long long)(((1e20f) == (__int2float_rn(((int)(a)))))))) {
        b = (int)(((int)(__mul64hi(((((long long)(a))) | (sdiv64(((long long)(a)), (1ll)))), (~(((long long)((unsigned long long)((-4294967291ll)) + (unsigned long long)(((long long)(b)))))))))));
    }
    l0 = (long long)(((long long)(f0(((((long long)(__popcll(((unsigned long long)(a)))))) ? (((11400714819323198485ull) ? (((unsigned)(l0))) : (((unsigned)(b))))) : (((unsigned)(b)))), (-819265712), ((int)((unsigned)(d) - (unsigned)((1))))))));
    if (((unsigned long long)(l0))) {
        for (int i1 = 0; i1 < (int)((((int)(a))) & 7); i1++) {
            a = (unsigned)(__sad(((int)(l0)), (-1), ((unsigned)(i1))));
        }
    }
    return (unsigned)(__funnelshift_rc(((((a) ^ (((unsigned)(l0))))) | (((unsigned)((unsigned)(a) << ((((unsigned)(l0))) & 31))))), ((unsigned)(((fminf(3.25f, 1e20f)) > ((-(__int2float_rn(((int)(a))))))))), a));
}

extern "C" __global__ void __launch_bounds__(64) fz2000(const int *__restrict__ in0, const int *__restrict__ in1, unsigned *out, unsigned *cnt, unsigned long long *cnt64)
{
    __shared__ int sh[64], shw[64];
    __shared__ unsigned scnt[8];
    const int tid = threadIdx.x, gid = blockIdx.x * blockDim.x + threadIdx.x, lane = tid & 31;
    const int o = gid * 15;
    if (tid < 8) scnt[tid] = tid == 4 ? 0xffffffffu : 0u;
    int loc[8];
    for (int k = 0; k < 8; k++) loc[k] = in1[(gid + k) & 255];
    unsigned long long v0 = (unsigned long long)(((unsigned long long)(fbits((-(1.0f))))));
    unsigned long long v1 = (unsigned long long)(((unsigned long long)(in0[(unsigned)(tid) & 255u])));
    int v2 = (int)((((((2147483647)) ^ (tid))) | (((int)((unsigned)(in1[(unsigned)(lane) & 255u]) + (unsigned)(gid))))));
    unsigned v3 = (unsigned)(f0(((unsigned)(lane)), ((int)((unsigned)(gid) * (unsigned)((2147483647)))), ((((int)((unsigned)(lane) - (unsigned)(gid)))) & ((3)))));
    short v4 = (short)(((loc[(unsigned)((550487776)) & 7u]) & (loc[(unsigned)((-284977296)) & 7u])));
    __syncthreads();
    if (((long long)(f0(32u, ((int)((unsigned)0 - (unsigned)(((loc[(unsigned)(lane) & 7u]) ^ (((int)(v4))))))), ((((int)((unsigned)(((int)(f0(1u, ((int)(v1)), (((0)) & ((3))))))) << ((((int)(__funnelshift_l(((unsigned)(in0[(unsigned)((-1)) & 255u])), 4294967295u, 1u)))) & 31)))) & ((3))))))) {
        v0 = (unsigned long long)(((unsigned long long)(__mulhi(in1[(unsigned)(in1[(unsigned)(tid) & 255u]) & 255u], sdiv32(((int)((unsigned)(v2) + (unsigned)(in0[(unsigned)((100)) & 255u]))), ((int)(v0)))))));
        v1 = (unsigned long long)(((unsigned long long)(((((__sad(in0[(unsigned)(loc[(unsigned)((-1523187524)) & 7u]) & 255u], in1[(unsigned)(loc[(unsigned)(tid) & 7u]) & 255u], v3)) ? (sdiv64(((long long)(v2)), ((long long)(v0)))) : ((1ll)))) >= (((((((unsigned long long)(loc[(unsigned)(in0[(unsigned)((7)) & 255u]) & 7u]))) ? (((int)(v3))) : ((1)))) ? (((long long)(loc[(unsigned)(loc[(unsigned)(tid) & 7u]) & 7u]))) : (((long long)(((((long long)(in1[(unsigned)(tid) & 255u]))) > (((long long)(in0[(unsigned)(in0[(unsigned)(((int)(v4))) & 255u]) & 255u])))))))))))));
        v3 = (unsigned)(((((unsigned)(v4))) + (((unsigned)(loc[(unsigned)(((int)(v0))) & 7u])))));
        for (int i2 = 0; i2 < (int)((((int)((unsigned)(((((unsigned)(in1[(unsigned)(v2) & 255u]))) > (((unsigned)(v2))))) * (unsigned)(((v2) ^ (((int)(v1)))))))) & 7); i2++) {
            if (((unsigned long long)(v4))) {
                v3 = (unsigned)(((unsigned)(v1)));
                cas_max(&cnt[7], (unsigned)(((((unsigned)((unsigned)(((unsigned)(__clzll(((long long)(in1[(unsigned)(tid) & 255u])))))) << ((((v3) * (v3))) & 31)))) - (((unsigned)((!(((int)(__uhadd(((unsigned)(loc[(unsigned)((-1)) & 7u])), ((unsigned)(in0[(unsigned)((-1794791294)) & 255u])))))))))))));
                v3 = (unsigned)(((unsigned)(((in1[(unsigned)(loc[(unsigned)(in1[(unsigned)(loc[(unsigned)(loc[(unsigned)((65535)) & 7u]) & 7u]) & 255u]) & 7u]) & 255u]) <= ((-2147483647 - 1))))));
                loc[(unsigned)(((in1[(unsigned)(((int)(v0))) & 255u]) ^ (in0[(unsigned)(in1[(unsigned)(((int)(v3))) & 255u]) & 255u]))) & 7u] = (int)(((((int)((9223372036854775807ll)))) ^ (__float2int_ru(3e38f))));
            }
            v0 = (unsigned long long)(((unsigned long long)(in1[(unsigned)(gid) & 255u])));
            atomicOr(&cnt[2], (unsigned)(((unsigned)0 - (v3))));
        }
    } else {
        switch (((int)((unsigned)(((int)((unsigned)(((loc[(unsigned)(lane) & 7u]) & ((15)))) * (unsigned)((1048576))))) + (unsigned)((20))))) {
        case 10485780: {
        } break;
        case 4194324: {
            v0 = (unsigned long long)(((unsigned long long)(__rhadd((31), sdiv32(((int)(v0)), ((in1[(unsigned)(tid) & 255u]) >> ((gid) & 31)))))));
        } break;
        case 3145748: case 15728660: {
        } break;
        default: {
        } /* falls through */
        }
    }
    __syncthreads();
    if (tid < 8) atomicAdd(&cnt[8 + tid], scnt[tid]);
    if (((__float2int_rd(__int2float_rn((1330446261)))) ? (((18446744073709551615ull) ? (v2) : (tid))) : (((int)(v3))))) {
        out[o + 0] = (unsigned)(v0); out[o + 1] = (unsigned)((unsigned long long)(v0) >> 32);
        out[o + 2] = (unsigned)(v1); out[o + 3] = (unsigned)((unsigned long long)(v1) >> 32);
        out[o + 4] = (unsigned)(v2);
        out[o + 5] = (unsigned)(v3);
        out[o + 6] = (unsigned)(v4);
        for (int k = 0; k < 8; k++) out[o + 7 + k] = (unsigned)loc[k];
        return;
    }
    v3 = (unsigned)(((unsigned)(((long long)(lane)))));
    out[o + 0] = (unsigned)(v0); out[o + 1] = (unsigned)((unsigned long long)(v0) >> 32);
    out[o + 2] = (unsigned)(v1); out[o + 3] = (unsigned)((unsigned long long)(v1) >> 32);
    out[o + 4] = (unsigned)(v2);
    out[o + 5] = (unsigned)(v3);
    out[o + 6] = (unsigned)(v4);
    for (int k = 0; k < 8; k++) out[o + 7 + k] = (unsigned)loc[k];
}
