// blind17 (session 17): a second blind corpus, written for gpuisa as an unknown engineer's
// "ordinary nvcc -O3 kernels" (no licence restrictions: written here). Warp primitives.

#define FULL 0xffffffffu

__global__ void reduxKernel(const unsigned* in, unsigned* out)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned v = in[gid];
#if __CUDA_ARCH__ >= 800
    unsigned s = __reduce_add_sync(FULL, v);
    unsigned mn = __reduce_min_sync(FULL, v);
    unsigned mx = __reduce_max_sync(FULL, v);
    int smn = __reduce_min_sync(FULL, (int)v);
    int smx = __reduce_max_sync(FULL, (int)v);
    unsigned a = __reduce_and_sync(FULL, v | 0x0f0f0000u);
    unsigned o = __reduce_or_sync(FULL, v & 0xff);
    unsigned x = __reduce_xor_sync(FULL, v);
#else
    unsigned s = v, mn = v, mx = v, a = v | 0x0f0f0000u, o = v & 0xff, x = v;
    int smn = (int)v, smx = (int)v;
    for (int m = 16; m; m >>= 1) {
        s += __shfl_xor_sync(FULL, s, m);
        mn = min(mn, __shfl_xor_sync(FULL, mn, m));
        mx = max(mx, __shfl_xor_sync(FULL, mx, m));
        smn = min(smn, __shfl_xor_sync(FULL, smn, m));
        smx = max(smx, __shfl_xor_sync(FULL, smx, m));
        a &= __shfl_xor_sync(FULL, a, m);
        o |= __shfl_xor_sync(FULL, o, m);
        x ^= __shfl_xor_sync(FULL, x, m);
    }
#endif
    if ((threadIdx.x & 31) == 0) {
        unsigned* p = out + (gid >> 5) * 8;
        p[0] = s; p[1] = mn; p[2] = mx; p[3] = (unsigned)smn; p[4] = (unsigned)smx;
        p[5] = a; p[6] = o; p[7] = x;
    }
}

__global__ void matchKernel(const int* keys, unsigned* anyMask, unsigned* allMask)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    int k = keys[gid];
    unsigned m = __match_any_sync(FULL, k);
    int pred;
    unsigned a = __match_all_sync(FULL, k >> 8, &pred);
    anyMask[gid] = m;
    allMask[gid] = a ^ (pred ? 0x80000000u : 0u) ^ (a == 0 ? 1u : 0u);
}

__global__ void partialReduce(const int* in, int* out, int n)
{
    int lane = threadIdx.x & 31;
    if (lane < n) {
        unsigned mask = __activemask();
        int v = in[blockIdx.x * 32 + lane];
        for (int off = 1; off < 32; off <<= 1) {
            int o = __shfl_xor_sync(mask, v, off);
            if ((lane ^ off) < n) v += o;
        }
        if (lane == 0) out[blockIdx.x] = v;
    }
}

__global__ void shflIdxRotate(const long long* in, long long* out, int shift)
{
    int lane = threadIdx.x & 31;
    long long v = in[blockIdx.x * blockDim.x + threadIdx.x];
    long long r = __shfl_sync(FULL, v, (lane + shift) & 31);
    double d = __shfl_sync(FULL, (double)v * 0.5, 31 - lane);
    out[blockIdx.x * blockDim.x + threadIdx.x] = r + (long long)d;
}
