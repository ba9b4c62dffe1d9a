// ur12: a fast Walsh-Hadamard transform of 16-bit rows, written after the structure of HeCBench
// hadamard's fast_hadamard_transform_kernel (Tri Dao's fast-hadamard-transform): C chunks of 8
// values per thread, butterflies in registers, across the warp (shuffles) and across the warps
// (shared memory, XOR-swizzled), scaled by a kernel parameter.  ptxas 13.0 for sm_120 keeps a copy
// of the scale per multiply in its own uniform register and names more than 63 (decision D12-U-2).
#include <cuda_bf16.h>

struct FwhtArgs {
    int rows, n;
    long long in_stride, out_stride;   // elements between rows
    float scale;
    const __nv_bfloat16 *in;
    __nv_bfloat16 *out;
};

template <int L> __device__ __forceinline__ void bfly(float (&v)[1 << L])
{
    #pragma unroll
    for (int s = 1; s < (1 << L); s *= 2)
        #pragma unroll
        for (int i = 0; i < (1 << L); i++)
            if (!(i & s)) { float a = v[i], b = v[i + s]; v[i] = a + b; v[i + s] = a - b; }
}

template <int C, int W>
__device__ __forceinline__ void warp_bfly(float (&v)[C][8], int lane)
{
    #pragma unroll
    for (int m = 1; m < W; m *= 2) {
        const float sg = (lane & m) ? -1.f : 1.f;
        #pragma unroll
        for (int c = 0; c < C; c++)
            #pragma unroll
            for (int i = 0; i < 8; i++) v[c][i] = sg * v[c][i] + __shfl_xor_sync(0xffffffffu, v[c][i], m);
    }
}

template <int C, int NW, bool PRE>
__device__ __forceinline__ void swap_smem(float (&v)[C][8], float4 *sm)
{
    constexpr int T = NW * 32;
    const int w = threadIdx.x / 32, l = threadIdx.x % 32, r = threadIdx.x % NW, q = threadIdx.x / NW;
    const int put = PRE ? w * 32 + (l ^ w) : r * 32 + (q ^ r);
    const int get = PRE ? r * 32 + (q ^ r) : w * 32 + (l ^ w);
    #pragma unroll
    for (int c0 = 0; c0 < C / 4; c0++) {          // four chunks (32 floats = eight float4) per round
        __syncthreads();
        #pragma unroll
        for (int c1 = 0; c1 < 4; c1++)
            #pragma unroll
            for (int h = 0; h < 2; h++)
                sm[(c1 * 2 + h) * T + put] = reinterpret_cast<float4 *>(v[c0 * 4 + c1])[h];
        __syncthreads();
        #pragma unroll
        for (int c1 = 0; c1 < 4; c1++)
            #pragma unroll
            for (int h = 0; h < 2; h++)
                reinterpret_cast<float4 *>(v[c0 * 4 + c1])[h] = sm[(c1 * 2 + h) * T + get];
    }
}

template <int C, int NW>
__global__ __launch_bounds__(NW * 32) void ur12_fwht(FwhtArgs a)
{
    constexpr int T = NW * 32;
    extern __shared__ float4 sm[];
    const __nv_bfloat16 *src = a.in + blockIdx.x * a.in_stride;
    __nv_bfloat16 *dst = a.out + blockIdx.x * a.out_stride;
    __nv_bfloat16 ld[C][8] = {{0}};
    #pragma unroll
    for (int c = 0; c < C; c++)
        if ((c * T + threadIdx.x) * 8 < a.n) reinterpret_cast<uint4 *>(ld)[c] = reinterpret_cast<const uint4 *>(src)[c * T + threadIdx.x];
    float v[C][8];
    #pragma unroll
    for (int c = 0; c < C; c++)
        #pragma unroll
        for (int i = 0; i < 8; i++) v[c][i] = __bfloat162float(ld[c][i]);
    #pragma unroll
    for (int c = 0; c < C; c++) bfly<3>(v[c]);
    warp_bfly<C, 32>(v, threadIdx.x % 32);
    swap_smem<C, NW, true>(v, sm);
    warp_bfly<C, NW>(v, threadIdx.x % NW);
    swap_smem<C, NW, false>(v, sm);
    float t[8][C];
    #pragma unroll
    for (int c = 0; c < C; c++)
        #pragma unroll
        for (int i = 0; i < 8; i++) t[i][c] = v[c][i];
    #pragma unroll
    for (int i = 0; i < 8; i++) bfly<3>(t[i]);
    __nv_bfloat16 st[C][8];
    #pragma unroll
    for (int c = 0; c < C; c++)
        #pragma unroll
        for (int i = 0; i < 8; i++) st[c][i] = __float2bfloat16(t[i][c] * a.scale);
    #pragma unroll
    for (int c = 0; c < C; c++)
        if ((c * T + threadIdx.x) * 8 < a.n) reinterpret_cast<uint4 *>(dst)[c * T + threadIdx.x] = reinterpret_cast<uint4 *>(st)[c];
}

template __global__ void ur12_fwht<8, 2>(FwhtArgs);     // 2^12 values per row, 64 threads
