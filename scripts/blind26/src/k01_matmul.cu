#define TS 16
// C[M,N] = A[M,K] * B[K,N] + beta*C ; rectangular, non-multiple of tile
extern "C" __global__ void sgemm_tiled(const float* __restrict__ A, const float* __restrict__ B,
                                       float* C, int M, int N, int K, float beta)
{
    __shared__ float As[TS][TS];
    __shared__ float Bs[TS][TS + 1];
    int tx = threadIdx.x, ty = threadIdx.y;
    int row = blockIdx.y * TS + ty;
    int col = blockIdx.x * TS + tx;
    float acc = 0.f;
    for (int t = 0; t < (K + TS - 1) / TS; ++t) {
        int ka = t * TS + tx, kb = t * TS + ty;
        As[ty][tx] = (row < M && ka < K) ? A[row * K + ka] : 0.f;
        Bs[ty][tx] = (kb < K && col < N) ? B[kb * N + col] : 0.f;
        __syncthreads();
#pragma unroll
        for (int k = 0; k < TS; ++k) acc += As[ty][k] * Bs[k][tx];
        __syncthreads();
    }
    if (row < M && col < N) C[row * N + col] = acc + beta * C[row * N + col];
}
