// CUDA's SIMD intrinsics and small-integer conversions: nvcc -O3 keeps VIADD.16x2/.U8x4,
// VIMNMX.U16x2/.S16x2/.U8x4 (sm_90+), VABSDIFF4.U8{.ACC}, IDP.4A (sm_120 __vsadu4) and
// I2F.U16/.S16/.U8/.S8 with halfword / byte selectors; the rest become LOP3/PRMT/IADD3.
extern "C" __global__ void simd_video(const unsigned *a, const unsigned *b, unsigned *o, unsigned k)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned x = a[i], y = b[i];
    unsigned *r = o + 32 * i;
    r[0] = __vadd2(x, y);
    r[1] = __vadd4(x, y);
    r[2] = __vsub2(x, y);
    r[3] = __vsub4(x, y);
    r[4] = __vmaxu2(x, y);
    r[5] = __vmaxs2(x, y);
    r[6] = __vminu4(x, y);
    r[7] = __vmaxu4(x, y);
    r[8] = __vabsdiffu4(x, y);
    r[9] = __vabsdiffs2(x, y);
    r[10] = __vavgu2(x, y);
    r[11] = __vcmpeq4(x, y);
    r[12] = __vsetgtu2(x, y);
    r[13] = __vaddss2(x, y);
    r[14] = __vaddus4(x, y);
    r[15] = __vsubss4(x, y);
    r[16] = __vmins2(x, y);
    r[17] = __vminu2(x, y);
    r[18] = __vabsdiffu2(x, y);
    r[19] = __vabsdiffs4(x, y);
    r[20] = __vsadu4(x, y) + __vsads2(x, y);
    r[21] = __vadd2(x, 0x00010001);
    r[22] = __vmaxu2(x, 0x00400040);
    r[23] = __vsub4(x, 0x01010101);
    r[24] = __vabsdiffu4(x, k);
    r[25] = __vmaxs2(x, 0x00050005);
    r[26] = __vminu4(x, 0x20202020);
    r[27] = __vsadu4(x, k) + y;
    r[28] = __vneg2(x);
    r[29] = __vmaxu4(x, 0x10203040);
    r[30] = __vsub2(k, x);
    r[31] = __vmins2(x, k);
}

extern "C" __global__ void i2f_small(const unsigned *a, float *o, double *d)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned x = a[i];
    float *r = o + 12 * i;
    r[0] = (float)(unsigned short)x;
    r[1] = (float)(short)x;
    r[2] = (float)(unsigned char)x;
    r[3] = (float)(signed char)x;
    r[4] = (float)(unsigned short)(x >> 16);
    r[5] = (float)(short)(x >> 16);
    r[6] = (float)(short)(x >> 8);
    r[7] = (float)(signed char)(x >> 8);
    r[8] = (float)(signed char)(x >> 16);
    r[9] = (float)(signed char)(x >> 24);
    r[10] = (float)(unsigned char)(x >> 24);
    r[11] = (float)(unsigned char)(x >> 8);
    d[i] = (double)(unsigned short)x + 65536.0 * (double)(short)(x >> 16) + (double)(signed char)x / 256.0;
}
