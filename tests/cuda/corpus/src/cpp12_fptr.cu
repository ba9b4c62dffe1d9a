// cpp12: tables of function pointers in __constant__ and __device__ memory chosen per thread, a
// 17-argument __noinline__ call with struct arguments and a struct return (stack-passed), recursion
typedef int (*binop)(int, int);
__device__ __noinline__ int f_add(int a, int b) { return a + b; }
__device__ __noinline__ int f_sub(int a, int b) { return a - b; }
__device__ __noinline__ int f_mulhi(int a, int b) { return __mulhi(a, b) + a * b; }
__device__ __noinline__ int f_rot(int a, int b) { return __funnelshift_l(a, a, b & 31) ^ b; }
__device__ __noinline__ int f_div(int a, int b) { return b ? a / b : -1; }
__constant__ binop ctab[5] = {f_add, f_sub, f_mulhi, f_rot, f_div};
__device__ binop gtab[5] = {f_div, f_rot, f_mulhi, f_sub, f_add};

struct Vec3 { float x, y, z; };
struct Mat { Vec3 r0, r1, r2; int flags; };
__device__ __noinline__ Vec3 mul(Mat m, Vec3 v, float s, int k0, int k1, int k2, int k3, int k4, int k5, int k6, int k7,
                                 double d0, double d1, long long q, char c, short h, Vec3 bias)
{
    Vec3 r;
    r.x = (m.r0.x * v.x + m.r0.y * v.y + m.r0.z * v.z) * s + bias.x + (float)(k0 - k1 + k2);
    r.y = (m.r1.x * v.x + m.r1.y * v.y + m.r1.z * v.z) * s + bias.y + (float)(k3 * k4 - k5) + (float)d0;
    r.z = (m.r2.x * v.x + m.r2.y * v.y + m.r2.z * v.z) * s + bias.z + (float)(k6 ^ k7) + (float)(d1 * (q & 15)) + c + h + m.flags;
    return r;
}

extern "C" __global__ void fptr_tables(const int *a, const int *b, int *out)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    int x = a[t], y = b[t];
    binop f = ctab[(unsigned)x % 5u];
    binop g = gtab[t % 5];
    int r = f(x, y);
    out[3 * t] = r;
    out[3 * t + 1] = g(r, y | 1);
    binop h = (t & 1) ? f : g;      // divergent: two different targets in one warp
    out[3 * t + 2] = h(y, x & 63);
}

extern "C" __global__ void many_args(const float *in, float *out)
{
    int t = threadIdx.x;
    Mat m = {{in[0], in[1], in[2]}, {in[3], in[4], in[5]}, {in[6], in[7], in[8]}, t & 3};
    Vec3 v = {in[9 + t % 4], (float)t, -1.0f};
    Vec3 bias = {0.5f, -0.25f, (float)(t >> 2)};
    Vec3 r = mul(m, v, 0.5f, t, 2, 3, t + 4, 5, 6, t * 7, 8, 0.125 * t, 1.5, (long long)t * 1000000007LL, (char)(t - 10), (short)(300 * t), bias);
    out[3 * t] = r.x; out[3 * t + 1] = r.y; out[3 * t + 2] = r.z;
}

// recursion: fibonacci, a tree walk with a depth limit, mutual recursion
__device__ __noinline__ long long fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }
struct Node { int val, left, right; };
__device__ __noinline__ int walk(const Node *tree, int i, int depth, int limit)
{
    if (i < 0 || depth >= limit) return 0;
    int l = walk(tree, tree[i].left, depth + 1, limit);
    int r = walk(tree, tree[i].right, depth + 1, limit);
    return tree[i].val * (depth + 1) + l - r;
}
__device__ __noinline__ int is_odd(unsigned n);
__device__ __noinline__ int is_even(unsigned n) { return n == 0 ? 1 : is_odd(n - 1); }
__device__ __noinline__ int is_odd(unsigned n) { return n == 0 ? 0 : is_even(n - 1); }
extern "C" __global__ void recur(const Node *tree, const int *roots, long long *out)
{
    int t = threadIdx.x;
    out[3 * t] = fib(t % 11);
    out[3 * t + 1] = walk(tree, roots[t], 0, 1 + t % 6);
    out[3 * t + 2] = is_even(t * 3) * 10 + is_odd(t);
}
