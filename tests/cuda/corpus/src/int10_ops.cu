// int10: C++ integer operators on every width (8/16/32/64-bit, signed and unsigned: wrap-around,
// shifts by run-time counts, rotates, comparisons, min/max/abs) and the PTX integer instructions
// CUDA C does not spell: carry chains (add.cc/addc/sub.cc/subc), mul.hi/mul.wide/mad.hi/mad.lo,
// mul24.hi/mad24, sad, cvt.pack.sat to 16/8/4/2-bit lanes (fused with a float conversion on
// sm_90+: F2IP), clz/popc on 64 bits, and the GCC builtins nvcc accepts.
#include <cstdint>

__device__ __forceinline__ unsigned pack_u8(int a, int b, unsigned c)
{ unsigned r; asm("cvt.pack.sat.u8.s32.b32 %0, %1, %2, %3;" : "=r"(r) : "r"(a), "r"(b), "r"(c)); return r; }
__device__ __forceinline__ unsigned pack_s16(int a, int b, unsigned c)
{ unsigned r; asm("cvt.pack.sat.s16.s32 %0, %1, %2;" : "=r"(r) : "r"(a), "r"(b)); return r + 0 * c; }
__device__ __forceinline__ unsigned pack_s8(int a, int b, unsigned c)
{ unsigned r; asm("cvt.pack.sat.s8.s32.b32 %0, %1, %2, %3;" : "=r"(r) : "r"(a), "r"(b), "r"(c)); return r; }
__device__ __forceinline__ unsigned pack_u16(int a, int b, unsigned c)
{ unsigned r; asm("cvt.pack.sat.u16.s32 %0, %1, %2;" : "=r"(r) : "r"(a), "r"(b)); return r + 0 * c; }

#define PK(name, ty) __device__ __forceinline__ unsigned name(int a, int b, unsigned c) \
{ unsigned r; asm("cvt.pack.sat." ty ".s32.b32 %0, %1, %2, %3;" : "=r"(r) : "r"(a), "r"(b), "r"(c)); return r; }
PK(pack_u4, "u4") PK(pack_s4, "s4") PK(pack_u2, "u2") PK(pack_s2, "s2")
__device__ __forceinline__ int f_rni(float a) { int r; asm("cvt.rni.s32.f32 %0, %1;" : "=r"(r) : "f"(a)); return r; }
__device__ __forceinline__ int f_rzi(float a) { int r; asm("cvt.rzi.s32.f32 %0, %1;" : "=r"(r) : "f"(a)); return r; }

__device__ __forceinline__ void add96(unsigned a0, unsigned a1, unsigned a2, unsigned b0, unsigned b1, unsigned b2, unsigned *r)
{
    asm("add.cc.u32 %0, %3, %6;\n\taddc.cc.u32 %1, %4, %7;\n\taddc.u32 %2, %5, %8;"
        : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]) : "r"(a0), "r"(a1), "r"(a2), "r"(b0), "r"(b1), "r"(b2));
}
__device__ __forceinline__ void sub96(unsigned a0, unsigned a1, unsigned a2, unsigned b0, unsigned b1, unsigned b2, unsigned *r)
{
    asm("sub.cc.u32 %0, %3, %6;\n\tsubc.cc.u32 %1, %4, %7;\n\tsubc.u32 %2, %5, %8;"
        : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]) : "r"(a0), "r"(a1), "r"(a2), "r"(b0), "r"(b1), "r"(b2));
}
__device__ __forceinline__ unsigned madhi_u(unsigned a, unsigned b, unsigned c) { unsigned r; asm("mad.hi.u32 %0, %1, %2, %3;" : "=r"(r) : "r"(a), "r"(b), "r"(c)); return r; }
__device__ __forceinline__ int madhi_s(int a, int b, int c) { int r; asm("mad.hi.s32 %0, %1, %2, %3;" : "=r"(r) : "r"(a), "r"(b), "r"(c)); return r; }
__device__ __forceinline__ int mul24hi(int a, int b) { int r; asm("mul24.hi.s32 %0, %1, %2;" : "=r"(r) : "r"(a), "r"(b)); return r; }
__device__ __forceinline__ unsigned mul24hiu(unsigned a, unsigned b) { unsigned r; asm("mul24.hi.u32 %0, %1, %2;" : "=r"(r) : "r"(a), "r"(b)); return r; }
__device__ __forceinline__ int mad24(int a, int b, int c) { int r; asm("mad24.lo.s32 %0, %1, %2, %3;" : "=r"(r) : "r"(a), "r"(b), "r"(c)); return r; }
__device__ __forceinline__ long long mulwide(int a, int b) { long long r; asm("mul.wide.s32 %0, %1, %2;" : "=l"(r) : "r"(a), "r"(b)); return r; }
__device__ __forceinline__ unsigned long long madwideu(unsigned a, unsigned b, unsigned long long c)
{ unsigned long long r; asm("mad.wide.u32 %0, %1, %2, %3;" : "=l"(r) : "r"(a), "r"(b), "l"(c)); return r; }
__device__ __forceinline__ unsigned long long madhi64(unsigned long long a, unsigned long long b, unsigned long long c)
{ unsigned long long r; asm("mad.hi.u64 %0, %1, %2, %3;" : "=l"(r) : "l"(a), "l"(b), "l"(c)); return r; }
__device__ __forceinline__ int sads(int a, int b, int c) { int r; asm("sad.s32 %0, %1, %2, %3;" : "=r"(r) : "r"(a), "r"(b), "r"(c)); return r; }
__device__ __forceinline__ unsigned clz64(unsigned long long a) { unsigned r; asm("clz.b64 %0, %1;" : "=r"(r) : "l"(a)); return r; }
__device__ __forceinline__ unsigned popc64(unsigned long long a) { unsigned r; asm("popc.b64 %0, %1;" : "=r"(r) : "l"(a)); return r; }

extern "C" __global__ void int10_ops(const unsigned *__restrict__ a, const unsigned *__restrict__ b, unsigned *__restrict__ out)
{
    const int t = blockIdx.x * blockDim.x + threadIdx.x;
    const unsigned x = a[t], y = b[t];
    const int sx = (int)x, sy = (int)y;
    const unsigned long long X = ((unsigned long long)a[t ^ 1] << 32) | x, Y = ((unsigned long long)y << 32) | b[t ^ 3];
    const long long SX = (long long)X, SY = (long long)Y;
    const unsigned n = y & 31, n64 = y & 63;
    const signed char c1 = (signed char)x, c2 = (signed char)y;
    const unsigned char u1 = (unsigned char)x, u2 = (unsigned char)y;
    const short h1 = (short)x, h2 = (short)y;
    const unsigned short w1 = (unsigned short)x, w2 = (unsigned short)y;
    const float fa = (float)(sx >> 22) * 0.75f - 0.25f, fb = __int_as_float(sy);
    unsigned add[3], sub[3];
    add96(x, y, x ^ y, y, x, ~x, add);
    sub96(x, y, x ^ y, y, x, ~x, sub);
    const unsigned long long r64[] = {
        X << n64, X >> n64, (unsigned long long)(SX >> n64), (X << n64) | (X >> ((64 - n64) & 63)), X * Y, X + Y, X - Y,
        (unsigned long long)(SX < SY ? SX : SY), (unsigned long long)max(SX, SY), min(X, Y), max(X, Y),
        (unsigned long long)llabs(SX | 1), (unsigned long long)mulwide(sx, sy), madwideu(x, y, Y), madhi64(X, Y, X),
        (unsigned long long)__builtin_popcountll(X) * 1000 + (unsigned long long)clz64(Y) * 10 + popc64(Y),
        (unsigned long long)(SX != 0 ? __ffsll(SX) - 1 : 64),
        ((unsigned long long)__byte_perm((unsigned)X, 0, 0x0123) << 32) | __byte_perm((unsigned)(X >> 32), 0, 0x0123)};
    const unsigned r32[] = {
        x << n, x >> n, (unsigned)(sx >> n), (x << n) | (x >> ((32 - n) & 31)), (x >> n) | (x << ((32 - n) & 31)),
        x * y, (unsigned)(sx * 3 - sy * 5), x / 2 + (unsigned)(sx / 2), (unsigned)abs(sx | 1), (unsigned)min(sx, sy), min(x, y),
        (unsigned)max(sx, sy), max(x, y), (unsigned)(sx < sy) | (x < y) << 1 | (sx <= sy) << 2 | (x >= y) << 3 | (sx == sy) << 4,
        (unsigned)(c1 + c2), (unsigned)(signed char)(c1 * c2), (unsigned)(u1 * u2), (unsigned)(unsigned char)(u1 + u2),
        (unsigned)(short)(h1 * h2), (unsigned)(h1 >> (n & 15)), (unsigned)w1 * w2, (unsigned)(unsigned short)(w1 - w2),
        (unsigned)(c1 < c2) | (u1 < u2) << 1 | (h1 < h2) << 2 | (w1 < w2) << 3,
        add[0], add[1], add[2], sub[0], sub[1], sub[2],
        madhi_u(x, y, x), (unsigned)madhi_s(sx, sy, sy), (unsigned)mul24hi(sx, sy), mul24hiu(x, y), (unsigned)mad24(sx, sy, sx),
        (unsigned)sads(sx, sy, 7), pack_u8(sx, sy, x), pack_s8(sx, sy, y), pack_s16(sx, sy, 0), pack_u16(sx, sy, 0),
        pack_u4(sx, sy, x), pack_s4(sy, sx, y), pack_u2(sx, sy, x), pack_s2(sy, sx, 0),
        pack_u8(f_rni(fa), f_rni(fb), x), pack_s8(f_rzi(fb), f_rzi(fa), 0), pack_u8(f_rzi(fa), f_rzi(fa * 3.0f), 0x1234u),
        (unsigned)__builtin_clz(x | 1), (unsigned)(__ffs((int)(y | 0x80000000u)) - 1), __byte_perm(x, 0, 0x0123),
        (unsigned)(__popc(x) & 1), (unsigned)__builtin_ffs(sx)};
    constexpr int N64 = sizeof(r64) / sizeof(r64[0]), N32 = sizeof(r32) / sizeof(r32[0]);
    unsigned *o = out + t * (2 * N64 + N32);
#pragma unroll
    for (int k = 0; k < N64; ++k) {
        o[2 * k] = (unsigned)r64[k];
        o[2 * k + 1] = (unsigned)(r64[k] >> 32);
    }
#pragma unroll
    for (int k = 0; k < N32; ++k)
        o[2 * N64 + k] = r32[k];
}
