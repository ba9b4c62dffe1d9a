// divergent if/else with nested branches
extern "C" __global__ void divergent(const int *in, int *out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int x = in[i];
    int y;
    if (x & 1) {
        y = 3 * x + 1;
        if (x > 50)
            y -= 7;
    } else {
        y = x / 2;
        if ((x & 6) == 2)
            y = y * y;
    }
    out[i] = y;
}
