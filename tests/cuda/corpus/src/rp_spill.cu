// nvcc-flags: -maxrregcount=32
// a kernel with a large live state under -maxrregcount=32: ptxas spills to local memory
__global__ void rp_spill(const unsigned *in, unsigned *o, int rounds)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned s[24];
#pragma unroll
    for (int k = 0; k < 24; ++k) s[k] = in[i * 24 + k] ^ (k * 0x9e3779b9u);
    for (int r = 0; r < rounds; ++r) {
#pragma unroll
        for (int k = 0; k < 24; ++k) {
            unsigned a = s[(k + 1) % 24], b = s[(k + 7) % 24], c = s[(k + 13) % 24];
            s[k] = (s[k] + (a ^ (b >> 3)) + (c << 5)) * 0x01000193u + (unsigned)r;
        }
    }
#pragma unroll
    for (int k = 0; k < 24; ++k) o[i * 24 + k] = s[k];
}
