__global__ void match_k(const unsigned* in32, const unsigned long long* in64, const float* inf, unsigned* out) {
  int t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  int b = blockIdx.x + gridDim.x * blockIdx.y;
  int nt = blockDim.x * blockDim.y * blockDim.z;
  int g = b * nt + t, lane = t & 31;
  unsigned v = in32[g];
  unsigned long long w = in64[g];
  unsigned* o = out + g * 8;
  o[0] = __match_any_sync(0xffffffffu, v);
  o[7] = __match_any_sync(0xffffffffu, inf[g]);
  unsigned m = __ballot_sync(0xffffffffu, lane % 3 != 0);
  int p;
  if (lane % 3 != 0) {
    o[1] = __match_any_sync(m, v);
    o[2] = __match_any_sync(m, w);
    o[3] = __match_all_sync(m, v & 0xF0000000u, &p);
    o[4] = p;
    o[5] = __match_all_sync(m, w >> 40, &p);
    o[6] = p;
  } else {
    unsigned m3 = ~m;
    o[1] = __match_any_sync(m3, w);
    o[2] = __match_all_sync(m3, (unsigned)w, &p);
    o[3] = p;
    o[4] = __match_all_sync(m3, (long long)(w & 0xFFFFFFFF000000FFull), &p);
    o[5] = p;
    o[6] = __match_any_sync(m3, (double)(v & 0x30000000u));
  }
}
