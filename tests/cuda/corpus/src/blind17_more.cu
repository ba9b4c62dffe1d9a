// blind17 (session 17): a second blind corpus, written for gpuisa as an unknown engineer's
// "ordinary nvcc -O3 kernels" (no licence restrictions: written here). Older idioms (a volatile
// warp-synchronous reduction), segmented shuffles, saturating conversions, 64-bit atomics.

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
