// proxy15: HPCG's and miniFE's sparse kernels in double: CSR SpMV of the 27-point operator (one row
// per thread, 64-bit row offsets), a multicolour symmetric Gauss-Seidel sweep over one colour
// (the GPU SymGS of HPCG's CUDA ports), and the conjugate-gradient dot product with a warp shuffle
// reduction and a double atomicAdd, and WAXPBY with a grid-stride loop; written after
// hpcg-benchmark/hpcg ComputeSPMV_ref / ComputeSYMGS_ref / ComputeDotProduct / ComputeWAXPBY
// (BSD-3-Clause) and Mantevo miniFE's CUDA matvec.
__global__ void spmv_csr(int nrows, const long *__restrict__ row_ptr, const int *__restrict__ cols,
                         const double *__restrict__ vals, const double *__restrict__ x, double *__restrict__ y)
{
    int row = blockIdx.x * blockDim.x + threadIdx.x;
    if (row < nrows) {
        double sum = 0.0;
        for (long j = row_ptr[row]; j < row_ptr[row + 1]; ++j)
            sum += vals[j] * x[cols[j]];
        y[row] = sum;
    }
}

// one colour of a multicolour Gauss-Seidel sweep: rows of colour `color` update x in place
__global__ void symgs_color(int nrows, int color, const int *__restrict__ colors, const long *__restrict__ row_ptr,
                            const int *__restrict__ cols, const double *__restrict__ vals,
                            const double *__restrict__ diag, const double *__restrict__ r, double *x)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= nrows || colors[i] != color)
        return;
    double sum = r[i];
    for (long j = row_ptr[i]; j < row_ptr[i + 1]; ++j) {
        int c = cols[j];
        sum -= vals[j] * x[c];
    }
    sum += x[i] * diag[i];
    x[i] = sum / diag[i];
}

__global__ void dot_kernel(long n, const double *__restrict__ x, const double *__restrict__ y, double *result)
{
    double local = 0.0;
    for (long i = blockIdx.x * (long)blockDim.x + threadIdx.x; i < n; i += (long)blockDim.x * gridDim.x)
        local += x[i] * y[i];
    for (int o = 16; o > 0; o >>= 1)
        local += __shfl_down_sync(0xffffffff, local, o);
    if ((threadIdx.x & 31) == 0)
        atomicAdd(result, local);
}

__global__ void waxpby_kernel(long n, double alpha, const double *__restrict__ x, double beta,
                              const double *__restrict__ y, double *__restrict__ w)
{
    for (long i = blockIdx.x * (long)blockDim.x + threadIdx.x; i < n; i += (long)blockDim.x * gridDim.x) {
        if (alpha == 1.0)
            w[i] = x[i] + beta * y[i];
        else if (beta == 1.0)
            w[i] = alpha * x[i] + y[i];
        else
            w[i] = alpha * x[i] + beta * y[i];
    }
}
