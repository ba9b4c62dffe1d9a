// NVIDIA samples style: reduce6 (templated blockSize, nIsPow2), separable row convolution with __constant__ kernel, fast Walsh transform, alignedTypes copies
template <unsigned int blockSize, bool nIsPow2>
__global__ void reduce6(const int *g_idata, int *g_odata, unsigned int n)
{
    extern __shared__ int sdata[];
    unsigned int tid = threadIdx.x;
    unsigned int i = blockIdx.x * blockSize * 2 + threadIdx.x;
    unsigned int gridSize = blockSize * 2 * gridDim.x;
    int mySum = 0;
    while (i < n) {
        mySum += g_idata[i];
        if (nIsPow2 || i + blockSize < n) mySum += g_idata[i + blockSize];
        i += gridSize;
    }
    sdata[tid] = mySum;
    __syncthreads();
    if ((blockSize >= 512) && (tid < 256)) sdata[tid] = mySum = mySum + sdata[tid + 256];
    __syncthreads();
    if ((blockSize >= 256) && (tid < 128)) sdata[tid] = mySum = mySum + sdata[tid + 128];
    __syncthreads();
    if ((blockSize >= 128) && (tid < 64)) sdata[tid] = mySum = mySum + sdata[tid + 64];
    __syncthreads();
    if (tid < 32) {
        if (blockSize >= 64) mySum += sdata[tid + 32];
        for (int offset = warpSize / 2; offset > 0; offset /= 2) mySum += __shfl_down_sync(0xffffffff, mySum, offset);
    }
    if (tid == 0) g_odata[blockIdx.x] = mySum;
}
template __global__ void reduce6<128, true>(const int *, int *, unsigned int);
template __global__ void reduce6<64, false>(const int *, int *, unsigned int);
#define KERNEL_RADIUS 8
#define KERNEL_LENGTH (2 * KERNEL_RADIUS + 1)
__constant__ float c_Kernel[KERNEL_LENGTH] = {0.01f, 0.02f, 0.03f, 0.04f, 0.05f, 0.06f, 0.07f, 0.08f, 0.2f, 0.08f, 0.07f, 0.06f, 0.05f, 0.04f, 0.03f, 0.02f, 0.01f};
#define ROWS_BLOCKDIM_X 16
#define ROWS_BLOCKDIM_Y 4
#define ROWS_RESULT_STEPS 2
#define ROWS_HALO_STEPS 1
extern "C" __global__ void convolutionRowsKernel(float *d_Dst, const float *d_Src, int imageW, int imageH, int pitch)
{
    __shared__ float s_Data[ROWS_BLOCKDIM_Y][(ROWS_RESULT_STEPS + 2 * ROWS_HALO_STEPS) * ROWS_BLOCKDIM_X];
    const int baseX = (blockIdx.x * ROWS_RESULT_STEPS - ROWS_HALO_STEPS) * ROWS_BLOCKDIM_X + threadIdx.x;
    const int baseY = blockIdx.y * ROWS_BLOCKDIM_Y + threadIdx.y;
    d_Src += baseY * pitch + baseX;
    d_Dst += baseY * pitch + baseX;
#pragma unroll
    for (int i = ROWS_HALO_STEPS; i < ROWS_HALO_STEPS + ROWS_RESULT_STEPS; i++) s_Data[threadIdx.y][threadIdx.x + i * ROWS_BLOCKDIM_X] = d_Src[i * ROWS_BLOCKDIM_X];
#pragma unroll
    for (int i = 0; i < ROWS_HALO_STEPS; i++) s_Data[threadIdx.y][threadIdx.x + i * ROWS_BLOCKDIM_X] = (baseX >= -i * ROWS_BLOCKDIM_X) ? d_Src[i * ROWS_BLOCKDIM_X] : 0;
#pragma unroll
    for (int i = ROWS_HALO_STEPS + ROWS_RESULT_STEPS; i < ROWS_HALO_STEPS + ROWS_RESULT_STEPS + ROWS_HALO_STEPS; i++)
        s_Data[threadIdx.y][threadIdx.x + i * ROWS_BLOCKDIM_X] = (imageW - baseX > i * ROWS_BLOCKDIM_X) ? d_Src[i * ROWS_BLOCKDIM_X] : 0;
    __syncthreads();
#pragma unroll
    for (int i = ROWS_HALO_STEPS; i < ROWS_HALO_STEPS + ROWS_RESULT_STEPS; i++) {
        float sum = 0;
#pragma unroll
        for (int j = -KERNEL_RADIUS; j <= KERNEL_RADIUS; j++) sum += c_Kernel[KERNEL_RADIUS - j] * s_Data[threadIdx.y][threadIdx.x + i * ROWS_BLOCKDIM_X + j];
        d_Dst[i * ROWS_BLOCKDIM_X] = sum;
    }
}
// in-shared fast Walsh-Hadamard transform of 2^log2N ints per block
extern "C" __global__ void fwt_shared(int *d, int log2N)
{
    extern __shared__ int s[];
    const int N = 1 << log2N;
    int *base = d + blockIdx.x * N;
    for (int pos = threadIdx.x; pos < N; pos += blockDim.x) s[pos] = base[pos];
    int stride = N;
    for (; stride >= 2; stride >>= 1) {
        __syncthreads();
        int half = stride >> 1;
        for (int pos = threadIdx.x; pos < N / 2; pos += blockDim.x) {
            int lo = pos & (half - 1);
            int i0 = ((pos - lo) << 1) + lo, i1 = i0 + half;
            int D0 = s[i0], D1 = s[i1];
            s[i0] = D0 + D1; s[i1] = D0 - D1;
        }
    }
    __syncthreads();
    for (int pos = threadIdx.x; pos < N; pos += blockDim.x) base[pos] = s[pos];
}
// alignedTypes: structs of 8, 12 (aligned to 16) and 32 bytes copied element-wise
typedef struct __align__(8) { unsigned int l, a; } LA32;
typedef struct __align__(16) { unsigned int r, g, b; } RGB32;
typedef struct __align__(16) { unsigned int r, g, b, a; } RGBA32;
typedef struct __align__(16) { RGBA32 c1, c2; } RGBA32_2;
extern "C" __global__ void copy_aligned(const LA32 *a, LA32 *b, const RGB32 *c, RGB32 *d, const RGBA32_2 *e, RGBA32_2 *f, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    LA32 x = a[i]; x.l += x.a; b[i] = x;
    RGB32 y = c[i]; y.b ^= y.r; d[i] = y;
    RGBA32_2 z = e[i]; z.c2.a = z.c1.r + z.c2.r; f[i] = z;
}
