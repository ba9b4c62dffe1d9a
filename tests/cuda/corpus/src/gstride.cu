extern "C" __global__ void gstride(const float *x, float *y, size_t n, float a)
{
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x)
        y[i] = a * x[i] + y[i];
}
extern "C" __global__ void gstride_rev(const long long *x, long long *y, long long n)
{
    long long stride = (long long)gridDim.x * blockDim.x;
    for (long long i = n - 1 - (blockIdx.x * (long long)blockDim.x + threadIdx.x); i >= 0; i -= stride)
        y[n - 1 - i] = x[i] * 3 - i;
}
extern "C" __global__ void gstride_u(const unsigned *x, unsigned *y, unsigned n, int step)
{
    /* unsigned index counting down through the wrap: stops when i wraps past 0 */
    unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
    for (unsigned i = n - 1 - t; i < n; i -= gridDim.x * blockDim.x * step)
        y[i] = x[i] ^ (i * 2654435761u);
}
