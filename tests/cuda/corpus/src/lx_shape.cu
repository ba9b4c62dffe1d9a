// launch shapes: partial warps, 3-D blocks and grids, 1024-thread blocks, carved dynamic shared memory
#include <cstdint>

// __reduce_*_sync from sm_80 on; a shuffle loop over the mask's lanes before
__device__ unsigned lx_radd(unsigned m, unsigned v)
{
#if __CUDA_ARCH__ >= 800
    return __reduce_add_sync(m, v);
#else
    unsigned s = 0;
    for (unsigned k = m; k; k &= k - 1) s += __shfl_sync(m, v, __ffs(k) - 1);
    return s;
#endif
}
__device__ unsigned lx_rmax(unsigned m, unsigned v)
{
#if __CUDA_ARCH__ >= 800
    return __reduce_max_sync(m, v);
#else
    unsigned s = 0;
    for (unsigned k = m; k; k &= k - 1) s = max(s, __shfl_sync(m, v, __ffs(k) - 1));
    return s;
#endif
}
__device__ int lx_rmin(unsigned m, int v)
{
#if __CUDA_ARCH__ >= 800
    return __reduce_min_sync(m, v);
#else
    int s = 0x7fffffff;
    for (unsigned k = m; k; k &= k - 1) s = min(s, __shfl_sync(m, v, __ffs(k) - 1));
    return s;
#endif
}

extern "C" __global__ void lx_partial_vote(const int *in, unsigned *out)
{
    unsigned t = threadIdx.x + blockDim.x * blockIdx.x;
    int v = in[t];
    unsigned am = __activemask();
    unsigned b = __ballot_sync(am, v > 0);
    unsigned full = __ballot_sync(__activemask(), 1);
    int all = __all_sync(am, v > -1000);
    int any = __any_sync(am, v > 900);
    out[t * 5 + 0] = am;
    out[t * 5 + 1] = b;
    out[t * 5 + 2] = __popc(full);
    out[t * 5 + 3] = all | (any << 1);
    out[t * 5 + 4] = lx_radd(am, (unsigned)v) ^ lx_rmax(am, (unsigned)(v + 2000));
}

// a warp reduction that respects the partial warp: only lanes that exist take part
extern "C" __global__ void lx_partial_reduce(const int *in, int *out, int n)
{
    int t = threadIdx.x + blockDim.x * blockIdx.x;
    int lane = threadIdx.x & 31;
    int v = t < n ? in[t] : 0;
    unsigned mask = __ballot_sync(__activemask(), 1);
    int width = 32 - __clz(mask);           // lanes present in this warp
    for (int off = 16; off > 0; off >>= 1) {
        int o = __shfl_down_sync(mask, v, off);
        if (lane + off < width) v += o;
    }
    int first = __shfl_sync(mask, v, 0);
    int up = __shfl_up_sync(mask, t, 1);
    int x = __shfl_xor_sync(mask, t * 3, 1);
    if (t < n) out[t] = (lane == 0 ? first : up) + ((lane ^ 1) < width ? x : -1);
}

// full-mask shuffles in a partial warp: undefined by CUDA for the missing lanes; the lanes that exist
// read only lanes that exist here (xor 1 inside the lanes present, a rotation inside the width)
extern "C" __global__ void lx_fullmask(const int *in, int *out)
{
    int t = threadIdx.x + blockDim.x * blockIdx.x;
    int v = in[t];
    int s = v;
    // lanes below 16 add lane+16's value only when that lane exists
    int w = blockDim.x - (threadIdx.x & ~31);
    if (w > 32) w = 32;
    int o = __shfl_down_sync(0xffffffffu, v, 16);
    if ((threadIdx.x & 31) + 16 < w) s += o;
    int m = lx_rmin(__activemask(), v);
    out[t] = s * 4 + (m & 3);
}

extern "C" __global__ void lx_dim3(int *out)
{
    unsigned bx = blockIdx.x, by = blockIdx.y, bz = blockIdx.z;
    unsigned block = bx + gridDim.x * (by + gridDim.y * bz);
    unsigned tid = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    unsigned nthreads = blockDim.x * blockDim.y * blockDim.z;
    unsigned g = block * nthreads + tid;
    out[g] = (threadIdx.x) | (threadIdx.y << 4) | (threadIdx.z << 8) | (bx << 12) | (by << 16) | (bz << 20)
             | ((gridDim.x * 64 + gridDim.y * 8 + gridDim.z) << 24);
    if (tid == nthreads - 1) {
        unsigned lane_mask = __activemask();
        out[gridDim.x * gridDim.y * gridDim.z * nthreads + block] = (blockDim.x << 20) | (blockDim.y << 10) | blockDim.z
                                                                   ^ lane_mask;
    }
}

// a 1-D problem over a 2-D grid (the 65535-block split of the y dimension)
extern "C" __global__ void lx_split(const float *a, float *b, long long n)
{
    long long blk = (long long)blockIdx.y * gridDim.x + blockIdx.x;
    long long i = blk * blockDim.x + threadIdx.x;
    if (i < n) b[i] = a[i] * 2.0f + (float)(i & 7);
}

template <int BS>
__device__ void block_sum(volatile int *s, int tid)
{
    for (int k = BS / 2; k > 32; k >>= 1) {
        if (tid < k) s[tid] += s[tid + k];
        __syncthreads();
    }
}

extern "C" __global__ void lx_reduce1024(const int *in, long long *out, int n)
{
    __shared__ int s[1024];
    int tid = threadIdx.x;
    int sum = 0;
    for (int i = blockIdx.x * 1024 + tid; i < n; i += gridDim.x * 1024) sum += in[i];
    s[tid] = sum;
    __syncthreads();
    block_sum<1024>(s, tid);
    if (tid < 32) {
        int v = s[tid] + s[tid + 32];
        for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
        if (tid == 0) atomicAdd((unsigned long long *)out, (unsigned long long)(long long)v);
    }
    int c = __syncthreads_count(s[tid & 63] & 1);
    if (tid == 1023) out[1 + blockIdx.x] = c;
}

// an odd block size with a shared-memory tree: the tree works on the next power of two
extern "C" __global__ void lx_oddblock(const int *in, int *out, int n)
{
    extern __shared__ int sh[];
    int tid = threadIdx.x, nt = blockDim.x;
    int g = blockIdx.x * nt + tid;
    sh[tid] = g < n ? in[g] : 0;
    int p2 = 1;
    while (p2 < nt) p2 <<= 1;
    __syncthreads();
    for (int k = p2 / 2; k > 0; k >>= 1) {
        if (tid < k && tid + k < nt) sh[tid] += sh[tid + k];
        __syncthreads();
    }
    if (tid == 0) out[blockIdx.x] = sh[0];
    if (g < n) out[gridDim.x + g] = __popc(__activemask()) * 1000 + (tid & 31);
}

// several extern __shared__ arrays of mixed types carved from one dynamic allocation, plus static shared
extern "C" __global__ void lx_carve(const int *in, double *dout, int *iout, int nd, int nf, int ni, int nc)
{
    extern __shared__ __align__(16) unsigned char dyn[];
    __shared__ int stat[64];
    double *d = reinterpret_cast<double *>(dyn);
    float *f = reinterpret_cast<float *>(d + nd);
    int *iv = reinterpret_cast<int *>(f + nf);
    short *sv = reinterpret_cast<short *>(iv + ni);
    char *cv = reinterpret_cast<char *>(sv + nc);
    int tid = threadIdx.x;
    int v = in[blockIdx.x * blockDim.x + tid];
    if (tid < 64) stat[tid] = v * 7;
    for (int k = tid; k < nd; k += blockDim.x) d[k] = v * 0.5 + k;
    for (int k = tid; k < nf; k += blockDim.x) f[k] = (float)(v - k);
    for (int k = tid; k < ni; k += blockDim.x) iv[k] = v ^ k;
    for (int k = tid; k < nc; k += blockDim.x) { sv[k] = (short)(v + k); cv[k] = (char)(k * 3 + v); }
    __syncthreads();
    int r = tid + 1;
    double acc = d[(tid * 5) % nd] + f[(tid * 3) % nf];
    int iacc = iv[(tid * 7) % ni] + sv[(tid * 11) % nc] + cv[(tid * 13) % nc] + stat[r & 63];
    dout[blockIdx.x * blockDim.x + tid] = acc;
    iout[blockIdx.x * blockDim.x + tid] = iacc;
}

// dynamic shared memory above 48 KiB (cudaFuncSetAttribute opt-in), with a static array as well
extern "C" __global__ void lx_bigdyn(const int *in, int *out, int words)
{
    extern __shared__ int big[];
    __shared__ int stat[256];
    int tid = threadIdx.x;
    for (int k = tid; k < words; k += blockDim.x) big[k] = in[k] + k;
    if (tid < 256) stat[tid] = 0;
    __syncthreads();
    for (int k = tid; k < words; k += blockDim.x) atomicAdd(&stat[big[k] & 255], 1);
    __syncthreads();
    int acc = 0;
    for (int k = tid; k < words; k += blockDim.x) acc += big[words - 1 - k];
    out[tid] = acc;
    if (tid < 256) out[blockDim.x + tid] = stat[tid];
}
