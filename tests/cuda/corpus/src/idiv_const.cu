template <typename T> __device__ void consts(T a, long long *o)
{
    o[0] = a / 7; o[1] = a % 7; o[2] = a / (T)-7; o[3] = a % (T)-7; o[4] = a / 10; o[5] = a % 10;
    o[6] = a / 3; o[7] = a % 1000; o[8] = a / 16; o[9] = a % 16; o[10] = a / (T)-16; o[11] = a % 641;
    o[12] = a / 6700417; o[13] = a / (T)0x7fff; o[14] = a % (T)255; o[15] = a / (T)-1;
}
extern "C" __global__ void idiv_const(const signed char *a8, const unsigned char *u8, const short *a16, const unsigned short *u16,
                                      const int *a32, const unsigned *u32, const long long *a64, const unsigned long long *u64,
                                      long long *o, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    long long *p = o + 128 * i;
    consts<signed char>(a8[i], p);
    consts<unsigned char>(u8[i], p + 16);
    consts<short>(a16[i], p + 32);
    consts<unsigned short>(u16[i], p + 48);
    consts<int>(a32[i], p + 64);
    consts<unsigned>(u32[i], p + 80);
    consts<long long>(a64[i], p + 96);
    consts<unsigned long long>(u64[i], p + 112);
}
