#include <cuda_fp16.h>
#include <cuda_bf16.h>
// Forms HeCBench's kernels showed on sm_90 (session 8, D8-1, D8-3, D8-4): a sum clamped to a
// bound held in a uniform register, max(max(a, b), max(c, 0)) of three scores, and conversions
// between half and bfloat16.
__global__ void hec_forms(const unsigned *u, const int *s, const unsigned short *h, const unsigned short *bf,
                          unsigned *o, int *so, unsigned short *ho, int n, unsigned lim, int gap)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    unsigned a = u[i], b = u[(i + 7) % n];
    o[2 * i] = min(a + b, lim);
    o[2 * i + 1] = max(a - b, lim >> 3);
    int x = s[i], y = s[(i + 3) % n], z = s[(i + 5) % n];
    int diag = x + (y == z ? 2 : -1);
    int up = y - gap, left = z - gap;
    so[2 * i] = max(max(diag, up), max(left, 0));
    so[2 * i + 1] = min(min(x, y - gap), z + gap);
    short sx = (short)x, sy = (short)(y >> 3), sz = (short)(z + gap);
    short m = max(sx, sy);
    m = max(m, sz);
    m = max(m, (short)0);
    so[2 * n + i] = m;
    __half hv = __ushort_as_half(h[i]);
    __nv_bfloat16 bv = __ushort_as_bfloat16(bf[i]);
    ho[2 * i] = __bfloat16_as_ushort(__nv_bfloat16(hv));
    ho[2 * i + 1] = __half_as_ushort(__half(bv));
}
