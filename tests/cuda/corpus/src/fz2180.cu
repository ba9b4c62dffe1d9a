// cuda_fuzz seed 2180 (generator version 1): scripts/cuda_fuzz.py, reference tests/cuda/cudafuzz.py
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

__device__ __noinline__ int f0(unsigned a, int b)
{
    unsigned long long l0 = (unsigned long long)(((unsigned long long)(a)));
    unsigned long long l1 = (unsigned long long)(((unsigned long long)(__ffsll(((long long)(a))))));
    int l2 = (int)(((b) | (((a) < (a)))));
    if (((((int)(max(((unsigned)(b)), ((unsigned)(((((unsigned)(l2))) || (((long long)(l1)))))))))) >> ((((((unsigned)(__mul64hi((9223372036854775807ll), ((long long)(a)))))) ? (((int)((unsigned)(b) * (unsigned)(((int)(l1)))))) : (((int)((unsigned)(((int)(l0))) * (unsigned)(b)))))) & 31))) {
        l2 = (int)(((int)(a)));
    }
    return (int)(((int)((unsigned)(((fbits(__int2float_rn((-206666997)))) ? (l2) : (((int)(__umulhi(1u, ((unsigned)(b)))))))) + (unsigned)(((int)((unsigned)(((b) ^ ((427741018)))) * (unsigned)(((int)(((unsigned)(b)))))))))));
}

__device__ __noinline__ unsigned long long f1(unsigned a, int b)
{
    unsigned long long l0 = (unsigned long long)(((unsigned long long)(b)));
    unsigned long long l1 = (unsigned long long)(((unsigned long long)(((long long)((unsigned long long)(((long long)(b))) + (unsigned long long)(((long long)(a))))))));
    if (((int)((unsigned)((32)) - (unsigned)((((-4294967291ll)) > (((long long)(min(((int)(a)), ((int)(l1))))))))))) return (unsigned long long)(((((((unsigned long long)(b))) + (__umul64hi(14036524397576847847ull, ((unsigned long long)(a)))))) * (((((unsigned long long)(b))) >> ((((unsigned long long)(__float2int_ru(__int2float_rn(((int)(l1))))))) & 63)))));
    l0 = (unsigned long long)(((((unsigned long long)(f0(((unsigned)(__float2int_rd(1.0f))), ((((unsigned)(b))) ? ((2147483647)) : (((int)(a)))))))) + (((udiv32(((unsigned)(b)), a)) ? (((unsigned long long)(((((long long)(l0))) || ((100)))))) : (((unsigned long long)(fbits(1e-3f))))))));
    return (unsigned long long)(((unsigned long long)((!(((unsigned long long)(((long long)(f0(a, (1)))))))))));
}

__device__ __noinline__ unsigned long long f2(unsigned a, int b)
{
    int l0 = (int)(((int)(a)));
    l0 = (int)(__popc(32u));
    return (unsigned long long)(((unsigned long long)(__popc(((unsigned)(b))))));
}

__device__ __noinline__ unsigned long long w0(unsigned a, int b, unsigned m)
{
    unsigned long long l0 = (unsigned long long)(((unsigned long long)((unsigned long long)(((unsigned long long)(__float2int_ru(-1.5f)))) << ((((unsigned long long)(__rhadd(b, ((int)(a)))))) & 63))));
    if (((((unsigned)(b))) & (0u))) {
        a = (unsigned)(((((unsigned long long)(__umulhi(((unsigned)(__float2int_ru(__int2float_rn((0))))), ((unsigned)(f2(4294967295u, b))))))) ? (2657995914u) : (((unsigned)(b)))));
        a = (unsigned)(((unsigned)(l0)));
        if (((long long)(a))) {
            a = (unsigned)(3343997148u);
        }
    }
    return (unsigned long long)(((unsigned long long)(__funnelshift_l(((((unsigned)(b))) & (((unsigned)(l0)))), ((unsigned)0 - (a)), ((unsigned)(l0))))));
}

extern "C" __global__ void __launch_bounds__(64) fz2180(const int *__restrict__ in0, const int *__restrict__ in1, unsigned *out, unsigned *cnt, unsigned long long *cnt64)
{
    __shared__ int sh[64], shw[64];
    __shared__ unsigned scnt[8];
    const int tid = threadIdx.x, gid = blockIdx.x * blockDim.x + threadIdx.x, lane = tid & 31;
    const int o = gid * 17;
    if (tid < 8) scnt[tid] = tid == 4 ? 0xffffffffu : 0u;
    int loc[8];
    for (int k = 0; k < 8; k++) loc[k] = in1[(gid + k) & 255];
    long long v0 = (long long)(((long long)(((((((unsigned)(in0[(unsigned)(in0[(unsigned)(gid) & 255u]) & 255u]))) * (255u))) >= (__funnelshift_l(1u, ((unsigned)(in1[(unsigned)(loc[(unsigned)(in1[(unsigned)(gid) & 255u]) & 7u]) & 255u])), ((unsigned)(lane))))))));
    signed char v1 = (signed char)(f0(((((unsigned)(tid))) >> ((((unsigned)(loc[(unsigned)(tid) & 7u]))) & 31)), ((0.0f) <= (__int2float_rn(in0[(unsigned)((-128)) & 255u])))));
    signed char v2 = (signed char)((~(lane)));
    float v3 = __int2float_rn((-128));
    float v4 = (-(-7.0f));
    unsigned long long v5 = (unsigned long long)(f2(((unsigned)(__clzll(((long long)(tid))))), ((int)(((unsigned long long)(tid))))));
    unsigned char v6 = (unsigned char)(((int)((unsigned)(((int)(((long long)(lane))))) << ((__clz(in1[(unsigned)((-2147483647 - 1)) & 255u])) & 31))));
    __syncthreads();
    sh[tid] = (int)(((gid) ^ (loc[(unsigned)(((int)(v1))) & 7u])));
    __syncthreads();
    v6 = (unsigned char)(sh[(unsigned)(((int)(f1(4242353665u, (100))))) % 64u]);
    __syncthreads();
    v6 = (unsigned char)((~(((int)((unsigned)(loc[(unsigned)(in0[(unsigned)(((int)(v5))) & 255u]) & 7u]) + (unsigned)(in0[(unsigned)((31)) & 255u]))))));
    v0 = (long long)(((long long)(__brevll(((unsigned long long)(v1))))));
    for (int i1 = 0; i1 < (int)((f0(((((((unsigned)(lane))) + (2u))) + (((unsigned)(((__int2float_rn(loc[(unsigned)(((int)(v2))) & 7u])) < (__int2float_rn((-1)))))))), ((int)(min(((long long)((unsigned long long)(((long long)(v6))) + (unsigned long long)(((long long)(in1[(unsigned)(in1[(unsigned)(((int)(v1))) & 255u]) & 255u]))))), ((((long long)(v1))) ^ (((long long)(tid))))))))) & 7); i1++) {
        cas_add(&cnt[6], (unsigned)(__float2uint_rz(0.5f)));
    }
    for (int i2 = 0; i2 < (int)((((int)((unsigned)(in1[(unsigned)(gid) & 255u]) - (unsigned)(((((int)(v2))) & (lane)))))) & 7); i2++) {
        if (((unsigned)(loc[(unsigned)(loc[(unsigned)(((int)(v0))) & 7u]) & 7u]))) {
            v5 = (unsigned long long)(f2(((unsigned)(__popcll(8296715218044884206ull))), i2));
            int i3 = 0;
            while (i3 < 3 && (((int)((unsigned)(in0[(unsigned)(((int)(v0))) & 255u]) * (unsigned)(((int)(__mul64hi(((long long)(v2)), ((long long)(v5)))))))))) {
                i3++;
                v0 = (long long)(((long long)(__float2uint_rz(__int2float_rn((2))))));
            }
        } else {
            v6 = (unsigned char)(((int)(__funnelshift_r(((unsigned)(v0)), ((unsigned)(in0[(unsigned)(loc[(unsigned)((-128)) & 7u]) & 255u])), ((unsigned)(v0))))));
        }
        atomicAdd(&cnt64[0], (unsigned long long)(((unsigned long long)(__float2int_rd(0.1f)))));
        for (int i4 = 0; i4 < (int)((f0(((((unsigned)((!(((long long)(v6))))))) | (((((unsigned)(v6))) + (1070794897u)))), ((int)((unsigned)(((lane) ^ (gid))) << ((((int)(__usad(((unsigned)(gid)), ((unsigned)(v0)), ((unsigned)(gid)))))) & 31))))) & 7); i4++) {
            if (udiv32(((unsigned)(in0[(unsigned)(i2) & 255u])), 255u)) break;
        }
        v1 = (signed char)(((int)(v6)));
        if (((((long long)((unsigned long long)(((long long)(in1[(unsigned)(loc[(unsigned)(((int)(v5))) & 7u]) & 255u]))) * (unsigned long long)((((64ll)) ? (((long long)(v2))) : ((4886718345ll))))))) ^ (((((long long)((unsigned long long)(((long long)(in0[(unsigned)((-285531819)) & 255u]))) + (unsigned long long)(((long long)(loc[(unsigned)(in1[(unsigned)(((int)(v1))) & 255u]) & 7u])))))) & (((lane) ? ((-4294967291ll)) : ((4886718345ll)))))))) break;
    }
    v3 = __uint2float_rn(((((((unsigned)(v1))) >> ((((unsigned)(loc[(unsigned)(in1[(unsigned)((-429290890)) & 255u]) & 7u]))) & 31))) ^ (((((unsigned)(v5))) >> ((255u) & 31)))));
    v2 = (signed char)(__match_any_sync(0xffffffffu, ((((unsigned)((!(in1[(unsigned)((255)) & 255u]))))) ^ (16843009u))));
    sh[tid] = (int)(((((int)(v6))) ^ (loc[(unsigned)((2147483647)) & 7u])));
    __syncthreads();
    v2 = (signed char)(sh[(unsigned)(((__int2float_rn(loc[(unsigned)(lane) & 7u])) < (v4))) % 64u]);
    __syncthreads();
    v4 = v4;
    for (int i5 = 0; i5 < (int)((loc[(unsigned)(loc[(unsigned)(loc[(unsigned)(((int)(v6))) & 7u]) & 7u]) & 7u]) & 7); i5++) {
        v6 = (unsigned char)(in1[(unsigned)(((int)(v0))) & 255u]);
    }
    __syncthreads();
    if (tid < 8) atomicAdd(&cnt[8 + tid], scnt[tid]);
    v3 = __fadd_rn(1e-40f, __int2float_rn(((int)(v2))));
    v2 = (signed char)((((((1810072887)) ^ (((int)(v6))))) ? ((!(((long long)(loc[(unsigned)(in0[(unsigned)(((int)(v0))) & 255u]) & 7u]))))) : ((65535))));
    v6 = (unsigned char)(((int)(v0)));
    out[o + 0] = (unsigned)(v0); out[o + 1] = (unsigned)((unsigned long long)(v0) >> 32);
    out[o + 2] = (unsigned)(v1);
    out[o + 3] = (unsigned)(v2);
    out[o + 4] = fbits(v3);
    out[o + 5] = fbits(v4);
    out[o + 6] = (unsigned)(v5); out[o + 7] = (unsigned)((unsigned long long)(v5) >> 32);
    out[o + 8] = (unsigned)(v6);
    for (int k = 0; k < 8; k++) out[o + 9 + k] = (unsigned)loc[k];
}
