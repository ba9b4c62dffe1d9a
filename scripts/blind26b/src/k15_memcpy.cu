#include <cstring>
__global__ void memcpy_k(const unsigned char* src, unsigned char* dst) {
  int g = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned char loc[37];
  memcpy(loc, src + g * 41 + 3, 37);
  memset(loc + 5, 0xA5 ^ (g & 0xff), 11);
  int k = (g % 13) + 1;
  memcpy(loc + 20, src + g * 41 + 1, k);
  int off = g % 5;
  memcpy(loc + off, src + g * 41 + 30, (g % 7));
  memset(dst + g * 41, 0x3C, 41);
  memcpy(dst + g * 41 + 2, loc, 37);
  dst[g * 41 + 40] = loc[(g * 11) % 37];
  memset(dst + g * 41 + 1 + (g % 3), g & 0x7f, (g % 4));
}
