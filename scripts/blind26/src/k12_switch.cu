extern "C" __global__ void vm_switch(const unsigned* op, const int* arg, int* out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    int acc = i * 3 - 50;
    for (int k = 0; k < 6; ++k) {
        unsigned o = op[i * 6 + k];
        int a = arg[i * 6 + k];
        switch (o) {
        case 0: acc += a; break;
        case 1: acc -= a; break;
        case 2: acc *= a; break;
        case 3: acc ^= a; break;
        case 4: acc = (a != 0) ? acc / a : acc; break;
        case 5: acc = acc << (a & 15); break;
        case 6: acc = acc >> (a & 15); break;
        case 7: acc = max(acc, a); break;
        case 8: acc = min(acc, a); break;
        case 9: acc = (int)((unsigned)acc >> (a & 31)); break;
        case 10: acc = __float_as_int((float)acc * 0.5f); break;
        case 11: acc = ~acc + a; break;
        case 12: acc = abs(acc) % (abs(a) + 1); break;
        case 13: acc = (acc & 0xff) | (a << 8); break;
        default: acc = -acc; break;
        }
    }
    out[i] = acc;
}
