// __half2 / __nv_bfloat162 through warp shuffles, a warp reduction with __hadd2 and __hmax2,
// atomicAdd on __half / __half2 / __nv_bfloat16 / __nv_bfloat162 in shared and global memory
// (fp10 direction).
#include <cuda_fp16.h>
#include <cuda_bf16.h>
extern "C" __global__ void h10_warp(const unsigned *in, unsigned *out, __half *gh, __half2 *gh2,
                                    __nv_bfloat16 *gb, __nv_bfloat162 *gb2, unsigned *old)
{
    __shared__ __half sh[4];
    __shared__ __half2 sh2[2];
    __shared__ __nv_bfloat162 sb2[2];
    int t = threadIdx.x, lane = t & 31, g = blockIdx.x * blockDim.x + t;
    if (t < 4) sh[t] = __float2half(0.0f);
    if (t < 2) { sh2[t] = __float2half2_rn(0.0f); sb2[t] = __float2bfloat162_rn(0.0f); }
    __syncthreads();
    unsigned v = in[g];
    __half2 h = *(__half2 *)&v;
    __nv_bfloat162 b = __float22bfloat162_rn(__half22float2(h));     // the same values, exact
    __half2 s = h;
    __nv_bfloat162 m = b;
    for (int d = 16; d > 0; d >>= 1) {
        s = __hadd2(s, __shfl_xor_sync(0xffffffffu, s, d));
        m = __hmax2(m, __shfl_down_sync(0xffffffffu, m, d));
    }
    __half2 up = __shfl_up_sync(0xffffffffu, h, 3);
    __nv_bfloat162 idx = __shfl_sync(0xffffffffu, b, (lane * 7) & 31);
    out[4 * g + 0] = *(unsigned *)&s;
    out[4 * g + 1] = *(unsigned *)&m;
    out[4 * g + 2] = *(unsigned *)&up;
    out[4 * g + 3] = *(unsigned *)&idx;
    __half q = __low2half(h);
    __half oh = atomicAdd(&gh[g & 3], q);
    __half2 oh2 = atomicAdd(&gh2[g & 1], h);
    __nv_bfloat16 ob = atomicAdd(&gb[g & 3], __high2bfloat16(b));
    __nv_bfloat162 ob2 = atomicAdd(&gb2[g & 1], b);
    atomicAdd(&sh[t & 3], q);
    atomicAdd(&sh2[t & 1], h);
    atomicAdd(&sb2[t & 1], b);
    // the old values depend on the order of the atomics: only that they are numbers is checked
    old[g] = __hisnan(oh) | __hisnan(__low2half(oh2)) << 1 | __hisnan(ob) << 2 | __hisnan(__high2bfloat16(ob2)) << 3;
    __syncthreads();
    if (t < 4) out[4 * 64 * gridDim.x + 8 * blockIdx.x + t] = __half_as_ushort(sh[t]);
    if (t < 2) {
        out[4 * 64 * gridDim.x + 8 * blockIdx.x + 4 + t] = *(unsigned *)&sh2[t];
        out[4 * 64 * gridDim.x + 8 * blockIdx.x + 6 + t] = *(unsigned *)&sb2[t];
    }
}
