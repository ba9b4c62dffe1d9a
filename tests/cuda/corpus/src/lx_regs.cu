// a register-tiled kernel: 8x8 accumulators per thread (about 90 registers without launch bounds,
// too many for a 1024-thread block: cudaErrorLaunchOutOfResources), and the same under
// __launch_bounds__(1024), which ptxas fits into 64 registers
template <int TAG>
__device__ __forceinline__ void tile8(const float *A, const float *B, float *C, int n)
{
    float acc[8][8] = {};
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    for (int k = 0; k < n; ++k) {
        float a[8], b[8];
#pragma unroll
        for (int i = 0; i < 8; ++i) {
            a[i] = A[k * 64 + ((t + i) & 63)];
            b[i] = B[k * 64 + ((t * 3 + i) & 63)];
        }
#pragma unroll
        for (int i = 0; i < 8; ++i)
#pragma unroll
            for (int j = 0; j < 8; ++j) acc[i][j] += a[i] * b[j];
    }
#pragma unroll
    for (int i = 0; i < 8; ++i)
#pragma unroll
        for (int j = 0; j < 8; ++j) C[t * 64 + i * 8 + j] = acc[i][j];
}

extern "C" __global__ void lx_regs(const float *A, const float *B, float *C, int n) { tile8<0>(A, B, C, n); }

extern "C" __global__ void __launch_bounds__(1024) lx_regs_lb(const float *A, const float *B, float *C, int n)
{
    tile8<1>(A, B, C, n);
}

// a launch bound below the block sizes CUDA allows: a larger block is refused
extern "C" __global__ void __launch_bounds__(96) lx_bounded(const int *in, int *out)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    out[t] = in[t] * (int)blockDim.x + __popc(__activemask());
}
