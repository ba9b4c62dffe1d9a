__global__ void gatom64(const long long* in, long long* acc, unsigned long long* olds) {
  int t = threadIdx.x, g = blockIdx.x * blockDim.x + t;
  long long v = in[g];
  unsigned long long u = (unsigned long long)v;
  unsigned long long* ua = (unsigned long long*)acc;
  atomicMin(&acc[0], v);
  atomicMax(&acc[1], v);
  atomicMin(&ua[2], u);
  atomicMax(&ua[3], u);
  atomicAnd(&ua[4], u | 0x8421842184218421ull);
  atomicOr(&ua[5], u & 0x0000F000000F0001ull);
  atomicXor(&ua[6], u);
  olds[g] = atomicExch(&ua[7], u);
  atomicAdd(&ua[8], u);
  atomicAdd_block(&ua[9 + blockIdx.x], u >> 3);
  atomicMax_system(&acc[14], v >> 1);
  atomicMin_block(&acc[15], v ^ 0x5555);
  atomicAnd_system(&ua[16], ~(1ull << (g % 50)));
}
