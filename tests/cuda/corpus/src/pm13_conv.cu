// Convolution and stencils (PMPP ch. 7-8 style): constant-memory masks, halo cells,
// caching through L1 for halos, 3-D stencils with thread coarsening and register tiling.
#define MASK_RADIUS 3
#define MASK_WIDTH (2 * MASK_RADIUS + 1)
__constant__ float c_mask1d[MASK_WIDTH];
__constant__ int c_mask2d[MASK_WIDTH][MASK_WIDTH];

extern "C" __global__ void conv1d_basic(const float *in, float *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float acc = 0.0f;
    int start = i - MASK_RADIUS;
    for (int j = 0; j < MASK_WIDTH; ++j) {
        int k = start + j;
        if (k >= 0 && k < n)
            acc += in[k] * c_mask1d[j];
    }
    out[i] = acc;
}

// 1-D tiled: the block loads its tile plus halo cells with a strided loop (dynamic shared memory)
extern "C" __global__ void conv1d_halo(const float *in, float *out, int n)
{
    extern __shared__ float tile[];
    int base = blockIdx.x * blockDim.x - MASK_RADIUS;
    int len = blockDim.x + 2 * MASK_RADIUS;
    for (int t = threadIdx.x; t < len; t += blockDim.x) {
        int g = base + t;
        tile[t] = (g >= 0 && g < n) ? in[g] : 0.0f;
    }
    __syncthreads();
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        float acc = 0.0f;
        for (int j = 0; j < MASK_WIDTH; ++j)
            acc += tile[threadIdx.x + j] * c_mask1d[j];
        out[i] = acc;
    }
}

// 2-D integer convolution, output tile == block, halo read through the cache (PMPP 7.5)
#define TILE2 16
extern "C" __global__ void conv2d_cached(const int *in, int *out, int width, int height)
{
    __shared__ int s[TILE2][TILE2];
    int col = blockIdx.x * TILE2 + threadIdx.x;
    int row = blockIdx.y * TILE2 + threadIdx.y;
    s[threadIdx.y][threadIdx.x] = (row < height && col < width) ? in[row * width + col] : 0;
    __syncthreads();
    if (row < height && col < width) {
        int acc = 0;
        for (int fr = 0; fr < MASK_WIDTH; ++fr)
            for (int fc = 0; fc < MASK_WIDTH; ++fc) {
                int sr = threadIdx.y - MASK_RADIUS + fr;
                int sc = threadIdx.x - MASK_RADIUS + fc;
                int gr = row - MASK_RADIUS + fr, gc = col - MASK_RADIUS + fc;
                if (sr >= 0 && sr < TILE2 && sc >= 0 && sc < TILE2)
                    acc += c_mask2d[fr][fc] * s[sr][sc];
                else if (gr >= 0 && gr < height && gc >= 0 && gc < width)
                    acc += c_mask2d[fr][fc] * in[gr * width + gc];
            }
        out[row * width + col] = acc;
    }
}

// 3-D seven-point stencil, thread coarsening in z with register tiling (PMPP 8.4/8.5)
#define IN_T 8
#define OUT_T (IN_T - 2)
extern "C" __global__ void stencil3d_coarse(const float *in, float *out, int N, float c0, float c1, float c2,
                                            float c3, float c4, float c5, float c6)
{
    int iStart = blockIdx.z * OUT_T;
    int j = blockIdx.y * OUT_T + threadIdx.y - 1;
    int k = blockIdx.x * OUT_T + threadIdx.x - 1;
    float inPrev, inCurr, inNext;
    __shared__ float inCurr_s[IN_T][IN_T];
    if (iStart - 1 >= 0 && iStart - 1 < N && j >= 0 && j < N && k >= 0 && k < N)
        inPrev = in[(iStart - 1) * N * N + j * N + k];
    else
        inPrev = 0.0f;
    if (iStart >= 0 && iStart < N && j >= 0 && j < N && k >= 0 && k < N)
        inCurr = in[iStart * N * N + j * N + k];
    else
        inCurr = 0.0f;
    inCurr_s[threadIdx.y][threadIdx.x] = inCurr;
    for (int i = iStart; i < iStart + OUT_T; ++i) {
        if (i + 1 >= 0 && i + 1 < N && j >= 0 && j < N && k >= 0 && k < N)
            inNext = in[(i + 1) * N * N + j * N + k];
        else
            inNext = 0.0f;
        __syncthreads();
        if (i >= 1 && i < N - 1 && j >= 1 && j < N - 1 && k >= 1 && k < N - 1) {
            if (threadIdx.y >= 1 && threadIdx.y < IN_T - 1 && threadIdx.x >= 1 && threadIdx.x < IN_T - 1) {
                out[i * N * N + j * N + k] = c0 * inCurr + c1 * inCurr_s[threadIdx.y][threadIdx.x - 1]
                    + c2 * inCurr_s[threadIdx.y][threadIdx.x + 1] + c3 * inCurr_s[threadIdx.y - 1][threadIdx.x]
                    + c4 * inCurr_s[threadIdx.y + 1][threadIdx.x] + c5 * inPrev + c6 * inNext;
            }
        }
        __syncthreads();
        inPrev = inCurr;
        inCurr = inNext;
        inCurr_s[threadIdx.y][threadIdx.x] = inNext;
    }
}

// 2-D Jacobi step on a grid with fixed boundary (course assignment style), integer heat units
extern "C" __global__ void jacobi2d(const int *u, int *unew, int nx, int ny)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= nx || y >= ny) return;
    int id = y * nx + x;
    if (x == 0 || y == 0 || x == nx - 1 || y == ny - 1) {
        unew[id] = u[id];
        return;
    }
    int s = u[id - 1] + u[id + 1] + u[id - nx] + u[id + nx];
    unew[id] = (s + 2) / 4 - (u[id] >> 3);
}
