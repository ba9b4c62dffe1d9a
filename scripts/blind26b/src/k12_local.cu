struct S { int a; short b; char c[5]; double d; };
__device__ __noinline__ unsigned rec(int depth, unsigned seed, unsigned* trace) {
  unsigned a[64];
  for (int i = 0; i < 64; i++) a[i] = (seed * (unsigned)(i + 1)) ^ (unsigned)depth;
  int idx = (seed >> 3) & 63;
  if (depth > 0) a[idx] += rec(depth - 1, seed * 5u + 3u, trace);
  trace[depth] = a[(idx * 7 + depth) & 63];
  unsigned s = 0;
  for (int i = 0; i < 64; i += 3) s += a[i] * (unsigned)(i + depth);
  return s + a[idx];
}
__global__ void local_k(const unsigned* in, unsigned* out) {
  int g = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned x = in[g];
  unsigned* o = out + g * 32;
  unsigned arr[40];
  for (int i = 0; i < 40; i++) arr[i] = x * (unsigned)i + (unsigned)(i * i);
  for (int k = 0; k < 40; k++) {
    int j = (int)((x + (unsigned)k * 7u) % 40u);
    arr[j] ^= arr[(j * 3 + 1) % 40] + (unsigned)k;
  }
  unsigned s0 = 0, s1 = 0;
  for (int i = 0; i < 40; i++) { s0 += arr[i]; s1 ^= arr[i] * (unsigned)(i + 1); }
  o[0] = s0; o[1] = s1; o[2] = arr[x % 40];
  S loc[6];
  for (int i = 0; i < 6; i++) {
    loc[i].a = (int)(x >> i) - 1000 * i; loc[i].b = (short)(x * (unsigned)i);
    for (int q = 0; q < 5; q++) loc[i].c[q] = (char)(x >> (q * 5)) + (char)i;
    loc[i].d = (double)(int)(x & 0xffff) * 0.5 + i;
  }
  S tmp = loc[x % 6];
  loc[(x + 1) % 6] = tmp;
  loc[0].d += tmp.a;
  S pick = loc[(x >> 3) % 6];
  o[3] = (unsigned)pick.a; o[4] = (unsigned)(unsigned short)pick.b;
  o[5] = (unsigned char)pick.c[0] | ((unsigned char)pick.c[1] << 8) | ((unsigned char)pick.c[2] << 16) | ((unsigned char)pick.c[3] << 24);
  o[6] = (unsigned char)pick.c[4];
  unsigned long long db = __double_as_longlong(loc[0].d);
  o[7] = (unsigned)db; o[8] = (unsigned)(db >> 32);
  unsigned trace[11];
  o[9] = rec(10, x, trace);
  for (int i = 0; i < 11; i++) o[10 + i] = trace[i];
  for (int i = 21; i < 32; i++) o[i] = 0;
}
