// blind17: division and math library functions
#include <cstdint>
#define NF 12
__global__ void floatMath(const float* x, const float* y, float* out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float a = x[i], b = y[i];
    float* o = out + i * NF;
    o[0] = sqrtf(a);
    o[1] = expf(-a * 0.5f);
    o[2] = logf(a + 1.0f);
    o[3] = sinf(a * 3.0f);
    o[4] = cosf(b);
    o[5] = powf(a, b);
    o[6] = erff(b - 1.0f);
    o[7] = fmodf(a * 7.0f, b);
    o[8] = remainderf(a * 7.0f, b);
    o[9] = a / b;
    o[10] = tanhf(b - 2.0f);
    o[11] = atan2f(b - 1.5f, a - 4.0f);
}

__global__ void doubleMath(const double* x, const double* y, double* out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    double a = x[i], b = y[i];
    double* o = out + i * 8;
    o[0] = sqrt(a);
    o[1] = exp(-a * 0.5);
    o[2] = log(a + 1.0);
    o[3] = sin(a * 3.0);
    o[4] = pow(a, b);
    o[5] = a / b;
    o[6] = fmod(a * 7.0, b);
    o[7] = rsqrt(a + 0.25);
}

__global__ void intDivConst(const int* s, const unsigned* u, int* out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int a = s[i]; unsigned b = u[i];
    int* o = out + i * 8;
    o[0] = a / 7; o[1] = a % 7; o[2] = a / -16; o[3] = a % 1000;
    o[4] = (int)(b / 13u); o[5] = (int)(b % 13u); o[6] = (int)(b / 1024u); o[7] = (int)(b % 641u);
}

__global__ void intDivVar(const int* a, const int* b, const unsigned* ua, const unsigned* ub, int* out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        out[4 * i] = a[i] / b[i];
        out[4 * i + 1] = a[i] % b[i];
        out[4 * i + 2] = (int)(ua[i] / ub[i]);
        out[4 * i + 3] = (int)(ua[i] % ub[i]);
    }
}

__global__ void int64Div(const long long* a, const long long* b, long long* out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        long long x = a[i], y = b[i];
        unsigned long long ux = (unsigned long long)x, uy = (unsigned long long)y;
        long long* o = out + 6 * i;
        o[0] = x / y; o[1] = x % y;
        o[2] = (long long)(ux / uy); o[3] = (long long)(ux % uy);
        o[4] = x / 1000000007LL; o[5] = (long long)(ux % 10ULL);
    }
}

__global__ void fastIntrinsics(const float* x, float* out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        float a = x[i];
        out[4 * i] = __fdividef(a, 3.0f);
        out[4 * i + 1] = rsqrtf(a + 1.0f);
        out[4 * i + 2] = __saturatef(a - 2.0f);
        out[4 * i + 3] = floorf(a * 1.7f) + ceilf(a * -0.3f) + truncf(a * 2.5f) + roundf(a);
    }
}
