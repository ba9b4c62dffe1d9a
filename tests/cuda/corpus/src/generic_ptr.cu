// Generic pointers (issue 11, decisions GA-1, GA-7): a __noinline__ device function receives a
// pointer into shared, local (a per-thread array) or global memory and reads, writes and
// atomically updates it with generic LD / ST / ATOM; __isShared / __isLocal / __isGlobal are QSPC.
__device__ __noinline__ int bump(int *p, int v)
{
    int o = *p;
    *p = o + v;
    return atomicAdd(p, 1) + o;
}

__device__ __noinline__ float loadg(const float *p, int i) { return p[i]; }

extern "C" __global__ void generic_ptr(const int *in, int *out, float *fo, int which)
{
    __shared__ int s[64];
    __shared__ float sf[64];
    int loc[8];
    int t = threadIdx.x;
    s[t] = in[t];
    sf[t] = in[t] * 0.5f;
    for (int k = 0; k < 8; ++k)
        loc[k] = in[(t + k) & 63];
    __syncthreads();
    int *p = (t & 1) ? &s[t] : &loc[t & 7];
    if (which)
        p = &out[64 + t];
    int r = bump(p, t);
    const float *fp = (t & 2) ? sf : fo;
    float f = loadg(fp, t);
    __syncthreads();
    out[t] = r + *p + __isShared(p) * 1000 + __isLocal(p) * 2000 + __isGlobal(p) * 4000;
    fo[64 + t] = f;
}
