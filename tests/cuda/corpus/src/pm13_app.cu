// PMPP application chapters: MRI-Q with k-space samples in constant memory (ch. 17), direct Coulomb
// summation with atoms in constant memory and thread coarsening in x (ch. 18).
#define KCHUNK 256
struct kdata { float x, y, z, phiMag; };
__constant__ kdata kv[KCHUNK];
extern "C" __global__ void mriq(int numK, int kGlobalIndex, const float *x, const float *y, const float *z,
                                float *Qr, float *Qi, int numX)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= numX) return;
    float xr = x[t], yr = y[t], zr = z[t];
    float qr = Qr[t], qi = Qi[t];
    for (int k = 0; k < numK; ++k) {
        float expArg = 6.2831853f * (kv[k].x * xr + kv[k].y * yr + kv[k].z * zr);
        qr += kv[k].phiMag * cosf(expArg);
        qi += kv[k].phiMag * sinf(expArg);
    }
    Qr[t] = qr;
    Qi[t] = qi;
}
#define MAXATOMS 200
#define COARSEN 4
__constant__ float atoms[MAXATOMS * 4];
extern "C" __global__ void cenergy(float *energygrid, int gx, int gy, float gridspacing, float z, int numatoms)
{
    int xindex = (blockIdx.x * blockDim.x + threadIdx.x) * COARSEN;
    int yindex = blockIdx.y * blockDim.y + threadIdx.y;
    if (yindex >= gy) return;
    float coory = gridspacing * yindex;
    float coorx = gridspacing * xindex;
    float e[COARSEN] = {0};
    for (int a = 0; a < numatoms * 4; a += 4) {
        float dy = coory - atoms[a + 1];
        float dz = z - atoms[a + 2];
        float dyz2 = dy * dy + dz * dz;
        float q = atoms[a + 3];
        for (int c = 0; c < COARSEN; ++c) {
            float dx = coorx + c * gridspacing - atoms[a];
            e[c] += q * rsqrtf(dx * dx + dyz2);
        }
    }
    for (int c = 0; c < COARSEN; ++c)
        if (xindex + c < gx) energygrid[yindex * gx + xindex + c] += e[c];
}
