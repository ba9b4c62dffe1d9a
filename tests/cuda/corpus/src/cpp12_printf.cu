// cpp12: device printf with every conversion (widths, precisions, flags, length modifiers, %a) and assert
#include <cstdio>
#include <cassert>
extern "C" __global__ void pf_kinds(const int *in, float f, double d, long long big)
{
    int t = threadIdx.x;
    int x = in[t];
    unsigned u = (unsigned)x * 2654435761u;
    printf("t=%d u=%u x=%x X=%08X o=%o ld=%ld lld=%lld llu=%llu\n", t, u, x, u, t, (long)x * 3, big - x, (unsigned long long)big * t);
    printf("f=%f e=%e g=%g E=%.3E G=%10.4g w=[%8.2f] l=[%-8.1f] +=%+d sp=% d\n", f * t, d * x, d / (t + 1), f, (double)x * 1e-7, -f, f, x, t);
    printf("s=%s %.3s c=%c%c pc=%% a=%a #x=%#x #o=%#o hd=%hd hhd=%hhd hu=%hu *=[%*d] .*=[%.*f]\n", "hello", "world", 'A' + t, t + '0', 1.5 * (t + 1), x, t, x, x, x, 6, t, 2, d);
    printf("p=%p w=[%10p] l=[%-7p] s=%s\n", (void *)0, (void *)(0x1234ull + t), (void *)0, (const char *)0);
}
extern "C" __global__ void pf_assert(const int *in, int *out, int n)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    assert(t < n || in[t] >= 0);
    out[t] = in[t] * 2;
}
