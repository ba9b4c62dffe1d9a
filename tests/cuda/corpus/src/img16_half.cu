// img16 (session 16): half2 / bfloat162 pixel arithmetic and saturating float->int conversions with
// NaN/Inf/denormal inputs; written for gpuisa's corpus (public domain).
#include <cuda_fp16.h>
#include <cuda_bf16.h>
__device__ __forceinline__ unsigned u(__half2 h) { return *reinterpret_cast<unsigned*>(&h); }
__device__ __forceinline__ unsigned u(__nv_bfloat162 h) { return *reinterpret_cast<unsigned*>(&h); }
extern "C" __global__ void half_px(const unsigned* __restrict__ a, const unsigned* __restrict__ b,
                                   const float* __restrict__ f, unsigned* o, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x; if (i >= n) return;
    unsigned x = __ldg(a + i), y = __ldg(b + i); float g = __ldg(f + i), h = __ldg(f + (i ^ 1));
    __half2 p = *reinterpret_cast<__half2*>(&x), q = *reinterpret_cast<__half2*>(&y);
    __nv_bfloat162 s = *reinterpret_cast<__nv_bfloat162*>(&x), t = *reinterpret_cast<__nv_bfloat162*>(&y);
    unsigned* r = o + (size_t)i * 20;
    r[0] = u(__hadd2(p, q));
    r[1] = u(__hmul2(p, q));
    r[2] = u(__hfma2(p, q, p));
    r[3] = u(__hadd2_sat(p, q));
    r[4] = u(__hmax2(p, q));
    r[5] = u(__hmin2_nan(p, q));
    r[6] = u(__hfma2_relu(p, q, q));
    r[7] = u(__hsub2(p, q));
    r[8] = u(__hadd2(s, t));
    r[9] = u(__hmul2(s, t));
    r[10] = u(__hsub2(s, t));
    r[11] = u(__float22half2_rn(make_float2(g, h)));
    r[12] = u(__floats2bfloat162_rn(g, h));
    r[13] = __float2uint_rn(g);
    r[14] = (unsigned)__float2int_rn(g);
    r[15] = __float2uint_rn(__saturatef(g) * 255.0f);
    r[16] = __byte_perm(x, y, y & 0x7777);
    float lo = __low2float(p), hi = __high2float(p);
    r[17] = __float_as_uint(lo * hi);
    r[18] = u(__hgt2(p, q));
    r[19] = (unsigned)(unsigned char)min(max(__float2int_rn(g), 0), 255) | ((unsigned)__float2int_rz(g) << 8);
}
