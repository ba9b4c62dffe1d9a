// Dense linear algebra beyond GEMM, in the idioms of other authors (direction gemm9, decision
// D9-G-4): a split-K SGEMM over a 3-D grid combining partial sums with float atomicAdd, ZGEMM of
// A^H with cuComplex, a one-block double Cholesky in shared memory (sqrt and division: DFMA
// Newton steps, D9-G-3), a lower-triangular solve by one warp with shuffles.
#include <cuComplex.h>

// split-K: blockIdx.z takes a K slice, partial sums combined with atomicAdd
extern "C" __global__ void sgemm_splitk(int M, int N, int K, int kslice, const float *A, const float *B, float *C)
{
    __shared__ float As[16][17], Bs[16][17];
    int row = blockIdx.y * 16 + threadIdx.y, col = blockIdx.x * 16 + threadIdx.x;
    int k0 = blockIdx.z * kslice, k1 = min(K, k0 + kslice);
    float acc = 0.f;
    for (int t = k0; t < k1; t += 16) {
        As[threadIdx.y][threadIdx.x] = (row < M && t + threadIdx.x < k1) ? A[row * K + t + threadIdx.x] : 0.f;
        Bs[threadIdx.y][threadIdx.x] = (col < N && t + threadIdx.y < k1) ? B[(t + threadIdx.y) * N + col] : 0.f;
        __syncthreads();
        for (int k = 0; k < 16; ++k) acc += As[threadIdx.y][k] * Bs[k][threadIdx.x];
        __syncthreads();
    }
    if (row < M && col < N) atomicAdd(&C[row * N + col], acc);
}

extern "C" __global__ void zgemm_conjT(int M, int N, int K, const cuDoubleComplex *A, const cuDoubleComplex *B, cuDoubleComplex *C)
{   // C = A^H * B, A is K x M
    int row = blockIdx.y * blockDim.y + threadIdx.y, col = blockIdx.x * blockDim.x + threadIdx.x;
    if (row < M && col < N) {
        cuDoubleComplex s = make_cuDoubleComplex(0.0, 0.0);
        for (int k = 0; k < K; ++k) s = cuCadd(s, cuCmul(cuConj(A[k * M + row]), B[k * N + col]));
        C[row * N + col] = s;
    }
}

// Cholesky of the regularised Gram matrix G G^T / n + I (n <= 64) in one block: formed in shared
// memory, factorised right-looking, L written back (zeros above the diagonal)
extern "C" __global__ void cholesky_gram(int n, const double *G, double *Lout)
{
    __shared__ double L[64][65];
    int t = threadIdx.x;
    for (int idx = t; idx < n * n; idx += blockDim.x) {
        int i = idx / n, j = idx % n;
        double s = 0.0;
        for (int k = 0; k < n; ++k) s += G[i * n + k] * G[j * n + k];
        L[i][j] = s / n + (i == j ? 1.0 : 0.0);
    }
    __syncthreads();
    for (int k = 0; k < n; ++k) {
        if (t == 0) L[k][k] = sqrt(L[k][k]);
        __syncthreads();
        for (int i = k + 1 + t; i < n; i += blockDim.x) L[i][k] /= L[k][k];
        __syncthreads();
        for (int idx = t; idx < n * n; idx += blockDim.x) {
            int i = idx / n, j = idx % n;
            if (j > k && i >= j) L[i][j] -= L[i][k] * L[j][k];
        }
        __syncthreads();
    }
    for (int i = t; i < n * n; i += blockDim.x) Lout[i] = (i % n <= i / n) ? L[i / n][i % n] : 0.0;
}

// lower-triangular solve (L + shift I) x = b, one warp, forward substitution with shuffles
extern "C" __global__ void trsv_lower_warp(int n, float shift, const float *L, const float *b, float *x)
{
    __shared__ float xs[256];
    int lane = threadIdx.x;
    for (int i = 0; i < n; ++i) {
        float s = 0.f;
        for (int j = lane; j < i; j += 32) s += L[i * n + j] * xs[j];
        for (int o = 16; o; o >>= 1) s += __shfl_xor_sync(0xffffffffu, s, o);
        if (lane == 0) xs[i] = (b[i] - s) / (L[i * n + i] + shift);
        __syncwarp();
    }
    for (int i = lane; i < n; i += 32) x[i] = xs[i];
}
