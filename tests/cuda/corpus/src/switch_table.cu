// a dense switch, compiled to a jump table (BRX)
extern "C" __global__ void switch_table(const int *in, int *out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int x = in[i];
    int r;
    switch (x & 7) {
    case 0: r = x + 11; break;
    case 1: r = x * 3; break;
    case 2: r = x ^ 0x5a; break;
    case 3: r = x - 100; break;
    case 4: r = x << 2; break;
    case 5: r = ~x; break;
    case 6: r = x * x; break;
    default: r = 42; break;
    }
    out[i] = r;
}
