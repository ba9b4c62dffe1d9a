#include <cstdint>
extern "C" __global__ void int_ops(const int* a, const int* b, int* out, unsigned* uout, long long* lout, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    int x = a[i], y = b[i];
    out[i*8+0] = x / (y | 1);
    out[i*8+1] = x % (y | 1);
    uout[i*8+2] = (unsigned)x / ((unsigned)y | 1u);
    uout[i*8+3] = __brev(x) ^ __popc(y) ^ (__clz(x) << 8) ^ (__ffs(y) << 16);
    out[i*8+4] = abs(x) + min(x, y) - max(x, y);
    uout[i*8+5] = __byte_perm(x, y, 0x5140) + __funnelshift_l(x, y, y & 31) + __funnelshift_r(x, y, 7);
    out[i*8+6] = __mulhi(x, y) + __umulhi(x, y) + (x >> (y & 31)) + ((unsigned)x >> 3);
    uout[i*8+7] = x > y ? (x & ~y) : (x | (y ^ 0x1234));
    long long l = (long long)x * y + ((long long)b[i] << 20);
    lout[i*2] = l / ((long long)y | 1) + (l >> 7);
    lout[i*2+1] = (unsigned long long)l % 1000003ull + __popcll(l) + __clzll(l) + __ffsll(l);
}
extern "C" __global__ void idx64(const float* a, float* out, long long n, long long stride) {
    for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n; i += stride * gridDim.x * blockDim.x)
        out[i] = a[i] * 2.0f + a[n - 1 - i];
}
extern "C" __global__ void grid_stride(const int* a, int* out, int n) {
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
        out[i] = a[i] * 3 + (a[i] >> 2);
}
