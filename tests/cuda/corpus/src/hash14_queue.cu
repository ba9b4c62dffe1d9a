// Lock-free structures (hash14, issue 11): a Treiber stack whose head packs a 32-bit tag and a
// 32-bit node index (one 64-bit CAS, no ABA), each thread pushes two nodes and pops one, the last
// block to finish (threadfence + ticket) checks that the pops and what is left are every node once
// and empties the stack;
// a Gunrock-style frontier advance (visited by atomicCAS, the next frontier appended through an
// atomicAdd on its tail); a ring buffer index that wraps with atomicInc / atomicDec.
#define NIL 0xffffffffu

__device__ __forceinline__ unsigned long long pack(unsigned tag, unsigned idx)
{ return ((unsigned long long)tag << 32) | idx; }

extern "C" __global__ void hash14_stack(unsigned long long *head, unsigned *next, unsigned *popped, int nthreads,
                                        unsigned *ticket, unsigned *seen, unsigned *left)
{
    __shared__ bool am_last;
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < nthreads) {
        for (int r = 0; r < 2; ++r) {
            unsigned node = 2 * i + r;
            unsigned long long old = atomicAdd(head, 0ull), seen_h;
            do {
                seen_h = old;
                next[node] = (unsigned)seen_h;
                __threadfence();
                old = atomicCAS(head, seen_h, pack((unsigned)(seen_h >> 32) + 1, node));
            } while (old != seen_h);
        }
        unsigned long long old = *(volatile unsigned long long *)head, seen_h;
        unsigned got;
        do {
            seen_h = old;
            got = (unsigned)seen_h;
            if (got == NIL) break;          // cannot happen: two pushes precede each pop
            unsigned nx = *(volatile unsigned *)&next[got];
            old = atomicCAS(head, seen_h, pack((unsigned)(seen_h >> 32) + 1, nx));
        } while (old != seen_h);
        popped[i] = got;
    }
    __threadfence();
    __syncthreads();
    if (threadIdx.x == 0)
        am_last = atomicAdd(ticket, 1u) == gridDim.x - 1;
    __syncthreads();
    if (!am_last) return;
    for (int j = threadIdx.x; j < nthreads; j += blockDim.x) {
        unsigned p = *(volatile unsigned *)&popped[j];
        if (p != NIL) atomicAdd(&seen[p], 1u);
    }
    __syncthreads();
    if (threadIdx.x == 0) {
        unsigned cnt = 0;
        for (unsigned h = (unsigned)*(volatile unsigned long long *)head; h != NIL && cnt < 2u * nthreads;
             h = *(volatile unsigned *)&next[h]) {
            atomicAdd(&seen[h], 1u);
            ++cnt;
        }
        *left = cnt;
    }
    __syncthreads();
    // empty the stack for the next launch (its tag keeps counting): every node unlinked, no pops
    for (int j = threadIdx.x; j < 2 * nthreads; j += blockDim.x) {
        next[j] = 0;
        if (j < nthreads) popped[j] = NIL;
    }
    if (threadIdx.x == 0)
        *head = pack((unsigned)(*(volatile unsigned long long *)head >> 32), NIL);
}

extern "C" __global__ void hash14_frontier(const int *col, int deg, const int *front, int nfront,
                                           int *label, int level, int *next, int *tail)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= nfront) return;
    int u = front[i];
    for (int e = u * deg; e < (u + 1) * deg; ++e) {       // a regular graph: deg edges per vertex
        int v = col[e];
        if (atomicCAS(&label[v], -1, level + 1) == -1) {
            int slot = atomicAdd(tail, 1);
            next[slot] = v;
        }
    }
}

extern "C" __global__ void hash14_ring(const unsigned *vals, int n, unsigned *ring, unsigned cap, unsigned *widx,
                                       unsigned *down, unsigned *hist)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    unsigned w = atomicInc(widx, cap - 1);      // 0, 1, ..., cap-1, 0, ...
    atomicAdd(&ring[w], 1u);
    atomicAdd(&ring[cap], vals[i]);
    unsigned d = atomicDec(down, cap - 1);      // from the initial value down to 0, then cap-1
    atomicAdd(&hist[d], 1u);
}
