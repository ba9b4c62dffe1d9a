#include <cuda_fp16.h>
#include <cuda_bf16.h>
struct Slots { __half2* h2; __nv_bfloat162* b2; float* f; double* d; unsigned long long* u; long long* s; unsigned* w; unsigned long long* x; };
__device__ __noinline__ void gen_atoms(Slots p, int a, int b) {
  atomicAdd(p.h2, __halves2half2(__int2half_rn(a), __int2half_rn(b)));
  atomicAdd(p.b2, __halves2bfloat162(__int2bfloat16_rn(b), __int2bfloat16_rn(a)));
  atomicAdd(p.f, (float)a);
  atomicAdd(p.d, (double)b * 0.5);
  atomicMax(p.u, (unsigned long long)(a * 1000 + b + 5000) << 20);
  atomicMin(p.s, (long long)a * b - 7);
  atomicInc(p.w, 10u);
  atomicXor(p.x, 1ull << ((a + 64) % 64));
}
__device__ __noinline__ unsigned classify(const void* p) {
  return (unsigned)__isShared(p) | ((unsigned)__isGlobal(p) << 1) | ((unsigned)__isLocal(p) << 2) | ((unsigned)__isConstant(p) << 3);
}
__constant__ int cst[4] = {1, 2, 3, 4};
__global__ void gen_atom(const int* in, unsigned* flags, __half2* gh2, __nv_bfloat162* gb2, float* gf, double* gd,
                         unsigned long long* gu, long long* gs, unsigned* gw, unsigned long long* gx, unsigned long long* outsh) {
  extern __shared__ unsigned long long dyn[];
  __shared__ __half2 sh2; __shared__ __nv_bfloat162 sb2; __shared__ float sf; __shared__ double sd;
  __shared__ unsigned long long su; __shared__ long long ss; __shared__ unsigned sw; __shared__ unsigned long long sx;
  int t = threadIdx.x, g = blockIdx.x * blockDim.x + t;
  if (t == 0) {
    sh2 = __halves2half2(__int2half_rn(1), __int2half_rn(-2)); sb2 = __halves2bfloat162(__int2bfloat16_rn(3), __int2bfloat16_rn(0));
    sf = 0.25f; sd = -1.0; su = 3; ss = 1000000; sw = 4; sx = 0xF0;
  }
  dyn[t] = (unsigned long long)g * 3;
  __syncthreads();
  int v = in[g];
  int a = (v % 9) - 4, b = ((v / 9) % 7) - 3;
  Slots S = {&sh2, &sb2, &sf, &sd, &su, &ss, &sw, &sx};
  Slots G = {gh2, gb2, gf, gd, gu, gs, gw, gx};
  if (t & 1) gen_atoms(S, a, b); else gen_atoms(G, a, b);
  unsigned long long* dp = &dyn[(t * 7) % blockDim.x];
  atomicAdd(dp, (unsigned long long)v);
  int loc[3] = {v, a, b};
  flags[g] = classify(&sh2) | (classify(gh2) << 4) | (classify(&loc[t % 3]) << 8) | (classify(dp) << 12) | (classify(&cst[t & 3]) << 16);
  __syncthreads();
  if (t == 0) {
    unsigned long long* o = outsh + blockIdx.x * 8;
    o[0] = *(unsigned*)&sh2; o[1] = *(unsigned*)&sb2; o[2] = __float_as_uint(sf); o[3] = __double_as_longlong(sd);
    o[4] = su; o[5] = (unsigned long long)ss; o[6] = sw; o[7] = sx;
  }
  outsh[gridDim.x * 8 + g] = dyn[t];
}
