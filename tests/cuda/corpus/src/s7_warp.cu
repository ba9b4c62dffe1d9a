// second-author style: warp-level primitives with partial masks, narrow widths, divergent votes, bit intrinsics
typedef unsigned long long u64;
#if __CUDA_ARCH__ < 800
// sm_75 has no redux: the same results with shuffles over the mask's lanes
template <typename T, typename F> __device__ T wred(unsigned m, T v, T init, F f)
{
    T s = init;
    for (int l = 0; l < 32; ++l) { T t = __shfl_sync(m, v, l); if (m >> l & 1) s = f(s, t); }
    return s;
}
struct Add { template <typename T> __device__ T operator()(T a, T b) const { return a + b; } };
struct Min { template <typename T> __device__ T operator()(T a, T b) const { return a < b ? a : b; } };
struct Max { template <typename T> __device__ T operator()(T a, T b) const { return a > b ? a : b; } };
struct And { __device__ unsigned operator()(unsigned a, unsigned b) const { return a & b; } };
struct Or { __device__ unsigned operator()(unsigned a, unsigned b) const { return a | b; } };
struct Xor { __device__ unsigned operator()(unsigned a, unsigned b) const { return a ^ b; } };
__device__ unsigned radd(unsigned m, unsigned v) { return wred(m, v, 0u, Add()); }
__device__ unsigned rmin(unsigned m, unsigned v) { return wred(m, v, 0xffffffffu, Min()); }
__device__ int rmin(unsigned m, int v) { return wred(m, v, 0x7fffffff, Min()); }
__device__ unsigned rmax(unsigned m, unsigned v) { return wred(m, v, 0u, Max()); }
__device__ int rmax(unsigned m, int v) { return wred(m, v, (int)0x80000000, Max()); }
__device__ unsigned rand_(unsigned m, unsigned v) { return wred(m, v, 0xffffffffu, And()); }
__device__ unsigned ror_(unsigned m, unsigned v) { return wred(m, v, 0u, Or()); }
__device__ unsigned rxor(unsigned m, unsigned v) { return wred(m, v, 0u, Xor()); }
#define __reduce_add_sync radd
#define __reduce_min_sync rmin
#define __reduce_max_sync rmax
#define __reduce_and_sync rand_
#define __reduce_or_sync ror_
#define __reduce_xor_sync rxor
#endif

extern "C" __global__ void shfl_widths(const int *in, int *out, double *dout, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int lane = threadIdx.x % 32;
    int v = i < n ? in[i] : 0;
    int s8 = v;
    #pragma unroll
    for (int d = 4; d > 0; d >>= 1) s8 += __shfl_xor_sync(0xffffffffu, s8, d, 8);
    int up = v;
    for (int d = 1; d < 16; d <<= 1) { int t = __shfl_up_sync(0xffffffffu, up, d, 16); if ((lane & 15) >= d) up += t; }
    int dn = __shfl_down_sync(0xffffffffu, v, 3, 16);
    int bc = __shfl_sync(0xffffffffu, v, (lane * 5 + 1) & 7, 8);
    double dv = (double)v * 0.5;
    double dx = __shfl_xor_sync(0xffffffffu, dv, 1) + __shfl_down_sync(0xffffffffu, dv, 2, 4);
    if (i < n) {
        out[4 * i] = s8; out[4 * i + 1] = up; out[4 * i + 2] = dn; out[4 * i + 3] = bc;
        dout[i] = dx;
    }
}

extern "C" __global__ void partial_mask(const int *in, int *out)
{
    int lane = threadIdx.x & 31, w = threadIdx.x >> 5;
    int v = in[blockIdx.x * blockDim.x + threadIdx.x];
    int r = -1;
    if (lane < 20) {
        unsigned m = (1u << 20) - 1;
        int s = v;
        for (int d = 16; d > 0; d >>= 1) { int t = __shfl_down_sync(m, s, d); if (lane + d < 20) s += t; }
        r = __shfl_sync(m, s, 0);
        unsigned b = __ballot_sync(m, v & 1);
        r ^= __popc(b) << 24;
        __syncwarp(m);
    } else {
        unsigned m = 0xfff00000u;
        r = __shfl_xor_sync(m, v, 2) + __reduce_add_sync(m, (unsigned)v & 0xff);
        r += __any_sync(m, v > 1000) * 1000000 + __all_sync(m, v >= 0) * 2000000;
    }
    out[blockIdx.x * blockDim.x + threadIdx.x] = r + w;
}

extern "C" __global__ void vote_div(const int *in, unsigned *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int lane = threadIdx.x & 31;
    if (i >= n) return;                     // partial last warp
    int v = in[i];
    unsigned am = __activemask();
    unsigned r;
    if (v % 3 == 0) {
        r = __ballot_sync(__activemask(), v > 50) ^ 0x80000000u;
    } else if (v % 3 == 1) {
        r = __activemask() | (unsigned)__all_sync(__activemask(), v & 1) << lane;
    } else {
        unsigned m = __activemask();
        r = __ballot_sync(m, lane & 1) + __any_sync(m, v > 90);
    }
    out[2 * i] = r;
    out[2 * i + 1] = am;
}

extern "C" __global__ void match64(const u64 *k, unsigned *any, int *all, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        unsigned m = __activemask();
        u64 key = k[i];
        any[i] = __match_any_sync(m, key);
        int pred;
        unsigned a = __match_all_sync(m, key >> 40, &pred);
        all[2 * i] = (int)a;
        all[2 * i + 1] = pred;
    }
}

extern "C" __global__ void redux_all(const unsigned *in, unsigned *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    unsigned v = in[i];
    unsigned m = __activemask();
    out[6 * i + 0] = __reduce_add_sync(m, v);
    out[6 * i + 1] = __reduce_min_sync(m, v);
    out[6 * i + 2] = __reduce_max_sync(m, v);
    out[6 * i + 3] = (unsigned)__reduce_min_sync(m, (int)v);
    out[6 * i + 4] = (unsigned)__reduce_max_sync(m, (int)v);
    out[6 * i + 5] = __reduce_and_sync(m, v) ^ __reduce_or_sync(m, v) ^ __reduce_xor_sync(m, v);
}

extern "C" __global__ void bits(const unsigned *a, const unsigned *b, const u64 *w, unsigned *o, u64 *o64, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    unsigned x = a[i], y = b[i];
    u64 z = w[i];
    o[16 * i + 0] = __popc(x) + (__popcll(z) << 8);
    o[16 * i + 1] = __clz(x) | (__clzll(z) << 8);
    o[16 * i + 2] = __ffs(x) | (__ffsll((long long)z) << 8);
    o[16 * i + 3] = __brev(x);
    o[16 * i + 4] = __byte_perm(x, y, 0x7531) ^ __byte_perm(x, y, y & 0xffff);
    o[16 * i + 5] = __funnelshift_l(x, y, y & 0xff);
    o[16 * i + 6] = __funnelshift_r(x, y, x);
    o[16 * i + 7] = __funnelshift_lc(x, y, y) ^ __funnelshift_rc(x, y, 37);
    o[16 * i + 8] = __mul24((int)x, (int)y);
    o[16 * i + 9] = __umul24(x, y) + __umulhi(x, y);
    o[16 * i + 10] = __mulhi((int)x, (int)y);
    o[16 * i + 11] = __sad((int)x, (int)y, 7u) + __usad(x, y, x >> 3);
    o[16 * i + 12] = __vadd4(x, y) ^ __vsub2(x, y);
    o[16 * i + 13] = __vabsdiffu4(x, y) + __vmaxu2(x, y);
    o[16 * i + 14] = __hadd((int)x, (int)y) ^ __urhadd(x, y);
    o[16 * i + 15] = __vcmpgtu4(x, y) ^ __vsetne2(x, y);
    o64[2 * i] = __brevll(z) ^ (u64)__umul64hi(z, (u64)x * y);
    o64[2 * i + 1] = (u64)__mul64hi((long long)z, -(long long)y);
}

extern "C" __global__ void sleepy(const int *in, int *out, int n)
{
    __shared__ int flag[2];
    int t = threadIdx.x;
    if (t == 0) flag[0] = flag[1] = 0;
    __syncthreads();
    int w = t >> 5, lane = t & 31;
    if (w == 1) {
        __nanosleep(100);
        if (lane == 0) { atomicExch(&flag[0], in[blockIdx.x]); }
        __syncwarp();
    } else if (w == 0) {
        int v;
        while ((v = atomicAdd(&flag[0], 0)) == 0) __nanosleep(32);
        __syncwarp(0xffffffffu);
        out[blockIdx.x * 32 + lane] = v + lane;
    }
}
