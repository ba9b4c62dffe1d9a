// saxpy as PTX (nvcc -ptx -O3 -arch=sm_80): gpuisa run takes PTX through nvcc (decision D15-5)
__global__ void saxpy(float a, const float *x, float *y, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = __fmaf_rn(a, x[i], y[i]);
}
