// Needleman-Wunsch (Rodinia needle style): one 16x16 tile per CTA computed anti-diagonal by anti-diagonal in shared memory
#define BS 16
__device__ __host__ int maximum(int a, int b, int c) { int k = a <= b ? b : a; return k <= c ? c : k; }
extern "C" __global__ void needle_tile(const int *reference, int *matrix, int cols, int penalty)
{
    // matrix is (BS+1) x (BS+1) per block, laid out with row stride cols; block b handles the tile at (b*BS, 0) offset rows
    int bx = blockIdx.x, tx = threadIdx.x;
    __shared__ int temp[BS + 1][BS + 1];
    __shared__ int ref[BS][BS];
    int base = bx * (BS + 1) * cols;
    for (int ty = 0; ty < BS; ++ty) ref[ty][tx] = reference[bx * BS * BS + ty * BS + tx];
    if (tx == 0) temp[0][0] = matrix[base];
    temp[tx + 1][0] = matrix[base + (tx + 1) * cols];
    temp[0][tx + 1] = matrix[base + tx + 1];
    __syncthreads();
    for (int m = 0; m < BS; m++) {
        if (tx <= m) {
            int t_x = tx + 1, t_y = m - tx + 1;
            temp[t_y][t_x] = maximum(temp[t_y - 1][t_x - 1] + ref[t_y - 1][t_x - 1], temp[t_y][t_x - 1] - penalty, temp[t_y - 1][t_x] - penalty);
        }
        __syncthreads();
    }
    for (int m = BS - 2; m >= 0; m--) {
        if (tx <= m) {
            int t_x = tx + BS - m, t_y = BS - tx;
            temp[t_y][t_x] = maximum(temp[t_y - 1][t_x - 1] + ref[t_y - 1][t_x - 1], temp[t_y][t_x - 1] - penalty, temp[t_y - 1][t_x] - penalty);
        }
        __syncthreads();
    }
    for (int ty = 0; ty < BS; ++ty) matrix[base + (ty + 1) * cols + tx + 1] = temp[ty + 1][tx + 1];
}
// edit distance of two byte strings per CTA: anti-diagonal wavefront over three rolling diagonals in shared memory
extern "C" __global__ void edit_distance(const unsigned char *a, const unsigned char *b, int n, int *out)
{
    extern __shared__ int diag[];          // 3 * (n + 1)
    int *d0 = diag, *d1 = diag + (n + 1), *d2 = diag + 2 * (n + 1);
    const unsigned char *s = a + blockIdx.x * n, *t = b + blockIdx.x * n;
    int i = threadIdx.x;                   // row index 0..n
    for (int k = 0; k <= 2 * n; ++k) {
        // cell (i, j) with i + j == k
        int j = k - i;
        if (i <= n && j >= 0 && j <= n) {
            int v;
            if (i == 0) v = j; else if (j == 0) v = i;
            else {
                int sub = d0[i - 1] + (s[i - 1] != t[j - 1]);
                int del = d1[i - 1] + 1, ins = d1[i] + 1;
                v = min(sub, min(del, ins));
            }
            d2[i] = v;
        }
        __syncthreads();
        int *tmp = d0; d0 = d1; d1 = d2; d2 = tmp;
    }
    if (i == n) out[blockIdx.x] = d1[n];
}
