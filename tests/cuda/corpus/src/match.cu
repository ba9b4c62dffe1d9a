// __match_any_sync: out[i] = mask of lanes with the same key; all[i] = __match_all_sync(key & 1 | 2)
extern "C" __global__ void match(const int *key, unsigned *out, unsigned *all)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int k = key[i];
    out[i] = __match_any_sync(0xffffffffu, k);
    int pred;
    unsigned m = __match_all_sync(0xffffffffu, k >= 0, &pred);
    all[i] = m + (unsigned)pred;
}
