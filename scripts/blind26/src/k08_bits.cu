extern "C" __global__ void bit_mix(const unsigned* a, const unsigned* b, const unsigned long long* c,
                                   unsigned* o, unsigned long long* o64, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    unsigned x = a[i], y = b[i];
    unsigned long long z = c[i], w = c[(i * 7 + 3) % n];
    unsigned* r = o + i * 16;
    r[0] = __popc(x) + (__popcll(z) << 8);
    r[1] = __clz(x) | (__clzll(z) << 8);
    r[2] = __ffs(x) | (__ffsll(z) << 8) | (__ffs(x & 0xffff0000u) << 16);
    r[3] = __brev(x);
    r[4] = __byte_perm(x, y, y & 0xffff);
    r[5] = __byte_perm(x, y, 0x7531 ^ (i & 0x3333));
    r[6] = __funnelshift_l(x, y, y >> 27) ;
    r[7] = __funnelshift_r(x, y, y);
    r[8] = __funnelshift_lc(y, x, x & 63);
    r[9] = __funnelshift_rc(y, x, (x >> 3) & 63);
    r[10] = __umulhi(x, y);
    r[11] = (unsigned)__mulhi((int)x, (int)y);
    r[12] = __sad((int)x, (int)y, i);
    r[13] = __usad(x & 0xfffff, y >> 12, x >> 20);
    r[14] = __vabsdiffu4(x, y) ^ __vadd4(x, y);
    r[15] = (31 - __clz(x | 1)) + (__popc(x ^ y) << 5);
    unsigned long long* q = o64 + i * 4;
    q[0] = __brevll(z);
    q[1] = __umul64hi(z, w);
    q[2] = (unsigned long long)__mul64hi((long long)z, (long long)w);
    q[3] = (z << (x & 63)) ^ (w >> (y & 63)) ^ ((long long)w >> ((x >> 8) & 63));
}
