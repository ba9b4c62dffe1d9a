// a 12-way switch with loads in every case: nvcc emits BRX through a jump table in .nv.constant2
extern "C" __global__ void switch_brx(const int *in, int *out)
{
    int i = threadIdx.x;
    int x = in[i];
    int r;
    switch (x % 12) {
    case 0: r = in[x & 31] + 11; break;
    case 1: r = x * 3 + in[(x + 1) & 31]; break;
    case 2: r = x ^ in[(x + 2) & 31]; break;
    case 3: r = x - in[(x + 3) & 31]; break;
    case 4: r = in[(x + 4) & 31] << 2; break;
    case 5: r = ~in[(x + 5) & 31]; break;
    case 6: r = x * in[(x + 6) & 31]; break;
    case 7: r = in[(x + 7) & 31] / 3; break;
    case 8: r = in[(x + 8) & 31] | 0x100; break;
    case 9: r = in[(x + 9) & 31] & 0xff; break;
    case 10: r = in[(x + 10) & 31] * 7; break;
    case 11: r = in[(x + 11) & 31] - 9; break;
    default: r = 42; break;
    }
    out[i] = r;
}
