// blind17: bit intrinsics and 64-bit index math
#include <cstdint>
#include <cstddef>
__global__ void bitOps32(const unsigned* in, unsigned* out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned x = in[i], y = in[i ^ 1];
    unsigned* o = out + i * 8;
    o[0] = __popc(x);
    o[1] = __clz(x);
    o[2] = __ffs(x);
    o[3] = __brev(x);
    o[4] = __byte_perm(x, y, 0x7351);
    o[5] = __funnelshift_l(x, y, y & 63);
    o[6] = __funnelshift_r(x, y, y);
    o[7] = __funnelshift_rc(x, y, y & 63);
}

__global__ void bitOps64(const unsigned long long* in, int* out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned long long x = in[i];
    out[3 * i] = __popcll(x);
    out[3 * i + 1] = __clzll(x);
    out[3 * i + 2] = __ffsll((long long)x);
}

__global__ void bigIndex(unsigned long long* out, size_t total, size_t stride)
{
    // walk a virtual range > 2^32 with a size_t loop; record a checksum per thread
    size_t tid = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
    unsigned long long h = 0;
    int cnt = 0;
    for (size_t k = tid * stride; k < total; k += (size_t)gridDim.x * blockDim.x * stride) {
        h ^= k * 0x9E3779B97F4A7C15ull;
        ++cnt;
    }
    out[2 * tid] = h;
    out[2 * tid + 1] = cnt;
}

__global__ void ptrDiff(const int* base, const int* const* ptrs, long long* out)
{
    int i = threadIdx.x;
    const int* p = ptrs[i];
    ptrdiff_t d = p - base;
    out[i] = d * 3 + (long long)(p[0]);
}

__global__ void wideMul(const long long* a, const long long* b, long long* out)
{
    int i = threadIdx.x;
    long long x = a[i], y = b[i];
    out[3 * i] = x * y;
    out[3 * i + 1] = __mul64hi(x, y);
    out[3 * i + 2] = (long long)__umul64hi((unsigned long long)x, (unsigned long long)y);
}
