// Three-way float minimum / maximum: sm_100/sm_103/sm_110 fold the nested fminf/fmaxf into FMNMX3
// (|x| and -x on each operand, an immediate or a kernel parameter in the middle); other targets
// keep two FMNMX.  Inputs are arbitrary binary32 bit patterns: NaN, infinities, zeros of both
// signs, subnormals.
extern "C" __global__ void fminmax3(const unsigned *a, const unsigned *b, const unsigned *c, float *o, float k, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    float x = __uint_as_float(a[i]), y = __uint_as_float(b[i]), z = __uint_as_float(c[i]);
    o[8 * i + 0] = fmaxf(fmaxf(x, y), z);
    o[8 * i + 1] = fminf(fminf(x, y), z);
    o[8 * i + 2] = fmaxf(fmaxf(x, 1.5f), z);
    o[8 * i + 3] = fminf(fminf(fabsf(x), -y), z);
    o[8 * i + 4] = fmaxf(fmaxf(x, k), z);
    o[8 * i + 5] = fmaxf(fmaxf(x, y), 0.0f);
    o[8 * i + 6] = fminf(x, fminf(y, fabsf(z)));
    o[8 * i + 7] = fmaxf(fmaxf(-x, y), -z);
}
