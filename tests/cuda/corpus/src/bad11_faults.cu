// Kernels that run cleanly with sane arguments and fault with bad ones (issue 11, direction
// bad11, decisions D11-B-8, -9): the corpus launches are the clean ones, tests/robust/
// test_bad_cuda.py runs the faulting ones from the same listings.
#include <cassert>

extern "C" __global__ void bf_offset_store(const int *in, int *out, int n, int skew)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i + skew] = in[i] * 3 - i;          // skew past the buffer: an out-of-bounds store
}

struct Frame { int v[24]; };

__device__ __noinline__ int descend(int depth, const int *seed)
{
    Frame f;                                    // a frame on the stack at every level
    for (int k = 0; k < 24; ++k)
        f.v[k] = seed[(depth + k) & 31] ^ k;
    if (depth <= 0)
        return f.v[depth & 7];
    return descend(depth - 1, seed) + f.v[(depth * 5) % 24];
}

extern "C" __global__ void bf_descend(const int *seed, int *out, int depth)
{
    // a large depth overflows the thread's stack (a stack overflow fault)
    out[blockIdx.x * blockDim.x + threadIdx.x] = descend(depth + (threadIdx.x & 3), seed);
}

extern "C" __global__ void bf_checked(const int *in, int *out)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    int v = in[t];
    assert(v != -7);                            // a failing device-side assert
    if (v < -1000)
        __trap();                               // a trap
    out[t] = v / 3 + (v & 5);
}
