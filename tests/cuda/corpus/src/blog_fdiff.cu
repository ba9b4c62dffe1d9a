// Strangers' teaching and blog code (session 11, blog11): the developer blog's finite-difference
// "pencils" (CUDA C++ series), re-written: an 8th-order centred derivative on a periodic 3-D grid,
// coefficients in __constant__ memory, one pencil per block row in shared memory with a 4-wide halo
// filled from the periodic images after a first __syncthreads; x pencils (one point per thread,
// block (MX, SP)), y pencils (one column of LP points per thread row, block (LP, 8): a loop over
// the pencil), and z through a 2-D grid whose y is the z plane index of the output.
constexpr int MX = 32, MY = 32, MZ = 4;
constexpr int SP = 4, LP = 16;

__constant__ float c_coef[4] = {0.8f, -0.2f, 0.038095238f, -0.0035714286f};

__device__ __forceinline__ float stencil8(const float *s, int stride) {
    return c_coef[0] * (s[stride] - s[-stride]) + c_coef[1] * (s[2 * stride] - s[-2 * stride]) +
           c_coef[2] * (s[3 * stride] - s[-3 * stride]) + c_coef[3] * (s[4 * stride] - s[-4 * stride]);
}

__global__ void ddx(const float *f, float *df, float scale) {
    __shared__ float s[SP][MX + 8];
    int i = threadIdx.x, j = blockIdx.x * blockDim.y + threadIdx.y, k = blockIdx.y;
    int g = (k * MY + j) * MX + i;
    s[threadIdx.y][i + 4] = f[g];
    __syncthreads();
    if (i < 4) {                                   // periodic images: period MX
        s[threadIdx.y][i] = s[threadIdx.y][i + MX];
        s[threadIdx.y][i + MX + 4] = s[threadIdx.y][i + 4];
    }
    __syncthreads();
    df[g] = scale * stencil8(&s[threadIdx.y][i + 4], 1);
}

__global__ void ddy_long(const float *f, float *df, float scale) {
    __shared__ float s[MY + 8][LP];
    int i = blockIdx.x * LP + threadIdx.x, k = blockIdx.y, si = threadIdx.x;
    for (int j = threadIdx.y; j < MY; j += blockDim.y) s[j + 4][si] = f[(k * MY + j) * MX + i];
    __syncthreads();
    int sj = threadIdx.y;
    if (sj < 4) {
        s[sj][si] = s[sj + MY][si];
        s[sj + MY + 4][si] = s[sj + 4][si];
    }
    __syncthreads();
    for (int j = threadIdx.y; j < MY; j += blockDim.y)
        df[(k * MY + j) * MX + i] = scale * stencil8(&s[j + 4][si], LP);
}

// z: the same stencil straight from global memory with wrapped plane indices
__global__ void ddz(const float *f, float *df, float scale) {
    int i = threadIdx.x, j = blockIdx.x, k = blockIdx.y;
    float acc = 0.f;
#pragma unroll
    for (int m = 1; m <= 4; ++m) {
        int kp = (k + m) % MZ, km = (k - m + 4 * MZ) % MZ;
        acc += c_coef[m - 1] * (f[(kp * MY + j) * MX + i] - f[(km * MY + j) * MX + i]);
    }
    df[(k * MY + j) * MX + i] = scale * acc;
}
