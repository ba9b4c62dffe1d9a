// Image and signal kernels the img16 round left out, written as an application programmer would:
// NV12 (YUV 4:2:0) to RGBA with BT.601 integer coefficients, an integral image (a warp-shuffle scan
// per row chunk carried along the row, then a sequential column pass), 3x3 morphology (erode and
// dilate through a shared tile with clamped borders), a first-order recursive (IIR) filter run
// forwards and backwards along each row, DXT1/BC1 block decoding (565 colours, 2-bit indices, the
// three-colour + transparent mode), bit-plane packing with ballots plus run statistics with
// __popc/__ffs/__clz, and a bf16x2 __hfma2 pipeline.
#include <cuda_bf16.h>

extern "C" __global__ void nv12_rgba(const unsigned char *y, const unsigned char *uv, uchar4 *out, int w, int h)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int r = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= w || r >= h) return;
    int Y = y[r * w + x] - 16;
    int U = uv[(r >> 1) * w + (x & ~1)] - 128;
    int V = uv[(r >> 1) * w + (x & ~1) + 1] - 128;
    int c = 298 * Y;
    int R = (c + 409 * V + 128) >> 8;
    int G = (c - 100 * U - 208 * V + 128) >> 8;
    int B = (c + 516 * U + 128) >> 8;
    out[r * w + x] = make_uchar4(min(max(R, 0), 255), min(max(G, 0), 255), min(max(B, 0), 255), 255);
}

// one warp per row (blockDim = 32 x 4): 32-pixel chunks scanned with shuffles, the total carried on
extern "C" __global__ void integral_rows(const unsigned char *in, unsigned *out, int w, int h)
{
    int row = blockIdx.x * blockDim.y + threadIdx.y;
    int lane = threadIdx.x;
    if (row >= h) return;
    unsigned carry = 0;
    for (int x0 = 0; x0 < w; x0 += 32) {
        int x = x0 + lane;
        unsigned v = x < w ? in[row * w + x] : 0;
        for (int d = 1; d < 32; d <<= 1) {
            unsigned t = __shfl_up_sync(0xffffffffu, v, d);
            if (lane >= d) v += t;
        }
        if (x < w) out[row * w + x] = carry + v;
        carry += __shfl_sync(0xffffffffu, v, 31);
    }
}

extern "C" __global__ void integral_cols(unsigned *img, int w, int h)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    if (x >= w) return;
    unsigned s = 0;
    for (int r = 0; r < h; ++r) {
        s += img[r * w + x];
        img[r * w + x] = s;
    }
}

extern "C" __global__ void morph3(const unsigned char *in, unsigned char *ero, unsigned char *dil, int w, int h)
{
    __shared__ unsigned char tile[18][18];
    int tx = threadIdx.x, ty = threadIdx.y;
    int x = blockIdx.x * 16 + tx, y = blockIdx.y * 16 + ty;
    for (int i = ty * 16 + tx; i < 18 * 18; i += 256) {
        int gy = min(max((int)blockIdx.y * 16 + i / 18 - 1, 0), h - 1);
        int gx = min(max((int)blockIdx.x * 16 + i % 18 - 1, 0), w - 1);
        tile[i / 18][i % 18] = in[gy * w + gx];
    }
    __syncthreads();
    if (x >= w || y >= h) return;
    unsigned char mn = 255, mx = 0;
#pragma unroll
    for (int dy = 0; dy < 3; ++dy)
#pragma unroll
        for (int dx = 0; dx < 3; ++dx) {
            unsigned char v = tile[ty + dy][tx + dx];
            mn = min(mn, v);
            mx = max(mx, v);
        }
    ero[y * w + x] = mn;
    dil[y * w + x] = mx;
}

// y[i] = a x[i] + b y[i-1] forwards, then the same backwards added in place
extern "C" __global__ void iir_rows(const float *in, float *out, int w, int h, float a, float b)
{
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= h) return;
    const float *x = in + r * w;
    float *o = out + r * w;
    float yp = 0.f;
    for (int i = 0; i < w; ++i) {
        yp = __fmaf_rn(b, yp, a * x[i]);
        o[i] = yp;
    }
    yp = 0.f;
    for (int i = w - 1; i >= 0; --i) {
        yp = __fmaf_rn(b, yp, a * x[i]);
        o[i] = __fadd_rn(o[i], yp);
    }
}

__device__ __forceinline__ void rgb565(unsigned c, int &r, int &g, int &b)
{
    r = ((c >> 11) & 31) * 255 / 31;
    g = ((c >> 5) & 63) * 255 / 63;
    b = (c & 31) * 255 / 31;
}

// one thread per pixel; bw blocks of 4x4 per row of blocks
extern "C" __global__ void dxt1_decode(const uint2 *blocks, uchar4 *out, int bw)
{
    int X = blockIdx.x * blockDim.x + threadIdx.x;
    int Y = blockIdx.y * blockDim.y + threadIdx.y;
    uint2 blk = blocks[(Y >> 2) * bw + (X >> 2)];
    unsigned c0 = blk.x & 0xffff, c1 = blk.x >> 16;
    unsigned idx = (blk.y >> (2 * ((Y & 3) * 4 + (X & 3)))) & 3;
    int r0, g0, b0, r1, g1, b1, r, g, b, a = 255;
    rgb565(c0, r0, g0, b0);
    rgb565(c1, r1, g1, b1);
    if (c0 > c1) {
        switch (idx) {
        case 0: r = r0; g = g0; b = b0; break;
        case 1: r = r1; g = g1; b = b1; break;
        case 2: r = (2 * r0 + r1) / 3; g = (2 * g0 + g1) / 3; b = (2 * b0 + b1) / 3; break;
        default: r = (r0 + 2 * r1) / 3; g = (g0 + 2 * g1) / 3; b = (b0 + 2 * b1) / 3; break;
        }
    } else {
        switch (idx) {
        case 0: r = r0; g = g0; b = b0; break;
        case 1: r = r1; g = g1; b = b1; break;
        case 2: r = (r0 + r1) / 2; g = (g0 + g1) / 2; b = (b0 + b1) / 2; break;
        default: r = g = b = 0; a = 0; break;
        }
    }
    out[Y * (bw * 4) + X] = make_uchar4(r, g, b, a);
}

// plane k of 32 consecutive pixels is one word; per word: transitions, top set bit, longest run of ones
extern "C" __global__ void bitplanes(const unsigned char *in, unsigned *planes, unsigned *runs, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int lane = threadIdx.x & 31;
    int word = i >> 5;
    unsigned v = i < n ? in[i] : 0;
    for (int k = 0; k < 8; ++k) {
        unsigned bits = __ballot_sync(0xffffffffu, (v >> k) & 1);
        if (lane == k) {
            planes[word * 8 + k] = bits;
            unsigned t = __popc(bits ^ (bits >> 1));
            unsigned top = bits ? 31 - __clz(bits) : 0xff;
            unsigned rest = bits;
            int longest = 0;
            while (rest) {
                int s = __ffs(rest) - 1;
                unsigned z = ~(rest >> s);
                int len = z ? __ffs(z) - 1 : 32 - s;
                longest = max(longest, len);
                rest = (s + len >= 32) ? 0u : rest & (0xffffffffu << (s + len));
            }
            runs[word * 8 + k] = (t << 16) | (top << 8) | longest;
        }
    }
}

extern "C" __global__ void bf16_pipe(const __nv_bfloat162 *a, const __nv_bfloat162 *b, __nv_bfloat162 *out, int n, float s)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    __nv_bfloat162 x = a[i], y = b[i];
#if __CUDA_ARCH__ >= 800
    __nv_bfloat162 acc = __hfma2(x, y, __float2bfloat162_rn(s));
    acc = __hfma2(acc, acc, __hneg2(x));
    acc = __hmax2(acc, __float2bfloat162_rn(-4.0f));
    out[i] = __hmul2(acc, y);
#else   // sm_75 has no bf16 arithmetic: the same steps in float, rounded to bf16 after each
    float2 xf = __bfloat1622float2(x), yf = __bfloat1622float2(y);
    float sb = __bfloat162float(__float2bfloat16_rn(s));
    float lo = __bfloat162float(__float2bfloat16_rn(fmaf(xf.x, yf.x, sb)));
    float hi = __bfloat162float(__float2bfloat16_rn(fmaf(xf.y, yf.y, sb)));
    lo = __bfloat162float(__float2bfloat16_rn(fmaf(lo, lo, -xf.x)));
    hi = __bfloat162float(__float2bfloat16_rn(fmaf(hi, hi, -xf.y)));
    lo = fmaxf(lo, -4.0f);
    hi = fmaxf(hi, -4.0f);
    out[i] = __floats2bfloat162_rn(lo * yf.x, hi * yf.y);
#endif
}
