__global__ void namedbar_k(const int* in, int* out, int n) {
  __shared__ int buf[2][64];
  __shared__ int red[4];
  int t = threadIdx.x, w = t >> 5, g = blockIdx.x * blockDim.x + t;
  int acc = 0;
  for (int it = 0; it < 6; it++) {
    int id = 1 + (it & 1);
    if (w < 2) {           // producers: warps 0,1
      buf[it & 1][t] = in[(g + it * 17) % n] * (it + 1);
      asm volatile("bar.arrive %0, 128;" :: "r"(id));
      asm volatile("bar.sync 3, 64;");     // producers-only barrier, before overwriting next buffer
    } else {               // consumers: warps 2,3
      asm volatile("bar.sync %0, 128;" :: "r"(id));
      acc += buf[it & 1][(t - 64 + it * 5) % 64];
    }
  }
  __syncthreads();
  // early exit of part of the block, then a barrier among the rest
  if (t >= 100) { out[g] = acc; return; }
  if (t == 0) { red[0] = 0; red[1] = 0; }
  __syncthreads();
  atomicAdd(&red[0], acc);
  atomicMax(&red[1], t);
  __syncthreads();
  out[g] = acc + red[0] * 3 + red[1] * 100000;
}
