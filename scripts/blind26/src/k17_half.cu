#include <cuda_fp16.h>
#include <cuda_bf16.h>
extern "C" __global__ void half_bf16(const __half* ha, const __half* hb, const __nv_bfloat16* ba, const __nv_bfloat16* bb,
                                     float* o, unsigned short* raw, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    __half x = ha[i], y = hb[i];
    __nv_bfloat16 p = ba[i], q = bb[i];
    float* r = o + i * 8;
    __half s = __hadd(x, y);
    __half m = __hmul(x, y);
    __half f = __hfma(x, y, s);
    r[0] = __half2float(s);
    r[1] = __half2float(m);
    r[2] = __half2float(f);
    __half2 h2 = __hmul2(__halves2half2(x, y), __halves2half2(y, s));
    r[3] = __low2float(h2) + __high2float(h2);
    __nv_bfloat16 bs = __hadd(p, q);
    __nv_bfloat16 bm = __hmul(p, q);
#if __CUDA_ARCH__ >= 800
    __nv_bfloat16 bf = __hfma(p, q, bs);
#else
    __nv_bfloat16 bf = __float2bfloat16_rn(__fmaf_rn(__bfloat162float(p), __bfloat162float(q), __bfloat162float(bs)));
#endif
    r[4] = __bfloat162float(bs);
    r[5] = __bfloat162float(bm);
    r[6] = __bfloat162float(bf);
    r[7] = __half2float(__float2half_rn(__bfloat162float(bm) * 3.0f));
    raw[i * 4 + 0] = __half_as_ushort(__hsub(x, y));
    raw[i * 4 + 1] = __bfloat16_as_ushort(__hsub(p, q));
    raw[i * 4 + 2] = __half_as_ushort(__float2half_rz(__half2float(x) * 1.001f));
    raw[i * 4 + 3] = __bfloat16_as_ushort(__float2bfloat16_rn(__half2float(y) / 3.0f));
}
