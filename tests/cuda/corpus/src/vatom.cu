// float2 / float4 atomicAdd (sm_90+: ATOMG/REDG .F32x2/.F32x4; earlier targets per component), with
// and without the old value, double atomicAdd with its old value and atomicAdd_block / _system,
// __half2 atomicAdd, atomicExch on float (seventh discovery round, math library). The addends are
// small integers: every order gives the same sums.
#include <cuda_fp16.h>
__global__ void vatom(const float *__restrict__ v, float2 *g2, float4 *g4, float2 *p2, float4 *p4, float2 *o2, float4 *o4,
                      double *gd, double *old, __half2 *gh, float *ge, float *oe)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float w = v[i];
#if __CUDA_ARCH__ >= 900
    atomicAdd(&g2[i & 1], make_float2(w, 2.0f * w));
    atomicAdd(&g4[i & 3], make_float4(w, -w, 0.5f * w, 4.0f));
    o2[i] = atomicAdd(&p2[i], make_float2(w, -2.0f * w));             // one address per thread: the
    o4[i] = atomicAdd(&p4[i], make_float4(1.0f, w, w * w, -w));       // old value is the initial one
#else
    atomicAdd(&g2[i & 1].x, w); atomicAdd(&g2[i & 1].y, 2.0f * w);
    atomicAdd(&g4[i & 3].x, w); atomicAdd(&g4[i & 3].y, -w); atomicAdd(&g4[i & 3].z, 0.5f * w); atomicAdd(&g4[i & 3].w, 4.0f);
    o2[i] = make_float2(atomicAdd(&p2[i].x, w), atomicAdd(&p2[i].y, -2.0f * w));
    o4[i] = make_float4(atomicAdd(&p4[i].x, 1.0f), atomicAdd(&p4[i].y, w), atomicAdd(&p4[i].z, w * w), atomicAdd(&p4[i].w, -w));
#endif
    old[i] = atomicAdd(&gd[64 + i], (double)w);
    atomicAdd(&gd[i & 1], (double)w * 0.25);
    atomicAdd_block(&gd[2], (double)w);
    atomicAdd_system(&gd[3], (double)w * 2.0);
    atomicAdd(&gh[0], __floats2half2_rn(w, 1.0f));
    atomicAdd(&gh[1], __floats2half2_rn(-w, 0.5f));
    oe[i] = atomicExch(&ge[i], w * 3.0f);
}
