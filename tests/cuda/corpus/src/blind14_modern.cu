// nvcc-flags: --extended-lambda
// blind14: modern C++ kernels: a functor template in a namespace, a constexpr table, __constant__
// data, cuda::std::array/numeric_limits, a device lambda over cg::this_grid(), a templated tile scan.
#include <cuda/std/array>
#include <cuda/std/limits>
#include <cuda/std/cstdint>
#include <cuda/std/utility>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

namespace blind {
template <typename T, typename F>
__global__ void transform(const T *in, T *out, int n, F f)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = f(in[i]);
}

struct Poly {
    int a, b, c;
    __device__ int operator()(int x) const { return (a * x + b) * x + c; }
};

constexpr int cube(int x) { return x * x * x; }

template <int N>
struct Table {
    int v[N];
    constexpr Table() : v{} { for (int i = 0; i < N; i++) v[i] = cube(i) % 97; }
};

__constant__ int ctab[16] = {3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7, 9, 3};

template <int N>
__global__ void lut(const int *in, int *out, int n)
{
    constexpr Table<N> t{};
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    int k = in[i] & (N - 1);
    out[i] = t.v[k] + ctab[k & 15];
}
} // namespace blind

template __global__ void blind::transform<int, blind::Poly>(const int *, int *, int, blind::Poly);
template __global__ void blind::lut<32>(const int *, int *, int);

__global__ void b_cstd(const cuda::std::int64_t *in, cuda::std::int64_t *out, int n)
{
    cuda::std::array<cuda::std::int64_t, 4> acc{cuda::std::numeric_limits<cuda::std::int64_t>::max(),
                                                cuda::std::numeric_limits<cuda::std::int64_t>::min(), 0, 0};
    for (int i = threadIdx.x; i < n; i += blockDim.x) {
        auto v = in[i];
        acc[0] = v < acc[0] ? v : acc[0];
        acc[1] = v > acc[1] ? v : acc[1];
        acc[2] += v;
        acc[3] ^= v;
    }
    for (int k = 0; k < 4; k++) out[threadIdx.x * 4 + k] = acc[k];
}

__global__ void b_lambda_kernel(float *data, int n, float s)
{
    auto clampf = [] __device__(float x, float lo, float hi) { return x < lo ? lo : (x > hi ? hi : x); };
    auto g = cg::this_grid();
    for (unsigned long long i = g.thread_rank(); i < (unsigned long long)n; i += g.size())
        data[i] = clampf(data[i] * s, -1.f, 1.f);
}

template <unsigned TS>
__global__ void tile_scan(const int *in, int *out)
{
    auto tile = cg::tiled_partition<TS>(cg::this_thread_block());
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int v = in[i];
    for (unsigned d = 1; d < TS; d <<= 1) {
        int t = tile.shfl_up(v, d);
        if (tile.thread_rank() >= d) v += t;
    }
    out[i] = v + (int)tile.meta_group_rank() * 1000;
}
template __global__ void tile_scan<8u>(const int *, int *);

struct Pair { int key; float val; };
__global__ void b_struct_param(Pair p, const float *in, float *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = (i == p.key) ? p.val : in[i] * p.val;
}
