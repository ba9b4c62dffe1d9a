// second-author style: bit, shift, division and conversion intrinsics of kernel parameters (the uniform
// datapath: UBREV, UIMAD carries; VABSDIFF4 with an immediate, PRMT with a constant high word)
typedef long long i64; typedef unsigned long long u64;
extern "C" __global__ void uparam(u64 *o, u64 a, u64 b, i64 c, int s, unsigned u, float f, double d)
{
    u64 r[24];
    r[0] = a << (s & 63); r[1] = a >> (s & 63); r[2] = (u64)(c >> (s & 63));
    r[3] = (a << 7) | (a >> 57); r[4] = __brevll(a) ^ __brev(u); r[5] = __popcll(a) + __clzll(b) + __ffsll(c) + __popc(u) + __clz(u) + __ffs(u);
    r[6] = a / b; r[7] = a % b; r[8] = (u64)(c / (i64)(b | 1)); r[9] = (u64)(c % 1000);
    r[10] = a > b ? a - b : b - a; r[11] = (u64)llabs(c); r[12] = min(a, b) ^ max(a, b);
    r[13] = (u64)(i64)min(c, (i64)a); r[14] = a * b + (u64)c * u; r[15] = __umul64hi(a, b) ^ (u64)__mul64hi(c, (i64)a);
    r[16] = (u64)(f * 3.0f) + (u64)(d * 2.0) + (u64)__float2ll_rn(f) + (u64)__double2ull_rz(d);
    r[17] = (u64)(a == b) + (u64)(c < 0) * 2 + (u64)((i64)a >= c) * 4 + (u64)(u != s) * 8;
    r[18] = __funnelshift_l(u, (unsigned)a, s) + __funnelshift_rc(u, (unsigned)b, s) + __byte_perm(u, (unsigned)a, 0x3210 ^ s);
    r[19] = (u64)__sad(s, (int)u, 3u) + __umulhi(u, (unsigned)a) + __mulhi(s, (int)c) + __mul24(s, (int)u);
    r[20] = (u64)(unsigned)(u / 7) + u % 13 + (unsigned)s / u + (unsigned)s % (u | 1);
    r[21] = (u64)((float)a + (float)c + (double)b + (double)c);
    r[22] = (u64)(__vadd4(u, (unsigned)s) ^ __vsub2(u, (unsigned)a) ^ __vabsdiffu4(u, 7u));
    r[23] = (u64)(i64)(short)s + (u64)(signed char)u + (u64)(unsigned short)c;
    int k = threadIdx.x % 24;
    o[threadIdx.x] = r[k];
}
