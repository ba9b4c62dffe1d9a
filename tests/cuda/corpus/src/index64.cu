// 64-bit index arithmetic: out[i * stride + off] with 64-bit products
extern "C" __global__ void index64(const long long *in, long long *out, long long stride, long long off)
{
    long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    long long v = in[i];
    out[i * stride + off] = v * 0x100000001LL + (v >> 3) - (i << 33);
}
