// Bitonic sort of 2*blockDim keys (with values) in shared memory, ascending
extern "C" __global__ void bitonic_sort(unsigned *keys, int *vals)
{
    extern __shared__ unsigned sk[];
    int *sv = (int *)&sk[2 * blockDim.x];
    int n = 2 * blockDim.x, t = threadIdx.x, base = blockIdx.x * n;
    sk[t] = keys[base + t]; sk[t + blockDim.x] = keys[base + t + blockDim.x];
    sv[t] = vals[base + t]; sv[t + blockDim.x] = vals[base + t + blockDim.x];
    for (int size = 2; size <= n; size <<= 1) {
        for (int stride = size >> 1; stride > 0; stride >>= 1) {
            __syncthreads();
            int pos = 2 * t - (t & (stride - 1));
            bool dir = ((pos & size) == 0);
            unsigned a = sk[pos], b = sk[pos + stride];
            if ((a > b) == dir) {
                sk[pos] = b; sk[pos + stride] = a;
                int tv = sv[pos]; sv[pos] = sv[pos + stride]; sv[pos + stride] = tv;
            }
        }
    }
    __syncthreads();
    keys[base + t] = sk[t]; keys[base + t + blockDim.x] = sk[t + blockDim.x];
    vals[base + t] = sv[t]; vals[base + t + blockDim.x] = sv[t + blockDim.x];
}
