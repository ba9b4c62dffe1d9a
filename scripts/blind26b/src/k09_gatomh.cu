#include <cuda_fp16.h>
#include <cuda_bf16.h>
__global__ void gatom_half(const int* in, __half2* h2, __nv_bfloat162* b2, __half* h1, __nv_bfloat16* b1, float* f, unsigned short* u16) {
  int t = threadIdx.x, g = blockIdx.x * blockDim.x + t;
  int v = in[g];
  int a = (v % 7) - 3, b = ((v >> 4) % 5) - 2;
  atomicAdd(&h2[g % 4], __halves2half2(__int2half_rn(a), __int2half_rn(b * 3)));
  atomicAdd(&b2[g % 4], __halves2bfloat162(__int2bfloat16_rn(b), __int2bfloat16_rn(a)));
  atomicAdd(&h1[g % 3], __int2half_rn(a + b));
  atomicAdd(&b1[1 + g % 3], __int2bfloat16_rn(a - b));
#if __CUDA_ARCH__ >= 900
  atomicAdd((float2*)&f[0], make_float2((float)a, (float)b));
  atomicAdd((float4*)&f[4], make_float4(1.0f, (float)a, (float)(a * b), -0.5f));
#else
  atomicAdd(&f[0], (float)a); atomicAdd(&f[1], (float)b);
  atomicAdd(&f[4], 1.0f); atomicAdd(&f[5], (float)a); atomicAdd(&f[6], (float)(a * b)); atomicAdd(&f[7], -0.5f);
#endif
  // 16-bit CAS on neighbouring halves of one word (global)
  unsigned short* p = &u16[g % 5];
  unsigned short o = *p, as;
  do { as = o; o = atomicCAS(p, as, (unsigned short)(as * 3u + 1u)); } while (o != as);
}
