// Reductions, histograms and atomics as a course teaches them (PMPP ch. 9-10, CUDA by Example ch. 9).
#define BS 256

extern "C" __global__ void reduce_interleaved(const int *in, int *out, int n)
{
    __shared__ int sdata[BS];
    unsigned tid = threadIdx.x;
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    sdata[tid] = (i < n) ? in[i] : 0;
    __syncthreads();
    for (unsigned s = 1; s < blockDim.x; s *= 2) {
        if (tid % (2 * s) == 0)
            sdata[tid] += sdata[tid + s];
        __syncthreads();
    }
    if (tid == 0) out[blockIdx.x] = sdata[0];
}

extern "C" __global__ void reduce_sequential(const float *in, float *out, int n)
{
    __shared__ float sdata[BS];
    unsigned tid = threadIdx.x;
    unsigned i = blockIdx.x * (blockDim.x * 2) + threadIdx.x;
    float v = 0.0f;
    if (i < n) v = in[i];
    if (i + blockDim.x < n) v += in[i + blockDim.x];
    sdata[tid] = v;
    __syncthreads();
    for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
        if (tid < s) sdata[tid] += sdata[tid + s];
        __syncthreads();
    }
    if (tid == 0) out[blockIdx.x] = sdata[0];
}

// Harris's "reduce #5": unrolled last warp through a volatile pointer, templated block size
template <unsigned blockSize>
__device__ void warpReduce(volatile int *sdata, unsigned tid)
{
    if (blockSize >= 64) sdata[tid] += sdata[tid + 32];
    if (blockSize >= 32) sdata[tid] += sdata[tid + 16];
    if (blockSize >= 16) sdata[tid] += sdata[tid + 8];
    if (blockSize >= 8) sdata[tid] += sdata[tid + 4];
    if (blockSize >= 4) sdata[tid] += sdata[tid + 2];
    if (blockSize >= 2) sdata[tid] += sdata[tid + 1];
}

template <unsigned blockSize>
__global__ void reduce_unrolled(const int *g_idata, int *g_odata, unsigned n)
{
    __shared__ int sdata[blockSize];
    unsigned tid = threadIdx.x;
    unsigned i = blockIdx.x * (blockSize * 2) + tid;
    unsigned gridSize = blockSize * 2 * gridDim.x;
    sdata[tid] = 0;
    while (i < n) {
        sdata[tid] += g_idata[i];
        if (i + blockSize < n) sdata[tid] += g_idata[i + blockSize];
        i += gridSize;
    }
    __syncthreads();
    if (blockSize >= 512) { if (tid < 256) sdata[tid] += sdata[tid + 256]; __syncthreads(); }
    if (blockSize >= 256) { if (tid < 128) sdata[tid] += sdata[tid + 128]; __syncthreads(); }
    if (blockSize >= 128) { if (tid < 64) sdata[tid] += sdata[tid + 64]; __syncthreads(); }
    if (tid < 32) warpReduce<blockSize>(sdata, tid);
    if (tid == 0) g_odata[blockIdx.x] = sdata[0];
}
template __global__ void reduce_unrolled<256>(const int *, int *, unsigned);
template __global__ void reduce_unrolled<64>(const int *, int *, unsigned);

// warp shuffles, the block's result finished with one atomicAdd per block
__inline__ __device__ unsigned long long warp_sum(unsigned long long v)
{
    for (int o = warpSize / 2; o > 0; o /= 2) v += __shfl_xor_sync(0xffffffffu, v, o);
    return v;
}
extern "C" __global__ void reduce_shfl_atomic(const unsigned *in, unsigned long long *total, int n)
{
    static __shared__ unsigned long long shared[32];
    unsigned long long v = 0;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
        v += in[i];
    int lane = threadIdx.x % warpSize, wid = threadIdx.x / warpSize;
    v = warp_sum(v);
    if (lane == 0) shared[wid] = v;
    __syncthreads();
    v = (threadIdx.x < blockDim.x / warpSize) ? shared[lane] : 0;
    if (wid == 0) {
        v = warp_sum(v);
        if (lane == 0) atomicAdd(total, v);
    }
}

// text histogram: letters in buckets of 4 (PMPP ch. 9), privatized in shared memory, with
// aggregation of runs of equal bins, coarsened with a contiguous partition
#define NUM_BINS 7
extern "C" __global__ void histo_private_agg(const char *data, unsigned length, unsigned *histo)
{
    __shared__ unsigned histo_s[NUM_BINS];
    for (unsigned b = threadIdx.x; b < NUM_BINS; b += blockDim.x) histo_s[b] = 0u;
    __syncthreads();
    unsigned accumulator = 0;
    int prevBinIdx = -1;
    unsigned tid = blockIdx.x * blockDim.x + threadIdx.x;
    for (unsigned i = tid; i < length; i += blockDim.x * gridDim.x) {
        int alphabet_position = data[i] - 'a';
        if (alphabet_position >= 0 && alphabet_position < 26) {
            int bin = alphabet_position / 4;
            if (bin == prevBinIdx) {
                ++accumulator;
            } else {
                if (accumulator > 0) atomicAdd(&histo_s[prevBinIdx], accumulator);
                accumulator = 1;
                prevBinIdx = bin;
            }
        }
    }
    if (accumulator > 0) atomicAdd(&histo_s[prevBinIdx], accumulator);
    __syncthreads();
    for (unsigned b = threadIdx.x; b < NUM_BINS; b += blockDim.x) {
        unsigned v = histo_s[b];
        if (v > 0) atomicAdd(&histo[b], v);
    }
}

// 256-bin byte histogram, private copy per block, CUDA by Example ch. 9
extern "C" __global__ void histo256(const unsigned char *buffer, long size, unsigned int *histo)
{
    __shared__ unsigned int temp[256];
    temp[threadIdx.x] = 0;
    __syncthreads();
    int i = threadIdx.x + blockIdx.x * blockDim.x;
    int offset = blockDim.x * gridDim.x;
    while (i < size) {
        atomicAdd(&temp[buffer[i]], 1);
        i += offset;
    }
    __syncthreads();
    atomicAdd(&(histo[threadIdx.x]), temp[threadIdx.x]);
}

// atomicMax on float through atomicCAS, and float/double atomicAdd
__device__ float atomicMaxFloat(float *addr, float value)
{
    int *address_as_i = (int *)addr;
    int old = *address_as_i, assumed;
    do {
        assumed = old;
        if (__int_as_float(assumed) >= value) break;
        old = atomicCAS(address_as_i, assumed, __float_as_int(value));
    } while (assumed != old);
    return __int_as_float(old);
}
extern "C" __global__ void float_atomics(const float *x, int n, float *maxv, float *sumf, double *sumd, float *minv)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        float v = x[i];
        atomicMaxFloat(maxv, v);
        atomicAdd(sumf, v);
        atomicAdd(sumd, (double)v * 0.5);
        // atomicMin of a float by the int/uint ordering trick
        if (v >= 0) atomicMin((int *)minv, __float_as_int(v));
        else atomicMax((unsigned *)minv, __float_as_uint(v));
    }
}

// a spin lock with atomicCAS / atomicExch guarding a two-word update (CUDA by Example appendix)
struct Lock {
    int *mutex;
    __device__ void lock() { while (atomicCAS(mutex, 0, 1) != 0) { } }
    __device__ void unlock() { __threadfence(); atomicExch(mutex, 0); }
};
extern "C" __global__ void lock_update(int *mutex, const int *vals, int n, int *acc)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    Lock l{mutex};
    // one thread per warp takes the lock (no intra-warp contention), then updates a pair of words
    int v = vals[i];
    for (int o = 16; o > 0; o >>= 1) v += __shfl_down_sync(0xffffffff, v, o);
    if ((threadIdx.x & 31) == 0) {
        l.lock();
        int a = acc[0], b = acc[1];
        acc[0] = a + v;
        acc[1] = b > v ? b : v;
        acc[2] = acc[2] + 1;
        l.unlock();
    }
}
