#define BX 16
#define BY 8
extern "C" __global__ void stencil5(const float* in, float* out, int W, int H, float c0, float c1)
{
    __shared__ float s[BY + 2][BX + 2];
    int gx = blockIdx.x * BX + threadIdx.x;
    int gy = blockIdx.y * BY + threadIdx.y;
    int lx = threadIdx.x + 1, ly = threadIdx.y + 1;
    auto ld = [&](int x, int y) -> float {
        x = min(max(x, 0), W - 1); y = min(max(y, 0), H - 1);
        return in[y * W + x];
    };
    s[ly][lx] = ld(gx, gy);
    if (threadIdx.x == 0) s[ly][0] = ld(gx - 1, gy);
    if (threadIdx.x == BX - 1) s[ly][BX + 1] = ld(gx + 1, gy);
    if (threadIdx.y == 0) s[0][lx] = ld(gx, gy - 1);
    if (threadIdx.y == BY - 1) s[BY + 1][lx] = ld(gx, gy + 1);
    __syncthreads();
    if (gx < W && gy < H)
        out[gy * W + gx] = c0 * s[ly][lx] + c1 * ((s[ly][lx - 1] + s[ly][lx + 1]) + (s[ly - 1][lx] + s[ly + 1][lx]));
}
