// kernel parameters: a struct passed by value (32 bytes: int, float, double, pointer, short,
// char) and sub-word scalars (short index into a pointer, signed and unsigned chars)
struct Params {
    int n;
    float scale;
    double offset;
    const int *src;
    short k;
    char flag;
};

extern "C" __global__ void struct_param(Params p, double *out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= p.n) return;
    double v = p.src[i] * (double)p.scale + p.offset + p.k;
    out[i] = p.flag ? -v : v;
}

extern "C" __global__ void subword_params(const int *src, int *out, short idx, signed char c, unsigned char u, short k)
{
    int i = threadIdx.x;
    out[i] = src[idx + i] * c + u - k + src[idx] * (i & 3);
}
