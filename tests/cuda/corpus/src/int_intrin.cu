extern "C" __global__ void int_intrin(const int *a, const int *b, const unsigned *c, const long long *l, const unsigned *sel, int *o, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    int x = a[i], y = b[i]; unsigned u = c[i], s = sel[i]; long long L = l[i];
    int *p = o + 32 * i;
    p[0] = __mulhi(x, y); p[1] = __umulhi(u, (unsigned)x);
    p[2] = (int)__mul64hi(L, (long long)x * 977); p[3] = (int)(__umul64hi((unsigned long long)L, 0x9e3779b97f4a7c15ull) >> 3);
    p[4] = __sad(x, y, u); p[5] = __usad(u, (unsigned)x, 3u);
    p[6] = __hadd(x, y); p[7] = __rhadd(x, y); p[8] = __uhadd(u, (unsigned)y); p[9] = __urhadd(u, (unsigned)y);
    p[10] = __byte_perm(x, y, s); p[11] = __byte_perm(x, y, 0x3210); p[12] = __byte_perm(x, y, 0x89ab);
    unsigned r;
    asm("prmt.b32.f4e %0, %1, %2, %3;" : "=r"(r) : "r"(x), "r"(y), "r"(s)); p[13] = r;
    asm("prmt.b32.b4e %0, %1, %2, %3;" : "=r"(r) : "r"(x), "r"(y), "r"(s)); p[14] = r;
    asm("prmt.b32.rc8 %0, %1, %2, %3;" : "=r"(r) : "r"(x), "r"(y), "r"(s)); p[15] = r;
    asm("prmt.b32.ecl %0, %1, %2, %3;" : "=r"(r) : "r"(x), "r"(y), "r"(s)); p[16] = r;
    asm("prmt.b32.ecr %0, %1, %2, %3;" : "=r"(r) : "r"(x), "r"(y), "r"(s)); p[17] = r;
    asm("prmt.b32.rc16 %0, %1, %2, %3;" : "=r"(r) : "r"(x), "r"(y), "r"(s)); p[18] = r;
    p[19] = __funnelshift_lc(x, y, s); p[20] = __funnelshift_rc(x, y, s); p[21] = __funnelshift_l(x, y, s);
    p[22] = __funnelshift_r(x, y, s & 63);
    p[23] = __fns(u, s & 31, (x % 40));
    asm("bfe.u32 %0, %1, %2, %3;" : "=r"(r) : "r"(x), "r"(s & 0xff), "r"((s >> 8) & 0xff)); p[24] = r;
    asm("bfe.s32 %0, %1, %2, %3;" : "=r"(r) : "r"(x), "r"(s & 31), "r"((s >> 8) & 31)); p[25] = r;
    asm("bfi.b32 %0, %1, %2, %3, %4;" : "=r"(r) : "r"(x), "r"(y), "r"(s & 0xff), "r"((s >> 8) & 0xff)); p[26] = r;
    asm("bmsk.clamp.b32 %0, %1, %2;" : "=r"(r) : "r"(s & 63), "r"((s >> 8) & 63)); p[27] = r;
    asm("bmsk.wrap.b32 %0, %1, %2;" : "=r"(r) : "r"(s & 63), "r"((s >> 8) & 63)); p[28] = r;
    asm("szext.clamp.s32 %0, %1, %2;" : "=r"(r) : "r"(x), "r"(s & 63)); p[29] = r;
    asm("szext.wrap.u32 %0, %1, %2;" : "=r"(r) : "r"(x), "r"(s & 63)); p[30] = r;
    unsigned long long e;
    asm("bfe.s64 %0, %1, %2, %3;" : "=l"(e) : "l"(L), "r"(s & 63), "r"((s >> 8) & 63)); p[31] = (int)(e ^ (e >> 32));
}
