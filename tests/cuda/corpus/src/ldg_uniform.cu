// A 128-bit load at a warp-uniform address through a const __restrict__ pointer: nvcc for sm_75
// writes LDG.E.U.128.CONSTANT.SYS R4, [UR4] (.U: the same address in every lane; decision D8-5).
__global__ void ldg_uniform(int n, int m, const int4 *__restrict__ p, const float4 *__restrict__ q,
                            int *o, float4 *fo)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int4 c = p[n];
    int acc = 0;
    for (int k = i; k < m; k += blockDim.x * gridDim.x) {
        int4 v = p[k];
        acc += (v.x - c.x) * c.y + (v.y ^ c.z) + v.z * c.w - v.w;
    }
    o[i] = acc;
    int4 d = p[n + 1];
    o[i + blockDim.x * gridDim.x] = c.x * i + c.y + d.z * c.w + d.x;
    float4 f = q[n];
    fo[i] = make_float4(f.w, f.z, f.y, f.x);
}
