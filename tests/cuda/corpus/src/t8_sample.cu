// tiny8 (session 8): a sample of the directed tests -- every type, operator, conversion and intrinsic in a tiny
// kernel (the whole set: docs/decisions.md, D8-tiny-5); GPUISA_CUDA_FULL runs every launch
#include <cuda_fp16.h>
#include <cuda_bf16.h>
#include <cstddef>
#define T (blockIdx.x * blockDim.x + threadIdx.x)
#define L (threadIdx.x & 31)
#define OPS(NAME, TY, SH)                                                              \
extern "C" __global__ void NAME(const TY *a, const TY *b, TY *o)                        \
{                                                                                       \
    int t = T; TY x = a[t], y = b[t]; TY *r = o + 18 * t;                               \
    r[0] = x + y; r[1] = x - y; r[2] = x * y; r[3] = y ? x / y : (TY)1;                 \
    r[4] = y ? x % y : (TY)2; r[5] = x << (y & SH); r[6] = x >> (y & SH);               \
    r[7] = x & y; r[8] = x | y; r[9] = x ^ y; r[10] = ~x; r[11] = !x;                   \
    r[12] = x && y; r[13] = x || y; r[14] = x < y ? x : y;                              \
    r[15] = (x <= y) + 2 * (x == y) + 4 * (x != y) + 8 * (x >= y) + 16 * (x > y);       \
    r[16] = -x; r[17] = (TY)(x * 3 + 7);                                                \
}
#define FOPS(NAME, TY)                                                                   \
extern "C" __global__ void NAME(const TY *a, const TY *b, TY *o)                         \
{                                                                                        \
    int t = T; TY x = a[t], y = b[t]; TY *r = o + 10 * t;                                \
    r[0] = x + y; r[1] = x - y; r[2] = x * y; r[3] = x / y; r[4] = -x;                   \
    r[5] = x < y ? x : y; r[6] = !x; r[7] = x && y;                                      \
    r[8] = (x <= y) + 2 * (x == y) + 4 * (x != y) + 8 * (x >= y) + 16 * (x > y) + 32 * (x < y); \
    r[9] = (x != x) ? (TY)-1 : x;                                                        \
}
OPS(op_s8, signed char, 7)
OPS(op_u64, unsigned long long, 63)
FOPS(op_f32, float)
struct Pad { char c; double d; short s; int i; char c2; long long l; };
struct Ptrs { const int *src[3]; int *dst; int n; };
struct Coef { float c[4]; int n; };
extern "C" __global__ void op_mix(const int *a, const unsigned *b, const long long *c, const unsigned long long *d, long long *o)
{
    int t = T; int x = a[t]; unsigned y = b[t]; long long z = c[t]; unsigned long long w = d[t];
    long long *r = o + 8 * t;
    r[0] = x + z; r[1] = y + z; r[2] = (long long)(x * y); r[3] = (long long)x * y;
    r[4] = (long long)(w + x); r[5] = z >> (y & 63); r[6] = (long long)((unsigned long long)x * w);
    r[7] = (x < y) + 2 * (z < w) + 4 * (x < z);
}
// constant operands (immediates of every width)
extern "C" __global__ void cv_f2i(const float *a, int *o)
{ int t = T; float x = a[t]; int *r = o + 8 * t;
  r[0] = (int)x; r[1] = (int)(unsigned)x; r[2] = (int)(long long)x; r[3] = (int)((unsigned long long)x >> 32);
  r[4] = (int)(short)x; r[5] = (int)(unsigned char)x; r[6] = __float2int_rn(x); r[7] = (int)__float2uint_rd(x); }
extern "C" __global__ void cv_d2i(const double *a, long long *o)
{ int t = T; double x = a[t]; long long *r = o + 6 * t;
  r[0] = (int)x; r[1] = (unsigned)x; r[2] = (long long)x; r[3] = (long long)(unsigned long long)x;
  r[4] = __double2ll_ru(x); r[5] = __double2int_rz(x); }
extern "C" __global__ void cv_i2f(const long long *a, float *o)
{ int t = T; long long x = a[t]; float *r = o + 6 * t;
  r[0] = (float)x; r[1] = (float)(unsigned long long)x; r[2] = (float)(int)x; r[3] = (float)(unsigned)x;
  r[4] = (float)(short)x; r[5] = (float)(unsigned char)x; }
extern "C" __global__ void cv_half(const float *a, unsigned short *o, float *o2)
{ int t = T; float x = a[t]; __half h = __float2half(x); __nv_bfloat16 b = __float2bfloat16(x);
  o[2 * t] = __half_as_ushort(h); o[2 * t + 1] = __bfloat16_as_ushort(b);
  o2[2 * t] = __half2float(h); o2[2 * t + 1] = __bfloat162float(b); }
extern "C" __global__ void wp_vote_div(const int *a, unsigned *o)
{ int t = T; int x = a[t]; unsigned b = 0, m = 0;
  if (x & 1) { m = __activemask(); b = __ballot_sync(m, x > 10); }
  else { m = __activemask(); b = __ballot_sync(m, x < 10) | 0x80000000u * __all_sync(m, x >= 0); }
  o[2 * t] = b; o[2 * t + 1] = m; }
extern "C" __global__ void wp_shfl_half_mask(const int *a, int *o)
{ int t = T; int v = -1; if (L < 16) v = __shfl_down_sync(0x0000ffff, a[t], 2, 16); o[t] = v; }
extern "C" __global__ void wp_shfl_up4(const int *a, int *o)
{ int t = T; o[t] = __shfl_up_sync(0xffffffff, a[t], 1, 4) - __shfl_down_sync(0xffffffff, a[t], 3, 16) * 100; }
extern "C" __global__ void wp_match64(const long long *a, unsigned *o)
{ int t = T; unsigned v = 0; if (L & 2) v = __match_any_sync(0xcccccccc, a[t]); o[t] = v; }
extern "C" __global__ void bi_int(const unsigned *a, const unsigned *b, unsigned *o)
{ int t = T; unsigned x = a[t], y = b[t]; unsigned *r = o + 12 * t;
  r[0] = __popc(x); r[1] = __clz(x); r[2] = __ffs(x); r[3] = __brev(x); r[4] = __byte_perm(x, y, y & 0x7777);
  r[5] = __funnelshift_l(x, y, y); r[6] = __funnelshift_r(x, y, y); r[7] = __funnelshift_lc(x, y, y);
  r[8] = __umulhi(x, y); r[9] = __mulhi((int)x, (int)y); r[10] = __usad(x, y, 5u); r[11] = __mul24((int)x, (int)y); }
extern "C" __global__ void bi_ll(const unsigned long long *a, const unsigned long long *b, unsigned long long *o)
{ int t = T; unsigned long long x = a[t], y = b[t]; unsigned long long *r = o + 6 * t;
  r[0] = __popcll(x); r[1] = __clzll(x); r[2] = __ffsll(x); r[3] = __brevll(x); r[4] = __umul64hi(x, y); r[5] = __mul64hi((long long)x, (long long)y); }
extern "C" __global__ void dv_s32c(const int *a, int *o)
{ int t = T; int x = a[t]; int *r = o + 12 * t;
  r[0] = x / 2; r[1] = x / -2; r[2] = x / 3; r[3] = x / -7; r[4] = x / 8; r[5] = x / -1024;
  r[6] = x % 2; r[7] = x % -3; r[8] = x % 16; r[9] = x % 1000000007; r[10] = x / 0x40000000; r[11] = x % -8; }
extern "C" __global__ void dv_s64v(const long long *a, const long long *b, long long *o)
{ int t = T; long long x = a[t], y = b[t]; o[2 * t] = x / y; o[2 * t + 1] = x % y; }
extern "C" __global__ void dv_f32(const float *a, const float *b, float *o)
{ int t = T; float x = a[t], y = b[t]; float *r = o + 5 * t;
  r[0] = x / y; r[1] = x / 3.0f; r[2] = x / 0.25f; r[3] = fmodf(x, y); r[4] = remainderf(x, y); }
extern "C" __global__ void dv_param(int d, unsigned ud, long long ld, const int *a, long long *o)
{ int t = T; int x = a[t]; long long *r = o + 4 * t; r[0] = x / d; r[1] = x % d; r[2] = (unsigned)x / ud; r[3] = (x * 1000003LL) / ld; }
extern "C" __global__ void mf_exact(const float *a, const float *b, float *o)
{ int t = T; float x = a[t], y = b[t]; float *r = o + 14 * t;
  r[0] = sqrtf(x); r[1] = floorf(x); r[2] = ceilf(x); r[3] = truncf(x); r[4] = roundf(x); r[5] = rintf(x);
  r[6] = fminf(x, y); r[7] = fmaxf(x, y); r[8] = copysignf(x, y); r[9] = fabsf(x); r[10] = fmaf(x, y, -x);
  r[11] = ldexpf(x, 3); r[12] = fdimf(x, y); r[13] = nearbyintf(x); }
extern "C" __global__ void mf_frexp(const float *a, float *o, int *e)
{ int t = T; int ex; float ip; o[3 * t] = frexpf(a[t], &ex); e[2 * t] = ex; e[2 * t + 1] = ilogbf(a[t]);
  o[3 * t + 1] = modff(a[t], &ip); o[3 * t + 2] = ip; }
extern "C" __global__ void mf_trans(const float *a, float *o)
{ int t = T; float x = a[t]; float *r = o + 10 * t;
  r[0] = expf(x); r[1] = logf(x); r[2] = sinf(x); r[3] = cosf(x); r[4] = exp2f(x); r[5] = log2f(x);
  r[6] = cbrtf(x); r[7] = tanhf(x); r[8] = atanf(x); r[9] = rsqrtf(x); }
extern "C" __global__ void md_exact(const double *a, const double *b, double *o)
{ int t = T; double x = a[t], y = b[t]; double *r = o + 10 * t;
  r[0] = sqrt(x); r[1] = floor(x); r[2] = ceil(x); r[3] = trunc(x); r[4] = round(x); r[5] = fmin(x, y); r[6] = fmax(x, y);
  r[7] = fma(x, y, 1.0); r[8] = copysign(x, y); r[9] = rint(x); }
extern "C" __global__ void at_int(const int *a, int *r)
{ int x = a[T]; atomicMax(&r[0], x); atomicMin(&r[1], x); atomicMax((unsigned *)&r[2], (unsigned)x); atomicMin((unsigned *)&r[3], (unsigned)x);
  atomicAnd(&r[4], x | 0x10); atomicOr(&r[5], x & 0x1111); atomicXor(&r[6], x); atomicSub(&r[7], x);
  atomicInc((unsigned *)&r[8], 10u); atomicDec((unsigned *)&r[9], 7u); atomicExch(&r[10], 5); atomicAdd(&r[11], 1); }
extern "C" __global__ void at_fexch(const float *a, float *r, float *old)
{ old[T] = atomicExch(&r[T + 1], a[T]); atomicAdd(&r[0], -a[T]); }
extern "C" __global__ void at_cas16(unsigned short *h)
{ unsigned short o = h[threadIdx.x & 1], n;
  do { n = o; o = atomicCAS(&h[threadIdx.x & 1], n, (unsigned short)(n + 3)); } while (o != n); }
extern "C" __global__ void ms_local_dyn(const int *idx, int *o)
{ int t = T; float f[8]; char c[13]; for (int i = 0; i < 8; i++) f[i] = i * 0.5f; for (int i = 0; i < 13; i++) c[i] = (char)(i * 7);
  int k = idx[t]; f[k & 7] += 3.0f; c[k % 13] = 100; o[t] = (int)(f[(k + 1) & 7] * 2 + f[k & 7]) + c[k % 13] + c[(k + 4) % 13]; }
extern "C" __global__ void ms_grid3d(int *o)
{ int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y, z = blockIdx.z * blockDim.z + threadIdx.z;
  int W = gridDim.x * blockDim.x, H = gridDim.y * blockDim.y;
  o[(z * H + y) * W + x] = (x << 16) | (y << 8) | z; }
extern "C" __global__ void ms_dshared2(const double *a, double *o, int n)
{ extern __shared__ double dsh[]; double *d = dsh; int *iv = (int *)(dsh + n); int t = threadIdx.x;
  d[t] = a[t]; iv[t] = t * t; __syncthreads(); o[t] = d[(t + 3) % n] + iv[n - 1 - t]; }
extern "C" __global__ void ms_switch(const int *a, int *o)
{ int t = T; int x = a[t], r;
  switch (x & 15) { case 0: r = x; break; case 1: r = -x; break; case 2: r = x * 2; break; case 3: r = x ^ 7; break;
    case 4: r = x + 4; case 5: r = 55; break; case 6: r = x >> 1; break; case 7: r = 7; break; case 9: r = x * x; break;
    case 10: r = x - 10; break; case 11: r = 11; break; case 12: r = x | 12; break; default: r = -1; }
  o[t] = r; }
extern "C" __global__ void mo_partial_warp(const int *a, unsigned *o)
{ int t = threadIdx.x; unsigned m = __activemask(); unsigned b = __ballot_sync(m, a[t] > 0);
  #if __CUDA_ARCH__ >= 800
  int s = __reduce_add_sync(m, a[t]);
#else
  __shared__ int acc; if (t == 0) acc = 0; __syncwarp(m); atomicAdd(&acc, a[t]); __syncwarp(m); int s = acc;
#endif
  int v = __shfl_sync(m, a[t], 0);
  o[3 * t] = m; o[3 * t + 1] = b; o[3 * t + 2] = (unsigned)(s * 7 + v); }
extern "C" __global__ void mo_z(int *o)
{ int t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  int b = blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z);
  o[b * blockDim.x * blockDim.y * blockDim.z + t] = threadIdx.z * 100 + blockIdx.z * 10000 + blockIdx.y * 1000 + threadIdx.y; }
extern "C" __global__ void mo_f2h_modes(const float *a, unsigned short *o)
{ int t = T; float x = a[t]; unsigned short *r = o + 8 * t;
  r[0] = __half_as_ushort(__float2half_rz(x)); r[1] = __half_as_ushort(__float2half_rd(x)); r[2] = __half_as_ushort(__float2half_ru(x));
  r[3] = __bfloat16_as_ushort(__float2bfloat16_rz(x)); r[4] = __bfloat16_as_ushort(__float2bfloat16_rd(x)); r[5] = __bfloat16_as_ushort(__float2bfloat16_ru(x));
  r[6] = __half_as_ushort(__double2half((double)x * 1.0000001)); r[7] = __half_as_ushort(__float2half_rn(x)); }
extern "C" __global__ void mo_local_wide(const long long *a, const int *k, long long *o)
{ int t = T; long long v[12]; double d[6];
  for (int i = 0; i < 12; i++) v[i] = a[t] * (i + 1);
  for (int i = 0; i < 6; i++) d[i] = (double)v[2 * i] * 0.5;
  int j = k[t]; v[j % 12] += 1; d[j % 6] -= 1.0; o[t] = v[(j + 3) % 12] + v[j % 12] + (long long)d[(j + 1) % 6] + (long long)d[j % 6]; }
extern "C" __global__ void up_s64(long long a, long long b, long long *o)
{ int t = T; long long r[12] = {a + b, a - b, a * b, a / b, a % b, a >> (b & 63), a << (b & 63), min(a, b), max(a, b), __popcll(a), __ffsll(a), (a < b) + 2 * (a == b)}; o[t] = r[t % 12] + t; }
extern "C" __global__ void up_cvt(float f, double d, int i, long long l, unsigned u, unsigned long long ul, double *o)
{ int t = T; double r[12] = {(double)(int)f, (double)(long long)d, (double)(float)i, (double)(float)l, (double)(float)u, (double)(float)ul,
    (double)(double)l, (double)ul, (double)(unsigned)f, (double)(float)d, (double)__float2int_rn(f), (double)__double2uint_rz(d)}; o[t] = r[t % 12]; }
extern "C" __global__ void cp_bits(unsigned u, int i, unsigned *o)
{ int t = T; unsigned *r = o + 8 * t; r[0] = __popc(u) + t; r[1] = __clz(i) * t; r[2] = __brev(u) ^ t; r[3] = abs(i) + t;
  r[4] = __funnelshift_l(t, t * 7, u); r[5] = (u << 20) >> 20 ^ t; r[6] = ((1u << (u & 31)) - 1) ^ t; r[7] = (unsigned)((i << 12) >> 12) + t; }
extern "C" __global__ void cp_dminmax(double a, const double *x, double *o)
{ int t = T; o[3 * t] = fmax(x[t], a); o[3 * t + 1] = fmin(a, x[t]); o[3 * t + 2] = x[t] > a ? x[t] : a; }
extern "C" __global__ void a2_u64_sh(const unsigned long long *a, unsigned long long *o, unsigned long long *old)
{ __shared__ unsigned long long s[6]; int t = threadIdx.x; if (t < 6) s[t] = t == 2 ? ~0ULL : t == 4 ? 7ULL : t == 5 ? ~0ULL : 0ULL; __syncthreads();
  unsigned long long x = a[T];
  unsigned long long p0 = atomicAdd(&s[0], x), p1 = atomicMax(&s[1], x), p2 = atomicMin(&s[2], x), p3 = atomicOr(&s[3], x & 0xf0f0);
  atomicXor(&s[4], x); unsigned long long p5 = atomicAnd(&s[5], x | 1); __syncthreads();
  old[T] = (p1 <= s[1]) + 2 * (p2 >= s[2]) + 4 * ((p3 & ~s[3]) == 0) + 8 * ((s[5] & ~p5) == 0) + 16 * (p0 <= s[0]);
  if (t < 6) o[blockIdx.x * 6 + t] = s[t]; }
extern "C" __global__ void a2_scoped(const int *a, int *r)
{ int x = a[T]; atomicAdd_block(&r[0], x); atomicAdd_system(&r[1], x); atomicMax_block(&r[2], x); atomicOr_system(&r[3], x & 0xff);
  atomicExch_block(&r[4], 9); atomicCAS_system(&r[5], 0, 1); atomicInc_block((unsigned *)&r[6], 100u); atomicMin_system(&r[7], x); }
extern "C" __global__ void cf_i128(const unsigned long long *a, const unsigned long long *b, unsigned long long *o)
{ int t = T; unsigned __int128 x = a[t], y = b[t]; unsigned __int128 p = x * y + (x << 64 >> 3); __int128 q = (__int128)(long long)a[t] * (long long)b[t];
  o[4 * t] = (unsigned long long)p; o[4 * t + 1] = (unsigned long long)(p >> 64); o[4 * t + 2] = (unsigned long long)q; o[4 * t + 3] = (unsigned long long)(q >> 64); }
extern "C" __global__ void cf_i128div(const unsigned long long *a, unsigned long long d, unsigned long long *o)
{ int t = T; unsigned __int128 x = ((unsigned __int128)a[t] << 64) | a[(t + 1) & 31]; o[2 * t] = (unsigned long long)(x / d); o[2 * t + 1] = (unsigned long long)(x % d); }
extern "C" __global__ void cf_goto(const int *a, int *o)
{ int t = T; int x = a[t], k = 0;
again: if (x > 100) { x -= 37; k++; goto again; } if (x < -100) { x += 91; k++; goto again; } o[t] = x + k * 1000; }
extern "C" __global__ void ty_struct(Pad p, long long *o)
{ int t = threadIdx.x;
  long long v[6] = {p.c, (long long)(p.d * 4), p.s, p.i, p.c2, p.l};
  o[t] = v[t % 6] + t; }
extern "C" __global__ void ty_ptrarr(Ptrs p)
{ int t = T; if (t < p.n) p.dst[t] = p.src[0][t] + 2 * p.src[1][t] + 3 * p.src[2][t]; }
extern "C" __global__ void ty_gridconst(const __grid_constant__ Coef k, const float *x, float *o)
{ int t = T; if (t < k.n) { const float *c = k.c; o[t] = c[t & 3] * x[t] + c[(t + 1) & 3]; } }
