#include "common.h"
__global__ void shfl_partial(const int* in, int* out) {
  int t = threadIdx.x, g = blockIdx.x * blockDim.x + t, lane = t & 31;
  int wb = t & ~31, nl = min(32, (int)blockDim.x - wb);
  unsigned live = live_mask();
  unsigned odd = live & 0xAAAAAAAAu, even = live & 0x55555555u;
  int v = in[g];
  int* o = out + g * 8;
  long long x = ((long long)v << 32) | (unsigned)(v * 7 + lane);
  if (lane & 1) {
    o[0] = __shfl_xor_sync(odd, v, 2);
    o[1] = __shfl_down_sync(odd, v, 4, 8);
    o[2] = __shfl_up_sync(odd, v, 6, 16);
    o[3] = __shfl_sync(odd, v, lane + 34, 16);
    o[4] = __shfl_xor_sync(odd, v, 16, 16);
    o[5] = __shfl_sync(odd, v, nl - 33);
    long long r = __shfl_xor_sync(odd, x, 4);
    o[6] = (int)r; o[7] = (int)(r >> 32);
  } else {
    o[0] = __shfl_xor_sync(even, v, 6, 8);
    o[1] = __shfl_sync(even, v, lane * 3 + 64, 8);
    o[2] = __shfl_down_sync(even, v, 2, 16);
    o[3] = __shfl_up_sync(even, v, 4);
    o[4] = __shfl_xor_sync(even, v, 8, 4);
    if ((lane & 3) == 0) {
      unsigned m4 = live & 0x11111111u;
      o[5] = __shfl_sync(m4, v * 2, (lane + 4) & (nl - 1));
    } else {
      unsigned m2 = live & 0x44444444u;
      o[5] = __shfl_up_sync(m2, v, 4) + 1000000;
    }
    double d = __longlong_as_double(x);
    double r = __shfl_sync(even, d, lane ^ 2);
    long long rb = __double_as_longlong(r);
    o[6] = (int)rb; o[7] = (int)(rb >> 32);
  }
}
