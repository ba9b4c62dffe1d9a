// blind14: signed/unsigned 32-bit division and remainder at their edges (INT_MIN / -1, INT_MIN
// divisors), and division by constants of narrow types, as a C programmer writes them.
extern "C" __global__ void b_idiv32(const int *a, const int *b, int *q, int *r, unsigned *uq, unsigned *ur, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    int x = a[i], y = b[i];
    q[i] = x / y;
    r[i] = x % y;
    uq[i] = (unsigned)x / (unsigned)y;
    ur[i] = (unsigned)x % (unsigned)y;
}

extern "C" __global__ void b_idivconst(const int *a, int *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    int x = a[i];
    short s = (short)x;
    unsigned char c = (unsigned char)x;
    out[8 * i + 0] = x / 7;
    out[8 * i + 1] = x % 7;
    out[8 * i + 2] = (int)((unsigned)x / 1000u);
    out[8 * i + 3] = x / -3;
    out[8 * i + 4] = s / (short)13;
    out[8 * i + 5] = c % 10;
    out[8 * i + 6] = (int)((unsigned long long)(unsigned)x * 0x123456789ull / 12345ull);
    out[8 * i + 7] = x / 16;
}
