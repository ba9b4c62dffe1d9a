// Cooperative launches (cudaLaunchCooperativeKernel, gpuisa run --cooperative): grid-wide
// barriers through cooperative_groups::this_grid().sync() (coop10 direction, decisions D10-C-*).
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

// Multi-phase reduction: weighted grid-stride partial sums, then a halving tree over the
// partials with one grid barrier per level (the grid's thread count a power of two).
extern "C" __global__ void coop_sum_tree(const int *in, long long *scratch, long long *out, int n)
{
    cg::grid_group grid = cg::this_grid();
    const unsigned long long me = grid.thread_rank();
    const unsigned long long all = grid.size();
    long long acc = 0;
    for (unsigned long long i = me; i < (unsigned long long)n; i += all)
        acc += (long long)in[i] * (long long)(i % 7 + 1);
    scratch[me] = acc;
    grid.sync();
    for (unsigned long long half = all >> 1; half != 0; half >>= 1) {
        if (me < half)
            scratch[me] += scratch[me + half];
        grid.sync();
    }
    if (me == 0) {
        out[0] = scratch[0];
        out[1] = (long long)all;
        out[2] = grid.is_valid() ? 1 : 0;
        out[3] = (long long)grid.num_blocks();
    }
}

// Jacobi sweeps of u'' = f on a 1-D grid (zero boundaries), ping-ponging two arrays, one grid
// barrier per sweep.
extern "C" __global__ void coop_jacobi(float *u, float *v, const float *f, int n, int sweeps)
{
    cg::grid_group grid = cg::this_grid();
    const int stride = (int)grid.size();
    float *src = u, *dst = v;
    for (int s = 0; s < sweeps; ++s) {
        for (int i = (int)grid.thread_rank(); i < n; i += stride) {
            float left = i > 0 ? src[i - 1] : 0.0f;
            float right = i + 1 < n ? src[i + 1] : 0.0f;
            dst[i] = 0.5f * (left + right + f[i]);
        }
        grid.sync();
        float *t = src;
        src = dst;
        dst = t;
    }
}

// Histogram with atomics, an exclusive scan of the bins by one thread, then a stable counting
// sort (each key's place: its bin's offset plus the earlier keys of its bin); a grid barrier
// between the passes.
extern "C" __global__ void coop_hist_sort(const unsigned *keys, unsigned *hist, unsigned *start,
                                          unsigned *sorted, int n, int nbins)
{
    cg::grid_group grid = cg::this_grid();
    const unsigned me = (unsigned)grid.thread_rank(), all = (unsigned)grid.size();
    for (unsigned b = me; b < (unsigned)nbins; b += all)
        hist[b] = 0;
    grid.sync();
    for (unsigned i = me; i < (unsigned)n; i += all)
        atomicAdd(&hist[keys[i] % nbins], 1u);
    grid.sync();
    if (me == 0) {
        unsigned run = 0;
        for (int b = 0; b < nbins; ++b) {
            start[b] = run;
            run += hist[b];
        }
    }
    grid.sync();
    for (unsigned i = me; i < (unsigned)n; i += all) {
        const unsigned bin = keys[i] % nbins;
        unsigned before = 0;
        for (unsigned j = 0; j < i; ++j)
            before += (keys[j] % nbins) == bin;
        sorted[start[bin] + before] = keys[i];
    }
}
