// int10: integer division and remainder of every width and signedness, by constants of every
// class nvcc treats differently (powers of two, negative powers of two, magic numbers with and
// without the add fix-up, divisors above half the range, INT_MIN) and by run-time values
// (including -1 and 1; 0 and INT_MIN / -1 are avoided), and 64-bit values divided by 32-bit ones.
#include <climits>

#define QR(T, v, d) (unsigned long long)(T)((T)(v) / (T)(d)), (unsigned long long)(T)((T)(v) % (T)(d))

extern "C" __global__ void int10_div_const(const long long *__restrict__ a, unsigned long long *__restrict__ out)
{
    const int t = blockIdx.x * blockDim.x + threadIdx.x;
    const long long V = a[t];
    const unsigned long long U = (unsigned long long)V;
    const int s = (int)V;
    const unsigned u = (unsigned)V;
    const unsigned long long r[] = {
        QR(unsigned, u, 3u), QR(unsigned, u, 7u), QR(unsigned, u, 10u), QR(unsigned, u, 641u), QR(unsigned, u, 1000000u),
        QR(unsigned, u, 0x7fffffffu), QR(unsigned, u, 0x80000000u), QR(unsigned, u, 0x80000001u), QR(unsigned, u, 0xfffffffeu),
        QR(unsigned, u, 0xffffffffu), QR(unsigned, u, 1u << 17), QR(unsigned, u, 3u << 10), QR(unsigned, u, 25u), QR(unsigned, u, 125u),
        QR(int, s, 3), QR(int, s, 7), QR(int, s, -3), QR(int, s, -7), QR(int, s, 16), QR(int, s, -16), QR(int, s, 6),
        QR(int, s, 1000), QR(int, s, INT_MAX), QR(int, s, INT_MIN), QR(int, s, -1000000007), QR(int, s, 1 << 30),
        QR(long long, V, 3), QR(long long, V, 7), QR(long long, V, -10), QR(long long, V, 1000000007LL), QR(long long, V, 1LL << 40),
        QR(long long, V, -(1LL << 33)), QR(long long, V, LLONG_MIN), QR(long long, V, LLONG_MAX), QR(long long, V, 0x100000001LL),
        QR(unsigned long long, U, 3ull), QR(unsigned long long, U, 10ull), QR(unsigned long long, U, 7ull),
        QR(unsigned long long, U, 0x8000000000000000ull), QR(unsigned long long, U, 0xffffffffffffffffull),
        QR(unsigned long long, U, 0x8000000000000001ull), QR(unsigned long long, U, 1000000000000ull), QR(unsigned long long, U, 1ull << 35),
        QR(short, s, 3), QR(short, s, -7), QR(short, s, 100), QR(unsigned short, u, 3), QR(unsigned short, u, 1000),
        QR(signed char, s, 3), QR(signed char, s, -5), QR(unsigned char, u, 7), QR(unsigned char, u, 100),
        (unsigned long long)((short)s / 3 + (signed char)s % -3)};
    constexpr int N = sizeof(r) / sizeof(r[0]);
#pragma unroll
    for (int k = 0; k < N; ++k)
        out[t * N + k] = r[k];
}

extern "C" __global__ void int10_div_var(const long long *__restrict__ a, const long long *__restrict__ b,
                                         unsigned long long *__restrict__ out)
{
    const int t = blockIdx.x * blockDim.x + threadIdx.x;
    const long long V = a[t];
    long long D = b[t];
    if (D == 0)
        D = 1;
    if (V == LLONG_MIN && D == -1)
        D = 1;
    const unsigned long long U = (unsigned long long)V, E = (unsigned long long)D;
    const int s = (int)V;
    int d = (int)D;
    if (d == 0 || (s == INT_MIN && d == -1))
        d = 1;
    const unsigned u = (unsigned)V, e = (unsigned)d;
    short hs = (short)s, hd = (short)d;
    if (hd == 0)
        hd = 1;
    signed char cs = (signed char)s, cd = (signed char)d;
    if (cd == 0)
        cd = 1;
    const unsigned e32 = (unsigned)E ? (unsigned)E : 7u;
    const unsigned long long r[] = {
        QR(unsigned, u, e), QR(int, s, d), QR(long long, V, D), QR(unsigned long long, U, E),
        QR(unsigned long long, U, e32), QR(long long, V, (int)(e32 >> 1 | 1)), QR(unsigned long long, U >> 20, e),
        QR(short, hs, hd), QR(unsigned short, (unsigned short)hs, (unsigned short)hd), QR(signed char, cs, cd),
        QR(unsigned char, (unsigned char)cs, (unsigned char)cd), QR(int, s | 1, -1), QR(long long, V | 1, -1)};
    constexpr int N = sizeof(r) / sizeof(r[0]);
#pragma unroll
    for (int k = 0; k < N; ++k)
        out[t * N + k] = r[k];
}
