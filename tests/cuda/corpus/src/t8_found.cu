// tiny8 (session 8): the directed tests that found refused forms (decisions D8-tiny-1..-4, -7..-11): __half/__nv_bfloat16
// parameters in HFMA2/HMNMX2, a 32-bit clock(), a parameter list over 4 KiB, float/int <-> half/bf16 and
// half/bf16 rounding, comparison and absolute value of parameters
#include <cuda_fp16.h>
#include <cuda_bf16.h>
#include <cstddef>
#define T (blockIdx.x * blockDim.x + threadIdx.x)
#define L (threadIdx.x & 31)
struct Big { int v[1500]; };
extern "C" __global__ void ty_bf16(__nv_bfloat16 k, const __nv_bfloat16 *a, __nv_bfloat16 *o)
{ int t = T; o[t] = __hadd(__hmul(a[t], k), __float2bfloat16(1.0f)); }
extern "C" __global__ void hp_fma_b(__half k, const __half *a, const __half *c, __half *o)
{ int t = T; o[t] = __hfma(a[t], k, c[t]); }
extern "C" __global__ void hp_fma_c(__half k, const __half *a, const __half *b, __half *o)
{ int t = T; o[t] = __hfma(a[t], b[t], k); }
extern "C" __global__ void hp_fma_bc(__half k, __half m, const __half *a, __half *o)
{ int t = T; o[t] = __hfma(a[t], k, m); }
extern "C" __global__ void hp_fma2(__half2 k, __half2 m, const __half2 *a, __half2 *o)
{ int t = T; o[t] = __hfma2(a[t], k, m); }
extern "C" __global__ void hp_fma2_neg(__half2 k, const __half2 *a, const __half2 *c, __half2 *o)
{ int t = T; o[t] = __hfma2(__hneg2(a[t]), k, c[t]); }
extern "C" __global__ void hp_minmax(__half k, const __half *a, __half *o)
{ int t = T; o[2 * t] = __hmax(a[t], k); o[2 * t + 1] = __hmin(a[t], k); }
extern "C" __global__ void ms_clock(long long *o)
{ long long c0 = clock64(); unsigned c1 = clock(); unsigned long long g1, g2;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(g1)); o[4 * threadIdx.x + 3] = c1 - (unsigned)c0 < 0x80000000u;
  long long c2 = clock64(); asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(g2));
  o[4 * threadIdx.x] = c2 >= c0; o[4 * threadIdx.x + 1] = c2 - c0 < 1000000; o[4 * threadIdx.x + 2] = g2 >= g1; }
extern "C" __global__ void mo_bigparam(const __grid_constant__ Big p, const int *idx, int *o)
{ int t = T; o[t] = p.v[idx[t]] + p.v[1499 - t]; }
extern "C" __global__ void cp_f2bf(float f, unsigned short *o)
{ int t = T; o[2 * t] = __bfloat16_as_ushort(__float2bfloat16(f * t)); o[2 * t + 1] = __bfloat16_as_ushort(__float2bfloat16(f)) + t; }
extern "C" __global__ void cp_f2h(float f, unsigned short *o)
{ int t = T; o[t] = __half_as_ushort(__float2half(f)) ^ t; }
extern "C" __global__ void uc_i2h(int i, unsigned short *o) { o[T] = __half_as_ushort(__int2half_rn(i)) ^ T; }
extern "C" __global__ void uo_f2i16(float f, __half h, int *o) { o[2 * T] = (short)__half2short_rz(h) + T; o[2 * T + 1] = __half2int_rn(__float2half(f)) - T; }
extern "C" __global__ void u2_h2cmp(__half2 a, __half2 b, unsigned *o) { __half2 m = __hmax2(a, b); __half2 c = __hlt2(a, b); o[2 * T] = *(unsigned *)&m; o[2 * T + 1] = *(unsigned *)&c + T; }
extern "C" __global__ void u2_hround(__half h, unsigned short *o) { o[3 * T] = __half_as_ushort(hfloor(h)); o[3 * T + 1] = __half_as_ushort(hceil(h)); o[3 * T + 2] = __half_as_ushort(htrunc(h)) + T; }
extern "C" __global__ void u2_bfround(__nv_bfloat16 b, unsigned short *o) { o[2 * T] = __bfloat16_as_ushort(hfloor(b)); o[2 * T + 1] = __bfloat16_as_ushort(hrint(b)) + T; }
extern "C" __global__ void hq_abs(__half a, __nv_bfloat16 b, unsigned short *o) { o[2 * T] = __half_as_ushort(__habs(a)); o[2 * T + 1] = __bfloat16_as_ushort(__hneg(b)) + T; }
extern "C" __global__ void bq_cmp(__nv_bfloat162 a, __nv_bfloat162 b, __nv_bfloat162 *o) { o[T] = __hle2(a, b); }
