// 2-D grid of 2-D blocks: out[y][x] = x * 1000 + y + gridDim/blockDim checksum
extern "C" __global__ void kernel2d(int *out, int width, int height)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x < width && y < height)
        out[y * width + x] = x * 1000 + y + (gridDim.x * 100 + gridDim.y * 10 + blockDim.y) * 100000;
}
