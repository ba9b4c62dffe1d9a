// sorting networks in shared memory: odd-even transposition sort, Batcher odd-even merge sort (NVIDIA sample style)
extern "C" __global__ void oddeven_transposition(int *d, int n)
{
    extern __shared__ int s[];
    int *a = d + blockIdx.x * n;
    for (int i = threadIdx.x; i < n; i += blockDim.x) s[i] = a[i];
    __syncthreads();
    for (int phase = 0; phase < n; ++phase) {
        int i = 2 * threadIdx.x + (phase & 1);
        if (i + 1 < n) {
            int x = s[i], y = s[i + 1];
            if (x > y) { s[i] = y; s[i + 1] = x; }
        }
        __syncthreads();
    }
    for (int i = threadIdx.x; i < n; i += blockDim.x) a[i] = s[i];
}
__device__ inline void Comparator(unsigned int &keyA, unsigned int &valA, unsigned int &keyB, unsigned int &valB, unsigned int dir)
{
    unsigned int t;
    if ((keyA > keyB) == dir) { t = keyA; keyA = keyB; keyB = t; t = valA; valA = valB; valB = t; }
}
#define SHARED_SIZE_LIMIT 256
extern "C" __global__ void oddEvenMergeSortShared(unsigned int *d_DstKey, unsigned int *d_DstVal, const unsigned int *d_SrcKey,
                                                   const unsigned int *d_SrcVal, unsigned int arrayLength, unsigned int dir)
{
    __shared__ unsigned int s_key[SHARED_SIZE_LIMIT];
    __shared__ unsigned int s_val[SHARED_SIZE_LIMIT];
    d_SrcKey += blockIdx.x * SHARED_SIZE_LIMIT + threadIdx.x;
    d_SrcVal += blockIdx.x * SHARED_SIZE_LIMIT + threadIdx.x;
    d_DstKey += blockIdx.x * SHARED_SIZE_LIMIT + threadIdx.x;
    d_DstVal += blockIdx.x * SHARED_SIZE_LIMIT + threadIdx.x;
    s_key[threadIdx.x + 0] = d_SrcKey[0];
    s_val[threadIdx.x + 0] = d_SrcVal[0];
    s_key[threadIdx.x + (SHARED_SIZE_LIMIT / 2)] = d_SrcKey[(SHARED_SIZE_LIMIT / 2)];
    s_val[threadIdx.x + (SHARED_SIZE_LIMIT / 2)] = d_SrcVal[(SHARED_SIZE_LIMIT / 2)];
    for (unsigned int size = 2; size <= arrayLength; size <<= 1) {
        unsigned int stride = size / 2;
        unsigned int offset = threadIdx.x & (stride - 1);
        {
            __syncthreads();
            unsigned int pos = 2 * threadIdx.x - (threadIdx.x & (stride - 1));
            Comparator(s_key[pos + 0], s_val[pos + 0], s_key[pos + stride], s_val[pos + stride], dir);
            stride >>= 1;
        }
        for (; stride > 0; stride >>= 1) {
            __syncthreads();
            unsigned int pos = 2 * threadIdx.x - (threadIdx.x & (stride - 1));
            if (offset >= stride)
                Comparator(s_key[pos - stride], s_val[pos - stride], s_key[pos + 0], s_val[pos + 0], dir);
        }
    }
    __syncthreads();
    d_DstKey[0] = s_key[threadIdx.x + 0];
    d_DstVal[0] = s_val[threadIdx.x + 0];
    d_DstKey[(SHARED_SIZE_LIMIT / 2)] = s_key[threadIdx.x + (SHARED_SIZE_LIMIT / 2)];
    d_DstVal[(SHARED_SIZE_LIMIT / 2)] = s_val[threadIdx.x + (SHARED_SIZE_LIMIT / 2)];
}
// rank sort of floats (count smaller elements), a common textbook example
extern "C" __global__ void rank_sort(const float *in, float *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float v = in[i]; int r = 0;
    for (int j = 0; j < n; ++j) { float u = in[j]; r += (u < v) || (u == v && j < i); }
    out[r] = v;
}
