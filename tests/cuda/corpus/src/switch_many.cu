// a dense switch of 24 cases with fall-through (a jump table) and a sparse one
__device__ __forceinline__ int dense(int k, int v)
{
    int r = 0;
    switch (k) {
    case 0: r = v + 1; break;
    case 1: r = v * 3; break;
    case 2: r = v ^ 0x55; break;
    case 3: r = v << 2; // fall through
    case 4: r += 7; break;
    case 5: r = -v; break;
    case 6: r = v / 3; break;
    case 7: r = v % 11; break;
    case 8: r = v & 0xff; break;
    case 9: r = v | 0x100; break;
    case 10: r = v >> 1; break;
    case 11: r = 11; break;
    case 12: r = v * v; break;
    case 13: r = v - 13; // fall through
    case 14: r += 14; // fall through
    case 15: r += 15; break;
    case 16: r = ~v; break;
    case 17: r = v + 17 * v; break;
    case 18: r = (v > 0) ? 18 : -18; break;
    case 19: r = __popc(v); break;
    case 20: r = __clz(v); break;
    case 21: r = v * 21 + 1; break;
    case 22: r = v - 22; break;
    case 23: r = 2300 + v % 7; break;
    default: r = -1;
    }
    return r;
}

__device__ __forceinline__ int sparse(int k)
{
    switch (k) {
    case 3: return 30;
    case 100: return 1000;
    case 1000: return 7;
    case -5: return 55;
    case 65536: return 16;
    case 77: return 77;
    default: return 0;
    }
}

extern "C" __global__ void switch_many(const int *ks, const int *vs, int *o)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    int k = ks[t], v = vs[t];
    int acc = 0;
    for (int r = 0; r < 3; r++)
        acc += dense((k + r * 5) % 26, v + r);
    o[2 * t] = acc;
    o[2 * t + 1] = sparse(v % 4 == 0 ? k * 25 : (v % 4 == 1 ? 1000 : (v % 4 == 2 ? -5 : 65536)));
}
