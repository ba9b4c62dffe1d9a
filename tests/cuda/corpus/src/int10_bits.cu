// int10: CUDA's integer intrinsics and the bit-manipulation PTX instructions (inline asm) on
// edge values: dot products, byte permutes of every selector, funnel shifts past 32, bit
// reversal, leading zeros, find-first/n-th set bit, population counts, high multiplies,
// 24-bit multiplies, sums of absolute differences, halving adds, bfe/bfi/bfind/bmsk/szext/lop3/shf.
#include <cstdint>

__device__ __forceinline__ unsigned ptx_bfe_u32(unsigned a, unsigned p, unsigned l)
{ unsigned r; asm("bfe.u32 %0, %1, %2, %3;" : "=r"(r) : "r"(a), "r"(p), "r"(l)); return r; }
__device__ __forceinline__ int ptx_bfe_s32(int a, unsigned p, unsigned l)
{ int r; asm("bfe.s32 %0, %1, %2, %3;" : "=r"(r) : "r"(a), "r"(p), "r"(l)); return r; }
__device__ __forceinline__ unsigned long long ptx_bfe_u64(unsigned long long a, unsigned p, unsigned l)
{ unsigned long long r; asm("bfe.u64 %0, %1, %2, %3;" : "=l"(r) : "l"(a), "r"(p), "r"(l)); return r; }
__device__ __forceinline__ long long ptx_bfe_s64(long long a, unsigned p, unsigned l)
{ long long r; asm("bfe.s64 %0, %1, %2, %3;" : "=l"(r) : "l"(a), "r"(p), "r"(l)); return r; }
__device__ __forceinline__ unsigned ptx_bfi(unsigned a, unsigned b, unsigned p, unsigned l)
{ unsigned r; asm("bfi.b32 %0, %1, %2, %3, %4;" : "=r"(r) : "r"(a), "r"(b), "r"(p), "r"(l)); return r; }
__device__ __forceinline__ unsigned long long ptx_bfi64(unsigned long long a, unsigned long long b, unsigned p, unsigned l)
{ unsigned long long r; asm("bfi.b64 %0, %1, %2, %3, %4;" : "=l"(r) : "l"(a), "l"(b), "r"(p), "r"(l)); return r; }
#define PRMT(mode) \
__device__ __forceinline__ unsigned prmt_##mode(unsigned a, unsigned b, unsigned c) \
{ unsigned r; asm("prmt.b32." #mode " %0, %1, %2, %3;" : "=r"(r) : "r"(a), "r"(b), "r"(c)); return r; }
__device__ __forceinline__ unsigned prmt_def(unsigned a, unsigned b, unsigned c)
{ unsigned r; asm("prmt.b32 %0, %1, %2, %3;" : "=r"(r) : "r"(a), "r"(b), "r"(c)); return r; }
PRMT(f4e) PRMT(b4e) PRMT(rc8) PRMT(ecl) PRMT(ecr) PRMT(rc16)
__device__ __forceinline__ unsigned ptx_bfind_u(unsigned a) { unsigned r; asm("bfind.u32 %0, %1;" : "=r"(r) : "r"(a)); return r; }
__device__ __forceinline__ unsigned ptx_bfind_s(int a) { unsigned r; asm("bfind.s32 %0, %1;" : "=r"(r) : "r"(a)); return r; }
__device__ __forceinline__ unsigned ptx_bfind_sa(unsigned a) { unsigned r; asm("bfind.shiftamt.u32 %0, %1;" : "=r"(r) : "r"(a)); return r; }
__device__ __forceinline__ unsigned ptx_bfind_u64(unsigned long long a) { unsigned r; asm("bfind.u64 %0, %1;" : "=r"(r) : "l"(a)); return r; }
__device__ __forceinline__ unsigned ptx_bfind_s64(long long a) { unsigned r; asm("bfind.s64 %0, %1;" : "=r"(r) : "l"(a)); return r; }
__device__ __forceinline__ unsigned ptx_bmsk_c(unsigned a, unsigned b) { unsigned r; asm("bmsk.clamp.b32 %0, %1, %2;" : "=r"(r) : "r"(a), "r"(b)); return r; }
__device__ __forceinline__ unsigned ptx_bmsk_w(unsigned a, unsigned b) { unsigned r; asm("bmsk.wrap.b32 %0, %1, %2;" : "=r"(r) : "r"(a), "r"(b)); return r; }
__device__ __forceinline__ int ptx_szext_cs(int a, unsigned b) { int r; asm("szext.clamp.s32 %0, %1, %2;" : "=r"(r) : "r"(a), "r"(b)); return r; }
__device__ __forceinline__ unsigned ptx_szext_wu(unsigned a, unsigned b) { unsigned r; asm("szext.wrap.u32 %0, %1, %2;" : "=r"(r) : "r"(a), "r"(b)); return r; }
__device__ __forceinline__ unsigned ptx_shf_lw(unsigned lo, unsigned hi, unsigned n) { unsigned r; asm("shf.l.wrap.b32 %0, %1, %2, %3;" : "=r"(r) : "r"(lo), "r"(hi), "r"(n)); return r; }
__device__ __forceinline__ unsigned ptx_shf_rc(unsigned lo, unsigned hi, unsigned n) { unsigned r; asm("shf.r.clamp.b32 %0, %1, %2, %3;" : "=r"(r) : "r"(lo), "r"(hi), "r"(n)); return r; }
#define LOP3(lut) \
__device__ __forceinline__ unsigned lop3_##lut(unsigned a, unsigned b, unsigned c) \
{ unsigned r; asm("lop3.b32 %0, %1, %2, %3, " #lut ";" : "=r"(r) : "r"(a), "r"(b), "r"(c)); return r; }
LOP3(0x96) LOP3(0xe8) LOP3(0x1e) LOP3(0xca) LOP3(0x01) LOP3(0x7f)

extern "C" __global__ void int10_bits(const unsigned *__restrict__ a, const unsigned *__restrict__ b,
                                      const unsigned *__restrict__ c, unsigned *__restrict__ out)
{
    const int t = blockIdx.x * blockDim.x + threadIdx.x;
    const unsigned x = a[t], y = b[t], z = c[t];
    const int sx = (int)x, sy = (int)y, sz = (int)z;
    const unsigned long long X = ((unsigned long long)y << 32) | x, Y = ((unsigned long long)z << 32) | (x ^ y);
    const unsigned n = z & 63, m = y & 31;
    const char4 cx = *reinterpret_cast<const char4 *>(&x);
    const uchar4 uy = *reinterpret_cast<const uchar4 *>(&y);
    const unsigned long long p64 = (unsigned long long)__mul64hi((long long)X, (long long)Y);
    const unsigned long long u64 = __umul64hi(X, Y);
    const unsigned long long bv = __brevll(X);
    const unsigned long long e64 = ptx_bfe_u64(X, z & 0xff, (z >> 8) & 0xff);
    const unsigned long long s64 = (unsigned long long)ptx_bfe_s64((long long)X, z & 0x7f, (z >> 8) & 0x7f);
    const unsigned long long i64 = ptx_bfi64(X, Y, z & 0xff, (z >> 8) & 0xff);
    const unsigned r[] = {
        (unsigned)__dp4a(sx, sy, sz), __dp4a(x, y, z), (unsigned)__dp4a(cx, *reinterpret_cast<const char4 *>(&y), sz),
        __dp4a(*reinterpret_cast<const uchar4 *>(&x), uy, z),
        (unsigned)__dp2a_lo(sx, sy, sz), __dp2a_lo(x, y, z), (unsigned)__dp2a_hi(sx, sy, sz), __dp2a_hi(x, y, z),
        __byte_perm(x, y, z & 0x7777), __byte_perm(x, y, 0x3210), __byte_perm(x, y, 0x7654), __byte_perm(x, y, 0x0123),
        prmt_def(x, y, z), prmt_def(x, y, 0x8b3f), __byte_perm(x, 0, 0x4140),
        __funnelshift_l(x, y, z), __funnelshift_r(x, y, z), __funnelshift_lc(x, y, z), __funnelshift_rc(x, y, z),
        __funnelshift_l(x, y, 13), __funnelshift_rc(x, y, 40), __funnelshift_lc(x, y, n),
        __brev(x), (unsigned)bv, (unsigned)(bv >> 32),
        (unsigned)__clz(sx), (unsigned)__clzll((long long)X), (unsigned)__ffs(sx), (unsigned)__ffsll((long long)X),
        __fns(x, m, (int)((z & 0x7f) - 64)), __fns(x, m, 1), __fns(x, 0, -1), __fns(y, 31, (int)(z & 0x3f)),
        (unsigned)__popc(x), (unsigned)__popcll(X),
        (unsigned)__mulhi(sx, sy), __umulhi(x, y), (unsigned)p64, (unsigned)(p64 >> 32), (unsigned)u64, (unsigned)(u64 >> 32),
        (unsigned)__mul24(sx, sy), __umul24(x, y), __sad(sx, sy, z), __usad(x, y, z),
        (unsigned)__hadd(sx, sy), (unsigned)__rhadd(sx, sy), __uhadd(x, y), __urhadd(x, y),
        ptx_bfe_u32(x, z & 0xff, (z >> 8) & 0xff), (unsigned)ptx_bfe_s32(sx, z & 0xff, (z >> 8) & 0xff),
        ptx_bfe_u32(x, m, 7), (unsigned)ptx_bfe_s32(sx, 4, m),
        (unsigned)e64, (unsigned)(e64 >> 32), (unsigned)s64, (unsigned)(s64 >> 32),
        ptx_bfi(x, y, z & 0xff, (z >> 8) & 0xff), ptx_bfi(x, y, m, 9), (unsigned)i64, (unsigned)(i64 >> 32),
        prmt_f4e(x, y, z), prmt_b4e(x, y, z), prmt_rc8(x, y, z), prmt_ecl(x, y, z), prmt_ecr(x, y, z), prmt_rc16(x, y, z),
        ptx_bfind_u(x), ptx_bfind_s(sx), ptx_bfind_sa(x), ptx_bfind_u64(X), ptx_bfind_s64((long long)X),
        ptx_bmsk_c(m, z & 0x3f), ptx_bmsk_w(z & 0x3f, y & 0x3f), (unsigned)ptx_szext_cs(sx, z & 0x3f), ptx_szext_wu(x, z & 0x3f),
        ptx_shf_lw(x, y, z), ptx_shf_rc(x, y, z),
        lop3_0x96(x, y, z), lop3_0xe8(x, y, z), lop3_0x1e(x, y, z), lop3_0xca(x, y, z), lop3_0x01(x, y, z), lop3_0x7f(x, y, z)};
    constexpr int N = sizeof(r) / sizeof(r[0]);
#pragma unroll
    for (int k = 0; k < N; ++k)
        out[t * N + k] = r[k];
}
