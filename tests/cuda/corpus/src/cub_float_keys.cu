#include <cub/cub.cuh>

// 64 threads x 4: float keys with -0.0, +0.0, infinities and NaNs, ascending with values and descending;
// keys read through a cache-modified iterator (ld.global.nc), values written through st.global.cs
__global__ void cub_float_keys(const float* keys, float* asc, int* asc_v, float* desc, int* desc_v) {
  using BRS = cub::BlockRadixSort<float, 64, 4, int>;
  __shared__ typename BRS::TempStorage t;
  cub::CacheModifiedInputIterator<cub::LOAD_LDG, float> in(keys);
  cub::CacheModifiedOutputIterator<cub::STORE_CS, int> av(asc_v), dv(desc_v);
  float k[4], k2[4];
  int v[4], v2[4];
  for (int i = 0; i < 4; ++i) {
    int g = threadIdx.x * 4 + i;
    k[i] = in[g]; v[i] = g; k2[i] = k[i]; v2[i] = g;
  }
  BRS(t).Sort(k, v);
  for (int i = 0; i < 4; ++i) { asc[threadIdx.x * 4 + i] = k[i]; av[threadIdx.x * 4 + i] = v[i]; }
  __syncthreads();
  BRS(t).SortDescending(k2, v2);
  for (int i = 0; i < 4; ++i) { desc[threadIdx.x * 4 + i] = k2[i]; dv[threadIdx.x * 4 + i] = v2[i]; }
}
