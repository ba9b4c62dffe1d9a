// cuda_fuzz seed 5265 (generator version 2): scripts/cuda_fuzz.py, reference tests/cuda/cudafuzz.py
// launch: grid [2, 1, 1], block [16, 4, 1]
#define I32MIN (-2147483647 - 1)
#define I64MIN (-9223372036854775807ll - 1)
__device__ __forceinline__ int sdiv32(int a, int b) { return (b == 0 || (a == I32MIN && b == -1)) ? a : a / b; }
__device__ __forceinline__ int smod32(int a, int b) { return (b == 0 || (a == I32MIN && b == -1)) ? a : a % b; }
__device__ __forceinline__ unsigned udiv32(unsigned a, unsigned b) { return b == 0 ? a : a / b; }
__device__ __forceinline__ unsigned umod32(unsigned a, unsigned b) { return b == 0 ? a : a % b; }
__device__ __forceinline__ long long sdiv64(long long a, long long b) { return (b == 0 || (a == I64MIN && b == -1)) ? a : a / b; }
__device__ __forceinline__ long long smod64(long long a, long long b) { return (b == 0 || (a == I64MIN && b == -1)) ? a : a % b; }
__device__ __forceinline__ unsigned long long udiv64(unsigned long long a, unsigned long long b) { return b == 0 ? a : a / b; }
__device__ __forceinline__ unsigned long long umod64(unsigned long long a, unsigned long long b) { return b == 0 ? a : a % b; }
__device__ __forceinline__ int sabs32(int a) { return a == I32MIN ? a : abs(a); }
__device__ __forceinline__ unsigned fbits(float f) { return f != f ? 0x7fffffffu : __float_as_uint(f); }
__device__ __forceinline__ void cas_add(unsigned *p, unsigned v)
{
    unsigned old = *(volatile unsigned *)p, assumed;
    do { assumed = old; old = atomicCAS(p, assumed, assumed + v); } while (old != assumed);
}
__device__ __forceinline__ void cas_max(unsigned *p, unsigned v)
{
    unsigned old = *(volatile unsigned *)p, assumed;
    do { assumed = old; old = atomicCAS(p, assumed, max(assumed, v)); } while (old != assumed);
}
__device__ __forceinline__ float nzf(float x) { return x != x ? 0.0f : x; }
__device__ __forceinline__ double nzd(double x) { return x != x ? 0.0 : x; }
__device__ __forceinline__ float fin(float x) { return x - x == 0.0f ? x : 0.0f; }
__device__ __forceinline__ unsigned long long dbits(double d)
{
    return d != d ? 0x7fffffffffffffffull : (unsigned long long)__double_as_longlong(d);
}
__device__ __forceinline__ void cas_add64(unsigned long long *p, unsigned long long v)
{
    unsigned long long old = *(volatile unsigned long long *)p, assumed;
    do { assumed = old; old = atomicCAS(p, assumed, assumed + v); } while (old != assumed);
}

__device__ __noinline__ long long f0(unsigned long long p0, float p1, long long p2, unsigned char p3, float p4, unsigned char p5, unsigned long long p6)
{
    double l0 = (double)(sqrt(fabs(__hiloint2double(((int)(p0)), ((int)(p3))))));
    unsigned long long l1 = (unsigned long long)(((((unsigned long long)(__popcll(4294967296ull)))) ^ (((unsigned long long)(p5)))));
    p3 = (unsigned char)(((int)(((((((long long)(l1))) >> (((-9223372036854775807ll - 1)) & 63))) & (((long long)(__hadd(((int)(l1)), ((int)(p6))))))))));
    return (long long)(((long long)(l1)));
}

extern "C" __global__ void __launch_bounds__(64) fz5265(const int *__restrict__ in0, const int *__restrict__ in1, unsigned *out, unsigned *cnt, unsigned long long *cnt64, unsigned *cnt2, float *fcnt, double *dcnt, unsigned *priv, unsigned long long *priv64, unsigned *gs, float *fpriv)
{
    __shared__ int sh[64], shw[64];
    __shared__ unsigned scnt[8];
    __shared__ unsigned scnt2[6], shpriv[64];
    __shared__ float sfcnt[2];
    __shared__ double shd[64];
    __shared__ unsigned long long scnt64[8];
    const int tid = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const int bid = blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z);
    const int gid = bid * (blockDim.x * blockDim.y * blockDim.z) + tid, lane = tid & 31;
    const int tx = threadIdx.x, ty = threadIdx.y, tz = threadIdx.z;
    shpriv[tid] = (unsigned)tid * 0x9e3779b9u;
    if (tid < 2) sfcnt[tid] = 0.0f;
    if (tid == 0) scnt2[0] = 0u;
    if (tid == 1) scnt2[1] = 2147483647u;
    if (tid == 2) scnt2[2] = 2147483647u;
    if (tid == 3) scnt2[3] = 2147483648u;
    if (tid == 4) scnt2[4] = 4294967295u;
    if (tid == 5) scnt2[5] = 0u;
    if (tid == 0) scnt64[0] = 0ull;
    if (tid == 1) scnt64[1] = 9223372036854775807ull;
    if (tid == 2) scnt64[2] = 9223372036854775808ull;
    if (tid == 3) scnt64[3] = 18446744073709551615ull;
    if (tid == 4) scnt64[4] = 0ull;
    if (tid == 5) scnt64[5] = 18446744073709551615ull;
    if (tid == 6) scnt64[6] = 0ull;
    if (tid == 7) scnt64[7] = 0ull;
    const int o = gid * 17;
    if (tid < 8) scnt[tid] = tid == 4 ? 0xffffffffu : 0u;
    int loc[8];
    for (int k = 0; k < 8; k++) loc[k] = in1[(gid + k) & 255];
    float v0 = 0.1f;
    bool v1 = ((((int)(((unsigned long long)(((__uint2float_rn(((unsigned)(loc[(unsigned)(bid) & 7u])))) == (__uint2float_rz(((unsigned)(tx)))))))))) != 0);
    bool v2 = ((((int)((unsigned)(((int)((unsigned)(tz) * (unsigned)((31))))) + (unsigned)(((((unsigned)(tz))) > (((unsigned)(ty)))))))) != 0);
    unsigned long long v3 = (unsigned long long)(((unsigned long long)(ty)));
    bool v4 = ((((int)(f0(((unsigned long long)(((tz) <= (lane)))), ((__ull2float_rd(((unsigned long long)(bid)))) + (1e-3f)), ((long long)(((((unsigned long long)(ty))) != (((unsigned long long)(in0[(unsigned)((-1000103596)) & 255u])))))), ((unsigned char)(((int)(__funnelshift_r(((unsigned)(ty)), 2147483648u, ((unsigned)(loc[(unsigned)(in0[(unsigned)(loc[(unsigned)(loc[(unsigned)(in1[(unsigned)(in0[(unsigned)((255)) & 255u]) & 255u]) & 7u]) & 7u]) & 255u]) & 7u]))))))), ((3e38f) - (1.0f)), ((unsigned char)(smod32((-497930416), lane))), ((unsigned long long)(((long long)(tx)))))))) != 0);
    double v5 = (double)(((((double)(__int2float_rn(ty)))) - (((__ull2double_rd(9223372036854775808ull)) - (__uint2double_rn(2147483647u))))));
    __syncthreads();
    int c3 = (((long long)((((((~(((long long)(in0[(unsigned)(tz) & 255u]))))) ? (((long long)((unsigned long long)(((long long)(loc[(unsigned)(bid) & 7u]))) << ((((long long)(lane))) & 63)))) : ((((63ll)) ^ ((4294967296ll)))))) && (((int)(__double2uint_rd(__drcp_rd(__ll2double_rz((6172930105962776878ll))))))))))) != 0;
    unsigned m1 = __ballot_sync(0xffffffffu, c3);
    unsigned e2 = 0xffffffffu & ~m1;
    if (c3) {
        v2 = ((atomicAdd(&priv64[gid], (unsigned long long)(umod64(((((unsigned long long)(in0[(unsigned)(in1[(unsigned)(((int)(v3))) & 255u]) & 255u]))) - (((unsigned long long)(lane)))), ((unsigned long long)(f0(((unsigned long long)(tz)), __uint2float_ru(255u), ((long long)(v3)), ((unsigned char)(tx)), v0, ((unsigned char)(in0[(unsigned)(gid) & 255u])), ((unsigned long long)(gid))))))))) != 0);
    } else {
        if (1ull) {
            if (2u) {
                atomicAdd(&sfcnt[1], (float)((unsigned)(((unsigned)(v2))) & 63u) * 0.25f);
                v1 = ((in0[(unsigned)(((int)(v2))) & 255u]) != 0);
                v0 = atomicAdd(&fpriv[gid], fin(((__ull2float_rn(((unsigned long long)(loc[(unsigned)((32)) & 7u])))) * (v0))));
            }
            if (((long long)(v4))) {
                v3 = (unsigned long long)(((unsigned long long)(((((((int)(max(((unsigned long long)(in0[(unsigned)(loc[(unsigned)(bid) & 7u]) & 255u])), ((unsigned long long)(in1[(unsigned)(gid) & 255u])))))) && (((long long)(((unsigned)(v4))))))) == ((((216106400)) ^ (((loc[(unsigned)(((int)(v1))) & 7u]) ? ((-128)) : ((-1))))))))));
                v0 = atomicMax((int *)&shpriv[tid], (int)(((unsigned)(in0[(unsigned)(in1[(unsigned)(tid) & 255u]) & 255u]))));
                atomicAdd(&scnt64[0], (unsigned long long)(((unsigned long long)(((long long)(((unsigned)(((v0) < (1e20f))))))))));
            }
        } else {
            v1 = ((((gid) >> ((tz) & 31))) != 0);
            atomicAdd(&dcnt[0], (double)((unsigned)(((unsigned)(((unsigned long long)(((31u) != (((unsigned)(tz))))))))) & 0xffffu) * 0.5);
        }
        int c6 = (((unsigned)(((unsigned long long)(loc[(unsigned)(lane) & 7u]))))) != 0;
        unsigned m4 = __ballot_sync(e2, c6);
        unsigned e5 = e2 & ~m4;
        if (c6) {
            v0 = __shfl_sync(m4, v0, ((int)((unsigned)((31)) - (unsigned)(__clz(((int)(m4)))))));
            v4 = ((__any_sync(m4, ((int)(((long long)(in0[(unsigned)(in0[(unsigned)(in1[(unsigned)(((int)(v4))) & 255u]) & 255u]) & 255u])))))) != 0);
            shw[tid] = (int)(((bid) >> (((255)) & 31)));
            __syncwarp(m4);
            v4 = ((shw[(tid & ~31) | (__ffs(m4) - 1)]) != 0);
            __syncwarp(m4);
            __syncwarp(m4);
        } else {
        }
        v3 = (unsigned long long)(__any_sync(e2, ((((unsigned long long)(((in0[(unsigned)(in0[(unsigned)(loc[(unsigned)(ty) & 7u]) & 255u]) & 255u]) >> (((-128)) & 31))))) >= (((unsigned long long)(tx))))));
    }
    __syncthreads();
    if (tid < 8) atomicAdd(&cnt[8 + tid], scnt[tid]);
    if (tid < 6) atomicAdd(&cnt2[8 + tid], scnt2[tid]);
    if (tid < 2) atomicAdd(&fcnt[2 + tid], sfcnt[tid]);
    if (tid < 8) atomicAdd(&cnt64[8 + tid], scnt64[tid]);
    v2 = ((((((int)(v3))) | ((-1704379878)))) != 0);
    out[o + 0] = fbits(v0);
    out[o + 1] = (unsigned)(v1);
    out[o + 2] = (unsigned)(v2);
    out[o + 3] = (unsigned)(v3); out[o + 4] = (unsigned)((unsigned long long)(v3) >> 32);
    out[o + 5] = (unsigned)(v4);
    out[o + 6] = (unsigned)dbits(v5); out[o + 7] = (unsigned)(dbits(v5) >> 32);
    for (int k = 0; k < 8; k++) out[o + 8 + k] = (unsigned)loc[k];
    out[o + 16] = shpriv[tid];
}
