// int10: __int128 and unsigned __int128 arithmetic — add/sub with carries, the full 128-bit
// product, division and remainder by 128-bit, 64-bit and constant divisors (nvcc calls its
// __udivti3-like helper), shifts by variable counts, comparisons and conversions.
typedef __int128 i128;
typedef unsigned __int128 u128;

__device__ __forceinline__ void put(unsigned long long *o, u128 v)
{
    o[0] = (unsigned long long)v;
    o[1] = (unsigned long long)(v >> 64);
}

extern "C" __global__ void int10_i128(const unsigned long long *__restrict__ a, const unsigned long long *__restrict__ b,
                                      unsigned long long *__restrict__ out)
{
    const int t = blockIdx.x * blockDim.x + threadIdx.x;
    const u128 x = ((u128)a[2 * t + 1] << 64) | a[2 * t];
    u128 y = ((u128)b[2 * t + 1] << 64) | b[2 * t];
    if (y == 0)
        y = 3;
    const i128 sx = (i128)x;
    i128 sy = (i128)y;
    if (sy == -1 && sx == ((i128)1 << 127))
        sy = 1;
    const unsigned n = (unsigned)a[2 * t] & 127;
    const unsigned long long y64 = (unsigned long long)y ? (unsigned long long)y : 5;
    unsigned long long *o = out + t * 48;
    put(o + 0, x + y);
    put(o + 2, x - y);
    put(o + 4, x * y);
    put(o + 6, (u128)((i128)(long long)(x >> 64) * (i128)(long long)y));
    put(o + 8, x / y);
    put(o + 10, x % y);
    put(o + 12, (u128)(sx / sy));
    put(o + 14, (u128)(sx % sy));
    put(o + 16, x / y64);
    put(o + 18, x % y64);
    put(o + 20, x / 10u);
    put(o + 22, (u128)(sx / -7));
    put(o + 24, (u128)(sx % 1000000007));
    put(o + 26, x << n);
    put(o + 28, x >> n);
    put(o + 30, (u128)(sx >> n));
    put(o + 32, (u128)(sx >> 100) ^ (x << 64));
    put(o + 34, -x);
    put(o + 36, ~x & (y | 0xf0f0));
    put(o + 38, (u128)((unsigned long long)x) * (unsigned long long)y);
    put(o + 40, (u128)((i128)(long long)x * (long long)y));
    o[42] = (x < y) | (x <= y) << 1 | (x == y) << 2 | (x != y) << 3 | (x > y) << 4 | (x >= y) << 5;
    o[43] = (sx < sy) | (sx <= sy) << 1 | (sx > sy) << 2 | (sx >= sy) << 3 | (sx < 0) << 4 | (x > 0xffffffffffffffffull) << 5;
    o[44] = (unsigned long long)(x >> 64) + (unsigned long long)(sx >> 127);
    o[45] = (unsigned long long)(long long)(sx / ((i128)1 << 70));
    o[46] = (unsigned long long)(x % (((u128)1 << 64) + 0x61));
    o[47] = (unsigned long long)((i128)((u128)sx * 3 - (u128)sy) / 5);
}
