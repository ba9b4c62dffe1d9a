// int10: PTX integer instructions on 16-bit registers (add/sub/mul.lo/mul.hi/mul.wide/mad.lo/div/rem/min/max/
// shl/shr by counts past 16/abs/neg .u16/.s16, cvt.s8.s16, cvt.sat.s16.s32) and min.relu.s16x2 / max.u16x2
// (sm_90+; the SIMD intrinsics below); one warp, each thread with its own operands.
#define B16(name, op) __device__ __forceinline__ unsigned short name(unsigned short a, unsigned short b) \
{ unsigned short r; asm(op " %0, %1, %2;" : "=h"(r) : "h"(a), "h"(b)); return r; }
B16(add16, "add.u16") B16(sub16, "sub.s16") B16(mullo16, "mul.lo.u16") B16(mulhi16, "mul.hi.s16") B16(mulhiu16, "mul.hi.u16")
B16(min16, "min.s16") B16(maxu16, "max.u16") B16(and16, "and.b16") B16(xor16, "xor.b16") B16(div16, "div.s16") B16(remu16, "rem.u16")
#define SH16(name, op) __device__ __forceinline__ unsigned short name(unsigned short a, unsigned b) \
{ unsigned short r; asm(op " %0, %1, %2;" : "=h"(r) : "h"(a), "r"(b)); return r; }
SH16(shl16, "shl.b16") SH16(shr16, "shr.s16") SH16(shru16, "shr.u16")
__device__ __forceinline__ unsigned short abs16(unsigned short a) { unsigned short r; asm("abs.s16 %0, %1;" : "=h"(r) : "h"(a)); return r; }
__device__ __forceinline__ unsigned short neg16(unsigned short a) { unsigned short r; asm("neg.s16 %0, %1;" : "=h"(r) : "h"(a)); return r; }
__device__ __forceinline__ unsigned mulw16(unsigned short a, unsigned short b) { unsigned r; asm("mul.wide.s16 %0, %1, %2;" : "=r"(r) : "h"(a), "h"(b)); return r; }
__device__ __forceinline__ unsigned short mad16(unsigned short a, unsigned short b, unsigned short c) { unsigned short r; asm("mad.lo.s16 %0, %1, %2, %3;" : "=h"(r) : "h"(a), "h"(b), "h"(c)); return r; }
#if __CUDA_ARCH__ >= 900
__device__ __forceinline__ unsigned minrelu(unsigned a, unsigned b) { unsigned r; asm("min.relu.s16x2 %0, %1, %2;" : "=r"(r) : "r"(a), "r"(b)); return r; }
__device__ __forceinline__ unsigned maxu16x2(unsigned a, unsigned b) { unsigned r; asm("max.u16x2 %0, %1, %2;" : "=r"(r) : "r"(a), "r"(b)); return r; }
#else
__device__ __forceinline__ unsigned minrelu(unsigned a, unsigned b) { return __vimin_s16x2_relu(a, b); }
__device__ __forceinline__ unsigned maxu16x2(unsigned a, unsigned b) { return __vmaxu2(a, b); }
#endif
__device__ __forceinline__ unsigned short cvtsat(int a) { unsigned short r; asm("cvt.sat.s16.s32 %0, %1;" : "=h"(r) : "r"(a)); return r; }
__device__ __forceinline__ unsigned short cvt8(unsigned short a) { unsigned short r; asm("cvt.s8.s16 %0, %1;" : "=h"(r) : "h"(a)); return r; }
extern "C" __global__ void int10_ptx16(const unsigned *a, unsigned *o)
{
    int t = threadIdx.x; unsigned x = a[t], y = a[t ^ 5];
    unsigned short p = (unsigned short)x, q = (unsigned short)(y >> 16), q1 = q ? q : 1;
    unsigned short sq = (q1 == 0xffff && p == 0x8000) ? 1 : q1;
    unsigned v[] = {add16(p, q), sub16(p, q), mullo16(p, q), mulhi16(p, q), mulhiu16(p, q), min16(p, q), maxu16(p, q),
                    shl16(p, q & 31), shr16(p, q & 31), shru16(p, q & 31), and16(p, q), xor16(p, q), div16(p, sq), remu16(p, q1),
                    abs16(p), neg16(p), mulw16(p, q), mad16(p, q, (unsigned short)y), minrelu(x, y), maxu16x2(x, y), cvtsat((int)x), cvt8(p)};
    for (int j = 0; j < 22; ++j) o[t * 22 + j] = v[j];
}
