// nvcc-flags: -maxrregcount=64 -lineinfo
// proxy15: DGEMM as HPC codes hand-write it: C = alpha*A*B + beta*C with 16x16 shared-memory tiles
// in double, each thread computing a 2x2 register block (ragged edges guarded), 64-bit leading
// dimensions; written after the tiled matrix multiply of the CUDA Programming Guide and
// Volkov & Demmel (SC'08) for this corpus. Built with -maxrregcount=64 -lineinfo.
#define TS 16
__global__ void dgemm_tiled(int M, int N, int K, double alpha, const double *__restrict__ A, long lda,
                            const double *__restrict__ B, long ldb, double beta, double *__restrict__ C, long ldc)
{
    __shared__ double As[2 * TS][TS + 1];
    __shared__ double Bs[TS][2 * TS + 1];
    int tx = threadIdx.x, ty = threadIdx.y;            // 16 x 16 threads, a 32 x 32 tile of C
    int row0 = blockIdx.y * 2 * TS, col0 = blockIdx.x * 2 * TS;
    double c00 = 0, c01 = 0, c10 = 0, c11 = 0;
    for (int k0 = 0; k0 < K; k0 += TS) {
        for (int r = ty; r < 2 * TS; r += TS) {
            int gr = row0 + r, gk = k0 + tx;
            As[r][tx] = (gr < M && gk < K) ? A[gr * lda + gk] : 0.0;
        }
        for (int c = tx; c < 2 * TS; c += TS) {
            int gk = k0 + ty, gc = col0 + c;
            Bs[ty][c] = (gk < K && gc < N) ? B[gk * ldb + gc] : 0.0;
        }
        __syncthreads();
#pragma unroll
        for (int k = 0; k < TS; k++) {
            double a0 = As[ty][k], a1 = As[ty + TS][k];
            double b0 = Bs[k][tx], b1 = Bs[k][tx + TS];
            c00 += a0 * b0;
            c01 += a0 * b1;
            c10 += a1 * b0;
            c11 += a1 * b1;
        }
        __syncthreads();
    }
    int r0 = row0 + ty, r1 = row0 + ty + TS, q0 = col0 + tx, q1 = col0 + tx + TS;
    if (r0 < M && q0 < N) C[r0 * ldc + q0] = alpha * c00 + beta * C[r0 * ldc + q0];
    if (r0 < M && q1 < N) C[r0 * ldc + q1] = alpha * c01 + beta * C[r0 * ldc + q1];
    if (r1 < M && q0 < N) C[r1 * ldc + q0] = alpha * c10 + beta * C[r1 * ldc + q0];
    if (r1 < M && q1 < N) C[r1 * ldc + q1] = alpha * c11 + beta * C[r1 * ldc + q1];
}
