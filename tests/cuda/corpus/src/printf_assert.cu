#include <cstdio>
#include <cassert>
// textbook kernels that print and assert: printf with several argument types from one lane of each warp,
// and a kernel guarded by assert (the model runs vprintf / __assertfail as CUDA runtime stubs: D6-cl-7)
extern "C" __global__ void hello(int *out, float scale)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if ((threadIdx.x & 31) == 0)
        printf("block %d warp %u: i=%4d x=%08x f=%.3f d=%g ll=%lld c=%c s=%s\n", blockIdx.x, threadIdx.x / 32, i, 0xbeef0000u + i,
               scale * i, (double)i / 8, -1234567890123LL * (i + 1), 'A' + (i & 7), i & 32 ? "odd" : "even");
    out[i] = i * 2;
}
extern "C" __global__ void checked(const int *in, int *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) { assert(in[i] >= 0); out[i] = in[i] + 1; }
}
