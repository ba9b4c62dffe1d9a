// blind17 (session 17): a second blind corpus, written for gpuisa as an unknown engineer's
// "ordinary nvcc -O3 kernels" (no licence restrictions: written here). Parameters and atomics.

// many parameters of mixed sizes
__global__ void mixedParams(char c, short s, int i32, long long i64, float f, double d,
                            unsigned char uc, unsigned short us, unsigned u, unsigned long long u64,
                            long long* out)
{
    if (threadIdx.x == 0) {
        out[0] = c; out[1] = s; out[2] = i32; out[3] = i64;
        out[4] = (long long)(f * 1000.0f); out[5] = (long long)(d * 1e6);
        out[6] = uc; out[7] = us; out[8] = u; out[9] = (long long)(u64 >> 3);
        out[10] = c + s + i32 + i64 + uc + us + u;
    }
}

template <typename T, int K>
__global__ void scaleT(const T* in, T* out, int n, T bias)
{
    int i = threadIdx.x + blockIdx.x * blockDim.x;
    if (i < n) out[i] = in[i] * (T)K + bias;
}
template __global__ void scaleT<short, -2>(const short*, short*, int, short);

__device__ void atomicAddShort(unsigned short* addr, unsigned short v)
{
    unsigned short old = *addr, assumed;
    do {
        assumed = old;
        old = atomicCAS(addr, assumed, (unsigned short)(assumed + v));
    } while (assumed != old);
}

__global__ void atomicsInt(const int* in, int* res, unsigned* ures, unsigned short* s16, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    int v = in[i];
    atomicAdd(&res[0], v);
    atomicSub(&res[1], v);
    atomicMin(&res[2], v);
    atomicMax(&res[3], v);
    atomicAnd(&res[4], ~(1 << (i & 31)));
    atomicOr(&res[5], 1 << (v & 31));
    atomicXor(&res[6], v);
    atomicInc(&ures[0], 17u);
    atomicDec(&ures[1], 5u);
    atomicMin(&ures[2], (unsigned)v);
    atomicMax(&ures[3], (unsigned)v);
    atomicAdd((unsigned long long*)&ures[4], (unsigned long long)(unsigned)v);
    atomicAddShort(&s16[i & 3], (unsigned short)(v & 0xff));
    if (i == n - 1) atomicExch(&res[7], v);
}
