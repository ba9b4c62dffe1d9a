extern "C" __global__ void atomics(float* f, int* c, unsigned long long* u64, double* d, const int* in, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    atomicAdd(f, (float)in[i]);
    atomicAdd(c, 1);
    atomicAdd(c + 1, in[i]);
    atomicMax(c + 2, in[i]);
    atomicMin(c + 3, in[i]);
    atomicAdd(u64, (unsigned long long)in[i]);
    atomicCAS(c + 4, 0, i);
    atomicExch(c + 5, i);
    atomicOr(c + 6, 1 << (i & 31));
    atomicInc((unsigned*)c + 7, 100);
    // CAS loop: float max
    int* addr = c + 8;
    int old = *addr, assumed;
    do { assumed = old; old = atomicCAS(addr, assumed, __float_as_int(fmaxf(__int_as_float(assumed), (float)in[i]))); } while (assumed != old);
    c[16 + i] = atomicAdd(c + 9, 2);
}
extern "C" __global__ void shmem(const int* in, int* out, int n) {
    __shared__ int s[256];
    __shared__ float4 v[64];
    int t = threadIdx.x;
    s[t] = in[blockIdx.x * blockDim.x + t];
    if (t < 64) v[t] = make_float4(t, t + 1, t + 2, t + 3);
    __syncthreads();
    for (int k = blockDim.x / 2; k > 0; k >>= 1) {
        if (t < k) s[t] += s[t + k];
        __syncthreads();
    }
    if (t == 0) out[blockIdx.x] = s[0] + (int)v[3].y;
    atomicAdd(&s[t & 7], 1);
}
extern "C" __global__ void matmul(const float* A, const float* B, float* C, int N) {
    __shared__ float As[16][16], Bs[16][16];
    int tx = threadIdx.x, ty = threadIdx.y;
    int row = blockIdx.y * 16 + ty, col = blockIdx.x * 16 + tx;
    float acc = 0;
    for (int k0 = 0; k0 < N; k0 += 16) {
        As[ty][tx] = A[row * N + k0 + tx];
        Bs[ty][tx] = B[(k0 + ty) * N + col];
        __syncthreads();
#pragma unroll
        for (int k = 0; k < 16; ++k) acc += As[ty][k] * Bs[k][tx];
        __syncthreads();
    }
    C[row * N + col] = acc;
}
extern "C" __global__ void localarr(const int* in, int* out, int n) {
    int loc[32];
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    for (int k = 0; k < 32; ++k) loc[k] = in[(t + k) % n];
    int idx = in[t] & 31;
    out[t] = loc[idx] + loc[(idx * 7) & 31];
}
__device__ __noinline__ int helper(int a, int b) { int r = 0; for (int k = 0; k < (b & 15); ++k) r += a * k ^ b; return r; }
extern "C" __global__ void devcall(const int* in, int* out) {
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    out[t] = helper(in[t], t) + helper(t, in[t]);
}
extern "C" __global__ void ldg_modes(const int* __restrict__ in, volatile int* vout, int* out) {
    int t = threadIdx.x;
    out[t] = __ldg(in + t) + __ldcs(in + t + 32) + __ldcg(in + t + 64);
    vout[t] = in[t];
    __stcs(out + 32 + t, 5);
    __threadfence();
    out[64 + t] = ((const int4*)in)[t].z;
}
