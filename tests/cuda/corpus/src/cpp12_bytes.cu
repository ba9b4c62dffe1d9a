// nvcc-flags: -std=c++17
// cpp12: memcpy/memset with runtime lengths at unaligned offsets, an unaligned int and a 10-byte struct
// read from bytes, a variable template and a namespaced __device__ array updated with atomics
#include <cstring>
namespace stats { template <class T> __device__ T total; }   // a variable template
namespace cfg { __device__ int hits[4]; }
struct Odd { char a; short b; char c[5]; };   // 10 bytes, align 2
extern "C" __global__ void bytes_k(const unsigned char *src, unsigned char *dst, int *out, int n)
{
    int t = threadIdx.x;
    int len = (t % 7) + 1;
    unsigned char buf[24];
    memset(buf, 0xA5, sizeof(buf));
    memcpy(buf + (t & 3), src + t, len);            // runtime length, unaligned offsets
    memcpy(dst + 24 * t, buf, 24);
    int v;
    memcpy(&v, buf + 1, 4);                         // an unaligned int from bytes
    out[2 * t] = v;
    Odd o;
    memcpy(&o, src + 2 * t, sizeof(Odd));
    out[2 * t + 1] = o.a + o.b * 3 + o.c[4];
    atomicAdd(&stats::total<int>, len);
    atomicAdd(&cfg::hits[t & 3], 1);
}
