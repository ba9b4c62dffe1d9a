// __half2 / __nv_bfloat162 forms and the conversions of cuda_fp16.h / cuda_bf16.h not in hlib:
// _sat and _relu pair arithmetic, h2 math functions, __hcmadd, pair comparisons, 8/16/64-bit and
// double conversions, shared-memory __half / bfloat16 atomics (seventh discovery round).
#include <cuda_fp16.h>
#include <cuda_bf16.h>
__device__ unsigned hb(__half2 h) { return *(unsigned *)&h; }
__device__ unsigned bb(__nv_bfloat162 h) { return *(unsigned *)&h; }
__global__ void h2lib(const float *__restrict__ a, const float *__restrict__ b, const long long *__restrict__ l,
                      unsigned *__restrict__ o, float *__restrict__ oa, long long *__restrict__ ol, float *__restrict__ sums)
{
    __shared__ __half sh[2];
    __shared__ __nv_bfloat16 sb[2];
    int t = threadIdx.x, i = blockIdx.x * blockDim.x + t;
    if (t < 2) { sh[t] = __float2half(0.0f); sb[t] = __float2bfloat16(0.0f); }
    __syncthreads();
    float fa = a[i], fb = b[i];                     // fa in (-3, 3), fb in (0.25, 3)
    __half2 x = __floats2half2_rn(fa, fb), y = __floats2half2_rn(fb, -fa);
    __nv_bfloat162 u = __floats2bfloat162_rn(fa, fb), v = __floats2bfloat162_rn(fb, -fa);
    unsigned *p = o + 16 * i;
    p[0] = hb(__hadd2_sat(x, y)); p[1] = hb(__hmul2_sat(x, y)); p[2] = hb(__hfma2_sat(x, y, x));
    p[3] = hb(__hfma2_relu(x, y, __float2half2_rn(-0.5f))); p[4] = hb(__hmax2_nan(x, y)); p[5] = hb(__hmin2_nan(x, y));
    p[6] = hb(__hsub2(x, y)); p[7] = hb(__hcmadd(x, y, x));
    p[8] = __hbne2(x, y) | __hbequ2(x, x) << 1 | __hbgtu2(x, y) << 2 | __hble2(x, y) << 3 | __heq(__low2half(x), __high2half(y)) << 4;
    p[9] = hb(__hge2(x, y)) ^ hb(__hneu2(x, y));
    p[10] = bb(__hadd2(u, v)); p[11] = bb(__hmul2(u, v)); p[12] = bb(__hmax2(u, v)); p[13] = bb(__hneg2(__habs2(u)));
    p[14] = bb(__floats2bfloat162_rn(__low2float(x), __high2float(x)));
    p[15] = (unsigned)__half_as_ushort(__double2half((double)fa * 1.0000001)) | (unsigned)__bfloat16_as_ushort(__double2bfloat16((double)fb)) << 16;
    float *q = oa + 12 * i;
    float2 s = __half22float2(h2sqrt(__habs2(x))), c = __half22float2(h2cos(x)), g = __half22float2(h2log(__habs2(y)));
    float2 rr = __half22float2(h2rcp(y)), e = __half22float2(h2exp2(x)), bs = __bfloat1622float2(h2sin(u));
    q[0] = s.x; q[1] = s.y; q[2] = c.x; q[3] = c.y; q[4] = g.x; q[5] = g.y; q[6] = rr.x; q[7] = rr.y;
    q[8] = e.x; q[9] = e.y; q[10] = bs.x; q[11] = bs.y;
    long long *w = ol + 8 * i;
    __half h = __float2half(fa * 1000.0f);
    w[0] = __half2ll_rz(h); w[1] = __half2ull_rd(__habs(h)); w[2] = __half2char_rz(__float2half(fa * 50.0f));
    w[3] = __half2uchar_rz(__float2half(fb * 90.0f)); w[4] = __half_as_ushort(__ll2half_rn(l[i])) | (long long)__half_as_ushort(__uint2half_rd((unsigned)l[i])) << 16;
    w[5] = __bfloat162short_rz(__float2bfloat16(fa * 20000.0f)) + 100000LL * __bfloat162uint_rz(__float2bfloat16(fb * 1e6f));
    w[6] = __bfloat16_as_ushort(__ll2bfloat16_rn(l[i])) | (long long)__bfloat16_as_ushort(__int2bfloat16_rz((int)l[i])) << 16;
    w[7] = __half_as_ushort(__short2half_rd((short)l[i])) | (long long)__bfloat16_as_ushort(__ushort2bfloat16_rn((unsigned short)l[i])) << 16;
    atomicAdd(&sh[t & 1], __float2half((float)(i % 5)));
    atomicAdd(&sb[t & 1], __float2bfloat16((float)(i % 3)));
    __syncthreads();
    if (t < 2) {
        sums[4 * blockIdx.x + 2 * t] = __half2float(sh[t]);
        sums[4 * blockIdx.x + 2 * t + 1] = __bfloat162float(sb[t]);
    }
}
