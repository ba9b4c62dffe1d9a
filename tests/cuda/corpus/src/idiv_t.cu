// division and remainder by run-time divisors for every integer width, as a template
#include <cstdint>
template <typename T>
__global__ void idiv_t(const T *a, const T *b, T *q, T *r, int n)
{
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < (size_t)n; i += (size_t)blockDim.x * gridDim.x) {
        T x = a[i], d = b[i];
        if (d == 0)
            d = T(-3);
        q[i] = x / d;
        r[i] = x % d;
    }
}
template __global__ void idiv_t<int8_t>(const int8_t *, const int8_t *, int8_t *, int8_t *, int);
template __global__ void idiv_t<uint8_t>(const uint8_t *, const uint8_t *, uint8_t *, uint8_t *, int);
template __global__ void idiv_t<int16_t>(const int16_t *, const int16_t *, int16_t *, int16_t *, int);
template __global__ void idiv_t<uint16_t>(const uint16_t *, const uint16_t *, uint16_t *, uint16_t *, int);
template __global__ void idiv_t<int>(const int *, const int *, int *, int *, int);
template __global__ void idiv_t<unsigned>(const unsigned *, const unsigned *, unsigned *, unsigned *, int);
template __global__ void idiv_t<long long>(const long long *, const long long *, long long *, long long *, int);
template __global__ void idiv_t<unsigned long long>(const unsigned long long *, const unsigned long long *, unsigned long long *, unsigned long long *, int);

// a divisor shared by the block (kernel parameter: uniform datapath) and a mixed 64/32 division
__global__ void idiv_param(const long long *a, long long *o, int d32, long long d64, unsigned ud)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    long long x = a[i];
    o[5 * i + 0] = x / d64;
    o[5 * i + 1] = x % d32;
    o[5 * i + 2] = (unsigned long long)x / ud;
    o[5 * i + 3] = (int)x / d32 + (unsigned)x % ud;
    o[5 * i + 4] = (long long)((unsigned long long)x % (unsigned long long)d64);
}
