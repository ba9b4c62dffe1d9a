// integer intrinsics with run-time operands
struct Bits { unsigned u; int s; unsigned long long ul; long long sl; };

__device__ void bits_of(const Bits &v, unsigned sel, unsigned *o)
{
    o[0] = __umulhi(v.u, sel | 1u);
    o[1] = (unsigned)__mulhi(v.s, (int)sel);
    o[2] = (unsigned)__mul64hi(v.sl, (long long)v.ul);
    o[3] = (unsigned)(__umul64hi(v.ul, v.ul ^ sel) >> 7);
    o[4] = __sad(v.s, (int)sel, 5u) + __usad(v.u, sel, 7u);
    o[5] = __byte_perm(v.u, sel, sel & 0x7777u);
    o[6] = __funnelshift_l(v.u, sel, sel) ^ __funnelshift_r(v.u, sel, sel >> 3);
    o[7] = __funnelshift_lc(v.u, sel, sel >> 4) + __funnelshift_rc(v.u, sel, sel >> 8);
    o[8] = __brev(v.u) ^ (unsigned)(__brevll(v.ul) >> 11);
    o[9] = __clz(v.s) + 100 * __clzll(v.sl);
    o[10] = __ffs(v.s) + 100 * __ffsll(v.sl);
    o[11] = __popc(v.u) + 100 * __popcll(v.ul);
    o[12] = __hadd(v.s, (int)sel) ^ __rhadd(v.s, 3) ^ __uhadd(v.u, sel) ^ __urhadd(v.u, sel);
    o[13] = __mul24(v.s, (int)sel) + __umul24(v.u, sel);
    o[14] = (unsigned)__clz(v.u & sel) + (v.u >> (sel & 31)) + (unsigned)(v.s >> (sel & 31)) + (v.u << (sel & 63));
    o[15] = (unsigned)(v.ul >> (sel & 63)) ^ (unsigned)(v.sl >> (sel % 64)) ^ (unsigned)(v.ul << (sel & 63) >> 32);
}

extern "C" __global__ void bit_intrin(const unsigned long long *in, const unsigned *sel, unsigned *o)
{
    int i = threadIdx.x + blockIdx.x * blockDim.x;
    Bits v;
    v.ul = in[i];
    v.sl = (long long)in[i] * 3;
    v.u = (unsigned)in[i];
    v.s = (int)(in[i] >> 32);
    bits_of(v, sel[i], o + 16 * i);
}
