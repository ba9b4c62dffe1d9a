// cpp12: __grid_constant__ parameters whose address is taken (cvta.param: a generic pointer into
// the parameter space, also past 4 KiB), member function pointers (virtual and not), a 196-byte struct
// by value to and from a __noinline__ call, deep recursion with a local array per frame, CRTP,
// if constexpr and an indirect call with 22 double arguments (stack-passed)
#include <cstdint>
struct Params { int n; float scale; int lut[8]; const int *src; };
struct Big { int n; int v[1500]; };
__device__ __noinline__ int peek(const int *p, int i) { return p[i]; }
// __grid_constant__: the kernel takes the address of its parameter (no local copy)
extern "C" __global__ void grid_const(__grid_constant__ const Params p, int *out)
{
    int t = threadIdx.x;
    const int *lut = p.lut;                       // a pointer into the parameter space
    const Params *pp = &p;
    if (t < p.n)
        out[t] = peek(lut, t & 7) * 10 + (int)(pp->scale * t) + pp->src[t];
}
// member function pointers (virtual and not) chosen per thread
struct Acc {
    int base;
    __device__ Acc(int b) : base(b) {}
    __device__ int add(int x) { return base + x; }
    __device__ int mul(int x) { return base * x; }
    __device__ virtual int vget(int x) { return base - x; }
};
struct Acc2 : Acc { __device__ Acc2(int b) : Acc(b) {} __device__ int vget(int x) override { return base ^ x; } };
typedef int (Acc::*memfn)(int);
extern "C" __global__ void member_ptrs(const int *in, int *out)
{
    int t = threadIdx.x;
    Acc a(in[t]); Acc2 b(in[t] + 1);
    memfn tab[3] = {&Acc::add, &Acc::mul, &Acc::vget};
    memfn f = tab[t % 3];
    Acc *obj = (t & 4) ? static_cast<Acc *>(&b) : &a;
    out[t] = (obj->*f)(t + 3);
}
// a large struct passed by value to a __noinline__ function (on the stack) and returned
struct Block { int v[48]; float w; };
__device__ __noinline__ Block twist(Block b, int k)
{
    Block r;
    for (int i = 0; i < 48; ++i) r.v[i] = b.v[(i * k) % 48] + i;
    r.w = b.w * k;
    return r;
}
// deep recursion with a local array in every frame
__device__ __noinline__ int deep(int d, int x)
{
    int loc[6];
    for (int i = 0; i < 6; ++i) loc[i] = x * (i + 1) + d;
    if (d == 0) return loc[x & 5];
    int r = deep(d - 1, (x * 5 + 1) & 1023);
    return r + loc[(x + d) % 6] - loc[d % 6];
}
extern "C" __global__ void stack_heavy(const int *in, int *out, int depth)
{
    int t = threadIdx.x;
    Block b;
    for (int i = 0; i < 48; ++i) b.v[i] = in[(t + i) & 63];
    b.w = 0.5f * t;
    Block r = twist(b, (t % 7) + 1);
    int s = 0;
    for (int i = 0; i < 48; ++i) s = s * 31 + r.v[i];
    out[3 * t] = s;
    out[3 * t + 1] = (int)r.w;
    out[3 * t + 2] = deep(depth + (t & 7), t);
}
// CRTP and if constexpr; a function pointer with stack-passed arguments called indirectly
template <class D> struct Base { __device__ int run(int x) const { return static_cast<const D *>(this)->step(x) * 2; } };
struct Sq : Base<Sq> { __device__ int step(int x) const { return x * x; } };
struct Neg : Base<Neg> { __device__ int step(int x) const { return -x; } };
template <class T> __device__ __forceinline__ T twice(T x) { if constexpr (sizeof(T) == 8) return x * 2 + 1; else return x * 2; }
typedef double (*wide_fn)(double, double, double, double, double, double, double, double, double, double, double, double, double, double, double, double, double, double, double, double, double, double);
__device__ __noinline__ double wsum(double a, double b, double c, double d, double e, double f, double g, double h, double i, double j, double k, double l, double m, double n, double o, double p, double q, double r, double s, double t, double u, double v)
{ return a - b + c - d + e - f + g - h + i - j + k - l + m - n + o - p + q - r + s - t + u * v; }
__device__ __noinline__ double wprod(double a, double b, double c, double d, double e, double f, double g, double h, double i, double j, double k, double l, double m, double n, double o, double p, double q, double r, double s, double t, double u, double v)
{ return a * v + b * u + c * t + d * s + q - r; }
__device__ wide_fn wfns[2] = {wsum, wprod};
extern "C" __global__ void crtp_wide(const int *in, long long *out, double *dout)
{
    int t = threadIdx.x;
    int x = in[t];
    Sq s; Neg n;
    out[2 * t] = (t & 1) ? s.run(x) : n.run(x);
    out[2 * t + 1] = twice((long long)x) + twice(x);
    double d = x * 0.5;
    wide_fn f = wfns[t & 1];
    dout[t] = f(d, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, d + 1, t);
}

extern "C" __global__ void gc_big(__grid_constant__ const Big b, int *out)
{
    int t = threadIdx.x;
    out[t] = peek(b.v, t) + b.n;
}
