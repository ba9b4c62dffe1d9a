// blind17: atomics
#include <cuda_fp16.h>
__device__ float atomicMaxFloat(float* addr, float v)
{
    int* a = (int*)addr;
    int old = *a, assumed;
    do {
        assumed = old;
        if (__int_as_float(assumed) >= v) break;
        old = atomicCAS(a, assumed, __float_as_int(v));
    } while (assumed != old);
    return __int_as_float(old);
}

__device__ double atomicAddDoubleCAS(double* addr, double v)
{
    unsigned long long* a = (unsigned long long*)addr;
    unsigned long long old = *a, assumed;
    do {
        assumed = old;
        old = atomicCAS(a, assumed, __double_as_longlong(__longlong_as_double(assumed) + v));
    } while (assumed != old);
    return __longlong_as_double(old);
}

__device__ void atomicAddShort(unsigned short* addr, unsigned short v)
{
    unsigned short old = *addr, assumed;
    do {
        assumed = old;
        old = atomicCAS(addr, assumed, (unsigned short)(assumed + v));
    } while (assumed != old);
}

__global__ void atomicsFloat(const float* in, float* sum, double* dsum, float* mx, double* dcas, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        float v = in[i];
        atomicAdd(sum, v);
        atomicAdd(dsum, (double)v);
        atomicMaxFloat(mx, v);
        atomicAddDoubleCAS(dcas, (double)v * 0.5);
    }
}

__global__ void atomicsInt(const int* in, int* res, unsigned* ures, unsigned short* s16, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    int v = in[i];
    atomicAdd(&res[0], v);
    atomicSub(&res[1], v);
    atomicMin(&res[2], v);
    atomicMax(&res[3], v);
    atomicAnd(&res[4], ~(1 << (i & 31)));
    atomicOr(&res[5], 1 << (v & 31));
    atomicXor(&res[6], v);
    atomicInc(&ures[0], 17u);
    atomicDec(&ures[1], 5u);
    atomicMin(&ures[2], (unsigned)v);
    atomicMax(&ures[3], (unsigned)v);
    atomicAdd((unsigned long long*)&ures[4], (unsigned long long)(unsigned)v);
    atomicAddShort(&s16[i & 3], (unsigned short)(v & 0xff));
    if (i == n - 1) atomicExch(&res[7], v);
}

__global__ void atomicCounterOrder(int* counter, int* slots, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n && (i % 3) != 0) {
        int pos = atomicAdd(counter, 1);
        slots[pos] = i;
    }
}

__global__ void atomicHalf(__half* h, float* f, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        atomicAdd(&h[i & 7], __float2half(0.5f));
        atomicAdd(&f[i & 1], 0.25f);
    }
}
