// Tensor-core tiles with nvcuda::wmma, the way tutorials write them (issue 11, direction mma10):
// D[M][N] = A[M][K] * B[K][N] + C[M][N], one warp per output tile, four warps per block. The
// float inputs are converted to half in each warp's own shared-memory tiles; the 8-bit kernels
// read their fragments straight from global memory.
#include <mma.h>
#include <cuda_fp16.h>
using namespace nvcuda;

template <int TM, int TN, bool BROW>
__device__ void half_tile(const float* A, const float* B, const float* C, float* D, int M, int N, int K)
{
    __shared__ __align__(32) half sa[4][TM * 16];
    __shared__ __align__(32) half sb[4][16 * TN];
    int w = threadIdx.x / 32, lane = threadIdx.x % 32;
    int tile = blockIdx.x * (blockDim.x / 32) + w;
    int tm = tile / (N / TN), tn = tile % (N / TN);
    if (tm * TM >= M) return;
    wmma::fragment<wmma::matrix_a, TM, TN, 16, half, wmma::row_major> a;
    typedef typename std::conditional<BROW, wmma::row_major, wmma::col_major>::type LB;
    wmma::fragment<wmma::matrix_b, TM, TN, 16, half, LB> b;
    wmma::fragment<wmma::accumulator, TM, TN, 16, float> acc;
    wmma::load_matrix_sync(acc, C + tm * TM * N + tn * TN, N, wmma::mem_row_major);
    for (int k0 = 0; k0 < K; k0 += 16) {
        for (int i = lane; i < TM * 16; i += 32)
            sa[w][i] = __float2half(A[(tm * TM + i / 16) * K + k0 + i % 16]);
        for (int i = lane; i < 16 * TN; i += 32) {
            if (BROW) sb[w][i] = __float2half(B[(k0 + i / TN) * N + tn * TN + i % TN]);
            else sb[w][i] = __float2half(B[(k0 + i % 16) * N + tn * TN + i / 16]);
        }
        __syncwarp();
        wmma::load_matrix_sync(a, sa[w], 16);
        wmma::load_matrix_sync(b, sb[w], BROW ? TN : 16);
        wmma::mma_sync(acc, a, b, acc);
        __syncwarp();
    }
    wmma::store_matrix_sync(D + tm * TM * N + tn * TN, acc, N, wmma::mem_row_major);
}

extern "C" __global__ void wmma_h16(const float* A, const float* B, const float* C, float* D, int M, int N, int K)
{ half_tile<16, 16, false>(A, B, C, D, M, N, K); }
extern "C" __global__ void wmma_h32x8(const float* A, const float* B, const float* C, float* D, int M, int N, int K)
{ half_tile<32, 8, true>(A, B, C, D, M, N, K); }
extern "C" __global__ void wmma_h8x32(const float* A, const float* B, const float* C, float* D, int M, int N, int K)
{ half_tile<8, 32, false>(A, B, C, D, M, N, K); }

// half accumulators: D = A * B + 0.25, stored column-major through shared memory, widened to float
extern "C" __global__ void wmma_hh(const float* A, const float* B, float* D, int M, int N, int K)
{
    __shared__ __align__(32) half sa[16 * 16], sb[16 * 16], sd[16 * 16];
    int lane = threadIdx.x;
    int tm = blockIdx.x / (N / 16), tn = blockIdx.x % (N / 16);
    wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::col_major> a;
    wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::row_major> b;
    wmma::fragment<wmma::accumulator, 16, 16, 16, half> acc;
    wmma::fill_fragment(acc, __float2half(0.25f));
    for (int k0 = 0; k0 < K; k0 += 16) {
        for (int i = lane; i < 256; i += 32) {
            sa[i] = __float2half(A[(tm * 16 + i % 16) * K + k0 + i / 16]);      // col-major tile
            sb[i] = __float2half(B[(k0 + i / 16) * N + tn * 16 + i % 16]);
        }
        __syncwarp();
        wmma::load_matrix_sync(a, sa, 16);
        wmma::load_matrix_sync(b, sb, 16);
        wmma::mma_sync(acc, a, b, acc);
        __syncwarp();
    }
    wmma::store_matrix_sync(sd, acc, 16, wmma::mem_col_major);
    __syncwarp();
    for (int i = lane; i < 256; i += 32)
        D[(tm * 16 + i % 16) * N + tn * 16 + i / 16] = __half2float(sd[i]);
}

// 8-bit integers: signed 16x16x16 (B column-major: B is given as Bt[N][K]) and unsigned 32x8x16
extern "C" __global__ void wmma_s8(const signed char* A, const signed char* Bt, const int* C, int* D, int M, int N, int K)
{
    int tile = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
    int tm = tile / (N / 16), tn = tile % (N / 16);
    if (tm * 16 >= M) return;
    wmma::fragment<wmma::matrix_a, 16, 16, 16, signed char, wmma::row_major> a;
    wmma::fragment<wmma::matrix_b, 16, 16, 16, signed char, wmma::col_major> b;
    wmma::fragment<wmma::accumulator, 16, 16, 16, int> acc;
    wmma::load_matrix_sync(acc, C + tm * 16 * N + tn * 16, N, wmma::mem_row_major);
    for (int k0 = 0; k0 < K; k0 += 16) {
        wmma::load_matrix_sync(a, A + tm * 16 * K + k0, K);
        wmma::load_matrix_sync(b, Bt + tn * 16 * K + k0, K);
        wmma::mma_sync(acc, a, b, acc);
    }
    wmma::store_matrix_sync(D + tm * 16 * N + tn * 16, acc, N, wmma::mem_row_major);
}

extern "C" __global__ void wmma_u8(const unsigned char* A, const unsigned char* B, int* D, int M, int N, int K)
{
    int tile = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
    int tm = tile / (N / 8), tn = tile % (N / 8);
    if (tm * 32 >= M) return;
    wmma::fragment<wmma::matrix_a, 32, 8, 16, unsigned char, wmma::col_major> a;     // A given as At[K][M]
    wmma::fragment<wmma::matrix_b, 32, 8, 16, unsigned char, wmma::row_major> b;
    wmma::fragment<wmma::accumulator, 32, 8, 16, int> acc;
    wmma::fill_fragment(acc, -7);
    for (int k0 = 0; k0 < K; k0 += 16) {
        wmma::load_matrix_sync(a, A + k0 * M + tm * 32, M);
        wmma::load_matrix_sync(b, B + k0 * N + tn * 8, N);
        wmma::mma_sync(acc, a, b, acc);
    }
    wmma::store_matrix_sync(D + tn * 8 * M + tm * 32, acc, M, wmma::mem_col_major);
}
