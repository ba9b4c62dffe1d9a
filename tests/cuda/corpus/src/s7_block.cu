// second-author style: block-level patterns -- dynamic shared memory carved into several types,
// tiled matmuls with padding, float4 tiles, padded transpose, Blelloch scan, reductions, histograms, 3-D grids
#define TILE 16

extern "C" __global__ void carve(const double *d, const int *v, const unsigned char *c, double *od, int *ov, int n)
{
    extern __shared__ __align__(16) unsigned char smem[];
    double *sd = (double *)smem;
    int *si = (int *)(sd + blockDim.x);
    unsigned char *sc = (unsigned char *)(si + blockDim.x);
    int t = threadIdx.x, i = blockIdx.x * blockDim.x + t;
    sd[t] = i < n ? d[i] : 0.0;
    si[t] = i < n ? v[i] : 0;
    sc[t] = i < n ? c[i] : 0;
    __syncthreads();
    int r = blockDim.x - 1 - t;
    if (i < n) {
        od[i] = sd[r] * 2.0 + sd[t];
        ov[i] = si[r] - si[t] + sc[r] * 256 + sc[(t + 1) % blockDim.x];
    }
}

extern "C" __global__ void matmul16(const float *A, const float *B, float *C, int M, int N, int K)
{
    __shared__ float As[TILE][TILE + 1], Bs[TILE][TILE + 1];
    int tx = threadIdx.x, ty = threadIdx.y;
    int row = blockIdx.y * TILE + ty, col = blockIdx.x * TILE + tx;
    float acc = 0.0f;
    for (int k0 = 0; k0 < K; k0 += TILE) {
        As[ty][tx] = (row < M && k0 + tx < K) ? A[row * K + k0 + tx] : 0.0f;
        Bs[ty][tx] = (col < N && k0 + ty < K) ? B[(k0 + ty) * N + col] : 0.0f;
        __syncthreads();
        #pragma unroll
        for (int k = 0; k < TILE; ++k) acc += As[ty][k] * Bs[k][tx];
        __syncthreads();
    }
    if (row < M && col < N) C[row * N + col] = acc;
}

// 32x32 tile, 32x8 threads, 4 outputs per thread (register tiling), float4 loads of A
extern "C" __global__ void matmul32_reg(const float4 *A4, const float *B, float *C, int n)
{
    __shared__ float As[32][33];
    __shared__ float Bs[32][33];
    int tx = threadIdx.x, ty = threadIdx.y;
    float acc[4] = {0, 0, 0, 0};
    for (int k0 = 0; k0 < n; k0 += 32) {
        if (tx < 8) {
            for (int r = ty; r < 32; r += 8) {
                float4 a = A4[((blockIdx.y * 32 + r) * n + k0) / 4 + tx];
                As[r][4 * tx] = a.x; As[r][4 * tx + 1] = a.y; As[r][4 * tx + 2] = a.z; As[r][4 * tx + 3] = a.w;
            }
        }
        for (int r = ty; r < 32; r += 8) Bs[r][tx] = B[(k0 + r) * n + blockIdx.x * 32 + tx];
        __syncthreads();
        for (int k = 0; k < 32; ++k) {
            float b = Bs[k][tx];
            #pragma unroll
            for (int q = 0; q < 4; ++q) acc[q] += As[ty + 8 * q][k] * b;
        }
        __syncthreads();
    }
    #pragma unroll
    for (int q = 0; q < 4; ++q) C[(blockIdx.y * 32 + ty + 8 * q) * n + blockIdx.x * 32 + tx] = acc[q];
}

extern "C" __global__ void transpose_pad(const int *in, int *out, int rows, int cols)
{
    __shared__ int tile[32][33];
    int x = blockIdx.x * 32 + threadIdx.x, y = blockIdx.y * 32 + threadIdx.y;
    for (int j = 0; j < 32; j += 8)
        if (x < cols && y + j < rows) tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * cols + x];
    __syncthreads();
    x = blockIdx.y * 32 + threadIdx.x; y = blockIdx.x * 32 + threadIdx.y;
    for (int j = 0; j < 32; j += 8)
        if (x < rows && y + j < cols) out[(y + j) * rows + x] = tile[threadIdx.x][threadIdx.y + j];
}

extern "C" __global__ void blelloch(const unsigned *in, unsigned *out, unsigned *sums, int n)
{
    extern __shared__ unsigned s[];
    int t = threadIdx.x, m = 2 * blockDim.x, base = blockIdx.x * m;
    s[2 * t] = base + 2 * t < n ? in[base + 2 * t] : 0;
    s[2 * t + 1] = base + 2 * t + 1 < n ? in[base + 2 * t + 1] : 0;
    int off = 1;
    for (int d = m >> 1; d > 0; d >>= 1) {
        __syncthreads();
        if (t < d) { int a = off * (2 * t + 1) - 1, b = off * (2 * t + 2) - 1; s[b] += s[a]; }
        off <<= 1;
    }
    if (t == 0) { sums[blockIdx.x] = s[m - 1]; s[m - 1] = 0; }
    for (int d = 1; d < m; d <<= 1) {
        off >>= 1;
        __syncthreads();
        if (t < d) { int a = off * (2 * t + 1) - 1, b = off * (2 * t + 2) - 1; unsigned x = s[a]; s[a] = s[b]; s[b] += x; }
    }
    __syncthreads();
    if (base + 2 * t < n) out[base + 2 * t] = s[2 * t];
    if (base + 2 * t + 1 < n) out[base + 2 * t + 1] = s[2 * t + 1];
}

template <unsigned BS>
__device__ void warp_tail(volatile long long *s, unsigned t)
{
    if (BS >= 64) s[t] += s[t + 32];
    if (BS >= 32) s[t] += s[t + 16];
    if (BS >= 16) s[t] += s[t + 8];
    if (BS >= 8) s[t] += s[t + 4];
    if (BS >= 4) s[t] += s[t + 2];
    if (BS >= 2) s[t] += s[t + 1];
}

template <unsigned BS>
__global__ void reduce_seq(const int *in, long long *out, unsigned n)
{
    __shared__ long long s[BS];
    unsigned t = threadIdx.x, i = blockIdx.x * BS * 2 + t, grid = BS * 2 * gridDim.x;
    long long acc = 0;
    while (i < n) { acc += in[i]; if (i + BS < n) acc += in[i + BS]; i += grid; }
    s[t] = acc;
    __syncthreads();
    for (unsigned st = BS / 2; st > 32; st >>= 1) {
        if (t < st) s[t] += s[t + st];
        __syncthreads();
    }
    if (t < 32) warp_tail<BS>(s, t);
    if (t == 0) out[blockIdx.x] = s[0];
}
template __global__ void reduce_seq<256>(const int *, long long *, unsigned);
template __global__ void reduce_seq<64>(const int *, long long *, unsigned);

extern "C" __global__ void hist_private(const unsigned char *data, unsigned *hist, int n)
{
    __shared__ unsigned priv[4][64];                  // one private copy per warp (blockDim 128)
    int t = threadIdx.x, w = t >> 5;
    for (int k = t; k < 4 * 64; k += blockDim.x) (&priv[0][0])[k] = 0;
    __syncthreads();
    for (int i = blockIdx.x * blockDim.x + t; i < n; i += blockDim.x * gridDim.x)
        atomicAdd(&priv[w][data[i] & 63], 1u + (data[i] >> 6));
    __syncthreads();
    if (t < 64) {
        unsigned s = priv[0][t] + priv[1][t] + priv[2][t] + priv[3][t];
        if (s) atomicAdd(&hist[t], s);
    }
}

extern "C" __global__ void grid3d(const float *in, float *out, int nx, int ny, int nz)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    int z = blockIdx.z * blockDim.z + threadIdx.z;
    if (x >= nx || y >= ny || z >= nz) return;
    size_t idx = ((size_t)z * ny + y) * nx + x;
    float c = in[idx];
    float l = x > 0 ? in[idx - 1] : c, r = x < nx - 1 ? in[idx + 1] : c;
    float d = y > 0 ? in[idx - nx] : c, u = y < ny - 1 ? in[idx + nx] : c;
    float b = z > 0 ? in[idx - (size_t)nx * ny] : c, f = z < nz - 1 ? in[idx + (size_t)nx * ny] : c;
    out[idx] = (l + r + d + u + b + f) - 6.0f * c + (float)(threadIdx.z * 100 + blockIdx.z);
}
