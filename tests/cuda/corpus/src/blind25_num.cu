// blind25 (session 25): numerical kernels as an unknown engineer writes them: a trapezoid rule in
// double with a grid-stride loop, shuffles of doubles and atomicAdd(double); an RK4 integrator in
// float; a bilateral filter; atomics built from CAS (float product, double max, 16-bit counter);
// division of every width by run-time divisors; 64-bit strided gathers.

__device__ double f_int(double x) { return x * x * 0.5 + 3.0 * x; }

__global__ void trapezoid(double a, double h, long long n, double* sum)
{
    double acc = 0.0;
    for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i <= n;
         i += (long long)gridDim.x * blockDim.x) {
        double w = (i == 0 || i == n) ? 0.5 : 1.0;
        acc += w * f_int(a + (double)i * h);
    }
    for (int o = 16; o > 0; o >>= 1) acc += __shfl_down_sync(0xffffffffu, acc, o);
    if ((threadIdx.x & 31) == 0) atomicAdd(sum, acc * h);
}

__device__ float2 deriv(float t, float2 y)
{
    return make_float2(y.y, -sinf(y.x) - 0.1f * y.y + 0.5f * cosf(0.8f * t));
}

__global__ void rk4Pendulum(float2* state, float dt, int steps)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float2 y = state[i];
    float t = 0.0f;
    for (int s = 0; s < steps; ++s) {
        float2 k1 = deriv(t, y);
        float2 k2 = deriv(t + 0.5f * dt, make_float2(y.x + 0.5f * dt * k1.x, y.y + 0.5f * dt * k1.y));
        float2 k3 = deriv(t + 0.5f * dt, make_float2(y.x + 0.5f * dt * k2.x, y.y + 0.5f * dt * k2.y));
        float2 k4 = deriv(t + dt, make_float2(y.x + dt * k3.x, y.y + dt * k3.y));
        y.x += dt / 6.0f * (k1.x + 2.0f * k2.x + 2.0f * k3.x + k4.x);
        y.y += dt / 6.0f * (k1.y + 2.0f * k2.y + 2.0f * k3.y + k4.y);
        t += dt;
    }
    state[i] = y;
}

__global__ void bilateral1D(const float* in, float* out, int n, int radius, float inv2ss, float inv2sr)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float c = in[i], num = 0.0f, den = 0.0f;
    for (int k = -radius; k <= radius; ++k) {
        int j = min(max(i + k, 0), n - 1);
        float v = in[j];
        float w = expf(-(float)(k * k) * inv2ss - (v - c) * (v - c) * inv2sr);
        num += w * v;
        den += w;
    }
    out[i] = num / den;
}

__device__ float atomicMulFloat(float* addr, float v)
{
    int* a = (int*)addr;
    int old = *a, assumed;
    do {
        assumed = old;
        old = atomicCAS(a, assumed, __float_as_int(__int_as_float(assumed) * v));
    } while (assumed != old);
    return __int_as_float(old);
}

__device__ double atomicMaxDouble(double* addr, double v)
{
    unsigned long long* a = (unsigned long long*)addr;
    unsigned long long old = *a, assumed;
    while (__longlong_as_double(old) < v) {
        assumed = old;
        old = atomicCAS(a, assumed, __double_as_longlong(v));
        if (old == assumed) break;
    }
    return __longlong_as_double(old);
}

__global__ void casAtomics(const float* f, const double* d, float* prod, double* mx,
                           unsigned short* cnt16, int* maxf_bits)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    atomicMulFloat(prod, f[i]);
    atomicMaxDouble(mx, d[i]);
    unsigned short* c = cnt16 + (i & 3);
    unsigned short old = *c, assumed;
    do {
        assumed = old;
        old = atomicCAS(c, assumed, (unsigned short)(assumed + 3));
    } while (old != assumed);
    float g = f[i] * (float)(i - 40);
    if (g >= 0.0f) atomicMax(maxf_bits, __float_as_int(g));
    else atomicMin((unsigned*)maxf_bits + 1, __float_as_uint(g));
}

__global__ void divideAll(const int* a, const int* b, const long long* la, const long long* lb, int* q32,
                          unsigned* u32, long long* q64, unsigned long long* u64)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int x = a[i], y = b[i];
    long long X = la[i], Y = lb[i];
    q32[2 * i] = x / y;
    q32[2 * i + 1] = x % y;
    u32[2 * i] = (unsigned)x / (unsigned)y;
    u32[2 * i + 1] = (unsigned)x % (unsigned)y;
    q64[2 * i] = X / Y;
    q64[2 * i + 1] = X % Y;
    u64[2 * i] = (unsigned long long)X / (unsigned long long)Y;
    u64[2 * i + 1] = (unsigned long long)X % (unsigned long long)Y;
}

__global__ void gather64(const float* in, float* out, long long stride, long long n, long long count)
{
    long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x;
    if (i >= count) return;
    unsigned long long k = (unsigned long long)i * (unsigned long long)stride;
    out[i] = in[k % (unsigned long long)n] + (float)(k / (unsigned long long)n);
}
