// blind25 (session 25): a third blind corpus, written for gpuisa as an unknown engineer's
// "ordinary nvcc -O3 kernels": textbook algorithms (Floyd-Warshall in shared memory, n-queens by
// backtracking, edit distance, Morton codes, a per-thread quicksort, k nearest neighbours) whose
// code has local arrays, data-dependent loops and 64-bit bit tricks.

#define FW_N 32

__global__ void floydWarshallShared(int* dist)
{
    __shared__ int d[FW_N][FW_N + 1];
    int i = threadIdx.y, j = threadIdx.x;
    d[i][j] = dist[i * FW_N + j];
    __syncthreads();
    for (int k = 0; k < FW_N; ++k) {
        int via = d[i][k] + d[k][j];
        __syncthreads();
        if (via < d[i][j]) d[i][j] = via;
        __syncthreads();
    }
    dist[i * FW_N + j] = d[i][j];
}

__device__ bool safe(const int* cols, int row, int c)
{
    for (int r = 0; r < row; ++r) {
        int d = cols[r] - c;
        if (d == 0 || d == row - r || d == r - row) return false;
    }
    return true;
}

// one thread per placement of the first two queens; iterative backtracking over the others
__global__ void nqueens(int n, int* counts)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n * n) return;
    int cols[12];
    cols[0] = t % n;
    cols[1] = t / n;
    int found = 0;
    if (safe(cols, 1, cols[1])) {
        int row = 2;
        cols[2] = -1;
        while (row >= 2) {
            int c = cols[row] + 1;
            while (c < n && !safe(cols, row, c)) ++c;
            if (c == n) { --row; continue; }
            cols[row] = c;
            if (row == n - 1) { ++found; continue; }
            ++row;
            cols[row] = -1;
        }
    }
    counts[t] = found;
}

#define ED_LEN 16

extern "C" __global__ void editDistance(const unsigned char* a, const unsigned char* b, int* out, int pairs)
{
    int p = blockIdx.x * blockDim.x + threadIdx.x;
    if (p >= pairs) return;
    const unsigned char* s = a + p * ED_LEN;
    const unsigned char* u = b + p * ED_LEN;
    int row[ED_LEN + 1];
    for (int j = 0; j <= ED_LEN; ++j) row[j] = j;
    for (int i = 1; i <= ED_LEN; ++i) {
        int diag = row[0];
        row[0] = i;
        for (int j = 1; j <= ED_LEN; ++j) {
            int up = row[j];
            int cost = s[i - 1] == u[j - 1] ? 0 : 1;
            row[j] = min(min(row[j] + 1, row[j - 1] + 1), diag + cost);
            diag = up;
        }
    }
    out[p] = row[ED_LEN];
}

__device__ unsigned long long spread3(unsigned v)
{
    unsigned long long x = v & 0x1fffff;
    x = (x | x << 32) & 0x1f00000000ffffULL;
    x = (x | x << 16) & 0x1f0000ff0000ffULL;
    x = (x | x << 8) & 0x100f00f00f00f00fULL;
    x = (x | x << 4) & 0x10c30c30c30c30c3ULL;
    x = (x | x << 2) & 0x1249249249249249ULL;
    return x;
}

__device__ unsigned compact3(unsigned long long x)
{
    x &= 0x1249249249249249ULL;
    x = (x ^ (x >> 2)) & 0x10c30c30c30c30c3ULL;
    x = (x ^ (x >> 4)) & 0x100f00f00f00f00fULL;
    x = (x ^ (x >> 8)) & 0x1f0000ff0000ffULL;
    x = (x ^ (x >> 16)) & 0x1f00000000ffffULL;
    x = (x ^ (x >> 32)) & 0x1fffff;
    return (unsigned)x;
}

__global__ void morton3D(const unsigned* xyz, unsigned long long* code, unsigned* back, int n)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
        unsigned x = xyz[3 * i], y = xyz[3 * i + 1], z = xyz[3 * i + 2];
        unsigned long long c = spread3(x) | spread3(y) << 1 | spread3(z) << 2;
        code[i] = c;
        back[3 * i] = compact3(c);
        back[3 * i + 1] = compact3(c >> 1);
        back[3 * i + 2] = compact3(c >> 2);
    }
}

#define QS_N 16

__global__ void localQuicksort(float* data)
{
    float v[QS_N];
    float* p = data + (blockIdx.x * blockDim.x + threadIdx.x) * QS_N;
    for (int i = 0; i < QS_N; ++i) v[i] = p[i];
    int stack[2 * QS_N];
    int top = 0;
    stack[top++] = 0;
    stack[top++] = QS_N - 1;
    while (top > 0) {
        int hi = stack[--top];
        int lo = stack[--top];
        if (lo >= hi) continue;
        float pivot = v[(lo + hi) / 2];
        int i = lo, j = hi;
        while (i <= j) {
            while (v[i] < pivot) ++i;
            while (v[j] > pivot) --j;
            if (i <= j) { float t = v[i]; v[i] = v[j]; v[j] = t; ++i; --j; }
        }
        if (lo < j) { stack[top++] = lo; stack[top++] = j; }
        if (i < hi) { stack[top++] = i; stack[top++] = hi; }
    }
    for (int i = 0; i < QS_N; ++i) p[i] = v[i];
}

#define KNN_K 4

__global__ void knnTopK(const float2* pts, int n, const float2* queries, int* idx, float* dist)
{
    int q = blockIdx.x * blockDim.x + threadIdx.x;
    float2 qq = queries[q];
    float bd[KNN_K];
    int bi[KNN_K];
    for (int k = 0; k < KNN_K; ++k) { bd[k] = 3.0e38f; bi[k] = -1; }
    for (int p = 0; p < n; ++p) {
        float dx = pts[p].x - qq.x, dy = pts[p].y - qq.y;
        float d = dx * dx + dy * dy;
        if (d < bd[KNN_K - 1]) {
            int k = KNN_K - 1;
            while (k > 0 && bd[k - 1] > d) { bd[k] = bd[k - 1]; bi[k] = bi[k - 1]; --k; }
            bd[k] = d;
            bi[k] = p;
        }
    }
    for (int k = 0; k < KNN_K; ++k) { idx[q * KNN_K + k] = bi[k]; dist[q * KNN_K + k] = bd[k]; }
}
