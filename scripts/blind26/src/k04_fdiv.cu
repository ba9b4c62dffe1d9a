#include <stdint.h>
extern "C" __global__ void fdiv_sqrt(const float* a, const float* b, const double* da, const double* db,
                                     float* of, double* od, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float x = a[i], y = b[i];
    of[i * 6 + 0] = x / y;
    of[i * 6 + 1] = sqrtf(fabsf(x));
    of[i * 6 + 2] = __fdiv_rz(x, y);
    of[i * 6 + 3] = __fsqrt_ru(fabsf(y));
    of[i * 6 + 4] = __frcp_rn(x);
    of[i * 6 + 5] = __fdiv_rd(y, x);
    double u = da[i], v = db[i];
    od[i * 4 + 0] = u / v;
    od[i * 4 + 1] = sqrt(fabs(u));
    od[i * 4 + 2] = __drcp_rn(v);
    od[i * 4 + 3] = __ddiv_ru(v, u);
}
