#include "common.h"
__global__ void redux_k(const unsigned* in, unsigned* out) {
  int t = threadIdx.x, g = blockIdx.x * blockDim.x + t;
  unsigned live = live_mask();
  unsigned u = in[g];
  int s = (int)u;
  unsigned* o = out + g * 5;
  o[0] = __reduce_add_sync(live, u);
  unsigned m = __ballot_sync(live, u & 1);
  if (u & 1) {
    o[1] = __reduce_min_sync(m, s);
    o[2] = __reduce_max_sync(m, s);
    o[3] = __reduce_min_sync(m, u);
    o[4] = __reduce_max_sync(m, u);
  } else {
    unsigned m2 = live & ~m;
    o[1] = __reduce_and_sync(m2, u);
    o[2] = __reduce_or_sync(m2, u);
    o[3] = __reduce_xor_sync(m2, u);
    unsigned b2 = __ballot_sync(m2, u & 2);
    if (u & 2) { unsigned m3 = m2 & b2; o[4] = __reduce_add_sync(m3, (unsigned)s * 3u) ^ __reduce_max_sync(m3, -s); }
    else { unsigned m3 = m2 & ~b2; o[4] = __reduce_min_sync(m3, -s); }
  }
}
