// nvcuda::wmma tiles of the sm_80 types (issue 11, direction mma10): bfloat16 and tf32 inputs
// with float accumulators, and double (8x8x4). D = A * B + C, one warp per tile. sm_75 has none
// of them: there the same function is computed by plain loops (same results for these inputs).
#include <mma.h>
#include <cuda_bf16.h>
using namespace nvcuda;

extern "C" __global__ void wmma_bf16(const float* A, const float* B, const float* C, float* D, int M, int N, int K)
{
    int tile = (blockIdx.x * blockDim.x + threadIdx.x) / 32, lane = threadIdx.x % 32;
    int tm = tile / (N / 16), tn = tile % (N / 16);
    if (tm * 16 >= M) return;
#if __CUDA_ARCH__ >= 800
    __shared__ __align__(32) __nv_bfloat16 sa[4][256], sb[4][256];
    int w = threadIdx.x / 32;
    wmma::fragment<wmma::matrix_a, 16, 16, 16, __nv_bfloat16, wmma::row_major> a;
    wmma::fragment<wmma::matrix_b, 16, 16, 16, __nv_bfloat16, wmma::col_major> b;
    wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc;
    wmma::load_matrix_sync(acc, C + tm * 16 * N + tn * 16, N, wmma::mem_row_major);
    for (int k0 = 0; k0 < K; k0 += 16) {
        for (int i = lane; i < 256; i += 32) {
            sa[w][i] = __float2bfloat16(A[(tm * 16 + i / 16) * K + k0 + i % 16]);
            sb[w][i] = __float2bfloat16(B[(k0 + i % 16) * N + tn * 16 + i / 16]);
        }
        __syncwarp();
        wmma::load_matrix_sync(a, sa[w], 16);
        wmma::load_matrix_sync(b, sb[w], 16);
        wmma::mma_sync(acc, a, b, acc);
        __syncwarp();
    }
    wmma::store_matrix_sync(D + tm * 16 * N + tn * 16, acc, N, wmma::mem_row_major);
#else
    for (int e = lane; e < 256; e += 32) {
        int m = tm * 16 + e / 16, n = tn * 16 + e % 16;
        float s = C[m * N + n];
        for (int k = 0; k < K; k++) s += __bfloat162float(__float2bfloat16(A[m * K + k])) * __bfloat162float(__float2bfloat16(B[k * N + n]));
        D[m * N + n] = s;
    }
#endif
}

extern "C" __global__ void wmma_tf32(const float* A, const float* B, const float* C, float* D, int M, int N, int K)
{
    int tile = (blockIdx.x * blockDim.x + threadIdx.x) / 32, lane = threadIdx.x % 32;
    int tm = tile / (N / 16), tn = tile % (N / 16);
    if (tm * 16 >= M) return;
    (void)lane;
#if __CUDA_ARCH__ >= 800
    wmma::fragment<wmma::matrix_a, 16, 16, 8, wmma::precision::tf32, wmma::col_major> a;    // A given as At[K][M]
    wmma::fragment<wmma::matrix_b, 16, 16, 8, wmma::precision::tf32, wmma::row_major> b;
    wmma::fragment<wmma::accumulator, 16, 16, 8, float> acc;
    wmma::load_matrix_sync(acc, C + tn * 16 * M + tm * 16, M, wmma::mem_col_major);
    for (int k0 = 0; k0 < K; k0 += 8) {
        wmma::load_matrix_sync(a, A + k0 * M + tm * 16, M);
        wmma::load_matrix_sync(b, B + k0 * N + tn * 16, N);
        for (int i = 0; i < a.num_elements; i++) a.x[i] = wmma::__float_to_tf32(a.x[i]);
        for (int i = 0; i < b.num_elements; i++) b.x[i] = wmma::__float_to_tf32(b.x[i]);
        wmma::mma_sync(acc, a, b, acc);
    }
    wmma::store_matrix_sync(D + tn * 16 * M + tm * 16, acc, M, wmma::mem_col_major);
#else
    for (int e = lane; e < 256; e += 32) {
        int m = tm * 16 + e % 16, n = tn * 16 + e / 16;
        float s = C[n * M + m];
        for (int k = 0; k < K; k++) s += A[k * M + m] * B[k * N + n];
        D[n * M + m] = s;
    }
#endif
}

extern "C" __global__ void wmma_f64(const double* A, const double* Bt, const double* C, double* D, int M, int N, int K)
{
    int tile = (blockIdx.x * blockDim.x + threadIdx.x) / 32, lane = threadIdx.x % 32;
    int tm = tile / (N / 8), tn = tile % (N / 8);
    if (tm * 8 >= M) return;
    (void)lane;
#if __CUDA_ARCH__ >= 800
    wmma::fragment<wmma::matrix_a, 8, 8, 4, double, wmma::row_major> a;
    wmma::fragment<wmma::matrix_b, 8, 8, 4, double, wmma::col_major> b;      // B given as Bt[N][K]
    wmma::fragment<wmma::accumulator, 8, 8, 4, double> acc;
    wmma::load_matrix_sync(acc, C + tm * 8 * N + tn * 8, N, wmma::mem_row_major);
    for (int k0 = 0; k0 < K; k0 += 4) {
        wmma::load_matrix_sync(a, A + tm * 8 * K + k0, K);
        wmma::load_matrix_sync(b, Bt + tn * 8 * K + k0, K);
        wmma::mma_sync(acc, a, b, acc);
    }
    wmma::store_matrix_sync(D + tm * 8 * N + tn * 8, acc, N, wmma::mem_row_major);
#else
    for (int e = lane; e < 64; e += 32) {
        int m = tm * 8 + e / 8, n = tn * 8 + e % 8;
        double s = C[m * N + n];
        for (int k = 0; k < K; k++) s = fma(A[m * K + k], Bt[n * K + k], s);
        D[m * N + n] = s;
    }
#endif
}
