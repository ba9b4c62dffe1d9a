// second-author style: CUDA 13's 32-byte aligned vector types (256-bit loads and stores on sm_100+)
typedef unsigned long long u64;

extern "C" __global__ void vec32(const double4_32a *a, ulonglong4_32a *b, longlong4_32a *c, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        double4_32a x = a[i];
        ulonglong4_32a y = b[i];
        y.x += (u64)x.x; y.y ^= (u64)x.y; y.z -= (u64)x.z; y.w *= (u64)x.w;
        b[i] = y;
        longlong4_32a z = c[i];
        z.x = -z.x; z.w = z.y + z.z;                 // z.w is not read: the load's word mask is 0x3f
        c[i] = z;
    }
}

extern "C" __global__ void vec32_sum(const double4_32a *__restrict__ a, double4_32a *__restrict__ o, double s, int n)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
        double4_32a v = a[i], w = a[n - 1 - i];
        double4_32a r;
        r.x = v.x * s + w.w; r.y = v.y - w.z; r.z = v.z + w.y; r.w = v.w * w.x;
        o[i] = r;
    }
}
