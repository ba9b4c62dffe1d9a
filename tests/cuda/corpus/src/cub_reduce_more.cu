#include <cub/cub.cuh>
#include <cuda/functional>

struct ArgMaxF {   // (value, index): larger value, then smaller index
  __device__ cub::KeyValuePair<int, float> operator()(const cub::KeyValuePair<int, float>& a,
                                                      const cub::KeyValuePair<int, float>& b) const {
    return (b.value > a.value || (b.value == a.value && b.key < a.key)) ? b : a;
  }
};

// 96 threads (3 warps): arg-max of floats, sums of unsigned char and short, head/tail segmented warp sums
__global__ void reduce_more(const float* fin, const unsigned char* cin, const short* sin, const int* in,
                            const int* flags, int* out, float* fout, int* seg) {
  using BRK = cub::BlockReduce<cub::KeyValuePair<int, float>, 96>;
  using BRC = cub::BlockReduce<unsigned char, 96, cub::BLOCK_REDUCE_RAKING_COMMUTATIVE_ONLY>;
  using BRS = cub::BlockReduce<short, 96, cub::BLOCK_REDUCE_WARP_REDUCTIONS>;
  using WR = cub::WarpReduce<int>;
  __shared__ typename BRK::TempStorage tk;
  __shared__ typename BRC::TempStorage tc;
  __shared__ typename BRS::TempStorage ts;
  __shared__ typename WR::TempStorage tw[3];
  int t = threadIdx.x;
  cub::KeyValuePair<int, float> kv(t, fin[t]);
  kv = BRK(tk).Reduce(kv, ArgMaxF());
  unsigned char c = BRC(tc).Sum(cin[t]);
  short s = BRS(ts).Reduce(sin[t], cuda::maximum<>{});
  if (t == 0) { out[0] = kv.key; fout[0] = kv.value; out[1] = c; out[2] = s; }
  int w = t / 32;
  int hs = WR(tw[w]).HeadSegmentedSum(in[t], flags[t]);
  __syncwarp();
  int ts2 = WR(tw[w]).TailSegmentedReduce(in[t], flags[t], cuda::maximum<>{});
  int lane = t % 32;      // the results are defined in a segment's first lane only
  if (lane == 0 || flags[t]) seg[2 * t] = hs;
  if (lane == 0 || flags[t - 1]) seg[2 * t + 1] = ts2;
}
