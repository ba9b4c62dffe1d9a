__global__ void syncpred_k(const int* in, int* out) {
  __shared__ int sh[1024];
  int t = threadIdx.x, g = blockIdx.x * blockDim.x + t;
  int v = in[g];
  int c1 = __syncthreads_count(v > 0);
  int a1 = __syncthreads_and(v != 12345);
  int o1 = __syncthreads_or(v == 777);
  int a2 = __syncthreads_and(v > -1000000);
  sh[t] = v;
  int o2 = __syncthreads_or((v & 1023) == 0);
  int nb = blockDim.x;
  int mine = sh[(t * 37 + 11) % nb];
  int c2 = __syncthreads_count(mine & 4);
  out[g * 3] = c1 + 10000 * c2;
  out[g * 3 + 1] = a1 | (o1 << 1) | (a2 << 2) | (o2 << 3);
  out[g * 3 + 2] = mine;
}
