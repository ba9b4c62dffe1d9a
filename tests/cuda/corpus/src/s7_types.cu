// second-author style: narrow element types, vector types, structs, bools, size_t/long long indexing
#include <cstdint>
typedef unsigned char u8;
typedef signed char s8;

struct __align__(8) Rec { s8 tag; short s; int i; long long ll; float f; double d; };

extern "C" __global__ void bytes_mix(const u8 *__restrict__ ua, const s8 *__restrict__ sa, short *out, u8 *out8, unsigned n)
{
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    u8 u = __ldg(ua + i);
    s8 s = sa[i];
    out[i] = (short)(u * 3 - s * 5);
    out8[i] = (u8)(u ^ (u8)s) + (u8)(s >> 2);
}

extern "C" __global__ void uchar4_bright(const uchar4 *px, uchar4 *o, int n, int gain)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
        uchar4 p = px[i];
        int r = min(255, max(0, p.x + gain)), g = min(255, max(0, p.y - gain));
        int b = min(255, (p.z * 3) >> 1);
        o[i] = make_uchar4((u8)r, (u8)g, (u8)b, p.w);
    }
}

extern "C" __global__ void short2_swap(const short2 *v, short2 *sw, int *sum, unsigned short *us, int n)
{
    int i = threadIdx.x + blockDim.x * blockIdx.x;
    if (i < n) {
        short2 a = v[i];
        sw[i] = make_short2(a.y, a.x);
        sum[i] = a.x + a.y;
        us[i] = (unsigned short)a.x * (unsigned short)a.y;
    }
}

extern "C" __global__ void double2_axpy(const double2 *__restrict__ x, double2 *__restrict__ y, double a, long long n)
{
    long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        double2 xv = x[i], yv = y[i];
        yv.x = a * xv.x + yv.x;
        yv.y = a * xv.y - yv.y;
        y[i] = yv;
    }
}

extern "C" __global__ void rec_update(Rec *r, long long *ll_out, double *d_out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    Rec x = r[i];
    x.ll += (long long)x.i * x.s - x.tag;
    x.d = x.d * 2.0 + x.f;
    x.f = x.f + (float)x.tag;
    x.s = (short)(x.s + x.tag);
    x.tag = (s8)(x.tag ^ 0x55);
    r[i] = x;
    ll_out[i] = x.ll;
    d_out[i] = x.d;
}

extern "C" __global__ void bool_flags(const bool *in, bool *out, int *counts, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    bool f = i < n && in[i];
    int c = __syncthreads_count(f);
    int a = __syncthreads_and(f || i >= n);
    int o = __syncthreads_or(f && (i & 7) == 3);
    if (i < n) out[i] = !f ^ (i % 3 == 0);
    if (threadIdx.x == 0) { counts[3 * blockIdx.x] = c; counts[3 * blockIdx.x + 1] = a; counts[3 * blockIdx.x + 2] = o; }
}

extern "C" __global__ void ll_stride(const long long *a, long long *o, size_t n)
{
    for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x)
        o[i] = a[i] * (long long)i - (a[i] >> 3) + (long long)(i & 5);
}

extern "C" __global__ void int4_rev(const int4 *base, int4 *out, int n)
{
    const int4 *p = base + n - 1;
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        int4 v = p[-i];
        out[i] = make_int4(v.w, v.z - v.x, v.y, -v.x);
    }
}

extern "C" __global__ void ushort_u64(const unsigned short *h, const unsigned long long *w, unsigned long long *o, unsigned *o32, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        unsigned long long x = w[i] + h[i];
        o[i] = (x << (h[i] & 63)) | (x >> 60);
        o32[i] = (unsigned)(x >> 32) * h[i] + (unsigned)x;
    }
}
