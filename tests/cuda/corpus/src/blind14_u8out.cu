// blind14: uint16_t x int8_t products and a saturated uint8_t result of 90 bytes (a buffer whose
// size is no multiple of 4: `gpuisa run --dump-buffer sat=PATH` wrote 88 of them, D14-B-1).
#include <cstdint>
extern "C" __global__ void b_u16_u8(const uint16_t *a, const int8_t *b, int32_t *out, uint8_t *sat, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    int v = a[i] * b[i];
    out[i] = v;
    int c = v >> 4;
    sat[i] = (uint8_t)(c < 0 ? 0 : c > 255 ? 255 : c);
}
