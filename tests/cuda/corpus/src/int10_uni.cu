// int10: the integer intrinsics of kernel parameters only, so nvcc computes them on the uniform
// datapath (USGXT, UI2IP, ULEA with -URb, VIMNMX3/VABSDIFF4/I2IP with a uniform or constant operand);
// every thread stores the same values. (__vabsdiffu4/__vsadu4 take thread-dependent operands: with a
// kernel parameter ptxas 13.0 for sm_75-sm_89 reads the GPR numbered like the uniform register holding
// it, decision D10-N-10.)
#define PK(name, ty) __device__ __forceinline__ unsigned name(int a, int b, unsigned c) \
{ unsigned r; asm("cvt.pack.sat." ty ".s32.b32 %0, %1, %2, %3;" : "=r"(r) : "r"(a), "r"(b), "r"(c)); return r; }
PK(pu8, "u8") PK(pu4, "u4")
__device__ __forceinline__ unsigned sat8(int a) { unsigned r; asm("cvt.sat.s8.s32 %0, %1;" : "=r"(r) : "r"(a)); return r; }
__device__ __forceinline__ unsigned bfind(unsigned a) { unsigned r; asm("bfind.u32 %0, %1;" : "=r"(r) : "r"(a)); return r; }
__device__ __forceinline__ unsigned bfe(unsigned a, unsigned p, unsigned l) { unsigned r; asm("bfe.u32 %0, %1, %2, %3;" : "=r"(r) : "r"(a), "r"(p), "r"(l)); return r; }
__device__ __forceinline__ int bfes(int a, unsigned p, unsigned l) { int r; asm("bfe.s32 %0, %1, %2, %3;" : "=r"(r) : "r"(a), "r"(p), "r"(l)); return r; }
__device__ __forceinline__ unsigned bfi(unsigned a, unsigned b, unsigned p, unsigned l) { unsigned r; asm("bfi.b32 %0, %1, %2, %3, %4;" : "=r"(r) : "r"(a), "r"(b), "r"(p), "r"(l)); return r; }
__device__ __forceinline__ unsigned szext(int a, unsigned b) { unsigned r; asm("szext.clamp.s32 %0, %1, %2;" : "=r"(r) : "r"(a), "r"(b)); return r; }
__device__ __forceinline__ unsigned bmsk(unsigned a, unsigned b) { unsigned r; asm("bmsk.wrap.b32 %0, %1, %2;" : "=r"(r) : "r"(a), "r"(b)); return r; }
__device__ __forceinline__ unsigned f2u8(float a) { unsigned r; asm("cvt.rzi.u8.f32 %0, %1;" : "=r"(r) : "f"(a)); return r; }
__device__ __forceinline__ int rni(float a) { int r; asm("cvt.rni.s32.f32 %0, %1;" : "=r"(r) : "f"(a)); return r; }

extern "C" __global__ void int10_uni(unsigned *o, unsigned p, unsigned q, unsigned r, int sp, int sq, unsigned long long P, long long SP, float f, float g)
{
    unsigned v[] = {
        __vadd2(p, q), __vsub4(p, q), __vmaxu4(p, q), __vmins2(p, q), __vabsdiffu4(p + (threadIdx.x >> 5), q + (threadIdx.x >> 5)),
        __vsadu4(p ^ (threadIdx.x >> 5), q ^ (threadIdx.x >> 5)), __vavgu2(p, q),
        __vcmpgtu4(p, q), __vsetges2(p, q), __vaddss4(p, q), __vsubus2(p, q), __vneg4(p), __vabsss2(p), __vhaddu4(p, q),
        (unsigned)__vimax3_s32(sp, sq, (int)r), __vimax3_s16x2(p, q, r), __vimin3_u16x2(p, q, r), (unsigned)__viaddmax_s32(sp, sq, (int)r),
        __viaddmin_u32(p, q, r), __viaddmax_s16x2(p, q, r), __viaddmin_u16x2(q, p, r), (unsigned)__vimax_s32_relu(sp, sq),
        __vimax_s16x2_relu(p, q), (unsigned)__viaddmax_s32_relu(sp, sq, (int)r), __viaddmin_s16x2_relu(p, q, r),
        (unsigned)__dp4a(sp, sq, (int)r), __dp2a_hi(p, q, r), __byte_perm(p, q, r & 0x7777), __funnelshift_lc(p, q, r),
        __brev(p), (unsigned)__clz(sp), (unsigned)__ffs(sp), (unsigned)__popc(p), __fns(p, q & 31, 2), (unsigned)__popcll(P),
        (unsigned)__clzll(SP), (unsigned)__ffsll(SP), (unsigned)(__brevll(P) >> 7), __umulhi(p, q), (unsigned)__mulhi(sp, sq),
        (unsigned)(__umul64hi(P, P) >> 3), (unsigned)__mul24(sp, sq), __usad(p, q, r), (unsigned)__sad(sp, sq, r),
        (unsigned)__hadd(sp, sq), __urhadd(p, q), pu8(sp, sq, r), pu4(sq, sp, p), sat8(sp), bfind(p), bfe(p, q, r),
        (unsigned)bfes(sp, q, r), bfi(p, q, r & 31, 7), szext(sp, q & 63), bmsk(q, r), f2u8(f), (unsigned)__float2int_rn(g),
        (unsigned)__float2ll_rd(f), __float2uint_ru(g), (unsigned)(__ull2double_rz(P) * 0.0), pu8(rni(f), rni(g), 0),
        p / 7u, (unsigned)(sp / -3), (unsigned)(P % 1000000007ull), (unsigned)(SP / 10), p % q + 1, (unsigned)(sp / (sq | 1)),
        min(p, q), (unsigned)max(sp, sq), (unsigned)abs(sp), (unsigned)(P >> (q & 63)), (unsigned)(SP >> (r & 63)),
        (unsigned)(short)sp, (unsigned)(unsigned char)(sp >> 3), (unsigned)(signed char)(p * q)};
    constexpr int N = sizeof(v) / sizeof(v[0]);
    for (int k = 0; k < N; ++k)
        o[threadIdx.x * N + k] = v[k];
}
