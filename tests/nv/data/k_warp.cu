#include <cooperative_groups.h>
extern "C" __global__ void warpops(const int* in, int* out) {
    int t = threadIdx.x;
    int v = in[t];
    int s = v;
    for (int o = 16; o > 0; o >>= 1) s += __shfl_xor_sync(0xffffffff, s, o);
    int sc = v;
    for (int o = 1; o < 32; o <<= 1) { int y = __shfl_up_sync(0xffffffff, sc, o); if ((t & 31) >= o) sc += y; }
    out[t*8] = s;
    out[t*8+1] = sc;
    out[t*8+2] = __all_sync(0xffffffff, v > 0) + __any_sync(0xffffffff, v > 5) * 2;
    out[t*8+3] = __ballot_sync(0xffffffff, v & 1);
#if __CUDA_ARCH__ >= 800
    out[t*8+4] = __reduce_add_sync(0xffffffff, v) + __reduce_max_sync(0xffffffff, v);
#endif
    out[t*8+5] = __match_any_sync(0xffffffff, v & 3);
    int pred;
    out[t*8+6] = __match_all_sync(0xffffffff, v & 3, &pred) + pred;
    out[t*8+7] = __shfl_sync(0xffffffff, v, (t * 3) & 31) + __shfl_down_sync(0xffffffff, v, 3);
    __syncwarp();
}
extern "C" __global__ void divergent(const int* in, int* out, int n) {
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    int v = in[t], r = 0;
    switch (v & 7) {
        case 0: r = v * 3; break;
        case 1: r = v ^ 0x55; break;
        case 2: r = v << 2; break;
        case 3: r = -v; break;
        case 4: r = v / 3; break;
        case 5: r = v + 100; break;
        default: r = 7;
    }
    for (int k = 0; k < n; ++k) { if (r > 1000) break; r += k; }
    if (t & 1) r += __shfl_sync(0x55555555u << 1, r, 1); 
    out[t] = r;
}
extern "C" __global__ void blockred(const int* in, int* out) {
    __shared__ int s[32];
    int t = threadIdx.x;
    int v = in[blockIdx.x * blockDim.x + t];
#if __CUDA_ARCH__ >= 800
    v = __reduce_add_sync(0xffffffff, v);
#endif
    if ((t & 31) == 0) s[t >> 5] = v;
    __syncthreads();
    if (t < 32) { v = t < (blockDim.x >> 5) ? s[t] : 0; for (int o = 16; o; o >>= 1) v += __shfl_down_sync(0xffffffff, v, o); }
    if (t == 0) atomicAdd(out, v);
    __nanosleep(100);
}
