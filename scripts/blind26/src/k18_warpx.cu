extern "C" __global__ void warp_extras(const int* in, int* out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int lane = threadIdx.x & 31;
    int v = (i < n) ? in[i] : -1;
    int* r = out + i * 12;
    unsigned key = (unsigned)v & 7u;
    unsigned same = __match_any_sync(0xffffffffu, key);
    int pred;
    unsigned all = __match_all_sync(0xffffffffu, (unsigned)v >> 31, &pred);
    r[0] = same;
    r[1] = all ^ pred;
    r[2] = __shfl_sync(0xffffffffu, v, (lane * 5 + 3) & 7, 8);
    r[3] = __shfl_down_sync(0xffffffffu, v, 3, 16);
    r[4] = __shfl_xor_sync(0xffffffffu, v, 5, 32);
    int acc = 0;
    if (v & 1) {
        unsigned am = __activemask();
        acc = __popc(am) * 1000 + __any_sync(am, v > 500) * 10 + __all_sync(am, v > -1);
        acc += __popc(__ballot_sync(am, v & 2)) << 16;
    } else {
        unsigned am = __activemask();
        acc = -(int)__popc(am);
        int w = __shfl_sync(am, v, __ffs(am) - 1);
        acc -= w << 8;
    }
    __syncwarp();
    r[5] = acc;
#if __CUDA_ARCH__ >= 800
    r[6] = __reduce_add_sync(0xffffffffu, v);
    r[7] = __reduce_min_sync(0xffffffffu, v);
    r[8] = (int)__reduce_max_sync(0xffffffffu, (unsigned)v);
    r[9] = (int)__reduce_xor_sync(0xffffffffu, (unsigned)v);
#else
    int s = v, mn = v; unsigned mx = v, x = v;
    for (int d = 16; d; d >>= 1) {
        s += __shfl_xor_sync(0xffffffffu, s, d);
        mn = min(mn, __shfl_xor_sync(0xffffffffu, mn, d));
        mx = max(mx, (unsigned)__shfl_xor_sync(0xffffffffu, (int)mx, d));
        x ^= __shfl_xor_sync(0xffffffffu, x, d);
    }
    r[6] = s; r[7] = mn; r[8] = mx; r[9] = x;
#endif
    r[10] = __fns(__ballot_sync(0xffffffffu, v & 4), lane, (v >> 8) % 5 - 2);
    r[11] = __shfl_up_sync(0xffffffffu, v, 2, 4);
}
