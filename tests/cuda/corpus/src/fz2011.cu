// cuda_fuzz seed 2011 (generator version 1): scripts/cuda_fuzz.py, reference tests/cuda/cudafuzz.py
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
__device__ __forceinline__ unsigned fb_red_or_u32(unsigned m, unsigned x)
{
    unsigned r = 0;
    for (int l = 0; l < 32; l++) { unsigned t = __shfl_sync(m, x, l); if ((m >> l) & 1u) r |= t; }
    return r;
}
#endif

__device__ __noinline__ int f0(unsigned a, int b)
{
    unsigned long long l0 = (unsigned long long)(((unsigned long long)(b)));
    unsigned l1 = (unsigned)(((((a) + (a))) - (((unsigned)(((((unsigned long long)(b))) != (1ull)))))));
    if ((2147483647)) return (int)(((((long long)(b))) > (((long long)((unsigned long long)(((long long)(l0))) * (unsigned long long)(((long long)(b))))))));
    l0 = (unsigned long long)(__brevll(((unsigned long long)(__sad(((b) >> ((((int)(l0))) & 31)), (-128), ((l1) + (l1)))))));
    return (int)(b);
}

__device__ __noinline__ unsigned long long f1(unsigned a, int b)
{
    unsigned l0 = (unsigned)(((unsigned)(__float2int_rn(__fsqrt_rn(fabsf(__int2float_rn(((int)(a)))))))));
    int l1 = (int)(((((((unsigned)(b))) || ((2026528917)))) > (((((long long)(b))) < ((4294967296ll))))));
    l0 = (unsigned)(l0);
    b = (int)(((int)(l0)));
    b = (int)(l1);
    b = (int)(((int)(__funnelshift_l(a, l0, a))));
    return (unsigned long long)(((((unsigned long long)(((sdiv64(((long long)(l1)), (4265012363725509098ll))) && (((2147483647u) + (l0))))))) ^ (4294967295ull)));
}

__device__ __noinline__ unsigned w0(unsigned a, int b, unsigned m)
{
    unsigned long long l0 = (unsigned long long)(((((unsigned long long)(fbits(__int2float_rn(((int)(a))))))) ^ (((unsigned long long)(a)))));
    int l1 = (int)(((__fsub_rn(3.25f, __int2float_rn(((int)(a))))) >= (__ll2float_rn((1ll)))));
    a = (unsigned)(((2147483648u) >> ((((unsigned)(b))) & 31)));
    int c3 = (((((unsigned)(l1))) + (((unsigned)(b))))) != 0;
    unsigned m1 = __ballot_sync(m, c3);
    unsigned e2 = m & ~m1;
    if (c3) {
        for (int i4 = 0; i4 < (int)(((2)) & 7); i4++) {
            a = (unsigned)(((unsigned)(((smod64(((long long)(__mulhi(i4, ((int)(l0))))), (-5671966315778574052ll))) > (((long long)((unsigned long long)0 - (unsigned long long)(((long long)(b))))))))));
        }
    } else {
    }
    return (unsigned)(((unsigned)(f1(((unsigned)(__ffsll(((long long)(l0))))), (~(b))))));
}

extern "C" __global__ void __launch_bounds__(64) fz2011(const int *__restrict__ in0, const int *__restrict__ in1, unsigned *out, unsigned *cnt, unsigned long long *cnt64)
{
    __shared__ int sh[64], shw[64];
    __shared__ unsigned scnt[8];
    const int tid = threadIdx.x, gid = blockIdx.x * blockDim.x + threadIdx.x, lane = tid & 31;
    const int o = gid * 17;
    if (tid < 8) scnt[tid] = tid == 4 ? 0xffffffffu : 0u;
    int loc[8];
    for (int k = 0; k < 8; k++) loc[k] = in1[(gid + k) & 255];
    float v0 = __fsub_rn(__int2float_rn(lane), (-(3.25f)));
    unsigned v1 = (unsigned)(((((((unsigned)(in1[(unsigned)((0)) & 255u]))) ? (((unsigned)(lane))) : (((unsigned)(in1[(unsigned)(lane) & 255u]))))) ? (umod32(((unsigned)(gid)), ((unsigned)(gid)))) : (((((unsigned)(in1[(unsigned)((1944830558)) & 255u]))) ? (31u) : (((unsigned)(in0[(unsigned)((-727505705)) & 255u])))))));
    long long v2 = (long long)(((long long)((unsigned long long)(((((unsigned long long)(gid))) ? (((long long)(tid))) : ((1ll)))) + (unsigned long long)(((((long long)(gid))) ^ (((long long)(gid))))))));
    long long v3 = (long long)(((long long)(f1(__float2uint_rz(__int2float_rn(lane)), ((((unsigned long long)(lane))) ? (lane) : (loc[(unsigned)((-181860938)) & 7u]))))));
    unsigned char v4 = (unsigned char)((((((-1)) >= ((562145464)))) & (((int)((unsigned)(loc[(unsigned)(gid) & 7u]) - (unsigned)(tid))))));
    int v5 = (int)(((int)((unsigned)((979940523)) * (unsigned)((1)))));
    unsigned char v6 = (unsigned char)(f0(((unsigned)(((-1.5f) < (-1.5f)))), sdiv32(loc[(unsigned)(lane) & 7u], loc[(unsigned)((-152430076)) & 7u])));
    __syncthreads();
    loc[(unsigned)(loc[(unsigned)(in1[(unsigned)(((int)(v3))) & 255u]) & 7u]) & 7u] = (int)(__rhadd(((int)(f1(((unsigned)(__rhadd(in1[(unsigned)((3)) & 255u], ((int)(v3))))), ((int)(max(0ull, ((unsigned long long)(lane)))))))), __mulhi(((((unsigned long long)(in1[(unsigned)(loc[(unsigned)(gid) & 7u]) & 255u]))) ? (in0[(unsigned)(v5) & 255u]) : (in0[(unsigned)(loc[(unsigned)(((int)(v4))) & 7u]) & 255u])), ((int)((unsigned)(loc[(unsigned)((1905390860)) & 7u]) + (unsigned)(in0[(unsigned)(((int)(v4))) & 255u]))))));
    for (int i5 = 0; i5 < (int)(((2)) & 7); i5++) {
        for (int i6 = 0; i6 < (int)((((int)((unsigned)(lane) << (((1037025290)) & 31)))) & 7); i6++) {
            v2 = (long long)(((long long)(v1)));
            v2 = (long long)(((long long)(((((unsigned long long)(in0[(unsigned)(in1[(unsigned)(v5) & 255u]) & 255u]))) > (505221927407642212ull)))));
            v1 = (unsigned)(((unsigned)(((unsigned long long)(tid)))));
            v0 = __int2float_rn((32));
            int i7 = 0;
            while (i7 < 8 && (((long long)(((((unsigned long long)(v1))) || (((long long)(v4)))))))) {
                i7++;
                atomicAdd(&cnt[0], (unsigned)(((__float2uint_rz(-7.0f)) + (((((unsigned)(in1[(unsigned)(((int)(v2))) & 255u]))) ^ (((unsigned)(in0[(unsigned)(i7) & 255u]))))))));
                v5 = (int)(((int)(fbits(__int2float_rn(in1[(unsigned)(((int)(v6))) & 255u])))));
                if (__sad(((9223372036854775808ull) || (v2)), ((int)(max(((unsigned long long)(v5)), ((unsigned long long)(v1))))), ((((unsigned)(v3))) ? (((unsigned)(i6))) : (v1)))) break;
            }
        }
        v1 = (unsigned)(((unsigned)(((9223372036854775808ull) < (((unsigned long long)(v1)))))));
        v6 = (unsigned char)(((int)(f1(16843009u, in0[(unsigned)(in1[(unsigned)(((int)(v4))) & 255u]) & 255u]))));
#if __CUDA_ARCH__ >= 800
        v1 = (unsigned)(__reduce_or_sync(0xffffffffu, (unsigned)(((unsigned)(((__uint2float_rn(v1)) > (__fadd_rn(3e38f, __int2float_rn(((int)(v3)))))))))));
#else
        v1 = (unsigned)(fb_red_or_u32(0xffffffffu, (unsigned)(((unsigned)(((__uint2float_rn(v1)) > (__fadd_rn(3e38f, __int2float_rn(((int)(v3)))))))))));
#endif
    }
    int c10 = (((unsigned)((!(((long long)(((((long long)(gid))) != (((long long)(loc[(unsigned)((2)) & 7u]))))))))))) != 0;
    unsigned m8 = __ballot_sync(0xffffffffu, c10);
    unsigned e9 = 0xffffffffu & ~m8;
    if (c10) {
        if (((((int)(max(((unsigned)(tid)), ((unsigned)(loc[(unsigned)(in1[(unsigned)((1)) & 255u]) & 7u])))))) ^ (((int)((unsigned)(gid) - (unsigned)((0))))))) {
            v3 = (long long)(((long long)((unsigned long long)(((long long)(v4))) << ((((long long)(v1))) & 63))));
        }
    } else {
    }
    __syncthreads();
    if (tid < 8) atomicAdd(&cnt[8 + tid], scnt[tid]);
    if (5u) {
        if (((((int)(v4))) | (((int)(__umul64hi(((unsigned long long)(v3)), 4294967295ull)))))) {
            out[o + 0] = fbits(v0);
            out[o + 1] = (unsigned)(v1);
            out[o + 2] = (unsigned)(v2); out[o + 3] = (unsigned)((unsigned long long)(v2) >> 32);
            out[o + 4] = (unsigned)(v3); out[o + 5] = (unsigned)((unsigned long long)(v3) >> 32);
            out[o + 6] = (unsigned)(v4);
            out[o + 7] = (unsigned)(v5);
            out[o + 8] = (unsigned)(v6);
            for (int k = 0; k < 8; k++) out[o + 9 + k] = (unsigned)loc[k];
            return;
        }
        v1 = (unsigned)(((unsigned)(((v1) > (16843009u)))));
        v0 = __fsub_rn(v0, fmaxf(__int2float_rn(v5), v0));
    } else {
        v2 = (long long)(((((long long)(loc[(unsigned)((7)) & 7u]))) | (((long long)(in0[(unsigned)((-1)) & 255u])))));
        if (((long long)(f1(fbits(1.0f), ((((unsigned long long)(in1[(unsigned)(in0[(unsigned)((-1)) & 255u]) & 255u]))) == (((unsigned long long)(lane)))))))) {
            v4 = (unsigned char)(((v1) ? ((31)) : (((int)(v1)))));
            v6 = (unsigned char)(((int)(__umul64hi(((unsigned long long)(v4)), ((unsigned long long)(f0(((unsigned)(loc[(unsigned)(tid) & 7u])), v5)))))));
            loc[(unsigned)(((int)(__funnelshift_rc(((unsigned)(in0[(unsigned)(lane) & 255u])), v1, ((unsigned)(loc[(unsigned)(((int)(v4))) & 7u])))))) & 7u] = (int)(((((int)(f1(((((unsigned)(in1[(unsigned)(tid) & 255u]))) + (((unsigned)(in0[(unsigned)((65535)) & 255u])))), ((int)(__brev(2147483648u))))))) >> ((((((long long)(in1[(unsigned)(((int)(v3))) & 255u]))) ? (((in0[(unsigned)(in0[(unsigned)(in0[(unsigned)(v5) & 255u]) & 255u]) & 255u]) >> ((lane) & 31))) : (gid))) & 31)));
        }
    }
    out[o + 0] = fbits(v0);
    out[o + 1] = (unsigned)(v1);
    out[o + 2] = (unsigned)(v2); out[o + 3] = (unsigned)((unsigned long long)(v2) >> 32);
    out[o + 4] = (unsigned)(v3); out[o + 5] = (unsigned)((unsigned long long)(v3) >> 32);
    out[o + 6] = (unsigned)(v4);
    out[o + 7] = (unsigned)(v5);
    out[o + 8] = (unsigned)(v6);
    for (int k = 0; k < 8; k++) out[o + 9 + k] = (unsigned)loc[k];
}
