// c[i] = a[i] + b[i] for i < n
extern "C" __global__ void vector_add(const int *a, const int *b, int *c, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        c[i] = a[i] + b[i];
}
