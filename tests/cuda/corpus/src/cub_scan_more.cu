#include <cub/cub.cuh>
#include <cuda/functional>

struct Affine {   // (a, b): x -> a * x + b, composed left to right (associative, not commutative)
  int a, b;
};
struct Compose {
  __device__ Affine operator()(const Affine& f, const Affine& g) const { return {f.a * g.a, g.a * f.b + g.b}; }
};

// 3-D block 8x4x2: inclusive scan of a non-commutative struct operator, RAKING_MEMOIZE
__global__ void scan_affine(const int* in, int* out) {
  using BS = cub::BlockScan<Affine, 8, cub::BLOCK_SCAN_RAKING_MEMOIZE, 4, 2>;
  __shared__ typename BS::TempStorage t;
  int lt = (threadIdx.z * 4 + threadIdx.y) * 8 + threadIdx.x;
  Affine f{in[2 * lt] % 3 + 1, in[2 * lt + 1]}, r, agg;
  BS(t).InclusiveScan(f, r, Compose(), agg);
  out[3 * lt] = r.a;
  out[3 * lt + 1] = r.b;
  out[3 * lt + 2] = agg.b;
}

// unsigned long long exclusive scans over 3 tiles with a running prefix, 96 threads (3 warps), WARP_SCANS
struct RunMax {
  unsigned long long run;
  __device__ unsigned long long operator()(unsigned long long tile) { unsigned long long o = run; run = run > tile ? run : tile; return o; }
};
__global__ void scan_tiles_u64(const unsigned long long* in, unsigned long long* out, int tiles) {
  using BS = cub::BlockScan<unsigned long long, 96, cub::BLOCK_SCAN_WARP_SCANS>;
  __shared__ typename BS::TempStorage t;
  RunMax p{5};
  for (int k = 0; k < tiles; ++k) {
    unsigned long long x = in[k * 96 + threadIdx.x], y;
    BS(t).ExclusiveScan(x, y, cuda::maximum<>{}, p);
    __syncthreads();
    out[k * 96 + threadIdx.x] = y;
  }
}

// WarpScan<double>::Scan (inclusive and exclusive at once) and Broadcast; short sums in 4-thread warps
__global__ void warp_scan_misc(const double* din, const short* sin, double* dout, short* sout) {
  using WS = cub::WarpScan<double>;
  using WS4 = cub::WarpScan<short, 4>;
  __shared__ typename WS::TempStorage t[2];
  __shared__ typename WS4::TempStorage t4[16];
  int w = threadIdx.x / 32;
  double x = din[threadIdx.x], inc, exc;
  WS(t[w]).Scan(x, inc, exc, -1.5, cuda::minimum<>{});
  double b = WS(t[w]).Broadcast(inc, 7);
  dout[3 * threadIdx.x] = inc;
  dout[3 * threadIdx.x + 1] = exc;
  dout[3 * threadIdx.x + 2] = b;
  short s = sin[threadIdx.x], si, agg;
  WS4(t4[threadIdx.x / 4]).InclusiveSum(s, si, agg);
  sout[2 * threadIdx.x] = si;
  sout[2 * threadIdx.x + 1] = agg;
}
