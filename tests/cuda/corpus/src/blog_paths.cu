// Strangers' teaching and blog code (session 11, blog11): Monte-Carlo option paths as the developer
// blog's American-options post writes them: a kernel templated on its block size and on a payoff
// functor passed by value (a struct holding one double), __launch_bounds__, geometric Brownian
// motion in double (exp, sqrt) over time steps stored path-minor, and cub::BlockReduce<double>
// partial sums followed by a one-block final reduction that discounts the mean.
#include <cub/block/block_reduce.cuh>

struct Call {
    double K;
    __host__ __device__ double operator()(double S) const { return fmax(S - K, 0.0); }
};
struct Put {
    double K;
    __host__ __device__ double operator()(double S) const { return fmax(K - S, 0.0); }
};

template <int NT, typename Payoff>
__global__ __launch_bounds__(NT) void gbm_paths(int steps, int npaths, Payoff payoff, double dt, double S0, double r,
                                                double sigma, const double *__restrict z, double *__restrict paths) {
    int p = blockIdx.x * NT + threadIdx.x;
    if (p >= npaths) return;
    const double drift = (r - 0.5 * sigma * sigma) * dt, vol = sigma * sqrt(dt);
    double S = S0;
    int off = p;
    for (int t = 0; t < steps - 1; ++t, off += npaths) {
        S *= exp(drift + vol * z[off]);
        paths[off] = S;
    }
    S *= exp(drift + vol * z[off]);
    paths[off] = payoff(S);
}

template <int NT>
__global__ __launch_bounds__(NT) void partial_sums(int n, const double *__restrict x, double *__restrict sums) {
    typedef cub::BlockReduce<double, NT> BR;
    __shared__ typename BR::TempStorage tmp;
    int i = blockIdx.x * NT + threadIdx.x;
    double v = i < n ? x[i] : 0.0;
    v = BR(tmp).Sum(v);
    if (threadIdx.x == 0) sums[blockIdx.x] = v;
}

template <int NT>
__global__ __launch_bounds__(NT) void final_mean(int n, int nblocks, double discount, double *__restrict sums) {
    typedef cub::BlockReduce<double, NT> BR;
    __shared__ typename BR::TempStorage tmp;
    double v = 0.0;
    for (int k = threadIdx.x; k < nblocks; k += NT) v += sums[k];
    v = BR(tmp).Sum(v);
    if (threadIdx.x == 0) sums[0] = discount * v / (double)n;
}

template __global__ void gbm_paths<128, Call>(int, int, Call, double, double, double, double, const double *, double *);
template __global__ void gbm_paths<128, Put>(int, int, Put, double, double, double, double, const double *, double *);
template __global__ void partial_sums<128>(int, const double *, double *);
template __global__ void final_mean<64>(int, int, double, double *);
