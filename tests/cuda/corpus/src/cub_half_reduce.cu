#include <cub/cub.cuh>
#include <cuda/functional>
#include <cuda_fp16.h>
#include <cuda_bf16.h>

// 64 threads: __half and bf16 reductions and scans of small integers (exact), double min/max
__global__ void cub_half_reduce(const short* in, const double* din, __half* hout, __nv_bfloat16* bout, double* dout) {
  using BRH = cub::BlockReduce<__half, 64>;
  using BRB = cub::BlockReduce<__nv_bfloat16, 64, cub::BLOCK_REDUCE_RAKING>;
  using BSH = cub::BlockScan<__half, 64>;
  using WRD = cub::WarpReduce<double>;
  __shared__ typename BRH::TempStorage th;
  __shared__ typename BRB::TempStorage tb;
  __shared__ typename BSH::TempStorage ts;
  __shared__ typename WRD::TempStorage td[2];
  int t = threadIdx.x;
  __half h = __short2half_rn(in[t]);
  __nv_bfloat16 b = __short2bfloat16_rn(in[t] / 4);
  __half hs = BRH(th).Sum(h);
  __syncthreads();
  __half hm = BRH(th).Reduce(h, cuda::maximum<>{});
  __nv_bfloat16 bs = BRB(tb).Sum(b);
  __syncthreads();
  __nv_bfloat16 bm = BRB(tb).Reduce(b, cuda::minimum<>{});
  __half hi;
  BSH(ts).InclusiveSum(h, hi);
  double dmin = WRD(td[t / 32]).Reduce(din[t], cuda::minimum<>{});
  __syncwarp();
  double dmax = WRD(td[t / 32]).Reduce(din[t], cuda::maximum<>{});
  hout[2 + t] = hi;
  if (t == 0) { hout[0] = hs; hout[1] = hm; bout[0] = bs; bout[1] = bm; }
  if (t % 32 == 0) { dout[2 * (t / 32)] = dmin; dout[2 * (t / 32) + 1] = dmax; }
}
