#define NO 50
__global__ void ptx_bits(const unsigned* A, const unsigned* B, const unsigned* C, const unsigned* P, const unsigned* L, unsigned* out) {
  int g = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned a = A[g], b = B[g], c = C[g], p = P[g], l = L[g];
  unsigned* o = out + g * NO;
  unsigned d; unsigned long long a64 = ((unsigned long long)b << 32) | a, d64;
  asm("bfe.u32 %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(p), "r"(l)); o[0] = d;
  asm("bfe.s32 %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(p), "r"(l)); o[1] = d;
  asm("bfe.u64 %0, %1, %2, %3;" : "=l"(d64) : "l"(a64), "r"(p * 2), "r"(l * 2)); o[2] = (unsigned)d64; o[3] = (unsigned)(d64 >> 32);
  asm("bfe.s64 %0, %1, %2, %3;" : "=l"(d64) : "l"(a64), "r"(p * 2 + 1), "r"(l * 2)); o[4] = (unsigned)d64; o[5] = (unsigned)(d64 >> 32);
  asm("bfi.b32 %0, %1, %2, %3, %4;" : "=r"(d) : "r"(a), "r"(b), "r"(p), "r"(l)); o[6] = d;
  asm("prmt.b32 %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c)); o[7] = d;
  asm("prmt.b32.f4e %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c)); o[8] = d;
  asm("prmt.b32.b4e %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c)); o[9] = d;
  asm("prmt.b32.rc8 %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c)); o[10] = d;
  asm("prmt.b32.ecl %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c)); o[11] = d;
  asm("prmt.b32.ecr %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c)); o[12] = d;
  asm("prmt.b32.rc16 %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c)); o[13] = d;
  asm("mad.hi.s32 %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c)); o[14] = d;
  asm("mad.hi.u32 %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c)); o[15] = d;
  unsigned long long c64 = ((unsigned long long)p << 40) ^ ((unsigned long long)c << 7) ^ l;
  asm("mad.wide.s32 %0, %1, %2, %3;" : "=l"(d64) : "r"(a), "r"(b), "l"(c64)); o[16] = (unsigned)d64; o[17] = (unsigned)(d64 >> 32);
  asm("mad.wide.u32 %0, %1, %2, %3;" : "=l"(d64) : "r"(a), "r"(b), "l"(c64)); o[18] = (unsigned)d64; o[19] = (unsigned)(d64 >> 32);
  unsigned n = p + l;
  asm("shf.l.wrap.b32 %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(n)); o[20] = d;
  asm("shf.l.clamp.b32 %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(n)); o[21] = d;
  asm("shf.r.wrap.b32 %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(n)); o[22] = d;
  asm("shf.r.clamp.b32 %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(n)); o[23] = d;
  asm("lop3.b32 %0, %1, %2, %3, 0x96;" : "=r"(d) : "r"(a), "r"(b), "r"(c)); o[24] = d;
  asm("lop3.b32 %0, %1, %2, %3, 0xE8;" : "=r"(d) : "r"(a), "r"(b), "r"(c)); o[25] = d;
  asm("lop3.b32 %0, %1, %2, %3, 0x1B;" : "=r"(d) : "r"(a), "r"(b), "r"(c)); o[26] = d;
  asm("vabsdiff4.u32.u32.u32.add %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c)); o[27] = d;
  asm("vabsdiff4.s32.s32.s32.sat %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c)); o[28] = d;
  asm("vadd4.s32.s32.s32.sat %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c)); o[29] = d;
  asm("vadd4.u32.u32.u32.sat %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c)); o[30] = d;
  asm("vadd4.u32.u32.u32 %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c)); o[31] = d;
  asm("vadd4.u32.s32.s32.sat %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c)); o[32] = d;
  float fa = __uint_as_float(a), fb = __uint_as_float(b);
  asm("{ .reg .pred q; .reg .u32 r; mov.u32 %0, 0;\n"
      "testp.finite.f32 q, %1; selp.u32 r, 1, 0, q; or.b32 %0, %0, r;\n"
      "testp.infinite.f32 q, %1; selp.u32 r, 2, 0, q; or.b32 %0, %0, r;\n"
      "testp.number.f32 q, %1; selp.u32 r, 4, 0, q; or.b32 %0, %0, r;\n"
      "testp.notanumber.f32 q, %1; selp.u32 r, 8, 0, q; or.b32 %0, %0, r;\n"
      "testp.normal.f32 q, %1; selp.u32 r, 16, 0, q; or.b32 %0, %0, r;\n"
      "testp.subnormal.f32 q, %1; selp.u32 r, 32, 0, q; or.b32 %0, %0, r; }" : "=r"(d) : "f"(fa)); o[33] = d;
  float fd;
  asm("copysign.f32 %0, %1, %2;" : "=f"(fd) : "f"(fa), "f"(fb)); o[34] = __float_as_uint(fd);
  int sc = (int)c;
  asm("cvt.sat.s8.s32 %0, %1;" : "=r"(d) : "r"(sc)); o[35] = d;
  asm("cvt.sat.u8.s32 %0, %1;" : "=r"(d) : "r"(sc)); o[36] = d;
  asm("cvt.sat.s16.s32 %0, %1;" : "=r"(d) : "r"(sc)); o[37] = d;
  asm("cvt.sat.u16.s32 %0, %1;" : "=r"(d) : "r"(sc)); o[38] = d;
  asm("cvt.sat.u32.s32 %0, %1;" : "=r"(d) : "r"(sc)); o[39] = d;
  asm("cvt.sat.s32.u32 %0, %1;" : "=r"(d) : "r"(c)); o[40] = d;
  asm("cvt.rni.s8.f32 %0, %1;" : "=r"(d) : "f"(fb)); o[41] = d;
  asm("cvt.rzi.u16.f32 %0, %1;" : "=r"(d) : "f"(fb)); o[42] = d;
  asm("bfind.u32 %0, %1;" : "=r"(d) : "r"(a & l)); o[43] = d;
  asm("bfind.s32 %0, %1;" : "=r"(d) : "r"(a & l)); o[44] = d;
  asm("bfind.shiftamt.u32 %0, %1;" : "=r"(d) : "r"(b & l)); o[45] = d;
  o[46] = __dp4a((int)a, (int)b, (int)c);
  o[47] = __dp4a(a, b, c);
  o[48] = __dp2a_lo((int)a, (int)b, (int)c);
  o[49] = __dp2a_hi(a, b, c);
}
