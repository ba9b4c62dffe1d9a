// nvcc-flags: -use_fast_math
// The explicitly rounded float intrinsics built with -use_fast_math (-ftz=true): every one flushes
// denormal operands and results to zero, its sign kept, and still rounds in its own direction;
// __saturatef, fminf/fmaxf too (fp10 direction).  Operands: fr10_round's, denormals among them.
__device__ unsigned fb(float v) { return isnan(v) ? 0x7fffffffu : __float_as_uint(v); }

extern "C" __global__ void fr10_ftz(const unsigned *a, const unsigned *b, const unsigned *c, unsigned *o, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float x = __uint_as_float(a[i]), y = __uint_as_float(b[i]), z = __uint_as_float(c[i]);
    unsigned *r = o + 40 * i;
    int k = 0;
#define F(e) r[k++] = fb(e)
    F(__fadd_rn(x, y)); F(__fadd_rz(x, y)); F(__fadd_ru(x, y)); F(__fadd_rd(x, y));
    F(__fsub_rn(x, y)); F(__fsub_rz(x, y)); F(__fsub_ru(x, y)); F(__fsub_rd(x, y));
    F(__fmul_rn(x, y)); F(__fmul_rz(x, y)); F(__fmul_ru(x, y)); F(__fmul_rd(x, y));
    F(__fmaf_rn(x, y, z)); F(__fmaf_rz(x, y, z)); F(__fmaf_ru(x, y, z)); F(__fmaf_rd(x, y, z));
    F(__fdiv_rn(x, y)); F(__fdiv_rz(x, y)); F(__fdiv_ru(x, y)); F(__fdiv_rd(x, y));
    F(__frcp_rn(x)); F(__frcp_rz(x)); F(__frcp_ru(x)); F(__frcp_rd(x));
    F(__fsqrt_rn(x)); F(__fsqrt_rz(x)); F(__fsqrt_ru(x)); F(__fsqrt_rd(x));
    F(__frsqrt_rn(x)); F(__saturatef(x)); F(fminf(x, y)); F(fmaxf(x, y)); F(__fmul_rn(x, 0.5f));
}
