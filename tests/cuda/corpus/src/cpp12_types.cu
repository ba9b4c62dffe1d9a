// cpp12: unions and bitfields, char/short/bool arrays, float4/int4/double2 vectors, a constexpr table
// indexed at run time, #pragma unroll N, fixed-point and complex classes with overloaded operators
#include <cstdint>
union Bits { float f; unsigned u; struct { unsigned short lo, hi; } h; unsigned char b[4]; };
struct Packed { unsigned a : 3; signed b : 5; unsigned c : 12; signed d : 12; };
extern "C" __global__ void unions_bits(const float *in, const unsigned *raw, unsigned *out, int *sout)
{
    int t = threadIdx.x;
    Bits x; x.f = in[t];
    out[4 * t] = x.u ^ x.h.hi;
    out[4 * t + 1] = x.b[0] + x.b[3] * 256u;
    Packed p; unsigned r = raw[t];
    p.a = r; p.b = r >> 3; p.c = r >> 8; p.d = r >> 20;
    sout[3 * t] = p.b; sout[3 * t + 1] = p.d; sout[3 * t + 2] = p.a + p.c;
    Packed q = p; q.b = q.b - 7; q.d = -q.d;
    out[4 * t + 2] = *reinterpret_cast<unsigned *>(&q);
    out[4 * t + 3] = q.b * 1000 + q.d;
}
extern "C" __global__ void narrow_arrays(const signed char *sc, const unsigned char *uc, const short *ss,
                                        const unsigned short *us, const bool *fl, int *out, signed char *o8, short *o16)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    int a = sc[t], b = uc[t], c = ss[t], d = us[t];
    out[2 * t] = fl[t] ? a * b - c : d + a;
    out[2 * t + 1] = (sc[t ^ 1] << 8) | uc[t ^ 3];
    o8[t] = (signed char)(a + b);
    o16[t] = (short)(c * 3 + d);
}
extern "C" __global__ void vec_types(const float4 *a, const int4 *b, const double2 *c, float4 *fo, int4 *io, double2 *dout)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    float4 x = a[t]; int4 y = b[t]; double2 z = c[t];
    fo[t] = make_float4(x.w + y.x, x.z * 2.0f, x.y - (float)y.z, x.x + x.y + x.z + x.w);
    io[t] = make_int4(y.w, y.z + y.y, y.x ^ t, __float_as_int(x.x));
    dout[t] = make_double2(z.y + z.x, z.x * z.y - (double)y.w);
}
// constexpr lookup tables: indexed by a runtime value (local/constant copies), a fixed-point class
#define PRIMES {2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53}
struct Fix {    // Q16.16
    int v;
    __device__ static Fix of(int i) { Fix f; f.v = i << 16; return f; }
    __device__ Fix operator+(Fix o) const { Fix r; r.v = v + o.v; return r; }
    __device__ Fix operator-(Fix o) const { Fix r; r.v = v - o.v; return r; }
    __device__ Fix operator*(Fix o) const { Fix r; r.v = (int)(((long long)v * o.v) >> 16); return r; }
    __device__ Fix operator/(Fix o) const { Fix r; r.v = (int)(((long long)v << 16) / o.v); return r; }
    __device__ bool operator<(Fix o) const { return v < o.v; }
    __device__ Fix &operator+=(Fix o) { v += o.v; return *this; }
};
struct Cplx {
    double re, im;
    __device__ Cplx operator*(const Cplx &o) const { return {re * o.re - im * o.im, re * o.im + im * o.re}; }
    __device__ Cplx operator+(const Cplx &o) const { return {re + o.re, im + o.im}; }
};
extern "C" __global__ void tables_ops(const int *in, int *out, double *cout)
{
    int t = threadIdx.x;
    int k = in[t];
    constexpr int kPrimes[16] = PRIMES;
    int tab[16];
    #pragma unroll
    for (int i = 0; i < 16; ++i) tab[i] = kPrimes[i] * (k & 7) + i;
    out[4 * t] = kPrimes[k & 15] + tab[(k >> 4) & 15];
    Fix a; a.v = k * 977; Fix b = Fix::of(3);
    Fix s = a * b - Fix::of(1);
    if (s < Fix::of(0)) s += Fix::of(100);
    out[4 * t + 1] = s.v;
    out[4 * t + 2] = (a / (b + Fix::of(k & 3))).v;
    int acc = 0;
    #pragma unroll 3
    for (int i = 0; i < (k & 31); ++i) acc = acc * 3 + kPrimes[(i + k) & 15];
    out[4 * t + 3] = acc;
    Cplx z = {k * 0.001, -0.5}, w = {1.0, 0.0};
    for (int i = 0; i < 5; ++i) w = w * z + Cplx{0.25, (double)i};
    cout[2 * t] = w.re; cout[2 * t + 1] = w.im;
}
