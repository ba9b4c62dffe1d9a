// int10: every "Integer SIMD intrinsic" of the CUDA Math API on halfword and byte lanes, two operands
// per thread with the lane edge values (0, 1, 0x7f/0x7fff, 0x80/0x8000, 0xff/0xffff, ...) mixed in.
#define V2(f) f##2(x, y), f##4(x, y)
#define U2(f) f##2(x), f##4(x)

extern "C" __global__ void int10_simd(const unsigned *__restrict__ a, const unsigned *__restrict__ b, unsigned *__restrict__ out)
{
    const int t = blockIdx.x * blockDim.x + threadIdx.x;
    const unsigned x = a[t], y = b[t];
    const unsigned r[] = {
        U2(__vabs), U2(__vabsss), U2(__vneg), U2(__vnegss),
        V2(__vabsdiffs), V2(__vabsdiffu), V2(__vadd), V2(__vaddss), V2(__vaddus), V2(__vavgs), V2(__vavgu),
        V2(__vcmpeq), V2(__vcmpges), V2(__vcmpgeu), V2(__vcmpgts), V2(__vcmpgtu), V2(__vcmples), V2(__vcmpleu),
        V2(__vcmplts), V2(__vcmpltu), V2(__vcmpne), V2(__vhaddu), V2(__vmaxs), V2(__vmaxu), V2(__vmins),
        V2(__vminu), V2(__vsads), V2(__vsadu), V2(__vseteq), V2(__vsetges), V2(__vsetgeu), V2(__vsetgts),
        V2(__vsetgtu), V2(__vsetles), V2(__vsetleu), V2(__vsetlts), V2(__vsetltu), V2(__vsetne), V2(__vsub),
        V2(__vsubss), V2(__vsubus)};
    constexpr int N = sizeof(r) / sizeof(r[0]);
#pragma unroll
    for (int k = 0; k < N; ++k)
        out[t * N + k] = r[k];
}

// the same with one operand a compile-time constant (nvcc folds some lanes) and accumulated forms
extern "C" __global__ void int10_simd_k(const unsigned *__restrict__ a, unsigned *__restrict__ out, unsigned s)
{
    const int t = blockIdx.x * blockDim.x + threadIdx.x;
    const unsigned x = a[t];
    unsigned r[16];
    r[0] = __vaddss2(x, 0x7fff8000u);
    r[1] = __vsubus4(x, 0x01807f00u);
    r[2] = __vavgs4(x, 0x80ff017fu);
    r[3] = __vcmpgts2(x, 0x0000ffffu);
    r[4] = __vsetltu4(x, 0x80808080u);
    r[5] = __vsads4(x, s) + __vsadu2(x, s);
    r[6] = __vabsdiffs4(x, 0x80808080u);
    r[7] = __vmaxs4(x, 0u);
    r[8] = __vminu2(s, x) ^ __vmins4(x, s);
    r[9] = __vhaddu4(x, s);
    r[10] = __vnegss4(x) + __vabsss4(s);
    r[11] = __vcmpleu2(s, x) | __vcmpne4(x, s);
    r[12] = __vsubss2(s, x);
    r[13] = __vaddus2(x, s);
    r[14] = __vsetges4(x, s) * 3u;
    r[15] = __vsadu4(x, 0xff00ff00u) + __vsads2(x, 0x80007fffu);
#pragma unroll
    for (int k = 0; k < 16; ++k)
        out[t * 16 + k] = r[k];
}
