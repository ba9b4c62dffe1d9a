// `2 * x - pad` with x per thread and pad a kernel parameter: ptxas folds it into one
// `LEA Rd, Rx, -c[0x0][...], 0x1` (HeCBench's vol2col on sm_75, session 11, xarch11).

__global__ void window_starts(const int *__restrict__ len, int *start, int *span,
                              int pad, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        int l = len[i];
        start[i] = 2 * l - pad;           // LEA with a negated constant operand
        span[i] = 3 * (l ^ i) - pad;      // IMAD with a negated constant addend
    }
}

__global__ void strided_offsets(const unsigned *__restrict__ x, unsigned *y, unsigned bias, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        y[i] = (x[i] << 4) - bias;         // LEA ... 0x4 with -c, or a shift and a subtraction
}
