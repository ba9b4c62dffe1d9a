extern "C" __global__ void spin_shared(const int *in, int *out, int rounds)
{
    __shared__ volatile int flag;
    __shared__ volatile int box[32];
    int t = threadIdx.x, w = t >> 5, l = t & 31;
    if (t == 0) flag = 0;
    __syncthreads();
    int acc = 0;
    for (int r = 0; r < rounds; ++r) {
        if (w == 0) {
            while (flag != 2 * r) ;           /* wait for the consumer */
            box[l] = in[blockIdx.x * 32 + l] * (r + 1);
            __threadfence_block();
            __syncwarp();
            if (l == 0) flag = 2 * r + 1;
        } else {
            while (flag != 2 * r + 1) __nanosleep(32);
            acc += box[31 - l];
            __syncwarp();
            if (l == 0) { __threadfence_block(); flag = 2 * r + 2; }
        }
    }
    if (w == 1) out[blockIdx.x * 32 + l] = acc;
}
