// inter-block communication
__device__ unsigned int lx_count = 0;

// threadFenceReduction: the last block to finish sums the partial sums
extern "C" __global__ void lx_lastblock(const int *in, int *partial, int *result, int n)
{
    __shared__ int s[256];
    __shared__ bool amLast;
    int tid = threadIdx.x;
    int sum = 0;
    for (int i = blockIdx.x * blockDim.x + tid; i < n; i += blockDim.x * gridDim.x) sum += in[i];
    s[tid] = sum;
    __syncthreads();
    for (int k = blockDim.x / 2; k > 0; k >>= 1) {
        if (tid < k) s[tid] += s[tid + k];
        __syncthreads();
    }
    if (tid == 0) {
        partial[blockIdx.x] = s[0];
        __threadfence();
        unsigned ticket = atomicInc(&lx_count, gridDim.x);
        amLast = (ticket == gridDim.x - 1);
    }
    __syncthreads();
    if (amLast) {
        int t = 0;
        for (int i = tid; i < gridDim.x; i += blockDim.x) t += ((volatile int *)partial)[i];
        s[tid] = t;
        __syncthreads();
        for (int k = blockDim.x / 2; k > 0; k >>= 1) {
            if (tid < k) s[tid] += s[tid + k];
            __syncthreads();
        }
        if (tid == 0) { result[0] = s[0]; result[1] = lx_count; }
    }
}

// dynamic block ids: the order blocks start in, not blockIdx, picks the tile
extern "C" __global__ void lx_dynid(const int *in, int *out, unsigned *ctr, int *order, int n)
{
    __shared__ unsigned tile;
    if (threadIdx.x == 0) {
        tile = atomicAdd(ctr, 1u);
        order[tile] = 1;            // every tile taken once
    }
    __syncthreads();
    int i = tile * blockDim.x + threadIdx.x;
    if (i < n) out[i] = in[i] * 3 - (int)tile;
}

// persistent threads: each warp fetches work items from a global counter until none is left
extern "C" __global__ void lx_persist(const int *in, int *out, unsigned *next, int *per_warp, int nitems, int chunk)
{
    int lane = threadIdx.x & 31;
    int done = 0;
    while (true) {
        unsigned base = 0;
        if (lane == 0) base = atomicAdd(next, (unsigned)chunk);
        base = __shfl_sync(0xffffffffu, base, 0);
        if (base >= (unsigned)nitems) break;
        for (int k = lane; k < chunk; k += 32) {
            unsigned i = base + k;
            if (i < (unsigned)nitems) out[i] = in[i] * in[i] + 1;
        }
        done += 1;
    }
    if (lane == 0) atomicAdd(&per_warp[0], done);
}

// decoupled look-back scan: tile ids from a counter, flags 0 = not ready, 1 = aggregate, 2 = inclusive prefix
extern "C" __global__ void lx_lookback(const int *in, int *out, unsigned *ctr, unsigned long long *state, int n)
{
    __shared__ int s[128];
    __shared__ unsigned tile;
    __shared__ int excl;
    int tid = threadIdx.x;
    if (tid == 0) tile = atomicAdd(ctr, 1u);
    __syncthreads();
    int i = tile * 128 + tid;
    int v = i < n ? in[i] : 0;
    s[tid] = v;
    __syncthreads();
    for (int o = 1; o < 128; o <<= 1) {
        int t = tid >= o ? s[tid - o] : 0;
        __syncthreads();
        s[tid] += t;
        __syncthreads();
    }
    int agg = s[127];
    if (tid == 0) {
        volatile unsigned long long *st = state;
        if (tile == 0) {
            st[0] = (2ull << 32) | (unsigned)agg;
            excl = 0;
        } else {
            st[tile] = (1ull << 32) | (unsigned)agg;
            int prefix = 0;
            int j = tile - 1;
            while (true) {
                unsigned long long w = st[j];
                unsigned flag = (unsigned)(w >> 32);
                if (flag == 0) continue;
                prefix += (int)(unsigned)w;
                if (flag == 2) break;
                --j;
            }
            __threadfence();
            st[tile] = (2ull << 32) | (unsigned)(prefix + agg);
            excl = prefix;
        }
    }
    __syncthreads();
    if (i < n) out[i] = s[tid] + excl;
}

// a chained scan by blockIdx (no tile counter): block b waits for block b-1's flag; correct on hardware
// because blocks are dispatched in order and earlier blocks never wait for later ones
extern "C" __global__ void lx_chain(const int *in, int *out, volatile int *flag, volatile int *carry, int n)
{
    __shared__ int s[64];
    __shared__ int base;
    int tid = threadIdx.x, b = blockIdx.x;
    int i = b * 64 + tid;
    s[tid] = i < n ? in[i] : 0;
    __syncthreads();
    for (int o = 1; o < 64; o <<= 1) {
        int t = tid >= o ? s[tid - o] : 0;
        __syncthreads();
        s[tid] += t;
        __syncthreads();
    }
    if (tid == 0) {
        int c = 0;
        if (b > 0) {
            while (flag[b - 1] == 0) { }
            c = carry[b - 1];
        }
        carry[b] = c + s[63];
        __threadfence();
        flag[b] = 1;
        base = c;
    }
    __syncthreads();
    if (i < n) out[i] = s[tid] + base;
}

// grid-stride loop with a small grid, 64-bit index
extern "C" __global__ void lx_gridstride(const float *x, float *y, float a, long long n)
{
    for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n; i += (long long)blockDim.x * gridDim.x)
        y[i] = a * x[i] + y[i];
}

// histogram of bytes, shared privatisation then global atomics
extern "C" __global__ void lx_hist(const unsigned char *data, unsigned *hist, long long n)
{
    __shared__ unsigned h[256];
    for (int k = threadIdx.x; k < 256; k += blockDim.x) h[k] = 0;
    __syncthreads();
    const uchar4 *d4 = reinterpret_cast<const uchar4 *>(data);
    long long n4 = n / 4;
    for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n4; i += (long long)blockDim.x * gridDim.x) {
        uchar4 q = d4[i];
        atomicAdd(&h[q.x], 1u); atomicAdd(&h[q.y], 1u); atomicAdd(&h[q.z], 1u); atomicAdd(&h[q.w], 1u);
    }
    __syncthreads();
    for (int k = threadIdx.x; k < 256; k += blockDim.x) if (h[k]) atomicAdd(&hist[k], h[k]);
}

// tiled matmul, 16x16 tiles
extern "C" __global__ void lx_matmul(const float *A, const float *B, float *C, int N)
{
    __shared__ float As[16][16], Bs[16][16];
    int tx = threadIdx.x, ty = threadIdx.y;
    int row = blockIdx.y * 16 + ty, col = blockIdx.x * 16 + tx;
    float acc = 0.f;
    for (int t = 0; t < N; t += 16) {
        As[ty][tx] = A[row * N + t + tx];
        Bs[ty][tx] = B[(t + ty) * N + col];
        __syncthreads();
#pragma unroll
        for (int k = 0; k < 16; ++k) acc += As[ty][k] * Bs[k][tx];
        __syncthreads();
    }
    C[row * N + col] = acc;
}

extern "C" __global__ void lx_vadd(const float *a, const float *b, float *c, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) c[i] = a[i] + b[i];
}

// integer atomic additions that return the old value, 32 and 64 bits, shared and global, contended
extern "C" __global__ void lx_atomix(const int *in, int *sum32, unsigned long long *sum64)
{
    __shared__ int sh[8];
    __shared__ unsigned long long sh64[4];
    int t = threadIdx.x, g = blockIdx.x * blockDim.x + t;
    if (t < 8) sh[t] = t;
    if (t < 4) sh64[t] = 0;
    __syncthreads();
    int v = in[g];
    int o = atomicAdd(&sh[v & 7], v);
    unsigned long long o64 = atomicAdd(&sum64[v & 3], (unsigned long long)v * 1000003ull);
    unsigned long long p64 = atomicAdd(&sh64[g & 3], (unsigned long long)v << 33);
    unsigned q = atomicAdd((unsigned *)&sum32[8 + (g & 1)], 1u);
    if (o < 0 || o64 == 3ull || (p64 & 1) || q > 100000u) sum32[10] = 1;   // never: the old values stay in use
    __syncthreads();
    if (t < 8) atomicAdd(&sum32[t], sh[t]);
    if (t < 4) atomicAdd(&sum64[4 + t], sh64[t]);
}
