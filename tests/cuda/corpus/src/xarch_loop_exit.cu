// A strided dot product of halves with an 8-wide body and a scalar tail, then a warp reduction.
// ptxas for sm_80..sm_89 leaves the loop with `@P0 CALL.REL.NOINC .L_x` (a jump, never returned
// from), and the lanes whose first offset is already past n skip the loop: the model's call depth
// told the two groups apart at the BSYNC after the loop and the warp deadlocked at the shuffles'
// WARPSYNC. Session 8, xarch8 (decision D8-xarch-3).
#include <cuda_fp16.h>

__global__ void half_dot_tail(float *out, const __half *__restrict__ a, const __half *__restrict__ b, int n)
{
    int off = threadIdx.x * 8;
    float acc = 0.f;
    while (off < n) {
        int rem = n - off;
        if (rem >= 8) {
            uint4 va = *reinterpret_cast<const uint4 *>(a + off);
            uint4 vb = *reinterpret_cast<const uint4 *>(b + off);
            const __half *ha = reinterpret_cast<const __half *>(&va);
            const __half *hb = reinterpret_cast<const __half *>(&vb);
            for (int i = 0; i < 8; i++)
                acc += __half2float(ha[i]) * __half2float(hb[i]);
        } else {
            for (int k = 0; k < rem; k++)
                acc += __half2float(a[off + k]) * __half2float(b[off + k]);
        }
        off += blockDim.x * 8;
    }
    for (int d = 16; d > 0; d >>= 1)
        acc += __shfl_down_sync(0xffffffffu, acc, d);
    if ((threadIdx.x & 31) == 0)
        out[blockIdx.x * (blockDim.x / 32) + threadIdx.x / 32] = acc;
}
