// second-author style: 64-bit index math on kernel parameters (the uniform datapath: UIMAD carry
// chains, UISETP.S64, UIMNMX.U64/.S64 on sm_120), size_t grid-stride loops with an offset
typedef long long i64;
typedef unsigned long long u64;

extern "C" __global__ void u64_params(const int *in, i64 *out, i64 base, u64 stride, i64 n, int k)
{
    i64 i = base + (i64)blockIdx.x * blockDim.x + threadIdx.x;
    u64 q = (u64)n / stride, r = (u64)n % stride;
    i64 s = n / (i64)k, t = n % 3, u = (n << 3) >> (k & 15), v = n * n - base;
    i64 w = (base > n) ? base : n, x = llabs(base - n), y = (i64)((u64)base >> 40) | (n & 0xffff0000ffffLL);
    u64 z = max((u64)base, stride) + (u64)min(base, n) + (u64)n * 0x5555555555555555ULL + (u64)base / 3;
    i64 idx = i - base;
    if (idx < 0 || idx >= 64) return;
    i64 m = (i * 3) % n;
    out[8 * idx + 0] = in[m] + q;
    out[8 * idx + 1] = r + s + t;
    out[8 * idx + 2] = u + v;
    out[8 * idx + 3] = w ^ x;
    out[8 * idx + 4] = y + __popcll(n) + __clzll(base);
    out[8 * idx + 5] = (i64)z;
    out[8 * idx + 6] = (i64)(((u64)base * stride) >> 7) + (i64)__umul64hi((u64)n, stride);
    out[8 * idx + 7] = i * base - (i64)stride * k;
}

extern "C" __global__ void size_t_offset(const float *a, float *b, size_t n, size_t off)
{
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x + off; i < n; i += (size_t)blockDim.x * gridDim.x)
        b[i - off] = a[i] * 2.0f + (float)(i % 7);
}
