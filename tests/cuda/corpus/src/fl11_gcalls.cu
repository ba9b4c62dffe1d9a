// nvcc-flags: -G
// Device-debug code calling functions by absolute address (flags11 round, D11-F-3): a __noinline__
// function, a shuffle (CUDA's __cuda_sm70_shflsync_* helper), a function pointer, malloc/free called
// directly, and sinf's argument reduction reading __cudart_i2opi_f through an address in the code.
__device__ __noinline__ int twice_plus(int x, int k) { return 2 * x + k; }
__device__ int neg(int x) { return -x; }
__device__ int sq(int x) { return x * x; }

extern "C" __global__ void fl11_gcalls(const int *in, int *out, float *fo)
{
    int t = threadIdx.x;
    int v = in[t];
    int s = v;
    for (int d = 16; d > 0; d >>= 1)
        s += __shfl_xor_sync(0xffffffffu, s, d);
    int (*f)(int) = (t & 1) ? neg : sq;
    int *buf = (int *)malloc(4 * sizeof(int));
    int r = -1;
    if (buf) {
        for (int k = 0; k < 4; ++k)
            buf[k] = twice_plus(v, k);
        r = buf[t & 3] + f(v & 15);
        free(buf);
    }
    out[t] = s;
    out[32 + t] = r;
    fo[t] = sinf(1.0e4f + (float)v);
}
