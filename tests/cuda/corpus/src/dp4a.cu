extern "C" __global__ void dp4a(const int *a, const int *b, const int *c, int *o, unsigned *ou, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    int x = a[i], y = b[i], z = c[i];
    o[8 * i + 0] = __dp4a(x, y, z);
    ou[4 * i + 0] = __dp4a((unsigned)x, (unsigned)y, (unsigned)z);
    char4 cx = *reinterpret_cast<char4 *>(&x), cy = *reinterpret_cast<char4 *>(&y);
    o[8 * i + 1] = __dp4a(cx, cy, 5);
    o[8 * i + 2] = __dp2a_lo(x, y, z);
    o[8 * i + 3] = __dp2a_hi(x, y, z);
    ou[4 * i + 1] = __dp2a_lo((unsigned)x, (unsigned)y, (unsigned)z);
    ou[4 * i + 2] = __dp2a_hi((unsigned)x, (unsigned)y, 7u);
    o[8 * i + 4] = __dp4a(x, 0x01010101, 0);            /* byte sum, constant operand */
    o[8 * i + 5] = __dp4a(x, x, -z);                     /* same register twice */
    int r;
    asm("dp4a.u32.s32 %0, %1, %2, %3;" : "=r"(r) : "r"(x), "r"(y), "r"(z));
    o[8 * i + 6] = r;
    asm("dp2a.hi.s32.u32 %0, %1, %2, %3;" : "=r"(r) : "r"(x), "r"(y), "r"(z));
    o[8 * i + 7] = r;
    ou[4 * i + 3] = __dp4a((unsigned)x, 0x80402010u, (unsigned)i);
}
