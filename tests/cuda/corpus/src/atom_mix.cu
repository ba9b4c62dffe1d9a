// every atomic function on 32 and 64 bit, global and shared; results independent of the order
__global__ void atom_mix(const int *in, int n, int *gi, unsigned *gu, unsigned long long *gl, long long *gs, float *gf, double *gd, unsigned *gcnt)
{
    __shared__ int si[8];
    __shared__ unsigned long long sl[4];
    __shared__ float sf[2];
    __shared__ double sd[2];
    int t = threadIdx.x;
    if (t < 8) si[t] = (t == 1) ? 0x7fffffff : (t == 6 ? -1 : 0);
    if (t < 4) sl[t] = t == 1 ? ~0ull : 0;
    if (t < 2) { sf[t] = 0.0f; sd[t] = 0.0; }
    __syncthreads();
    int i = blockIdx.x * blockDim.x + t;
    if (i < n) {
        int v = in[i];
        atomicAdd(&si[0], v);
        atomicMin(&si[1], v);
        atomicMax(&si[2], v);
        atomicOr(&si[3], 1 << (v & 31));
        atomicXor(&si[4], v);
        atomicAnd(&si[6], ~(1 << ((v >> 5) & 31)));
        atomicInc((unsigned *)&si[5], 17u);
        atomicAdd(&sl[0], (unsigned long long)(long long)v);
        atomicAnd(&sl[1], ~(1ull << (v & 63)));
        atomicOr(&sl[2], 1ull << ((v >> 3) & 63));
        atomicXor(&sl[3], (unsigned long long)v * 0x9e3779b97f4a7c15ull);
        atomicAdd(&sf[0], (float)(v & 255) * 0.5f);
        atomicAdd(&sd[0], (double)v * 0.25);
        // global
        atomicSub(&gi[0], v);
        atomicMax(&gi[1], v);
        atomicMin(&gi[2], v);
        atomicExch(&gi[3 + (i & 3)], 0);          // every writer stores the same value
        atomicMax(&gu[0], (unsigned)v);
        atomicMin(&gu[1], (unsigned)v);
        atomicDec(&gu[2], 1000u);
        atomicInc(&gu[3], 9u);
        atomicAnd(&gu[4], (unsigned)v | 0xff00ff00u);
        atomicMax(&gs[0], (long long)v * 1000003);
        atomicMin(&gs[1], (long long)v * -1000003);
        atomicMax(&gl[0], (unsigned long long)(long long)v);
        atomicMin(&gl[1], (unsigned long long)(unsigned)v << 20);
        atomicAdd(&gl[2], (unsigned long long)(unsigned)v << 24);
        atomicExch(&gl[3], 0x123456789abcdefull);
        atomicAdd(&gf[0], (float)(v & 1023));
        atomicAdd(&gd[0], (double)v);
        unsigned old = atomicAdd(&gcnt[0], 1u);
        atomicMax(&gcnt[1], old);                 // old values are a permutation of 0..n-1
    }
    __syncthreads();
    if (t < 8) atomicAdd(&gi[8 + t], si[t]);
    if (t < 4) atomicXor(&gl[4 + t], sl[t]);
    if (t == 0) { atomicAdd(&gf[1], sf[0]); atomicAdd(&gd[1], sd[0]); }
}
