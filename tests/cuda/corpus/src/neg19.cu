// 64-bit index arithmetic that subtracts: nvcc writes `ptr - (k << 2)` as LEA with a negated Ra and
// a carry into IADD3.X ~hi (sm_100/sm_120); k == 0 must carry (decision D19-2)
extern "C" __global__ void neg_rem(const int *__restrict__ in, int *__restrict__ out, const int *__restrict__ ds, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    long long d = (long long)((unsigned long long)(ds[i] & 31) + 1ull);
    out[i] = in[182ll + (-1786776195039205662ll) % d];
}
extern "C" __global__ void neg_sub(const int *__restrict__ in, int *__restrict__ out, const long long *__restrict__ ks, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    const int *p = in + 255;
    out[i] = p[-(ks[i] & 127)] + p[-((ks[i] >> 8) & 3) * 64];
}
