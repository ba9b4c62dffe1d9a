// Session 20 (decision D20-2): the float2 arithmetic intrinsics of CUDA 12.8+ (__ffma2_rn, __fadd2_rz,
// __fmul2_ru, ...). On sm_100/sm_103 nvcc writes them as FFMA2/FADD2/FMUL2 with nvdisasm's
// pair selectors (R4.F32x2.HI_LO, R4.F32x2.LO_HI, R4.F32, and .NP: the high position negated),
// uniform registers, immediates, and negated or absolute sources; the other targets compute the same values with the scalar intrinsics.
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 1000
#define FMA2(m, a, b, c) __ffma2_##m(a, b, c)
#define ADD2(m, a, b) __fadd2_##m(a, b)
#define MUL2(m, a, b) __fmul2_##m(a, b)
#else
#define FMA2(m, a, b, c) make_float2(__fmaf_##m((a).x, (b).x, (c).x), __fmaf_##m((a).y, (b).y, (c).y))
#define ADD2(m, a, b) make_float2(__fadd_##m((a).x, (b).x), __fadd_##m((a).y, (b).y))
#define MUL2(m, a, b) make_float2(__fmul_##m((a).x, (b).x), __fmul_##m((a).y, (b).y))
#endif

// out[k * n + i] is variant k of element i (the table in cuda_expect.f2x20_ops)
extern "C" __global__ void f2x20_ops(const float2 *a, const float2 *b, const float2 *c, float2 *out, float s, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float2 x = a[i], y = b[i], z = c[i];
    float2 *o = out + i;
    o[0 * n] = FMA2(rn, x, y, z);
    o[1 * n] = FMA2(rz, x, y, z);
    o[2 * n] = FMA2(rd, x, y, z);
    o[3 * n] = FMA2(ru, x, y, z);
    o[4 * n] = ADD2(rn, x, y);
    o[5 * n] = ADD2(rz, x, y);
    o[6 * n] = MUL2(ru, x, y);
    o[7 * n] = MUL2(rd, x, y);
    o[8 * n] = FMA2(rn, x, make_float2(s, s), z);                            // a uniform register to both
    o[9 * n] = FMA2(rn, make_float2(x.y, x.x), y, z);                        // .F32x2.LO_HI
    o[10 * n] = MUL2(rn, make_float2(x.y, x.y), y);                          // .F32
    o[11 * n] = FMA2(rn, make_float2(-x.x, -x.y), y, z);
    o[12 * n] = FMA2(rn, x, y, make_float2(-z.x, -z.y));
    o[13 * n] = ADD2(rn, make_float2(fabsf(x.x), fabsf(x.y)), y);
    o[14 * n] = FMA2(rn, x, make_float2(1.5f, 2.0f), z);
    o[15 * n] = MUL2(rn, x, make_float2(3.0f, 3.0f));                        // an immediate
    o[16 * n] = ADD2(rn, x, make_float2(-y.x, -y.y));
    o[17 * n] = FMA2(rn, make_float2(x.x, y.y), make_float2(s, y.x), z);
    o[18 * n] = FMA2(rn, x, y, make_float2(1.0f, 1.0f));
    o[19 * n] = FMA2(rn, make_float2(-fabsf(x.x), -fabsf(x.y)), y, z);
    o[20 * n] = MUL2(rn, x, make_float2(-s, -s));
    o[21 * n] = FMA2(rz, MUL2(rn, x, y), ADD2(rn, x, z), FMA2(ru, y, z, x));
    o[22 * n] = ADD2(rd, x, make_float2(0.0f, 0.0f));                        // RZ.F32; -0 + 0 rounding down
    o[23 * n] = ADD2(rn, x, make_float2(y.x, -y.y));                          // .NP: the high position negated
    o[24 * n] = MUL2(rn, make_float2(-x.x, x.y), y);                          // -R.NP: the low one
    o[25 * n] = FMA2(rn, x, y, make_float2(z.x, -z.y));
    o[26 * n] = ADD2(rn, x, make_float2(y.y, -y.x));                          // .F32x2.LO_HI.NP
    o[27 * n] = FMA2(rn, x, y, make_float2(2.0f, -2.0f));                     // a uniform pair with .NP
    o[28 * n] = FMA2(rn, x, make_float2(-s, s), y);
}
