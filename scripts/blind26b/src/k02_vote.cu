#include "common.h"
__global__ void vote_nested(const unsigned* in, unsigned* out) {
  int t = threadIdx.x, lane = t & 31;
  unsigned live = live_mask();
  unsigned x = in[t];
  unsigned* o = out + t * 6;
  unsigned m1 = __ballot_sync(live, x & 1);
  o[0] = m1;
  if (x & 1) {
    unsigned m2 = __ballot_sync(m1, x & 2);
    o[1] = m2;
    if (x & 2) {
      o[2] = __any_sync(m2, x & 4);
      o[3] = __all_sync(m2, x & 8);
      o[4] = __ballot_sync(m2, x & 16);
    } else {
      unsigned m3 = m1 & ~m2;
      o[2] = __all_sync(m3, x & 4) + 10;
      o[3] = __any_sync(m3, x & 8) + 10;
      o[4] = __ballot_sync(m3, lane > 10);
    }
    o[5] = __popc(__ballot_sync(m1, x & 32));
  } else {
    unsigned m3 = live & ~m1;
    o[1] = 0xdead;
    int n = (x >> 8) & 3;
    unsigned acc = 0, mi = __ballot_sync(m3, n > 0);
    for (int i = 0; i < n; i++) {
      unsigned nxt = __ballot_sync(mi, i + 1 < n);
      acc += __popc(nxt) * (i + 1) + 100 * __all_sync(mi, x & 64);
      mi = nxt;
    }
    o[2] = acc;
    o[3] = __any_sync(m3, x & 128);
    o[4] = __ballot_sync(m3, x & 4);
    o[5] = 0;
  }
}
