// Generic pointers to __constant__ data (flags11 round, D11-F-6): a pointer chosen at run time
// between a __constant__ table and a global buffer, and a pointer walking a __constant__ struct
// array; nvcc reads constant bank 3's generic address from bank 0 (cvta.const).
struct Coef { int mul; int add; };
__constant__ int lut[32] = {3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7, 9, 3,
                            2, 3, 8, 4, 6, 2, 6, 4, 3, 3, 8, 3, 2, 7, 9, 5};
__constant__ Coef coefs[4] = {{2, 1}, {3, -4}, {-1, 7}, {5, 0}};

__device__ __noinline__ int apply(const Coef *c, int x) { return c->mul * x + c->add; }

extern "C" __global__ void fl11_constptr(const int *g, int *out, int pick)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    const int *src = (pick & (1 << (i & 7))) ? lut : g;       // constant or global, per thread
    const Coef *c = coefs + (i & 3);
    int v = src[(i * 7) & 31];
    out[i] = apply(c, v) + c[0].mul * (i >> 5);
}
