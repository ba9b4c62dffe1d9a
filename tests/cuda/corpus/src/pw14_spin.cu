// perwarp14: control flow and waits that ran one warp at a time, launched at many CTAs: a
// 20-state machine switched on per lane or per warp, a NANOSLEEP flag wait between two warps
// of a block, and a ticket lock taken by one lane of every warp (the other lanes wait at
// __syncwarp while it spins).

extern "C" __global__ void pw14_fsm(const unsigned char *text, int *out, int len, int per_lane)
{
    int g = blockIdx.x * blockDim.x + threadIdx.x;
    const unsigned char *p = text + (per_lane ? g : (g >> 5)) * 3;
    int state = 0, count = 0, val = 0;
    for (int i = 0; i < len; ++i) {
        unsigned c = p[i] % 20u;
        switch ((state * 7 + c) % 20u) {
        case 0: state = 1; val += c; break;
        case 1: state = 2; val ^= 0x5a; break;
        case 2: count++; // fall through
        case 3: state = 4; val = val * 3 + 1; break;
        case 4: state = 0; val -= 7; break;
        case 5: val = (val << 1) | 1; break;
        case 6: state = 3; count += 2; break;
        case 7: val = val / 5; break;
        case 8: state = c & 3; break;
        case 9: val = __popc(val) + count; break;
        case 10: state = 5; val = -val; break;
        case 11: count--; // fall through
        case 12: val += 12; break;
        case 13: state = 6; val %= 97; break;
        case 14: val = val * val; break;
        case 15: state = 2; count ^= val; break;
        case 16: val = ~val; break;
        case 17: state = 1; val += count * 17; break;
        case 18: val = __clz(val); break;
        default: state = 0; count += 19; break;
        }
    }
    out[g] = val * 31 + count + state;
}

// warp 0 of each block publishes a value; warp 1 sleeps until it is there
extern "C" __global__ void pw14_nap(const int *in, int *out, unsigned ns)
{
    __shared__ volatile int ready;
    __shared__ int val[32];
    int t = threadIdx.x, lane = t & 31;
    if (t == 0) ready = 0;
    __syncthreads();
    if (t < 32) {
        val[lane] = in[blockIdx.x * 32 + lane] * 3 + 1;
        __threadfence_block();
        __syncwarp();
        if (lane == 0) ready = 1;
    } else if (t < 64) {
        while (ready == 0) __nanosleep(ns);
        out[blockIdx.x * 32 + lane] = val[31 - lane] - lane;
    }
}

// a ticket lock: lane 0 of every warp takes a ticket, waits for its turn, adds to a running sum
extern "C" __global__ void pw14_ticket(unsigned *next, volatile unsigned *serving, long long *sum, int *log_)
{
    int lane = threadIdx.x & 31;
    int warp = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
    if (lane == 0) {
        unsigned my = atomicAdd(next, 1u);
        while (*serving != my) { }
        long long s = *(volatile long long *)sum;
        *(volatile long long *)sum = s + warp + 1;
        log_[my] = warp;
        __threadfence();
        *serving = my + 1;
    }
    __syncwarp();
}
