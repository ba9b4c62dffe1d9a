// recursion and a non-inlined function of many arguments (some passed on the stack)
__device__ __noinline__ long long many(int a, long long b, double c, float d, unsigned char e, short f,
                                       int g, int h, int i, int j, long long k, double l, int m, int n, int p, int q,
                                       float r, double s, int u, int v, int w, int x, int y, int z)
{
    return a + b + (long long)(c * 2) + (long long)d + e + f + g * h - i + j + k + (long long)l + m * n + p - q
           + (long long)(r * 4) + (long long)s + u + v + w + x + y + z;
}

__device__ int gcd_rec(int a, int b) { return b == 0 ? a : gcd_rec(b, a % b); }

__device__ __noinline__ unsigned long long fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }

__device__ int ackish(int m, int n, int depth)
{
    if (depth > 40) return -1;
    if (m == 0) return n + 1;
    if (n == 0) return ackish(m - 1, 1, depth + 1);
    return ackish(m - 1, n - 1 + (depth & 1), depth + 1);
}

__global__ void recurse(const int *in, long long *o)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    int v = in[t];
    o[4 * t + 0] = many(v, v * 3LL, v * 0.75, v * 0.5f, (unsigned char)v, (short)(v * 7), 1, 2, 3, 4, 5LL, 6.5, 7, 8, 9, 10,
                        11.25f, 12.0, v, v + 1, v + 2, -v, t, 13);
    o[4 * t + 1] = gcd_rec(v * 6 + 6, 84 + t);
    o[4 * t + 2] = fib((v & 7) + 1);
    o[4 * t + 3] = ackish(v & 3, v & 7, 0);
}
