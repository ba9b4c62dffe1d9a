// Parboil style: TPACF (binary search of a dot product among __constant__ double bin boundaries), 7-point 3-D stencil with a z loop,
// SAD of 4x4 uint16 blocks, MRI-Q (sinf/cosf of phases accumulated over k-space samples from __constant__ memory)
#define NUM_BINS 12
__constant__ double dev_binb[NUM_BINS + 1] = {1.0, 0.99, 0.97, 0.93, 0.85, 0.7, 0.5, 0.25, 0.0, -0.3, -0.6, -0.9, -1.0};
extern "C" __global__ void tpacf_hist(const float *x, const float *y, const float *z, int n, unsigned int *hist)
{
    __shared__ unsigned int sh[NUM_BINS + 2];
    for (int k = threadIdx.x; k < NUM_BINS + 2; k += blockDim.x) sh[k] = 0;
    __syncthreads();
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        float xi = x[i], yi = y[i], zi = z[i];
        for (int j = i + 1; j < n; ++j) {
            double dot = (double)(xi * x[j] + yi * y[j] + zi * z[j]);
            int min = 0, max = NUM_BINS;
            while (max > min + 1) {
                int k = (min + max) / 2;
                if (dot >= dev_binb[k]) max = k; else min = k;
            }
            atomicAdd(&sh[max], 1u);
        }
    }
    __syncthreads();
    for (int k = threadIdx.x; k < NUM_BINS + 2; k += blockDim.x) if (sh[k]) atomicAdd(&hist[k], sh[k]);
}
extern "C" __global__ void stencil7(float c0, float c1, const float *A0, float *Anext, int nx, int ny, int nz)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x + 1, j = blockIdx.y * blockDim.y + threadIdx.y + 1;
    if (i >= nx - 1 || j >= ny - 1) return;
#define IDX(a, b, c) ((a) + nx * ((b) + ny * (c)))
    float bottom = A0[IDX(i, j, 0)], current = A0[IDX(i, j, 1)];
    for (int k = 1; k < nz - 1; k++) {
        float top = A0[IDX(i, j, k + 1)];
        Anext[IDX(i, j, k)] = (top + bottom + A0[IDX(i, j + 1, k)] + A0[IDX(i, j - 1, k)] + A0[IDX(i + 1, j, k)] + A0[IDX(i - 1, j, k)]) * c1 - current * c0;
        bottom = current; current = top;
    }
}
extern "C" __global__ void sad4x4(const unsigned short *cur, const unsigned short *ref, int w, int h, int range, unsigned short *best, short *mv)
{
    int bx = blockIdx.x * blockDim.x + threadIdx.x, by = blockIdx.y;
    if (bx * 4 >= w) return;
    unsigned int bestsad = 0xffffffffu; int bdx = 0, bdy = 0;
    for (int dy = -range; dy <= range; ++dy)
        for (int dx = -range; dx <= range; ++dx) {
            unsigned int s = 0;
            for (int y = 0; y < 4; ++y) {
                int ry = min(max(by * 4 + y + dy, 0), h - 1);
                for (int x = 0; x < 4; ++x) {
                    int rx = min(max(bx * 4 + x + dx, 0), w - 1);
                    s += abs((int)cur[(by * 4 + y) * w + bx * 4 + x] - (int)ref[ry * w + rx]);
                }
            }
            if (s < bestsad) { bestsad = s; bdx = dx; bdy = dy; }
        }
    int b = by * (w / 4) + bx;
    best[b] = (unsigned short)min(bestsad, 65535u);
    mv[2 * b] = (short)bdx; mv[2 * b + 1] = (short)bdy;
}
#define KMAX 16
struct kValues { float Kx, Ky, Kz, PhiMag; };
__constant__ kValues ck[KMAX] = {
    {0.01f, 0.02f, -0.03f, 1.0f}, {-0.2f, 0.05f, 0.1f, 0.5f}, {0.3f, -0.1f, 0.02f, 0.25f}, {0.15f, 0.15f, -0.15f, 2.0f},
    {-0.05f, -0.25f, 0.2f, 0.75f}, {0.4f, 0.0f, 0.1f, 1.5f}, {0.0f, 0.35f, -0.3f, 0.1f}, {-0.33f, 0.11f, 0.07f, 0.9f},
    {0.21f, -0.19f, 0.17f, 1.1f}, {-0.12f, 0.28f, -0.05f, 0.6f}, {0.07f, -0.07f, 0.33f, 1.3f}, {0.25f, 0.25f, 0.25f, 0.2f},
    {-0.4f, -0.1f, -0.2f, 0.8f}, {0.11f, 0.31f, 0.01f, 1.7f}, {-0.27f, 0.02f, 0.29f, 0.4f}, {0.05f, -0.33f, -0.11f, 1.2f}};
extern "C" __global__ void mriq(int numK, int numX, const float *x, const float *y, const float *z, float *Qr, float *Qi)
{
    const float PIx2 = 6.2831853071795864769252867665590058f;
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= numX) return;
    float sx = x[t], sy = y[t], sz = z[t], sQr = Qr[t], sQi = Qi[t];
    for (int k = 0; k < numK; k++) {
        float expArg = PIx2 * (ck[k].Kx * sx + ck[k].Ky * sy + ck[k].Kz * sz);
        sQr += ck[k].PhiMag * cosf(expArg);
        sQi += ck[k].PhiMag * sinf(expArg);
    }
    Qr[t] = sQr; Qi[t] = sQi;
}
