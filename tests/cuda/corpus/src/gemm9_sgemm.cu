// Dense SGEMM in the styles of the public "how to optimise a matmul" write-ups (direction gemm9):
// C = alpha * A(MxK) * B(KxN) + beta * C, row-major.
//  - sgemm_regblock<BM, BN, BK, TM, TN>: float4 loads from global memory, A stored transposed in
//    shared memory, a TM x TN register block per thread, float4 stores of C;
//  - sgemm_bulk<BM, BN, BK>: tiles copied with one 16-byte cuda::memcpy_async per thread into a
//    cuda::barrier, double buffered (sm_90+: UBLKCP in an ELECT loop; sm_120 reads the copy's
//    operands with R2UR.BROADCAST, decision D9-G-1);
//  - sgemm_smem48: 64 x 96 and 96 x 64 tiles, exactly 48 KiB of static shared memory (sm_90+: 49 KiB
//    with the reserved area, the size a cuobjdump listing must assume, decision D9-G-2).
#include <cuda/barrier>
#include <cooperative_groups.h>

template <int BM, int BN, int BK, int TM, int TN>
__global__ void __launch_bounds__((BM / TM) * (BN / TN))
sgemm_regblock(int M, int N, int K, float alpha, const float *__restrict__ A,
               const float *__restrict__ B, float beta, float *__restrict__ C)
{
    constexpr int NT = (BM / TM) * (BN / TN);
    __shared__ float sa[BK][BM];        // A tile, transposed: sa[k][m]
    __shared__ float sb[BK][BN];
    const int tid = threadIdx.x;
    const int tr = tid / (BN / TN), tc = tid % (BN / TN);
    const float *a = A + (size_t)blockIdx.y * BM * K;
    const float *b = B + (size_t)blockIdx.x * BN;
    float acc[TM][TN] = {};
    float ra[TM], rb[TN];
    for (int k0 = 0; k0 < K; k0 += BK) {
        for (int i = tid; i < BM * BK / 4; i += NT) {        // A: BM rows of BK/4 float4
            int r = i / (BK / 4), c = (i % (BK / 4)) * 4;
            float4 v = *reinterpret_cast<const float4 *>(a + (size_t)r * K + k0 + c);
            sa[c + 0][r] = v.x; sa[c + 1][r] = v.y; sa[c + 2][r] = v.z; sa[c + 3][r] = v.w;
        }
        for (int i = tid; i < BK * BN / 4; i += NT) {        // B: BK rows of BN/4 float4
            int r = i / (BN / 4), c = (i % (BN / 4)) * 4;
            *reinterpret_cast<float4 *>(&sb[r][c]) = *reinterpret_cast<const float4 *>(b + (size_t)(k0 + r) * N + c);
        }
        __syncthreads();
#pragma unroll
        for (int k = 0; k < BK; ++k) {
#pragma unroll
            for (int i = 0; i < TM; i += 4) *reinterpret_cast<float4 *>(&ra[i]) = *reinterpret_cast<float4 *>(&sa[k][tr * TM + i]);
#pragma unroll
            for (int j = 0; j < TN; j += 4) *reinterpret_cast<float4 *>(&rb[j]) = *reinterpret_cast<float4 *>(&sb[k][tc * TN + j]);
#pragma unroll
            for (int i = 0; i < TM; ++i)
#pragma unroll
                for (int j = 0; j < TN; ++j) acc[i][j] = fmaf(ra[i], rb[j], acc[i][j]);
        }
        __syncthreads();
    }
#pragma unroll
    for (int i = 0; i < TM; ++i) {
        float *c = C + (size_t)(blockIdx.y * BM + tr * TM + i) * N + blockIdx.x * BN + tc * TN;
#pragma unroll
        for (int j = 0; j < TN; j += 4) {
            float4 v = *reinterpret_cast<float4 *>(c + j);
            v.x = alpha * acc[i][j + 0] + beta * v.x;
            v.y = alpha * acc[i][j + 1] + beta * v.y;
            v.z = alpha * acc[i][j + 2] + beta * v.z;
            v.w = alpha * acc[i][j + 3] + beta * v.w;
            *reinterpret_cast<float4 *>(c + j) = v;
        }
    }
}

template __global__ void sgemm_regblock<64, 64, 8, 4, 4>(int, int, int, float, const float *, const float *, float, float *);
template __global__ void sgemm_regblock<32, 64, 16, 8, 4>(int, int, int, float, const float *, const float *, float, float *);

// one thread per C element of a BM x BN tile; the tiles arrive by 16-byte async copies
template <int BM, int BN, int BK>
__global__ void sgemm_bulk(int M, int N, int K, float alpha, const float *A, const float *B, float beta, float *C)
{
    using barrier = cuda::barrier<cuda::thread_scope_block>;
    __shared__ barrier bar[2];
    __shared__ alignas(16) float sa[2][BM][BK];
    __shared__ alignas(16) float sb[2][BK][BN];
    auto blk = cooperative_groups::this_thread_block();
    const int tid = threadIdx.x, nt = blockDim.x;
    if (tid == 0) {
        init(&bar[0], nt);
        init(&bar[1], nt);
    }
    __syncthreads();
    const int r0 = blockIdx.y * BM, c0 = blockIdx.x * BN;
    auto load = [&](int stage, int k0) {
        for (int i = tid; i < BM * BK / 4; i += nt) {
            int r = i / (BK / 4), c = (i % (BK / 4)) * 4;
            cuda::memcpy_async(&sa[stage][r][c], A + (size_t)(r0 + r) * K + k0 + c, cuda::aligned_size_t<16>(16), bar[stage]);
        }
        for (int i = tid; i < BK * BN / 4; i += nt) {
            int r = i / (BN / 4), c = (i % (BN / 4)) * 4;
            cuda::memcpy_async(&sb[stage][r][c], B + (size_t)(k0 + r) * N + c0 + c, cuda::aligned_size_t<16>(16), bar[stage]);
        }
    };
    const int ty = tid / BN, tx = tid % BN;
    float acc = 0.0f;
    load(0, 0);
    int stage = 0;
    for (int k0 = 0; k0 < K; k0 += BK) {
        if (k0 + BK < K)
            load(stage ^ 1, k0 + BK);
        bar[stage].arrive_and_wait();
        for (int k = 0; k < BK; ++k)
            acc += sa[stage][ty][k] * sb[stage][k][tx];
        blk.sync();             // everyone is done with this stage before it is refilled
        stage ^= 1;
    }
    float *c = C + (size_t)(r0 + ty) * N + c0 + tx;
    *c = alpha * acc + beta * *c;
}

template __global__ void sgemm_bulk<16, 32, 16>(int, int, int, float, const float *, const float *, float, float *);

// 48 KiB of static shared memory: a 64 x 96 slab of A and a 96 x 64 slab of B per step
extern "C" __global__ void __launch_bounds__(256)
sgemm_smem48(int M, int N, int K, float alpha, const float *A, const float *B, float beta, float *C)
{
    __shared__ float As[64][96];
    __shared__ float Bs[96][64];
    const int tid = threadIdx.x;
    const int ty = tid / 16, tx = tid % 16;      // 16 x 16 threads, 4 x 4 outputs each
    float acc[4][4] = {};
    for (int k0 = 0; k0 < K; k0 += 96) {
        for (int i = tid; i < 64 * 96; i += 256) {
            As[i / 96][i % 96] = A[(size_t)(blockIdx.y * 64 + i / 96) * K + k0 + i % 96];
            Bs[i / 64][i % 64] = B[(size_t)(k0 + i / 64) * N + blockIdx.x * 64 + i % 64];
        }
        __syncthreads();
        for (int k = 0; k < 96; ++k)
            for (int i = 0; i < 4; ++i)
                for (int j = 0; j < 4; ++j)
                    acc[i][j] += As[ty * 4 + i][k] * Bs[k][tx * 4 + j];
        __syncthreads();
    }
    for (int i = 0; i < 4; ++i)
        for (int j = 0; j < 4; ++j) {
            float *c = C + (size_t)(blockIdx.y * 64 + ty * 4 + i) * N + blockIdx.x * 64 + tx * 4 + j;
            *c = alpha * acc[i][j] + beta * *c;
        }
}
