// proxy15: small linear solvers as application code writes them: the Thomas algorithm per thread
// in double (one tridiagonal system per thread, the modified coefficients in local arrays),
// cyclic reduction in shared memory in float (Zhang, Cohen, Owens, PPoPP'10: one system per block,
// forward reduction and back substitution with strides), red-black Gauss-Seidel for the 2-D
// Poisson problem (one colour per launch, 64-bit offsets) and a Jacobi sweep with a grid-stride
// loop and a max-residual by atomicMax on the float's bits; written for this corpus after those
// published algorithms.
#define NSYS 32
__global__ void thomas_batched(int nsys, const double *__restrict__ a, const double *__restrict__ b,
                               const double *__restrict__ c, const double *__restrict__ d, double *__restrict__ x)
{
    int s = blockIdx.x * blockDim.x + threadIdx.x;
    if (s >= nsys)
        return;
    double cp[NSYS], dp[NSYS];
    const double *as = a + s * NSYS, *bs = b + s * NSYS, *cs = c + s * NSYS, *ds = d + s * NSYS;
    cp[0] = cs[0] / bs[0];
    dp[0] = ds[0] / bs[0];
    for (int i = 1; i < NSYS; i++) {
        double m = 1.0 / (bs[i] - as[i] * cp[i - 1]);
        cp[i] = cs[i] * m;
        dp[i] = (ds[i] - as[i] * dp[i - 1]) * m;
    }
    x[s * NSYS + NSYS - 1] = dp[NSYS - 1];
    for (int i = NSYS - 2; i >= 0; i--)
        x[s * NSYS + i] = dp[i] - cp[i] * x[s * NSYS + i + 1];
}

// n = 64 unknowns per system, n/2 threads
__global__ void cyclic_reduction(const float *a_d, const float *b_d, const float *c_d, const float *d_d, float *x_d)
{
    const int n = 64;
    __shared__ float a[n], b[n], c[n], d[n], x[n];
    int t = threadIdx.x;
    int off = blockIdx.x * n;
    a[t] = a_d[off + t]; a[t + n / 2] = a_d[off + t + n / 2];
    b[t] = b_d[off + t]; b[t + n / 2] = b_d[off + t + n / 2];
    c[t] = c_d[off + t]; c[t + n / 2] = c_d[off + t + n / 2];
    d[t] = d_d[off + t]; d[t + n / 2] = d_d[off + t + n / 2];
    __syncthreads();
    int stride = 1;
    for (int nt = n / 2; nt > 1; nt /= 2) {
        stride *= 2;
        int delta = stride / 2;
        if (t < nt) {
            int i = stride * t + stride - 1;
            int iL = i - delta;
            int iR = i + delta;
            if (iR >= n) iR = n - 1;
            float k1 = a[i] / b[iL];
            float k2 = c[i] / b[iR];
            b[i] = b[i] - c[iL] * k1 - a[iR] * k2;
            d[i] = d[i] - d[iL] * k1 - d[iR] * k2;
            a[i] = -a[iL] * k1;
            c[i] = -c[iR] * k2;
        }
        __syncthreads();
    }
    if (t == 0) {
        int addr1 = stride - 1;
        int addr2 = 2 * stride - 1;
        float tmp3 = b[addr2] * b[addr1] - c[addr1] * a[addr2];
        x[addr1] = (b[addr2] * d[addr1] - c[addr1] * d[addr2]) / tmp3;
        x[addr2] = (d[addr2] * b[addr1] - d[addr1] * a[addr2]) / tmp3;
    }
    __syncthreads();
    for (int nt = 2; nt <= n / 2; nt *= 2) {
        int delta = stride / 2;
        if (t < nt) {
            int i = stride * t + stride / 2 - 1;
            if (i == delta - 1)
                x[i] = (d[i] - c[i] * x[i + delta]) / b[i];
            else
                x[i] = (d[i] - a[i] * x[i - delta] - c[i] * x[i + delta]) / b[i];
        }
        stride /= 2;
        __syncthreads();
    }
    x_d[off + t] = x[t];
    x_d[off + t + n / 2] = x[t + n / 2];
}

__global__ void redblack_gs(float *u, const float *__restrict__ f, int nx, int ny, float h2, int color)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x + 1;
    int j = blockIdx.y * blockDim.y + threadIdx.y + 1;
    if (i >= nx - 1 || j >= ny - 1 || ((i + j) & 1) != color)
        return;
    size_t idx = (size_t)j * nx + i;
    u[idx] = 0.25f * (u[idx - 1] + u[idx + 1] + u[idx - nx] + u[idx + nx] - h2 * f[idx]);
}

__global__ void jacobi_sweep(const float *__restrict__ u, float *__restrict__ unew, const float *__restrict__ f,
                             int nx, int ny, float h2, unsigned int *maxres_bits)
{
    size_t n = (size_t)nx * ny;
    float mymax = 0.0f;
    for (size_t idx = blockIdx.x * (size_t)blockDim.x + threadIdx.x; idx < n; idx += (size_t)gridDim.x * blockDim.x) {
        int i = (int)(idx % nx), j = (int)(idx / nx);
        if (i == 0 || j == 0 || i == nx - 1 || j == ny - 1) {
            unew[idx] = u[idx];
            continue;
        }
        float v = 0.25f * (u[idx - 1] + u[idx + 1] + u[idx - nx] + u[idx + nx] - h2 * f[idx]);
        unew[idx] = v;
        mymax = fmaxf(mymax, fabsf(v - u[idx]));
    }
    atomicMax(maxres_bits, __float_as_uint(mymax));
}
