struct P3 { int a; long long b; float c; };
typedef int (*op_t)(int, int);
__device__ __noinline__ int op_add(int a, int b) { return a + b; }
__device__ __noinline__ int op_sub(int a, int b) { return a - b; }
__device__ __noinline__ int op_mul(int a, int b) { return a * b; }
__device__ __noinline__ int op_xor(int a, int b) { return (a ^ b) + 1; }
__device__ op_t table[4] = {op_add, op_sub, op_mul, op_xor};
__device__ __noinline__ P3 mk(int x, int y)
{
    P3 p; p.a = x * y; p.b = (long long)x << 33 | (unsigned)y; p.c = (float)x / 4.0f; return p;
}
__device__ __noinline__ int depth(int x, int d)
{
    if (d == 0) return x;
    int r = depth(x * 3 + d, d - 1);
    return (r ^ d) - (x & 7);
}
__device__ __noinline__ long long ack(int m, long long n)
{
    if (m == 0) return n + 1;
    if (n == 0) return ack(m - 1, 1);
    return ack(m - 1, ack(m, n - 1));
}
extern "C" __global__ void fnptr(const int *a, const int *b, const int *sel, long long *o, float *of, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    int x = a[i], y = b[i], s = sel[i] & 3;
    op_t f = table[s];
    op_t g = (x & 1) ? op_mul : op_sub;
    o[6 * i + 0] = f(x, y);
    o[6 * i + 1] = g(y, x);
    P3 p = mk(x, y);
    o[6 * i + 2] = p.a; o[6 * i + 3] = p.b; of[i] = p.c;
    o[6 * i + 4] = depth(x, (y & 15) + 1);
    o[6 * i + 5] = ack(s & 1 ? 2 : 1, (y & 7));
}
