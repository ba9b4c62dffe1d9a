#include <cub/cub.cuh>
#include <cuda/functional>

// 100 threads (the last warp has 4 lanes): reductions and scans, integer-valued floats
__global__ void odd_block100(const int* in, int* out, float* fout, int* scans) {
  using BR = cub::BlockReduce<int, 100>;
  using BRF = cub::BlockReduce<float, 100, cub::BLOCK_REDUCE_RAKING>;
  using BS = cub::BlockScan<int, 100, cub::BLOCK_SCAN_WARP_SCANS>;
  using BSR = cub::BlockScan<int, 100, cub::BLOCK_SCAN_RAKING>;
  __shared__ typename BR::TempStorage tr;
  __shared__ typename BRF::TempStorage tf;
  __shared__ typename BS::TempStorage ts;
  __shared__ typename BSR::TempStorage tsr;
  int t = threadIdx.x, x = in[t];
  int s = BR(tr).Sum(x);
  float f = BRF(tf).Reduce((float)x, cuda::maximum<>{});
  float fs = BRF(tf).Sum((float)(x % 64));
  int e, m;
  BS(ts).ExclusiveSum(x, e);
  BSR(tsr).InclusiveScan(x, m, cuda::maximum<>{});
  if (t == 0) { out[0] = s; fout[0] = f; fout[1] = fs; }
  scans[2 * t] = e;
  scans[2 * t + 1] = m;
}

// 48 threads x 2: radix sort and exchange with a partial warp
__global__ void odd_block48(const unsigned* keys, unsigned* sorted, int* exch) {
  using BRS = cub::BlockRadixSort<unsigned, 48, 2>;
  using BE = cub::BlockExchange<int, 48, 2>;
  __shared__ typename BRS::TempStorage trs;
  __shared__ typename BE::TempStorage te;
  unsigned k[2] = {keys[2 * threadIdx.x], keys[2 * threadIdx.x + 1]};
  BRS(trs).Sort(k);
  sorted[2 * threadIdx.x] = k[0];
  sorted[2 * threadIdx.x + 1] = k[1];
  int v[2] = {(int)k[0] & 0xffff, (int)k[1] & 0xffff};
  BE(te).BlockedToStriped(v);
  exch[threadIdx.x] = v[0];
  exch[48 + threadIdx.x] = v[1];
}

// 24 threads: one logical warp of 24 (not a power of two: CUB's shared-memory warp algorithms)
__global__ void odd_warp24(const int* in, int* out) {
  using WR = cub::WarpReduce<int, 24>;
  using WS = cub::WarpScan<int, 24>;
  __shared__ typename WR::TempStorage tr;
  __shared__ typename WS::TempStorage ts;
  int x = in[threadIdx.x];
  int s = WR(tr).Sum(x);
  int m = WR(tr).Reduce(x, cuda::minimum<>{}, 17);
  int a, b;
  WS(ts).InclusiveSum(x, a);
  WS(ts).ExclusiveScan(x, b, -100000, cuda::maximum<>{});
  if (threadIdx.x == 0) { out[0] = s; out[1] = m; }
  out[2 + 2 * threadIdx.x] = a;
  out[3 + 2 * threadIdx.x] = b;
}
