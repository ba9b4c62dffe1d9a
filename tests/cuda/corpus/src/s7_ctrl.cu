// second-author style: control flow -- loops with break/continue, goto, do/while, switches, recursion,
// function pointers, __noinline__ calls with many arguments and local arrays, templates
typedef long long i64;

extern "C" __global__ void loops(const int *in, int *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    int x = in[i], acc = 0, j = 0;
    for (int a = 0; a < 8; ++a) {
        if (a == x % 5) continue;
        for (int b = a; b < 12; b += 3) {
            if ((x >> b) & 1) break;
            acc += a * b + 1;
            if (acc > 200) goto done;
        }
    }
    do { acc ^= x >> j; j += 7; } while (j < 31 && (acc & 3) != 3);
done:
    out[2 * i] = acc;
    out[2 * i + 1] = j;
}

__device__ __noinline__ int classify(int v)
{
    int r = 0;
    switch (v & 15) {
    case 0: r += 100;
    case 1: r += 10; break;
    case 2: case 3: r = v * 3; break;
    case 5: r = -v;
    case 6: r ^= 0x55; break;
    case 9: return v << 2;
    case 11: r = v / 3; break;
    case 12: r = v % 7;
    case 13: r += 1;
    case 14: r += 2; break;
    default: r = 7;
    }
    return r;
}

extern "C" __global__ void jump_table(const int *in, int *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        int v = in[i], r;
        switch ((unsigned)v % 24u) {
        case 0: r = v; break;       case 1: r = v + 11; break;  case 2: r = v * 5; break;
        case 3: r = v ^ 0xff; break; case 4: r = v >> 2; break;  case 5: r = ~v; break;
        case 6: r = v * v; break;   case 7: r = v - 99; break;  case 8: r = v | 0x100; break;
        case 9: r = v & 0x3c; break; case 10: r = v << 3; break; case 11: r = -v; break;
        case 12: r = v / 9; break;  case 13: r = v % 13; break; case 14: r = v + v / 2; break;
        case 15: r = 15; break;     case 16: r = v * 17 + 1; break; case 17: r = v ^ (v >> 3); break;
        case 18: r = (v & 1) ? 3 : 4; break; case 19: r = __popc(v); break; case 20: r = __clz(v); break;
        case 21: r = v % 1000; break; case 22: r = 22 * v; break; default: r = 1234;
        }
        out[2 * i] = r;
        out[2 * i + 1] = classify(v);
    }
}

__device__ int ackermann_ish(int m, int n)
{
    if (m == 0) return n + 1;
    if (n == 0) return ackermann_ish(m - 1, 1);
    return ackermann_ish(m - 1, ackermann_ish(m, n - 1));
}
__device__ i64 fib(int k) { return k < 2 ? k : fib(k - 1) + fib(k - 2); }

extern "C" __global__ void recursion(const int *in, i64 *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        int v = in[i];
        out[2 * i] = fib(v % 10);
        out[2 * i + 1] = ackermann_ish(v % 3, v % 4);
    }
}

typedef int (*binop)(int, int);
__device__ int op_add(int a, int b) { return a + b; }
__device__ int op_sub(int a, int b) { return a - b; }
__device__ int op_mul(int a, int b) { return a * b; }
__device__ int op_max(int a, int b) { return a > b ? a : b; }
__device__ int op_xor(int a, int b) { return a ^ b; }
__device__ binop table[5] = {op_add, op_sub, op_mul, op_max, op_xor};

extern "C" __global__ void fnptr(const int *a, const int *b, const int *sel, int *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    binop f = table[sel[i] % 5];
    binop g = (a[i] & 1) ? table[(i >> 2) % 5] : op_sub;
    out[i] = f(a[i], b[i]) + g(b[i], 1);
}

struct Acc { i64 sum; int cnt; short mn, mx; };

__device__ __noinline__ Acc many_args(int a0, int a1, int a2, int a3, int a4, int a5, int a6, int a7, int a8, int a9,
                                      i64 b0, i64 b1, double c0, float c1, short s0, char ch, const int *p, int k)
{
    int loc[24];
    #pragma unroll 4
    for (int j = 0; j < 24; ++j) loc[j] = p[(j * 7 + k) % 32] + j * a0;
    int idx = (a1 ^ a2 ^ k) & 15;
    Acc r;
    r.sum = b0 - b1 + (i64)c0 + (i64)c1 + loc[idx] + loc[idx + 8];
    r.cnt = a3 + a4 + a5 + a6 + a7 + a8 + a9 + s0 + ch;
    int mn = loc[0], mx = loc[0];
    for (int j = 1; j < 24; ++j) { mn = min(mn, loc[j]); mx = max(mx, loc[j]); }
    r.mn = (short)mn; r.mx = (short)mx;
    return r;
}

extern "C" __global__ void __launch_bounds__(64) stack_calls(const int *p, i64 *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    int v = p[i % 32];
    Acc r = many_args(v, i, v >> 1, 1, 2, 3, 4, 5, 6, i & 7, (i64)v << 20, -(i64)i, v * 0.5, (float)i * 0.25f, (short)-i, (char)(v & 0x7f), p, i);
    out[3 * i] = r.sum;
    out[3 * i + 1] = r.cnt;
    out[3 * i + 2] = ((i64)r.mn << 32) | (unsigned short)r.mx;
}

template <typename T, int UNROLL>
__device__ T poly(const T *c, T x, int deg)
{
    T r = 0;
    #pragma unroll UNROLL
    for (int k = deg; k >= 0; --k) r = r * x + c[k];
    return r;
}

template <typename T, int UNROLL>
__global__ void __launch_bounds__(128, 2) poly_eval(const T *c, const T *xs, T *out, int deg, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = poly<T, UNROLL>(c, xs[i], deg);
}
template __global__ void poly_eval<int, 4>(const int *, const int *, int *, int, int);
template __global__ void poly_eval<unsigned long long, 2>(const unsigned long long *, const unsigned long long *, unsigned long long *, int, int);
template __global__ void poly_eval<short, 3>(const short *, const short *, short *, int, int);
