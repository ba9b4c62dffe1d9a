#include <cub/cub.cuh>

template <cub::BlockHistogramAlgorithm ALG>
__device__ void hist(const unsigned char* in, unsigned* out, int n) {
  using BH = cub::BlockHistogram<unsigned char, 128, 4, 256, ALG>;
  __shared__ typename BH::TempStorage t;
  __shared__ unsigned h[256];
  unsigned char s[4];
  for (int i = 0; i < 4; ++i) s[i] = in[blockIdx.x * 512 + threadIdx.x * 4 + i];
  BH(t).Histogram(s, h);
  __syncthreads();
  for (int b = threadIdx.x; b < 256; b += 128) out[blockIdx.x * 256 + b] = h[b];
}
__global__ void hist_sort(const unsigned char* in, unsigned* out, int n) { hist<cub::BLOCK_HISTO_SORT>(in, out, n); }
__global__ void hist_atomic(const unsigned char* in, unsigned* out, int n) { hist<cub::BLOCK_HISTO_ATOMIC>(in, out, n); }

// 64 bins of unsigned short samples, composite: two tiles accumulated
__global__ void hist_composite(const unsigned short* in, int* out) {
  using BH = cub::BlockHistogram<unsigned short, 64, 4, 64, cub::BLOCK_HISTO_SORT>;
  __shared__ typename BH::TempStorage t;
  __shared__ int h[64];
  BH(t).InitHistogram(h);
  for (int tile = 0; tile < 2; ++tile) {
    unsigned short s[4];
    for (int i = 0; i < 4; ++i) s[i] = in[tile * 256 + threadIdx.x * 4 + i] % 64;
    __syncthreads();
    BH(t).Composite(s, h);
  }
  __syncthreads();
  out[threadIdx.x] = h[threadIdx.x];
}
