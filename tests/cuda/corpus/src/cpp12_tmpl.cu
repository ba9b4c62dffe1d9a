// nvcc-flags: --extended-lambda
// cpp12: template kernels in a namespace taking functors and an extended __device__ lambda, variadic
// templates and a non-type parameter pack, operator functions as template arguments, __launch_bounds__
#include <cstdio>
namespace geo { namespace detail {
template <typename T, typename F>
__global__ void transform(const T *in, T *out, int n, F f)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = f(in[i], i);
}
} }
struct Saxpy { float a; __device__ float operator()(float x, int i) const { return a * x + i; } };
struct Clamp { int lo, hi; __device__ int operator()(int x, int) const { return x < lo ? lo : x > hi ? hi : x; } };

template <typename... Ts> __device__ int sum_all(Ts... xs) { return (0 + ... + (int)xs); }
template <typename T, typename... Rest> __device__ T first_max(T a, Rest... r) { T m = a; ((m = r > m ? (T)r : m), ...); return m; }
template <int... Ks>
__global__ void variadic(const int *in, int *out)
{
    int t = threadIdx.x; int x = in[t];
    out[2 * t] = sum_all(x, (char)x, (short)(x * Ks)...);
    out[2 * t + 1] = first_max(x, (x * Ks) % 1000 ...);
}
struct Vec { int x, y; };
__device__ Vec operator+(Vec a, Vec b) { return {a.x + b.x, a.y + b.y}; }
__device__ Vec operator*(Vec a, Vec b) { return {a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x}; }
template <Vec (*Op)(Vec, Vec)>
__global__ void vec_op(const Vec *a, const Vec *b, Vec *o) { int t = threadIdx.x; o[t] = Op(a[t], b[t]); }

extern "C" __global__ void __launch_bounds__(128, 4) bounded(const float *__restrict__ a, float *__restrict__ b, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    #pragma unroll 4
    for (int k = i; k < n; k += blockDim.x * gridDim.x) b[k] = a[k] * 2.0f + 1.0f;
}

void host_launches(float *f, int *p, Vec *v, int n)
{
    geo::detail::transform<<<1, 1>>>(f, f, n, Saxpy{2.0f});
    geo::detail::transform<<<1, 1>>>(p, p, n, Clamp{-5, 5});
    geo::detail::transform<<<1, 1>>>(p, p, n, [] __device__ (int x, int i) { return x * x - i; });
    variadic<2, 3, 5><<<1, 1>>>(p, p);
    vec_op<operator+><<<1, 1>>>(v, v, v);
    vec_op<operator*><<<1, 1>>>(v, v, v);
}
