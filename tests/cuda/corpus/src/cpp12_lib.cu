// cpp12: a device function pointer as a kernel parameter (its value is what the host reads from a
// __device__ table with cudaMemcpyFromSymbol: an offset into the kernel's bank-2 call table, 16 for g_mul),
// libcu++ variant/visit, tuple with structured bindings, optional, array and span, and alloca
#include <cuda/std/variant>
#include <cuda/std/tuple>
#include <cuda/std/optional>
#include <cuda/std/array>
#include <cuda/std/span>
typedef int (*binop)(int, int);
__device__ __noinline__ int g_add(int a, int b) { return a + b; }
__device__ __noinline__ int g_mul(int a, int b) { return a * b; }
__device__ binop d_ops[2] = {g_add, g_mul};
// a function pointer passed as a kernel parameter (the host read it with cudaMemcpyFromSymbol)
extern "C" __global__ void fp_param(binop f, const int *in, int *out)
{
    int t = threadIdx.x;
    out[t] = f(in[t], t);
}
using V = cuda::std::variant<int, float, short>;
struct Visit {
    __device__ int operator()(int x) const { return x * 2; }
    __device__ int operator()(float x) const { return (int)(x * 10.0f); }
    __device__ int operator()(short x) const { return -x; }
};
__device__ __noinline__ cuda::std::optional<int> maybe(int x) { if (x % 3 == 0) return cuda::std::nullopt; return x / 3; }
extern "C" __global__ void libcxx(const int *in, int *out)
{
    int t = threadIdx.x;
    int x = in[t];
    V v;
    switch (t % 3) { case 0: v = x; break; case 1: v = 0.25f * x; break; default: v = (short)x; }
    out[4 * t] = cuda::std::visit(Visit{}, v) + (int)v.index() * 1000000;
    auto tp = cuda::std::make_tuple(x, (char)t, 1.5 * x);
    auto [a, b, c] = tp;
    out[4 * t + 1] = a + b + (int)c;
    auto o = maybe(x);
    out[4 * t + 2] = o.value_or(-7);
    cuda::std::array<int, 5> arr{x, x + 1, x + 2, x + 3, x + 4};
    cuda::std::span<int> sp(arr.data() + 1, 3);
    int s = 0;
    for (int e : sp) s += e * e;
    out[4 * t + 3] = s;
}
extern "C" __global__ void with_alloca(const int *in, int *out)
{
    int t = threadIdx.x;
    int n = (in[t] & 15) + 1;
    int *buf = (int *)alloca(n * sizeof(int));
    for (int i = 0; i < n; ++i) buf[i] = in[(t + i) & 31] * (i + 1);
    int s = 0;
    for (int i = n - 1; i >= 0; --i) s = s * 7 + buf[i];
    out[t] = s;
}
