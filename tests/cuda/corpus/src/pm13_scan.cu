// Parallel scan and its users (PMPP ch. 11-13): Kogge-Stone, Brent-Kung, three-phase coarsened scan,
// hierarchical scan with a second kernel, stream compaction, a radix-sort pass, merge with co-rank.
#define SECTION 512

extern "C" __global__ void scan_kogge_stone(const float *X, float *Y, float *S, unsigned n)
{
    __shared__ float XY[SECTION];
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    XY[threadIdx.x] = i < n ? X[i] : 0.0f;
    for (unsigned stride = 1; stride < blockDim.x; stride *= 2) {
        __syncthreads();
        float temp;
        if (threadIdx.x >= stride) temp = XY[threadIdx.x] + XY[threadIdx.x - stride];
        __syncthreads();
        if (threadIdx.x >= stride) XY[threadIdx.x] = temp;
    }
    if (i < n) Y[i] = XY[threadIdx.x];
    if (threadIdx.x == blockDim.x - 1) S[blockIdx.x] = XY[threadIdx.x];
}

// double-buffered Kogge-Stone on integers, exclusive
extern "C" __global__ void scan_ks_dbuf(const int *X, int *Y, unsigned n)
{
    __shared__ int buf[2][SECTION];
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    int src = 0;
    buf[0][threadIdx.x] = (i < n && threadIdx.x > 0) ? X[i - 1] : 0;
    __syncthreads();
    for (unsigned stride = 1; stride < blockDim.x; stride <<= 1) {
        int v = buf[src][threadIdx.x];
        if (threadIdx.x >= stride) v += buf[src][threadIdx.x - stride];
        buf[1 - src][threadIdx.x] = v;
        src = 1 - src;
        __syncthreads();
    }
    if (i < n) Y[i] = buf[src][threadIdx.x];
}

// Brent-Kung: each block scans 2*blockDim elements
extern "C" __global__ void scan_brent_kung(const int *X, int *Y, int *S, unsigned n)
{
    __shared__ int XY[2 * SECTION];
    unsigned i = 2 * blockIdx.x * blockDim.x + threadIdx.x;
    XY[threadIdx.x] = i < n ? X[i] : 0;
    XY[threadIdx.x + blockDim.x] = i + blockDim.x < n ? X[i + blockDim.x] : 0;
    for (unsigned stride = 1; stride <= blockDim.x; stride *= 2) {
        __syncthreads();
        unsigned index = (threadIdx.x + 1) * 2 * stride - 1;
        if (index < 2 * blockDim.x) XY[index] += XY[index - stride];
    }
    for (int stride = blockDim.x / 2; stride > 0; stride /= 2) {
        __syncthreads();
        unsigned index = (threadIdx.x + 1) * stride * 2 - 1;
        if (index + stride < 2 * blockDim.x) XY[index + stride] += XY[index];
    }
    __syncthreads();
    if (i < n) Y[i] = XY[threadIdx.x];
    if (i + blockDim.x < n) Y[i + blockDim.x] = XY[threadIdx.x + blockDim.x];
    if (S && threadIdx.x == 0) S[blockIdx.x] = XY[2 * blockDim.x - 1];
}

// second kernel of the hierarchical scan: add the scanned block sums
extern "C" __global__ void scan_add_sums(int *Y, const int *Ssc, unsigned n, unsigned per_block)
{
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned b = i / per_block;
    if (i < n && b > 0) Y[i] += Ssc[b - 1];
}

// three-phase scan, coarsening factor CF, one block, dynamic shared memory
#define CF 4
extern "C" __global__ void scan_three_phase(const unsigned *X, unsigned *Y, unsigned n)
{
    extern __shared__ unsigned sh[];
    unsigned *last = sh + CF * blockDim.x;
    for (unsigned j = threadIdx.x; j < CF * blockDim.x; j += blockDim.x)
        sh[j] = j < n ? X[j] : 0u;
    __syncthreads();
    unsigned base = threadIdx.x * CF;
    for (unsigned j = 1; j < CF; ++j) sh[base + j] += sh[base + j - 1];
    last[threadIdx.x] = sh[base + CF - 1];
    for (unsigned stride = 1; stride < blockDim.x; stride *= 2) {
        __syncthreads();
        unsigned t = threadIdx.x >= stride ? last[threadIdx.x - stride] : 0u;
        __syncthreads();
        last[threadIdx.x] += t;
    }
    __syncthreads();
    unsigned add = threadIdx.x > 0 ? last[threadIdx.x - 1] : 0u;
    for (unsigned j = 0; j < CF; ++j) {
        unsigned k = base + j;
        if (k < n) Y[k] = sh[k] + add;
    }
}

// stream compaction: keep the elements above a threshold, order kept, with a block scan of flags
extern "C" __global__ void compact_block(const int *in, int *out, int *count, int n, int thr)
{
    __shared__ int flags[SECTION];
    __shared__ int base;
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int v = i < n ? in[i] : 0;
    int keep = (i < n && v > thr) ? 1 : 0;
    flags[threadIdx.x] = keep;
    for (int s = 1; s < blockDim.x; s <<= 1) {
        __syncthreads();
        int t = threadIdx.x >= s ? flags[threadIdx.x - s] : 0;
        __syncthreads();
        flags[threadIdx.x] += t;
    }
    __syncthreads();
    if (threadIdx.x == blockDim.x - 1) base = atomicAdd(count, flags[threadIdx.x]);
    __syncthreads();
    // per-block segments land in arbitrary block order; each block writes its segment to the
    // slot range of its own block index (deterministic output) and the base as its offset
    if (keep) out[blockIdx.x * blockDim.x + flags[threadIdx.x] - 1] = v;
    if (threadIdx.x == 0) out[gridDim.x * blockDim.x + blockIdx.x] = flags[blockDim.x - 1];
}

// one radix-sort pass on a single bit: split by a block scan of the inverted bit (PMPP 13.2, one block)
extern "C" __global__ void radix_split(const unsigned *keys, unsigned *out, unsigned n, unsigned iter)
{
    __shared__ unsigned ones[1024];
    unsigned i = threadIdx.x;
    unsigned key = 0, bit = 0;
    if (i < n) { key = keys[i]; bit = (key >> iter) & 1u; }
    ones[i] = bit;
    for (unsigned s = 1; s < blockDim.x; s <<= 1) {
        __syncthreads();
        unsigned t = i >= s ? ones[i - s] : 0u;
        __syncthreads();
        ones[i] += t;
    }
    __syncthreads();
    unsigned onesBefore = ones[i] - bit;          // exclusive
    unsigned onesTotal = ones[n - 1];
    if (i < n) {
        unsigned dst = bit == 0 ? i - onesBefore : n - onesTotal + onesBefore;
        out[dst] = key;
    }
}

// merge of two sorted int arrays with co-rank, one output segment per thread (PMPP ch. 12)
__device__ int co_rank(int k, const int *A, int m, const int *B, int n)
{
    int i = k < m ? k : m;
    int j = k - i;
    int i_low = 0 > (k - n) ? 0 : k - n;
    int j_low = 0 > (k - m) ? 0 : k - m;
    int delta;
    bool active = true;
    while (active) {
        if (i > 0 && j < n && A[i - 1] > B[j]) {
            delta = ((i - i_low + 1) >> 1);
            j_low = j;
            j = j + delta;
            i = i - delta;
        } else if (j > 0 && i < m && B[j - 1] >= A[i]) {
            delta = ((j - j_low + 1) >> 1);
            i_low = i;
            i = i + delta;
            j = j - delta;
        } else {
            active = false;
        }
    }
    return i;
}
__device__ void merge_sequential(const int *A, int m, const int *B, int n, int *C)
{
    int i = 0, j = 0, k = 0;
    while (i < m && j < n) C[k++] = A[i] <= B[j] ? A[i++] : B[j++];
    if (i == m) while (j < n) C[k++] = B[j++];
    else while (i < m) C[k++] = A[i++];
}
extern "C" __global__ void merge_basic(const int *A, int m, const int *B, int n, int *C)
{
    int tid = blockIdx.x * blockDim.x + threadIdx.x;
    int total = blockDim.x * gridDim.x;
    int per = (m + n + total - 1) / total;
    int k_curr = tid * per < m + n ? tid * per : m + n;
    int k_next = (tid + 1) * per < m + n ? (tid + 1) * per : m + n;
    int i_curr = co_rank(k_curr, A, m, B, n);
    int i_next = co_rank(k_next, A, m, B, n);
    int j_curr = k_curr - i_curr, j_next = k_next - i_next;
    merge_sequential(&A[i_curr], i_next - i_curr, &B[j_curr], j_next - j_curr, &C[k_curr]);
}
