// PMPP convolution with the mask in __constant__ memory: 1-D tiled with halo, 2-D tiled (output tile = block - 2R)
#define MAX_MASK 9
__constant__ float M[MAX_MASK] = {0.0625f, -0.125f, 0.25f, 0.5f, 1.0f, 0.5f, -0.25f, 0.125f, 0.03125f};
__constant__ float F[5][5] = {{1, 2, 3, 2, 1}, {2, -4, 6, -4, 2}, {0.5f, 0.25f, 8, 0.25f, 0.5f}, {2, -4, 6, -4, 2}, {1, 2, 3, 2, 1}};
extern "C" __global__ void conv1d_tiled(const float *N, float *P, int mask_width, int width)
{
    __shared__ float N_ds[128 + MAX_MASK - 1];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int n = mask_width / 2;
    int halo_left = (blockIdx.x - 1) * blockDim.x + threadIdx.x;
    if (threadIdx.x >= blockDim.x - n) N_ds[threadIdx.x - (blockDim.x - n)] = (halo_left < 0) ? 0 : N[halo_left];
    N_ds[n + threadIdx.x] = i < width ? N[i] : 0;
    int halo_right = (blockIdx.x + 1) * blockDim.x + threadIdx.x;
    if (threadIdx.x < n) N_ds[n + blockDim.x + threadIdx.x] = (halo_right >= width) ? 0 : N[halo_right];
    __syncthreads();
    float Pv = 0;
    for (int j = 0; j < mask_width; j++) Pv += N_ds[threadIdx.x + j] * M[j];
    if (i < width) P[i] = Pv;
}
#define R 2
#define IN_TILE 16
#define OUT_TILE (IN_TILE - 2 * R)
extern "C" __global__ void conv2d_tiled(const float *N, float *P, int width, int height)
{
    int col = blockIdx.x * OUT_TILE + threadIdx.x - R;
    int row = blockIdx.y * OUT_TILE + threadIdx.y - R;
    __shared__ float N_s[IN_TILE][IN_TILE];
    if (row >= 0 && row < height && col >= 0 && col < width) N_s[threadIdx.y][threadIdx.x] = N[row * width + col];
    else N_s[threadIdx.y][threadIdx.x] = 0.0f;
    __syncthreads();
    int tc = threadIdx.x - R, tr = threadIdx.y - R;
    if (col >= 0 && col < width && row >= 0 && row < height) {
        if (tc >= 0 && tc < OUT_TILE && tr >= 0 && tr < OUT_TILE) {
            float Pv = 0.0f;
#pragma unroll
            for (int fr = 0; fr < 2 * R + 1; fr++)
#pragma unroll
                for (int fc = 0; fc < 2 * R + 1; fc++) Pv += F[fr][fc] * N_s[tr + fr][tc + fc];
            P[row * width + col] = Pv;
        }
    }
}
// integer 2-D convolution with a runtime mask width from __constant__, clamped edges (not tiled)
__constant__ int Mi[7 * 7] = {-5, -3, -1, 1, 3, 5, -4, -2, 0, 2, 4, -5, -3, -1, 1, 3, 5, -4, -2, 0, 2, 4, -5, -3, -1, 1, 3, 5, -4, -2, 0, 2, 4, -5, -3, -1, 1, 3, 5, -4, -2, 0, 2, 4, -5, -3, -1, 1, 3};
extern "C" __global__ void conv2d_int(const short *in, int *out, int w, int h, int mw)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= w || y >= h) return;
    int r = mw / 2, s = 0;
    for (int j = 0; j < mw; ++j)
        for (int i = 0; i < mw; ++i) {
            int xx = min(max(x + i - r, 0), w - 1), yy = min(max(y + j - r, 0), h - 1);
            s += Mi[j * mw + i] * in[yy * w + xx];
        }
    out[y * w + x] = s;
}
