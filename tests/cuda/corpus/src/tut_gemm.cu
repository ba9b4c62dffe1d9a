// Tutorial-style matrix kernels (seventh round, direction tut7): SGEMV (warp per row, 16-lane k
// split), SGEMM (naive, shared tiles, 1-D register tiles, 8x8 register tiles with float4 and double
// buffering, __launch_bounds__), transposes (padded tile, float4), a shared-atomic histogram.
#define OFFSET(r, c, ld) ((r) * (ld) + (c))
#define F4(p) (reinterpret_cast<float4 *>(&(p))[0])

extern "C" __global__ void sgemv_warp_row(const float *A, const float *x, float *y, int M, int K)
{
    int row = blockIdx.x * blockDim.y + threadIdx.y;
    int lane = threadIdx.x;
    if (row < M) {
        float s = 0.0f;
        for (int k = lane; k < K; k += 32) s += A[row * K + k] * x[k];
#pragma unroll
        for (int m = 16; m; m >>= 1) s += __shfl_xor_sync(0xffffffff, s, m);
        if (lane == 0) y[row] = s;
    }
}

// k split: each half-warp (16 lanes) handles a row of K=16
extern "C" __global__ void sgemv_k16(const float *A, const float *x, float *y, int M)
{
    int tx = threadIdx.x, ty = threadIdx.y;
    int row = (blockIdx.x * blockDim.y + ty) * 2 + tx / 16;
    int k = tx % 16;
    if (row < M) {
        float s = A[row * 16 + k] * x[k];
        s += __shfl_down_sync(0xffffffff, s, 8, 16);
        s += __shfl_down_sync(0xffffffff, s, 4, 16);
        s += __shfl_down_sync(0xffffffff, s, 2, 16);
        s += __shfl_down_sync(0xffffffff, s, 1, 16);
        if (k == 0) y[row] = s;
    }
}

extern "C" __global__ void sgemm_naive(const float *A, const float *B, float *C, int M, int N, int K)
{
    int r = blockIdx.y * blockDim.y + threadIdx.y, c = blockIdx.x * blockDim.x + threadIdx.x;
    if (r < M && c < N) {
        float s = 0.0f;
        for (int k = 0; k < K; ++k) s += A[r * K + k] * B[k * N + c];
        C[r * N + c] = s;
    }
}

template <int BS>
__global__ void sgemm_tiled(const float *A, const float *B, float *C, int M, int N, int K)
{
    __shared__ float As[BS][BS], Bs[BS][BS];
    int tx = threadIdx.x, ty = threadIdx.y;
    int r = blockIdx.y * BS + ty, c = blockIdx.x * BS + tx;
    float s = 0.0f;
    for (int k0 = 0; k0 < K; k0 += BS) {
        As[ty][tx] = (r < M && k0 + tx < K) ? A[r * K + k0 + tx] : 0.0f;
        Bs[ty][tx] = (c < N && k0 + ty < K) ? B[(k0 + ty) * N + c] : 0.0f;
        __syncthreads();
#pragma unroll
        for (int k = 0; k < BS; ++k) s += As[ty][k] * Bs[k][tx];
        __syncthreads();
    }
    if (r < M && c < N) C[r * N + c] = s;
}
template __global__ void sgemm_tiled<16>(const float *, const float *, float *, int, int, int);

// 1-D register tiling: BM=64, BN=64, BK=8, TM=8, 512 threads
template <int BM, int BN, int BK, int TM>
__global__ void __launch_bounds__((BM * BN) / TM) sgemm_1d(const float *A, const float *B, float *C, int M, int N, int K)
{
    __shared__ float As[BM * BK], Bs[BK * BN];
    int tcol = threadIdx.x % BN, trow = threadIdx.x / BN;
    int br = blockIdx.y, bc = blockIdx.x;
    A += br * BM * K; B += bc * BN; C += br * BM * N + bc * BN;
    int ia_r = threadIdx.x / BK, ia_c = threadIdx.x % BK;
    int ib_r = threadIdx.x / BN, ib_c = threadIdx.x % BN;
    float acc[TM] = {0.0f};
    for (int k0 = 0; k0 < K; k0 += BK) {
        As[ia_r * BK + ia_c] = A[ia_r * K + ia_c];
        Bs[ib_r * BN + ib_c] = B[ib_r * N + ib_c];
        __syncthreads();
        A += BK; B += BK * N;
        for (int k = 0; k < BK; ++k) {
            float b = Bs[k * BN + tcol];
#pragma unroll
            for (int i = 0; i < TM; ++i) acc[i] += As[(trow * TM + i) * BK + k] * b;
        }
        __syncthreads();
    }
#pragma unroll
    for (int i = 0; i < TM; ++i) C[(trow * TM + i) * N + tcol] = acc[i];
}
template __global__ void sgemm_1d<64, 64, 8, 8>(const float *, const float *, float *, int, int, int);

// 2-D register tiling 8x8 with float4 loads and double buffering: BM=BN=128, BK=8, 256 threads
template <int BM = 128, int BN = 128, int BK = 8, int TM = 8, int TN = 8>
__global__ void __launch_bounds__(256) sgemm_8x8_db(const float *a, const float *b, float *c, int M, int N, int K)
{
    __shared__ float s_a[2][BK][BM];
    __shared__ float s_b[2][BK][BN];
    float r_lda[4], r_ldb[4], r_ca[TM], r_cb[TN];
    float r_c[TM][TN] = {0.0f};
    int bx = blockIdx.x, by = blockIdx.y, tid = threadIdx.x;
    int tx = tid % 16, ty = tid / 16;
    int lam = tid >> 1, lak = (tid & 1) << 2;
    int lbk = tid >> 5, lbn = (tid & 31) << 2;
    int gam = by * BM + lam, gbn = bx * BN + lbn;
    F4(r_lda[0]) = F4(((float *)a)[OFFSET(gam, lak, K)]);
    F4(r_ldb[0]) = F4(((float *)b)[OFFSET(lbk, gbn, N)]);
    s_a[0][lak + 0][lam] = r_lda[0]; s_a[0][lak + 1][lam] = r_lda[1];
    s_a[0][lak + 2][lam] = r_lda[2]; s_a[0][lak + 3][lam] = r_lda[3];
    F4(s_b[0][lbk][lbn]) = F4(r_ldb[0]);
    __syncthreads();
    for (int bk = 1; bk < (K + BK - 1) / BK; ++bk) {
        int cur = (bk - 1) & 1, nxt = bk & 1;
        F4(r_lda[0]) = F4(((float *)a)[OFFSET(gam, bk * BK + lak, K)]);
        F4(r_ldb[0]) = F4(((float *)b)[OFFSET(bk * BK + lbk, gbn, N)]);
#pragma unroll
        for (int k = 0; k < BK; ++k) {
            F4(r_ca[0]) = F4(s_a[cur][k][ty * TM / 2]);
            F4(r_ca[4]) = F4(s_a[cur][k][ty * TM / 2 + BM / 2]);
            F4(r_cb[0]) = F4(s_b[cur][k][tx * TN / 2]);
            F4(r_cb[4]) = F4(s_b[cur][k][tx * TN / 2 + BN / 2]);
#pragma unroll
            for (int m = 0; m < TM; ++m)
#pragma unroll
                for (int n = 0; n < TN; ++n) r_c[m][n] += r_ca[m] * r_cb[n];
        }
        s_a[nxt][lak + 0][lam] = r_lda[0]; s_a[nxt][lak + 1][lam] = r_lda[1];
        s_a[nxt][lak + 2][lam] = r_lda[2]; s_a[nxt][lak + 3][lam] = r_lda[3];
        F4(s_b[nxt][lbk][lbn]) = F4(r_ldb[0]);
        __syncthreads();
    }
    int last = ((K + BK - 1) / BK - 1) & 1;
#pragma unroll
    for (int k = 0; k < BK; ++k) {
        F4(r_ca[0]) = F4(s_a[last][k][ty * TM / 2]);
        F4(r_ca[4]) = F4(s_a[last][k][ty * TM / 2 + BM / 2]);
        F4(r_cb[0]) = F4(s_b[last][k][tx * TN / 2]);
        F4(r_cb[4]) = F4(s_b[last][k][tx * TN / 2 + BN / 2]);
#pragma unroll
        for (int m = 0; m < TM; ++m)
#pragma unroll
            for (int n = 0; n < TN; ++n) r_c[m][n] += r_ca[m] * r_cb[n];
    }
#pragma unroll
    for (int i = 0; i < TM / 2; ++i) {
        int cm = by * BM + ty * TM / 2 + i, cn = bx * BN + tx * TN / 2;
        F4(c[OFFSET(cm, cn, N)]) = F4(r_c[i][0]);
        F4(c[OFFSET(cm, cn + BN / 2, N)]) = F4(r_c[i][4]);
    }
#pragma unroll
    for (int i = 0; i < TM / 2; ++i) {
        int cm = by * BM + BM / 2 + ty * TM / 2 + i, cn = bx * BN + tx * TN / 2;
        F4(c[OFFSET(cm, cn, N)]) = F4(r_c[i + TM / 2][0]);
        F4(c[OFFSET(cm, cn + BN / 2, N)]) = F4(r_c[i + TM / 2][4]);
    }
}
template __global__ void sgemm_8x8_db<>(const float *, const float *, float *, int, int, int);

#define TD 32
#define RB 8
extern "C" __global__ void transpose_pad(const float *in, float *out, int rows, int cols)
{
    __shared__ float tile[TD][TD + 1];
    int x = blockIdx.x * TD + threadIdx.x, y = blockIdx.y * TD + threadIdx.y;
    for (int j = 0; j < TD; j += RB)
        if (x < cols && y + j < rows) tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * cols + x];
    __syncthreads();
    x = blockIdx.y * TD + threadIdx.x; y = blockIdx.x * TD + threadIdx.y;
    for (int j = 0; j < TD; j += RB)
        if (x < rows && y + j < cols) out[(y + j) * rows + x] = tile[threadIdx.x][threadIdx.y + j];
}

// float4 transpose: each thread reads 4 consecutive columns of one row, writes 4 rows
extern "C" __global__ void transpose_f32x4(const float *in, float *out, int rows, int cols)
{
    int c4 = blockIdx.x * blockDim.x + threadIdx.x;
    int r = blockIdx.y * blockDim.y + threadIdx.y;
    if (r < rows && 4 * c4 + 3 < cols) {
        float4 v = reinterpret_cast<const float4 *>(in + (size_t)r * cols)[c4];
        out[(4 * c4 + 0) * rows + r] = v.x;
        out[(4 * c4 + 1) * rows + r] = v.y;
        out[(4 * c4 + 2) * rows + r] = v.z;
        out[(4 * c4 + 3) * rows + r] = v.w;
    }
}

extern "C" __global__ void histogram_shared(const unsigned char *data, unsigned int *hist, int n, int nbins)
{
    extern __shared__ unsigned int sh[];
    for (int i = threadIdx.x; i < nbins; i += blockDim.x) sh[i] = 0;
    __syncthreads();
    const uchar4 *d4 = reinterpret_cast<const uchar4 *>(data);
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n / 4; i += blockDim.x * gridDim.x) {
        uchar4 v = d4[i];
        atomicAdd(&sh[v.x % nbins], 1u); atomicAdd(&sh[v.y % nbins], 1u);
        atomicAdd(&sh[v.z % nbins], 1u); atomicAdd(&sh[v.w % nbins], 1u);
    }
    __syncthreads();
    for (int i = threadIdx.x; i < nbins; i += blockDim.x)
        if (sh[i]) atomicAdd(&hist[i], sh[i]);
}
