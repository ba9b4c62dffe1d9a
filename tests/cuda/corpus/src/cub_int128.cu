#include <cub/cub.cuh>
#include <cuda/functional>

// 64 threads: 128-bit integers through WarpReduce, WarpScan and BlockScan, and a BlockRadixSort of them
__global__ void cub_int128(const unsigned long long* in, unsigned long long* wsum, unsigned long long* scan,
                           unsigned long long* wmax, unsigned long long* sorted) {
  using WR = cub::WarpReduce<__int128>;
  using BS = cub::BlockScan<__int128, 64>;
  using WSU = cub::WarpScan<unsigned __int128>;
  using BRS = cub::BlockRadixSort<__int128, 64, 2>;
  __shared__ typename WR::TempStorage tw[2];
  __shared__ typename BS::TempStorage ts;
  __shared__ typename WSU::TempStorage tu[2];
  __shared__ typename BRS::TempStorage tr;
  int t = threadIdx.x, w = t / 32;
  __int128 x = (__int128)(((unsigned __int128)in[2 * t + 1] << 64) | in[2 * t]);
  __int128 s = WR(tw[w]).Sum(x);
  __syncwarp();
  __int128 m = WR(tw[w]).Reduce(x, cuda::maximum<>{});
  if (t % 32 == 0) {
    wsum[2 * w] = (unsigned long long)s; wsum[2 * w + 1] = (unsigned long long)(s >> 64);
    wmax[2 * w] = (unsigned long long)m; wmax[2 * w + 1] = (unsigned long long)(m >> 64);
  }
  __int128 e;
  BS(ts).ExclusiveSum(x, e);
  unsigned __int128 u;
  WSU(tu[w]).InclusiveScan((unsigned __int128)x, u, cuda::minimum<>{});
  scan[4 * t] = (unsigned long long)e; scan[4 * t + 1] = (unsigned long long)(e >> 64);
  scan[4 * t + 2] = (unsigned long long)u; scan[4 * t + 3] = (unsigned long long)(u >> 64);
  __int128 k[2] = {x, x * 3 - (__int128)t};
  __syncthreads();
  BRS(tr).Sort(k);
  for (int i = 0; i < 2; ++i) {
    sorted[4 * t + 2 * i] = (unsigned long long)k[i];
    sorted[4 * t + 2 * i + 1] = (unsigned long long)(k[i] >> 64);
  }
}
