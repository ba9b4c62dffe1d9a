// int10: conversions between integers of every width and float/double in every rounding mode at
// their edges: halfway cases, the last values below 2^31 / 2^32 / 2^63 / 2^64, -0.0, subnormals,
// infinities and NaN (32-bit and narrower destinations; 64-bit ones are given NaN-free inputs),
// integers just above 2^24 / 2^53; and PTX's saturating cvt between integer widths.
#define CVT(name, dt, st, dc, sc) \
__device__ __forceinline__ unsigned name(st a) { unsigned r; asm("cvt." dt " %0, %1;" : "=r"(r) : sc(a)); return r; }
CVT(f2s8_rn, "rni.s8.f32", float, "=r", "f")
CVT(f2u8_rz, "rzi.u8.f32", float, "=r", "f")
CVT(f2s16_rd, "rmi.s16.f32", float, "=r", "f")
CVT(f2u16_ru, "rpi.u16.f32", float, "=r", "f")
CVT(d2s16_rn, "rni.s16.f64", double, "=r", "d")
CVT(d2u8_rz, "rzi.u8.f64", double, "=r", "d")
CVT(s32_s8, "sat.s8.s32", int, "=r", "r")
CVT(s32_u8, "sat.u8.s32", int, "=r", "r")
CVT(s32_s16, "sat.s16.s32", int, "=r", "r")
CVT(s32_u16, "sat.u16.s32", int, "=r", "r")
CVT(u32_u16, "sat.u16.u32", unsigned, "=r", "r")
CVT(u32_s8, "sat.s8.u32", unsigned, "=r", "r")
CVT(u32_s32, "sat.s32.u32", unsigned, "=r", "r")
CVT(s32_u32, "sat.u32.s32", int, "=r", "r")
CVT(s64_s32, "sat.s32.s64", long long, "=r", "l")
CVT(s64_u32, "sat.u32.s64", long long, "=r", "l")
CVT(u64_s32, "sat.s32.u64", unsigned long long, "=r", "l")
CVT(s64_s16, "sat.s16.s64", long long, "=r", "l")

extern "C" __global__ void int10_cvt(const float *__restrict__ f, const double *__restrict__ d, const long long *__restrict__ l,
                                     unsigned *__restrict__ oi, unsigned long long *__restrict__ ol,
                                     float *__restrict__ of, double *__restrict__ od)
{
    const int t = blockIdx.x * blockDim.x + threadIdx.x;
    const float x = f[t];
    const double y = d[t];
    const long long z = l[t];
    const unsigned long long uz = (unsigned long long)z;
    const int iz = (int)z;
    const unsigned ui = (unsigned)z;
    const float xn = x != x ? 0.0f : x;        // NaN-free for the 64-bit destinations
    const double yn = y != y ? 0.0 : y;
    const unsigned ri[] = {
        (unsigned)__float2int_rn(x), (unsigned)__float2int_rz(x), (unsigned)__float2int_ru(x), (unsigned)__float2int_rd(x),
        __float2uint_rn(x), __float2uint_rz(x), __float2uint_ru(x), __float2uint_rd(x),
        (unsigned)__double2int_rn(y), (unsigned)__double2int_rz(y), (unsigned)__double2int_ru(y), (unsigned)__double2int_rd(y),
        __double2uint_rn(y), __double2uint_rz(y), __double2uint_ru(y), __double2uint_rd(y),
        f2s8_rn(x), f2u8_rz(x), f2s16_rd(x), f2u16_ru(x), d2s16_rn(y), d2u8_rz(y),
        s32_s8(iz), s32_u8(iz), s32_s16(iz), s32_u16(iz), u32_u16(ui), u32_s8(ui), u32_s32(ui), s32_u32(iz),
        s64_s32(z), s64_u32(z), u64_s32(uz), s64_s16(z)};
    const unsigned long long rl[] = {
        (unsigned long long)__float2ll_rn(xn), (unsigned long long)__float2ll_rz(xn), (unsigned long long)__float2ll_ru(xn),
        (unsigned long long)__float2ll_rd(xn), __float2ull_rn(xn), __float2ull_rz(xn), __float2ull_ru(xn), __float2ull_rd(xn),
        (unsigned long long)__double2ll_rn(yn), (unsigned long long)__double2ll_rz(yn), (unsigned long long)__double2ll_ru(yn),
        (unsigned long long)__double2ll_rd(yn), __double2ull_rn(yn), __double2ull_rz(yn), __double2ull_ru(yn), __double2ull_rd(yn)};
    const float rf[] = {
        __int2float_rn(iz), __int2float_rz(iz), __int2float_ru(iz), __int2float_rd(iz),
        __uint2float_rn(ui), __uint2float_rz(ui), __uint2float_ru(ui), __uint2float_rd(ui),
        __ll2float_rn(z), __ll2float_rz(z), __ll2float_ru(z), __ll2float_rd(z),
        __ull2float_rn(uz), __ull2float_rz(uz), __ull2float_ru(uz), __ull2float_rd(uz),
        (float)(short)z, (float)(unsigned char)(z >> 8)};
    const double rd[] = {
        __int2double_rn(iz), __uint2double_rn(ui), __ll2double_rn(z), __ll2double_rz(z), __ll2double_ru(z), __ll2double_rd(z),
        __ull2double_rn(uz), __ull2double_rz(uz), __ull2double_ru(uz), __ull2double_rd(uz), (double)(signed char)z};
    constexpr int NI = sizeof(ri) / sizeof(ri[0]), NL = sizeof(rl) / sizeof(rl[0]);
    constexpr int NF = sizeof(rf) / sizeof(rf[0]), ND = sizeof(rd) / sizeof(rd[0]);
#pragma unroll
    for (int k = 0; k < NI; ++k)
        oi[t * NI + k] = ri[k];
#pragma unroll
    for (int k = 0; k < NL; ++k)
        ol[t * NL + k] = rl[k];
#pragma unroll
    for (int k = 0; k < NF; ++k)
        of[t * NF + k] = rf[k];
#pragma unroll
    for (int k = 0; k < ND; ++k)
        od[t * ND + k] = rd[k];
}
