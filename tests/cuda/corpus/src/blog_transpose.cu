// Strangers' teaching and blog code (session 11, blog11): matrix transposes as the developer blog's
// "efficient matrix transpose" post and OLCF's training exercise write them: 32x32 tiles moved by
// 32x8 thread blocks (each thread loops over 4 rows), a naive version, a shared-memory tile read back
// transposed (bank conflicts) and the same with a padded tile (TILE+1 columns); and a column-major
// double transpose with bounds checks on a size that is not a multiple of the tile, via a padded
// shared tile indexed [threadIdx.x][threadIdx.y].
constexpr int TILE = 32, ROWS = 8;

__global__ void transpose_naive(float *out, const float *in) {
    int x = blockIdx.x * TILE + threadIdx.x, y = blockIdx.y * TILE + threadIdx.y, w = gridDim.x * TILE;
    for (int j = 0; j < TILE; j += ROWS) out[x * w + (y + j)] = in[(y + j) * w + x];
}

template <int PAD>
__global__ void transpose_tiled(float *out, const float *in) {
    __shared__ float tile[TILE][TILE + PAD];
    int x = blockIdx.x * TILE + threadIdx.x, y = blockIdx.y * TILE + threadIdx.y, w = gridDim.x * TILE;
    for (int j = 0; j < TILE; j += ROWS) tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * w + x];
    __syncthreads();
    x = blockIdx.y * TILE + threadIdx.x;
    y = blockIdx.x * TILE + threadIdx.y;
    for (int j = 0; j < TILE; j += ROWS) out[(y + j) * w + x] = tile[threadIdx.x][threadIdx.y + j];
}

#define IDX(row, col, ld) ((col) * (ld) + (row))

__global__ void transpose_colmajor(int m, const double *__restrict a, double *__restrict c) {
    __shared__ double t[32][33];
    int row = blockDim.x * blockIdx.x + threadIdx.x, col = blockDim.y * blockIdx.y + threadIdx.y;
    int tx = blockDim.x * blockIdx.x, ty = blockDim.y * blockIdx.y;
    if (row < m && col < m) t[threadIdx.x][threadIdx.y] = a[IDX(tx + threadIdx.x, ty + threadIdx.y, m)];
    __syncthreads();
    int orow = ty + threadIdx.x, ocol = tx + threadIdx.y;
    if (orow < m && ocol < m) c[IDX(orow, ocol, m)] = t[threadIdx.y][threadIdx.x];
}

template __global__ void transpose_tiled<0>(float *, const float *);
template __global__ void transpose_tiled<1>(float *, const float *);
