// data-dependent loop with break: Collatz steps until 1, at most limit
extern "C" __global__ void loop_break(const unsigned *in, int *out, int limit)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned x = in[i];
    int steps = 0;
    while (true) {
        if (x <= 1)
            break;
        if (steps >= limit)
            break;
        x = (x & 1) ? 3 * x + 1 : x >> 1;
        steps++;
    }
    out[i] = steps;
}
