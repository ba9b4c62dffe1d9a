// int10: CUDA 12's DPX functions (three-way min/max, add-then-min/max, with ReLU, and the
// min/max with their comparison results) on 32-bit and 16x2 operands: sm_90 has the hardware
// (VIMNMX3, VIADDMNMX, VIMNMX with predicate outputs), the other targets emulate them.
#define R3(f) f(x, y, z)

extern "C" __global__ void int10_dpx(const int *__restrict__ a, const int *__restrict__ b, const int *__restrict__ c,
                                     unsigned *__restrict__ out, unsigned char *__restrict__ flag)
{
    const int t = blockIdx.x * blockDim.x + threadIdx.x;
    const int x = a[t], y = b[t], z = c[t];
    const unsigned ux = x, uy = y, uz = z;
    bool p0, p1, p2, p3, p4, p5, p6, p7, p8, p9, p10, p11;
    const unsigned r[] = {
        (unsigned)__vimax_s32_relu(x, y), __vimax_s16x2_relu(ux, uy), (unsigned)__vimin_s32_relu(x, y),
        __vimin_s16x2_relu(ux, uy),
        (unsigned)R3(__vimax3_s32), __vimax3_s16x2(ux, uy, uz), __vimax3_u32(ux, uy, uz), __vimax3_u16x2(ux, uy, uz),
        (unsigned)R3(__vimin3_s32), __vimin3_s16x2(ux, uy, uz), __vimin3_u32(ux, uy, uz), __vimin3_u16x2(ux, uy, uz),
        (unsigned)R3(__vimax3_s32_relu), __vimax3_s16x2_relu(ux, uy, uz), (unsigned)R3(__vimin3_s32_relu),
        __vimin3_s16x2_relu(ux, uy, uz),
        (unsigned)R3(__viaddmax_s32), __viaddmax_s16x2(ux, uy, uz), __viaddmax_u32(ux, uy, uz), __viaddmax_u16x2(ux, uy, uz),
        (unsigned)R3(__viaddmin_s32), __viaddmin_s16x2(ux, uy, uz), __viaddmin_u32(ux, uy, uz), __viaddmin_u16x2(ux, uy, uz),
        (unsigned)R3(__viaddmax_s32_relu), __viaddmax_s16x2_relu(ux, uy, uz), (unsigned)R3(__viaddmin_s32_relu),
        __viaddmin_s16x2_relu(ux, uy, uz),
        (unsigned)__vibmax_s32(x, y, &p0), __vibmax_u32(ux, uy, &p1), (unsigned)__vibmin_s32(x, y, &p2),
        __vibmin_u32(ux, uy, &p3), __vibmax_s16x2(ux, uy, &p4, &p5), __vibmax_u16x2(ux, uy, &p6, &p7),
        __vibmin_s16x2(ux, uy, &p8, &p9), __vibmin_u16x2(ux, uy, &p10, &p11)};
    constexpr int N = sizeof(r) / sizeof(r[0]);
#pragma unroll
    for (int k = 0; k < N; ++k)
        out[t * N + k] = r[k];
    const bool p[] = {p0, p1, p2, p3, p4, p5, p6, p7, p8, p9, p10, p11};
#pragma unroll
    for (int k = 0; k < 12; ++k)
        flag[t * 12 + k] = p[k];
}

// one operand a constant or a kernel parameter (uniform registers), the bool outputs steering branches
extern "C" __global__ void int10_dpx_k(const int *__restrict__ a, const int *__restrict__ b, int *__restrict__ out, int k)
{
    const int t = blockIdx.x * blockDim.x + threadIdx.x;
    const int x = a[t], y = b[t];
    bool hi, lo, p;
    int r0 = __vimax3_s32(x, y, -5);
    int r1 = __viaddmin_s32(x, k, y);
    int r2 = __viaddmax_s32_relu(x, 100, k);
    unsigned r3 = __vimin3_u16x2(x, 0x7fff8000u, (unsigned)k);
    unsigned r4 = __vibmax_s16x2(x, (unsigned)k, &hi, &lo);
    int r5 = __vibmin_s32(x, y, &p);
    int acc = 0;
    if (hi)
        acc += 1;
    if (lo)
        acc += 2;
    if (p)
        acc = __vimax3_s32_relu(acc, x >> 20, y >> 20);
    out[t * 7 + 0] = r0;
    out[t * 7 + 1] = r1;
    out[t * 7 + 2] = r2;
    out[t * 7 + 3] = (int)r3;
    out[t * 7 + 4] = (int)r4;
    out[t * 7 + 5] = r5;
    out[t * 7 + 6] = acc;
}

// immediate and kernel-parameter operands of the 16x2 forms and the bool outputs of the unsigned and
// 32-bit variants (sm_90/sm_100: VIMNMX.U16x2 R11, P2, P3, R6, R10, !PT; VIMNMX.S16x2 with an immediate)
extern "C" __global__ void int10_dpx_imm(const unsigned *__restrict__ a, unsigned *__restrict__ o, unsigned char *__restrict__ fl,
                                         unsigned k, int sk)
{
    const int t = blockIdx.x * blockDim.x + threadIdx.x;
    const unsigned x = a[t];
    const int sx = (int)x;
    bool h, l, p, q, r2, s2;
    const unsigned v[] = {__vimax3_s16x2(x, 0x00050005u, k), __viaddmax_s16x2(x, k, 0x7fff8000u), __vibmax_u16x2(x, k, &h, &l),
                          __vibmin_s16x2(x, 0x80017fffu, &p, &q), (unsigned)__vibmax_s32(sx, sk, &r2), __vibmin_u32(x, k, &s2),
                          __viaddmin_u16x2(x, 0x00010001u, k), __viaddmax_u32(x, 5u, k), (unsigned)__viaddmin_s32_relu(sx, -7, sk),
                          __vimin3_s16x2_relu(x, k, 0x12345678u), __vimax_s16x2_relu(x, 0x80008000u), (unsigned)__vimin_s32_relu(sx, sk),
                          __vimin3_u32(x, k, 77u), __viaddmax_s16x2_relu(x, x, k)};
#pragma unroll
    for (int j = 0; j < 14; ++j)
        o[t * 14 + j] = v[j];
    fl[t] = h | l << 1 | p << 2 | q << 3 | r2 << 4 | s2 << 5;
}
