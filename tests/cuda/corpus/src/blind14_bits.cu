// blind14: bit intrinsics (__ffs(0), __clz(0), __brev, __byte_perm, funnel shifts with and without
// clamping, __mulhi, __sad/__usad, __vabsdiffu4, halving adds) and SIMD-video intrinsics.
extern "C" __global__ void b_bits32(const unsigned *a, const unsigned *b, unsigned *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    unsigned x = a[i], y = b[i];
    unsigned *o = out + 16 * i;
    o[0] = __ffs((int)x);
    o[1] = __clz((int)x);
    o[2] = __brev(x);
    o[3] = __popc(x);
    o[4] = __byte_perm(x, y, y & 0xffff);
    o[5] = __funnelshift_l(x, y, y >> 3);
    o[6] = __funnelshift_r(x, y, y >> 3);
    o[7] = __funnelshift_lc(x, y, y >> 26);
    o[8] = __funnelshift_rc(x, y, y >> 26);
    o[9] = __umulhi(x, y);
    o[10] = (unsigned)__mulhi((int)x, (int)y);
    o[11] = (unsigned)__sad((int)x, (int)y, 5u);
    o[12] = __usad(x, y, 7u);
    o[13] = __vabsdiffu4(x, y);
    o[14] = (unsigned)__hadd((int)x, (int)y);
    o[15] = (unsigned)__rhadd((int)x, (int)y) ^ __uhadd(x, y);
}

extern "C" __global__ void b_simd(const unsigned *a, const unsigned *b, unsigned *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    unsigned x = a[i], y = b[i];
    unsigned *o = out + 8 * i;
    o[0] = __vadd4(x, y);
    o[1] = __vsub2(x, y);
    o[2] = __vmaxu4(x, y);
    o[3] = __vmins2(x, y);
    o[4] = __vcmpgtu4(x, y);
    o[5] = __vavgu4(x, y);
    o[6] = __vabsdiffs2(x, y);
    o[7] = __vsads4(x, y);
}
