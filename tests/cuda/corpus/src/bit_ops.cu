// bit intrinsics: popc, clz, brev, ffs, byte_perm, funnel shift, 64-bit popc/clz
extern "C" __global__ void bit_ops(const unsigned *in, unsigned *out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned x = in[i];
    unsigned long long w = ((unsigned long long)x << 32) | (x * 2654435761u);
    out[8 * i + 0] = __popc(x);
    out[8 * i + 1] = __clz(x);
    out[8 * i + 2] = __brev(x);
    out[8 * i + 3] = __ffs(x);
    out[8 * i + 4] = __byte_perm(x, 0x12345678u, 0x3175);
    out[8 * i + 5] = __funnelshift_l(x, 0xdeadbeefu, i & 31);
    out[8 * i + 6] = __popcll(w);
    out[8 * i + 7] = __clzll(w >> (i & 63));
}
