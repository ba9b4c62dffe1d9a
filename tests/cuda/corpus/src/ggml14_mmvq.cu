// Quantized matrix-vector product in the way llama.cpp's mmvq does it (own re-write): q4_0 weight
// blocks (a half scale + 16 bytes of packed nibbles, 18 bytes: no 4-byte alignment, read as 16-bit
// halves), activations quantized to q8_1 blocks (half2 {d, d*sum} + 32 int8), __dp4a on the
// unpacked nibbles, a templated warp reduction with __shfl_xor_sync, __launch_bounds__ with
// min-blocks; plus the activation quantizer and a get_rows dequantizer.
#include <cuda_fp16.h>
#include <stdint.h>

#define QK4_0 32
#define QK8_1 32
struct block_q4_0 { half d; uint8_t qs[QK4_0 / 2]; };
struct block_q8_1 { half2 ds; int8_t qs[QK8_1]; };
static_assert(sizeof(block_q4_0) == 18, "q4_0 size");
static_assert(sizeof(block_q8_1) == 36, "q8_1 size");

template <int width = 32>
static __device__ __forceinline__ float warp_sum(float x) {
#pragma unroll
    for (int off = width / 2; off > 0; off >>= 1) x += __shfl_xor_sync(0xffffffff, x, off, width);
    return x;
}
template <int width = 32>
static __device__ __forceinline__ float warp_max(float x) {
#pragma unroll
    for (int off = width / 2; off > 0; off >>= 1) x = fmaxf(x, __shfl_xor_sync(0xffffffff, x, off, width));
    return x;
}

// 18-byte blocks: two aligned 16-bit loads make one 32-bit word
static __device__ __forceinline__ int load_int_b2(const void *p, int i) {
    const uint16_t *h = (const uint16_t *)p;
    return h[2 * i] | (h[2 * i + 1] << 16);
}
static __device__ __forceinline__ int load_int_b4(const void *p, int i) { return ((const int *)p)[i]; }

// one thread: 2 ints of a q4_0 block (8 nibbles low + 8 nibbles high) against 4 ints of q8_1
static __device__ __forceinline__ float dot_q4_0_q8_1(const block_q4_0 *bq, const block_q8_1 *bq8, int iqs) {
    int sumi = 0;
#pragma unroll
    for (int i = 0; i < 2; ++i) {
        const int v = load_int_b2(bq->qs, iqs + i);
        const int lo = (v >> 0) & 0x0F0F0F0F;
        const int hi = (v >> 4) & 0x0F0F0F0F;
        sumi = __dp4a(lo, load_int_b4(bq8->qs, iqs + i), sumi);
        sumi = __dp4a(hi, load_int_b4(bq8->qs, iqs + i + 4), sumi);
    }
    const float d4 = __half2float(bq->d);
    const float2 ds8 = __half22float2(bq8->ds);
    return d4 * (sumi * ds8.x - (8 * 2 / 4) * ds8.y);
}

template <int nwarps>
__launch_bounds__(nwarps * 32, 1)
__global__ void mul_mat_vec_q4_0(const void *__restrict__ vx, const void *__restrict__ vy, float *__restrict__ dst,
                                 const int ncols, const int nrows) {
    const int row = blockIdx.x;
    const int tid = threadIdx.y * 32 + threadIdx.x;
    const int blocks_per_row = ncols / QK4_0;
    const block_q4_0 *x = (const block_q4_0 *)vx + (size_t)row * blocks_per_row;
    const block_q8_1 *y = (const block_q8_1 *)vy;
    float tmp = 0.0f;
    // two threads per block (iqs 0 and 2)
    for (int kbx = tid / 2; kbx < blocks_per_row; kbx += nwarps * 16) {
        tmp += dot_q4_0_q8_1(&x[kbx], &y[kbx], 2 * (tid % 2));
    }
    __shared__ float partial[nwarps > 1 ? nwarps - 1 : 1][32];
    if (threadIdx.y > 0) partial[threadIdx.y - 1][threadIdx.x] = tmp;
    __syncthreads();
    if (threadIdx.y > 0) return;
#pragma unroll
    for (int w = 0; w < nwarps - 1; ++w) tmp += partial[w][threadIdx.x];
    tmp = warp_sum(tmp);
    if (threadIdx.x == 0 && row < nrows) dst[row] = tmp;
}

template __global__ void mul_mat_vec_q4_0<4>(const void *__restrict__, const void *__restrict__, float *__restrict__, int, int);
template __global__ void mul_mat_vec_q4_0<1>(const void *__restrict__, const void *__restrict__, float *__restrict__, int, int);

// f32 -> q8_1: a warp per block of 32, amax and sum by shuffles over the block
__global__ void quantize_q8_1(const float *__restrict__ x, void *__restrict__ vy, const int n) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    block_q8_1 *y = (block_q8_1 *)vy;
    const int ib = i / QK8_1, iq = i % QK8_1;
    const float xi = x[i];
    const float amax = warp_max(fabsf(xi));
    const float d = amax / 127;
    const int8_t q = amax == 0.0f ? 0 : (int8_t)roundf(xi / d);
    const float sum = warp_sum((float)q);
    y[ib].qs[iq] = q;
    if (iq > 0) return;
    y[ib].ds = make_half2(__float2half(d), __float2half(sum * d));
}

// get_rows: dequantize the chosen rows of a q4_0 matrix to f32, two values per thread
__global__ void get_rows_q4_0(const void *__restrict__ vx, const int *__restrict__ rows, float *__restrict__ dst,
                              const int ncols) {
    const int i = 2 * (blockIdx.x * blockDim.x + threadIdx.x);
    const int r = blockIdx.y;
    if (i >= ncols) return;
    const block_q4_0 *x = (const block_q4_0 *)vx + (size_t)__ldg(&rows[r]) * (ncols / QK4_0);
    const int ib = i / QK4_0, iqs = (i % QK4_0) / 2;       // two neighbours: nibble j and j + 16 of byte j
    const float d = __half2float(x[ib].d);
    const int vui = x[ib].qs[iqs];
    float2 v = make_float2((float)(vui & 0xF), (float)(vui >> 4));
    v.x = (v.x - 8.0f) * d;
    v.y = (v.y - 8.0f) * d;
    float *out = dst + (size_t)r * ncols + ib * QK4_0 + iqs;
    out[0] = v.x;
    out[QK4_0 / 2] = v.y;
}
