__device__ __noinline__ unsigned gcd_rec(unsigned a, unsigned b) { return b == 0 ? a : gcd_rec(b, a % b); }
__device__ __noinline__ int fib_rec(int n, int depth, int* maxd)
{
    if (depth > *maxd) *maxd = depth;
    if (n < 2) return n;
    return fib_rec(n - 1, depth + 1, maxd) + fib_rec(n - 2, depth + 1, maxd);
}
__device__ __noinline__ long long ack_like(int m, long long n)
{
    if (m == 0) return n + 1;
    if (n == 0) return ack_like(m - 1, 1);
    return ack_like(m - 1, ack_like(m, n - 1));
}
extern "C" __global__ void recur_mix(const unsigned* a, const unsigned* b, unsigned* g, int* f, long long* ak, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    g[i] = gcd_rec(a[i], b[i]);
    int md = 0;
    int fv = fib_rec(i % 13, 0, &md);
    f[2 * i] = fv;
    f[2 * i + 1] = md;
    ak[i] = ack_like(i % 3, (long long)(i % 5));
}
