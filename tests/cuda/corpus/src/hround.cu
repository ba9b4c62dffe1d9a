// binary16 / bfloat16 rounding functions (hceil, hfloor, htrunc, hrint and their pair forms), the
// integer conversions in every rounding mode, the _rn arithmetic that ptxas may not contract, warp
// shuffles and cache-hinted loads of __half2 (seventh discovery round, math library).
#include <cuda_fp16.h>
#include <cuda_bf16.h>
__device__ unsigned hb(__half2 h) { return *(unsigned *)&h; }
__device__ unsigned bb(__nv_bfloat162 h) { return *(unsigned *)&h; }
__global__ void hround(const __half2 *__restrict__ hv, const __nv_bfloat162 *__restrict__ bv, unsigned *__restrict__ o,
                       int *__restrict__ oi, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    __half2 x = __ldg(&hv[i]);
    __nv_bfloat162 u = __ldcs(&bv[i]);
    __half l = __low2half(x), h = __high2half(x);
    unsigned *p = o + 12 * i;
    p[0] = hb(h2ceil(x)); p[1] = hb(h2floor(x)); p[2] = hb(h2trunc(x)); p[3] = hb(h2rint(x));
    p[4] = bb(h2ceil(u)); p[5] = bb(h2floor(u)); p[6] = bb(h2trunc(u)); p[7] = bb(h2rint(u));
    p[8] = __half_as_ushort(hceil(l)) | (unsigned)__half_as_ushort(hrint(h)) << 16;
    p[9] = hb(__hmul2_rn(x, x)) ^ hb(__hadd2_rn(__hmul2_rn(x, x), x));
    p[10] = hb(__shfl_xor_sync(0xffffffffu, x, 1)) ^ hb(__hfma2(x, __shfl_down_sync(0xffffffffu, x, 2), x));
    p[11] = bb(__shfl_up_sync(0xffffffffu, u, 1));
    int *q = oi + 12 * i;
    q[0] = __half2int_rn(l); q[1] = __half2int_rd(l); q[2] = __half2int_ru(l); q[3] = (int)__half2uint_ru(__habs(h));
    q[4] = (int)__half2ll_rn(h); q[5] = (int)__half2ll_ru(l); q[6] = (int)__half2ull_rz(__habs(l));
    q[7] = __half_as_ushort(__int2half_rz(i * 4099 - 70000)) | __half_as_ushort(__uint2half_ru(i * 4099u)) << 16;
    q[8] = __bfloat16_as_ushort(__uint2bfloat16_rd(i * 123457u)) | __bfloat16_as_ushort(__ll2bfloat16_ru(-(long long)i * 98765431)) << 16;
    q[9] = __bfloat162int_rn(__low2bfloat16(u)) + 1000 * __bfloat162int_ru(__high2bfloat16(u));
    q[10] = (int)__bfloat162ll_rd(__low2bfloat16(u)) + 1000 * (int)__bfloat162uint_rz(__habs(__high2bfloat16(u)));
    q[11] = __half2short_rn(l) + 1000 * __half2ushort_ru(__habs(h));
}
