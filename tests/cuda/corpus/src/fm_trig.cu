// nvcc-flags: -use_fast_math
// sinf/cosf/tanf/sincosf under -use_fast_math (MUFU.SIN/COS after a range scaling)
__global__ void fm_trig(const float *x, float *o, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float a = x[i];
    float s, c;
    sincosf(a, &s, &c);
    o[5 * i + 0] = sinf(a);
    o[5 * i + 1] = cosf(a);
    o[5 * i + 2] = tanf(fminf(fmaxf(a, -1.2f), 1.2f));
    o[5 * i + 3] = s;
    o[5 * i + 4] = c;
}
