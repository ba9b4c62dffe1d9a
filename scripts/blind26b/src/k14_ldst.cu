__global__ void ldst_k(const int4* a, const float4* b, const double2* c, const unsigned char* __restrict__ ub,
                       const signed char* __restrict__ sb, const short* __restrict__ sh, const char2* __restrict__ c2,
                       int4* oa, float4* ob, double2* oc, int* om, int n) {
  int g = blockIdx.x * blockDim.x + threadIdx.x;
  if (g >= n) return;
  int4 x = __ldg(&a[g]);
  int4 w = __ldca(&a[(g + 5) % n]);
  float4 y = __ldcs(&b[g]);
  float4 q = __ldlu(&b[(g * 7) % n]);
  double2 z = __ldcg(&c[g]);
  double2 r = __ldcv(&c[(g + 1) % n]);
  __stcs(&oa[g], make_int4(x.x + w.y, x.y - w.x, x.z ^ w.w, x.w + w.z));
  __stwt(&ob[g], make_float4(y.x * 2.0f + q.w, y.y - q.z, y.z + q.y, y.w * q.x));
  __stcg(&oc[g], make_double2(z.x + r.y, z.y * 2.0 - r.x));
  om[g * 6 + 0] = ub[3 * g + 1];
  om[g * 6 + 1] = sb[5 * g + 3];
  om[g * 6 + 2] = sh[3 * g + 1];
  om[g * 6 + 3] = __ldg(&ub[2 * g + 1]) + 1000 * __ldg(&sb[g * 2 + 1]);
  char2 cc = __ldg(&c2[2 * g + 1]);
  om[g * 6 + 4] = cc.x * 1000 + cc.y;
  om[g * 6 + 5] = __ldg(&sh[g + 7]) - (int)__ldcs((const unsigned short*)&sh[g * 2 + 3]);
}
