// libcu++ in device code: <cuda/std/bit> on 8- to 64-bit words, bit_cast, numeric_limits, clamp,
// cuda::ceil_div; variant + visit, optional, span, tuple, array; complex<float/double> arithmetic;
// atomic_ref fetch operations of every type (and a compare_exchange_weak loop) on global and shared memory.
#include <cuda/atomic>
#include <cuda/cmath>
#include <cuda/std/__algorithm/clamp.h>
#include <cuda/std/__algorithm/max.h>
#include <cuda/std/__algorithm/min.h>
#include <cuda/std/array>
#include <cuda/std/atomic>
#include <cuda/std/bit>
#include <cuda/std/cmath>
#include <cuda/std/complex>
#include <cuda/std/limits>
#include <cuda/std/optional>
#include <cuda/std/span>
#include <cuda/std/tuple>
#include <cuda/std/variant>
extern "C" __global__ void lbits(const unsigned *a, const unsigned long long *b, const float *f, unsigned *out, int n)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n) return;
    unsigned x = a[t];
    unsigned long long y = b[t];
    unsigned *o = out + 16 * t;
    o[0] = cuda::std::popcount(x) + 100 * cuda::std::popcount(y);
    o[1] = cuda::std::countl_zero(x) + 100 * cuda::std::countl_zero(y);
    o[2] = cuda::std::countr_zero(x) + 100 * cuda::std::countr_one(y);
    o[3] = cuda::std::rotl(x, t % 37) ^ cuda::std::rotr(x, 5);
    o[4] = (unsigned)(cuda::std::rotl(y, t) >> 7);
    o[5] = cuda::std::has_single_bit(x) + 2 * cuda::std::has_single_bit(y);
    o[6] = cuda::std::bit_ceil(x & 0x7fffffffu);
    o[7] = cuda::std::bit_floor(x) ^ (unsigned)cuda::std::bit_width(y);
    o[8] = cuda::std::bit_cast<unsigned>(f[t]) ^ cuda::std::bit_cast<unsigned>(-f[t] * 2.0f);
    o[9] = (unsigned)cuda::std::clamp((int)x, -1000, 1000);
    o[10] = cuda::ceil_div(x, (unsigned)(t + 3));
    o[11] = cuda::std::numeric_limits<int>::max() - (int)(x & 0xff) + cuda::std::numeric_limits<short>::min();
    o[12] = cuda::std::bit_cast<unsigned>(cuda::std::numeric_limits<float>::epsilon() * f[t])
          ^ cuda::std::bit_cast<unsigned>(cuda::std::numeric_limits<float>::denorm_min());
    o[13] = (unsigned)cuda::std::min<long long>((long long)y, (long long)x) ^ (unsigned)cuda::std::max(x, 7u);
    o[14] = cuda::std::countl_one(x) + 64 * cuda::std::countr_zero((unsigned short)x);
    o[15] = cuda::std::popcount((unsigned char)x) + cuda::std::countl_zero((unsigned short)x);
}
struct Circle { float r; };
struct Rect { float w, h; };
struct Tri { float a, b, c; };
using Shape = cuda::std::variant<Circle, Rect, Tri, int>;
struct Area {
    __device__ float operator()(const Circle &c) const { return 3.0f * c.r * c.r; }
    __device__ float operator()(const Rect &r) const { return r.w * r.h; }
    __device__ float operator()(const Tri &t) const { return 0.5f * t.a * t.b + t.c; }
    __device__ float operator()(int k) const { return (float)(k * 2); }
};
__device__ __noinline__ cuda::std::optional<int> find_first(cuda::std::span<const int> s, int key)
{
    for (size_t i = 0; i < s.size(); ++i)
        if (s[i] == key) return (int)i;
    return cuda::std::nullopt;
}
extern "C" __global__ void lvariant(const int *kind, const float *v, const int *keys, float *area, int *found, int n)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n) return;
    Shape s;
    switch (kind[t] & 3) {
    case 0: s = Circle{v[t]}; break;
    case 1: s = Rect{v[t], v[t] + 1.0f}; break;
    case 2: s = Tri{v[t], 2.0f, v[t] * v[t]}; break;
    default: s = (int)v[t]; break;
    }
    area[t] = cuda::std::visit(Area{}, s) + (float)s.index();
    cuda::std::array<int, 8> arr{};
    for (int i = 0; i < 8; ++i) arr[i] = keys[(t + i) % n];
    cuda::std::span<const int> sp(arr.data(), arr.size());
    auto r = find_first(sp, keys[(t * 7) % n]);
    auto tup = cuda::std::make_tuple(r.value_or(-1), (int)sp.size(), arr[3]);
    found[t] = cuda::std::get<0>(tup) * 1000 + cuda::std::get<1>(tup) + cuda::std::get<2>(tup) * 10;
}
extern "C" __global__ void lcomplex(const float2 *a, const float2 *b, float *outf, const double2 *c, double *outd, int n)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n) return;
    cuda::std::complex<float> x(a[t].x, a[t].y), y(b[t].x, b[t].y);
    cuda::std::complex<float> p = x * y, q = x / y, e = cuda::std::exp(x * 0.25f);
    outf[8 * t + 0] = p.real(); outf[8 * t + 1] = p.imag();
    outf[8 * t + 2] = q.real(); outf[8 * t + 3] = q.imag();
    outf[8 * t + 4] = cuda::std::abs(x);
    outf[8 * t + 5] = e.real(); outf[8 * t + 6] = e.imag();
    outf[8 * t + 7] = cuda::std::arg(y);
    cuda::std::complex<double> u(c[t].x, c[t].y), v(c[n - 1 - t].x, c[n - 1 - t].y);
    cuda::std::complex<double> w = u * v + u / v, s = cuda::std::sqrt(u), l = cuda::std::log(v);
    outd[6 * t + 0] = w.real(); outd[6 * t + 1] = w.imag();
    outd[6 * t + 2] = s.real(); outd[6 * t + 3] = s.imag();
    outd[6 * t + 4] = l.real(); outd[6 * t + 5] = cuda::std::norm(u);
}
extern "C" __global__ void latomic(const int *v, int *ci, unsigned *cu, long long *cl, unsigned long long *cul, float *cf, double *cd, int *out)
{
    __shared__ int sh[4];
    int t = threadIdx.x;
    if (t < 4) sh[t] = 0;
    __syncthreads();
    int x = v[blockIdx.x * blockDim.x + t];
    cuda::atomic_ref<int, cuda::thread_scope_device> ai(ci[0]);
    ai.fetch_add(x);
    cuda::atomic_ref<int, cuda::thread_scope_device>(ci[1]).fetch_min(x);
    cuda::atomic_ref<int, cuda::thread_scope_device>(ci[2]).fetch_max(x);
    cuda::atomic_ref<int, cuda::thread_scope_device>(ci[3]).fetch_xor(x);
    cuda::atomic_ref<unsigned, cuda::thread_scope_device>(cu[0]).fetch_and(~(1u << (t & 31)) | (unsigned)x);
    cuda::atomic_ref<unsigned, cuda::thread_scope_device>(cu[1]).fetch_or(1u << ((unsigned)x & 31));
    cuda::atomic_ref<unsigned, cuda::thread_scope_device>(cu[2]).fetch_sub(1u);
    cuda::atomic_ref<unsigned, cuda::thread_scope_device>(cu[3]).fetch_max((unsigned)x);
    cuda::atomic_ref<long long, cuda::thread_scope_device>(cl[0]).fetch_add((long long)x << 20);
    cuda::atomic_ref<long long, cuda::thread_scope_device>(cl[1]).fetch_min((long long)x * 3);
    cuda::atomic_ref<unsigned long long, cuda::thread_scope_device>(cul[0]).fetch_or(1ull << ((unsigned)x & 63));
    cuda::atomic_ref<unsigned long long, cuda::thread_scope_device>(cul[1]).fetch_max((unsigned long long)(unsigned)x << 3);
    cuda::atomic_ref<float, cuda::thread_scope_device>(cf[0]).fetch_add((float)(x & 255));
    cuda::atomic_ref<float, cuda::thread_scope_device>(cf[1]).fetch_max((float)x);
    cuda::atomic_ref<float, cuda::thread_scope_device>(cf[2]).fetch_min((float)x);
    cuda::atomic_ref<double, cuda::thread_scope_device>(cd[0]).fetch_add((double)(x & 1023));
    cuda::atomic_ref<double, cuda::thread_scope_device>(cd[1]).fetch_max((double)x);
    cuda::atomic_ref<int, cuda::thread_scope_block> as(sh[t & 3]);
    as.fetch_add(x & 0xffff);
    cuda::std::atomic_ref<int>(ci[4]).fetch_add(1, cuda::std::memory_order_relaxed);
    cuda::atomic_ref<int, cuda::thread_scope_device> cas(ci[5]);
    int cur = cas.load(cuda::std::memory_order_relaxed);
    while (!cas.compare_exchange_weak(cur, cur + (x & 7)))
        ;
    __syncthreads();
    if (t == 0) out[blockIdx.x] = sh[0] + sh[1] + sh[2] + sh[3];
}
