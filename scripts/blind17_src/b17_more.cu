// blind17: a second batch: older idioms and conversions
#include <cstdint>
#define WARP 32

__device__ void warpReduceVolatile(volatile int* s, int t)
{
    s[t] += s[t + 32]; s[t] += s[t + 16]; s[t] += s[t + 8];
    s[t] += s[t + 4];  s[t] += s[t + 2];  s[t] += s[t + 1];
}

__global__ void reduceVolatile(const int* in, int* out)
{
    __shared__ int s[128];
    int t = threadIdx.x;
    s[t] = in[blockIdx.x * 128 + t];
    __syncthreads();
    if (t < 64) s[t] += s[t + 64];
    __syncthreads();
    if (t < 32) warpReduceVolatile(s, t);
    if (t == 0) out[blockIdx.x] = s[0];
}

__global__ void segmentedShfl(const float* in, float* out, int* idx)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    float v = in[gid];
    for (int o = 4; o > 0; o >>= 1) v += __shfl_down_sync(0xffffffff, v, o, 8);
    float b = __shfl_sync(0xffffffff, v, 0, 8);
    int j = __shfl_xor_sync(0xffffffff, gid, 3, 16);
    int u = __shfl_up_sync(0xffffffff, gid, 2, 4);
    out[gid] = b;
    idx[2 * gid] = j;
    idx[2 * gid + 1] = u;
}

__device__ unsigned int retirementCount = 0;
__global__ void lastBlockSum(const unsigned* in, unsigned* partial, unsigned* total, int n)
{
    __shared__ unsigned s[64];
    __shared__ bool amLast;
    int t = threadIdx.x;
    unsigned v = 0;
    for (int i = blockIdx.x * 64 + t; i < n; i += gridDim.x * 64) v += in[i];
    s[t] = v;
    __syncthreads();
    for (int st = 32; st > 0; st >>= 1) {
        if (t < st) s[t] += s[t + st];
        __syncthreads();
    }
    if (t == 0) {
        partial[blockIdx.x] = s[0];
        __threadfence();
        unsigned ticket = atomicInc(&retirementCount, gridDim.x);
        amLast = (ticket == gridDim.x - 1);
    }
    __syncthreads();
    if (amLast) {
        unsigned acc = 0;
        for (int i = t; i < gridDim.x; i += 64) acc += ((volatile unsigned*)partial)[i];
        s[t] = acc;
        __syncthreads();
        if (t == 0) {
            unsigned sum = 0;
            for (int i = 0; i < 64; ++i) sum += s[i];
            *total = sum;
            retirementCount = 0;
        }
    }
}

__global__ void vec4Copy(const float4* __restrict__ in, float4* out, const int2* p, int* q, int n4)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n4) {
        float4 a = __ldg(&in[i]);
        out[i] = make_float4(a.w, a.z * 2.0f, a.y - 1.0f, a.x);
        int2 b = p[i];
        q[i] = b.x * b.y;
    }
}

__global__ void inlinePtx(unsigned* out)
{
    unsigned lane, lt;
    asm volatile("mov.u32 %0, %%laneid;" : "=r"(lane));
    asm("mov.u32 %0, %%lanemask_lt;" : "=r"(lt));
    unsigned r;
    asm("bfe.u32 %0, %1, 4, 8;" : "=r"(r) : "r"(threadIdx.x * 0x1234567u));
    out[threadIdx.x] = lane | (__popc(lt) << 8) | (r << 16);
}

__global__ void intIntrinsics(const int* a, const int* b, long long* out)
{
    int i = threadIdx.x;
    int x = a[i], y = b[i];
    unsigned ux = (unsigned)x, uy = (unsigned)y;
    long long* o = out + 10 * i;
    o[0] = __sad(x, y, 7u);
    o[1] = __hadd(x, y);
    o[2] = __rhadd(x, y);
    o[3] = __mulhi(x, y);
    o[4] = __umulhi(ux, uy);
    o[5] = abs(x);
    o[6] = llabs((long long)x * y);
    o[7] = max((long long)x * 3, (long long)y * 5);
    o[8] = min(ux, uy);
    o[9] = __uhadd(ux, uy) + __urhadd(ux, uy);
}

__global__ void floatToInt(const float* f, const double* d, int* out)
{
    int i = threadIdx.x;
    float x = f[i];
    double y = d[i];
    int* o = out + 8 * i;
    o[0] = (int)x;
    o[1] = (int)(unsigned)x;
    o[2] = __float2int_rn(x);
    o[3] = __float2int_rd(x);
    o[4] = (int)__float2uint_ru(x);
    o[5] = (int)y;
    o[6] = (int)(long long)y;
    o[7] = (int)((unsigned long long)y >> 8);
}

__global__ void moreMath(const float* x, float* out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float a = x[i];
    float* o = out + 14 * i;
    float s, c;
    sincosf(a, &s, &c);
    int e;
    float m = frexpf(a * 100.0f, &e);
    float ip;
    o[0] = cbrtf(a - 2.0f);
    o[1] = hypotf(a, 1.5f);
    o[2] = expm1f(a * 0.01f);
    o[3] = log1pf(a * 0.001f);
    o[4] = log2f(a);
    o[5] = exp2f(a);
    o[6] = s + c;
    o[7] = sinpif(a);
    o[8] = erfcf(a - 1.0f);
    o[9] = lgammaf(a);
    o[10] = m + (float)e;
    o[11] = ldexpf(a, e - 3);
    float fr = modff(a * 3.3f, &ip);
    o[12] = fr + ip * 0.5f;
    o[13] = copysignf(a, 1.0f - a) + fabsf(a - 3.0f);
}

__global__ void moreDouble(const double* x, double* out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    double a = x[i];
    double* o = out + 6 * i;
    o[0] = cbrt(a - 2.0);
    o[1] = atan(a);
    o[2] = erf(a - 1.0);
    o[3] = tanh(a - 2.0);
    o[4] = log1p(a);
    o[5] = expm1(a * 0.1);
}

__global__ void atomics64(const long long* in, long long* mn, long long* mx, unsigned long long* cas, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        long long v = in[i];
        atomicMin(mn, v);
        atomicMax(mx, v);
        unsigned long long old = *cas, assumed;
        do {
            assumed = old;
            old = atomicCAS(cas, assumed, assumed ^ ((unsigned long long)v * 0x9E3779B97F4A7C15ull));
        } while (old != assumed);
    }
}

struct P3 { float x, y, z; };
__global__ void aosFloat3(const P3* pts, float* d2, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        P3 p = pts[i];
        d2[i] = p.x * p.x + p.y * p.y + p.z * p.z;
    }
}
