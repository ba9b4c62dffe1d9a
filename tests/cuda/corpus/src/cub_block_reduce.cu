#include <cub/cub.cuh>
#include <cuda/functional>

template <int BLOCK, cub::BlockReduceAlgorithm ALG>
__device__ void reduce_tile(const int* in, const float* fin, int* out, float* fout, int n) {
  using BR = cub::BlockReduce<int, BLOCK, ALG>;
  using BRF = cub::BlockReduce<float, BLOCK, ALG>;
  __shared__ typename BR::TempStorage t;
  __shared__ typename BRF::TempStorage tf;
  int base = blockIdx.x * BLOCK * 4;
  int items[4];
  for (int i = 0; i < 4; ++i) {
    int k = base + threadIdx.x * 4 + i;
    items[i] = k < n ? in[k] : 0;
  }
  int s = BR(t).Sum(items);
  __syncthreads();
  int m = BR(t).Reduce(items, cuda::maximum<>{});
  __syncthreads();
  int valid = n - blockIdx.x * BLOCK;
  int x = blockIdx.x * BLOCK + threadIdx.x < n ? in[blockIdx.x * BLOCK + threadIdx.x] : 0;
  int sv = BR(t).Sum(x, valid > BLOCK ? BLOCK : valid);
  __syncthreads();
  float f = BRF(tf).Reduce(fin[blockIdx.x * BLOCK + threadIdx.x], cuda::minimum<>{});
  if (threadIdx.x == 0) {
    out[3 * blockIdx.x] = s; out[3 * blockIdx.x + 1] = m; out[3 * blockIdx.x + 2] = sv; fout[blockIdx.x] = f;
  }
}

__global__ void br_raking(const int* in, const float* fin, int* out, float* fout, int n) {
  reduce_tile<128, cub::BLOCK_REDUCE_RAKING>(in, fin, out, fout, n);
}
__global__ void br_commutative(const int* in, const float* fin, int* out, float* fout, int n) {
  reduce_tile<256, cub::BLOCK_REDUCE_RAKING_COMMUTATIVE_ONLY>(in, fin, out, fout, n);
}
__global__ void br_warp(const int* in, const float* fin, int* out, float* fout, int n) {
  reduce_tile<64, cub::BLOCK_REDUCE_WARP_REDUCTIONS>(in, fin, out, fout, n);
}

// 2-D block 16x8, double and long long
__global__ void br_2d(const double* din, const long long* lin, double* dout, long long* lout) {
  using BRD = cub::BlockReduce<double, 16, cub::BLOCK_REDUCE_WARP_REDUCTIONS, 8>;
  using BRL = cub::BlockReduce<long long, 16, cub::BLOCK_REDUCE_RAKING, 8>;
  __shared__ typename BRD::TempStorage td;
  __shared__ typename BRL::TempStorage tl;
  int t = threadIdx.y * 16 + threadIdx.x, g = blockIdx.x * 128 + t;
  double d = BRD(td).Sum(din[g]);
  long long l = BRL(tl).Reduce(lin[g], cuda::minimum<>{});
  if (t == 0) { dout[blockIdx.x] = d; lout[blockIdx.x] = l; }
}
