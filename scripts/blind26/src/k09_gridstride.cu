#include <stddef.h>
extern "C" __global__ void gs64(const float* in, float* out, unsigned* cnt, size_t count, float s)
{
    size_t stride = (size_t)gridDim.x * blockDim.x;
    unsigned c = 0;
    for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < count; i += stride) {
        float v = in[i];
        out[count - 1 - i] = v * s + (float)(i & 7);
        c += (v > 0.f);
    }
    cnt[blockIdx.x * blockDim.x + threadIdx.x] = c;
}
