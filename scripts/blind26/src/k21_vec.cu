#include <stdint.h>
struct Cfg { int scale; float bias; short off; char tag; };
__constant__ int ctab[64];
__device__ unsigned long long dcounter;
extern "C" __global__ void vec_bytes(const char4* c4, const float4* f4, const double2* d2, const uint8_t* bytes,
                                     Cfg cfg, int* oi, float4* of, double* od, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x + (blockIdx.y * gridDim.x * blockDim.x);
    if (i >= n) return;
    char4 c = c4[i];
    float4 v = f4[i];
    double2 w = d2[i];
    int dp = __dp4a(*(const int*)&c4[i], (int)0x01FF7F80, cfg.scale);
    unsigned dpu = __dp2a_lo((unsigned)(*(const int*)&c4[i]), (unsigned)(i * 0x10001), 5u);
    uint16_t sh = *(const uint16_t*)(bytes + 2 * ((i * 3) & 63));
    uint8_t b3 = bytes[3 * i + 1];
    oi[i * 6 + 0] = c.x * c.y + c.z - c.w;
    oi[i * 6 + 1] = dp;
    oi[i * 6 + 2] = (int)dpu;
    oi[i * 6 + 3] = (int)sh * (signed char)b3 + cfg.off + cfg.tag;
    oi[i * 6 + 4] = ctab[(unsigned)(c.x + 128) & 63] ^ ctab[i & 63];
    oi[i * 6 + 5] = (int)atomicAdd(&dcounter, (unsigned long long)(c.y & 0xff)) & 0;  // value order-dependent; store 0
    float4 o;
    o.x = v.x * cfg.bias; o.y = v.y + cfg.bias; o.z = v.w; o.w = (float)cfg.scale;
    of[i] = o;
    od[i * 2 + 0] = w.x + w.y;
    od[i * 2 + 1] = w.x * (double)cfg.bias;
}
