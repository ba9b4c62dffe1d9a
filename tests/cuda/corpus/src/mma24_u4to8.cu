// Sub-byte tensor-core tiles (issue 11, decision D24-2): nvcuda::wmma's experimental 4-bit (s4, u4)
// and single-bit (b1 XOR / AND) fragments on every target. sm_100 and later have no 4-bit or
// single-bit IMMA: nvcc widens the fragments to 8 bits with MOVM.U4TO8.M832 and multiplies them
// with the 8-bit IMMA.16832. One 8x8 tile per warp, two warps per block.
#include <mma.h>
using namespace nvcuda;
namespace px = wmma::experimental::precision;

// D = A (8x32 4-bit, row-major: 4 words a row) * B (32x8, column-major: 4 words a column) + bias
template <typename P>
__device__ void tile4(const unsigned *A, const unsigned *B, int *D, int bias)
{
    wmma::fragment<wmma::matrix_a, 8, 8, 32, P, wmma::row_major> a;
    wmma::fragment<wmma::matrix_b, 8, 8, 32, P, wmma::col_major> b;
    wmma::fragment<wmma::accumulator, 8, 8, 32, int> c;
    wmma::fill_fragment(c, bias);
    wmma::load_matrix_sync(a, A, 32);
    wmma::load_matrix_sync(b, B, 32);
    wmma::mma_sync(c, a, b, c);
    wmma::store_matrix_sync(D, c, 8, wmma::mem_row_major);
}

extern "C" __global__ void wmma_s4(const unsigned *A, const unsigned *B, int *D)
{
    int w = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
    tile4<px::s4>(A + w * 32, B + w * 32, D + w * 64, w - 2);
}

extern "C" __global__ void wmma_u4(const unsigned *A, const unsigned *B, int *D)
{
    int w = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
    tile4<px::u4>(A + w * 32, B + w * 32, D + w * 64, 7 * w);
}

// DX = popc(A row XOR B column), DA = popc(A row AND B column) - w (8x128 bits: 4 words a row)
extern "C" __global__ void wmma_b1(const unsigned *A, const unsigned *B, int *DX, int *DA)
{
    int w = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
    A += w * 32; B += w * 32; DX += w * 64; DA += w * 64;
    wmma::fragment<wmma::matrix_a, 8, 8, 128, px::b1, wmma::row_major> a;
    wmma::fragment<wmma::matrix_b, 8, 8, 128, px::b1, wmma::col_major> b;
    wmma::fragment<wmma::accumulator, 8, 8, 128, int> c;
    wmma::load_matrix_sync(a, A, 128);
    wmma::load_matrix_sync(b, B, 128);
    wmma::fill_fragment(c, 0);
    wmma::bmma_sync(c, a, b, c, wmma::experimental::bmmaBitOpXOR);
    wmma::store_matrix_sync(DX, c, 8, wmma::mem_row_major);
#if __CUDA_ARCH__ >= 800
    wmma::fill_fragment(c, -w);
    wmma::bmma_sync(c, a, b, c, wmma::experimental::bmmaBitOpAND);
    wmma::store_matrix_sync(DA, c, 8, wmma::mem_col_major);
#else
    for (int e = threadIdx.x % 32; e < 64; e += 32) {
        int m = e % 8, n = e / 8, s = -w;
        for (int k = 0; k < 4; k++) s += __popc(A[m * 4 + k] & B[n * 4 + k]);
        DA[e] = s;
    }
#endif
}
