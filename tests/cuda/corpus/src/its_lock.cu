// Locks that lanes of one warp contend for, written as different authors write them under
// independent thread scheduling (Volta and later): the "if the CAS won" form, the do/while
// exchange form, the bare spin that needs ITS, a ticket lock, a try-lock that gives up,
// a mutex-protected sorted linked-list insert and a histogram of many locked bins.
#define NB 16

// 1. per-bucket global locks, "if (CAS won) { ...; unlock; done }" inside a while
extern "C" __global__ void its_lk_if(const int *in, int *lock, int *sum, int *cnt, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    int v = in[i];
    int b = (v & 0x7fffffff) % NB;
    bool done = false;
    while (!done) {
        if (atomicCAS(&lock[b], 0, 1) == 0) {
            volatile int *s = sum, *c = cnt;
            s[b] = s[b] + v;
            c[b] = c[b] + 1;
            __threadfence();
            atomicExch(&lock[b], 0);
            done = true;
        }
    }
}

// 2. shared-memory bin locks, do/while around atomicExch, results copied out by block
extern "C" __global__ void its_lk_dowhile(const int *in, long long *out, int n)
{
    __shared__ int lk[NB];
    __shared__ long long acc[NB];
    __shared__ int mx[NB];
    int t = threadIdx.x;
    if (t < NB) { lk[t] = 0; acc[t] = 0; mx[t] = -2147483647 - 1; }
    __syncthreads();
    for (int i = blockIdx.x * blockDim.x + t; i < n; i += gridDim.x * blockDim.x) {
        int v = in[i];
        int b = (v >> 3) & (NB - 1);
        int old;
        do {
            old = atomicExch(&lk[b], 1);
            if (old == 0) {
                volatile long long *a = acc;
                volatile int *m = mx;
                a[b] = a[b] + (long long)v * v;
                if (v > m[b]) m[b] = v;
                __threadfence_block();
                atomicExch(&lk[b], 0);
            }
        } while (old != 0);
    }
    __syncthreads();
    if (t < NB) {
        atomicAdd((unsigned long long *)&out[t], (unsigned long long)acc[t]);
        atomicMax((int *)&out[NB + t], mx[t]);
    }
}

// 3. the bare spin ("while (atomicCAS(..) != 0);") that only ITS makes safe; the critical
//    section inserts into a per-bin sorted array (a loop of per-lane length)
extern "C" __global__ void its_lk_spin(const int *in, int *bins, int *fill)
{
    __shared__ int lk[8];
    __shared__ int arr[8][64];
    __shared__ int num[8];
    int t = threadIdx.x;
    if (t < 8) { lk[t] = 0; num[t] = 0; }
    __syncthreads();
    int v = in[blockIdx.x * blockDim.x + t];
    int b = v & 7;
    while (atomicCAS(&lk[b], 0, 1) != 0)
        ;
    __threadfence_block();
    {
        volatile int *a = arr[b];
        volatile int *nn = num;
        int k = nn[b];
        while (k > 0 && a[k - 1] > v) { a[k] = a[k - 1]; --k; }
        a[k] = v;
        nn[b] = nn[b] + 1;
    }
    __threadfence_block();
    atomicExch(&lk[b], 0);
    __syncthreads();
    for (int j = t; j < 8 * 64; j += blockDim.x) {
        int bb = j >> 6, k = j & 63;
        bins[blockIdx.x * 512 + j] = k < num[bb] ? arr[bb][k] : -1;
    }
    if (t < 8) fill[blockIdx.x * 8 + t] = num[t];
}

// 4. a ticket lock: take a ticket, wait to be served; the critical section appends to a log
extern "C" __global__ void its_lk_ticket(const int *in, int *ok, int *total)
{
    __shared__ unsigned next, serving;
    __shared__ int logv[256];
    __shared__ int pos;
    __shared__ int running;
    int t = threadIdx.x;
    if (t == 0) { next = 0; serving = 0; pos = 0; running = 0; }
    __syncthreads();
    int v = in[blockIdx.x * blockDim.x + t];
    unsigned my = atomicAdd(&next, 1u);
    while (atomicAdd(&serving, 0u) != my)
        __nanosleep(8);
    int p = *(volatile int *)&pos;
    logv[p] = t;
    *(volatile int *)&pos = p + 1;
    *(volatile int *)&running = *(volatile int *)&running + v;
    __threadfence_block();
    atomicAdd(&serving, 1u);
    __syncthreads();
    ok[blockIdx.x * blockDim.x + t] = (logv[my] == t) + 2 * (pos == (int)blockDim.x);
    if (t == 0) total[blockIdx.x] = running;
}

// 5. try-lock with a bounded number of attempts, falling back to an atomic
__device__ int g_try_lock;
extern "C" __global__ void its_lk_try(const int *in, int *acc, int *how)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int v = in[i];
    bool got = false;
    for (int attempt = 0; attempt < 4 && !got; ++attempt) {
        if (atomicCAS(&g_try_lock, 0, 1) == 0) {
            got = true;
            volatile int *a = acc;
            a[0] = a[0] + v;
            __threadfence();
            atomicExch(&g_try_lock, 0);
        }
    }
    if (!got)
        atomicAdd(&acc[0], v);
    atomicAdd(how, 1);
}

// 6. mutex-protected sorted linked-list insert (one list per key class, nodes preallocated)
struct Node { int key; int next; };
extern "C" __global__ void its_lk_list(const int *keys, Node *nodes, int *heads, int *mtx, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        int key = keys[i] * 128 + i;      // distinct keys
        int L = keys[i] & 3;
        nodes[i].key = key;
        for (;;) {
            if (atomicCAS(&mtx[L], 0, 1) == 0) {
                volatile int *h = heads;
                volatile Node *nd = nodes;
                int prev = -1, cur = h[L];
                while (cur >= 0 && nd[cur].key < key) { prev = cur; cur = nd[cur].next; }
                nd[i].next = cur;
                if (prev < 0) h[L] = i; else nd[prev].next = i;
                __threadfence();
                atomicExch(&mtx[L], 0);
                break;
            }
        }
    }
    __syncthreads();
}

// 7. histogram of many bins, each bin a (count, sum, min) triple under its own lock;
//    a grid-stride loop so lanes take different numbers of trips
struct Bin { int lock; int count; long long sum; int mn; int pad; };
extern "C" __global__ void its_lk_hist(const int *in, Bin *bins, int n, int nbins)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
        int v = in[i];
        int b = (unsigned)(v * 2654435761u) >> 27;   // 32 bins, skewed input collides a lot
        b %= nbins;
        Bin *p = &bins[b];
        while (atomicExch(&p->lock, 1) != 0)
            ;
        volatile Bin *q = p;
        q->count = q->count + 1;
        q->sum = q->sum + v;
        if (v < q->mn) q->mn = v;
        __threadfence();
        atomicExch(&p->lock, 0);
    }
}

// 8. all lanes of a warp hammer one shared lock a per-lane number of times, with backoff
extern "C" __global__ void its_lk_backoff(const int *in, int *out)
{
    __shared__ int lock;
    __shared__ int total, visits;
    int t = threadIdx.x;
    if (t == 0) { lock = 0; total = 0; visits = 0; }
    __syncthreads();
    int v = in[blockIdx.x * blockDim.x + t];
    int reps = (t % 5) + 1;
    for (int r = 0; r < reps; ++r) {
        unsigned ns = 4;
        while (atomicCAS(&lock, 0, 1) != 0) {
            __nanosleep(ns);
            if (ns < 256) ns *= 2;
        }
        *(volatile int *)&total = *(volatile int *)&total + v + r;
        *(volatile int *)&visits = *(volatile int *)&visits + 1;
        __threadfence_block();
        atomicExch(&lock, 0);
    }
    __syncthreads();
    if (t == 0) { out[2 * blockIdx.x] = total; out[2 * blockIdx.x + 1] = visits; }
}
