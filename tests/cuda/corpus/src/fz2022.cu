// cuda_fuzz seed 2022 (generator version 1): scripts/cuda_fuzz.py, reference tests/cuda/cudafuzz.py
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
#if __CUDA_ARCH__ < 800
__device__ __forceinline__ unsigned fb_red_xor_u32(unsigned m, unsigned x)
{
    unsigned r = 0;
    for (int l = 0; l < 32; l++) { unsigned t = __shfl_sync(m, x, l); if ((m >> l) & 1u) r ^= t; }
    return r;
}
#endif

__device__ __noinline__ unsigned f0(unsigned a, int b)
{
    unsigned l0 = (unsigned)(((unsigned)(__mul64hi(sdiv64((-9223372036854775807ll - 1), ((long long)(b))), ((long long)((unsigned long long)0 - (unsigned long long)((64ll))))))));
    long long l1 = (long long)(((long long)(((unsigned long long)(__clzll(((long long)(a))))))));
    if ((((0)) ? (((long long)(b))) : ((-1ll)))) {
        l0 = (unsigned)(((unsigned)(__float2int_ru(__int2float_rn((-1))))));
    }
    return (unsigned)(((((871322141u) + (((unsigned)(__float2int_rn(0.5f)))))) & (((l0) ^ (((((unsigned)(l1))) - (((unsigned)(l1)))))))));
}

__device__ __noinline__ unsigned f1(unsigned a, int b)
{
    unsigned l0 = (unsigned)(((((unsigned)(b))) | (((((int)(a))) ? (((unsigned)(b))) : (a)))));
    unsigned l1 = (unsigned)(((unsigned)((unsigned)(a) << ((((unsigned)(__float2int_ru(1e-3f)))) & 31))));
    for (int i1 = 0; i1 < (int)((__clz(sdiv32((-1295650899), ((int)(a))))) & 7); i1++) {
        l0 = (unsigned)(((unsigned)(__float2int_rn(__int2float_rn(((int)(a)))))));
    }
    return (unsigned)(l0);
}

__device__ __noinline__ unsigned long long w0(unsigned a, int b, unsigned m)
{
    int l0 = (int)(sabs32(((int)(f0(2u, b)))));
    l0 = (int)(__any_sync(m, 13424831740723865084ull));
    a = (unsigned)(__ballot_sync(m, ((unsigned long long)(max(__funnelshift_r(a, ((unsigned)(l0)), 255u), (((3)) ? (((unsigned)(b))) : (((unsigned)(l0)))))))));
    int c4 = (((long long)(max(((unsigned long long)(l0)), ((unsigned long long)(a)))))) != 0;
    unsigned m2 = __ballot_sync(m, c4);
    unsigned e3 = m & ~m2;
    if (c4) {
        for (int i5 = 0; i5 < (int)((((smod32(((int)(a)), (100))) ? (((int)((unsigned)(b) + (unsigned)(((int)(a)))))) : (((int)(min(((long long)(l0)), ((long long)(b)))))))) & 7); i5++) {
        }
    } else {
    }
    return (unsigned long long)(((unsigned long long)(__float2int_rn(__ll2float_rn((-536440677216405010ll))))));
}

__device__ __noinline__ int w1(unsigned a, int b, unsigned m)
{
    long long l0 = (long long)(((long long)(__ffsll(__mul64hi((4886718345ll), ((long long)(b)))))));
    int c8 = (((unsigned long long)(__funnelshift_rc(((unsigned)(b)), ((unsigned)(b)), 2147483647u)))) != 0;
    unsigned m6 = __ballot_sync(m, c8);
    unsigned e7 = m & ~m6;
    if (c8) {
        b = (int)(((int)((unsigned)0 - (unsigned)(((((int)((unsigned)(((int)(l0))) - (unsigned)(((int)(a)))))) >> ((b) & 31))))));
    } else {
    }
    return (int)(((int)(l0)));
}

extern "C" __global__ void __launch_bounds__(64) fz2022(const int *__restrict__ in0, const int *__restrict__ in1, unsigned *out, unsigned *cnt, unsigned long long *cnt64)
{
    __shared__ int sh[64], shw[64];
    __shared__ unsigned scnt[8];
    const int tid = threadIdx.x, gid = blockIdx.x * blockDim.x + threadIdx.x, lane = tid & 31;
    const int o = gid * 13;
    if (tid < 8) scnt[tid] = tid == 4 ? 0xffffffffu : 0u;
    int loc[8];
    for (int k = 0; k < 8; k++) loc[k] = in1[(gid + k) & 255];
    short v0 = (short)(sdiv32((~(gid)), ((int)((unsigned)((32)) + (unsigned)((-128))))));
    signed char v1 = (signed char)(((((__int2float_rn(in1[(unsigned)((100)) & 255u])) < (-1.5f))) | ((-703265063))));
    bool v2 = ((__float2int_rd(fminf(__int2float_rn(in0[(unsigned)(gid) & 255u]), __int2float_rn((2147483647))))) != 0);
    unsigned v3 = (unsigned)(((unsigned)(__float2int_ru(__fdiv_rn(__int2float_rn(lane), 1.0f)))));
    float v4 = __fmaf_rn((((-1085366132)) ? (__int2float_rn(gid)) : (__int2float_rn(tid))), __int2float_rn(in0[(unsigned)(gid) & 255u]), (-(3e38f)));
    __syncthreads();
    v4 = v4;
    atomicAdd(&scnt[1], (unsigned)(((unsigned)(__float2int_ru(__fadd_rn(v4, v4))))));
#if __CUDA_ARCH__ >= 800
    v1 = (signed char)(__reduce_xor_sync(0xffffffffu, (unsigned)(((unsigned)(loc[(unsigned)(((int)(v3))) & 7u])))));
#else
    v1 = (signed char)(fb_red_xor_u32(0xffffffffu, (unsigned)(((unsigned)(loc[(unsigned)(((int)(v3))) & 7u])))));
#endif
    v3 = (unsigned)(__any_sync(0xffffffffu, ((long long)(((((int)(max(((unsigned long long)(loc[(unsigned)(in0[(unsigned)(((int)(v2))) & 255u]) & 7u])), ((unsigned long long)(loc[(unsigned)(((int)(v0))) & 7u])))))) < ((~((270927102)))))))));
    v3 = (unsigned)(((unsigned)(loc[(unsigned)(in1[(unsigned)(((int)(v1))) & 255u]) & 7u])));
    v2 = ((__ballot_sync(0xffffffffu, ((unsigned)(in1[(unsigned)((-1)) & 255u])))) != 0);
    __syncwarp(0xffffffffu);
    v4 = w1(((unsigned)((unsigned)(((unsigned)(loc[(unsigned)(in0[(unsigned)(in1[(unsigned)(((int)(v2))) & 255u]) & 255u]) & 7u]))) << ((((((long long)(__float2int_rz(v4)))) ? (((unsigned)(v0))) : (f1(((unsigned)(tid)), (-1))))) & 31))), ((int)(fbits(__fsub_rn((((100)) ? (__int2float_rn(gid)) : (-7.0f)), v4)))), 0xffffffffu);
    sh[tid] = (int)(((int)(__sad((31), in1[(unsigned)(((int)(v2))) & 255u], ((unsigned)(tid))))));
    __syncthreads();
    v2 = ((sh[(unsigned)((-723738642)) % 64u]) != 0);
    __syncthreads();
    v2 = ((w0(((6602792918107797996ull) ? (v3) : (((unsigned)(tid)))), __popc(2147483647u), 0xffffffffu)) != 0);
    __syncthreads();
    if (tid < 8) atomicAdd(&cnt[8 + tid], scnt[tid]);
    v2 = (((!(((int)(v0))))) != 0);
    if (((long long)(min(((((int)(__mul64hi((8158617755915149181ll), ((long long)(in1[(unsigned)((255)) & 255u])))))) ? (((int)((unsigned)((31)) - (unsigned)(lane)))) : (((loc[(unsigned)(loc[(unsigned)((32)) & 7u]) & 7u]) >> ((gid) & 31)))), (1975123497))))) {
        loc[(unsigned)(((int)(fbits(1e20f)))) & 7u] = (int)((-1074042411));
    }
    v4 = ((__float2int_rd(v4)) ? ((-(__fdiv_rn(v4, v4)))) : (v4));
    int i9 = 0;
    while (i9 < 2 && (((((((((long long)(i9))) >> ((((long long)(gid))) & 63))) ? (((unsigned)(__mul64hi(((long long)(tid)), ((long long)(in0[(unsigned)(gid) & 255u])))))) : (((unsigned)((!(((long long)(v3))))))))) ^ (__float2uint_rz(__fmul_rn(v4, v4)))))) {
        i9++;
    }
    out[o + 0] = (unsigned)(v0);
    out[o + 1] = (unsigned)(v1);
    out[o + 2] = (unsigned)(v2);
    out[o + 3] = (unsigned)(v3);
    out[o + 4] = fbits(v4);
    for (int k = 0; k < 8; k++) out[o + 5 + k] = (unsigned)loc[k];
}
