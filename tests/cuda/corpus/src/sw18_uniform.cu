// Session 18 (decision D18-10): a switch on a warp-uniform value (a kernel parameter and the block
// index) compiles to a jump table that sm_120/sm_121 index with a uniform register: nvdisasm's
// `BRXU UR4 -0x170`. Also a switch on the parameter inside a loop over the block's elements, and a
// uniform switch followed by a per-thread one. Inputs keep every signed operation in range.
extern "C" __global__ void sw18_block(const int *in, int *out, int sel)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    int x = in[t];
    int r;
    switch ((sel + blockIdx.x) % 7) {
    case 0: r = x * 3 + 1; break;
    case 1: r = x ^ 0x5a5a; break;
    case 2: r = x - 77; break;
    case 3: r = (int)(((unsigned)x << 3) | 5u); break;
    case 4: r = x / 9; break;
    case 5: r = ~x + 1000; break;
    default: r = x * x; break;
    }
    out[t] = r;
}

extern "C" __global__ void sw18_loop(const int *in, unsigned *out, int n, int op)
{
    unsigned acc = 0;
    for (int i = threadIdx.x; i < n; i += blockDim.x) {
        int x = in[i];
        for (int k = 0; k < 4; k++) {
            switch ((op + k) & 7) {
            case 0: acc += (unsigned)x; break;
            case 1: acc ^= (unsigned)x << k; break;
            case 2: acc -= (unsigned)(x >> 1); break;
            case 3: acc = acc * 5u + (unsigned)x; break;
            case 4: acc |= (unsigned)x & 0xffu; break;
            case 5: acc += (unsigned)(x % 13); break;
            case 6: acc = (unsigned)max((int)acc, x); break;
            default: acc = (unsigned)min((int)acc, x - k); break;
            }
        }
    }
    out[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}

extern "C" __global__ void sw18_mixed(const int *in, int *out, int sel)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    int x = in[t], r = 0;
    switch (sel & 3) {              // uniform
    case 0: r = x + 11; break;
    case 1: r = x * 7; break;
    case 2: r = x - 5; break;
    default: r = x ^ 0xff; break;
    }
    switch (x & 7) {                // per thread
    case 0: r += 1; break;
    case 1: r *= 3; break;
    case 2: r -= 9; break;
    case 3: r ^= 0x30; break;
    case 4: r = (int)((unsigned)r << 2); break;
    case 5: r >>= 1; break;
    case 6: r = -r; break;
    default: r += x; break;
    }
    out[t] = r;
}
