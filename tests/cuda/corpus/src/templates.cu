// Templates, functors, lambdas and classes (issue 11, third discovery round): one template
// instantiated for int/float/double/unsigned long long/short/char, run by demangled name
// (`--kernel "treduce<int, Add<int>>"`); a functor struct passed by value; a lambda inside a
// kernel; a class with member functions; a templated shared-memory matmul with dynamic shared
// memory whose tile loop nvcc writes with `PLOP3.LUT P1, PT, PT, PT, UP0, 0x80, 0x0` (sm_75-sm_90).
template <typename T> struct Add { __device__ T operator()(T a, T b) const { return a + b; } };
template <typename T> struct Max { __device__ T operator()(T a, T b) const { return a > b ? a : b; } };

template <typename T, typename Op>
__device__ __forceinline__ T warp_reduce(T v, Op op, unsigned mask = 0xffffffffu) {
#pragma unroll
    for (int o = 16; o > 0; o >>= 1) v = op(v, __shfl_xor_sync(mask, v, o));
    return v;
}

template <typename T, typename Op>
__global__ void __launch_bounds__(128) treduce(const T *__restrict__ in, T *__restrict__ out, int n, Op op) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    T v = i < n ? __ldg(in + i) : T(0);
    v = warp_reduce(v, op);
    if ((threadIdx.x & 31) == 0) out[i >> 5] = v;
}

template <typename T>
__global__ void tscan(const T *in, T *out) {
    int lane = threadIdx.x & 31;
    T v = in[blockIdx.x * blockDim.x + threadIdx.x];
#pragma unroll 2
    for (int o = 1; o < 32; o <<= 1) {
        T t = __shfl_up_sync(0xffffffffu, v, o);
        if (lane >= o) v += t;
    }
    out[blockIdx.x * blockDim.x + threadIdx.x] = v;
}

class Acc {
  public:
    __device__ Acc(int s) : sum(s), cnt(0) {}
    __device__ void add(int x) { sum += x * (cnt + 1); ++cnt; }
    __device__ int get() const { return sum ^ cnt; }
  private:
    int sum, cnt;
};

__global__ void classk(const int *in, int *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    Acc a(i);
    for (int k = 0; k < (i % 7) + 1; ++k) a.add(in[(i + k) % n]);
    out[i] = a.get();
}

template <typename F>
__global__ void apply(const float *in, float *out, F f) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    out[i] = f(in[i]);
}

struct Saxpy { float a, b; __device__ float operator()(float x) const { return a * x + b; } };

template __global__ void treduce<int, Add<int>>(const int *, int *, int, Add<int>);
template __global__ void treduce<float, Add<float>>(const float *, float *, int, Add<float>);
template __global__ void treduce<double, Add<double>>(const double *, double *, int, Add<double>);
template __global__ void treduce<unsigned long long, Max<unsigned long long>>(const unsigned long long *, unsigned long long *, int, Max<unsigned long long>);
template __global__ void treduce<short, Add<short>>(const short *, short *, int, Add<short>);
template __global__ void treduce<char, Max<char>>(const char *, char *, int, Max<char>);
template __global__ void tscan<int>(const int *, int *);
template __global__ void tscan<double>(const double *, double *);
template __global__ void tscan<unsigned long long>(const unsigned long long *, unsigned long long *);
template __global__ void apply<Saxpy>(const float *, float *, Saxpy);

__global__ void lam(const int *in, int *out) {
    int i = threadIdx.x;
    auto f = [=](int x) { return x * x - i; };
    auto g = [&](int x) { return f(x) ^ (x >> 3); };
    out[i] = g(in[i]);
}

template <int TILE>
__global__ void mm(const float *A, const float *B, float *C, int n) {
    extern __shared__ float sh[];
    float *As = sh, *Bs = sh + TILE * TILE;
    int tx = threadIdx.x, ty = threadIdx.y;
    int row = blockIdx.y * TILE + ty, col = blockIdx.x * TILE + tx;
    float acc = 0.f;
    for (int k0 = 0; k0 < n; k0 += TILE) {
        As[ty * TILE + tx] = A[row * n + k0 + tx];
        Bs[ty * TILE + tx] = B[(k0 + ty) * n + col];
        __syncthreads();
#pragma unroll 4
        for (int k = 0; k < TILE; ++k) acc += As[ty * TILE + k] * Bs[k * TILE + tx];
        __syncthreads();
    }
    C[row * n + col] = acc;
}
template __global__ void mm<8>(const float *, const float *, float *, int);
template __global__ void mm<16>(const float *, const float *, float *, int);
