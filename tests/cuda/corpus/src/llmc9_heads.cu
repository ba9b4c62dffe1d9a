// Causal attention scores in 8x8 register tiles per thread (direction llmc9, after the structure of
// llm.c's trimat_forward): the head size HS = C / NH and the head (b, h) = (blockIdx.z / NH,
// blockIdx.z % NH) are divisions of uniform values that nvcc for sm_120 keeps in the uniform
// datapath, with the Newton step `UIMAD.HI.U32 UR6, UR7, UR4, UR6` (decision D9-L-1); q and k rows
// are read as float4, so a wrong HS misaligns them.
__device__ __forceinline__ float4 load4(const float *a) { return *reinterpret_cast<const float4 *>(a); }
__device__ __forceinline__ void store4(float *a, float4 v) { *reinterpret_cast<float4 *>(a) = v; }

typedef void (*tile_fn)(float *dst, int ld, const float *keys, int kstride, const float *queries, int qstride,
                        int T, int HS, float scale);

// rows [128 bx + 8 tx, +8) x columns [128 by + 8 ty, +8) of queries . keys^T, tiles on or below the diagonal
__device__ void tile8x8(float *dst, int ld, const float *keys, int kstride, const float *queries, int qstride,
                        int T, int HS, float scale)
{
    int r0 = 128 * blockIdx.x + 8 * threadIdx.x;
    int c0 = 128 * blockIdx.y + 8 * threadIdx.y;
    if (c0 > r0) return;
    queries += r0 * qstride;
    keys += c0 * kstride;
    dst += r0 * ld + c0;
    float acc[8][8] = {};
    for (int s = 0; s < HS; s += 4) {
        float4 kv[8];
        for (int u = 0; u < 8; ++u) kv[u] = load4(keys + u * kstride + s);
        for (int i = 0; i < 8; ++i) {
            float4 qv = load4(queries + i * qstride + s);
            for (int j = 0; j < 8; ++j) {
                acc[i][j] += qv.x * kv[j].x;
                acc[i][j] += qv.y * kv[j].y;
                acc[i][j] += qv.z * kv[j].z;
                acc[i][j] += qv.w * kv[j].w;
            }
        }
    }
    for (int i = 0; i < 8; ++i)
        for (int j = 0; j < 8; j += 4)
            store4(dst + i * ld + j, make_float4(acc[i][j] * scale, acc[i][j + 1] * scale, acc[i][j + 2] * scale,
                                                 acc[i][j + 3] * scale));
}

// qkv: (B, T, 3, NH, HS) floats; scores: (B, NH, T, T); blocks of 16 x 16, grid (T/128, T/128, B*NH)
template <tile_fn TILE>
__global__ void __launch_bounds__(256, 2) head_scores(float *scores, const float *qkv, int T, int C, int NH)
{
    if (blockIdx.y > blockIdx.x) return;
    int row = 3 * C;
    int HS = C / NH;
    float scale = 1.0 / sqrtf(HS);
    int b = blockIdx.z / NH, h = blockIdx.z % NH;
    const float *queries = qkv + b * T * row + h * HS;
    const float *keys = qkv + b * T * row + h * HS + C;
    TILE(scores + (b * NH + h) * T * T, T, keys, row, queries, row, T, HS, scale);
}
template __global__ void head_scores<tile8x8>(float *, const float *, int, int, int);
