// Divergent calls: recursion of per-lane depth, calls through a table of function pointers
// chosen per lane, __noinline__ functions that shuffle among the lanes that call them.
typedef int (*op_t)(int, unsigned);

__device__ __noinline__ int depth_sum(int n, int d)
{
    if (n <= 0)
        return d;
    if (n & 1)
        return n + depth_sum(n - 1, d + 1);
    return 2 * depth_sum(n - 3, d) - d;
}

__device__ __noinline__ int group_sum(int x, unsigned m)
{
    // sum of x over the lanes of m (every lane of m calls this with the same m)
    int s = 0;
    for (unsigned r = m; r; r &= r - 1)
        s += __shfl_sync(m, x, __ffs(r) - 1);
    return s;
}

__device__ __noinline__ int op_a(int x, unsigned m) { return group_sum(x, m) + 1; }
__device__ __noinline__ int op_b(int x, unsigned m) { return __shfl_sync(m, x, 31 - __clz(m)) * 2; }
__device__ __noinline__ int op_c(int x, unsigned m) { return __popc(__ballot_sync(m, x > 0)) * 1000 + __popc(m); }
__device__ __noinline__ int op_d(int x, unsigned m)
{
    int lane = threadIdx.x & 31;
    unsigned below = m & ((1u << lane) - 1);
    int prev = below ? 31 - __clz(below) : lane;
    return __shfl_sync(m, x, prev) - x;
}

__device__ op_t table[4] = {op_a, op_b, op_c, op_d};

extern "C" __global__ void simt_calls(const int *in, int *out)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    int v = in[t];
    int *o = out + 4 * t;
    o[0] = depth_sum(v & 15, v >> 8 & 3);
    unsigned m = __match_any_sync(0xffffffffu, v & 3);
    o[1] = table[v & 3](v, m);
    unsigned pos = __ballot_sync(0xffffffffu, v > 0);
    if (v > 0) {
        o[2] = group_sum(v, pos);
        unsigned q = __ballot_sync(pos, v & 4);
        if (v & 4) {
            o[3] = op_d(v, q) + 7;
        } else {
            o[3] = depth_sum(v & 7, 1);
        }
    } else {
        o[2] = op_c(v, ~pos) + 5;
        o[3] = group_sum(-v, ~pos);
    }
}
