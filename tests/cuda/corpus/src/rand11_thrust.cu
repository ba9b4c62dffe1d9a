// Thrust algorithms called sequentially inside a kernel (thrust::seq): sort, sort with a comparator,
// stable_sort_by_key, reduce, scans, lower/upper_bound, binary_search, transform, count_if, min/max_element,
// unique, merge; thrust::complex and cuComplex.h on the same data.
#include <cuComplex.h>
#include <thrust/binary_search.h>
#include <thrust/complex.h>
#include <thrust/count.h>
#include <thrust/execution_policy.h>
#include <thrust/extrema.h>
#include <thrust/functional.h>
#include <thrust/merge.h>
#include <thrust/reduce.h>
#include <thrust/scan.h>
#include <thrust/sort.h>
#include <thrust/transform.h>
#include <thrust/unique.h>
struct Sq { __device__ int operator()(int x) const { return x * x - 3; } };
struct IsOdd { __device__ bool operator()(int x) const { return x & 1; } };
extern "C" __global__ void talgo(const int *in, const int *pool, int *out, int n)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n) return;
    int a[16], b[16], m[32];
    for (int i = 0; i < 16; ++i) { a[i] = in[(t * 16 + i) % (n * 4)] % 50; b[i] = pool[i] + t; }
    thrust::sort(thrust::seq, b, b + 16);
    int *o = out + 24 * t;
    o[0] = thrust::reduce(thrust::seq, a, a + 16);
    o[1] = thrust::reduce(thrust::seq, a, a + 16, 1, thrust::maximum<int>());
    thrust::inclusive_scan(thrust::seq, a, a + 16, m);
    o[2] = m[15] ^ m[7];
    thrust::exclusive_scan(thrust::seq, a, a + 16, m, 5);
    o[3] = m[10];
    o[4] = (int)(thrust::lower_bound(thrust::seq, b, b + 16, in[t] % 40 + t) - b);
    o[5] = (int)(thrust::upper_bound(thrust::seq, b, b + 16, in[t] % 40 + t) - b);
    o[6] = thrust::binary_search(thrust::seq, b, b + 16, 20 + t);
    thrust::transform(thrust::seq, a, a + 16, m, Sq());
    o[7] = m[3] + m[12];
    o[8] = (int)thrust::count_if(thrust::seq, a, a + 16, IsOdd());
    o[9] = (int)(thrust::max_element(thrust::seq, a, a + 16) - a);
    o[10] = *thrust::min_element(thrust::seq, a, a + 16);
    int c[16];
    for (int i = 0; i < 16; ++i) c[i] = a[i] / 10;
    thrust::sort(thrust::seq, c, c + 16);
    int *e = thrust::unique(thrust::seq, c, c + 16);
    o[11] = (int)(e - c);
    o[12] = c[0] * 100 + c[(e - c) - 1];
    int *me = thrust::merge(thrust::seq, b, b + 16, c, e, m);
    o[13] = (int)(me - m);
    int h = 0;
    for (int i = 0; i < me - m; ++i) h = h * 131 + m[i];
    o[14] = h;
    thrust::inclusive_scan(thrust::seq, a, a + 16, m, thrust::maximum<int>());
    o[15] = m[4] + m[15];
    for (int i = 16; i < 24; ++i) o[i] = a[i - 16] + a[i - 8];
}
extern "C" __global__ void tsort(int *rows, float *frows, int *keys, int *vals, int len, int n)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n) return;
    thrust::sort(thrust::seq, rows + t * len, rows + (t + 1) * len);
    thrust::sort(thrust::seq, frows + t * len, frows + (t + 1) * len, thrust::greater<float>());
    thrust::stable_sort_by_key(thrust::seq, keys + t * len, keys + (t + 1) * len, vals + t * len);
}
extern "C" __global__ void tcomplex(const cuFloatComplex *a, const cuDoubleComplex *b, float *of, double *od, int n)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n) return;
    cuFloatComplex x = a[t], y = a[(t + 1) % n];
    cuFloatComplex p = cuCmulf(x, y), q = cuCdivf(x, y), s = cuCaddf(cuConjf(x), cuCsubf(y, x));
    of[8 * t + 0] = cuCrealf(p); of[8 * t + 1] = cuCimagf(p);
    of[8 * t + 2] = cuCrealf(q); of[8 * t + 3] = cuCimagf(q);
    of[8 * t + 4] = cuCabsf(s);
    thrust::complex<float> tx(cuCrealf(x), cuCimagf(x));
    thrust::complex<float> r = thrust::pow(tx, 2.0f) + thrust::sin(tx) * 0.5f;
    of[8 * t + 5] = r.real(); of[8 * t + 6] = r.imag();
    of[8 * t + 7] = thrust::norm(tx);
    cuDoubleComplex u = b[t], v = b[n - 1 - t];
    cuDoubleComplex w = cuCfma(u, v, cuCdiv(u, v));
    od[6 * t + 0] = cuCreal(w); od[6 * t + 1] = cuCimag(w); od[6 * t + 2] = cuCabs(u);
    thrust::complex<double> tu(cuCreal(u), cuCimag(u));
    thrust::complex<double> z = thrust::exp(tu) / (tu + 2.0) + thrust::log(tu);
    od[6 * t + 3] = z.real(); od[6 * t + 4] = z.imag(); od[6 * t + 5] = thrust::abs(thrust::sqrt(tu));
}
