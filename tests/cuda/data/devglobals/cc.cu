// A 1-D convolution whose filter the host sets with cudaMemcpyToSymbol, and a table with an
// initialiser: gpuisa run --buffer filt=... sets the __constant__ variable (decision D8-7).
#define R 3
__constant__ float filt[2 * R + 1];
__constant__ int lut[4] = {3, 1, 4, 1};

__global__ void conv1d(const float *in, float *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float acc = 0.f;
    for (int k = -R; k <= R; ++k) {
        int j = i + k;
        if (j >= 0 && j < n) acc = __fmaf_rn(filt[k + R], in[j], acc);
    }
    out[i] = acc + (float)lut[i & 3];
}
