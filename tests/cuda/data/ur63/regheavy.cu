// nvcc -cubin -O3 -arch=sm_120 regheavy.cu; nvdisasm regheavy.cubin > regheavy.nvdisasm; cuobjdump -sass regheavy.cubin > regheavy.cuobjdump
// sm_120 code allocates UR63 like any other uniform register (decision CU-9)
// register-heavy: 32 accumulators live across a loop (forced to spill with -maxrregcount=32)
#define K 32
extern "C" __global__ void regheavy(const float *in, float *out, int iters)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    float acc[K];
#pragma unroll
    for (int k = 0; k < K; k++) acc[k] = in[(t + k) & 255];
    for (int it = 0; it < iters; it++) {
#pragma unroll
        for (int k = 0; k < K; k++) acc[k] = acc[k] * 0.75f + acc[(k + 7) % K] * 0.25f + (float)(k * it);
    }
    float s = 0.f;
#pragma unroll
    for (int k = 0; k < K; k++) s += acc[k] * (k + 1);
    out[t] = s;
}
