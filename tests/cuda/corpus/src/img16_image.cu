// img16 (session 16): image-processing kernels as tutorials write them (uchar4 RGBA, shared tiles
// with halos, sorting-network median, census transform + popc Hamming, shared histogram, __constant__
// gamma LUT, int16 audio mixing with saturation); written for gpuisa's corpus (public domain).
#include <stdint.h>
#define TILE 16
__constant__ unsigned char c_gamma[256];

extern "C" __global__ void rgba_gray_gamma(const uchar4* __restrict__ in, unsigned char* out, int w, int h) {
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= w || y >= h) return;
    uchar4 p = in[y * w + x];
    unsigned g = (77u * p.x + 150u * p.y + 29u * p.z + 128u) >> 8;
    out[y * w + x] = c_gamma[g];
}

extern "C" __global__ void sobel_tile(const unsigned char* __restrict__ in, unsigned char* out, int w, int h) {
    __shared__ unsigned char t[TILE + 2][TILE + 2];
    int tx = threadIdx.x, ty = threadIdx.y;
    int x0 = blockIdx.x * TILE - 1, y0 = blockIdx.y * TILE - 1;
    for (int j = ty; j < TILE + 2; j += TILE)
        for (int i = tx; i < TILE + 2; i += TILE) {
            int gx = min(max(x0 + i, 0), w - 1), gy = min(max(y0 + j, 0), h - 1);
            t[j][i] = in[gy * w + gx];
        }
    __syncthreads();
    int x = blockIdx.x * TILE + tx, y = blockIdx.y * TILE + ty;
    if (x >= w || y >= h) return;
    int a = tx + 1, b = ty + 1;
    int gx = -t[b-1][a-1] - 2*t[b][a-1] - t[b+1][a-1] + t[b-1][a+1] + 2*t[b][a+1] + t[b+1][a+1];
    int gy = -t[b-1][a-1] - 2*t[b-1][a] - t[b-1][a+1] + t[b+1][a-1] + 2*t[b+1][a] + t[b+1][a+1];
    out[y * w + x] = (unsigned char)min(abs(gx) + abs(gy), 255);
}

#define S2(a, b) { unsigned char lo = min(a, b), hi = max(a, b); a = lo; b = hi; }
extern "C" __global__ void median3x3(const unsigned char* __restrict__ in, unsigned char* out, int w, int h) {
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= w || y >= h) return;
    unsigned char v[9];
    #pragma unroll
    for (int k = 0; k < 9; k++) {
        int xx = min(max(x + k % 3 - 1, 0), w - 1), yy = min(max(y + k / 3 - 1, 0), h - 1);
        v[k] = __ldg(in + yy * w + xx);
    }
    S2(v[1], v[2]); S2(v[4], v[5]); S2(v[7], v[8]); S2(v[0], v[1]); S2(v[3], v[4]); S2(v[6], v[7]);
    S2(v[1], v[2]); S2(v[4], v[5]); S2(v[7], v[8]); S2(v[0], v[3]); S2(v[5], v[8]); S2(v[4], v[7]);
    S2(v[3], v[6]); S2(v[1], v[4]); S2(v[2], v[5]); S2(v[4], v[7]); S2(v[4], v[2]); S2(v[6], v[4]);
    S2(v[4], v[2]);
    out[y * w + x] = v[4];
}

extern "C" __global__ void census_hamming(const unsigned char* __restrict__ l, const unsigned char* __restrict__ r,
                                          unsigned short* cost, int w, int h, int maxd) {
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y;
    if (x >= w) return;
    auto census = [&](const unsigned char* im, int cx) {
        unsigned long long c = 0; unsigned char m = im[y * w + cx];
        for (int dy = -2; dy <= 2; dy++)
            for (int dx = -3; dx <= 3; dx++) {
                int xx = min(max(cx + dx, 0), w - 1), yy = min(max(y + dy, 0), h - 1);
                c = (c << 1) | (im[yy * w + xx] < m);
            }
        return c;
    };
    unsigned long long cl = census(l, x);
    for (int d = 0; d < maxd; d++) {
        int xr = max(x - d, 0);
        cost[(y * w + x) * maxd + d] = (unsigned short)__popcll(cl ^ census(r, xr));
    }
}

extern "C" __global__ void hist256_shared(const unsigned* __restrict__ data, unsigned* hist, int nwords) {
    __shared__ unsigned sh[256];
    for (int i = threadIdx.x; i < 256; i += blockDim.x) sh[i] = 0;
    __syncthreads();
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < nwords; i += gridDim.x * blockDim.x) {
        unsigned v = data[i];
        atomicAdd(&sh[v & 0xff], 1u); atomicAdd(&sh[(v >> 8) & 0xff], 1u);
        atomicAdd(&sh[(v >> 16) & 0xff], 1u); atomicAdd(&sh[v >> 24], 1u);
    }
    __syncthreads();
    for (int i = threadIdx.x; i < 256; i += blockDim.x) if (sh[i]) atomicAdd(hist + i, sh[i]);
}

extern "C" __global__ void audio_mix(const short2* __restrict__ a, const short2* __restrict__ b, short2* o,
                                     int n, int ga, int gb) {
    int i = blockIdx.x * blockDim.x + threadIdx.x; if (i >= n) return;
    short2 x = a[i], y = b[i];
    int l = (x.x * ga + y.x * gb) >> 8, r = (x.y * ga + y.y * gb) >> 8;
    o[i] = make_short2((short)min(max(l, -32768), 32767), (short)min(max(r, -32768), 32767));
}

extern "C" __global__ void rgb_to_yuv_bilinear(const uchar4* __restrict__ in, unsigned char* yp, int w, int h,
                                               int ow, int oh) {
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= ow || y >= oh) return;
    float fx = (x + 0.5f) * w / ow - 0.5f, fy = (y + 0.5f) * h / oh - 0.5f;
    int x0 = max((int)floorf(fx), 0), y0 = max((int)floorf(fy), 0);
    int x1 = min(x0 + 1, w - 1), y1 = min(y0 + 1, h - 1);
    float ax = fx - floorf(fx), ay = fy - floorf(fy);
    if (fx < 0) ax = 0; if (fy < 0) ay = 0;
    float4 acc = make_float4(0, 0, 0, 0);
    uchar4 p[4] = {in[y0 * w + x0], in[y0 * w + x1], in[y1 * w + x0], in[y1 * w + x1]};
    float wt[4] = {(1 - ax) * (1 - ay), ax * (1 - ay), (1 - ax) * ay, ax * ay};
    for (int k = 0; k < 4; k++) { acc.x += wt[k] * p[k].x; acc.y += wt[k] * p[k].y; acc.z += wt[k] * p[k].z; }
    float Y = 0.299f * acc.x + 0.587f * acc.y + 0.114f * acc.z;
    yp[y * ow + x] = (unsigned char)__float2uint_rn(__saturatef(Y / 255.0f) * 255.0f);
}
