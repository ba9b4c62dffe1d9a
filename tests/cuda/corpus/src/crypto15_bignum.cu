// Multi-precision arithmetic as elliptic-curve and RSA GPU code writes it (crypto15, session 15; written for
// gpuisa's corpus in the style of secp256k1 miners / CGBN-like code, with PTX carry chains as inline asm:
// add.cc / addc.cc / sub.cc / subc.cc / mad.lo.cc / madc.hi.cc; no library source copied).
//   big_addsub   256-bit a + b and a - b with the carry / borrow out (8 limbs, carry chains)
//   big_mul      256 x 256 -> 512-bit schoolbook product, row by row with mad.lo.cc / madc.hi.cc chains
//   big_modp     a * b mod p for p = 2^256 - 2^32 - 977 (secp256k1's prime): the product folded twice
//                with 977 + 2^32, then one conditional subtraction
#include <stdint.h>
#define ADD_CC(r, a, b)  asm volatile("add.cc.u32 %0, %1, %2;" : "=r"(r) : "r"(a), "r"(b))
#define ADDC_CC(r, a, b) asm volatile("addc.cc.u32 %0, %1, %2;" : "=r"(r) : "r"(a), "r"(b))
#define ADDC(r, a, b)    asm volatile("addc.u32 %0, %1, %2;" : "=r"(r) : "r"(a), "r"(b))
#define SUB_CC(r, a, b)  asm volatile("sub.cc.u32 %0, %1, %2;" : "=r"(r) : "r"(a), "r"(b))
#define SUBC_CC(r, a, b) asm volatile("subc.cc.u32 %0, %1, %2;" : "=r"(r) : "r"(a), "r"(b))
#define SUBC(r, a, b)    asm volatile("subc.u32 %0, %1, %2;" : "=r"(r) : "r"(a), "r"(b))
__device__ __forceinline__ uint32_t add8(uint32_t *r, const uint32_t *a, const uint32_t *b)
{
    uint32_t c;
    ADD_CC(r[0], a[0], b[0]);
#pragma unroll
    for (int i = 1; i < 8; i++) ADDC_CC(r[i], a[i], b[i]);
    ADDC(c, 0, 0);
    return c;
}
__device__ __forceinline__ uint32_t sub8(uint32_t *r, const uint32_t *a, const uint32_t *b)
{
    uint32_t c;
    SUB_CC(r[0], a[0], b[0]);
#pragma unroll
    for (int i = 1; i < 8; i++) SUBC_CC(r[i], a[i], b[i]);
    SUBC(c, 0, 0);
    return c;            // 0 or 0xffffffff
}
extern "C" __global__ void big_addsub(const uint32_t *A, const uint32_t *B, uint32_t *S, uint32_t *D, uint32_t *C, int n)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n) return;
    uint32_t a[8], b[8], s[8], d[8];
#pragma unroll
    for (int i = 0; i < 8; i++) { a[i] = A[8 * t + i]; b[i] = B[8 * t + i]; }
    C[2 * t] = add8(s, a, b);
    C[2 * t + 1] = sub8(d, a, b);
#pragma unroll
    for (int i = 0; i < 8; i++) { S[8 * t + i] = s[i]; D[8 * t + i] = d[i]; }
}
__device__ __forceinline__ void mul8(uint32_t *r, const uint32_t *a, const uint32_t *b)
{
#pragma unroll
    for (int i = 0; i < 16; i++) r[i] = 0;
#pragma unroll
    for (int i = 0; i < 8; i++) {
        uint32_t carry = 0;
#pragma unroll
        for (int j = 0; j < 8; j++) {
            // (hi:lo) = a[i] * b[j] + r[i + j] + carry, as two carry chains
            uint32_t lo, hi;
            asm("mad.lo.cc.u32 %0, %2, %3, %4;\n\t"
                "madc.hi.u32 %1, %2, %3, 0;" : "=r"(lo), "=r"(hi) : "r"(a[i]), "r"(b[j]), "r"(r[i + j]));
            asm("add.cc.u32 %0, %0, %2;\n\t"
                "addc.u32 %1, %1, 0;" : "+r"(lo), "+r"(hi) : "r"(carry));
            r[i + j] = lo;
            carry = hi;
        }
        r[i + 8] = carry;
    }
}
extern "C" __global__ void big_mul(const uint32_t *A, const uint32_t *B, uint32_t *P, int n)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n) return;
    uint32_t a[8], b[8], r[16];
#pragma unroll
    for (int i = 0; i < 8; i++) { a[i] = A[8 * t + i]; b[i] = B[8 * t + i]; }
    mul8(r, a, b);
#pragma unroll
    for (int i = 0; i < 16; i++) P[16 * t + i] = r[i];
}
__constant__ uint32_t P256K1[8] = {0xFFFFFC2F, 0xFFFFFFFE, 0xFFFFFFFF, 0xFFFFFFFF, 0xFFFFFFFF, 0xFFFFFFFF, 0xFFFFFFFF, 0xFFFFFFFF};
extern "C" __global__ void big_modp(const uint32_t *A, const uint32_t *B, uint32_t *R, int n)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n) return;
    uint32_t a[8], b[8], r[16];
    for (int i = 0; i < 8; i++) { a[i] = A[8 * t + i]; b[i] = B[8 * t + i]; }
    mul8(r, a, b);
    // r = lo + hi * 2^256 = lo + hi * (2^32 + 977) mod p
    uint64_t acc = 0;
    uint32_t x[8];
    for (int i = 0; i < 8; i++) {
        acc += (uint64_t)r[i] + (uint64_t)r[8 + i] * 977u + (i ? r[7 + i] : 0);
        x[i] = (uint32_t)acc;
        acc >>= 32;
    }
    uint64_t top = acc + r[15];                           // the part from 2^256 on (< 2^43): fold once more
    acc = (uint64_t)x[0] + top * 977u;
    x[0] = (uint32_t)acc; acc >>= 32;
    acc += (uint64_t)x[1] + top;
    x[1] = (uint32_t)acc; acc >>= 32;
    for (int i = 2; i < 8; i++) { acc += x[i]; x[i] = (uint32_t)acc; acc >>= 32; }
    if (acc) {                                            // one more 2^256 = 2^32 + 977
        acc = (uint64_t)x[0] + 977u; x[0] = (uint32_t)acc; acc >>= 32;
        acc += (uint64_t)x[1] + 1u; x[1] = (uint32_t)acc; acc >>= 32;
        for (int i = 2; i < 8; i++) { acc += x[i]; x[i] = (uint32_t)acc; acc >>= 32; }
    }
    uint32_t p[8], d[8];
    for (int i = 0; i < 8; i++) p[i] = P256K1[i];
    uint32_t borrow = sub8(d, x, p);
    for (int i = 0; i < 8; i++) R[8 * t + i] = borrow ? x[i] : d[i];
}
