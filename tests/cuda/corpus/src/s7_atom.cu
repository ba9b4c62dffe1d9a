// second-author style: every atomic on global and shared memory, used and unused results, CAS loops, locks
typedef unsigned long long u64;
typedef long long i64;

extern "C" __global__ void atom_g32(const int *v, int *ctr, unsigned *uctr, int *old_sum, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    int x = v[i];
    atomicAdd(&ctr[0], x);
    atomicSub(&ctr[1], x >> 2);
    atomicMin(&ctr[2], x);
    atomicMax(&ctr[3], x);
    atomicAnd(&ctr[4], x | 0x10101);
    atomicOr(&ctr[5], x & 0x0f0f0f0f);
    atomicXor(&ctr[6], x);
    atomicInc(&uctr[0], 13u);
    atomicDec(&uctr[1], 9u);
    atomicMin(&uctr[2], (unsigned)x);
    atomicMax(&uctr[3], (unsigned)x);
    int t = atomicAdd(&ctr[7], 1);           // used: sum of tickets is n(n-1)/2
    atomicAdd(old_sum, t);
    unsigned w = atomicInc(&uctr[4], 0xffffffffu);
    atomicXor(&uctr[5], w * 2654435761u ^ w);
}

extern "C" __global__ void atom_g64(const i64 *v, u64 *uc, i64 *sc, u64 *tick, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        i64 x = v[i];
        atomicAdd(&uc[0], (u64)x);
        atomicAnd(&uc[1], (u64)x | 0xff00ff00ff00ff00ULL);
        atomicOr(&uc[2], (u64)x & 0x00ff0000000000ffULL);
        atomicXor(&uc[3], (u64)x);
        atomicMin(&uc[4], (u64)x);
        atomicMax(&uc[5], (u64)x);
        atomicMin(&sc[0], x);
        atomicMax(&sc[1], x);
        u64 o = atomicAdd(&tick[0], 3ULL);
        atomicAdd(&tick[1], o);
        u64 e = atomicExch(&tick[2 + i], (u64)x ^ 0x5555555555555555ULL);
        tick[2 + n + i] = e;
    }
}

__device__ float atomicMaxFloat(float *addr, float val)
{
    int *ai = (int *)addr;
    int old = *ai, assumed;
    do {
        assumed = old;
        if (__int_as_float(assumed) >= val) break;
        old = atomicCAS(ai, assumed, __float_as_int(val));
    } while (assumed != old);
    return __int_as_float(old);
}

extern "C" __global__ void atom_float(const float *v, const double *dv, float *fs, double *ds, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        atomicAdd(&fs[0], v[i]);
        atomicMaxFloat(&fs[1], v[i]);
        float prev = atomicAdd(&fs[2 + (i & 3)], 0.5f);
        if (prev < 0.0f) atomicAdd(&fs[6], 1.0f);
        atomicAdd(&ds[0], dv[i]);
        if (i & 1) atomicAdd(&ds[1], -dv[i]);
        else atomicExch(&fs[7 + i / 2], v[i] * 2.0f);
    }
}

extern "C" __global__ void atom_shared(const int *v, int *out, u64 *out64, int n)
{
    __shared__ int s[8];
    __shared__ unsigned us[4];
    __shared__ u64 s64[3];
    __shared__ float sf;
    int t = threadIdx.x, i = blockIdx.x * blockDim.x + t;
    if (t < 8) s[t] = t == 2 ? 0x7fffffff : (t == 3 ? (int)0x80000000 : (t == 4 ? -1 : 0));
    if (t < 4) us[t] = t == 2 ? 0xffffffffu : 0;
    if (t < 3) s64[t] = t == 1 ? ~0ULL : 0;
    if (t == 0) sf = 0.0f;
    __syncthreads();
    if (i < n) {
        int x = v[i];
        if (x & 1) { atomicAdd(&s[0], x); atomicOr(&s[5], 1 << (x & 31)); }
        else { atomicSub(&s[1], x); atomicAnd(&s[4], ~(1 << (t & 31))); }
        atomicMin(&s[2], x);
        atomicMax(&s[3], x);
        atomicXor(&s[6], x * 7);
        int old = atomicExch(&s[7], t);
        (void)old;
        atomicInc(&us[0], 5u);
        atomicDec(&us[1], 3u);
        atomicMin(&us[2], (unsigned)x);
        atomicAdd(&us[3], (unsigned)atomicAdd(&us[0], 0u) < 100u ? 1u : 0u);
        atomicAdd(&s64[0], (u64)(unsigned)x << 20);
        atomicAnd(&s64[1], ~(1ULL << (t & 63)));
        unsigned long long c = s64[2], a;
        do { a = c; c = atomicCAS(&s64[2], a, a + (u64)(x & 0xff)); } while (a != c);
        atomicAdd(&sf, (float)(x & 15));
    }
    __syncthreads();
    if (t < 7) out[blockIdx.x * 10 + t] = s[t];
    if (t == 7) out[blockIdx.x * 10 + 7] = (int)us[1];
    if (t == 8) out[blockIdx.x * 10 + 8] = (int)us[2];
    if (t == 9) out[blockIdx.x * 10 + 9] = (int)sf;
    if (t < 2) out64[blockIdx.x * 3 + t] = s64[t];
    if (t == 2) out64[blockIdx.x * 3 + 2] = s64[2];
}

extern "C" __global__ void warp_agg(const int *keys, int *bins, int *cnt, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    int k = keys[i];
    if (k < 0) return;                       // divergent early exit
    unsigned act = __activemask();
    int lane = threadIdx.x & 31;
    int leader = __ffs(act) - 1;
    int base = 0;
    if (lane == leader) base = atomicAdd(cnt, __popc(act));
    base = __shfl_sync(act, base, leader);
    int rank = __popc(act & ((1u << lane) - 1));
    (void)base; (void)rank;
    unsigned peers = __match_any_sync(act, k & 7);
    int first = __ffs(peers) - 1;
    if (lane == first) atomicAdd(&bins[k & 7], __popc(peers));
}

extern "C" __global__ void mutex_sum(const int *v, int *locks, i64 *acc, int *cnt, int nb, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    int b = v[i] % nb;
    if (b < 0) b += nb;
    bool done = false;
    while (!done) {
        if (atomicCAS(&locks[b], 0, 1) == 0) {
            __threadfence();
            acc[b] += (i64)v[i] * v[i];
            cnt[b] += 1;
            __threadfence();
            atomicExch(&locks[b], 0);
            done = true;
        }
    }
}
