#include "common.h"
__global__ void syncwarp_k(const int* in, int* out) {
  __shared__ int s[1024];
  __shared__ int s2[1024];
  __shared__ int s3[1024];
  int t = threadIdx.x, lane = t & 31, wb = t & ~31;
  int nl = min(32, (int)blockDim.x - wb);
  unsigned live = live_mask();
  int v = in[t];
  int r0, r1, r2;
  if (lane & 1) { s[t] = v * 3; __syncwarp(live); r0 = s[wb + (lane + 1) % nl]; }
  else { s[t] = v + 7; __syncwarp(live); r0 = s[wb + (lane + 1) % nl]; }
  __syncwarp(live);
  if (lane < 16) {
    s2[t] = v ^ 0x55;
    unsigned m = live & 0xffffu;
    if (lane < 8) { __syncwarp(m); r1 = s2[wb + (lane + 5) % min(16, nl)]; }
    else { __syncwarp(m); r1 = s2[wb + (lane + 5) % min(16, nl)] * 2; }
  } else r1 = -1;
  // warp-synchronous tree reduction with __syncwarp between steps
  s3[t] = v;
  __syncwarp(live);
  for (int off = 16; off > 0; off >>= 1) {
    int add = (lane < off && lane + off < nl) ? s3[t + off] : 0;
    __syncwarp(live);
    s3[t] += add;
    __syncwarp(live);
  }
  r2 = s3[wb];
  out[t * 3] = r0; out[t * 3 + 1] = r1; out[t * 3 + 2] = r2;
}
