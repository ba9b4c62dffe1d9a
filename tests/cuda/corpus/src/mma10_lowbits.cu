// Tensor cores on narrow types (issue 11, direction mma10): nvcuda::wmma's experimental 4-bit
// (s4) and single-bit (b1, XOR/AND + popc) fragments, and mma.sync on 8-bit floats (e4m3 x
// e5m2 -> f32, sm_89+). Targets without the instruction compute the same with loops: s4 and b1
// on sm_120 (whose code goes through MOVM.U4TO8, not modelled), b1 AND before sm_80, fp8 before sm_89.
#include <mma.h>
#include <cuda_fp8.h>
#include <stdint.h>
using namespace nvcuda;

// D4 = A4(8x32 s4, row-major) * B4(32x8 s4, column-major) + 3; DX / DA: popc(A1 row XOR / AND B1 col)
extern "C" __global__ void wmma_lowbits(const int* A4, const int* B4, const unsigned* A1, const unsigned* B1,
                                        int* D4, int* DX, int* DA)
{
    int lane = threadIdx.x;
    (void)lane;
#if __CUDA_ARCH__ < 1200
    wmma::fragment<wmma::matrix_a, 8, 8, 32, wmma::experimental::precision::s4, wmma::row_major> a4;
    wmma::fragment<wmma::matrix_b, 8, 8, 32, wmma::experimental::precision::s4, wmma::col_major> b4;
    wmma::fragment<wmma::accumulator, 8, 8, 32, int> c4;
    wmma::fill_fragment(c4, 3);
    wmma::load_matrix_sync(a4, A4, 32);
    wmma::load_matrix_sync(b4, B4, 32);
    wmma::mma_sync(c4, a4, b4, c4);
    wmma::store_matrix_sync(D4, c4, 8, wmma::mem_row_major);
#else
    for (int e = lane; e < 64; e += 32) {
        int m = e / 8, n = e % 8, s = 3;
        for (int k = 0; k < 32; k++) {
            int a = (A4[m * 4 + k / 8] >> (4 * (k % 8))) & 15, b = (B4[n * 4 + k / 8] >> (4 * (k % 8))) & 15;
            s += (a - ((a & 8) << 1)) * (b - ((b & 8) << 1));
        }
        D4[e] = s;
    }
#endif
#if __CUDA_ARCH__ < 1200
    wmma::fragment<wmma::matrix_a, 8, 8, 128, wmma::experimental::precision::b1, wmma::row_major> a1;
    wmma::fragment<wmma::matrix_b, 8, 8, 128, wmma::experimental::precision::b1, wmma::col_major> b1;
    wmma::fragment<wmma::accumulator, 8, 8, 128, int> c1;
    wmma::fill_fragment(c1, 0);
    wmma::load_matrix_sync(a1, A1, 128);
    wmma::load_matrix_sync(b1, B1, 128);
    wmma::bmma_sync(c1, a1, b1, c1, wmma::experimental::bmmaBitOpXOR);
    wmma::store_matrix_sync(DX, c1, 8, wmma::mem_row_major);
#endif
#if __CUDA_ARCH__ >= 800 && __CUDA_ARCH__ < 1200
    wmma::fill_fragment(c1, -5);
    wmma::bmma_sync(c1, a1, b1, c1, wmma::experimental::bmmaBitOpAND);
    wmma::store_matrix_sync(DA, c1, 8, wmma::mem_col_major);
#else
    for (int e = lane; e < 64; e += 32) {
        int m = e % 8, n = e / 8, s = -5;
        for (int w = 0; w < 4; w++) s += __popc(A1[m * 4 + w] & B1[n * 4 + w]);
        DA[e] = s;
    }
#endif
#if __CUDA_ARCH__ >= 1200
    for (int e = lane; e < 64; e += 32) {
        int s = 0;
        for (int w = 0; w < 4; w++) s += __popc(A1[(e / 8) * 4 + w] ^ B1[(e % 8) * 4 + w]);
        DX[e] = s;
    }
#endif
}

// D(16x8) = A(16x32, e4m3, row-major bytes) * B(32x8, e5m2, given as Bt[8][32]) + C, as m16n8k32
extern "C" __global__ void mma_fp8(const uint8_t* A, const uint8_t* Bt, const float* C, float* D)
{
    int lane = threadIdx.x;
#if __CUDA_ARCH__ >= 890
    int g = lane >> 2, t = lane & 3;
    uint32_t a[4] = {*(const uint32_t*)(A + g * 32 + t * 4), *(const uint32_t*)(A + (g + 8) * 32 + t * 4),
                     *(const uint32_t*)(A + g * 32 + t * 4 + 16), *(const uint32_t*)(A + (g + 8) * 32 + t * 4 + 16)};
    uint32_t b[2] = {*(const uint32_t*)(Bt + g * 32 + t * 4), *(const uint32_t*)(Bt + g * 32 + t * 4 + 16)};
    float d[4];
    asm volatile("mma.sync.aligned.m16n8k32.row.col.f32.e4m3.e5m2.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%10,%11,%12,%13};"
                 : "=f"(d[0]), "=f"(d[1]), "=f"(d[2]), "=f"(d[3])
                 : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]),
                   "f"(C[g * 8 + 2 * t]), "f"(C[g * 8 + 2 * t + 1]), "f"(C[(g + 8) * 8 + 2 * t]), "f"(C[(g + 8) * 8 + 2 * t + 1]));
    D[g * 8 + 2 * t] = d[0]; D[g * 8 + 2 * t + 1] = d[1]; D[(g + 8) * 8 + 2 * t] = d[2]; D[(g + 8) * 8 + 2 * t + 1] = d[3];
#else
    for (int e = lane; e < 128; e += 32) {
        double s = C[e];
        for (int k = 0; k < 32; k++) {
            __nv_fp8_e4m3 x; x.__x = A[(e / 8) * 32 + k];
            __nv_fp8_e5m2 y; y.__x = Bt[(e % 8) * 32 + k];
            s += (double)(float)x * (double)(float)y;
        }
        D[e] = (float)s;
    }
#endif
}
