// grid-stride loop over n elements
extern "C" __global__ void grid_stride(const int *a, int *out, int n)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
        out[i] = a[i] * 2 + 1;
}
