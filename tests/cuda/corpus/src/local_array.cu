// a per-thread array indexed by data (local memory)
extern "C" __global__ void local_array(const int *in, int *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int arr[16];
    for (int k = 0; k < 16; k++)
        arr[k] = in[i] * k + k;
    int s = 0;
    for (int k = 0; k < n; k++)
        s += arr[(in[i] + k * 5) & 15];
    arr[in[i] & 15] = s;
    out[i] = s + arr[(i * 3) & 15];
}
