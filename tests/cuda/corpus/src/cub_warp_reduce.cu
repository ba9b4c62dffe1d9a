#include <cub/cub.cuh>
#include <cuda/functional>

struct MinAbs {   // smallest |x|, ties to the smaller value: associative and commutative
  __device__ int operator()(int a, int b) const {
    int aa = a < 0 ? -a : a, bb = b < 0 ? -b : b;
    return (aa < bb || (aa == bb && a < b)) ? a : b;
  }
};

// block 64 (two warps), grid 2; out: 6 ints per warp, fout/dout: 1 per warp, u16: 1 per half warp
__global__ void cub_warp_reduce(const int* in, const float* fin, const double* din, int* out, float* fout,
                                double* dout, unsigned* u16, int n) {
  using WR = cub::WarpReduce<int>;
  using WRF = cub::WarpReduce<float>;
  using WRD = cub::WarpReduce<double>;
  using WR16 = cub::WarpReduce<unsigned, 16>;
  __shared__ typename WR::TempStorage t[2];
  __shared__ typename WRF::TempStorage tf[2];
  __shared__ typename WRD::TempStorage td[2];
  __shared__ typename WR16::TempStorage t16[4];
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  int w = threadIdx.x / 32, gw = tid / 32, lane = threadIdx.x % 32;
  int valid = n - gw * 32;
  valid = valid < 0 ? 0 : (valid > 32 ? 32 : valid);
  int x = tid < n ? in[tid] : 0;
  int s = WR(t[w]).Sum(x);
  __syncwarp();
  int m = WR(t[w]).Reduce(x, cuda::maximum<>{});
  __syncwarp();
  int sv = WR(t[w]).Sum(x, valid);
  __syncwarp();
  int mn = WR(t[w]).Reduce(x, MinAbs{});
  __syncwarp();
  int mv = WR(t[w]).Reduce(x, MinAbs{}, valid);
  __syncwarp();
  int mx = WR(t[w]).Reduce(x, cuda::minimum<>{}, valid);
  if (lane == 0) {
    int* o = out + gw * 6;
    o[0] = s; o[1] = m; o[2] = valid ? sv : -1; o[3] = mn; o[4] = valid ? mv : -1; o[5] = valid ? mx : -1;
  }
  float f = WRF(tf[w]).Sum(fin[tid]);
  double d = WRD(td[w]).Reduce(din[tid], cuda::maximum<>{});
  double ds = WRD(td[w]).Sum(din[tid]);
  if (lane == 0) { fout[gw] = f; dout[2 * gw] = d; dout[2 * gw + 1] = ds; }
  unsigned u = WR16(t16[threadIdx.x / 16]).Sum((unsigned)x * 2654435761u);
  if (threadIdx.x % 16 == 0) u16[tid / 16] = u;
}
