// Assorted course kernels: saxpy/daxpy with grid-stride loops, Mandelbrot / Julia, N-body,
// k-means assignment, integer division by runtime values, 64-bit index math, math functions.
#include <cstdint>

extern "C" __global__ void saxpy_gs(int n, float a, const float *__restrict__ x, float *__restrict__ y)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
        y[i] = a * x[i] + y[i];
}

extern "C" __global__ void daxpy_gs(size_t n, double a, const double *x, double *y)
{
    size_t stride = (size_t)blockDim.x * gridDim.x;
    for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
        y[i] = a * x[i] + y[i];
}

extern "C" __global__ void mandel_f(int *iters, int w, int h, float x0, float y0, float dx, float dy, int maxIt)
{
    int px = blockIdx.x * blockDim.x + threadIdx.x;
    int py = blockIdx.y * blockDim.y + threadIdx.y;
    if (px >= w || py >= h) return;
    float cr = x0 + px * dx, ci = y0 + py * dy;
    float zr = 0.0f, zi = 0.0f;
    int it;
    for (it = 0; it < maxIt; ++it) {
        float zr2 = zr * zr, zi2 = zi * zi;
        if (zr2 + zi2 > 4.0f) break;
        zi = 2.0f * zr * zi + ci;
        zr = zr2 - zi2 + cr;
    }
    iters[py * w + px] = it;
}

// CUDA by Example's Julia set, in double, writing an RGBA bitmap
struct cuComplexD {
    double r, i;
    __device__ cuComplexD(double a, double b) : r(a), i(b) {}
    __device__ double magnitude2() { return r * r + i * i; }
    __device__ cuComplexD operator*(const cuComplexD &a) { return cuComplexD(r * a.r - i * a.i, i * a.r + r * a.i); }
    __device__ cuComplexD operator+(const cuComplexD &a) { return cuComplexD(r + a.r, i + a.i); }
};
__device__ int julia(int x, int y, int dim, double scale)
{
    double jx = scale * (double)(dim / 2 - x) / (dim / 2);
    double jy = scale * (double)(dim / 2 - y) / (dim / 2);
    cuComplexD c(-0.8, 0.156);
    cuComplexD a(jx, jy);
    for (int i = 0; i < 200; i++) {
        a = a * a + c;
        if (a.magnitude2() > 1000) return 0;
    }
    return 1;
}
extern "C" __global__ void julia_kernel(unsigned char *ptr, int dim, double scale)
{
    int x = blockIdx.x;
    int y = blockIdx.y;
    int offset = x + y * gridDim.x;
    if (x >= dim || y >= dim) return;
    int juliaValue = julia(x, y, dim, scale);
    ptr[offset * 4 + 0] = 255 * juliaValue;
    ptr[offset * 4 + 1] = 0;
    ptr[offset * 4 + 2] = 0;
    ptr[offset * 4 + 3] = 255;
}

// N-body body-body interaction with shared tiles (GPU Gems 3 ch. 31)
extern "C" __global__ void nbody_accel(const float4 *pos, float3 *acc, int n, float eps2)
{
    extern __shared__ float4 shPos[];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float4 myPos = i < n ? pos[i] : make_float4(0.f, 0.f, 0.f, 0.f);
    float3 a = make_float3(0.f, 0.f, 0.f);
    for (int tile = 0; tile * blockDim.x < n; ++tile) {
        int j = tile * blockDim.x + threadIdx.x;
        shPos[threadIdx.x] = j < n ? pos[j] : make_float4(0.f, 0.f, 0.f, 0.f);
        __syncthreads();
        for (int k = 0; k < blockDim.x; ++k) {
            float4 b = shPos[k];
            float rx = b.x - myPos.x, ry = b.y - myPos.y, rz = b.z - myPos.z;
            float distSqr = rx * rx + ry * ry + rz * rz + eps2;
            float invDist = rsqrtf(distSqr);
            float s = b.w * invDist * invDist * invDist;
            a.x += rx * s; a.y += ry * s; a.z += rz * s;
        }
        __syncthreads();
    }
    if (i < n) acc[i] = a;
}

// k-means assignment step: nearest centroid (squared distance), counts per cluster with atomics
extern "C" __global__ void kmeans_assign(const float *pts, int n, int dim, const float *cent, int k,
                                         int *label, int *counts)
{
    int p = blockIdx.x * blockDim.x + threadIdx.x;
    if (p >= n) return;
    int best = 0;
    float bestD = 3.4e38f;
    for (int c = 0; c < k; ++c) {
        float d = 0.0f;
        for (int j = 0; j < dim; ++j) {
            float t = pts[p * dim + j] - cent[c * dim + j];
            d += t * t;
        }
        if (d < bestD) { bestD = d; best = c; }
    }
    label[p] = best;
    atomicAdd(&counts[best], 1);
}

// integer division and modulo by runtime divisors
extern "C" __global__ void divmod_rt(const int *a, const int *b, const long long *la, const long long *lb,
                                     int *o32, long long *o64, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    int x = a[i], y = b[i];
    unsigned ux = (unsigned)x, uy = (unsigned)y;
    o32[4 * i + 0] = x / y;
    o32[4 * i + 1] = x % y;
    o32[4 * i + 2] = (int)(ux / uy);
    o32[4 * i + 3] = (int)(ux % uy);
    long long X = la[i], Y = lb[i];
    unsigned long long UX = (unsigned long long)X, UY = (unsigned long long)Y;
    o64[4 * i + 0] = X / Y;
    o64[4 * i + 1] = X % Y;
    o64[4 * i + 2] = (long long)(UX / UY);
    o64[4 * i + 3] = (long long)(UX % UY);
}

// 2-D image addressed with 64-bit pitch arithmetic and a column index from a runtime division
extern "C" __global__ void index64(const int *img, long long pitchElems, int rows, int cols, long long *out, int cpb)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    int r = t / cpb, c = t % cpb;
    if (r >= rows || c >= cols) return;
    size_t off = (size_t)r * (size_t)pitchElems + (size_t)c;
    long long v = (long long)img[off] * (long long)(off + 1) - ((long long)r << 33);
    out[(size_t)r * cols + c] = v ^ (long long)off << 20;
}

// math library in kernels: float, double and the fast intrinsics
extern "C" __global__ void mathfun_f(const float *x, float *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float v = x[i];
    out[8 * i + 0] = sqrtf(v);
    out[8 * i + 1] = expf(v * 0.25f);
    out[8 * i + 2] = logf(v + 1.0f);
    out[8 * i + 3] = powf(v, 1.7f);
    out[8 * i + 4] = sinf(v);
    out[8 * i + 5] = cosf(v);
    out[8 * i + 6] = atan2f(v, 3.0f);
    out[8 * i + 7] = tanhf(v * 0.1f);
}
extern "C" __global__ void mathfun_d(const double *x, double *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    double v = x[i];
    out[6 * i + 0] = sqrt(v);
    out[6 * i + 1] = exp(v * 0.25);
    out[6 * i + 2] = log(v + 1.0);
    out[6 * i + 3] = pow(v, 1.7);
    out[6 * i + 4] = sin(v);
    out[6 * i + 5] = cos(v) + cbrt(v);
}
extern "C" __global__ void mathfun_fast(const float *x, float *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float v = x[i];
    out[5 * i + 0] = __expf(v * 0.25f);
    out[5 * i + 1] = __logf(v + 1.0f);
    out[5 * i + 2] = __sinf(v);
    out[5 * i + 3] = __cosf(v);
    out[5 * i + 4] = __fdividef(v, v + 2.0f) + __powf(v + 1.0f, 0.5f);
}
