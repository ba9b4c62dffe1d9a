#include <stdint.h>
__device__ __forceinline__ uint64_t mulmod(uint64_t a, uint64_t b, uint64_t m)
{
    unsigned __int128 p = (unsigned __int128)a * b;
    return (uint64_t)(p % m);
}
extern "C" __global__ void i128_math(const uint64_t* a, const uint64_t* b, const uint64_t* m, uint64_t* out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    uint64_t x = a[i], y = b[i], mod = m[i];
    // modular exponentiation x^y mod mod (y limited to 16 bits)
    uint64_t base = x % mod, r = 1 % mod, e = y & 0xffff;
    while (e) {
        if (e & 1) r = mulmod(r, base, mod);
        base = mulmod(base, base, mod);
        e >>= 1;
    }
    __int128 s = (__int128)(int64_t)x * (int64_t)y;
    __int128 q = s / (__int128)(int64_t)(mod | 1);
    out[i * 5 + 0] = r;
    out[i * 5 + 1] = (uint64_t)q;
    out[i * 5 + 2] = (uint64_t)(q >> 64);
    unsigned __int128 u = ((unsigned __int128)x << 64) | y;
    out[i * 5 + 3] = (uint64_t)(u / (mod | 0x100000000ull));
    // PCG-style LCG step with 64-bit wrap
    uint64_t st = x;
    for (int k = 0; k < (int)(y & 7); ++k) st = st * 6364136223846793005ull + 1442695040888963407ull;
    uint32_t xs = (uint32_t)(((st >> 18) ^ st) >> 27), rot = (uint32_t)(st >> 59);
    out[i * 5 + 4] = (uint64_t)((xs >> rot) | (xs << ((-rot) & 31))) | (st & 0xffffffff00000000ull);
}
