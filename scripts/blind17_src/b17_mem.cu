// blind17: memory patterns: shared histogram, block reduce, vector add, local arrays, narrow types
#include <cuda_fp16.h>
#include <cstdint>

#define NBINS 64
__global__ void histShared(const unsigned char* data, unsigned* hist, size_t n)
{
    __shared__ unsigned sh[NBINS];
    for (int b = threadIdx.x; b < NBINS; b += blockDim.x) sh[b] = 0;
    __syncthreads();
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x)
        atomicAdd(&sh[data[i] % NBINS], 1u);
    __syncthreads();
    for (int b = threadIdx.x; b < NBINS; b += blockDim.x)
        if (sh[b]) atomicAdd(&hist[b], sh[b]);
}

template <unsigned BS>
__global__ void blockReduce(const float* in, float* partial, int n)
{
    __shared__ float s[BS];
    unsigned t = threadIdx.x;
    int i = blockIdx.x * BS * 2 + t;
    float v = 0.f;
    if (i < n) v = in[i];
    if (i + BS < n) v += in[i + BS];
    s[t] = v;
    __syncthreads();
    for (unsigned st = BS / 2; st > 32; st >>= 1) {
        if (t < st) s[t] += s[t + st];
        __syncthreads();
    }
    if (t < 32) {
        float w = s[t] + (BS >= 64 ? s[t + 32] : 0.f);
        for (int o = 16; o > 0; o >>= 1) w += __shfl_down_sync(0xffffffff, w, o);
        if (t == 0) partial[blockIdx.x] = w;
    }
}
template __global__ void blockReduce<128>(const float*, float*, int);
template __global__ void blockReduce<256>(const float*, float*, int);

__global__ void vecAddGridStride(const float* __restrict__ a, const float* __restrict__ b,
                                 float* __restrict__ c, int n)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
        c[i] = __ldg(&a[i]) + __ldg(&b[i]);
}

__global__ void syncwarpSleep(int* buf, int* out)
{
    int lane = threadIdx.x & 31;
    int w = threadIdx.x >> 5;
    int* mine = buf + w * 32;
    mine[lane] = lane * lane + w;
    __syncwarp();
    if (lane & 1) __nanosleep(100 + lane);
    int v = mine[31 - lane];
    __syncwarp(0xffffffff);
    mine[lane] = v + 1;
    __syncwarp();
    out[threadIdx.x] = mine[(lane + 5) & 31];
}

__global__ void localArray(const int* idx, const int* vals, int* out, int m)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    int arr[24];
    for (int k = 0; k < 24; ++k) arr[k] = vals[(t + k) % m] * (k + 1);
    int j = idx[t];
    arr[j % 24] += 1000;
    arr[(j * 7) % 24] -= arr[(j + 3) % 24];
    int s = 0;
    for (int k = 0; k < 24; k += 1 + (j & 3)) s += arr[k];
    out[t] = s + arr[(j >> 2) % 24];
}

__global__ void narrowTypes(const char* c8, const short* s16, const __half* h, unsigned short* u16out,
                            __half* hout, signed char* c8out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        int a = c8[i], b = s16[i];
        u16out[i] = (unsigned short)(a * b + 3);
        hout[i] = __hadd(__hmul(h[i], __float2half(1.5f)), __float2half((float)a));
        c8out[i] = (signed char)(b >> 3) + (signed char)a;
    }
}

__global__ void grid2d(float* out, int w, int h)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x < w && y < h) out[y * w + x] = (float)x * 0.25f - (float)y;
}

__global__ void grid3d(int* out, int nx, int ny, int nz)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    int z = blockIdx.z * blockDim.z + threadIdx.z;
    if (x < nx && y < ny && z < nz)
        out[(z * ny + y) * nx + x] = x + 100 * y + 10000 * z + (threadIdx.x + threadIdx.y * blockDim.x + threadIdx.z * blockDim.x * blockDim.y) * 1000000;
}

extern __shared__ double dynsh[];
__global__ void dynSharedRev(const double* in, double* out, int n)
{
    int t = threadIdx.x;
    if (t < n) dynsh[t] = in[blockIdx.x * n + t];
    __syncthreads();
    if (t < n) out[blockIdx.x * n + t] = dynsh[n - 1 - t] * 2.0;
}
