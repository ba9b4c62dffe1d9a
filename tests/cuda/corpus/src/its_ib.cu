// Inter-block forward progress among the co-resident blocks of a small grid: the "last block
// finishes" reduction (threadfence + atomicInc), a decoupled look-back scan with tile ids taken
// from an atomic counter, a chained scan, a sense-reversing global barrier, spin waits with timeouts.

// 1. last block done: partial sums, fence, atomicInc ticket; the last block adds the partials
__device__ unsigned int g_done;
extern "C" __global__ void its_ib_last(const int *in, int *partial, int *result, int n)
{
    __shared__ int red[256];
    __shared__ bool amLast;
    int t = threadIdx.x;
    int s = 0;
    for (int i = blockIdx.x * blockDim.x + t; i < n; i += gridDim.x * blockDim.x) s += in[i];
    red[t] = s;
    __syncthreads();
    for (int o = blockDim.x / 2; o > 0; o >>= 1) {
        if (t < o) red[t] += red[t + o];
        __syncthreads();
    }
    if (t == 0) {
        partial[blockIdx.x] = red[0];
        __threadfence();
        unsigned ticket = atomicInc(&g_done, gridDim.x);
        amLast = (ticket == gridDim.x - 1);
    }
    __syncthreads();
    if (amLast) {
        int v = 0;
        for (int k = t; k < gridDim.x; k += blockDim.x) v += ((volatile int *)partial)[k];
        red[t] = v;
        __syncthreads();
        for (int o = blockDim.x / 2; o > 0; o >>= 1) {
            if (t < o) red[t] += red[t + o];
            __syncthreads();
        }
        if (t == 0) { result[0] = red[0]; result[1] = g_done; }
    }
}

// 2. decoupled look-back inclusive scan: a tile id from an atomic counter, the tile's aggregate
//    published (flag 1), then its inclusive prefix (flag 2); look back over the predecessors
__device__ unsigned int g_tile;
extern "C" __global__ void its_ib_lookback(const int *in, int *out, unsigned long long *status)
{
    __shared__ int tile_s, excl_s;
    __shared__ int sc[128];
    int t = threadIdx.x;
    if (t == 0) tile_s = atomicAdd(&g_tile, 1u);
    __syncthreads();
    int tile = tile_s;
    int v = in[tile * blockDim.x + t];
    sc[t] = v;
    __syncthreads();
    for (int o = 1; o < blockDim.x; o <<= 1) {       // Hillis-Steele
        int a = t >= o ? sc[t - o] : 0;
        __syncthreads();
        sc[t] += a;
        __syncthreads();
    }
    int agg = sc[blockDim.x - 1];
    if (t == 0) {
        volatile unsigned long long *st = status;
        if (tile == 0) {
            st[0] = (2ull << 32) | (unsigned)agg;
            excl_s = 0;
        } else {
            st[tile] = (1ull << 32) | (unsigned)agg;
            __threadfence();
            int excl = 0;
            int p = tile - 1;
            while (true) {
                unsigned long long w;
                do { w = st[p]; } while ((w >> 32) == 0);
                excl += (int)(unsigned)w;
                if ((w >> 32) == 2) break;
                --p;
            }
            excl_s = excl;
            __threadfence();
            st[tile] = (2ull << 32) | (unsigned)(excl + agg);
        }
    }
    __syncthreads();
    out[tile * blockDim.x + t] = excl_s + sc[t];
}

// 3. chained scan: warp 0 lane 0 of tile i waits for tile i-1's inclusive prefix (flag word)
__device__ unsigned int g_tile2;
extern "C" __global__ void its_ib_chain(const int *in, int *out, volatile int *flags, volatile int *pref)
{
    __shared__ int tile_s, base_s, wsum[8];
    int t = threadIdx.x, lane = t & 31, w = t >> 5;
    if (t == 0) tile_s = atomicAdd(&g_tile2, 1u);
    __syncthreads();
    int tile = tile_s;
    int v = in[tile * blockDim.x + t];
    int x = v;
    for (int o = 1; o < 32; o <<= 1) {
        int y = __shfl_up_sync(0xffffffffu, x, o);
        if (lane >= o) x += y;
    }
    if (lane == 31) wsum[w] = x;
    __syncthreads();
    int wbase = 0;
    for (int k = 0; k < w; ++k) wbase += wsum[k];
    if (t == blockDim.x - 1) {
        int base = 0;
        if (tile > 0) {
            while (flags[tile - 1] == 0)
                ;
            __threadfence();
            base = pref[tile - 1];
        }
        pref[tile] = base + wbase + x;
        __threadfence();
        flags[tile] = 1;
        base_s = base;
    }
    __syncthreads();
    out[tile * blockDim.x + t] = base_s + wbase + x;
}

// 4. a sense-reversing grid barrier (all blocks are co-resident) used between relaxation sweeps
__device__ volatile int g_sense;
__device__ int g_count;
__device__ void grid_barrier(int *local_sense)
{
    __syncthreads();
    if (threadIdx.x == 0) {
        int s = 1 - *local_sense;
        *local_sense = s;
        __threadfence();
        if (atomicAdd(&g_count, 1) == (int)gridDim.x - 1) {
            g_count = 0;
            __threadfence();
            g_sense = s;
        } else {
            while (g_sense != s)
                ;
        }
        __threadfence();
    }
    __syncthreads();
}
extern "C" __global__ void its_ib_gbar(int *a, int *b, int n, int sweeps)
{
    __shared__ int sense;
    if (threadIdx.x == 0) sense = 0;
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    for (int s = 0; s < sweeps; ++s) {
        if (i < n) {
            int l = i > 0 ? ((volatile int *)a)[i - 1] : 0;
            int r = i + 1 < n ? ((volatile int *)a)[i + 1] : 0;
            b[i] = (l + r) / 2 + (((volatile int *)a)[i] & 3);
        }
        grid_barrier(&sense);
        int *tmp = a; a = b; b = tmp;
    }
}

// 5. spin waits with timeouts: wait for a flag that comes (block 0 sets it) and for one that never
//    comes (bounded by an iteration count); report which waits timed out
__device__ volatile int g_flag_yes, g_flag_no;
extern "C" __global__ void its_ib_timeout(int *out, int limit)
{
    int t = threadIdx.x;
    if (blockIdx.x == 0) {
        if (t == 0) { __nanosleep(200); g_flag_yes = 77; }
        return;
    }
    int got = 0, k = 0;
    for (k = 0; k < limit; ++k) {
        if (g_flag_yes != 0) { got = g_flag_yes; break; }
        __nanosleep(50);
    }
    int missed = 1;
    for (int j = 0; j < 64; ++j) {
        if (g_flag_no != 0) { missed = 0; break; }
    }
    out[t] = got + 1000 * missed + (k < limit ? 0 : 1000000);
}
