// warp shuffles of float, double, long long and a struct, as a template
struct Pair { int k; float v; };
template <typename T>
__device__ __forceinline__ T xmax(T a, T b) { return a > b ? a : b; }

template <typename T>
__global__ void shfl_t(const T *in, T *out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned lane = threadIdx.x & 31;
    T v = in[i];
    T s = v, m = v;
#pragma unroll
    for (int o = 16; o; o >>= 1) {
        s = (T)(s + __shfl_xor_sync(0xffffffffu, s, o));
        m = xmax<T>(m, __shfl_down_sync(0xffffffffu, m, o));
    }
    T up = __shfl_up_sync(0xffffffffu, v, 3);
    T dn = __shfl_down_sync(0xffffffffu, v, 5, 16);
    T rd = __shfl_sync(0xffffffffu, v, (lane * 7 + 3) & 31);
    T bc = __shfl_sync(0xffffffffu, m, 0);
    out[4 * i + 0] = s;
    out[4 * i + 1] = (T)((lane >= 3 ? up : (T)0) + bc);
    out[4 * i + 2] = dn;
    out[4 * i + 3] = rd;
}
template __global__ void shfl_t<float>(const float *, float *);
template __global__ void shfl_t<double>(const double *, double *);
template __global__ void shfl_t<long long>(const long long *, long long *);
template __global__ void shfl_t<unsigned short>(const unsigned short *, unsigned short *);

__global__ void shfl_pair(const int *k, const float *v, int *ok, float *ov)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    Pair p{k[i], v[i]};
    for (int o = 1; o < 32; o <<= 1) {
        Pair q;
        q.k = __shfl_xor_sync(0xffffffffu, p.k, o);
        q.v = __shfl_xor_sync(0xffffffffu, p.v, o);
        if (q.k < p.k || (q.k == p.k && q.v < p.v)) p = q;
    }
    ok[i] = p.k;
    ov[i] = p.v;
}
