// prefix sums: Blelloch work-efficient exclusive scan in shared memory (one block of N=2*blockDim elements)
// and an inclusive warp-shuffle block scan.
extern "C" __global__ void blelloch_scan(const int *in, int *out, int *total)
{
    extern __shared__ int temp[];
    int t = threadIdx.x, n = 2 * blockDim.x;
    int base = blockIdx.x * n;
    temp[2 * t] = in[base + 2 * t];
    temp[2 * t + 1] = in[base + 2 * t + 1];
    int offset = 1;
    for (int d = n >> 1; d > 0; d >>= 1) {
        __syncthreads();
        if (t < d) {
            int ai = offset * (2 * t + 1) - 1, bi = offset * (2 * t + 2) - 1;
            temp[bi] += temp[ai];
        }
        offset *= 2;
    }
    if (t == 0) { total[blockIdx.x] = temp[n - 1]; temp[n - 1] = 0; }
    for (int d = 1; d < n; d *= 2) {
        offset >>= 1;
        __syncthreads();
        if (t < d) {
            int ai = offset * (2 * t + 1) - 1, bi = offset * (2 * t + 2) - 1;
            int v = temp[ai];
            temp[ai] = temp[bi];
            temp[bi] += v;
        }
    }
    __syncthreads();
    out[base + 2 * t] = temp[2 * t];
    out[base + 2 * t + 1] = temp[2 * t + 1];
}

extern "C" __global__ void shfl_scan(const int *in, int *out)
{
    __shared__ int sums[32];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    int v = in[i];
    for (int o = 1; o < 32; o <<= 1) {
        int y = __shfl_up_sync(0xffffffffu, v, o);
        if (lane >= o) v += y;
    }
    if (lane == 31) sums[warp] = v;
    __syncthreads();
    if (warp == 0) {
        int nw = blockDim.x >> 5;
        int s = lane < nw ? sums[lane] : 0;
        for (int o = 1; o < 32; o <<= 1) {
            int y = __shfl_up_sync(0xffffffffu, s, o);
            if (lane >= o) s += y;
        }
        sums[lane] = s;
    }
    __syncthreads();
    if (warp > 0) v += sums[warp - 1];
    out[i] = v;
}
