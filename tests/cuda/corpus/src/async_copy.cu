// cp.async (issue 11, decision GA-2): __pipeline_memcpy_async of 4- and 16-byte pieces into
// shared memory (LDGSTS on sm_80+, plain loads and stores on sm_75), commit and wait (LDGDEPBAR,
// DEPBAR.LE SB0), then reads of the copied tiles.
#include <cuda_pipeline.h>
extern "C" __global__ void async_copy(const float *in, float *out, int n)
{
    __shared__ float tile[256];
    __shared__ float4 tile4[64];
    int t = threadIdx.x;
    int base = blockIdx.x * blockDim.x;
    __pipeline_memcpy_async(&tile[t], &in[base + t], sizeof(float));
    if (t < 64)
        __pipeline_memcpy_async(&tile4[t], &((const float4 *)in)[t], sizeof(float4));
    __pipeline_commit();
    __pipeline_wait_prior(0);
    __syncthreads();
    float4 v = tile4[t & 63];
    out[base + t] = tile[blockDim.x - 1 - t] * 2.0f + v.x + v.w;
}
