// Session 13, direction mem13: local memory, generic pointers, MATCH at batch width (decisions D13-M-*).
// Local arrays indexed at run time (every width: .U8/.S8/.S16/32/.64/.128), a recursive device
// function (its stack frames), a generic pointer to shared, local or global memory, generic atomics,
// __match_any_sync/__match_all_sync on 32 and 64 bits.
extern "C" __global__ void mem13_localarr(const int *in, int *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    int a[64];
    for (int k = 0; k < 64; ++k) a[k] = in[(i + k) % n] ^ k;
    int s = 0;
    for (int k = 0; k < 8; ++k) s += a[(in[i] * (k + 3)) & 63];
    out[i] = s;
}

extern "C" __global__ void mem13_subword(const int *in, int *out, long long *out64, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    signed char c[48];
    short h[40];
    unsigned char u[36];
    long long q[20];
    double d[12];
    int v = in[i];
    for (int k = 0; k < 48; ++k) c[k] = (signed char)(v * (k + 1) + k);
    for (int k = 0; k < 40; ++k) h[k] = (short)(v * 131 - k * 977);
    for (int k = 0; k < 36; ++k) u[k] = (unsigned char)(v + k * 7);
    for (int k = 0; k < 20; ++k) q[k] = (long long)v * (k + 1000003LL) - k;
    for (int k = 0; k < 12; ++k) d[k] = (double)v * 0.5 + k;
    int j = v & 31;
    int s = c[(j * 5) % 48] + c[(v >> 3) % 48 < 0 ? 0 : (v >> 3) % 48] + h[(j * 3) % 40] + u[(j * 7) % 36];
    long long t = q[j % 20] + q[(j * 3 + 1) % 20];
    double e = d[j % 12] * d[(j + 5) % 12];
    out[i] = s;
    out64[2 * i] = t;
    out64[2 * i + 1] = (long long)e;
}

struct P4 { float x, y, z, w; };
extern "C" __global__ void mem13_vec128(const float4 *in, float *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    P4 a[16];
    for (int k = 0; k < 16; ++k) { float4 f = in[(i + k) % n]; a[k] = {f.x, f.y + k, f.z, f.w * 2.0f}; }
    int j = __float_as_int(in[i].x) & 15;
    P4 b = a[j], c = a[(j * 7) & 15];
    out[i] = b.x + b.y + b.z + b.w - (c.x * c.w);
}

__device__ __noinline__ int mem13_walk(const int *t, int v, int d)
{
    if (d == 0 || v < 0) return v;
    int l = mem13_walk(t, t[v & 255] - 1, d - 1);
    return l + (v & 7) + mem13_walk(t, (v >> 1) & 255, d - 1) ;
}
extern "C" __global__ void mem13_recur(const int *t, int *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    out[i] = mem13_walk(t, t[i & 255], (i & 3) + 2);
}

__device__ __noinline__ void mem13_bump_genptr(int *p, int k, int v) { p[k] += v; }
extern "C" __global__ void mem13_genptr(const int *in, int *out, int n)
{
    __shared__ int sh[256];
    int loc[16];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int t = threadIdx.x;
    sh[t] = 0;
    for (int k = 0; k < 16; ++k) loc[k] = k;
    __syncthreads();
    int v = i < n ? in[i] : 0;
    int *p = (v & 1) ? sh : (v & 2) ? loc : out + blockIdx.x * blockDim.x;
    int k = (v & 2) && !(v & 1) ? (v >> 2) & 15 : t;
    mem13_bump_genptr(p, k, v);
    __syncthreads();
    int s = 0;
    for (int k2 = 0; k2 < 16; ++k2) s += loc[k2];
    if (i < n) out[i] += sh[t] * 3 + s;
}

__device__ __noinline__ int mem13_bump_genatom(int *p, int v) { return atomicAdd(p, v); }
__device__ __noinline__ int mem13_swapif(int *p, int cmp, int v) { return atomicCAS(p, cmp, v); }
extern "C" __global__ void mem13_genatom(const int *in, int *cnt, int *out, int n)
{
    __shared__ int bins[8];
    int t = threadIdx.x;
    if (t < 8) bins[t] = 0;
    __syncthreads();
    int i = blockIdx.x * blockDim.x + t;
    int v = i < n ? in[i] : 0;
    int *p = (v & 1) ? &bins[v & 7] : &cnt[(v >> 1) & 7];
    int old = mem13_bump_genatom(p, 1);
    int c = mem13_swapif(p, -1, old + 100);
    __syncthreads();
    if (t < 8) atomicAdd(&cnt[8 + t], bins[t]);
    if (i < n) out[i] = (old >= 0) + (c >= 0);
}

extern "C" __global__ void mem13_matchk(const int *in, unsigned *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int v = i < n ? in[i] : -1;
    unsigned any = __match_any_sync(0xffffffffu, v & 15);
    int pred;
    unsigned all = __match_all_sync(0xffffffffu, v >> 8, &pred);
    unsigned long long w = (unsigned long long)(v & 3) << 40;
    unsigned any64 = __match_any_sync(0xffffffffu, w);
    if (i < n) out[i] = any ^ (all * 3u) ^ (pred ? 0x80000000u : 0) ^ (any64 << 1);
}

