// Nested divergence: per-lane trip counts, continue/break/goto out of nested loops, a switch
// inside a loop, early return from inside a loop, a data-dependent while loop.
extern "C" __global__ void simt_nest(const int *in, int *out)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    int v = in[t];
    int acc = 0;
    int trips = (v & 15) + 1;
    for (int i = 0; i < trips; i++) {
        if ((i ^ v) & 1)
            continue;
        for (int j = 0; j < ((v >> 4) & 7); j++) {
            if (i * j > (v & 31))
                goto inner_done;
            acc += i * 3 + j;
            if (acc > 200)
                goto all_done;
        }
    inner_done:
        switch ((v + i) & 7) {
        case 0: acc += 5; break;
        case 1: acc ^= 0x55; break;
        case 2: acc -= i; break;
        case 3:
        case 4: acc = (acc * 3) & 0xffff; break;
        case 5: continue;
        case 6:
            if (acc & 1)
                goto all_done;
            acc += 7;
            break;
        default: acc += 1;
        }
        if (acc == 13) {
            out[2 * t] = -1;
            out[2 * t + 1] = i;
            return;
        }
        acc += 1;
    }
all_done:
    unsigned x = (unsigned)(v & 0x3ff) + 1;
    int steps = 0;
    while (x != 1 && steps < 200) {
        if (x & 1) {
            x = 3 * x + 1;
            if ((x & 7) == 4)
                steps += 2;
        } else {
            x >>= 1;
            if (x > 500) {
                if (x & 2)
                    steps += 3;
                else
                    continue;
            }
        }
        steps++;
    }
    out[2 * t] = acc;
    out[2 * t + 1] = steps;
}
