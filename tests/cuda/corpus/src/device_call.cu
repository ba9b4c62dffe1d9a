// a non-inlined device function (CALL/RET, C++ mangled kernel name)
__device__ __noinline__ int poly(int x, int n)
{
    int acc = 1;
    for (int k = 0; k < n; k++)
        acc = acc * x + k;
    return acc;
}

__global__ void device_call(const int *in, int *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int x = in[i];
    out[i] = (x & 1) ? poly(x, n) : poly(x + 1, n + 1) - 5;
}
