#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;
extern "C" __global__ void cg_reduce(const int* in, int* blocksum, int* tilemax8, unsigned* ored, int n)
{
    __shared__ int warpsums[32];
    cg::thread_block blk = cg::this_thread_block();
    cg::thread_block_tile<32> w = cg::tiled_partition<32>(blk);
    cg::thread_block_tile<8> t8 = cg::tiled_partition<8>(blk);
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int v = (i < n) ? in[i] : 0;
    int m8 = cg::reduce(t8, v, cg::greater<int>());
    if (t8.thread_rank() == 0 && i < n) tilemax8[i / 8] = m8;
    unsigned o = cg::reduce(w, (unsigned)v, cg::bit_or<unsigned>());
    int ws = cg::reduce(w, v, cg::plus<int>());
    if (w.thread_rank() == 0) { warpsums[w.meta_group_rank()] = ws; ored[i / 32] = o; }
    blk.sync();
    if (threadIdx.x < 32) {
        int x = (threadIdx.x < w.meta_group_size()) ? warpsums[threadIdx.x] : 0;
        for (int d = 16; d; d >>= 1) x += __shfl_xor_sync(0xffffffffu, x, d);
        if (threadIdx.x == 0) blocksum[blockIdx.x] = x;
    }
}
