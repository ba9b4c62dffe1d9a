// Rodinia: hotspot (one step, pyramid of 1), pathfinder (one row step), backprop layerforward (powf(2, i) reduction), srad-style double promotions
#define BLOCK_SIZE 16
#define IN_RANGE(x, min, max) ((x) >= (min) && (x) <= (max))
#define CLAMP_RANGE(x, min, max) x = (x < (min)) ? min : ((x > (max)) ? max : x)
#define MIN(a, b) ((a) <= (b) ? (a) : (b))
extern "C" __global__ void hotspot_step(const float *power, const float *temp_src, float *temp_dst, int grid_cols, int grid_rows,
                                        float Cap, float Rx, float Ry, float Rz, float step)
{
    __shared__ float temp_on_cuda[BLOCK_SIZE][BLOCK_SIZE];
    __shared__ float power_on_cuda[BLOCK_SIZE][BLOCK_SIZE];
    float amb_temp = 80.0f;
    float step_div_Cap = step / Cap;
    float Rx_1 = 1 / Rx, Ry_1 = 1 / Ry, Rz_1 = 1 / Rz;
    int bx = blockIdx.x, by = blockIdx.y, tx = threadIdx.x, ty = threadIdx.y;
    int small_block_rows = BLOCK_SIZE - 2, small_block_cols = BLOCK_SIZE - 2;
    int blkY = small_block_rows * by - 1, blkX = small_block_cols * bx - 1;
    int yidx = blkY + ty, xidx = blkX + tx;
    int loadYidx = yidx, loadXidx = xidx;
    int index = grid_cols * loadYidx + loadXidx;
    if (IN_RANGE(loadYidx, 0, grid_rows - 1) && IN_RANGE(loadXidx, 0, grid_cols - 1)) {
        temp_on_cuda[ty][tx] = temp_src[index];
        power_on_cuda[ty][tx] = power[index];
    }
    __syncthreads();
    int validYmin = (blkY < 0) ? -blkY : 0;
    int validYmax = (blkY + BLOCK_SIZE - 1 > grid_rows - 1) ? BLOCK_SIZE - 1 - (blkY + BLOCK_SIZE - 1 - grid_rows + 1) : BLOCK_SIZE - 1;
    int validXmin = (blkX < 0) ? -blkX : 0;
    int validXmax = (blkX + BLOCK_SIZE - 1 > grid_cols - 1) ? BLOCK_SIZE - 1 - (blkX + BLOCK_SIZE - 1 - grid_cols + 1) : BLOCK_SIZE - 1;
    int N = ty - 1, S = ty + 1, W = tx - 1, E = tx + 1;
    N = (N < validYmin) ? validYmin : N; S = (S > validYmax) ? validYmax : S;
    W = (W < validXmin) ? validXmin : W; E = (E > validXmax) ? validXmax : E;
    if (IN_RANGE(tx, 1, BLOCK_SIZE - 2) && IN_RANGE(ty, 1, BLOCK_SIZE - 2) && IN_RANGE(tx, validXmin, validXmax) && IN_RANGE(ty, validYmin, validYmax)) {
        float t = temp_on_cuda[ty][tx] + step_div_Cap * (power_on_cuda[ty][tx] + (temp_on_cuda[S][tx] + temp_on_cuda[N][tx] - 2.0f * temp_on_cuda[ty][tx]) * Ry_1 +
                  (temp_on_cuda[ty][E] + temp_on_cuda[ty][W] - 2.0f * temp_on_cuda[ty][tx]) * Rx_1 + (amb_temp - temp_on_cuda[ty][tx]) * Rz_1);
        temp_dst[index] = t;
    }
}
extern "C" __global__ void pathfinder_row(const int *wall, const int *src, int *dst, int cols, int row)
{
    __shared__ int prev[256];
    __shared__ int result[256];
    int tx = threadIdx.x;
    int xidx = blockIdx.x * blockDim.x + tx;
    if (IN_RANGE(xidx, 0, cols - 1)) prev[tx] = src[xidx];
    __syncthreads();
    if (IN_RANGE(xidx, 0, cols - 1)) {
        int W = tx - 1, E = tx + 1;
        int left = (W >= 0 && xidx - 1 >= 0) ? prev[W] : prev[tx];
        int right = (E < (int)blockDim.x && xidx + 1 < cols) ? prev[E] : prev[tx];
        if (W < 0 && xidx - 1 >= 0) left = src[xidx - 1];
        if (E >= (int)blockDim.x && xidx + 1 < cols) right = src[xidx + 1];
        int shortest = MIN(left, prev[tx]);
        shortest = MIN(shortest, right);
        result[tx] = shortest + wall[cols * row + xidx];
    }
    __syncthreads();
    if (IN_RANGE(xidx, 0, cols - 1)) dst[xidx] = result[tx];
}
#define HEIGHT 16
#define WIDTH 16
extern "C" __global__ void bpnn_layerforward(const float *input_cuda, float *input_hidden_cuda, float *hidden_partial_sum, int in, int hid)
{
    int by = blockIdx.y, tx = threadIdx.x, ty = threadIdx.y;
    int index = (hid + 1) * HEIGHT * by + (hid + 1) * ty + tx + 1 + (hid + 1);
    int index_in = HEIGHT * by + ty + 1;
    __shared__ float input_node[HEIGHT];
    __shared__ float weight_matrix[HEIGHT][WIDTH];
    if (tx == 0) input_node[ty] = input_cuda[index_in];
    __syncthreads();
    weight_matrix[ty][tx] = input_hidden_cuda[index];
    __syncthreads();
    weight_matrix[ty][tx] = weight_matrix[ty][tx] * input_node[ty];
    __syncthreads();
    for (int i = 1; i <= __log2f(HEIGHT); i++) {
        int power_two = __powf(2, i);
        if (ty % power_two == 0) weight_matrix[ty][tx] = weight_matrix[ty][tx] + weight_matrix[ty + power_two / 2][tx];
        __syncthreads();
    }
    input_hidden_cuda[index] = weight_matrix[ty][tx];
    __syncthreads();
    if (tx == 0) hidden_partial_sum[by * hid + ty] = weight_matrix[tx][ty];
}
extern "C" __global__ void backprop_sigmoid(const float *x, float *y, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = (1.0 / (1.0 + exp(-x[i])));          // Rodinia's squash: double arithmetic on a float
}
// srad-style: float image, coefficients computed with double literals (F2F promotions), clamp to [0,1]
extern "C" __global__ void srad_coef(const float *J, float *C, int rows, int cols, float q0sqr)
{
    int c = blockIdx.x * blockDim.x + threadIdx.x, r = blockIdx.y * blockDim.y + threadIdx.y;
    if (r >= rows || c >= cols) return;
    int k = r * cols + c;
    float Jc = J[k];
    float dN = J[max(r - 1, 0) * cols + c] - Jc, dS = J[min(r + 1, rows - 1) * cols + c] - Jc;
    float dW = J[r * cols + max(c - 1, 0)] - Jc, dE = J[r * cols + min(c + 1, cols - 1)] - Jc;
    float G2 = (dN * dN + dS * dS + dW * dW + dE * dE) / (Jc * Jc);
    float L = (dN + dS + dW + dE) / Jc;
    float num = (0.5 * G2) - ((1.0 / 16.0) * (L * L));
    float den = 1 + (.25 * L);
    float qsqr = num / (den * den);
    den = (qsqr - q0sqr) / (q0sqr * (1 + q0sqr));
    float cv = 1.0 / (1.0 + den);
    C[k] = cv < 0 ? 0 : (cv > 1 ? 1 : cv);
}
