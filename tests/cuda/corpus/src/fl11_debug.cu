// nvcc-flags: -G
// Device-debug code (flags11 round, D11-F-1): no optimisation, every value through local memory,
// MEMBAR.SC.VC + ERRBAR before each EXIT.  A loop with a switch and a break, a shared-memory
// histogram with atomics and a barrier.
extern "C" __global__ void fl11_debug(const int *in, int *out, unsigned *hist, int n)
{
    __shared__ unsigned h[8];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (threadIdx.x < 8)
        h[threadIdx.x] = 0;
    __syncthreads();
    int acc = 0;
    if (i < n) {
        int x = in[i];
        for (int k = 0; k < 12; ++k) {
            switch ((x + k) & 3) {
            case 0: acc += x * k; break;
            case 1: acc -= k; break;
            case 2: acc ^= x << (k & 7); break;
            default: acc = acc * 3 + 1; break;
            }
            if (acc > 100000)
                break;
        }
        atomicAdd(&h[acc & 7], 1u);
        out[i] = acc;
    }
    __syncthreads();
    if (threadIdx.x < 8)
        atomicAdd(&hist[threadIdx.x], h[threadIdx.x]);
}
