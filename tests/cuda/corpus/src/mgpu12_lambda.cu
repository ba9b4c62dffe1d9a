// nvcc-flags: --extended-lambda -std=c++17
// Kernels templated on lambdas, the way library code launches them (mgpu12 round,
// D12-M-1): a for_each over a grid-stride loop taking a __device__ lambda with init-captures (as
// BabelStream's for_each_kernel<F> does), a CTA-launch template taking a lambda from a function
// template plus a pack of extra arguments (moderngpu's launch_box_cta_k<box, F, args...>), and a
// lambda from a plain function.  Their names are `Z <function> E <entity>` local names with
// closure types `Ul..E_`; the manifest chooses them by the names c++filt prints.
#include <cstddef>

template <typename F>
__global__ void apply_each(size_t n, F f)
{
    for (size_t i = threadIdx.x + (size_t)blockIdx.x * blockDim.x; i < n; i += (size_t)gridDim.x * blockDim.x)
        f(i);
}

template <int NT, typename F, typename... A>
__global__ __launch_bounds__(NT) void cta_k(F f, int num_ctas, A... a)
{
    int tid = threadIdx.x % NT;
    if ((int)blockIdx.x < num_ctas)
        f(tid, (int)blockIdx.x, a...);
}

template <typename T>
struct Vec {
    // y = s * x + y, the scalar and the pointers captured by name
    static void axpy(T *x, T *y, T a, size_t n)
    {
        apply_each<<<2, 64>>>(n, [xs = x, ys = y, s = a] __device__(size_t i) { ys[i] = s * xs[i] + ys[i]; });
    }
    // a[i] = i * step + base; c[i] = a value that depends on the index's parity
    static void ramp(T *a, T *c, T base, T step, size_t n)
    {
        apply_each<<<2, 64>>>(n, [a, c, base, step] __device__(size_t i) {
            a[i] = base + step * (T)i;
            c[i] = (i & 1) ? -a[i] : a[i] * (T)2;
        });
    }
};
template struct Vec<float>;
template struct Vec<int>;

// one CTA of NT threads reduces NT * VT values and scans the CTA totals' inputs (an inclusive scan
// of each thread's partial sum), writing both; `bias` comes through the argument pack
template <int NT, int VT>
void tile_sum(const int *in, int *partial, int *total, int count, int bias)
{
    auto k = [in, partial, total, count] __device__(int tid, int cta, int b) {
        __shared__ int s[NT];
        int x = 0;
        for (int v = 0; v < VT; ++v) {
            int i = cta * NT * VT + v * NT + tid;
            if (i < count)
                x += in[i];
        }
        s[tid] = x;
        __syncthreads();
        for (int off = 1; off < NT; off *= 2) {          // Hillis-Steele inclusive scan
            int y = tid >= off ? s[tid - off] : 0;
            __syncthreads();
            s[tid] += y;
            __syncthreads();
        }
        partial[cta * NT + tid] = s[tid] + b;
        if (tid == NT - 1)
            total[cta] = s[tid];
    };
    int ctas = (count + NT * VT - 1) / (NT * VT);
    cta_k<NT><<<ctas, NT>>>(k, ctas, bias);
}
template void tile_sum<64, 3>(const int *, int *, int *, int, int);

template <typename Op>
__global__ void map_k(Op op, const unsigned *in, unsigned *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = op(in[i]);
}

void hash_all(const unsigned *in, unsigned *out, int n)
{
    map_k<<<(n + 63) / 64, 64>>>([mul = 0x45d9f3bu] __device__(unsigned v) {
        v ^= v >> 16;
        v *= mul;
        return v ^ (v >> 13);
    }, in, out, n);
}
