// blind17: control flow, device calls, templates, structs by value
#include <cstdint>

__device__ __noinline__ int collatzSteps(unsigned x, int cap)
{
    int s = 0;
    while (x != 1u) {
        if (s >= cap) break;
        x = (x & 1u) ? 3u * x + 1u : x >> 1;
        ++s;
    }
    return s;
}

__device__ __noinline__ unsigned fibRec(unsigned n)
{
    return n < 2 ? n : fibRec(n - 1) + fibRec(n - 2);
}

__global__ void divergent(const int* in, int* out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    int x = in[i];
    int r;
    if (x % 3 == 0) {
        r = x * x - 7;
    } else if (x % 3 == 1) {
        r = 0;
        for (int k = 0; k < (x & 15); ++k) r += k ^ x;
    } else {
        r = -x / 5;
    }
    out[i] = r;
}

__global__ void loopBreakContinue(const int* data, int* out, int rowLen, int sentinel)
{
    int row = blockIdx.x * blockDim.x + threadIdx.x;
    const int* p = data + row * rowLen;
    int acc = 0, cnt = 0;
    for (int j = 0; j < rowLen; ++j) {
        int v = p[j];
        if (v == sentinel) break;
        if (v < 0) continue;
        acc += v;
        ++cnt;
    }
    out[2 * row] = acc;
    out[2 * row + 1] = cnt;
}

__global__ void switchDense(const int* op, const int* a, int* out)
{
    int i = threadIdx.x + blockIdx.x * blockDim.x;
    int x = a[i], r;
    switch (op[i]) {
        case 0: r = x + 11; break;
        case 1: r = x * 3; break;
        case 2: r = x ^ 0x5a5a; break;
        case 3: r = x >> 2; break;
        case 4: r = ~x; break;
        case 5: r = x - 100; break;
        case 6: r = x * x; break;
        case 7: r = (x << 3) | 7; break;
        case 8: r = x & 0xff; break;
        case 9: r = -x; break;
        default: r = 12345; break;
    }
    out[i] = r;
}

__global__ void switchSparse(const int* a, int* out)
{
    int i = threadIdx.x;
    int x = a[i], r;
    switch (x) {
        case -5: r = 1; break;
        case 17: r = 2; break;
        case 1000: r = 3; break;
        case 65536: r = 4; break;
        case 3: r = 5; // fall through
        case 4: r = 6; break;
        default: r = x & 7;
    }
    out[i] = r;
}

__global__ void callsAndRecursion(const unsigned* in, int* steps, unsigned* fibs)
{
    int i = threadIdx.x + blockIdx.x * blockDim.x;
    unsigned x = in[i];
    steps[i] = collatzSteps(x, 200);
    fibs[i] = fibRec(x % 17);
}

template <typename T, int K>
__global__ void scaleT(const T* in, T* out, int n, T bias)
{
    int i = threadIdx.x + blockIdx.x * blockDim.x;
    if (i < n) out[i] = in[i] * (T)K + bias;
}
template __global__ void scaleT<int, 3>(const int*, int*, int, int);
template __global__ void scaleT<double, 5>(const double*, double*, int, double);
template __global__ void scaleT<short, -2>(const short*, short*, int, short);

struct Params {
    int n;
    float scale;
    double offset;
    const float* src;
    short shift;
    char flag;
};

__global__ void structByValue(Params p, float* dst)
{
    int i = threadIdx.x + blockIdx.x * blockDim.x;
    if (i < p.n) {
        float v = p.src[i] * p.scale;
        if (p.flag) v = -v;
        dst[i] = (float)((double)v + p.offset) + (float)(i >> p.shift);
    }
}

// many parameters of mixed sizes
__global__ void mixedParams(char c, short s, int i32, long long i64, float f, double d,
                            unsigned char uc, unsigned short us, unsigned u, unsigned long long u64,
                            long long* out)
{
    if (threadIdx.x == 0) {
        out[0] = c; out[1] = s; out[2] = i32; out[3] = i64;
        out[4] = (long long)(f * 1000.0f); out[5] = (long long)(d * 1e6);
        out[6] = uc; out[7] = us; out[8] = u; out[9] = (long long)(u64 >> 3);
        out[10] = c + s + i32 + i64 + uc + us + u;
    }
}
