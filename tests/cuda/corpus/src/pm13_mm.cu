// Textbook dense linear algebra (PMPP ch. 3-5 style): naive and tiled matrix multiply with
// bounds checks, TILE 8/16/32 over int/float/double, matrix transposes, dot products.
#include <cstddef>

template <int TILE, typename T>
__global__ void matmul_tiled(const T *A, const T *B, T *C, int M, int N, int K)
{
    __shared__ T As[TILE][TILE];
    __shared__ T Bs[TILE][TILE];
    int tx = threadIdx.x, ty = threadIdx.y;
    int row = blockIdx.y * TILE + ty;
    int col = blockIdx.x * TILE + tx;
    T sum = 0;
    int phases = (K + TILE - 1) / TILE;
    for (int p = 0; p < phases; ++p) {
        int ak = p * TILE + tx;
        int bk = p * TILE + ty;
        As[ty][tx] = (row < M && ak < K) ? A[row * K + ak] : T(0);
        Bs[ty][tx] = (bk < K && col < N) ? B[bk * N + col] : T(0);
        __syncthreads();
#pragma unroll
        for (int k = 0; k < TILE; ++k)
            sum += As[ty][k] * Bs[k][tx];
        __syncthreads();
    }
    if (row < M && col < N)
        C[row * N + col] = sum;
}

template __global__ void matmul_tiled<16, float>(const float *, const float *, float *, int, int, int);
template __global__ void matmul_tiled<8, int>(const int *, const int *, int *, int, int, int);
template __global__ void matmul_tiled<32, double>(const double *, const double *, double *, int, int, int);

extern "C" __global__ void matmul_naive(const float *A, const float *B, float *C, int width)
{
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    if (row < width && col < width) {
        float v = 0.0f;
        for (int k = 0; k < width; ++k)
            v += A[row * width + k] * B[k * width + col];
        C[row * width + col] = v;
    }
}

// thread coarsening: each thread computes COARSE output columns (PMPP 6.3)
#define CT 16
#define COARSE 4
extern "C" __global__ void matmul_coarse(const float *M, const float *N, float *P, int width)
{
    __shared__ float Mds[CT][CT];
    __shared__ float Nds[CT][CT];
    int bx = blockIdx.x, by = blockIdx.y, tx = threadIdx.x, ty = threadIdx.y;
    int row = by * CT + ty;
    int colStart = bx * CT * COARSE + tx;
    float Pvalue[COARSE];
    for (int c = 0; c < COARSE; ++c) Pvalue[c] = 0.0f;
    for (int ph = 0; ph < width / CT; ++ph) {
        Mds[ty][tx] = M[row * width + ph * CT + tx];
        for (int c = 0; c < COARSE; ++c) {
            int col = colStart + c * CT;
            Nds[ty][tx] = N[(ph * CT + ty) * width + col];
            __syncthreads();
            for (int k = 0; k < CT; ++k)
                Pvalue[c] += Mds[ty][k] * Nds[k][tx];
            __syncthreads();
        }
    }
    for (int c = 0; c < COARSE; ++c)
        P[row * width + colStart + c * CT] = Pvalue[c];
}

#define TDIM 32
#define BROWS 8
extern "C" __global__ void transpose_naive(float *odata, const float *idata, int rows, int cols)
{
    int x = blockIdx.x * TDIM + threadIdx.x;
    int y = blockIdx.y * TDIM + threadIdx.y;
    for (int j = 0; j < TDIM; j += BROWS)
        if (x < cols && y + j < rows)
            odata[x * rows + (y + j)] = idata[(y + j) * cols + x];
}

extern "C" __global__ void transpose_shared(float *odata, const float *idata, int rows, int cols)
{
    __shared__ float tile[TDIM][TDIM];
    int x = blockIdx.x * TDIM + threadIdx.x;
    int y = blockIdx.y * TDIM + threadIdx.y;
    for (int j = 0; j < TDIM; j += BROWS)
        if (x < cols && y + j < rows)
            tile[threadIdx.y + j][threadIdx.x] = idata[(y + j) * cols + x];
    __syncthreads();
    x = blockIdx.y * TDIM + threadIdx.x;
    y = blockIdx.x * TDIM + threadIdx.y;
    for (int j = 0; j < TDIM; j += BROWS)
        if (x < rows && y + j < cols)
            odata[(y + j) * rows + x] = tile[threadIdx.x][threadIdx.y + j];
}

extern "C" __global__ void transpose_padded(double *odata, const double *idata, int n)
{
    __shared__ double tile[TDIM][TDIM + 1];
    int x = blockIdx.x * TDIM + threadIdx.x;
    int y = blockIdx.y * TDIM + threadIdx.y;
    for (int j = 0; j < TDIM; j += BROWS)
        if (x < n && y + j < n)
            tile[threadIdx.y + j][threadIdx.x] = idata[(size_t)(y + j) * n + x];
    __syncthreads();
    x = blockIdx.y * TDIM + threadIdx.x;
    y = blockIdx.x * TDIM + threadIdx.y;
    for (int j = 0; j < TDIM; j += BROWS)
        if (x < n && y + j < n)
            odata[(size_t)(y + j) * n + x] = tile[threadIdx.x][threadIdx.y + j];
}

// CUDA by Example ch. 5: dot product with a shared cache, the block's partial sum written out
const int threadsPerBlock = 256;
extern "C" __global__ void dot_cbe(const float *a, const float *b, float *c, int N)
{
    __shared__ float cache[threadsPerBlock];
    int tid = threadIdx.x + blockIdx.x * blockDim.x;
    int cacheIndex = threadIdx.x;
    float temp = 0;
    while (tid < N) {
        temp += a[tid] * b[tid];
        tid += blockDim.x * gridDim.x;
    }
    cache[cacheIndex] = temp;
    __syncthreads();
    int i = blockDim.x / 2;
    while (i != 0) {
        if (cacheIndex < i)
            cache[cacheIndex] += cache[cacheIndex + i];
        __syncthreads();
        i /= 2;
    }
    if (cacheIndex == 0)
        c[blockIdx.x] = cache[0];
}

// double dot product finished with atomicAdd(double*)
extern "C" __global__ void dot_atomic_d(const double *x, const double *y, double *result, long long n)
{
    __shared__ double part[32];
    double s = 0.0;
    for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n; i += (long long)blockDim.x * gridDim.x)
        s += x[i] * y[i];
    for (int off = 16; off > 0; off >>= 1)
        s += __shfl_down_sync(0xffffffff, s, off);
    int lane = threadIdx.x & 31, wid = threadIdx.x >> 5;
    if (lane == 0) part[wid] = s;
    __syncthreads();
    if (wid == 0) {
        s = lane < (blockDim.x + 31) / 32 ? part[lane] : 0.0;
        for (int off = 16; off > 0; off >>= 1)
            s += __shfl_down_sync(0xffffffff, s, off);
        if (lane == 0) atomicAdd(result, s);
    }
}
