// Decision D23-1 (docs/decisions.md): a CAS loop's losers on a word another warp keeps storing on
// at other instructions.  Warp 0 runs `rounds` CAS additions on cnt[0], each after a stretch of
// arithmetic without a YIELD; warp 1 runs one CAS addition on the same word at its own loop and
// records __activemask() after it.  Built: nvcc -cubin -O3 -arch=sm_90 cas_starve.cu (and sm_75).
__device__ __forceinline__ void cas_add(unsigned *p, unsigned v)
{
    unsigned old = *(volatile unsigned *)p, assumed;
    do { assumed = old; old = atomicCAS(p, assumed, assumed + v); } while (old != assumed);
}

extern "C" __global__ void cas_starve(unsigned *cnt, const unsigned *in, unsigned *out, int rounds)
{
    const unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned acc = in[t & 63];
    if ((threadIdx.x & 63) < 32) {
        for (int r = 0; r < rounds; r++) {
#pragma unroll 1
            for (int k = 0; k < (int)(in[r & 63] & 15) + 8; k++) acc = (acc * 1664525u + 1013904223u) ^ (acc >> 7);
            cas_add(&cnt[0], acc & 7);
        }
        out[t] = acc;
    } else {
        cas_add(&cnt[0], 1);
        out[t] = __activemask();
    }
}
