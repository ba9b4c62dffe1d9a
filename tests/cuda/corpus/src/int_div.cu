// signed and unsigned division and remainder by a run-time divisor
extern "C" __global__ void int_div(const int *a, const int *b, int *q, int *r, unsigned *uq, unsigned *ur)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int x = a[i], d = b[i];
    q[i] = x / d;
    r[i] = x % d;
    uq[i] = (unsigned)x / (unsigned)d;
    ur[i] = (unsigned)x % (unsigned)d;
}
