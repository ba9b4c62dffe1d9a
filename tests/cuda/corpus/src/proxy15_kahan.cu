// nvcc-flags: -use_fast_math
// proxy15: compensated (Kahan) summation and mixed precision as numerical code writes them,
// compiled with -use_fast_math (which in nvcc means -ftz=true -prec-div=false -prec-sqrt=false
// -fmad=true and no reassociation, so Kahan's compensation survives): per-thread Kahan sums over a
// grid-stride loop, Neumaier's variant, the per-block combination in shared memory; half inputs
// accumulated in float and double (iterative-refinement residual r = b - A x with A and x in half,
// the sum in double); written for this corpus after Kahan (1965) and Higham, Accuracy and Stability
// of Numerical Algorithms, ch. 4.
#include <cuda_fp16.h>

__global__ void kahan_sum(const float *__restrict__ x, long n, float *__restrict__ partial, float *__restrict__ naive)
{
    __shared__ float ss[64], sc[64];
    float sum = 0.0f, c = 0.0f, plain = 0.0f;
    for (long i = blockIdx.x * (long)blockDim.x + threadIdx.x; i < n; i += (long)blockDim.x * gridDim.x) {
        float y = x[i] - c;
        float t = sum + y;
        c = (t - sum) - y;
        sum = t;
        plain += x[i];
    }
    ss[threadIdx.x] = sum;
    sc[threadIdx.x] = c;
    __syncthreads();
    if (threadIdx.x == 0) {
        float s = 0.0f, comp = 0.0f;             // Neumaier over the threads' sums and compensations
        for (int k = 0; k < blockDim.x; k++) {
            float v = ss[k] - sc[k];
            float t = s + v;
            if (fabsf(s) >= fabsf(v))
                comp += (s - t) + v;
            else
                comp += (v - t) + s;
            s = t;
        }
        partial[blockIdx.x] = s + comp;
    }
    naive[blockIdx.x * blockDim.x + threadIdx.x] = plain;
}

// r = b - A x, A (n x n) and x in half, b in float, the dot in double, r in float; one row per thread
__global__ void mixed_residual(int n, const __half *__restrict__ A, const __half *__restrict__ x,
                               const float *__restrict__ b, float *__restrict__ r, double *__restrict__ rnorm2)
{
    int row = blockIdx.x * blockDim.x + threadIdx.x;
    if (row >= n)
        return;
    double acc = 0.0;
    float accf = 0.0f;
    for (int j = 0; j < n; j++) {
        float a = __half2float(A[(size_t)row * n + j]);
        float xv = __half2float(x[j]);
        acc += (double)a * (double)xv;
        accf = __fmaf_rn(a, xv, accf);
    }
    double res = (double)b[row] - acc;
    r[row] = (float)res;
    r[n + row] = b[row] - accf;
    atomicAdd(rnorm2, res * res);
}
