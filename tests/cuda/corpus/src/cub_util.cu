#include <cub/cub.cuh>

struct Quad { int a; float b; long long c; };

// block 64, grid 1: cub::Shuffle* on double / long long / a 16-byte struct, MatchAny on 3-bit labels,
// shifts by >= 32, BFE, and cache-modified thread loads and stores
__global__ void cub_util(const double* din, const long long* lin, const int* in, double* dout, long long* lout,
                         int* iout, int4* vout, const int4* vin, short* sout, const short* sin) {
  int t = threadIdx.x, lane = t % 32;
  double d = din[t];
  long long l = lin[t];
  Quad q{in[t], (float)in[t] * 0.5f, l};
  double du = cub::ShuffleUp<32>(d, 3, 2, 0xffffffffu);           // lanes < 2 + 3 keep their own
  long long ld = cub::ShuffleDown<32>(l, 5, 27, 0xffffffffu);     // lanes > 27 - 5 keep their own
  Quad qi = cub::ShuffleIndex<32>(q, (lane * 7) % 32, 0xffffffffu);
  unsigned m = cub::MatchAny<3>((unsigned)in[t]);
  dout[t] = du;
  lout[2 * t] = ld;
  lout[2 * t + 1] = qi.c + qi.a;
  unsigned sh = (unsigned)in[t] % 40;
  unsigned v = 0x80000001u * (unsigned)(t + 1);
  iout[6 * t] = (int)m;
  iout[6 * t + 1] = (int)cub::detail::LogicShiftLeft(v, sh);
  iout[6 * t + 2] = (int)cub::detail::LogicShiftRight(v, sh);
  iout[6 * t + 3] = (int)(qi.b * 4.0f);
  iout[6 * t + 4] = cub::ThreadLoad<cub::LOAD_CV>(in + (t ^ 1)) + cub::ThreadLoad<cub::LOAD_CS>(in + (63 - t));
  iout[6 * t + 5] = cub::ThreadLoad<cub::LOAD_LDG>(in + t / 2) * cub::ThreadLoad<cub::LOAD_VOLATILE>(in + t % 8);
  int4 w = cub::ThreadLoad<cub::LOAD_CG>(vin + t);
  w.x += 1; w.y -= 2; w.z ^= 3; w.w *= 4;
  cub::ThreadStore<cub::STORE_CS>(vout + t, w);
  short s = cub::ThreadLoad<cub::LOAD_CA>(sin + 63 - t);
  cub::ThreadStore<cub::STORE_WT>(sout + t, (short)(s * 3));
  cub::ThreadStore<cub::STORE_CG>(dout + 64 + t, d * 2.0);
  cub::ThreadStore<cub::STORE_VOLATILE>(lout + 128 + t, l - 1);
}
