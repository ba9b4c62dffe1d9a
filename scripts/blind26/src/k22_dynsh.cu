extern "C" __global__ void dynsh_3d(const int* keys, int* sorted, int* votes, unsigned long long* s64out, double* dsum, int n)
{
    extern __shared__ unsigned char smem[];
    int tid = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    int nt = blockDim.x * blockDim.y * blockDim.z;
    int blk = blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z);
    unsigned long long* acc64 = (unsigned long long*)smem;          // 2 words
    float* facc = (float*)(smem + 16);                             // 1 word
    int* sk = (int*)(smem + 32);                                   // nt keys
    if (tid == 0) { acc64[0] = 0; acc64[1] = ~0ull; facc[0] = 0.f; }
    int g = blk * nt + tid;
    int k = (g < n) ? keys[g] : 0x7fffffff;
    sk[tid] = k;
    int c = __syncthreads_count(k & 1);
    int o = __syncthreads_or(k < -1000000000);
    int a = __syncthreads_and(k != 0x7fffffff);
    atomicAdd(&acc64[0], (unsigned long long)(unsigned)k * (unsigned long long)(tid + 1));
    atomicAnd(&acc64[1], ~(1ull << ((unsigned)k % 64)));
    atomicAdd(&facc[0], (float)(k & 0xff));
    atomicAdd(&dsum[blk & 1], (double)k * 0.5);
    // bitonic sort of nt (power of two) keys
    for (int size = 2; size <= nt; size <<= 1)
        for (int stride = size >> 1; stride > 0; stride >>= 1) {
            __syncthreads();
            int p = tid ^ stride;
            if (p > tid) {
                int x = sk[tid], y = sk[p];
                bool up = (tid & size) == 0;
                if ((x > y) == up) { sk[tid] = y; sk[p] = x; }
            }
        }
    __syncthreads();
    sorted[blk * nt + tid] = sk[tid];
    if (tid == 0) {
        votes[blk * 4 + 0] = c; votes[blk * 4 + 1] = o; votes[blk * 4 + 2] = a;
        votes[blk * 4 + 3] = (int)facc[0];
        s64out[blk * 2 + 0] = acc64[0];
        s64out[blk * 2 + 1] = acc64[1];
    }
}
