// Thread-block clusters (sm_90 and later; gpuisa run --cluster): distributed shared memory
// through cluster_group::map_shared_rank, cluster barriers (coop10 direction, decisions D10-C-*).
// Older targets have no clusters: their code computes the same results from global memory.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
#define HAVE_CLUSTERS 1
#define CLUSTER_SHAPE(x, y, z) __cluster_dims__(x, y, z)
#else
#define HAVE_CLUSTERS 0
#define CLUSTER_SHAPE(x, y, z)
#endif

#define HBINS 64
#define HCTAS 4
#define HOWN (HBINS / HCTAS)

// A cluster of 4 CTAs counts its slice of the keys; CTA rank r holds bins [16 r, 16 r + 16) in
// its shared memory and every CTA adds into the owner's bins.
extern "C" __global__ void CLUSTER_SHAPE(4, 1, 1) cl_hist(const unsigned *keys, unsigned *out, int per_cluster)
{
    __shared__ unsigned own[HOWN];
    const int cluster = blockIdx.x / HCTAS;
    int rank = blockIdx.x % HCTAS;
    const unsigned *mine = keys + cluster * per_cluster;
    for (int i = threadIdx.x; i < HOWN; i += blockDim.x)
        own[i] = 0;
#if HAVE_CLUSTERS
    cg::cluster_group cl = cg::this_cluster();
    rank = (int)cl.block_rank();
    cl.sync();
    for (int i = rank * blockDim.x + threadIdx.x; i < per_cluster; i += blockDim.x * cl.num_blocks()) {
        const unsigned k = mine[i] % HBINS;
        unsigned *owner = cl.map_shared_rank(own, k / HOWN);
        atomicAdd(owner + k % HOWN, 1u);
    }
    cl.sync();
#else
    __syncthreads();
    for (int i = threadIdx.x; i < per_cluster; i += blockDim.x) {
        const unsigned k = mine[i] % HBINS;
        if ((int)(k / HOWN) == rank)
            atomicAdd(&own[k % HOWN], 1u);
    }
    __syncthreads();
#endif
    for (int i = threadIdx.x; i < HOWN; i += blockDim.x)
        out[cluster * HBINS + rank * HOWN + i] = own[i];
}

// Neighbour exchange around a ring of the cluster's CTAs (a cluster launch of csize CTAs,
// no __cluster_dims__): each thread combines its value with the left CTA's value at its index
// and the right CTA's at the next index.
extern "C" __global__ void cl_ring(const float *in, float *out, unsigned *info, int csize)
{
    __shared__ float tile[128];
    const int t = threadIdx.x;
    const int g = blockIdx.x * blockDim.x + t;
    tile[t] = in[g];
    float left, right;
#if HAVE_CLUSTERS
    cg::cluster_group cl = cg::this_cluster();
    const unsigned r = cl.block_rank(), nb = cl.num_blocks();
    cl.sync();
    left = cl.map_shared_rank(tile, (r + nb - 1) % nb)[t];
    right = cl.map_shared_rank(tile, (r + 1) % nb)[(t + 1) % blockDim.x];
    cl.sync();      // the neighbours read this CTA's tile: it must outlive their reads
    if (t == 0) {
        info[blockIdx.x * 4 + 0] = r;
        info[blockIdx.x * 4 + 1] = nb;
        info[blockIdx.x * 4 + 2] = cl.block_index().x;
        info[blockIdx.x * 4 + 3] = (unsigned)cg::this_grid().cluster_rank();
    }
#else
    const unsigned r = blockIdx.x % csize, nb = csize;
    const int first = blockIdx.x - r;
    left = in[(first + (r + nb - 1) % nb) * blockDim.x + t];
    right = in[(first + (r + 1) % nb) * blockDim.x + (t + 1) % blockDim.x];
    if (t == 0) {
        info[blockIdx.x * 4 + 0] = r;
        info[blockIdx.x * 4 + 1] = nb;
        info[blockIdx.x * 4 + 2] = r;
        info[blockIdx.x * 4 + 3] = blockIdx.x / csize;
    }
#endif
    out[g] = 2.0f * tile[t] + left - right;
}

// A 2x2 cluster's weighted sum: each CTA adds its block (times rank + 1) into a shared partial,
// arrives at the cluster barrier, does unrelated work, waits; rank 0 gathers the partials.
extern "C" __global__ void CLUSTER_SHAPE(2, 2, 1) cl_sum2d(const int *in, long long *out, unsigned *side,
                                                         int per_block)
{
    __shared__ long long part;
    const int cid = blockIdx.x / 2 + (gridDim.x / 2) * (blockIdx.y / 2);
    const int rank = blockIdx.x % 2 + 2 * (blockIdx.y % 2);
    const int blin = blockIdx.x + gridDim.x * blockIdx.y;
    if (threadIdx.x == 0)
        part = 0;
    __syncthreads();
    long long s = 0;
    for (int i = threadIdx.x; i < per_block; i += blockDim.x)
        s += (long long)in[blin * per_block + i] * (rank + 1);
    atomicAdd((unsigned long long *)&part, (unsigned long long)s);
#if HAVE_CLUSTERS
    cg::cluster_group cl = cg::this_cluster();
    auto token = cl.barrier_arrive();
    side[blin * blockDim.x + threadIdx.x] = cl.thread_rank() * 3u + cl.block_index().y;
    cl.barrier_wait(std::move(token));
    if (cl.block_rank() == 0 && threadIdx.x == 0) {
        long long total = 0;
        for (unsigned r = 0; r < cl.num_blocks(); ++r)
            total += *cl.map_shared_rank(&part, r);
        out[cid] = total;
    }
    cl.sync();
#else
    side[blin * blockDim.x + threadIdx.x] = (rank * blockDim.x + threadIdx.x) * 3u + blockIdx.y % 2;
    __syncthreads();
    if (rank == 0 && threadIdx.x == 0) {
        long long total = 0;
        for (int r = 0; r < 4; ++r) {
            const int b = (blockIdx.x + r % 2) + gridDim.x * (blockIdx.y + r / 2);
            for (int i = 0; i < per_block; ++i)
                total += (long long)in[b * per_block + i] * (r + 1);
        }
        out[cid] = total;
    }
#endif
}

// Non-aligned cluster barriers in both arms of a branch (each half of a warp arrives in turn;
// nvcc brackets each with WARPSYNC.COLLECTIVE), in CTAs of 48 threads (a partial warp).
extern "C" __global__ void CLUSTER_SHAPE(2, 1, 1) cl_split(const int *in, int *out)
{
    __shared__ int s[64];
    const int t = threadIdx.x;
    const int n = blockDim.x;
    s[t] = in[blockIdx.x * n + t] * 3 + t;
#if HAVE_CLUSTERS
    if (t & 1) {
        asm volatile("barrier.cluster.arrive;\n\tbarrier.cluster.wait;" ::: "memory");
    } else {
        asm volatile("barrier.cluster.arrive.release;\n\tbarrier.cluster.wait.acquire;" ::: "memory");
    }
    unsigned peer;
    asm volatile("mov.u32 %0, %%cluster_ctarank;" : "=r"(peer));
    const int v = *cg::this_cluster().map_shared_rank(&s[(t + 5) % n], peer ^ 1u);
    asm volatile("barrier.cluster.arrive;\n\tbarrier.cluster.wait;" ::: "memory");
#else
    __syncthreads();
    const int u = (t + 5) % n;
    const int v = in[(blockIdx.x ^ 1) * n + u] * 3 + u;
#endif
    out[blockIdx.x * n + t] = v - s[t];
}

// Producer and consumer CTAs of a cluster of 2: rank 1 writes into rank 0's shared buffer and
// arrives (every thread) at rank 0's mbarrier (mbarrier.arrive.shared::cluster: SYNCS.ARRIVE.RED.A1T0
// on a shared::cluster address); rank 0 waits for the phase and consumes.
extern "C" __global__ void CLUSTER_SHAPE(2, 1, 1) cl_mbar(const int *in, int *out)
{
    __shared__ int box[64];
    const unsigned t = threadIdx.x;
#if HAVE_CLUSTERS
    __shared__ unsigned long long full;
    cg::cluster_group cl = cg::this_cluster();
    const unsigned me = cl.block_rank();
    const unsigned fa = (unsigned)__cvta_generic_to_shared(&full);
    if (t == 0)
        asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" :: "r"(fa), "r"(blockDim.x));
    asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
    cl.sync();
    if (me == 1) {
        cl.map_shared_rank(box, 0)[t] = in[(blockIdx.x - 1) * blockDim.x + t] * 5 - (int)t;
        unsigned remote;
        asm volatile("mapa.shared::cluster.u32 %0, %1, %2;" : "=r"(remote) : "r"(fa), "r"(0));
        asm volatile("mbarrier.arrive.release.cluster.shared::cluster.b64 _, [%0];" :: "r"(remote) : "memory");
    } else {
        unsigned ready = 0;
        while (!ready)
            asm volatile("{ .reg .pred p; mbarrier.try_wait.parity.acquire.cluster.shared::cta.b64 p, [%1], %2; "
                         "selp.u32 %0, 1, 0, p; }" : "=r"(ready) : "r"(fa), "r"(0) : "memory");
        out[blockIdx.x / 2 * blockDim.x + t] = box[(t + 1) % blockDim.x] + 1;
    }
    cl.sync();
#else
    if (blockIdx.x % 2 == 0) {
        const unsigned u = (t + 1) % blockDim.x;
        box[u] = in[blockIdx.x * blockDim.x + u] * 5 - (int)u;
        __syncthreads();
        out[blockIdx.x / 2 * blockDim.x + t] = box[u] + 1;
    }
#endif
}
