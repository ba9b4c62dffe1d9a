#define TD 32
#define BR 8
template <typename T>
__global__ void transpose_pad(T* out, const T* in, int rows, int cols)
{
    __shared__ T tile[TD][TD + 1];
    int x = blockIdx.x * TD + threadIdx.x;
    int y = blockIdx.y * TD + threadIdx.y;
    for (int j = 0; j < TD; j += BR)
        if (x < cols && (y + j) < rows) tile[threadIdx.y + j][threadIdx.x] = in[(size_t)(y + j) * cols + x];
    __syncthreads();
    x = blockIdx.y * TD + threadIdx.x;
    y = blockIdx.x * TD + threadIdx.y;
    for (int j = 0; j < TD; j += BR)
        if (x < rows && (y + j) < cols) out[(size_t)(y + j) * rows + x] = tile[threadIdx.x][threadIdx.y + j];
}
template __global__ void transpose_pad<unsigned short>(unsigned short*, const unsigned short*, int, int);
template __global__ void transpose_pad<double>(double*, const double*, int, int);
