// cg::reduce over int, unsigned, float, double, long long with plus/less/greater/bit ops
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;

__global__ void cg_reduce_t(const int *in, const float *f, const double *d, const long long *q,
                            int *oi, unsigned *ou, float *of, double *od, long long *oq)
{
    cg::thread_block b = cg::this_thread_block();
    int i = b.group_index().x * b.size() + b.thread_rank();
    auto t32 = cg::tiled_partition<32>(b);
    auto t8 = cg::tiled_partition<8>(b);
    auto t16 = cg::tiled_partition<16>(b);
    int v = in[i];
    unsigned u = (unsigned)v * 2654435761u;
    oi[4 * i + 0] = cg::reduce(t32, v, cg::plus<int>());
    oi[4 * i + 1] = cg::reduce(t8, v, cg::less<int>());
    oi[4 * i + 2] = cg::reduce(t16, v, cg::greater<int>());
    oi[4 * i + 3] = cg::reduce(t32, v, cg::bit_or<int>());
    ou[4 * i + 0] = cg::reduce(t32, u, cg::plus<unsigned>());
    ou[4 * i + 1] = cg::reduce(t16, u, cg::less<unsigned>());
    ou[4 * i + 2] = cg::reduce(t8, u, cg::greater<unsigned>());
    ou[4 * i + 3] = cg::reduce(t32, u, cg::bit_xor<unsigned>()) ^ cg::reduce(t8, u, cg::bit_and<unsigned>());
    float x = f[i];
    of[3 * i + 0] = cg::reduce(t8, x, cg::plus<float>());
    of[3 * i + 1] = cg::reduce(t32, x, cg::less<float>());
    of[3 * i + 2] = cg::reduce(t16, x, cg::greater<float>());
    double y = d[i];
    od[3 * i + 0] = cg::reduce(t16, y, cg::plus<double>());
    od[3 * i + 1] = cg::reduce(t32, y, cg::less<double>());
    od[3 * i + 2] = cg::reduce(t8, y, cg::greater<double>());
    long long z = q[i];
    oq[4 * i + 0] = cg::reduce(t32, z, cg::plus<long long>());
    oq[4 * i + 1] = cg::reduce(t16, z, cg::less<long long>());
    oq[4 * i + 2] = cg::reduce(t8, z, cg::greater<long long>());
    oq[4 * i + 3] = cg::reduce(t32, z, cg::bit_xor<long long>());
}
