#include <cuda_fp16.h>
#include <stdint.h>
// An HGEMM as a tuned-kernel author writes it (issue 11, direction mma10): C[M][N] (f32) = A[M][K] (f16, row-major) * B[K][N] (f16, row-major).
// Block tile 64x64x32, 4 warps (2x2), each warp 32x32 = 2x4 m16n8k16 mma tiles; cp.async into
// padded shared memory, ldmatrix.x4 for A, ldmatrix.x2.trans for B; double-buffered.
#define BM 64
#define BN 64
#define BK 32
#define PAD 8
__device__ __forceinline__ uint32_t sa(const void* p) { return (uint32_t)__cvta_generic_to_shared(p); }
__device__ __forceinline__ void cp16(void* s, const void* g) {
#if __CUDA_ARCH__ >= 800
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" :: "r"(sa(s)), "l"(g));
#else
    *(uint4*)s = *(const uint4*)g;
#endif
}
__device__ __forceinline__ void cp_commit() {
#if __CUDA_ARCH__ >= 800
    asm volatile("cp.async.commit_group;");
#endif
}
__device__ __forceinline__ void cp_wait0() {
#if __CUDA_ARCH__ >= 800
    asm volatile("cp.async.wait_group 0;");
#endif
}
extern "C" __global__ void __launch_bounds__(128) hgemm(const half* A, const half* B, float* C, int M, int N, int K)
{
    __shared__ __align__(16) half As[2][BM][BK + PAD];
    __shared__ __align__(16) half Bs[2][BK][BN + PAD];
    int tid = threadIdx.x, warp = tid / 32, lane = tid % 32;
    int wm = warp / 2, wn = warp % 2;
    int bm = blockIdx.y * BM, bn = blockIdx.x * BN;
    float acc[2][4][4] = {};
    auto load = [&](int buf, int k0) {
        for (int i = tid; i < BM * BK / 8; i += 128) {        // 8 halves = 16 bytes per copy
            int r = i / (BK / 8), c = (i % (BK / 8)) * 8;
            cp16(&As[buf][r][c], A + (size_t)(bm + r) * K + k0 + c);
        }
        for (int i = tid; i < BK * BN / 8; i += 128) {
            int r = i / (BN / 8), c = (i % (BN / 8)) * 8;
            cp16(&Bs[buf][r][c], B + (size_t)(k0 + r) * N + bn + c);
        }
        cp_commit();
    };
    load(0, 0);
    for (int k0 = 0, buf = 0; k0 < K; k0 += BK, buf ^= 1) {
        cp_wait0();
        __syncthreads();
        if (k0 + BK < K) load(buf ^ 1, k0 + BK);
        for (int kk = 0; kk < BK; kk += 16) {
            uint32_t a[2][4], b[4][2];
            for (int mi = 0; mi < 2; mi++) {
                const half* p = &As[buf][wm * 32 + mi * 16 + (lane % 16)][kk + (lane / 16) * 8];
                asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0,%1,%2,%3}, [%4];"
                             : "=r"(a[mi][0]), "=r"(a[mi][1]), "=r"(a[mi][2]), "=r"(a[mi][3]) : "r"(sa(p)));
            }
            for (int ni = 0; ni < 4; ni++) {
                const half* p = &Bs[buf][kk + (lane % 16)][wn * 32 + ni * 8];
                asm volatile("ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16 {%0,%1}, [%2];"
                             : "=r"(b[ni][0]), "=r"(b[ni][1]) : "r"(sa(p)));
            }
            for (int mi = 0; mi < 2; mi++)
                for (int ni = 0; ni < 4; ni++) {
#if __CUDA_ARCH__ >= 800
                    asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};"
                                 : "+f"(acc[mi][ni][0]), "+f"(acc[mi][ni][1]), "+f"(acc[mi][ni][2]), "+f"(acc[mi][ni][3])
                                 : "r"(a[mi][0]), "r"(a[mi][1]), "r"(a[mi][2]), "r"(a[mi][3]), "r"(b[ni][0]), "r"(b[ni][1]));
#else
                    asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32 {%0,%1,%2,%3}, {%4,%5}, {%6}, {%0,%1,%2,%3};"
                                 : "+f"(acc[mi][ni][0]), "+f"(acc[mi][ni][1]), "+f"(acc[mi][ni][2]), "+f"(acc[mi][ni][3])
                                 : "r"(a[mi][0]), "r"(a[mi][1]), "r"(b[ni][0]));
                    asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32 {%0,%1,%2,%3}, {%4,%5}, {%6}, {%0,%1,%2,%3};"
                                 : "+f"(acc[mi][ni][0]), "+f"(acc[mi][ni][1]), "+f"(acc[mi][ni][2]), "+f"(acc[mi][ni][3])
                                 : "r"(a[mi][2]), "r"(a[mi][3]), "r"(b[ni][1]));
#endif
                }
        }
        __syncthreads();
    }
    int g = lane / 4, t = lane % 4;
    for (int mi = 0; mi < 2; mi++)
        for (int ni = 0; ni < 4; ni++) {
            int r = bm + wm * 32 + mi * 16 + g, c = bn + wn * 32 + ni * 8 + 2 * t;
            *(float2*)&C[(size_t)r * N + c] = make_float2(acc[mi][ni][0], acc[mi][ni][1]);
            *(float2*)&C[(size_t)(r + 8) * N + c] = make_float2(acc[mi][ni][2], acc[mi][ni][3]);
        }
}
