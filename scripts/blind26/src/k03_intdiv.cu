#include <stdint.h>
extern "C" __global__ void intdiv_mix(const uint32_t* ua, const uint32_t* ub, const int32_t* sa, const int32_t* sb,
    const uint64_t* la, const uint64_t* lb, const int64_t* qa, const int64_t* qb,
    uint32_t* o32, uint64_t* o64, int n, int dconst)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    uint32_t a = ua[i], b = ub[i];
    int32_t s = sa[i], t = sb[i];
    uint64_t x = la[i], y = lb[i];
    int64_t p = qa[i], q = qb[i];
    o32[i * 8 + 0] = a / b;
    o32[i * 8 + 1] = a % b;
    o32[i * 8 + 2] = (uint32_t)(s / t);
    o32[i * 8 + 3] = (uint32_t)(s % t);
    o32[i * 8 + 4] = (uint32_t)(s / dconst) ^ (uint32_t)(s % 7);
    o32[i * 8 + 5] = a / 13u + a % 1000u;
    o32[i * 8 + 6] = (uint32_t)(s / -5);
    o32[i * 8 + 7] = (uint32_t)((int)(a >> 1) % dconst);
    o64[i * 6 + 0] = x / y;
    o64[i * 6 + 1] = x % y;
    o64[i * 6 + 2] = (uint64_t)(p / q);
    o64[i * 6 + 3] = (uint64_t)(p % q);
    o64[i * 6 + 4] = x / 1000000007ull + (uint64_t)(p / -3ll);
    o64[i * 6 + 5] = (uint64_t)(p % (int64_t)dconst) + x % 10ull;
}
