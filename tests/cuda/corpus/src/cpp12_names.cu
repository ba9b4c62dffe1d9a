// cpp12: kernel names as a user types them: an anonymous namespace, a static kernel, an inline
// namespace, enum/bool/char/short/long long/unsigned char template arguments, a pointer to a __device__
// array and a template template parameter as template arguments, a class template parameter by value,
// parameter types with dependent expressions (N + 1 in a template argument and an array bound)
enum class Mode : unsigned char { Fast = 1, Exact = 7 };
__device__ int table_a[4] = {1, 2, 3, 4};
namespace {
__global__ void hidden(int *out) { out[threadIdx.x] = threadIdx.x * 3; }
}
static __global__ void local_k(int *out) { out[threadIdx.x] = threadIdx.x + 100; }
namespace outer { inline namespace v2 { namespace impl {
template <Mode M, bool B, char C, short S, long long N, unsigned char U>
__global__ void knobs(int *out) { out[threadIdx.x] = (int)M * 1000 + B * 100 + C + S + (int)N + U; }
template <int *T>
__global__ void via_global(int *out) { out[threadIdx.x] = T[threadIdx.x & 3] * 5; }
template <template <class> class W, class T>
__global__ void wrapped(T *out) { W<T> w; out[threadIdx.x] = w(threadIdx.x); }
} } }
template <class T> struct Twice { __device__ T operator()(unsigned x) const { return (T)(2 * x); } };
template <typename T, int N> struct Arr { T v[N]; };
template <typename T, int N>
__global__ void arr_param(Arr<T, N> a, T *out) { out[threadIdx.x] = a.v[threadIdx.x % N] * (T)N; }
// parameter types with dependent expressions: mangled as X<expr>E (`Arr<int, N + 1>`) and A<expr>_
template <int N>
__global__ void last_of(Arr<int, N + 1> a, int *out) { out[threadIdx.x] = a.v[N] - a.v[threadIdx.x % (N + 1)]; }
template <int B>
__global__ void row_sum(const float (*tile)[B + 1], float *out)
{
    float s = 0.0f;
    for (int i = 0; i <= B; ++i) s += tile[threadIdx.x][i];
    out[threadIdx.x] = s;
}
void host()
{
    int *p = nullptr; short *sp = nullptr;
    hidden<<<1, 1>>>(p);
    local_k<<<1, 1>>>(p);
    outer::impl::knobs<Mode::Exact, true, 'A', -3, -5000000000LL, 200><<<1, 1>>>(p);
    outer::impl::knobs<Mode::Fast, false, '\0', 0, 1, 0><<<1, 1>>>(p);
    outer::impl::via_global<table_a><<<1, 1>>>(p);
    outer::impl::wrapped<Twice, short><<<1, 1>>>(sp);
    arr_param<short, 3><<<1, 1>>>(Arr<short, 3>{}, sp);
    last_of<3><<<1, 1>>>(Arr<int, 4>{}, p);
    row_sum<4><<<1, 1>>>(nullptr, nullptr);
}
