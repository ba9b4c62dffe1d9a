// img16 (session 16): PTX video instructions through inline asm, as NVIDIA's stereoDisparity sample
// (__usad4 = vabsdiff4 .add) and OpenCV's cudev SIMD helpers write them; written for gpuisa (public domain).
#define V(op, d, a, b, c) asm(op " %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c))
extern "C" __global__ void video_ops(const unsigned* __restrict__ A, const unsigned* __restrict__ B, unsigned* o, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x; if (i >= n) return;
    unsigned a = A[i], b = B[i], c = A[(i + 7) % n], r[14];
    V("vabsdiff4.u32.u32.u32.add", r[0], a, b, c);
    V("vabsdiff2.u32.u32.u32.add", r[1], a, b, c);
    V("vadd4.u32.u32.u32.sat", r[2], a, b, c);
    V("vsub4.s32.s32.s32.sat", r[3], a, b, c);
    V("vmax4.s32.s32.s32", r[4], a, b, c);
    V("vmin2.u32.u32.u32", r[5], a, b, c);
    V("vavrg4.u32.u32.u32", r[6], a, b, c);
    V("vset4.u32.u32.gt", r[7], a, b, c);
    V("vset2.s32.s32.lt.add", r[8], a, b, c);
    asm("vabsdiff.u32.u32.u32.add %0, %1.b0, %2.b1, %3;" : "=r"(r[9]) : "r"(a), "r"(b), "r"(c));
    asm("vadd.s32.s32.u32.sat %0, %1.h1, %2.b2;" : "=r"(r[10]) : "r"(a), "r"(b));
    asm("vmax.u32.u32.s32.max %0, %1.b3, %2.h0, %3;" : "=r"(r[11]) : "r"(a), "r"(b), "r"(c));
    asm("vshr.u32.u32.u32.clamp %0, %1, %2.b0;" : "=r"(r[12]) : "r"(a), "r"(b));
    asm("vmad.s32.s32.u32 %0, %1.h0, %2.b1, %3;" : "=r"(r[13]) : "r"(a), "r"(b), "r"(c));
    for (int k = 0; k < 14; k++) o[i * 14 + k] = r[k];
}
