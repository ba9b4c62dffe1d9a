// blind17: tiled matrix multiply in shared memory, several tile sizes, non-multiple sizes
template <int TILE>
__global__ void matmulTiled(const float* A, const float* B, float* C, int M, int N, int K)
{
    __shared__ float As[TILE][TILE];
    __shared__ float Bs[TILE][TILE + 1];
    int row = blockIdx.y * TILE + threadIdx.y;
    int col = blockIdx.x * TILE + threadIdx.x;
    float acc = 0.0f;
    for (int t = 0; t < (K + TILE - 1) / TILE; ++t) {
        int ac = t * TILE + threadIdx.x, br = t * TILE + threadIdx.y;
        As[threadIdx.y][threadIdx.x] = (row < M && ac < K) ? A[row * K + ac] : 0.0f;
        Bs[threadIdx.y][threadIdx.x] = (br < K && col < N) ? B[br * N + col] : 0.0f;
        __syncthreads();
#pragma unroll
        for (int k = 0; k < TILE; ++k) acc += As[threadIdx.y][k] * Bs[k][threadIdx.x];
        __syncthreads();
    }
    if (row < M && col < N) C[row * N + col] = acc;
}
template __global__ void matmulTiled<8>(const float*, const float*, float*, int, int, int);
template __global__ void matmulTiled<16>(const float*, const float*, float*, int, int, int);

__global__ void matmulIntNaive(const int* A, const int* B, long long* C, int n)
{
    int r = blockIdx.y * blockDim.y + threadIdx.y, c = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= n || c >= n) return;
    long long s = 0;
    for (int k = 0; k < n; ++k) s += (long long)A[r * n + k] * B[k * n + c];
    C[r * n + c] = s;
}

__global__ void matmulDouble(const double* A, const double* B, double* C, int n)
{
    __shared__ double as[4][4], bs[4][4];
    int r = blockIdx.y * 4 + threadIdx.y, c = blockIdx.x * 4 + threadIdx.x;
    double s = 0;
    for (int t = 0; t < n; t += 4) {
        as[threadIdx.y][threadIdx.x] = (r < n && t + threadIdx.x < n) ? A[r * n + t + threadIdx.x] : 0;
        bs[threadIdx.y][threadIdx.x] = (c < n && t + threadIdx.y < n) ? B[(t + threadIdx.y) * n + c] : 0;
        __syncthreads();
        for (int k = 0; k < 4; ++k) s = fma(as[threadIdx.y][k], bs[k][threadIdx.x], s);
        __syncthreads();
    }
    if (r < n && c < n) C[r * n + c] = s;
}
