// integer hashing: murmur3 fmix32/fmix64, xorshift64*, splitmix64, FNV-1a over bytes, 64-bit mul-hi
__device__ unsigned int fmix32(unsigned int h) { h ^= h >> 16; h *= 0x85ebca6b; h ^= h >> 13; h *= 0xc2b2ae35; h ^= h >> 16; return h; }
__device__ unsigned long long fmix64(unsigned long long k) { k ^= k >> 33; k *= 0xff51afd7ed558ccdULL; k ^= k >> 33; k *= 0xc4ceb9fe1a85ec53ULL; k ^= k >> 33; return k; }
extern "C" __global__ void murmur3_32(const unsigned int *keys, unsigned int *out, int n, unsigned int seed)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    const unsigned int c1 = 0xcc9e2d51, c2 = 0x1b873593;
    unsigned int h = seed, k = keys[i];
    k *= c1; k = (k << 15) | (k >> 17); k *= c2;
    h ^= k; h = __funnelshift_l(h, h, 13); h = h * 5 + 0xe6546b64;
    h ^= 4;
    out[i] = fmix32(h);
}
extern "C" __global__ void hash64(const unsigned long long *keys, unsigned long long *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    unsigned long long x = keys[i];
    unsigned long long a = fmix64(x);
    unsigned long long s = x ^ (x >> 12); s ^= s << 25; s ^= s >> 27; s *= 0x2545F4914F6CDD1DULL;          // xorshift64*
    unsigned long long z = x + 0x9e3779b97f4a7c15ULL; z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL; z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL; z ^= z >> 31;
    long long sx = (long long)x;
    out[5 * i + 0] = a; out[5 * i + 1] = s; out[5 * i + 2] = z;
    out[5 * i + 3] = __umul64hi(x, 0x9e3779b97f4a7c15ULL) ^ __umul64hi(a, s);
    out[5 * i + 4] = (unsigned long long)__mul64hi(sx, (long long)z) + (unsigned long long)__mul64hi(sx, -12345678901LL);
}
extern "C" __global__ void fnv1a(const unsigned char *data, int len, unsigned int *out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    const unsigned char *p = data + i * len;
    unsigned int h = 2166136261u;
    for (int k = 0; k < len; ++k) { h ^= p[k]; h *= 16777619u; }
    unsigned long long h64 = 14695981039346656037ULL;
    for (int k = 0; k < len; ++k) { h64 ^= p[k]; h64 *= 1099511628211ULL; }
    out[3 * i] = h; out[3 * i + 1] = (unsigned int)h64; out[3 * i + 2] = (unsigned int)(h64 >> 32);
}
// hash-table insert with linear probing (atomicCAS on 32-bit keys), then a lookup
extern "C" __global__ void hash_insert(const unsigned int *keys, const unsigned int *vals, unsigned int *tkeys, unsigned int *tvals, int n, unsigned int cap)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    unsigned int k = keys[i], slot = fmix32(k) & (cap - 1);
    while (true) {
        unsigned int prev = atomicCAS(&tkeys[slot], 0xffffffffu, k);
        if (prev == 0xffffffffu || prev == k) { tvals[slot] = vals[i]; return; }
        slot = (slot + 1) & (cap - 1);
    }
}
