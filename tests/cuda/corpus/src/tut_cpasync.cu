// cp.async as tutorials write it (seventh round, direction tut7, decision D7-tut-1): LeetCUDA-style
// inline-PTX macros (cp.async.cg/.ca with .L2::64B/128B/256B, src-size zero fill) in a double-buffered
// SGEMM, and __pipeline_memcpy_async with zero fill for a ragged tail. sm_75 has no cp.async: the
// macros fall back to plain 16-byte copies there.
#include <cuda_pipeline.h>
#include <cstdint>
#if __CUDA_ARCH__ >= 800
#define CP_ASYNC_CG(dst, src, bytes) asm volatile("cp.async.cg.shared.global.L2::128B [%0], [%1], %2;\n" ::"r"(dst), "l"(src), "n"(bytes))
#define CP_ASYNC_CA(dst, src, bytes) asm volatile("cp.async.ca.shared.global.L2::128B [%0], [%1], %2;\n" ::"r"(dst), "l"(src), "n"(bytes))
#define CP_ASYNC_COMMIT_GROUP() asm volatile("cp.async.commit_group;\n" ::)
#define CP_ASYNC_WAIT_ALL() asm volatile("cp.async.wait_all;\n" ::)
#define CP_ASYNC_WAIT_GROUP(n) asm volatile("cp.async.wait_group %0;\n" ::"n"(n))
#else
__device__ __forceinline__ void copy16(uint32_t dst, const void *src)
{
    float4 v = *reinterpret_cast<const float4 *>(src);
    asm volatile("st.shared.v4.f32 [%0], {%1,%2,%3,%4};" ::"r"(dst), "f"(v.x), "f"(v.y), "f"(v.z), "f"(v.w));
}
#define CP_ASYNC_CG(dst, src, bytes) copy16(dst, src)
#define CP_ASYNC_CA(dst, src, bytes) copy16(dst, src)
#define CP_ASYNC_COMMIT_GROUP()
#define CP_ASYNC_WAIT_ALL()
#define CP_ASYNC_WAIT_GROUP(n)
#endif

// BM = BN = 64, BK = 16, 256 threads, 4x4 outputs per thread; K a multiple of 16
template <int BM = 64, int BN = 64, int BK = 16>
__global__ void __launch_bounds__(256, 2) sgemm_cp_async(const float *A, const float *B, float *C, int M, int N, int K)
{
    __shared__ __align__(16) float sA[2][BM][BK];
    __shared__ __align__(16) float sB[2][BK][BN];
    int tid = threadIdx.x, tx = tid % 16, ty = tid / 16;
    int bm = blockIdx.y * BM, bn = blockIdx.x * BN;
    int ar = tid / 4, ac = (tid % 4) * 4;
    int br = tid / 16, bc = (tid % 16) * 4;
    float acc[4][4] = {};
    auto load = [&](int buf, int k0) {
        uint32_t da = static_cast<uint32_t>(__cvta_generic_to_shared(&sA[buf][ar][ac]));
        uint32_t db = static_cast<uint32_t>(__cvta_generic_to_shared(&sB[buf][br][bc]));
        CP_ASYNC_CG(da, &A[(size_t)(bm + ar) * K + k0 + ac], 16);
        CP_ASYNC_CA(db, &B[(size_t)(k0 + br) * N + bn + bc], 16);
        CP_ASYNC_COMMIT_GROUP();
    };
    load(0, 0);
    int nk = K / BK;
    for (int t = 0; t < nk; ++t) {
        if (t + 1 < nk) { load((t + 1) & 1, (t + 1) * BK); CP_ASYNC_WAIT_GROUP(1); }
        else CP_ASYNC_WAIT_ALL();
        __syncthreads();
        int cur = t & 1;
#pragma unroll
        for (int k = 0; k < BK; ++k) {
            float a[4], b[4];
#pragma unroll
            for (int i = 0; i < 4; ++i) a[i] = sA[cur][ty * 4 + i][k];
            *reinterpret_cast<float4 *>(b) = *reinterpret_cast<float4 *>(&sB[cur][k][tx * 4]);
#pragma unroll
            for (int i = 0; i < 4; ++i)
#pragma unroll
                for (int j = 0; j < 4; ++j) acc[i][j] = fmaf(a[i], b[j], acc[i][j]);
        }
        __syncthreads();
    }
#pragma unroll
    for (int i = 0; i < 4; ++i)
        *reinterpret_cast<float4 *>(&C[(size_t)(bm + ty * 4 + i) * N + bn + tx * 4]) =
            make_float4(acc[i][0], acc[i][1], acc[i][2], acc[i][3]);
}
template __global__ void sgemm_cp_async<>(const float *, const float *, float *, int, int, int);

// every cp.async form nvcc writes: L2 prefetch sizes, src-size 0/16 (a source predicate), any
// src-size (.ZFILL); shared memory holds -1 words before, so zeros are written, not left
extern "C" __global__ void cp_async_forms(const int *src, int *out, int n)
{
    __shared__ __align__(16) int s[7][128];
    int t = threadIdx.x;          // 32 threads, four ints each
    for (int i = t; i < 7 * 128; i += 32) (&s[0][0])[i] = -1;
    __syncthreads();
    const int *g = src + 4 * t;
    int valid = n - 4 * t;                                      // ints left from this thread's slot
    int bytes = valid >= 4 ? 16 : valid > 0 ? 4 * valid : 0;
#if __CUDA_ARCH__ >= 800
    uint32_t d = static_cast<uint32_t>(__cvta_generic_to_shared(&s[0][4 * t]));
    asm volatile("cp.async.cg.shared.global.L2::64B [%0], [%1], 16;" ::"r"(d), "l"(src + 4 * t));
    asm volatile("cp.async.cg.shared.global.L2::256B [%0], [%1], 16;" ::"r"(d + 512), "l"(src + 128 + 4 * t));
    asm volatile("cp.async.ca.shared.global.L2::64B [%0], [%1], 8;" ::"r"(d + 1024), "l"(src + 256 + 4 * t));
    asm volatile("cp.async.ca.shared.global.L2::256B [%0], [%1], 4;" ::"r"(d + 1536), "l"(src + 384 + 4 * t));
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16, %2;" ::"r"(d + 2048), "l"(g), "r"(valid >= 4 ? 16 : 0));
    asm volatile("cp.async.cg.shared.global.L2::128B [%0], [%1], 16, %2;" ::"r"(d + 2560), "l"(g), "r"(bytes));
    asm volatile("cp.async.ca.shared.global [%0], [%1], 4, %2;" ::"r"(d + 3072), "l"(g), "r"(bytes ? 2 : 0));
    asm volatile("cp.async.commit_group;");
    asm volatile("cp.async.wait_group 0;");
#else
    for (int k = 0; k < 4; ++k) {
        s[0][4 * t + k] = src[4 * t + k];
        s[1][4 * t + k] = src[128 + 4 * t + k];
        if (k < 2) s[2][4 * t + k] = src[256 + 4 * t + k];
        if (k < 1) s[3][4 * t + k] = src[384 + 4 * t + k];
        s[4][4 * t + k] = valid >= 4 ? g[k] : 0;
        s[5][4 * t + k] = 4 * k < bytes ? g[k] : 0;
    }
    s[6][4 * t] = bytes ? (g[0] & 0xffff) : 0;
#endif
    __syncthreads();
    for (int i = t; i < 7 * 128; i += 32) out[i] = (&s[0][0])[i];
}

// __pipeline_memcpy_async with zero fill for the ragged tail of a float array
extern "C" __global__ void pipeline_tail(const float *in, float *out, int n)
{
    __shared__ __align__(16) float4 s[64];
    int t = threadIdx.x;
    int base = blockIdx.x * 256 + 4 * t;
    int valid = n - base;
    size_t zfill = valid >= 4 ? 0 : (valid <= 0 ? 16 : 16 - 4 * valid);
    const float *src = in + (valid > 0 ? base : 0);
    __pipeline_memcpy_async(&s[t], src, 16, zfill);
    __pipeline_commit();
    __pipeline_wait_prior(0);
    __syncthreads();
    float4 v = s[63 - t];
    if (base < n) out[base] = v.x + v.y + v.z + v.w;
}
