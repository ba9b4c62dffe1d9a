// Warp intrinsics and memory styles (issue 11, third discovery round): shuffles with partial
// masks and widths 4/8/16, __activemask, __syncwarp(mask); __match_any_sync / __match_all_sync on
// 64-bit keys; 64-bit atomicMin/atomicMax, a 16-bit add through 32-bit atomicCAS, __threadfence;
// extern __shared__ with a volatile view, float4/uint4/char4 loads and stores (sm_120 forms
// `(t + 1) % blockDim.x` with UI2F.U16 / UFSETP / UFSEL); __float2half_rn arrays; CUDA math
// functions (norm3df, rhypotf, sincospif, erfcinvf, lgammaf, tgammaf, cbrtf, j0f, y1f; their
// divisions check `FCHK P0, -R11, R10`), double fma / directed roundings and __double2int_* ;
// float math on kernel parameters (a struct, float, short, long long), which sm_90/sm_120 do in
// uniform registers: `FFMA R0, -R7, R7, |UR4|` (sqrtf(fabsf(p))), UF2I, UFRND.
#include <cuda_fp16.h>
__global__ void shfl_part(const int *in, int *out) {
    int t = threadIdx.x, lane = t & 31;
    int v = in[t];
    unsigned m = __ballot_sync(0xffffffffu, v & 1);
    int r = 0;
    if (v & 1) {
        unsigned am = __activemask();
        r = __shfl_sync(am, v, __ffs(am) - 1);          // first odd lane's value
        r += __popc(am) * 1000;
    }
    int w8 = __shfl_down_sync(0xffffffffu, v, 1, 8);       // width 8
    int x4 = __shfl_xor_sync(0xffffffffu, v, 2, 4);        // width 4
    int u16 = __shfl_up_sync(0xffffffffu, v, 3, 16);
    int i8 = __shfl_sync(0xffffffffu, v, 5, 8);
    out[t * 6 + 0] = r;
    out[t * 6 + 1] = w8;
    out[t * 6 + 2] = x4;
    out[t * 6 + 3] = u16;
    out[t * 6 + 4] = i8;
    out[t * 6 + 5] = (int)m;
    if (lane < 16) {
        __syncwarp(0x0000ffffu);
        int h = __shfl_xor_sync(0x0000ffffu, v, 8);
        out[t * 6 + 2] += h;
    }
}

__global__ void match64(const unsigned long long *keys, unsigned *out) {
    int t = threadIdx.x;
    unsigned long long k = keys[t];
    unsigned any = __match_any_sync(0xffffffffu, k);
    int pred;
    unsigned all = __match_all_sync(0xffffffffu, k >> 60, &pred);
    out[t * 2] = any;
    out[t * 2 + 1] = all ^ (pred << 5);
}

__global__ void atom64mm(const long long *in, long long *smin, unsigned long long *umax, unsigned *words, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    long long v = in[i];
    atomicMin(smin + (i & 3), v);
    atomicMax(umax + (i & 3), (unsigned long long)v);
    // 16-bit add through 32-bit CAS

    int idx = i % 6;
    unsigned *w = words + (idx >> 1);
    int sh = (idx & 1) * 16;
    unsigned old = *w, assumed;
    do {
        assumed = old;
        unsigned short cur = (assumed >> sh) & 0xffff;
        unsigned short nv = cur + (unsigned short)(v & 0x7ff);
        old = atomicCAS(w, assumed, (assumed & ~(0xffffu << sh)) | ((unsigned)nv << sh));
    } while (old != assumed);
    __threadfence();

}

__global__ void dynsh(const float4 *in, float4 *out, uint4 *uo, char4 *co, int n) {
    extern __shared__ float4 buf[];
    volatile int *vs = reinterpret_cast<volatile int *>(buf + blockDim.x);
    int t = threadIdx.x;
    buf[t] = in[blockIdx.x * blockDim.x + t];
    if (t < 32) vs[t] = t;
    __syncthreads();
    float4 a = buf[(t + 1) % blockDim.x];
    if (t < 32) { vs[t] += vs[(t + 1) & 31]; }
    __syncwarp();
    float4 r = make_float4(a.x + a.w, a.y * 2.f, a.z - a.x, a.w);
    out[blockIdx.x * blockDim.x + t] = r;
    uint4 u = make_uint4(__float_as_uint(a.x), t, t < 32 ? vs[t] : -1, n);
    uo[blockIdx.x * blockDim.x + t] = u;
    co[blockIdx.x * blockDim.x + t] = make_char4((char)t, (char)(t * 3), (char)(-t), (char)(n + t));
}

__global__ void halfarr(const float *in, __half *out, float *back, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        __half h = __float2half_rn(in[i]);
        out[i] = h;
        back[i] = __half2float(h) + __half2float(__float2half_rz(in[i]));
    }
}
__global__ void mathf(const float *__restrict__ x, float *__restrict__ o, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float v = x[i];
    float s, c;
    sincospif(v, &s, &c);
    float *r = o + i * 10;
    r[0] = norm3df(v, v * 0.5f, 2.0f - v);
    r[1] = rhypotf(v, 1.5f);
    r[2] = s;
    r[3] = c;
    r[4] = erfcinvf(fminf(fabsf(v) * 0.25f + 0.01f, 1.99f));
    r[5] = lgammaf(fabsf(v) + 0.1f);
    r[6] = tgammaf(v * 0.7f + 0.3f);
    r[7] = cbrtf(v * 100.f);
    r[8] = j0f(v * 3.f);
    r[9] = y1f(fabsf(v) + 0.2f);
}
__global__ void mathd(const double *x, double *o, int *io, long long *lo, unsigned *uo, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    double v = x[i];
    o[i * 3] = fma(v, v * 1.1, -0.5);
    o[i * 3 + 1] = rcbrt(v + 3.0) + norm3d(v, 1.0, 2.0);
    o[i * 3 + 2] = __fma_rz(v, 3.3, 1.0) - __dmul_ru(v, 0.1);
    io[i * 4] = __double2int_rn(v * 1e9);
    io[i * 4 + 1] = __double2int_rz(v * 7.5);
    io[i * 4 + 2] = __double2int_ru(v * 7.5);
    io[i * 4 + 3] = __double2int_rd(v * 7.5);
    lo[i * 2] = __double2ll_rn(v * 1e12);
    lo[i * 2 + 1] = __double2ll_rd(v * -3e18);
    uo[i * 2] = __double2uint_rn(v * 1e9);
    uo[i * 2 + 1] = __float2uint_ru((float)v * 3.f);
}
struct P { float a, b; double d; int n; unsigned u; };
__global__ void unif(float *o, double *od, int *oi, P p, float s, int k, unsigned short hs, long long ll) {
    int t = threadIdx.x;
    float bd = (float)blockDim.x;
    float q = p.a / p.b;                       // uniform division
    float r = sqrtf(fabsf(s)) + rsqrtf(p.a * p.a + 1.f);
    float m = fminf(p.a, s) + fmaxf(p.b, bd);
    int ci = __float2int_rn(p.a * 10.f) + (int)(s * 3.f) + __float2int_rz(bd / 3.f);
    unsigned cu = __float2uint_rd(fabsf(p.b) * 100.f) + (unsigned)k % p.u + p.u / 7u;
    float f = (float)k * 0.5f + (float)p.n + (float)hs + (float)ll;
    double dd = p.d * (double)s + (double)k / 3.0 + sqrt(fabs(p.d));
    float e = __expf(p.a) + __logf(fabsf(p.b) + 1.f) + __sinf(s) + exp2f(p.a) + floorf(s * 2.5f) + truncf(p.b) + ceilf(p.a);
    bool c1 = p.a < s, c2 = isnan(p.b), c3 = p.d > 1.0;
    o[t * 6] = q + t;
    o[t * 6 + 1] = r * t;
    o[t * 6 + 2] = m - t;
    o[t * 6 + 3] = f + (c1 ? 1.f : 2.f) + (c2 ? 10.f : 20.f) + (c3 ? 100.f : 200.f);
    o[t * 6 + 4] = e + t;
    o[t * 6 + 5] = __int_as_float(__float_as_int(p.a) ^ t) + (float)(p.d) + __half2float(__float2half(s));
    od[t] = dd * t + (double)p.a;
    oi[t * 2] = ci + t;
    oi[t * 2 + 1] = (int)cu ^ t;
}
