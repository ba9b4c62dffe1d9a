#include <cuda_pipeline.h>
__global__ void cpasync_k(const int4* src, const int2* src8, const int* src4, const int* zf, int4* dst, int2* dst8, int* dst4) {
  __shared__ int4 b16[64];
  __shared__ int2 b8[64];
  __shared__ int b4[64];
  int t = threadIdx.x, g = blockIdx.x * blockDim.x + t;
  int z = zf[g];
  b16[t] = make_int4(-1, -1, -1, -1); b8[t] = make_int2(-2, -2); b4[t] = -3;
  __syncthreads();
  __pipeline_memcpy_async(&b16[t], &src[g], 16, z & 15 ? (z & 15) : ((z & 16) ? 16 : 0));
  __pipeline_memcpy_async(&b8[(t + 3) % 64], &src8[g], 8, (z >> 5) & 7);
  __pipeline_commit();
  __pipeline_memcpy_async(&b4[63 - t], &src4[g], 4, (z >> 8) & 3);
  __pipeline_commit();
  __pipeline_wait_prior(1);
  __pipeline_wait_prior(0);
  __syncthreads();
  dst[g] = b16[(t + 1) % 64];
  dst8[g] = b8[t];
  dst4[g] = b4[t];
}
