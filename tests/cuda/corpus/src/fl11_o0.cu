// nvcc-flags: -Xptxas -O0
// Unoptimised ptxas output (flags11 round, D11-F-2, D11-F-4): the stack check against SR_LMEMHIOFF
// and cooperative groups' block.sync() as BAR.SYNC R, R with a packed count of 0 (every thread).
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

extern "C" __global__ void fl11_o0(const unsigned *in, unsigned *out, int n)
{
    __shared__ unsigned part[128];
    unsigned digits[8];
    unsigned t = threadIdx.x, g = blockIdx.x * blockDim.x + t;
    unsigned v = g < (unsigned)n ? in[g] : 0u;
    for (int k = 0; k < 8; ++k) {            // a local array indexed at run time
        digits[k] = (v >> (4 * k)) & 0xfu;
    }
    unsigned mix = 0;
    for (int k = 0; k < 8; ++k)
        mix += digits[(k * 3 + t) & 7] * (k + 1);
    part[t] = mix;
    cg::this_thread_block().sync();
    for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
        if (t < s)
            part[t] += part[t + s];
        __syncthreads();
    }
    if (t == 0)
        out[blockIdx.x] = part[0];
    out[gridDim.x + g] = mix;
}
