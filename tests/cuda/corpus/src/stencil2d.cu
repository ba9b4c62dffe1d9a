#define BX 16
#define BY 8
extern "C" __global__ void stencil2d(const float *in, float *out, int w, int h, float c0, float c1)
{
    __shared__ float s[BY + 2][BX + 2];
    int x = blockIdx.x * BX + threadIdx.x, y = blockIdx.y * BY + threadIdx.y;
    int lx = threadIdx.x + 1, ly = threadIdx.y + 1;
    auto at = [&](int xx, int yy) { xx = min(max(xx, 0), w - 1); yy = min(max(yy, 0), h - 1); return in[yy * w + xx]; };
    s[ly][lx] = at(x, y);
    if (threadIdx.x == 0) s[ly][0] = at(x - 1, y);
    if (threadIdx.x == BX - 1) s[ly][BX + 1] = at(x + 1, y);
    if (threadIdx.y == 0) s[0][lx] = at(x, y - 1);
    if (threadIdx.y == BY - 1) s[BY + 1][lx] = at(x, y + 1);
    __syncthreads();
    if (x < w && y < h)
        out[y * w + x] = c0 * s[ly][lx] + c1 * (s[ly][lx - 1] + s[ly][lx + 1] + s[ly - 1][lx] + s[ly + 1][lx]);
}
extern "C" __global__ void stencil_i(const int *in, int *out, int w, int h)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x <= 0 || y <= 0 || x >= w - 1 || y >= h - 1) { if (x < w && y < h) out[y * w + x] = 0; return; }
    int s = 0;
#pragma unroll
    for (int dy = -1; dy <= 1; ++dy)
#pragma unroll
        for (int dx = -1; dx <= 1; ++dx) s += in[(y + dy) * w + x + dx] * (dx == 0 && dy == 0 ? -8 : 1);
    out[y * w + x] = s;
}
