// Double-precision GEMM as the textbooks tile it (direction gemm9): C = alpha * A * B + beta * C
// with 16 x 16 shared tiles and bounds checks (sizes that are not multiples of the tile), and a
// 2 x 2 register-blocked variant.  Every product is a DFMA, which the model rounds with
// error-free transformations (decision D9-G-3).
#define T 16

extern "C" __global__ void dgemm_tiled(int M, int N, int K, double alpha, const double *A,
                                       const double *B, double beta, double *C)
{
    __shared__ double sA[T][T + 1];
    __shared__ double sB[T][T + 1];
    const int row = blockIdx.y * T + threadIdx.y, col = blockIdx.x * T + threadIdx.x;
    double sum = 0.0;
    for (int t = 0; t < (K + T - 1) / T; ++t) {
        int ka = t * T + threadIdx.x, kb = t * T + threadIdx.y;
        sA[threadIdx.y][threadIdx.x] = (row < M && ka < K) ? A[(size_t)row * K + ka] : 0.0;
        sB[threadIdx.y][threadIdx.x] = (kb < K && col < N) ? B[(size_t)kb * N + col] : 0.0;
        __syncthreads();
#pragma unroll
        for (int k = 0; k < T; ++k)
            sum = fma(sA[threadIdx.y][k], sB[k][threadIdx.x], sum);
        __syncthreads();
    }
    if (row < M && col < N)
        C[(size_t)row * N + col] = alpha * sum + beta * C[(size_t)row * N + col];
}

// each thread: a 2 x 2 block of C, strided by the 16 x 16 thread block (a 32 x 32 tile)
extern "C" __global__ void dgemm_reg2x2(int M, int N, int K, double alpha, const double *__restrict__ A,
                                        const double *__restrict__ B, double beta, double *__restrict__ C)
{
    __shared__ double sA[2 * T][T];
    __shared__ double sB[T][2 * T];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int r0 = blockIdx.y * 2 * T, c0 = blockIdx.x * 2 * T;
    double acc[2][2] = {{0.0, 0.0}, {0.0, 0.0}};
    for (int k0 = 0; k0 < K; k0 += T) {
        for (int i = 0; i < 2; ++i) {
            int r = r0 + ty + i * T, k = k0 + tx;
            sA[ty + i * T][tx] = (r < M && k < K) ? A[(size_t)r * K + k] : 0.0;
            int kb = k0 + ty, c = c0 + tx + i * T;
            sB[ty][tx + i * T] = (kb < K && c < N) ? B[(size_t)kb * N + c] : 0.0;
        }
        __syncthreads();
        for (int k = 0; k < T; ++k) {
            double a0 = sA[ty][k], a1 = sA[ty + T][k];
            double b0 = sB[k][tx], b1 = sB[k][tx + T];
            acc[0][0] += a0 * b0; acc[0][1] += a0 * b1;
            acc[1][0] += a1 * b0; acc[1][1] += a1 * b1;
        }
        __syncthreads();
    }
    for (int i = 0; i < 2; ++i)
        for (int j = 0; j < 2; ++j) {
            int r = r0 + ty + i * T, c = c0 + tx + j * T;
            if (r < M && c < N)
                C[(size_t)r * N + c] = alpha * acc[i][j] + beta * C[(size_t)r * N + c];
        }
}
