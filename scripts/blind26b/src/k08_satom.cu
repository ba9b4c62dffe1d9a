__global__ void satom(const unsigned* in, const unsigned long long* in64, unsigned long long* out, unsigned* olds32, unsigned long long* olds64) {
  __shared__ unsigned s32[12];
  __shared__ unsigned long long s64[10];
  __shared__ float sf[2];
  __shared__ double sd[2];
  __shared__ unsigned short s16[6];
  int t = threadIdx.x, g = blockIdx.x * blockDim.x + t;
  if (t == 0) {
    s32[0] = 5; s32[1] = 0x7fffffff; s32[2] = 0x80000000u; s32[3] = 0xffffffffu; s32[4] = 0;
    s32[5] = 0xffffffffu; s32[6] = 0; s32[7] = 0x12345678u; s32[8] = 0; s32[9] = 0; s32[10] = 0xabcdef01u; s32[11] = 1;
    s64[0] = 7; s64[1] = 0x7fffffffffffffffull; s64[2] = 0x8000000000000000ull; s64[3] = ~0ull; s64[4] = 0;
    s64[5] = ~0ull; s64[6] = 0; s64[7] = 0x0123456789abcdefull; s64[8] = 0x5555aaaa5555aaaaull; s64[9] = 3;
    sf[0] = 0.5f; sf[1] = -1.0f; sd[0] = 0.25; sd[1] = 1e10;
    for (int i = 0; i < 6; i++) s16[i] = 0xfff0 + i;
  }
  __syncthreads();
  unsigned x = in[g];
  unsigned long long y = in64[g];
  atomicAdd(&s32[0], x);
  atomicMin((int*)&s32[1], (int)x);
  atomicMax((int*)&s32[2], (int)x);
  atomicMin(&s32[3], x);
  atomicMax(&s32[4], x);
  atomicAnd(&s32[5], x | 0x0F0F0000u);
  atomicOr(&s32[6], x & 0x00F0F00Fu);
  atomicXor(&s32[7], x);
  atomicInc(&s32[8], 37u);
  atomicDec(&s32[9], 41u);
  olds32[g] = atomicExch(&s32[10], x);
  unsigned old = s32[11], assumed;
  do { assumed = old; old = atomicCAS(&s32[11], assumed, assumed + x * x); } while (old != assumed);
  atomicAdd(&s64[0], y);
  atomicMin((long long*)&s64[1], (long long)y);
  atomicMax((long long*)&s64[2], (long long)y);
  atomicMin(&s64[3], y);
  atomicMax(&s64[4], y);
  atomicAnd(&s64[5], y | 0xF0F0F0F000000000ull);
  atomicOr(&s64[6], y & 0x000F00000000F00Full);
  atomicXor(&s64[7], y);
  olds64[g] = atomicExch(&s64[8], y);
  unsigned long long o64 = s64[9], a64;
  do { a64 = o64; o64 = atomicCAS(&s64[9], a64, a64 + y * 3); } while (o64 != a64);
  atomicAdd(&sf[0], (float)((int)(x % 1000u) - 500));
  atomicAdd(&sf[1], (float)(x & 7) * 0.125f);
  atomicAdd(&sd[0], (double)x * 0.25);
  atomicAdd(&sd[1], -(double)(y >> 20));
  unsigned short* p16 = &s16[t % 6];
  unsigned short o16 = *p16, a16;
  do { a16 = o16; o16 = atomicCAS(p16, a16, (unsigned short)(a16 + (x & 0xff))); } while (o16 != a16);
  __syncthreads();
  if (t == 0) {
    unsigned long long* o = out + blockIdx.x * 32;
    for (int i = 0; i < 12; i++) o[i] = s32[i];
    for (int i = 0; i < 10; i++) o[12 + i] = s64[i];
    o[22] = __float_as_uint(sf[0]); o[23] = __float_as_uint(sf[1]);
    o[24] = __double_as_longlong(sd[0]); o[25] = __double_as_longlong(sd[1]);
    for (int i = 0; i < 6; i++) o[26 + i] = s16[i];
  }
}
