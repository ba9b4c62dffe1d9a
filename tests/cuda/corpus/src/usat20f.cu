// nvcc-flags: -use_fast_math
// Session 20 (decision D20-3), with -use_fast_math (.FTZ): __saturatef of uniform values. sm_120 computes them on the uniform
// datapath with UFADD.SAT, UFFMA.SAT and UFMUL.SAT (`UFADD.SAT UR7, URZ, UR4`); the other targets
// with FADD.SAT and friends.
extern "C" __global__ void usat_ftz(float *o, float a, float b, float c)
{
    float r[8];
    int k = 0;
    r[k++] = __saturatef(a);
    r[k++] = __saturatef(a * b + c);
    r[k++] = __saturatef(a + b);
    r[k++] = __saturatef(-b);
    r[k++] = __saturatef(__fmaf_rz(a, c, b));
    r[k++] = __saturatef(fabsf(c) - 0.5f);
    r[k++] = __saturatef(a * c);
    r[k++] = __saturatef(__fadd_rd(b, c));
    o[blockIdx.x * blockDim.x + threadIdx.x] = r[threadIdx.x % k];
}
