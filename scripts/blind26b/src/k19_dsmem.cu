#include <cooperative_groups.h>
namespace cg = cooperative_groups;
__global__ void __cluster_dims__(4, 1, 1) dsmem_k(const int* in, int* out) {
  __shared__ int sm[64];
  __shared__ unsigned cnt;
  __shared__ unsigned long long mx;
  cg::cluster_group cl = cg::this_cluster();
  unsigned r = cl.block_rank();
  int t = threadIdx.x, g = blockIdx.x * blockDim.x + t;
  sm[t] = in[g];
  if (t == 0) { cnt = 0; mx = 0; }
  cl.sync();
  int* nb = cl.map_shared_rank(sm, (r + 1) % 4);
  unsigned* nc = cl.map_shared_rank(&cnt, (r + 3) % 4);
  unsigned long long* nm = cl.map_shared_rank(&mx, (t + r) % 4);
  int val = nb[(t * 5) % 64];
  atomicAdd(nc, (unsigned)val & 0xff);
  atomicMax(nm, ((unsigned long long)(unsigned)val << 8) | r);
  nb[(t * 5 + 1) % 64] += 0;  // remote read-modify-write of same value
  cl.sync();
  out[g * 4] = val;
  out[g * 4 + 1] = (int)cnt;
  out[g * 4 + 2] = (int)(r * 1000 + cl.num_blocks() * 10 + cl.block_index().x);
  out[g * 4 + 3] = (int)(mx >> 8) ^ (int)(mx & 0xff);
  cl.sync();
}
