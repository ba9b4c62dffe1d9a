#pragma once
__device__ __forceinline__ unsigned live_mask() {
  int wb = threadIdx.x & ~31; int nl = min(32, (int)blockDim.x - wb);
  return nl == 32 ? 0xffffffffu : ((1u << nl) - 1);
}
