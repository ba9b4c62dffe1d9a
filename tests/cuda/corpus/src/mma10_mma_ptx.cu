// Inline-PTX tensor-core code (issue 11, direction mma10): ldmatrix (.x1/.x2/.x4, .trans) from
// shared memory, mma.sync m16n8k16 / m16n8k8 (f16 -> f32 / f16), m8n8k16 and m16n8k32 (s8,
// .satfinite), movmatrix and (sm_90+) stmatrix, with the fragment layouts of the PTX ISA. One warp
// per block; sm_75 lacks m16n8k16 and m16n8k32: it takes two m16n8k8 and plain loops instead.
#include <cuda_fp16.h>
#include <stdint.h>

__device__ __forceinline__ uint32_t sm(const void* p) { return (uint32_t)__cvta_generic_to_shared(p); }

// D(16x8) = A(16x16) * B(16x8) + C, all row-major floats in global memory; block b works on
// A + 256 b, B + 128 b, C and D + 128 b.
extern "C" __global__ void mma_f16_ldsm(const float* A, const float* B, const float* C, float* D)
{
    __shared__ __align__(16) half sa[16 * 16];
    __shared__ __align__(16) half sb[16 * 8];
    int lane = threadIdx.x, g = lane >> 2, t = lane & 3;
    A += blockIdx.x * 256; B += blockIdx.x * 128; C += blockIdx.x * 128; D += blockIdx.x * 128;
    for (int i = lane; i < 256; i += 32) sa[i] = __float2half(A[i]);
    for (int i = lane; i < 128; i += 32) sb[i] = __float2half(B[i]);
    __syncwarp();
    uint32_t a[4], b[2];
    asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0,%1,%2,%3}, [%4];"
                 : "=r"(a[0]), "=r"(a[1]), "=r"(a[2]), "=r"(a[3]) : "r"(sm(sa + (lane % 16) * 16 + (lane / 16) * 8)));
    asm volatile("ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16 {%0,%1}, [%2];"
                 : "=r"(b[0]), "=r"(b[1]) : "r"(sm(sb + (lane % 16) * 8)));
    float c[4] = {C[g * 8 + 2 * t], C[g * 8 + 2 * t + 1], C[(g + 8) * 8 + 2 * t], C[(g + 8) * 8 + 2 * t + 1]};
    float d[4];
#if __CUDA_ARCH__ >= 800
    asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%10,%11,%12,%13};"
                 : "=f"(d[0]), "=f"(d[1]), "=f"(d[2]), "=f"(d[3])
                 : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]),
                   "f"(c[0]), "f"(c[1]), "f"(c[2]), "f"(c[3]));
#else   // k = 0..7 (a0, a1; b0), then k = 8..15 (a2, a3; b1)
    asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32 {%0,%1,%2,%3}, {%4,%5}, {%6}, {%7,%8,%9,%10};"
                 : "=f"(d[0]), "=f"(d[1]), "=f"(d[2]), "=f"(d[3])
                 : "r"(a[0]), "r"(a[1]), "r"(b[0]), "f"(c[0]), "f"(c[1]), "f"(c[2]), "f"(c[3]));
    asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32 {%0,%1,%2,%3}, {%4,%5}, {%6}, {%0,%1,%2,%3};"
                 : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]) : "r"(a[2]), "r"(a[3]), "r"(b[1]));
#endif
    D[g * 8 + 2 * t] = d[0]; D[g * 8 + 2 * t + 1] = d[1];
    D[(g + 8) * 8 + 2 * t] = d[2]; D[(g + 8) * 8 + 2 * t + 1] = d[3];
}

// half accumulators, m16n8k8: D(16x8) = A(16x8) * B(8x8) + C as halves; B via ldmatrix.x1.trans;
// the result also goes through movmatrix (T = D's top 8x8 transposed)
extern "C" __global__ void mma_h16_movm(const float* A, const float* B, const float* C, float* D, float* T)
{
    __shared__ __align__(16) half sb[64];
    int lane = threadIdx.x, g = lane >> 2, t = lane & 3;
    for (int i = lane; i < 64; i += 32) sb[i] = __float2half(B[i]);
    __syncwarp();
    __half2 a0 = __floats2half2_rn(A[g * 8 + 2 * t], A[g * 8 + 2 * t + 1]);
    __half2 a1 = __floats2half2_rn(A[(g + 8) * 8 + 2 * t], A[(g + 8) * 8 + 2 * t + 1]);
    __half2 c0 = __floats2half2_rn(C[g * 8 + 2 * t], C[g * 8 + 2 * t + 1]);
    __half2 c1 = __floats2half2_rn(C[(g + 8) * 8 + 2 * t], C[(g + 8) * 8 + 2 * t + 1]);
    uint32_t b, d0, d1, tr;
    asm volatile("ldmatrix.sync.aligned.m8n8.x1.trans.shared.b16 {%0}, [%1];" : "=r"(b) : "r"(sm(sb + (lane % 8) * 8)));
    asm volatile("mma.sync.aligned.m16n8k8.row.col.f16.f16.f16.f16 {%0,%1}, {%2,%3}, {%4}, {%5,%6};"
                 : "=r"(d0), "=r"(d1)
                 : "r"(*(uint32_t*)&a0), "r"(*(uint32_t*)&a1), "r"(b), "r"(*(uint32_t*)&c0), "r"(*(uint32_t*)&c1));
    asm volatile("movmatrix.sync.aligned.m8n8.trans.b16 %0, %1;" : "=r"(tr) : "r"(d0));
    __half2 h0 = *(__half2*)&d0, h1 = *(__half2*)&d1, ht = *(__half2*)&tr;
    D[g * 8 + 2 * t] = __low2float(h0); D[g * 8 + 2 * t + 1] = __high2float(h0);
    D[(g + 8) * 8 + 2 * t] = __low2float(h1); D[(g + 8) * 8 + 2 * t + 1] = __high2float(h1);
    T[g * 8 + 2 * t] = __low2float(ht); T[g * 8 + 2 * t + 1] = __high2float(ht);
}

// 8-bit integers: E(8x8) = A[0:8][0:16] * B + C (m8n8k16; B given as Bt[8][32]) and
// F(16x8) = A(16x32) * B(32x8) + C2 with .satfinite (m16n8k32)
extern "C" __global__ void mma_s8_sat(const int8_t* A, const int8_t* Bt, const int* C, const int* C2, int* E, int* F)
{
    int lane = threadIdx.x, g = lane >> 2, t = lane & 3;
    uint32_t a = *(const uint32_t*)(A + g * 32 + t * 4), b = *(const uint32_t*)(Bt + g * 32 + t * 4);
    int e0, e1;
    asm volatile("mma.sync.aligned.m8n8k16.row.col.s32.s8.s8.s32 {%0,%1}, {%2}, {%3}, {%4,%5};"
                 : "=r"(e0), "=r"(e1) : "r"(a), "r"(b), "r"(C[g * 8 + 2 * t]), "r"(C[g * 8 + 2 * t + 1]));
    E[g * 8 + 2 * t] = e0; E[g * 8 + 2 * t + 1] = e1;
#if __CUDA_ARCH__ >= 800
    uint32_t a4[4] = {*(const uint32_t*)(A + g * 32 + t * 4), *(const uint32_t*)(A + (g + 8) * 32 + t * 4),
                      *(const uint32_t*)(A + g * 32 + t * 4 + 16), *(const uint32_t*)(A + (g + 8) * 32 + t * 4 + 16)};
    uint32_t b2[2] = {*(const uint32_t*)(Bt + g * 32 + t * 4), *(const uint32_t*)(Bt + g * 32 + t * 4 + 16)};
    int f[4];
    asm volatile("mma.sync.aligned.m16n8k32.row.col.satfinite.s32.s8.s8.s32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%10,%11,%12,%13};"
                 : "=r"(f[0]), "=r"(f[1]), "=r"(f[2]), "=r"(f[3])
                 : "r"(a4[0]), "r"(a4[1]), "r"(a4[2]), "r"(a4[3]), "r"(b2[0]), "r"(b2[1]),
                   "r"(C2[g * 8 + 2 * t]), "r"(C2[g * 8 + 2 * t + 1]), "r"(C2[(g + 8) * 8 + 2 * t]), "r"(C2[(g + 8) * 8 + 2 * t + 1]));
    F[g * 8 + 2 * t] = f[0]; F[g * 8 + 2 * t + 1] = f[1]; F[(g + 8) * 8 + 2 * t] = f[2]; F[(g + 8) * 8 + 2 * t + 1] = f[3];
#else
    for (int e = lane; e < 128; e += 32) {
        int p = 0;                           // |p| <= 32 * 2^14: no overflow
        for (int k = 0; k < 32; k++) p += (int)A[(e / 8) * 32 + k] * (int)Bt[(e % 8) * 32 + k];
        int c = C2[e];                       // saturating c + p without a wider type
        F[e] = (p > 0 && c > 2147483647 - p) ? 2147483647 : (p < 0 && c < (int)0x80000000 - p) ? (int)0x80000000 : c + p;
    }
#endif
}

// ldmatrix.x4.trans and stmatrix: four 8x8 matrices of 16-bit words pass through registers and
// back to shared memory (stored transposed with stmatrix .x2.trans and as stored with .x4 / .x1);
// before sm_90 plain stores do what stmatrix does
extern "C" __global__ void ldsm_stsm(const uint16_t* in, uint16_t* out)
{
    __shared__ __align__(16) uint16_t s[256], o[512];
    int lane = threadIdx.x;
    for (int i = lane; i < 256; i += 32) s[i] = in[i];
    for (int i = lane; i < 512; i += 32) o[i] = 0;
    __syncwarp();
    uint32_t r[4];
    asm volatile("ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {%0,%1,%2,%3}, [%4];"
                 : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3]) : "r"(sm(s + lane * 8)));
    __syncwarp();
#if __CUDA_ARCH__ >= 900
    asm volatile("stmatrix.sync.aligned.m8n8.x4.shared.b16 [%0], {%1,%2,%3,%4};"
                 :: "r"(sm(o + lane * 8)), "r"(r[0]), "r"(r[1]), "r"(r[2]), "r"(r[3]));
    asm volatile("stmatrix.sync.aligned.m8n8.x2.trans.shared.b16 [%0], {%1,%2};"
                 :: "r"(sm(o + 256 + (lane % 16) * 8)), "r"(r[2]), "r"(r[3]));
    asm volatile("stmatrix.sync.aligned.m8n8.x1.shared.b16 [%0], {%1};" :: "r"(sm(o + 384 + (lane % 8) * 8)), "r"(r[1]));
#else
    int g = lane >> 2, t = lane & 3;
    for (int j = 0; j < 4; j++) {
        o[j * 64 + g * 8 + 2 * t] = r[j] & 0xffff; o[j * 64 + g * 8 + 2 * t + 1] = r[j] >> 16;
    }
    for (int j = 0; j < 2; j++) {
        o[256 + j * 64 + (2 * t) * 8 + g] = r[2 + j] & 0xffff; o[256 + j * 64 + (2 * t + 1) * 8 + g] = r[2 + j] >> 16;
    }
    o[384 + g * 8 + 2 * t] = r[1] & 0xffff; o[384 + g * 8 + 2 * t + 1] = r[1] >> 16;
#endif
    __syncwarp();
    for (int i = lane; i < 512; i += 32) out[i] = o[i];
}
