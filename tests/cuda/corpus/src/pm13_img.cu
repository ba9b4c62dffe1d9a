// Image kernels from the first chapters (PMPP ch. 3, CUDA by Example ch. 4-6) and a few odds and ends.
#define CHANNELS 3
extern "C" __global__ void rgb_to_gray(unsigned char *Pout, const unsigned char *Pin, int width, int height)
{
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    if (col < width && row < height) {
        int grayOffset = row * width + col;
        int rgbOffset = grayOffset * CHANNELS;
        unsigned char r = Pin[rgbOffset];
        unsigned char g = Pin[rgbOffset + 1];
        unsigned char b = Pin[rgbOffset + 2];
        Pout[grayOffset] = 0.21f * r + 0.71f * g + 0.07f * b;
    }
}

#define BLUR_SIZE 2
extern "C" __global__ void blur(const unsigned char *in, unsigned char *out, int w, int h)
{
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    if (col < w && row < h) {
        int pixVal = 0, pixels = 0;
        for (int blurRow = -BLUR_SIZE; blurRow < BLUR_SIZE + 1; ++blurRow)
            for (int blurCol = -BLUR_SIZE; blurCol < BLUR_SIZE + 1; ++blurCol) {
                int curRow = row + blurRow, curCol = col + blurCol;
                if (curRow >= 0 && curRow < h && curCol >= 0 && curCol < w) {
                    pixVal += in[curRow * w + curCol];
                    ++pixels;
                }
            }
        out[row * w + col] = (unsigned char)(pixVal / pixels);
    }
}

// CUDA by Example ch. 5 "ripple": a grey level from cos / sqrtf, as an RGBA byte image
extern "C" __global__ void ripple(unsigned char *ptr, int dim, int ticks)
{
    int x = threadIdx.x + blockIdx.x * blockDim.x;
    int y = threadIdx.y + blockIdx.y * blockDim.y;
    int offset = x + y * blockDim.x * gridDim.x;
    float fx = x - dim / 2;
    float fy = y - dim / 2;
    float d = sqrtf(fx * fx + fy * fy);
    unsigned char grey = (unsigned char)(128.0f + 127.0f * cos(d / 10.0f - ticks / 7.0f) / (d / 10.0f + 1.0f));
    ptr[offset * 4 + 0] = grey;
    ptr[offset * 4 + 1] = grey;
    ptr[offset * 4 + 2] = grey;
    ptr[offset * 4 + 3] = 255;
}

// CUDA by Example ch. 6: ray tracing spheres held in constant memory
#define INF 2e10f
#define SPHERES 12
struct Sphere {
    float r, b, g;
    float radius;
    float x, y, z;
    __device__ float hit(float ox, float oy, float *n) {
        float dx = ox - x;
        float dy = oy - y;
        if (dx * dx + dy * dy < radius * radius) {
            float dz = sqrtf(radius * radius - dx * dx - dy * dy);
            *n = dz / sqrtf(radius * radius);
            return dz + z;
        }
        return -INF;
    }
};
__constant__ Sphere s[SPHERES];
extern "C" __global__ void raytrace(unsigned char *ptr, int dim)
{
    int x = threadIdx.x + blockIdx.x * blockDim.x;
    int y = threadIdx.y + blockIdx.y * blockDim.y;
    int offset = x + y * blockDim.x * gridDim.x;
    float ox = (x - dim / 2);
    float oy = (y - dim / 2);
    float r = 0, g = 0, b = 0;
    float maxz = -INF;
    for (int i = 0; i < SPHERES; i++) {
        float n;
        float t = s[i].hit(ox, oy, &n);
        if (t > maxz) {
            float fscale = n;
            r = s[i].r * fscale;
            g = s[i].g * fscale;
            b = s[i].b * fscale;
            maxz = t;
        }
    }
    ptr[offset * 4 + 0] = (int)(r * 255);
    ptr[offset * 4 + 1] = (int)(g * 255);
    ptr[offset * 4 + 2] = (int)(b * 255);
    ptr[offset * 4 + 3] = 255;
}

// odd-even transposition sort of one block's segment in shared memory
extern "C" __global__ void odd_even_sort(int *data, int n)
{
    __shared__ int s[512];
    int base = blockIdx.x * 2 * blockDim.x;
    for (int t = threadIdx.x; t < 2 * blockDim.x; t += blockDim.x)
        s[t] = base + t < n ? data[base + t] : 0x7fffffff;
    __syncthreads();
    for (int phase = 0; phase < 2 * (int)blockDim.x; ++phase) {
        int i = 2 * threadIdx.x + (phase & 1);
        if (i + 1 < 2 * (int)blockDim.x && s[i] > s[i + 1]) {
            int tmp = s[i]; s[i] = s[i + 1]; s[i + 1] = tmp;
        }
        __syncthreads();
    }
    for (int t = threadIdx.x; t < 2 * blockDim.x; t += blockDim.x)
        if (base + t < n) data[base + t] = s[t];
}

// CSR SpMV "vector" kernel: one warp per row, lanes stride the row, shuffle reduction
extern "C" __global__ void spmv_csr_vector(int rows, const int *rowPtr, const int *col, const double *val,
                                           const double *x, double *y)
{
    int warp = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
    int lane = threadIdx.x & 31;
    if (warp < rows) {
        double sum = 0.0;
        for (int e = rowPtr[warp] + lane; e < rowPtr[warp + 1]; e += 32)
            sum += val[e] * x[col[e]];
        for (int o = 16; o > 0; o /= 2)
            sum += __shfl_down_sync(0xffffffff, sum, o);
        if (lane == 0) y[warp] = sum;
    }
}

// a ring buffer slot from atomicInc (wraps at a runtime bound) and 64-bit counters
extern "C" __global__ void ring_log(unsigned *slot, unsigned wrap, int *ring, unsigned long long *bytes, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        unsigned k = atomicInc(slot, wrap);
        atomicAdd(&ring[k], 1);
        atomicAdd(bytes, (unsigned long long)(i + 1) << 20);
    }
}
