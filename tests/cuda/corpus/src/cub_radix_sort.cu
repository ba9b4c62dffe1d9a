#include <cub/cub.cuh>

// 128 threads x 4 int keys, ascending; float keys descending with an int value; 64-bit keys with a bit range
__global__ void rs_keys(const int* in, int* out) {
  using BRS = cub::BlockRadixSort<int, 128, 4>;
  __shared__ typename BRS::TempStorage t;
  int k[4];
  for (int i = 0; i < 4; ++i) k[i] = in[blockIdx.x * 512 + threadIdx.x * 4 + i];
  BRS(t).Sort(k);
  for (int i = 0; i < 4; ++i) out[blockIdx.x * 512 + threadIdx.x * 4 + i] = k[i];
}

__global__ void rs_pairs_float(const float* keys, float* okeys, int* ovals) {
  using BRS = cub::BlockRadixSort<float, 64, 4, int>;
  __shared__ typename BRS::TempStorage t;
  float k[4];
  int v[4];
  for (int i = 0; i < 4; ++i) {
    int g = blockIdx.x * 256 + threadIdx.x * 4 + i;
    k[i] = keys[g];
    v[i] = g;
  }
  BRS(t).SortDescendingBlockedToStriped(k, v);
  for (int i = 0; i < 4; ++i) {
    int g = blockIdx.x * 256 + i * 64 + threadIdx.x;
    okeys[g] = k[i];
    ovals[g] = v[i];
  }
}

__global__ void rs_u64_bits(const unsigned long long* keys, unsigned long long* out, unsigned* vout) {
  using BRS = cub::BlockRadixSort<unsigned long long, 32, 4, unsigned, 5>;
  __shared__ typename BRS::TempStorage t;
  unsigned long long k[4];
  unsigned v[4];
  for (int i = 0; i < 4; ++i) { k[i] = keys[threadIdx.x * 4 + i]; v[i] = threadIdx.x * 4 + i; }
  BRS(t).Sort(k, v, 8, 40);      // bits [8, 40) only: stable within equal digits
  for (int i = 0; i < 4; ++i) { out[threadIdx.x * 4 + i] = k[i]; vout[threadIdx.x * 4 + i] = v[i]; }
}
