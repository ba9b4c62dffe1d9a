template <typename T> __device__ void dm(const T *a, const T *b, long long *o, int i)
{
    T x = a[i], y = b[i];
    if (y == 0) { o[0] = 99; o[1] = 99; return; }
    o[0] = (long long)(T)(x / y); o[1] = (long long)(T)(x % y);
}
extern "C" __global__ void idiv_rt(const signed char *a8, const signed char *b8, const unsigned char *c8, const unsigned char *d8,
                                   const short *a16, const short *b16, const unsigned short *c16, const unsigned short *d16,
                                   const long long *a64, const long long *b64, const unsigned long long *c64, const unsigned long long *d64,
                                   long long *o, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    long long *p = o + 12 * i;
    dm(a8, b8, p, i); dm(c8, d8, p + 2, i); dm(a16, b16, p + 4, i); dm(c16, d16, p + 6, i);
    dm(a64, b64, p + 8, i); dm(c64, d64, p + 10, i);
}
